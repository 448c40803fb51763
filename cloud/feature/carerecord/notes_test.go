package carerecord_test

import (
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A batch is written whole or not at all: one bad note refuses it, names the
// note and its field, and writes nothing; a batch sent again writes nothing new.
func TestBatchSaveAllOrNothing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 22, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		rose, ivy := newResident(t, owner, "Rose"), newResident(t, owner, "Ivy")
		carer := e.SignIn(t, "caregiver_maple1")

		good := shared.ProgressNoteInput{ClientID: "note-0001", ResidentID: rose.ResidentID, NoteType: shared.NoteSleepPatterns, Notes: "Slept well."}
		bad := shared.ProgressNoteInput{ClientID: "note-0002", ResidentID: ivy.ResidentID, NoteType: shared.NoteOther, Notes: "   "}
		third := shared.ProgressNoteInput{ClientID: "note-0003", ResidentID: ivy.ResidentID, NoteType: shared.NoteNutritionHydration, Notes: "晚饭吃了一半。"}
		r := carer.Post(t, pn+"/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{good, bad, third}})
		r.Is(t, 200, shared.CodeValidation)
		if !strings.HasPrefix(r.Message, "Note 2") {
			t.Errorf("message does not name the note: %q", r.Message)
		}
		if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != "notes[1].notes" {
			t.Errorf("field errors: %+v", fes)
		}
		// A resident of another facility: the same, and the note is named too.
		cedarOwner := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		elsewhere := newResident(t, cedarOwner, "Elsewhere")
		r = carer.Post(t, pn+"/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{good,
			{ResidentID: elsewhere.ResidentID, NoteType: shared.NoteOther, Notes: "x"}}})
		r.Is(t, 200, shared.CodeNotFound)
		if !strings.HasPrefix(r.Message, "Note 2") {
			t.Errorf("message does not name the note: %q", r.Message)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM progress_notes WHERE resident_id IN (?, ?)`, rose.ResidentID, ivy.ResidentID); n != 0 {
			t.Fatalf("a refused batch wrote %d notes", n)
		}

		third.Language = ""
		notes := batch(t, carer, good, third)
		if len(notes) != 2 || notes[0].ResidentName != "Rose Test" || notes[1].Language != shared.LangZhCN || notes[0].Language != shared.LangEnUS {
			t.Fatalf("stored: %+v", notes)
		}
		if !notes[0].Read || !notes[0].Editable || notes[0].EnglishNotes != "" || notes[0].AuthorName == "" {
			t.Errorf("the author's own note: %+v", notes[0])
		}
		again := batch(t, carer, good, third)
		if again[0].NoteID != notes[0].NoteID || again[1].NoteID != notes[1].NoteID {
			t.Errorf("a retried batch wrote new notes")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM progress_notes WHERE resident_id IN (?, ?)`, rose.ResidentID, ivy.ResidentID); n != 2 {
			t.Errorf("%d notes after a retry, want 2", n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM audit_log WHERE action = 'progressNote.create' AND entity_id = ?`, notes[0].NoteID); n != 1 {
			t.Errorf("audit rows: %d", n)
		}
		// Filters: resident, type, dates.
		if p := notesOf(t, owner, shared.ProgressNoteFilter{ResidentID: ivy.ResidentID, NoteType: shared.NoteNutritionHydration}); p.Total != 1 {
			t.Errorf("by type: %d", p.Total)
		}
		if p := notesOf(t, owner, shared.ProgressNoteFilter{ResidentID: ivy.ResidentID, StartDate: "2027-06-02"}); p.Total != 0 {
			t.Errorf("by date: %d", p.Total)
		}
		// A report in the future is refused.
		future := shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteOther, Notes: "x", ReportDate: e.Clock.Now().Add(time.Hour).UnixMilli()}
		carer.Post(t, pn+"/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{future}}).Is(t, 200, shared.CodeValidation)
	})
}

// Read status is each reader's: the author has read their note, everyone else
// has not until they open it; the unread count follows.
func TestReadStatusPerUser(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 22, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		admin := e.SignIn(t, "admin_maple")
		carer := e.SignIn(t, "caregiver_maple1")
		rose := newResident(t, owner, "Rose")
		n := batch(t, carer, shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteMobilityActivities, Notes: "Walked twice."},
			shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteSleepPatterns, Notes: "Slept well."})
		allOwner, allAdmin := unread(t, owner, ""), unread(t, admin, "")
		if unread(t, carer, rose.ResidentID) != 0 || unread(t, owner, rose.ResidentID) != 2 || unread(t, admin, rose.ResidentID) != 2 {
			t.Fatalf("unread: carer %d owner %d admin %d", unread(t, carer, rose.ResidentID), unread(t, owner, rose.ResidentID), unread(t, admin, rose.ResidentID))
		}
		var got shared.ProgressNote
		owner.Get(t, pn+"/getProgressNoteById?noteId="+n[0].NoteID).OK(t).Into(t, &got)
		if !got.Read || got.Editable {
			t.Errorf("opened by the owner: %+v", got)
		}
		if unread(t, owner, rose.ResidentID) != 1 || unread(t, owner, "") != allOwner-1 || unread(t, admin, "") != allAdmin {
			t.Errorf("after the owner opened one: owner %d admin %d", unread(t, owner, rose.ResidentID), unread(t, admin, ""))
		}
		// Opening it again changes nothing.
		owner.Get(t, pn+"/getProgressNoteById?noteId="+n[0].NoteID).OK(t)
		p := notesOf(t, owner, shared.ProgressNoteFilter{ResidentID: rose.ResidentID, Unread: true})
		if p.Total != 1 || p.Records[0].NoteID != n[1].NoteID || p.Records[0].Read {
			t.Errorf("unread list: %+v", p)
		}
		var marked shared.MarkAllReadResult
		admin.Post(t, pn+"/markAllRead", shared.MarkAllReadRequest{ResidentID: rose.ResidentID}).OK(t).Into(t, &marked)
		if marked.Marked != 2 || unread(t, admin, rose.ResidentID) != 0 || unread(t, owner, rose.ResidentID) != 1 {
			t.Errorf("mark all read: %+v, admin %d owner %d", marked, unread(t, admin, rose.ResidentID), unread(t, owner, rose.ResidentID))
		}
		// The demo's owner has unread notes of the last days.
		if allOwner < 3 {
			t.Errorf("the demo owner has %d unread notes", allOwner)
		}
	})
}

// The author edits in place within 24 hours; nobody else ever, and nobody
// after; corrections are addenda, the note staying as written.
func TestEditWithin24HoursThenAddenda(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 22, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		rose := newResident(t, owner, "Rose")
		n := batch(t, carer, shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteOther, Notes: "Fell asleep at 21:00."})[0]

		setClock(e, local(2027, 6, 2, 21, 0)) // 23 hours later (sign in again: the tokens expired)
		owner, carer = e.SignIn(t, "owner_evergreen", maple), e.SignIn(t, "caregiver_maple1")
		other := e.SignIn(t, "caregiver_maple2")
		var edited shared.ProgressNote
		carer.Post(t, pn+"/update", shared.UpdateProgressNoteRequest{NoteID: n.NoteID, NoteType: shared.NoteSleepPatterns, Notes: "Fell asleep at 22:00."}).OK(t).Into(t, &edited)
		if edited.Notes != "Fell asleep at 22:00." || edited.NoteType != shared.NoteSleepPatterns || edited.UpdatedAt == edited.CreatedAt {
			t.Errorf("edited: %+v", edited)
		}
		other.Post(t, pn+"/update", shared.UpdateProgressNoteRequest{NoteID: n.NoteID, NoteType: shared.NoteOther, Notes: "x"}).Is(t, 200, shared.CodeForbidden)
		owner.Post(t, pn+"/update", shared.UpdateProgressNoteRequest{NoteID: n.NoteID, NoteType: shared.NoteOther, Notes: "x"}).Is(t, 200, shared.CodeForbidden)

		setClock(e, local(2027, 6, 2, 22, 0)) // 24 hours: the window has closed
		owner, carer = e.SignIn(t, "owner_evergreen", maple), e.SignIn(t, "caregiver_maple1")
		r := carer.Post(t, pn+"/update", shared.UpdateProgressNoteRequest{NoteID: n.NoteID, NoteType: shared.NoteOther, Notes: "Too late."})
		r.Is(t, 200, shared.CodeForbidden)
		if !strings.Contains(r.Message, "addendum") {
			t.Errorf("message: %q", r.Message)
		}
		var withAdd shared.ProgressNote
		carer.Post(t, pn+"/addAddendum", shared.AddAddendumRequest{NoteID: n.NoteID, Reason: "Wrong time", Text: "She fell asleep at 22:30."}).OK(t).Into(t, &withAdd)
		owner.Post(t, pn+"/addAddendum", shared.AddAddendumRequest{NoteID: n.NoteID, Reason: "Reviewed", Text: "Seen by the owner."}).OK(t).Into(t, &withAdd)
		if withAdd.Notes != "Fell asleep at 22:00." || len(withAdd.Addenda) != 2 || withAdd.Addenda[0].Reason != "Wrong time" ||
			withAdd.Addenda[1].AuthorName == "" || withAdd.Editable {
			t.Errorf("with addenda: %+v", withAdd)
		}
		carer.Post(t, pn+"/addAddendum", shared.AddAddendumRequest{NoteID: n.NoteID, Reason: " ", Text: "x"}).Is(t, 200, shared.CodeValidation)
		if c := count(t, e, `SELECT COUNT(*) FROM progress_notes WHERE id = ?`, n.NoteID); c != 1 {
			t.Errorf("note rows: %d", c)
		}
	})
}

// A note written in Spanish or Chinese keeps its original and, once the AI
// provider is set up, gets an English rendering by a background job; an edit
// renders the new text; English notes and no provider leave it empty.
func TestEnglishRendering(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 22, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple2")
		rose := newResident(t, owner, "Rose")
		get := func(id string) shared.ProgressNote {
			var n shared.ProgressNote
			owner.Get(t, pn+"/getProgressNoteById?noteId="+id).OK(t).Into(t, &n)
			return n
		}
		// No provider: Chinese has no offline translation, the note stays as written.
		before := batch(t, carer, shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteSleepPatterns, Notes: "夜里睡得很好。"})[0]
		e.DrainJobs(t)
		if n := get(before.NoteID); n.EnglishNotes != "" || n.Notes != "夜里睡得很好。" {
			t.Errorf("without a provider: %+v", n)
		}

		provider := aitest.Start(t, "sk-test-key-0123456789WXYZ")
		admin := e.SignIn(t, "superadmin")
		admin.Post(t, "/api/ai/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100, Providers: []shared.AIProviderSave{{Capability: shared.AITranslation,
			BaseURL: provider.BaseURL(), APIKey: "sk-test-key-0123456789WXYZ", TimeoutSeconds: 2}}}).OK(t)
		notes := batch(t, carer, shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteSleepPatterns, Notes: "晚饭吃了一半。"},
			shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteOther, Notes: "Walked twice."})
		e.DrainJobs(t)
		zh, en := get(notes[0].NoteID), get(notes[1].NoteID)
		if zh.Notes != "晚饭吃了一半。" || zh.Language != shared.LangZhCN || zh.EnglishNotes != "translated: 晚饭吃了一半。" {
			t.Errorf("Chinese note: %+v", zh)
		}
		if en.EnglishNotes != "" {
			t.Errorf("an English note translated: %+v", en)
		}
		carer.Post(t, pn+"/update", shared.UpdateProgressNoteRequest{NoteID: zh.NoteID, NoteType: shared.NoteSleepPatterns, Notes: "晚饭全吃了。"}).OK(t)
		e.DrainJobs(t)
		if n := get(zh.NoteID); n.EnglishNotes != "translated: 晚饭全吃了。" {
			t.Errorf("after the edit: %+v", n)
		}
	})
}
