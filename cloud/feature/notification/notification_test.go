package notification_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/notification"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const base = "/api/care/notification"

// notify calls the Go API the way a feature does: inside its own transaction.
func notify(t *testing.T, e *servertest.Env, tenantID string, users []string, d shared.NotificationDraft) {
	t.Helper()
	err := e.DB.InTx(context.Background(), func(tx *db.Tx) error {
		return e.Server.Notifications.Notify(context.Background(), tx, tenantID, users, d)
	})
	if err != nil {
		t.Fatalf("Notify: %v", err)
	}
}

func overdueSoon(key, resident string) shared.NotificationDraft {
	return shared.NotificationDraft{Kind: shared.NotificationMedication, TitleKey: shared.NotifyMedicationOverdueSoonTitle,
		BodyKey: shared.NotifyMedicationOverdueSoonBody, Link: "/emars",
		Params:    map[string]string{"resident": resident, "medication": "Lisinopril 10 mg", "dueAt": "1780000000000"},
		DedupeKey: key}
}

func listMine(t *testing.T, c *servertest.Client, unreadOnly bool, size int) shared.Page[shared.Notification] {
	t.Helper()
	var page shared.Page[shared.Notification]
	c.Post(t, base+"/listMine", shared.PageRequest[shared.NotificationFilter]{Current: 1, Size: size,
		Data: shared.NotificationFilter{UnreadOnly: unreadOnly}}).OK(t).Into(t, &page)
	return page
}

func unread(t *testing.T, c *servertest.Client) shared.UnreadNotifications {
	t.Helper()
	var u shared.UnreadNotifications
	c.Get(t, base+"/unreadCount").OK(t).Into(t, &u)
	return u
}

func rows(t *testing.T, d *db.DB, where string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM notifications WHERE `+where, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func ids(page shared.Page[shared.Notification]) []string {
	out := make([]string, len(page.Records))
	for i, n := range page.Records {
		out[i] = n.NotificationID
	}
	return out
}

// Notify stores one row per recipient who belongs to the facility, once per
// dedupe key (a retried job adds nothing), inside the caller's transaction
// (rolled back with it).
func TestNotifyDedupes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		m1, m2, c1 := e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_maple2"), e.UserID(t, "caregiver_cedar1")
		before := rows(t, d, `1 = 1`)

		// Repeated, empty and other facilities' people are skipped.
		notify(t, e, maple, []string{m1, m2, m1, "", c1, "no-such-user"}, overdueSoon("pass-1", "Margaret Lee"))
		if n := rows(t, d, `dedupe_key = 'pass-1'`); n != 2 {
			t.Fatalf("%d rows for pass-1, want 2 (maple1, maple2)", n)
		}
		if n := rows(t, d, `user_id = ?`, c1); n != 0 {
			t.Fatalf("Cedar's caregiver got %d of Maple's", n)
		}
		// The job retried, twice: nothing more.
		for range 2 {
			notify(t, e, maple, []string{m1, m2}, overdueSoon("pass-1", "Margaret Lee"))
		}
		if n := rows(t, d, `1 = 1`); n != before+2 {
			t.Fatalf("%d rows after retries, want %d", n, before+2)
		}
		// Another pass is another notification; the same key in another facility is that facility's.
		notify(t, e, maple, []string{m1}, overdueSoon("pass-2", "Margaret Lee"))
		notify(t, e, cedar, []string{c1}, overdueSoon("pass-1", "Rose Alvarez"))
		if n := rows(t, d, `1 = 1`); n != before+4 {
			t.Fatalf("%d rows, want %d", n, before+4)
		}
		// A transaction that fails takes its notifications with it.
		boom := errors.New("the caller's write failed")
		err := d.InTx(context.Background(), func(tx *db.Tx) error {
			if err := e.Server.Notifications.Notify(context.Background(), tx, maple, []string{m1}, overdueSoon("pass-3", "Margaret Lee")); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) || rows(t, d, `dedupe_key = 'pass-3'`) != 0 {
			t.Fatalf("rolled back: %v, %d rows", err, rows(t, d, `dedupe_key = 'pass-3'`))
		}
		// A disabled membership gets nothing.
		if _, err := d.ExecContext(context.Background(), `UPDATE memberships SET status = 'disabled' WHERE tenant_id = ? AND user_id = ?`, maple, m2); err != nil {
			t.Fatal(err)
		}
		notify(t, e, maple, []string{m1, m2}, overdueSoon("pass-4", "Margaret Lee"))
		if n := rows(t, d, `dedupe_key = 'pass-4'`); n != 1 {
			t.Fatalf("%d rows for pass-4, want 1 (maple1)", n)
		}
		// What the reader gets back: the keys and params as given.
		page := listMine(t, e.SignIn(t, "caregiver_maple1"), false, 20)
		got := page.Records[0]
		if got.TitleKey != shared.NotifyMedicationOverdueSoonTitle || got.BodyKey != shared.NotifyMedicationOverdueSoonBody ||
			got.Params["resident"] != "Margaret Lee" || got.Params["dueAt"] != "1780000000000" || got.Link != "/emars" ||
			got.Kind != shared.NotificationMedication || got.ReadTime != 0 || got.CreateTime != e.Clock.Now().UnixMilli() {
			t.Errorf("newest: %+v", got)
		}
	})
}

// A malformed draft is the calling feature's mistake: refused, nothing stored.
func TestNotifyRefusesBadDrafts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		maple, m1 := e.FacilityID(t, "Maple House AFH"), e.UserID(t, "caregiver_maple1")
		good := overdueSoon("bad-draft", "Margaret Lee")
		for name, change := range map[string]func(*shared.NotificationDraft){
			"no kind":           func(d *shared.NotificationDraft) { d.Kind = "" },
			"unknown kind":      func(d *shared.NotificationDraft) { d.Kind = "PARTY" },
			"text, not a key":   func(d *shared.NotificationDraft) { d.TitleKey = "A med pass is due soon" },
			"another namespace": func(d *shared.NotificationDraft) { d.TitleKey = "tasks.title" },
			"bad body key":      func(d *shared.NotificationDraft) { d.BodyKey = "notification." },
			"no dedupe key":     func(d *shared.NotificationDraft) { d.DedupeKey = " " },
			"long dedupe key": func(d *shared.NotificationDraft) {
				d.DedupeKey = strings.Repeat("k", shared.NotificationDedupeKeyMax+1)
			},
			"another site":    func(d *shared.NotificationDraft) { d.Link = "https://evil.example/emars" },
			"scheme-relative": func(d *shared.NotificationDraft) { d.Link = "//evil.example" },
			"backslash":       func(d *shared.NotificationDraft) { d.Link = `/\evil.example` },
			"bad param name":  func(d *shared.NotificationDraft) { d.Params = map[string]string{"due at": "x"} },
			"long param": func(d *shared.NotificationDraft) {
				d.Params = map[string]string{"resident": strings.Repeat("é", shared.NotificationParamMax+1)}
			},
			"too many params":    func(d *shared.NotificationDraft) { d.Params = manyParams(shared.NotificationParamsMax + 1) },
			"relative link path": func(d *shared.NotificationDraft) { d.Link = "emars" },
		} {
			draft := good
			change(&draft)
			err := d.InTx(context.Background(), func(tx *db.Tx) error {
				return e.Server.Notifications.Notify(context.Background(), tx, maple, []string{m1}, draft)
			})
			if !errors.Is(err, notification.ErrBadDraft) {
				t.Errorf("%s: %v, want ErrBadDraft", name, err)
			}
		}
		if n := rows(t, d, `dedupe_key = 'bad-draft'`); n != 0 {
			t.Errorf("%d rows stored from bad drafts", n)
		}
		// No transaction, no facility: refused too.
		if err := e.Server.Notifications.Notify(context.Background(), nil, maple, []string{m1}, good); !errors.Is(err, notification.ErrBadDraft) {
			t.Errorf("nil tx: %v", err)
		}
		err := d.InTx(context.Background(), func(tx *db.Tx) error {
			return e.Server.Notifications.Notify(context.Background(), tx, "", []string{m1}, good)
		})
		if !errors.Is(err, notification.ErrBadDraft) {
			t.Errorf("no facility: %v", err)
		}
	})
}

func manyParams(n int) map[string]string {
	out := map[string]string{}
	for i := range n {
		out["p"+string(rune('a'+i))] = "x"
	}
	return out
}

// Each person lists only their own notifications of the facility they are
// signed in to, newest first, with the unread filter and paging; the same
// owner signed in to another facility sees none of the first one's.
func TestListMineShowsOnlyOwnRows(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		m1, m2, owner := e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_maple2"), e.UserID(t, "owner_evergreen")
		carer1, carer2 := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "caregiver_maple2")
		ownerMaple := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ownerCedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		cedarCarer := e.SignIn(t, "caregiver_cedar1")

		// The demo's what's-new note is maple1's only.
		demo := listMine(t, carer1, false, 20)
		if demo.Total != 1 || demo.Records[0].TitleKey != shared.NotifyWelcomeTitle || demo.Records[0].Link != "/emars" {
			t.Fatalf("demo notifications of maple1: %+v", demo)
		}
		for _, c := range []*servertest.Client{carer2, ownerMaple, ownerCedar, cedarCarer} {
			if p := listMine(t, c, false, 20); p.Total != 0 || len(p.Records) != 0 {
				t.Fatalf("someone else sees %+v", p)
			}
		}
		// Three passes for maple1 a minute apart, one for maple2, one for the owner at Maple.
		for _, k := range []string{"a", "b", "c"} {
			e.Clock.Advance(time.Minute)
			notify(t, e, maple, []string{m1}, overdueSoon("pass-"+k, "Resident "+k))
		}
		notify(t, e, maple, []string{m2, owner}, overdueSoon("pass-m2", "Resident m2"))

		all := listMine(t, carer1, false, 20)
		if all.Total != 4 || len(all.Records) != 4 {
			t.Fatalf("maple1 lists %d/%d, want 4", len(all.Records), all.Total)
		}
		for i, want := range []string{"Resident c", "Resident b", "Resident a"} {
			if got := all.Records[i].Params["resident"]; got != want {
				t.Errorf("record %d is %q, want %q (newest first)", i, got, want)
			}
		}
		if all.Records[3].TitleKey != shared.NotifyWelcomeTitle {
			t.Errorf("oldest: %+v", all.Records[3])
		}
		// Paging: 5 a page, page 2 is empty; size 5 of 4 → one page.
		var p2 shared.Page[shared.Notification]
		carer1.Post(t, base+"/listMine", shared.PageRequest[shared.NotificationFilter]{Current: 2, Size: 5}).OK(t).Into(t, &p2)
		if p2.Total != 4 || len(p2.Records) != 0 || p2.Current != 2 || p2.Size != 5 {
			t.Errorf("page 2: %+v", p2)
		}
		if u := unread(t, carer1); u.Count != 4 || u.LatestTime != all.Records[0].CreateTime {
			t.Errorf("maple1 unread %+v", u)
		}
		if p := listMine(t, carer2, false, 20); p.Total != 1 || p.Records[0].Params["resident"] != "Resident m2" {
			t.Errorf("maple2: %+v", p)
		}
		if p := listMine(t, ownerMaple, false, 20); p.Total != 1 {
			t.Errorf("owner at Maple: %+v", p)
		}
		// The same owner at Cedar, and Cedar's caregiver: nothing of Maple's.
		for name, c := range map[string]*servertest.Client{"owner at Cedar": ownerCedar, "Cedar caregiver": cedarCarer} {
			if p := listMine(t, c, false, 20); p.Total != 0 {
				t.Errorf("%s sees %+v", name, p)
			}
			if u := unread(t, c); u.Count != 0 || u.LatestTime != 0 {
				t.Errorf("%s unread %+v", name, u)
			}
		}
		// Cedar's own notification for the owner shows at Cedar only.
		notify(t, e, cedar, []string{owner}, overdueSoon("pass-cedar", "Rose Alvarez"))
		if p := listMine(t, ownerCedar, false, 20); p.Total != 1 || p.Records[0].Params["resident"] != "Rose Alvarez" {
			t.Errorf("owner at Cedar: %+v", p)
		}
		if p := listMine(t, ownerMaple, false, 20); p.Total != 1 || p.Records[0].Params["resident"] != "Resident m2" {
			t.Errorf("owner at Maple after Cedar's: %+v", p)
		}

		// The unread filter: mark one read, it leaves the unread list but stays in the list.
		carer1.Post(t, base+"/markRead", shared.MarkNotificationsReadRequest{NotificationIDs: []string{all.Records[0].NotificationID}}).OK(t)
		if p := listMine(t, carer1, true, 20); p.Total != 3 || slices.Contains(ids(p), all.Records[0].NotificationID) {
			t.Errorf("unread only: %+v", p)
		}
		if p := listMine(t, carer1, false, 20); p.Total != 4 || p.Records[0].ReadTime != e.Clock.Now().UnixMilli() {
			t.Errorf("all after one read: %+v", p.Records[0])
		}
		if u := unread(t, carer1); u.Count != 3 || u.LatestTime != all.Records[1].CreateTime {
			t.Errorf("unread after one read %+v", u)
		}
	})
}

// markRead takes the caller's own ids or all; someone else's id (a colleague's,
// another facility's, the same person's at another facility, or none) answers
// 4004 and marks nothing, not even the caller's own ids sent with it.
func TestMarkRead(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		m1, m2, owner := e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_maple2"), e.UserID(t, "owner_evergreen")
		notify(t, e, maple, []string{m1, m2, owner}, overdueSoon("pass-1", "Margaret Lee"))
		e.Clock.Advance(time.Second)
		notify(t, e, maple, []string{m1}, overdueSoon("pass-2", "Margaret Lee"))
		notify(t, e, cedar, []string{owner}, overdueSoon("pass-1", "Rose Alvarez"))
		carer1, carer2 := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "caregiver_maple2")
		ownerMaple := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ownerCedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		cedarCarer := e.SignIn(t, "caregiver_cedar1")
		mine := ids(listMine(t, carer1, false, 20)) // pass-2, pass-1, the demo's
		theirs := ids(listMine(t, carer2, false, 20))[0]
		ownersMaple := ids(listMine(t, ownerMaple, false, 20))[0]
		mark := func(c *servertest.Client, r shared.MarkNotificationsReadRequest) *servertest.Response {
			return c.Post(t, base+"/markRead", r)
		}
		for name, try := range map[string]struct {
			c   *servertest.Client
			ids []string
		}{
			"a colleague's":                 {carer1, []string{theirs}},
			"own with a colleague's":        {carer1, []string{mine[0], theirs}},
			"Maple's from Cedar":            {cedarCarer, []string{mine[0]}},
			"own Maple one signed in Cedar": {ownerCedar, []string{ownersMaple}},
			"none such":                     {carer1, []string{"0190a6f2-0000-7000-8000-000000000000"}},
			"too long an id":                {carer1, []string{strings.Repeat("a", shared.IDMax+1)}},
		} {
			mark(try.c, shared.MarkNotificationsReadRequest{NotificationIDs: try.ids}).Is(t, http.StatusOK, shared.CodeNotFound)
			_ = name
		}
		if u := unread(t, carer1); u.Count != 3 {
			t.Fatalf("maple1 unread %d after refused marks, want 3", u.Count)
		}
		if u := unread(t, carer2); u.Count != 1 {
			t.Fatalf("maple2 unread %d, want 1", u.Count)
		}
		if u := unread(t, ownerMaple); u.Count != 1 {
			t.Fatalf("owner at Maple unread %d, want 1", u.Count)
		}
		// Neither ids nor all, or both: 4022 naming the field.
		for _, r := range []shared.MarkNotificationsReadRequest{{}, {All: true, NotificationIDs: mine[:1]}} {
			if res := mark(carer1, r).Is(t, http.StatusOK, shared.CodeValidation); !strings.Contains(string(res.Data), "notificationIds") {
				t.Errorf("4022 data %s", res.Data)
			}
		}
		// Too many ids: refused by the schema.
		many := make([]string, shared.NotificationMarkMax+1)
		for i := range many {
			many[i] = mine[0]
		}
		mark(carer1, shared.MarkNotificationsReadRequest{NotificationIDs: many}).Is(t, http.StatusOK, shared.CodeValidation)

		// Own ids (repeated): marked; the answer is the unread state after.
		var u shared.UnreadNotifications
		mark(carer1, shared.MarkNotificationsReadRequest{NotificationIDs: []string{mine[0], mine[0]}}).OK(t).Into(t, &u)
		if u.Count != 2 {
			t.Errorf("after marking one: %+v", u)
		}
		readAt := e.Clock.Now().UnixMilli()
		e.Clock.Advance(time.Minute)
		// Again: fine, and its read time is kept.
		mark(carer1, shared.MarkNotificationsReadRequest{NotificationIDs: []string{mine[0]}}).OK(t).Into(t, &u)
		if got := listMine(t, carer1, false, 20).Records[0]; got.ReadTime != readAt {
			t.Errorf("read time moved: %d, want %d", got.ReadTime, readAt)
		}
		// All: every one of maple1's; nobody else's.
		mark(carer1, shared.MarkNotificationsReadRequest{All: true}).OK(t).Into(t, &u)
		if u.Count != 0 || u.LatestTime != 0 {
			t.Errorf("after all: %+v", u)
		}
		if p := listMine(t, carer1, true, 20); p.Total != 0 {
			t.Errorf("unread after all: %+v", p)
		}
		if n := unread(t, carer2).Count + unread(t, ownerMaple).Count + unread(t, ownerCedar).Count; n != 3 {
			t.Errorf("others' unread %d after maple1 marked all, want 3", n)
		}
		// The owner marks all at Cedar: Maple's stays unread.
		mark(ownerCedar, shared.MarkNotificationsReadRequest{All: true}).OK(t)
		if u := unread(t, ownerMaple); u.Count != 1 {
			t.Errorf("owner at Maple after marking all at Cedar: %+v", u)
		}
	})
}

// The routes: every facility role, their own rows; the super admin has no
// facility (4003); no sign-in 401; a facility without a plan 7001, the free
// plan has them (the Dashboard function).
func TestRolesAndPlans(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		calls := map[string]func(c *servertest.Client) *servertest.Response{
			"listMine": func(c *servertest.Client) *servertest.Response {
				return c.Post(t, base+"/listMine", shared.PageRequest[shared.NotificationFilter]{Current: 1, Size: 20})
			},
			"unreadCount": func(c *servertest.Client) *servertest.Response { return c.Get(t, base+"/unreadCount") },
			"markRead": func(c *servertest.Client) *servertest.Response {
				return c.Post(t, base+"/markRead", shared.MarkNotificationsReadRequest{All: true})
			},
		}
		for _, who := range []struct {
			account, facility string
		}{
			{"owner_evergreen", "Maple House AFH"}, {"admin_maple", ""}, {"caregiver_maple1", ""}, {"caregiver_cedar1", ""},
			{"owner_birch", ""}, // the free plan
		} {
			var c *servertest.Client
			if who.facility != "" {
				c = e.SignIn(t, who.account, who.facility)
			} else {
				c = e.SignIn(t, who.account)
			}
			for name, call := range calls {
				if r := call(c); r.Code != shared.CodeOK {
					t.Errorf("%s %s: %s %s", who.account, name, r.Code, r.Body)
				}
			}
		}
		super, anon := e.SignIn(t, "superadmin"), e.Client()
		for name, call := range calls {
			call(super).Is(t, http.StatusOK, shared.CodeForbidden)
			call(anon).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
			_ = name
		}
		tenants := tenant.NewStore(d)
		birch := e.FacilityID(t, "Birch Cottage AFH")
		if err := tenants.SetPlan(context.Background(), birch, "", ""); err != nil {
			t.Fatal(err)
		}
		noPlan := e.SignIn(t, "owner_birch")
		for _, call := range calls {
			call(noPlan).Is(t, http.StatusOK, shared.CodeNoSubscription)
		}
	})
}

// The daily job removes notifications older than 90 days, read or not, of
// every facility, and keeps the rest.
func TestCleanupRemovesOld(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		m1, c1 := e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_cedar1")
		notify(t, e, maple, []string{m1}, overdueSoon("old-maple", "Margaret Lee"))
		notify(t, e, cedar, []string{c1}, overdueSoon("old-cedar", "Rose Alvarez"))
		e.Clock.Advance(89 * 24 * time.Hour)
		notify(t, e, maple, []string{m1}, overdueSoon("recent", "Margaret Lee"))
		e.DrainJobs(t) // 89 days: nothing is old enough
		if n := rows(t, d, `dedupe_key IN ('old-maple', 'old-cedar', 'recent')`); n != 3 {
			t.Fatalf("%d rows after 89 days, want 3", n)
		}
		e.Clock.Advance(2 * 24 * time.Hour) // 91 days after the first two
		e.DrainJobs(t)
		if n := rows(t, d, `dedupe_key IN ('old-maple', 'old-cedar')`); n != 0 {
			t.Errorf("%d notifications older than 90 days left", n)
		}
		if n := rows(t, d, `dedupe_key = 'demo-welcome-emar'`); n != 0 {
			t.Errorf("the demo's note (older than 90 days now) left")
		}
		if n := rows(t, d, `dedupe_key = 'recent'`); n != 1 {
			t.Errorf("the 2-day-old one removed")
		}
		// Cleanup itself, straight: nothing more to remove.
		if n, err := e.Server.Notifications.Cleanup(context.Background(), e.Clock.Now()); err != nil || n != 0 {
			t.Errorf("Cleanup again: %d, %v", n, err)
		}
		if p := listMine(t, e.SignIn(t, "caregiver_maple1"), false, 20); p.Total != 1 || p.Records[0].Params["resident"] != "Margaret Lee" {
			t.Errorf("maple1 after cleanup: %+v", p)
		}
	})
}
