// Package ticket is support tickets (spec 000 §2/§3/§4/§6, 001 §7.5): a
// facility user writes to the platform, the super admin answers, the two
// sides reply in turn until the super admin solves it.
package ticket

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Problems this package answers. A ticket the caller may not see answers
// problem.NotFound, whether it is another facility's or a colleague's.
var (
	ErrNotEditable     = problem.New(shared.CodeConflict, "ticket.notEditable")
	ErrResolved        = problem.New(shared.CodeConflict, "ticket.resolved")
	ErrAdminFirst      = problem.New(shared.CodeConflict, "ticket.adminFirst")
	ErrNotYourTurn     = problem.New(shared.CodeConflict, "ticket.notYourTurn")
	ErrAlreadyResolved = problem.New(shared.CodeConflict, "ticket.alreadyResolved")
)

// Files is what tickets need from the file service.
type Files interface {
	// Attach checks that ids are the caller's own uploads of category in
	// their facility and confirms them, in q's transaction.
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	// Items are the file items of ids with signed links, in order.
	Items(ctx context.Context, ids []string) ([]shared.FileItem, error)
}

// Service is the support ticket service.
type Service struct {
	db    *db.DB
	store Store
	files Files
	now   func() time.Time
}

// New makes the ticket service.
func New(d *db.DB, files Files, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, files: files, now: now}
}

// sideOf is the chat side of a viewer: the platform (admin) or the creator (user).
func sideOf(p *auth.Principal) shared.ChatRole {
	if p.IsSuperAdmin() {
		return shared.ChatAdmin
	}
	return shared.ChatUser
}

// scopeOf is what p may see, from the token alone (spec 000 §6: the super
// admin sees every ticket, anyone else only their own not deleted).
func scopeOf(p *auth.Principal) scope {
	if p.IsSuperAdmin() {
		return scope{all: true}
	}
	return scope{tenantID: p.TenantID, creatorID: p.UserID}
}

// visible finds a ticket p may see, or answers 4004.
func (s *Service) visible(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*row, error) {
	r, err := s.store.Get(ctx, q, id, scopeOf(p))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Save creates a ticket, or with req.TicketID edits one: only its creator,
// only while SUBMITTED. Attachments must be the creator's own uploads of
// category SERVICE_TICKET_FILE; saving confirms them.
func (s *Service) Save(ctx context.Context, p *auth.Principal, req shared.SaveTicketRequest) (*shared.Ticket, error) {
	if p.IsSuperAdmin() || p.TenantID == "" {
		return nil, problem.Forbidden // tickets are written by facility users to the platform
	}
	title := strings.TrimSpace(req.Title)
	content := strings.TrimSpace(req.Content)
	if title == "" {
		return nil, problem.Invalid("title", "required", "validation.required", nil)
	}
	if content == "" {
		return nil, problem.Invalid("content", "required", "validation.required", nil)
	}
	var fileIDs []string
	for _, id := range req.FileIDs {
		if id = strings.TrimSpace(id); id != "" && !contains(fileIDs, id) {
			fileIDs = append(fileIDs, id)
		}
	}
	if len(fileIDs) > shared.TicketMaxFiles {
		return nil, problem.Invalid("fileIds", "maxItems", "validation.maxItems", map[string]any{"max": shared.TicketMaxFiles})
	}
	now := s.now().UnixMilli()
	var id string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.files.Attach(ctx, tx, p, shared.FileServiceTicket, fileIDs); err != nil {
			return err
		}
		if req.TicketID == "" {
			r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, CreatorID: p.UserID, Title: title, Type: req.Type,
				Content: content, FileIDs: fileIDs, Status: shared.TicketSubmitted, CreatedAt: now, UpdatedAt: now}
			id = r.ID
			if err := s.store.Insert(ctx, tx, r); err != nil {
				return err
			}
			return audit.Write(ctx, tx, audit.Entry{TenantID: r.TenantID, ActorID: p.UserID, Action: "ticket.create",
				Entity: "support_ticket", EntityID: r.ID, After: auditView(r)})
		}
		old, err := s.visible(ctx, tx, p, req.TicketID)
		if err != nil {
			return err
		}
		if old.CreatorID != p.UserID {
			return problem.NotFound
		}
		if old.Status != shared.TicketSubmitted {
			return ErrNotEditable
		}
		r := *old
		r.Title, r.Type, r.Content, r.FileIDs, r.UpdatedAt = title, req.Type, content, fileIDs, now
		id = r.ID
		ok, err := s.store.Edit(ctx, tx, &r)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotEditable
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: r.TenantID, ActorID: p.UserID, Action: "ticket.update",
			Entity: "support_ticket", EntityID: r.ID, Before: auditView(old), After: auditView(&r)})
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, p, id)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// auditView is what the audit log keeps of a ticket.
func auditView(r *row) map[string]any {
	return map[string]any{"title": r.Title, "type": r.Type, "content": r.Content, "fileIds": r.FileIDs,
		"status": r.Status, "creatorDelete": r.CreatorDelete}
}

// view answers the ticket as p sees it now, without marking it opened.
func (s *Service) view(ctx context.Context, p *auth.Principal, id string) (*shared.Ticket, error) {
	r, err := s.visible(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	ts, err := s.records(ctx, p, []row{*r})
	if err != nil {
		return nil, err
	}
	return &ts[0], nil
}

// Get answers a ticket and records that the viewer's side has opened it (its
// replies are then read).
func (s *Service) Get(ctx context.Context, p *auth.Principal, id string) (*shared.Ticket, error) {
	r, err := s.visible(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	side := sideOf(p)
	// A read marker, not a change of the record: it is not audited.
	if err := s.store.MarkSeen(ctx, s.db, r.ID, side, now); err != nil {
		return nil, err
	}
	if side == shared.ChatAdmin {
		r.AdminSeenAt.Int64, r.AdminSeenAt.Valid = now, true
	} else {
		r.CreatorSeenAt.Int64, r.CreatorSeenAt.Valid = now, true
	}
	ts, err := s.records(ctx, p, []row{*r})
	if err != nil {
		return nil, err
	}
	return &ts[0], nil
}

// Reply appends the new entry of the client's chat (its last one). Only the
// reply text is taken from the client; the role comes from the caller and
// the time from the server's clock, and the history is the server's own.
// Spec 000 §4: no reply to a resolved ticket; with no replies only the super
// admin may reply first; afterwards only the side that did not write the last entry.
func (s *Service) Reply(ctx context.Context, p *auth.Principal, req shared.ReplyTicketRequest) (*shared.Ticket, error) {
	chat := req.ReplyContent.Chat
	if len(chat) == 0 {
		return nil, problem.Invalid("replyContent.chat", "required", "validation.required", nil)
	}
	text := strings.TrimSpace(chat[len(chat)-1].Reply)
	if text == "" {
		return nil, problem.Invalid("reply", "required", "validation.required", nil)
	}
	if utf8.RuneCountInString(text) > shared.TicketReplyMax {
		return nil, problem.Invalid("reply", "maxLength", "validation.maxLength", map[string]any{"max": shared.TicketReplyMax})
	}
	side := sideOf(p)
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.visible(ctx, tx, p, req.TicketID)
		if err != nil {
			return err
		}
		if t.Status == shared.TicketResolved {
			return ErrResolved
		}
		if t.ReplyCount == 0 && side != shared.ChatAdmin {
			return ErrAdminFirst
		}
		if t.ReplyCount > 0 && shared.ChatRole(t.LastReplyRole.String) == side {
			return ErrNotYourTurn
		}
		rp := reply{ID: uuid.Must(uuid.NewV7()).String(), TenantID: t.TenantID, TicketID: t.ID, Seq: t.ReplyCount + 1,
			Role: side, AuthorID: p.UserID, Text: text, CreatedAt: s.now().UnixMilli()}
		ok, err := s.store.AppendReply(ctx, tx, rp, t.ReplyCount)
		if err != nil {
			return err
		}
		if !ok {
			return problem.Conflict // the other side replied, or the ticket was solved, a moment ago
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: t.TenantID, ActorID: p.UserID, Action: "ticket.reply",
			Entity: "support_ticket", EntityID: t.ID, Before: map[string]any{"replyCount": t.ReplyCount},
			After: map[string]any{"replyCount": rp.Seq, "role": rp.Role, "reply": rp.Text, "createTime": rp.CreatedAt}})
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, p, req.TicketID)
}

// SetProcessing moves a SUBMITTED ticket to PROCESSING when its creator or
// the super admin opens it (spec 000 §4); later states are left as they are.
func (s *Service) SetProcessing(ctx context.Context, p *auth.Principal, id string) (*shared.Ticket, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.visible(ctx, tx, p, id)
		if err != nil || t.Status != shared.TicketSubmitted {
			return err
		}
		ok, err := s.store.Open(ctx, tx, t.ID, s.now().UnixMilli())
		if err != nil || !ok {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: t.TenantID, ActorID: p.UserID, Action: "ticket.processing",
			Entity: "support_ticket", EntityID: t.ID, Before: map[string]any{"status": t.Status},
			After: map[string]any{"status": shared.TicketProcessing}})
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, p, id)
}

// Solve resolves a ticket (the super admin's Solve; the route allows no one else).
func (s *Service) Solve(ctx context.Context, p *auth.Principal, id string) (*shared.Ticket, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.visible(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if t.Status == shared.TicketResolved {
			return ErrAlreadyResolved
		}
		ok, err := s.store.Resolve(ctx, tx, t.ID, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			return ErrAlreadyResolved
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: t.TenantID, ActorID: p.UserID, Action: "ticket.resolve",
			Entity: "support_ticket", EntityID: t.ID, Before: map[string]any{"status": t.Status},
			After: map[string]any{"status": shared.TicketResolved}})
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, p, id)
}

// Delete is the creator's soft delete: the ticket leaves their list, the
// super admin still sees it. The super admin cannot delete (spec 000 §6).
func (s *Service) Delete(ctx context.Context, p *auth.Principal, id string) error {
	if p.IsSuperAdmin() {
		return problem.Forbidden
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.visible(ctx, tx, p, id)
		if err != nil {
			return err
		}
		ok, err := s.store.CreatorDelete(ctx, tx, t.ID, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: t.TenantID, ActorID: p.UserID, Action: "ticket.delete",
			Entity: "support_ticket", EntityID: t.ID, Before: map[string]any{"creatorDelete": 0}, After: map[string]any{"creatorDelete": 1}})
	})
}

// List is one page of the tickets p may see, newest first. The scope comes
// from the token; the client's creator and creatorDelete filters are ignored.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.TicketFilter]) (*shared.Page[shared.Ticket], error) {
	current, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, scopeOf(p), req.Data, size, offset)
	if err != nil {
		return nil, err
	}
	records, err := s.records(ctx, p, rows)
	if err != nil {
		return nil, err
	}
	return &shared.Page[shared.Ticket]{Records: records, Total: total, Current: current, Size: size}, nil
}

// UnreadCount is how many of p's tickets have a reply p has not opened yet
// (the help entry's badge; the UI polls it).
func (s *Service) UnreadCount(ctx context.Context, p *auth.Principal) (int, error) {
	return s.store.Unread(ctx, s.db, scopeOf(p), sideOf(p))
}

// records turns rows into tickets as p sees them, with their chats and files.
func (s *Service) records(ctx context.Context, p *auth.Principal, rows []row) ([]shared.Ticket, error) {
	out := make([]shared.Ticket, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	var fileIDs []string
	for i, r := range rows {
		ids[i] = r.ID
		fileIDs = append(fileIDs, r.FileIDs...)
	}
	chats, err := s.store.Replies(ctx, s.db, ids)
	if err != nil {
		return nil, err
	}
	items, err := s.files.Items(ctx, fileIDs)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]shared.FileItem, len(items))
	for _, it := range items {
		byID[it.FileID] = it
	}
	for i := range rows {
		out = append(out, toTicket(p, &rows[i], chats[rows[i].ID], byID))
	}
	return out, nil
}

// toTicket is the answer's view of a row for viewer p.
func toTicket(p *auth.Principal, r *row, chat []shared.ChatEntry, files map[string]shared.FileItem) shared.Ticket {
	t := shared.Ticket{TicketID: r.ID, Title: r.Title, Type: r.Type, Content: r.Content, FileIDs: r.FileIDs,
		Files: []shared.FileItem{}, Status: r.Status, Creator: r.CreatorID, CreatorName: r.CreatorName, CreateTime: r.CreatedAt,
		CreatorDelete: r.CreatorDelete, ReplyContent: shared.ReplyContent{Chat: chat}}
	if t.FileIDs == nil {
		t.FileIDs = []string{}
	}
	if t.ReplyContent.Chat == nil {
		t.ReplyContent.Chat = []shared.ChatEntry{}
	}
	for _, id := range r.FileIDs {
		if f, ok := files[id]; ok {
			t.Files = append(t.Files, f)
		}
	}
	side := sideOf(p)
	if side == shared.ChatAdmin {
		t.FacilityName = r.FacilityName
	}
	last := shared.ChatRole(r.LastReplyRole.String)
	open := r.Status != shared.TicketResolved
	if r.ReplyCount == 0 {
		t.MyTurn = open && side == shared.ChatAdmin
	} else {
		t.MyTurn = open && last != side
		seen := r.CreatorSeenAt
		if side == shared.ChatAdmin {
			seen = r.AdminSeenAt
		}
		t.Unread = last != side && (!seen.Valid || seen.Int64 < r.LastReplyAt.Int64)
	}
	return t
}
