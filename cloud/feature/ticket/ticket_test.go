package ticket_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const base = "/api/system/customerServiceTicket"

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

type world struct {
	e                                *servertest.Env
	d                                *db.DB
	maple1, maple2, cedar, super, ow *servertest.Client
}

func start(t *testing.T, d *db.DB) *world {
	t.Helper()
	e := servertest.Start(t, d)
	return &world{e: e, d: d, maple1: e.SignIn(t, "caregiver_maple1"), maple2: e.SignIn(t, "caregiver_maple2"),
		cedar: e.SignIn(t, "caregiver_cedar1"), super: e.SignIn(t, "superadmin"), ow: e.SignIn(t, "owner_evergreen", "Maple House AFH")}
}

// tick moves the clock on, so "seen" and "replied" times differ as they do for people.
func (w *world) tick() { w.e.Clock.Advance(time.Second) }

func attachments(t *testing.T, w *world, c *servertest.Client, n int) []string {
	t.Helper()
	var parts []filetest.Part
	for i := range n {
		parts = append(parts, filetest.Part{Name: fmt.Sprintf("screenshot%d.png", i+1), Data: filetest.PNG(10+i, 10)})
	}
	var ids []string
	for _, it := range filetest.MustUpload(t, w.e, c, shared.FileServiceTicket, parts...) {
		ids = append(ids, it.FileID)
	}
	return ids
}

func save(t *testing.T, c *servertest.Client, req shared.SaveTicketRequest) *servertest.Response {
	t.Helper()
	return c.Post(t, base+"/saveTicket", req)
}

func get(t *testing.T, c *servertest.Client, id string) shared.Ticket {
	t.Helper()
	var tk shared.Ticket
	c.Get(t, base+"/getTicket?ticketId="+id).OK(t).Into(t, &tk)
	return tk
}

func reply(t *testing.T, c *servertest.Client, id string, history []shared.ChatEntry, text string) *servertest.Response {
	t.Helper()
	chat := append(slices.Clone(history), shared.ChatEntry{Role: shared.ChatUser, Reply: text})
	return c.Post(t, base+"/reply", shared.ReplyTicketRequest{TicketID: id, ReplyContent: shared.ReplyContent{Chat: chat}})
}

func list(t *testing.T, c *servertest.Client, f shared.TicketFilter, size int) shared.Page[shared.Ticket] {
	t.Helper()
	var p shared.Page[shared.Ticket]
	c.Post(t, base+"/listTicketsByPage", shared.PageRequest[shared.TicketFilter]{Current: 1, Size: size, Data: f}).OK(t).Into(t, &p)
	return p
}

func unread(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var n int
	c.Get(t, base+"/unreadCount").OK(t).Into(t, &n)
	return n
}

func TestTicketLifecycle(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		files := attachments(t, w, w.maple1, 2)
		var tk shared.Ticket
		save(t, w.maple1, shared.SaveTicketRequest{Title: "  Cannot print the MAR  ", Type: shared.TicketBug,
			Content: "The print button does nothing.", FileIDs: files}).OK(t).Into(t, &tk)
		id := tk.TicketID
		if tk.Status != shared.TicketSubmitted || tk.Title != "Cannot print the MAR" || tk.CreatorName != "Amina Njoroge" ||
			tk.Creator != w.e.UserID(t, "caregiver_maple1") || tk.FacilityName != "" || len(tk.Files) != 2 || tk.Files[0].FileID != files[0] ||
			!strings.HasPrefix(tk.Files[0].URL, "/api/system/files/signed/") || len(tk.ReplyContent.Chat) != 0 || tk.MyTurn || tk.Unread {
			t.Fatalf("created: %+v", tk)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM files WHERE confirmed_at IS NOT NULL AND category = 'SERVICE_TICKET_FILE'`); n != 2 {
			t.Errorf("%d attachments confirmed, want 2", n)
		}
		// Nobody replies before customer service.
		reply(t, w.maple1, id, nil, "Hello?").Is(t, http.StatusOK, shared.CodeConflict)
		// The creator may edit while SUBMITTED, dropping an attachment.
		save(t, w.maple1, shared.SaveTicketRequest{TicketID: id, Title: "Cannot print the MAR (eMAR page)", Type: shared.TicketIssues,
			Content: "The print button does nothing.", FileIDs: files[:1]}).OK(t).Into(t, &tk)
		if tk.Type != shared.TicketIssues || len(tk.FileIDs) != 1 || tk.Status != shared.TicketSubmitted {
			t.Fatalf("edited: %+v", tk)
		}

		// The super admin sees it with the facility's name and may reply first.
		page := list(t, w.super, shared.TicketFilter{}, 20)
		if page.Total != 1 || page.Records[0].FacilityName != "Maple House AFH" || page.Records[0].CreatorName != "Amina Njoroge" || !page.Records[0].MyTurn {
			t.Fatalf("super admin list: %+v", page)
		}
		w.tick()
		w.super.Get(t, base+"/setProcessingStatus?ticketId="+id).OK(t).Into(t, &tk)
		if tk.Status != shared.TicketProcessing {
			t.Fatalf("opened: %s", tk.Status)
		}
		w.super.Get(t, base+"/setProcessingStatus?ticketId="+id).OK(t) // again: no change, no error
		save(t, w.maple1, shared.SaveTicketRequest{TicketID: id, Title: "x", Type: shared.TicketBug, Content: "y"}).Is(t, http.StatusOK, shared.CodeConflict)
		w.super.Post(t, base+"/saveTicket", shared.SaveTicketRequest{Title: "x", Type: shared.TicketBug, Content: "y"}).Is(t, http.StatusOK, shared.CodeForbidden)

		w.tick()
		tk = get(t, w.super, id)
		reply(t, w.super, id, tk.ReplyContent.Chat, "Which printer do you use?").OK(t).Into(t, &tk)
		if len(tk.ReplyContent.Chat) != 1 || tk.ReplyContent.Chat[0].Role != shared.ChatAdmin || tk.MyTurn {
			t.Fatalf("after the first reply: %+v", tk.ReplyContent)
		}
		reply(t, w.super, id, tk.ReplyContent.Chat, "Hello?").Is(t, http.StatusOK, shared.CodeConflict) // not the admin's turn
		if unread(t, w.super) != 0 {
			t.Error("super admin has an unread reply of their own")
		}

		// The caregiver sees the unread reply (red: their turn) until they open it.
		w.tick()
		if n := unread(t, w.maple1); n != 1 {
			t.Fatalf("caregiver unread %d, want 1", n)
		}
		rec := list(t, w.maple1, shared.TicketFilter{}, 20).Records[0]
		if !rec.Unread || !rec.MyTurn || rec.FacilityName != "" {
			t.Fatalf("caregiver's list record: unread %v myTurn %v facility %q", rec.Unread, rec.MyTurn, rec.FacilityName)
		}
		tk = get(t, w.maple1, id)
		if tk.Unread || unread(t, w.maple1) != 0 {
			t.Fatal("still unread after opening it")
		}
		// The client's history is ignored: only the last entry's text counts, and role and time are the server's.
		w.tick()
		forged := []shared.ChatEntry{{Role: shared.ChatUser, Reply: "I never said this", CreateTime: 1}}
		chat := append(forged, shared.ChatEntry{Role: shared.ChatAdmin, Reply: "  The HP in the office.  ", CreateTime: 42})
		w.maple1.Post(t, base+"/reply", shared.ReplyTicketRequest{TicketID: id, ReplyContent: shared.ReplyContent{Chat: chat}}).OK(t).Into(t, &tk)
		want := []shared.ChatEntry{
			{Role: shared.ChatAdmin, Reply: "Which printer do you use?", CreateTime: tk.ReplyContent.Chat[0].CreateTime},
			{Role: shared.ChatUser, Reply: "The HP in the office.", CreateTime: w.e.Clock.Now().UnixMilli()},
		}
		if !slices.Equal(tk.ReplyContent.Chat, want) {
			t.Fatalf("chat %+v\nwant %+v", tk.ReplyContent.Chat, want)
		}
		reply(t, w.maple1, id, tk.ReplyContent.Chat, "Again").Is(t, http.StatusOK, shared.CodeConflict)
		if n := unread(t, w.super); n != 1 {
			t.Errorf("super admin unread %d, want 1", n)
		}
		reply(t, w.super, id, tk.ReplyContent.Chat, strings.Repeat("x", 1001)).Is(t, http.StatusOK, shared.CodeValidation)
		reply(t, w.super, id, tk.ReplyContent.Chat, "   ").Is(t, http.StatusOK, shared.CodeValidation)

		// Only the super admin solves; a resolved ticket takes no reply from anyone.
		w.maple1.Get(t, base+"/solved?ticketId="+id).Is(t, http.StatusOK, shared.CodeForbidden)
		w.ow.Get(t, base+"/solved?ticketId="+id).Is(t, http.StatusOK, shared.CodeForbidden)
		w.super.Get(t, base+"/solved?ticketId="+id).OK(t).Into(t, &tk)
		if tk.Status != shared.TicketResolved || tk.MyTurn {
			t.Fatalf("solved: %s myTurn %v", tk.Status, tk.MyTurn)
		}
		w.super.Get(t, base+"/solved?ticketId="+id).Is(t, http.StatusOK, shared.CodeConflict)
		reply(t, w.super, id, tk.ReplyContent.Chat, "One more thing").Is(t, http.StatusOK, shared.CodeConflict)
		w.super.Get(t, base+"/setProcessingStatus?ticketId="+id).OK(t).Into(t, &tk)
		if tk.Status != shared.TicketResolved {
			t.Fatal("setProcessingStatus reopened a resolved ticket")
		}
		if get(t, w.maple1, id).MyTurn {
			t.Error("myTurn on a resolved ticket")
		}

		// Deleting: not the super admin, not a colleague; the creator's delete hides it from them only.
		w.super.Get(t, base+"/creatorDelete?ticketId="+id).Is(t, http.StatusOK, shared.CodeForbidden)
		w.maple2.Get(t, base+"/creatorDelete?ticketId="+id).Is(t, http.StatusOK, shared.CodeNotFound)
		w.maple1.Get(t, base+"/creatorDelete?ticketId="+id).OK(t)
		if p := list(t, w.maple1, shared.TicketFilter{}, 20); p.Total != 0 || len(p.Records) != 0 {
			t.Errorf("the creator still lists a deleted ticket: %+v", p)
		}
		w.maple1.Get(t, base+"/getTicket?ticketId="+id).Is(t, http.StatusOK, shared.CodeNotFound)
		w.maple1.Get(t, base+"/creatorDelete?ticketId="+id).Is(t, http.StatusOK, shared.CodeNotFound)
		if p := list(t, w.super, shared.TicketFilter{}, 20); p.Total != 1 || p.Records[0].CreatorDelete != 1 {
			t.Errorf("super admin's list after the delete: %+v", p)
		}

		// Every write left an audit row with the ticket's facility.
		for _, action := range []string{"ticket.create", "ticket.update", "ticket.processing", "ticket.reply", "ticket.resolve", "ticket.delete"} {
			if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ? AND tenant_id = ?`,
				action, id, w.e.FacilityID(t, "Maple House AFH")); n == 0 {
				t.Errorf("no audit row for %s", action)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'ticket.reply' AND entity_id = ?`, id); n != 2 {
			t.Errorf("%d reply audit rows, want 2", n)
		}
	})
}

func TestCreatorOpeningMovesToProcessing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		var tk shared.Ticket
		save(t, w.ow, shared.SaveTicketRequest{Title: "Invoice question", Type: shared.TicketCustomerSupport, Content: "Why two charges?"}).OK(t).Into(t, &tk)
		w.ow.Get(t, base+"/setProcessingStatus?ticketId="+tk.TicketID).OK(t).Into(t, &tk)
		if tk.Status != shared.TicketProcessing {
			t.Fatalf("status %s", tk.Status)
		}
		w.ow.Get(t, base+"/setProcessingStatus?ticketId="+tk.TicketID).OK(t)
		// The owner is a facility user like any other: their own tickets only, delete allowed, solve not.
		w.ow.Get(t, base+"/solved?ticketId="+tk.TicketID).Is(t, http.StatusOK, shared.CodeForbidden)
		w.super.Get(t, base+"/solved?ticketId="+tk.TicketID).OK(t)
		w.ow.Get(t, base+"/creatorDelete?ticketId="+tk.TicketID).OK(t)
	})
}

func TestTicketTenantIsolation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		files := attachments(t, w, w.maple1, 1)
		var tk shared.Ticket
		save(t, w.maple1, shared.SaveTicketRequest{Title: "Maple ticket", Type: shared.TicketOther, Content: "private", FileIDs: files}).OK(t).Into(t, &tk)
		id := tk.TicketID
		w.super.Get(t, base+"/setProcessingStatus?ticketId="+id).OK(t)
		reply(t, w.super, id, nil, "Hello from support").OK(t)

		// Another facility's user, a colleague in the same facility, and the
		// facility's owner: none can list, get, open, reply, delete or download.
		mapleFile := "/api/system/files/downloadByPath?path=" + files[0]
		for name, c := range map[string]*servertest.Client{"cedar": w.cedar, "colleague": w.maple2, "owner": w.ow} {
			// Client filters naming the creator change nothing.
			if p := list(t, c, shared.TicketFilter{Creator: w.e.UserID(t, "caregiver_maple1")}, 20); p.Total != 0 || len(p.Records) != 0 {
				t.Errorf("%s lists %d tickets", name, p.Total)
			}
			for _, path := range []string{"/getTicket", "/setProcessingStatus", "/creatorDelete"} {
				c.Get(t, base+path+"?ticketId="+id).Is(t, http.StatusOK, shared.CodeNotFound)
			}
			reply(t, c, id, nil, "sneaky").Is(t, http.StatusOK, shared.CodeNotFound)
			save(t, c, shared.SaveTicketRequest{TicketID: id, Title: "mine now", Type: shared.TicketBug, Content: "x"}).Is(t, http.StatusOK, shared.CodeNotFound)
			c.Get(t, mapleFile).Is(t, http.StatusOK, shared.CodeNotFound)
			c.Get(t, "/api/system/files/downloadAndCompressImage?fileId="+files[0]+"&width=20&height=20").Is(t, http.StatusOK, shared.CodeNotFound)
			// Nor attach it to a ticket of their own.
			save(t, c, shared.SaveTicketRequest{Title: "steal", Type: shared.TicketBug, Content: "x", FileIDs: files}).Is(t, http.StatusOK, shared.CodeNotFound)
			if n := unread(t, c); n != 0 {
				t.Errorf("%s has %d unread", name, n)
			}
		}
		// The creator and the super admin do read the attachment.
		for _, c := range []*servertest.Client{w.maple1, w.super} {
			if r := c.Get(t, mapleFile); r.Status != 200 || r.Header.Get("Content-Type") != "image/png" {
				t.Errorf("attachment: %d %s", r.Status, r.Body)
			}
		}
		// The record is unchanged by all of that.
		tk = get(t, w.maple1, id)
		if tk.Title != "Maple ticket" || tk.CreatorDelete != 0 || len(tk.ReplyContent.Chat) != 1 {
			t.Errorf("changed by others: %+v", tk)
		}
	})
}

func TestTicketAttachmentRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		four := attachments(t, w, w.maple1, 4)
		before := count(t, d, `SELECT COUNT(*) FROM support_tickets`)
		r := save(t, w.maple1, shared.SaveTicketRequest{Title: "Four files", Type: shared.TicketBug, Content: "x", FileIDs: four})
		r.Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(r.Message, "3") {
			t.Errorf("message %q", r.Message)
		}
		// A care plan is not a ticket attachment.
		var plan []shared.FileItem
		filetest.Upload(t, w.e, w.maple1, shared.FileCarePlan, filetest.Part{Name: "plan.pdf", Data: filetest.PDF()}).OK(t).Into(t, &plan)
		save(t, w.maple1, shared.SaveTicketRequest{Title: "Wrong file", Type: shared.TicketBug, Content: "x", FileIDs: []string{plan[0].FileID}}).
			Is(t, http.StatusOK, shared.CodeValidation)
		save(t, w.maple1, shared.SaveTicketRequest{Title: "Unknown file", Type: shared.TicketBug, Content: "x", FileIDs: []string{"nope"}}).
			Is(t, http.StatusOK, shared.CodeNotFound)
		// A colleague's upload cannot be attached either.
		save(t, w.maple2, shared.SaveTicketRequest{Title: "Borrowed", Type: shared.TicketBug, Content: "x", FileIDs: four[:1]}).
			Is(t, http.StatusOK, shared.CodeNotFound)
		if n := count(t, d, `SELECT COUNT(*) FROM support_tickets`); n != before {
			t.Errorf("a refused save stored a ticket")
		}
		if n := count(t, d, `SELECT COUNT(*) FROM files WHERE confirmed_at IS NOT NULL AND category = 'SERVICE_TICKET_FILE'`); n != 0 {
			t.Errorf("a refused save confirmed %d files", n)
		}
		// Duplicates count once; three is fine.
		var tk shared.Ticket
		save(t, w.maple1, shared.SaveTicketRequest{Title: "Three", Type: shared.TicketBug, Content: "x", FileIDs: []string{four[0], four[1], four[0]}}).OK(t).Into(t, &tk)
		if len(tk.FileIDs) != 2 {
			t.Errorf("fileIds %v", tk.FileIDs)
		}
		// Validation: lengths and enums.
		for name, req := range map[string]shared.SaveTicketRequest{
			"title too long":   {Title: strings.Repeat("t", 101), Type: shared.TicketBug, Content: "x"},
			"blank title":      {Title: "   ", Type: shared.TicketBug, Content: "x"},
			"no content":       {Title: "t", Type: shared.TicketBug},
			"content too long": {Title: "t", Type: shared.TicketBug, Content: strings.Repeat("c", 4097)},
			"unknown type":     {Title: "t", Type: "COMPLAINT", Content: "x"},
		} {
			if r := save(t, w.maple1, req); r.Code != shared.CodeValidation {
				t.Errorf("%s: %s", name, r.Body)
			}
		}
	})
}

func TestTicketListFiltersAndPaging(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		titles := []string{"Printer jam", "PRINTER offline", "Login slow", "100% CPU", "Feature: dark mode", "under_score"}
		types := []shared.TicketType{shared.TicketBug, shared.TicketIssues, shared.TicketBug, shared.TicketBug, shared.TicketSuggestion, shared.TicketOther}
		ids := map[string]string{}
		for i, title := range titles {
			w.tick()
			var tk shared.Ticket
			save(t, w.maple1, shared.SaveTicketRequest{Title: title, Type: types[i], Content: "details"}).OK(t).Into(t, &tk)
			ids[title] = tk.TicketID
		}
		save(t, w.cedar, shared.SaveTicketRequest{Title: "Cedar printer", Type: shared.TicketBug, Content: "x"}).OK(t)
		w.super.Get(t, base+"/solved?ticketId="+ids["Login slow"]).OK(t)

		names := func(p shared.Page[shared.Ticket]) []string {
			var out []string
			for _, r := range p.Records {
				out = append(out, r.Title)
			}
			return out
		}
		cases := []struct {
			name string
			c    *servertest.Client
			f    shared.TicketFilter
			want []string
		}{
			{"all, newest first", w.maple1, shared.TicketFilter{}, []string{"under_score", "Feature: dark mode", "100% CPU", "Login slow", "PRINTER offline", "Printer jam"}},
			{"title, any case", w.maple1, shared.TicketFilter{Title: "printer"}, []string{"PRINTER offline", "Printer jam"}},
			{"% is literal", w.maple1, shared.TicketFilter{Title: "0%"}, []string{"100% CPU"}},
			{"_ is literal", w.maple1, shared.TicketFilter{Title: "r_s"}, []string{"under_score"}},
			{"type", w.maple1, shared.TicketFilter{Type: shared.TicketBug}, []string{"100% CPU", "Login slow", "Printer jam"}},
			{"status", w.maple1, shared.TicketFilter{Status: shared.TicketResolved}, []string{"Login slow"}},
			{"status and type", w.maple1, shared.TicketFilter{Status: shared.TicketSubmitted, Type: shared.TicketBug}, []string{"100% CPU", "Printer jam"}},
			{"super admin sees every facility", w.super, shared.TicketFilter{Title: "printer"}, []string{"Cedar printer", "PRINTER offline", "Printer jam"}},
			{"cedar sees its own", w.cedar, shared.TicketFilter{}, []string{"Cedar printer"}},
		}
		for _, tc := range cases {
			if got := names(list(t, tc.c, tc.f, 20)); !slices.Equal(got, tc.want) {
				t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			}
		}
		var p shared.Page[shared.Ticket]
		w.maple1.Post(t, base+"/listTicketsByPage", shared.PageRequest[shared.TicketFilter]{Current: 2, Size: 5}).OK(t).Into(t, &p)
		if p.Total != 6 || p.Current != 2 || p.Size != 5 || len(p.Records) != 1 || p.Records[0].Title != "Printer jam" {
			t.Errorf("page 2: %+v", p)
		}
		w.maple1.Post(t, base+"/listTicketsByPage", shared.PageRequest[shared.TicketFilter]{Current: 1, Size: 7}).Is(t, http.StatusOK, shared.CodeValidation)
		w.maple1.Post(t, base+"/listTicketsByPage", map[string]any{"current": 1, "size": 20, "data": map[string]any{"status": "OPEN"}}).Is(t, http.StatusOK, shared.CodeValidation)
		// The UI's "all" choice sends empty strings.
		w.maple1.Post(t, base+"/listTicketsByPage", map[string]any{"current": 1, "size": 20, "data": map[string]any{"status": "", "type": "", "title": ""}}).OK(t)
	})
}
