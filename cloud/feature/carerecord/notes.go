package carerecord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hearth/cloud/platform/people"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

var (
	// ErrNotEditable: only the author edits a note in place, within ProgressNoteEditHours; then addenda.
	ErrNotEditable = problem.New(shared.CodeForbidden, "carerecord.notEditable")
	// ErrAddendaFull: a note takes at most ProgressNoteAddendaMax addenda.
	ErrAddendaFull = problem.New(shared.CodeConflict, "carerecord.addendaFull")
	// ErrClientIDTaken: the same device id on two notes at once.
	ErrClientIDTaken = problem.New(shared.CodeConflict, "carerecord.clientIdTaken")
)

const editWindow = time.Duration(shared.ProgressNoteEditHours) * time.Hour

// toNote is a stored note as the caller reads it: an event's note in the
// caller's language, editable by its author within the window.
func (s *Service) toNote(lang shared.Language, p *auth.Principal, r *noteRow, addenda []addendumRow) shared.ProgressNote {
	out := shared.ProgressNote{NoteID: r.ID, ResidentID: r.ResidentID, ResidentName: r.ResidentName, ReportDate: r.ReportDate,
		Notes: r.Notes, NoteType: r.Type, Language: r.Language, EnglishNotes: r.EnglishNotes, AuthorID: r.AuthorID,
		AuthorName: r.AuthorName, Automatic: r.MsgKey != "", CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		EditableUntil: r.CreatedAt + editWindow.Milliseconds(), Read: r.Read, Addenda: []shared.ProgressNoteAddendum{}}
	if r.MsgKey != "" {
		out.Notes, out.Language = eventText(lang, r.MsgKey, r.MsgArgs), lang
		out.AuthorName = msg.T(lang, "carerecord.systemAuthor", nil)
	}
	out.Editable = p != nil && r.AuthorID != "" && r.AuthorID == p.UserID && s.now().UnixMilli() < out.EditableUntil
	for _, a := range addenda {
		out.Addenda = append(out.Addenda, shared.ProgressNoteAddendum{AddendumID: a.ID, Author: a.AuthorID, AuthorName: a.AuthorName,
			Time: a.CreatedAt, Reason: a.Reason, Text: a.Text})
	}
	return out
}

// eventText is an event note's sentence in lang.
func eventText(lang shared.Language, key, args string) string {
	var a map[string]any
	if args != "" {
		_ = json.Unmarshal([]byte(args), &a)
	}
	return msg.T(lang, key, a)
}

// notesOf answers rows with their addenda.
func (s *Service) notesOf(ctx context.Context, q db.Querier, p *auth.Principal, rows []noteRow) ([]shared.ProgressNote, error) {
	ids := make([]string, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	addenda, err := s.store.Addenda(ctx, q, p.TenantID, ids)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	out := make([]shared.ProgressNote, len(rows))
	for i := range rows {
		out[i] = s.toNote(lang, p, &rows[i], addenda[rows[i].ID])
	}
	return out, nil
}

// ListNotes is listProgressNoteByPage: newest report first.
func (s *Service) ListNotes(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.ProgressNoteFilter]) (*web.Answer[*shared.Page[shared.ProgressNote]], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	f := req.Data
	if f.NoteType != "" && !slices.Contains(shared.ProgressNoteTypes, f.NoteType) {
		return nil, problem.Invalid("noteType", "enum", "carerecord.noteTypeUnknown", nil)
	}
	start, end, err := rangeOf(f.StartDate, f.EndDate)
	if err != nil {
		return nil, err
	}
	if f.ResidentID != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, f.ResidentID); err != nil {
			return nil, err
		}
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	// Kept per reader, language and request (keptNotes) and sent as its first bytes: its rows (notes and
	// their English renderings, addenda, who read them, residents and authors) raise the facility's
	// versions when written; a note of hers stops being editable with time alone.
	parts := []string{"notes", p.UserID, p.RoleKey(), string(msg.Language(ctx)), strconv.Itoa(page), strconv.Itoa(size), f.ResidentID,
		string(f.NoteType), start, end, strconv.FormatBool(f.Unread)}
	return s.keptNotes.Serve(ctx, s.db, p.TenantID, s.now(), parts, web.AnswerOf(func(ctx context.Context) (*shared.Page[shared.ProgressNote], error) {
		rows, total, err := s.store.Notes(ctx, s.db, noteFilter{tenantID: p.TenantID, userID: p.UserID, residentID: f.ResidentID,
			noteType: f.NoteType, startDay: start, endDay: end, unread: f.Unread}, size, offset)
		if err != nil {
			return nil, err
		}
		notes, err := s.notesOf(ctx, s.db, p, rows)
		if err != nil {
			return nil, err
		}
		for i := range notes {
			if notes[i].Editable {
				keep.ChangesAtMillis(ctx, notes[i].EditableUntil)
			}
		}
		return &shared.Page[shared.ProgressNote]{Records: notes, Total: total, Current: page, Size: size}, nil
	}))
}

// CountUnread is countUnReadProgressNote: the notes of the facility's
// residents (one resident's) the caller has not opened nor written.
func (s *Service) CountUnread(ctx context.Context, p *auth.Principal, residentID string) (*shared.UnreadCount, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if residentID != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
			return nil, err
		}
	}
	n, err := s.store.CountUnread(ctx, s.db, p.TenantID, p.UserID, residentID)
	if err != nil {
		return nil, err
	}
	return &shared.UnreadCount{Count: n}, nil
}

// GetNote is getProgressNoteById: one note, now read by the caller.
func (s *Service) GetNote(ctx context.Context, p *auth.Principal, noteID string) (*shared.ProgressNote, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	var out *shared.ProgressNote
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.visibleNote(ctx, tx, p, noteID)
		if err != nil {
			return err
		}
		if !r.Read {
			if err := s.store.MarkRead(ctx, tx, p.TenantID, r.ID, p.UserID, s.now().UnixMilli()); err != nil {
				return err
			}
			r.Read = true
		}
		notes, err := s.notesOf(ctx, tx, p, []noteRow{*r})
		if err != nil {
			return err
		}
		out = &notes[0]
		return nil
	})
	return out, err
}

// authorLanguage is the language a user writes in ("" for an id no account has).
func authorLanguage(ctx context.Context, q db.Querier, userID string) (shared.Language, error) {
	who, err := people.Get(ctx, q, userID)
	if errors.Is(err, db.ErrNotFound) {
		return "", nil
	}
	return who.Language, err
}

// visibleNote is a note of the caller's facility whose resident is shown, or 4004.
func (s *Service) visibleNote(ctx context.Context, q db.Querier, p *auth.Principal, noteID string) (*noteRow, error) {
	r, err := s.store.Note(ctx, q, p.TenantID, p.UserID, noteID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, q, p.TenantID, r.ResidentID); err != nil {
		return nil, err
	}
	return r, nil
}

// MarkAllRead marks every note of the facility (of one resident) read for the caller.
func (s *Service) MarkAllRead(ctx context.Context, p *auth.Principal, residentID string) (*shared.MarkAllReadResult, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if residentID != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
			return nil, err
		}
	}
	var n int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		n, err = s.store.MarkAllRead(ctx, tx, p.TenantID, p.UserID, residentID, s.now().UnixMilli())
		return err
	})
	if err != nil {
		return nil, err
	}
	return &shared.MarkAllReadResult{Marked: int(n)}, nil
}

// detectLanguage is the language a note is written in when the request does
// not say: Chinese characters are zh-CN; Spanish letters (ñ, ¿, ¡, accented
// vowels) es-ES; otherwise the author's language, English for a Chinese
// reader's Latin text.
func detectLanguage(text string, author shared.Language) shared.Language {
	spanish := false
	for _, r := range text {
		if unicode.Is(unicode.Han, r) {
			return shared.LangZhCN
		}
		if strings.ContainsRune("ñÑ¿¡áéíóúÁÉÍÓÚü", r) {
			spanish = true
		}
	}
	switch {
	case spanish:
		return shared.LangEsES
	case author == shared.LangEsES:
		return shared.LangEsES
	}
	return shared.LangEnUS
}

var languages = []shared.Language{shared.LangEnUS, shared.LangEsES, shared.LangZhCN}

// numbered names the note of a batch that broke a rule ("Note 2 (Rose Park):
// ..."), with the field as notes[1].field. The note's label is the field
// label a schema refusal of the batch uses too ("field.notes[]", Note {n}),
// with the resident's name when known.
func numbered(lang shared.Language, i int, name string, err error) error {
	p, ok := problem.As(err)
	if !ok {
		return err
	}
	label := msg.T(lang, "field.notes[]", map[string]any{"n": i + 1})
	if name != "" {
		label = msg.T(lang, "carerecord.noteNamed", map[string]any{"n": i + 1, "name": name})
	}
	out := &problem.Error{Code: p.Code, Key: "validation.item", Status: p.Status,
		Args: map[string]any{"item": label, "detail": msg.T(lang, p.Key, p.Args)}}
	if fes, ok := p.Data.([]shared.FieldError); ok {
		prefixed := make([]shared.FieldError, len(fes))
		for j, fe := range fes {
			prefixed[j] = shared.FieldError{Field: fmt.Sprintf("notes[%d].%s", i, fe.Field), Rule: fe.Rule}
		}
		out.Data = prefixed
	}
	return out
}

// residentName is the name of a batch note's resident, for its message; empty
// when the resident is not one the caller may write for.
func (s *Service) residentName(ctx context.Context, p *auth.Principal, residentID string) string {
	if strings.TrimSpace(residentID) == "" {
		return ""
	}
	res, err := s.residentOf(ctx, s.db, p.TenantID, strings.TrimSpace(residentID))
	if err != nil || res == nil {
		return ""
	}
	return res.Name
}

// checkedNote is one note of a batch, checked.
type checkedNote struct {
	clientID   string
	residentID string
	reportDate int64
	noteType   shared.ProgressNoteType
	notes      string
	language   shared.Language
}

func (s *Service) checkNote(in shared.ProgressNoteInput, author shared.Language) (checkedNote, error) {
	out := checkedNote{clientID: strings.TrimSpace(in.ClientID), residentID: strings.TrimSpace(in.ResidentID), noteType: in.NoteType}
	if out.clientID != "" && utf8.RuneCountInString(out.clientID) < shared.NoteClientIDMin {
		return out, problem.Invalid("clientId", "minLength", "validation.minLength", map[string]any{"min": shared.NoteClientIDMin})
	}
	if out.residentID == "" {
		return out, problem.Invalid("residentId", "required", "validation.required", nil)
	}
	if !slices.Contains(shared.ProgressNoteTypes, in.NoteType) {
		return out, problem.Invalid("noteType", "enum", "carerecord.noteTypeUnknown", nil)
	}
	var err error
	if out.notes, err = problem.Text("notes", in.Notes, true, shared.ProgressNoteTextMax); err != nil {
		return out, err
	}
	if out.reportDate, err = s.moment("reportDate", in.ReportDate); err != nil {
		return out, err
	}
	switch {
	case in.Language == "":
		out.language = detectLanguage(out.notes, author)
	case slices.Contains(languages, in.Language):
		out.language = in.Language
	default:
		return out, problem.Invalid("language", "enum", "validation.enum", map[string]any{"values": "en-US, es-ES, zh-CN"})
	}
	return out, nil
}

// BatchSave is batchSave: the notes of one or more residents, all stored or
// none. A note already stored under its clientId by the caller is answered
// as stored and not written again.
func (s *Service) BatchSave(ctx context.Context, p *auth.Principal, req shared.BatchSaveProgressNotesRequest) (*shared.BatchSaveProgressNotesResult, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if len(req.Notes) == 0 {
		return nil, problem.Invalid("notes", "minItems", "validation.required", nil)
	}
	if len(req.Notes) > shared.ProgressNoteBatchMax {
		return nil, problem.Invalid("notes", "maxItems", "validation.maxItems", map[string]any{"max": shared.ProgressNoteBatchMax})
	}
	lang := msg.Language(ctx)
	author, err := authorLanguage(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	if author == "" {
		author = lang
	}
	checked := make([]checkedNote, len(req.Notes))
	seen := map[string]bool{}
	for i, in := range req.Notes {
		if checked[i], err = s.checkNote(in, author); err != nil {
			return nil, numbered(lang, i, s.residentName(ctx, p, in.ResidentID), err)
		}
		if c := checked[i].clientID; c != "" {
			if seen[c] {
				return nil, numbered(lang, i, s.residentName(ctx, p, in.ResidentID), problem.Invalid("clientId", "unique", "carerecord.clientIdRepeated", nil))
			}
			seen[c] = true
		}
	}
	ids := make([]string, len(checked))
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		loc, err := s.facilityZone(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		for i, c := range checked {
			res, err := s.residentOf(ctx, tx, p.TenantID, c.residentID)
			if err != nil {
				return numbered(lang, i, "", err)
			}
			if c.clientID != "" {
				old, err := s.store.NoteByClient(ctx, tx, p.TenantID, p.UserID, c.clientID)
				switch {
				case err == nil: // stored before: the device sent it again
					if old.ResidentID != res.ID {
						return numbered(lang, i, res.Name, ErrClientIDTaken)
					}
					ids[i] = old.ID
					continue
				case !errors.Is(err, db.ErrNotFound):
					return err
				}
			}
			r := &noteRow{ID: newID(), TenantID: p.TenantID, ResidentID: res.ID, ReportDate: c.reportDate, Day: dayOf(c.reportDate, loc),
				Type: c.noteType, Notes: c.notes, Language: c.language, AuthorID: p.UserID, ClientID: c.clientID, CreatedAt: now, UpdatedAt: now}
			if err := s.store.InsertNote(ctx, tx, r); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrClientIDTaken
				}
				return err
			}
			ids[i] = r.ID
			if err := s.enqueueTranslation(ctx, tx, r); err != nil {
				return err
			}
			if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "progressNote.create",
				Entity: "progress_note", EntityID: r.ID, After: map[string]any{"residentId": r.ResidentID, "noteType": r.Type,
					"reportDate": r.ReportDate, "notes": r.Notes, "language": r.Language}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rows := make([]noteRow, 0, len(ids))
	for _, id := range ids {
		r, err := s.store.Note(ctx, s.db, p.TenantID, p.UserID, id)
		if errors.Is(err, db.ErrNotFound) {
			return nil, problem.NotFound
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, *r)
	}
	notes, err := s.notesOf(ctx, s.db, p, rows)
	if err != nil {
		return nil, err
	}
	return &shared.BatchSaveProgressNotesResult{Notes: notes}, nil
}

// Update is update: the author changes a note in place within
// ProgressNoteEditHours of writing it; anyone else, or later, 4003.
func (s *Service) Update(ctx context.Context, p *auth.Principal, req shared.UpdateProgressNoteRequest) (*shared.ProgressNote, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if !slices.Contains(shared.ProgressNoteTypes, req.NoteType) {
		return nil, problem.Invalid("noteType", "enum", "carerecord.noteTypeUnknown", nil)
	}
	text, err := problem.Text("notes", req.Notes, true, shared.ProgressNoteTextMax)
	if err != nil {
		return nil, err
	}
	var reportDate int64
	if req.ReportDate != 0 {
		if reportDate, err = s.moment("reportDate", req.ReportDate); err != nil {
			return nil, err
		}
	}
	author, err := authorLanguage(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	var out *shared.ProgressNote
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.visibleNote(ctx, tx, p, req.NoteID)
		if err != nil {
			return err
		}
		now := s.now()
		if old.AuthorID == "" || old.AuthorID != p.UserID || now.UnixMilli() >= old.CreatedAt+editWindow.Milliseconds() {
			return ErrNotEditable.With(map[string]any{"hours": shared.ProgressNoteEditHours})
		}
		loc, err := s.facilityZone(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		r := *old
		if reportDate != 0 {
			r.ReportDate = reportDate
		}
		r.Day, r.Type, r.Notes, r.UpdatedAt = dayOf(r.ReportDate, loc), req.NoteType, text, now.UnixMilli()
		if text != old.Notes {
			r.Language = detectLanguage(text, author)
		}
		ok, err := s.store.UpdateNote(ctx, tx, &r, p.UserID, now.Add(-editWindow).UnixMilli()+1)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotEditable.With(map[string]any{"hours": shared.ProgressNoteEditHours})
		}
		if err := s.enqueueTranslation(ctx, tx, &r); err != nil {
			return err
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "progressNote.update",
			Entity: "progress_note", EntityID: r.ID,
			Before: map[string]any{"noteType": old.Type, "reportDate": old.ReportDate, "notes": old.Notes},
			After:  map[string]any{"noteType": r.Type, "reportDate": r.ReportDate, "notes": r.Notes}}); err != nil {
			return err
		}
		fresh, err := s.store.Note(ctx, tx, p.TenantID, p.UserID, r.ID)
		if err != nil {
			return err
		}
		notes, err := s.notesOf(ctx, tx, p, []noteRow{*fresh})
		if err != nil {
			return err
		}
		out = &notes[0]
		return nil
	})
	return out, err
}

// AddAddendum is addAddendum: a correction or addition to a note by anyone
// of the facility, dated now; the note stays as written.
func (s *Service) AddAddendum(ctx context.Context, p *auth.Principal, req shared.AddAddendumRequest) (*shared.ProgressNote, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	reason, err := problem.Text("reason", req.Reason, true, shared.AddendumReasonMax)
	if err != nil {
		return nil, err
	}
	text, err := problem.Text("text", req.Text, true, shared.AddendumTextMax)
	if err != nil {
		return nil, err
	}
	var out *shared.ProgressNote
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		note, err := s.visibleNote(ctx, tx, p, req.NoteID)
		if err != nil {
			return err
		}
		n, err := s.store.CountAddenda(ctx, tx, p.TenantID, note.ID)
		if err != nil {
			return err
		}
		if n >= shared.ProgressNoteAddendaMax {
			return ErrAddendaFull.With(map[string]any{"max": shared.ProgressNoteAddendaMax})
		}
		a := &addendumRow{ID: newID(), TenantID: p.TenantID, NoteID: note.ID, AuthorID: p.UserID, Reason: reason, Text: text,
			CreatedAt: s.now().UnixMilli()}
		if err := s.store.InsertAddendum(ctx, tx, a); err != nil {
			return err
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "progressNote.addendum",
			Entity: "progress_note", EntityID: note.ID, After: map[string]any{"addendumId": a.ID, "reason": reason, "text": text}}); err != nil {
			return err
		}
		notes, err := s.notesOf(ctx, tx, p, []noteRow{*note})
		if err != nil {
			return err
		}
		out = &notes[0]
		return nil
	})
	return out, err
}
