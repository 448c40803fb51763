package request_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const base = "/api/care/applicationForm"

func save(t *testing.T, c *servertest.Client, req shared.SaveApplicationFormRequest) *servertest.Response {
	t.Helper()
	return c.Post(t, base+"/save", req)
}

func saved(t *testing.T, c *servertest.Client, req shared.SaveApplicationFormRequest) shared.ApplicationForm {
	t.Helper()
	var f shared.ApplicationForm
	save(t, c, req).OK(t).Into(t, &f)
	return f
}

func approval(t *testing.T, c *servertest.Client, id string, status shared.ApplicationStatus, comment string) *servertest.Response {
	t.Helper()
	q := url.Values{"applicationId": {id}, "status": {string(status)}}
	if comment != "" {
		q.Set("comment", comment)
	}
	return c.Get(t, base+"/approval?"+q.Encode())
}

func list(t *testing.T, c *servertest.Client, f shared.ApplicationFormFilter) shared.Page[shared.ApplicationForm] {
	t.Helper()
	var p shared.Page[shared.ApplicationForm]
	c.Post(t, base+"/listApplicationFormByPage", shared.PageRequest[shared.ApplicationFormFilter]{Current: 1, Size: 100, Data: f}).OK(t).Into(t, &p)
	return p
}

func reminders(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var n int
	c.Get(t, base+"/countReminders").OK(t).Into(t, &n)
	return n
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// A caregiver files and edits a request; bad ones are refused and change nothing.
func TestSaveRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		start := e.Clock.Now().Add(72 * time.Hour).UnixMilli()
		end := start + 8*3600*1000
		good := shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave, StartTime: start, EndTime: end, Reason: "  Doctor's appointment  "}
		before := count(t, d, `SELECT COUNT(*) FROM application_forms`)
		for name, bad := range map[string]shared.SaveApplicationFormRequest{
			"end before start": {Type: shared.ApplicationLeave, StartTime: end, EndTime: start, Reason: "x"},
			"end at start":     {Type: shared.ApplicationLeave, StartTime: start, EndTime: start, Reason: "x"},
			"no reason":        {Type: shared.ApplicationLeave, StartTime: start, EndTime: end, Reason: "   "},
			"reason too long":  {Type: shared.ApplicationLeave, StartTime: start, EndTime: end, Reason: strings.Repeat("a", shared.ApplicationReasonMax+1)},
			"bad type":         {Type: "HOLIDAY", StartTime: start, EndTime: end, Reason: "x"},
			"no start":         {Type: shared.ApplicationLeave, EndTime: end, Reason: "x"},
			"over a year":      {Type: shared.ApplicationLeave, StartTime: start, EndTime: start + 400*24*3600*1000, Reason: "x"},
		} {
			if r := save(t, c, bad); r.Code != shared.CodeValidation {
				t.Errorf("%s: got %s %s", name, r.Code, r.Body)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM application_forms`); n != before {
			t.Fatalf("refused requests stored: %d -> %d", before, n)
		}
		// 1000 characters (in any script) are fine.
		long := good
		long.Reason = strings.Repeat("假", shared.ApplicationReasonMax)
		saved(t, c, long)
		f := saved(t, c, good)
		if f.Status != shared.ApplicationPending || f.Reason != "Doctor's appointment" || f.CreatorName != "Amina Njoroge" || f.CreatorColor == "" {
			t.Fatalf("saved: %+v", f)
		}
		// The creator edits it while pending; a colleague cannot touch it.
		edit := good
		edit.ApplicationID, edit.Type, edit.Reason = f.ApplicationID, shared.ApplicationShiftAdjustment, "Swap with Wei"
		if g := saved(t, c, edit); g.Type != shared.ApplicationShiftAdjustment || g.Reason != "Swap with Wei" || g.ApplicationID != f.ApplicationID {
			t.Fatalf("edit: %+v", g)
		}
		save(t, e.SignIn(t, "caregiver_maple2"), edit).Is(t, http.StatusOK, shared.CodeNotFound)
		save(t, e.SignIn(t, "caregiver_cedar1"), edit).Is(t, http.StatusOK, shared.CodeNotFound)
		// Once decided it stays as decided.
		approval(t, e.SignIn(t, "owner_evergreen", "Maple House AFH"), f.ApplicationID, shared.ApplicationPass, "").OK(t)
		save(t, c, edit).Is(t, http.StatusOK, shared.CodeConflict)
		// Owners do not file requests.
		save(t, e.SignIn(t, "owner_evergreen", "Maple House AFH"), good).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

// Owners and admins approve or refuse once; caregivers cannot; nobody decides their own.
func TestApprovalRights(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		admin := e.SignIn(t, "admin_maple")
		start := e.Clock.Now().Add(24 * time.Hour).UnixMilli()
		req := shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave, StartTime: start, EndTime: start + 3600_000, Reason: "Dentist"}
		a := saved(t, c, req)
		b := saved(t, c, req)

		approval(t, c, a.ApplicationID, shared.ApplicationApproved, "").Is(t, http.StatusOK, shared.CodeForbidden)
		approval(t, e.SignIn(t, "caregiver_maple2"), a.ApplicationID, shared.ApplicationApproved, "").Is(t, http.StatusOK, shared.CodeForbidden)
		approval(t, ow, a.ApplicationID, "PENDING", "").Is(t, http.StatusOK, shared.CodeValidation)
		approval(t, ow, a.ApplicationID, shared.ApplicationRefused, "").Is(t, http.StatusOK, shared.CodeValidation)
		approval(t, ow, a.ApplicationID, shared.ApplicationRefused, strings.Repeat("c", shared.ApplicationCommentMax+1)).Is(t, http.StatusOK, shared.CodeValidation)
		// Other facilities cannot see it: 4004.
		approval(t, e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), a.ApplicationID, shared.ApplicationApproved, "").Is(t, http.StatusOK, shared.CodeNotFound)
		approval(t, e.SignIn(t, "owner_birch"), a.ApplicationID, shared.ApplicationApproved, "").Is(t, http.StatusOK, shared.CodeNotFound)

		var got shared.ApplicationForm
		approval(t, ow, a.ApplicationID, shared.ApplicationPass, "Enjoy").OK(t).Into(t, &got)
		if got.Status != shared.ApplicationApproved || got.ApproverName != "Elena Martinez" || got.Comment != "Enjoy" || got.ApproveTime == 0 {
			t.Fatalf("approved: %+v", got)
		}
		approval(t, admin, a.ApplicationID, shared.ApplicationRefused, "No").Is(t, http.StatusOK, shared.CodeConflict)
		approval(t, admin, b.ApplicationID, shared.ApplicationRefused, "We are short that day").OK(t).Into(t, &got)
		if got.Status != shared.ApplicationRefused || got.ApproverName != "Grace Kim" {
			t.Fatalf("refused: %+v", got)
		}
		// An admin's own request is decided by someone else.
		own := saved(t, admin, req)
		approval(t, admin, own.ApplicationID, shared.ApplicationApproved, "").Is(t, http.StatusOK, shared.CodeForbidden)
		approval(t, ow, own.ApplicationID, shared.ApplicationApproved, "").OK(t)
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'request.decide' AND entity_id IN (?, ?, ?)`,
			a.ApplicationID, b.ApplicationID, own.ApplicationID); n != 3 {
			t.Fatalf("%d decision audit rows", n)
		}
	})
}

// Caregivers list and count their own; owners and admins the facility's;
// nobody sees another facility's.
func TestListsAndReminders(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple1 := e.SignIn(t, "caregiver_maple1")
		maple2 := e.SignIn(t, "caregiver_maple2")
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		// The demo leaves one pending request from each Maple caregiver.
		if n := reminders(t, ow); n != 2 {
			t.Fatalf("owner's pending count %d, want the demo's 2", n)
		}
		if n := reminders(t, maple1); n != 1 {
			t.Fatalf("caregiver's own pending count %d, want 1", n)
		}
		start := e.Clock.Now().Add(48 * time.Hour).UnixMilli()
		mine := saved(t, maple1, shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave, StartTime: start, EndTime: start + 3600_000, Reason: "Mine"})
		if reminders(t, ow) != 3 || reminders(t, e.SignIn(t, "admin_maple")) != 3 || reminders(t, maple1) != 2 || reminders(t, maple2) != 1 {
			t.Fatal("counts after a new request")
		}
		// A caregiver's creator filter is ignored: only their own come back.
		own2 := list(t, maple2, shared.ApplicationFormFilter{Creator: mine.Creator})
		if own2.Total != 1 || own2.Records[0].Creator != e.UserID(t, "caregiver_maple2") {
			t.Fatalf("caregiver's list: %+v", own2)
		}
		all := list(t, ow, shared.ApplicationFormFilter{})
		if all.Total != 3 || all.Records[0].Status != shared.ApplicationPending {
			t.Fatalf("owner's list: %+v", all)
		}
		if p := list(t, ow, shared.ApplicationFormFilter{Creator: mine.Creator, Type: shared.ApplicationLeave}); p.Total != 2 {
			t.Fatalf("owner's list of one creator's leave: %d", p.Total)
		}
		approval(t, ow, mine.ApplicationID, shared.ApplicationApproved, "").OK(t)
		if p := list(t, maple1, shared.ApplicationFormFilter{Status: shared.ApplicationApproved}); p.Total != 1 || p.Records[0].ApplicationID != mine.ApplicationID {
			t.Fatalf("own approved: %+v", p)
		}
		if reminders(t, ow) != 2 {
			t.Fatal("an approved request still counted")
		}
		// Other facilities see none of Maple's.
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), e.SignIn(t, "caregiver_cedar1"), e.SignIn(t, "owner_birch")} {
			if p := list(t, c, shared.ApplicationFormFilter{Creator: mine.Creator}); p.Total != 0 {
				t.Fatalf("Maple's requests seen elsewhere: %+v", p)
			}
			if n := reminders(t, c); n != 0 {
				t.Fatalf("count elsewhere: %d", n)
			}
		}
		// The super admin has no facility requests.
		e.SignIn(t, "superadmin").Get(t, base+"/countReminders").Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

// Birch Cottage is on the free plan: its owner decides and lists requests
// (staff management is in every plan), but a caregiver's own requests live on
// /your-status, which the free plan lacks (spec 000 §6): 7003, nothing stored.
func TestFreePlanCaregiverHasNoRequests(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_birch")
		hire := shared.SaveCaregiverRequest{Account: "birch_care2", Name: "Lena Park", Email: "lena@birch.example",
			Phone: "+1 208 555 0171", HireDate: "2025-05-01", BirthDate: "1990-02-02"}
		owner.Post(t, "/api/care/caregiver/save", hire).OK(t)
		e.Client().Post(t, "/api/system/user/emailTokenVerify", shared.EmailTokenVerifyRequest{Token: e.LinkToken(t, hire.Email),
			Password: servertest.EncodePassword("Lena@2026pass")}).OK(t)
		lena := e.SignInWith(t, "birch_care2", "Lena@2026pass")

		start := e.Clock.Now().Add(48 * time.Hour).UnixMilli()
		req := shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave, StartTime: start, EndTime: start + 3600_000, Reason: "Family visit"}
		save(t, lena, req).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		lena.Post(t, base+"/listApplicationFormByPage", shared.PageRequest[shared.ApplicationFormFilter]{Current: 1, Size: 20}).
			Is(t, http.StatusOK, shared.CodeFunctionMissing)
		if p := list(t, owner, shared.ApplicationFormFilter{}); p.Total != 0 {
			t.Fatalf("a refused request was stored: %+v", p)
		}
	})
}
