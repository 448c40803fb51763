package shift_test

import (
	"context"
	"testing"

	"hearth/cloud/feature/shift"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A shift report goes DRAFT -> SUBMIT; a submitted one reaches every member of
// the facility unread (each until they open it), and fires the SHIFT_REPORT
// task creation rules.
func TestShiftReportFlow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		super := e.SignIn(t, "superadmin")
		super.Post(t, api+"/taskCreationRule/save", shared.SaveTaskCreationRuleRequest{Title: "Follow up the hand-over", BusinessType: shared.BusinessShiftReport,
			TaskType: shared.TaskOther, Frequency: shared.FrequencyOnce, Enabled: true}).OK(t)
		amina := e.SignIn(t, "caregiver_maple1")
		wei := e.SignIn(t, "caregiver_maple2")
		owner := e.SignIn(t, "owner_evergreen", maple)
		unread := func(c *servertest.Client) int {
			var u shared.ShiftReportUnread
			c.Get(t, api+"/shiftReport/countUnread").OK(t).Into(t, &u)
			return u.Count
		}
		weiBefore, ownerBefore := unread(wei), unread(owner)

		// A draft: only its author sees it.
		var draft shared.ShiftReport
		amina.Post(t, api+"/shiftReport/save", shared.SaveShiftReportRequest{ShiftDate: "2027-06-01", ResidentsOfConcern: "Margaret tired"}).OK(t).Into(t, &draft)
		if draft.Status != shared.ShiftReportDraft || !draft.Editable || draft.Version != 1 {
			t.Fatalf("draft: %+v", draft)
		}
		wei.Get(t, api+"/shiftReport/getById?reportId="+draft.ReportID).Is(t, 200, shared.CodeNotFound)
		wei.Post(t, api+"/shiftReport/save", shared.SaveShiftReportRequest{ReportID: draft.ReportID, Version: 1, ShiftDate: "2027-06-01"}).Is(t, 200, shared.CodeNotFound)
		if unread(wei) != weiBefore {
			t.Error("a draft counts as unread")
		}
		// The date cannot be in the future; an empty report cannot be submitted.
		if fe := refused(t, amina.Post(t, api+"/shiftReport/save", shared.SaveShiftReportRequest{ShiftDate: "2027-06-02"})); fe.Rule != "notFuture" {
			t.Errorf("future date: %+v", fe)
		}
		if fe := refused(t, amina.Post(t, api+"/shiftReport/submit", shared.SaveShiftReportRequest{ShiftDate: "2027-06-01"})); fe.Rule != "required" {
			t.Errorf("empty submit: %+v", fe)
		}
		// An edit on an old version is refused.
		edit := shared.SaveShiftReportRequest{ReportID: draft.ReportID, Version: draft.Version, ShiftDate: "2027-06-01",
			ResidentsOfConcern: "Margaret tired", MedsGivenHeld: "Lisinopril held", FreeText: "Quiet morning"}
		amina.Post(t, api+"/shiftReport/save", edit).OK(t)
		amina.Post(t, api+"/shiftReport/submit", edit).Is(t, 200, shared.CodeConflict)
		edit.Version++
		var sub shared.ShiftReport
		amina.Post(t, api+"/shiftReport/submit", edit).OK(t).Into(t, &sub)
		if sub.Status != shared.ShiftReportSubmit || sub.SubmittedAt == 0 || sub.Editable || !sub.Read {
			t.Fatalf("submitted: %+v", sub)
		}
		// Read-only now.
		edit.Version = sub.Version
		amina.Post(t, api+"/shiftReport/save", edit).Is(t, 200, shared.CodeConflict)

		// Everyone else has it unread, and a notification; the author does not.
		if unread(wei) != weiBefore+1 || unread(owner) != ownerBefore+1 {
			t.Errorf("unread: Wei %d (was %d), owner %d (was %d)", unread(wei), weiBefore, unread(owner), ownerBefore)
		}
		if notes(t, wei, shared.NotifyShiftReportTitle) != 1 || notes(t, amina, shared.NotifyShiftReportTitle) != 0 {
			t.Error("the submitted report's notification")
		}
		var page shared.Page[shared.ShiftReport]
		wei.Post(t, api+"/shiftReport/listByPage", shared.PageRequest[shared.ListShiftReportFilter]{Current: 1, Size: 20,
			Data: shared.ListShiftReportFilter{UnreadOnly: true}}).OK(t).Into(t, &page)
		if len(page.Records) == 0 || page.Records[0].Read || int(page.Total) != weiBefore+1 {
			t.Errorf("Wei's unread list: %+v", page)
		}
		// Opening it marks it read for Wei alone.
		var got shared.ShiftReport
		wei.Get(t, api+"/shiftReport/getById?reportId="+sub.ReportID).OK(t).Into(t, &got)
		if !got.Read || got.ReadCount != 1 || got.MedsGivenHeld != "Lisinopril held" {
			t.Errorf("opened: %+v", got)
		}
		if unread(wei) != weiBefore || unread(owner) != ownerBefore+1 {
			t.Errorf("after Wei opened it: Wei %d, owner %d", unread(wei), unread(owner))
		}
		// Unread first in the owner's list.
		owner.Post(t, api+"/shiftReport/listByPage", shared.PageRequest[shared.ListShiftReportFilter]{Current: 1, Size: 50}).OK(t).Into(t, &page)
		seenRead := false
		for _, r := range page.Records {
			if r.Status == shared.ShiftReportDraft {
				t.Errorf("the owner sees a caregiver's draft: %+v", r)
			}
			if r.Read {
				seenRead = true
			} else if seenRead {
				t.Errorf("an unread report after a read one: %+v", page.Records)
				break
			}
		}

		// The SHIFT_REPORT rule made its facility task.
		e.DrainJobs(t)
		var n int
		if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM tasks WHERE tenant_id = ? AND title = ?`,
			e.FacilityID(t, maple), "Follow up the hand-over").Scan(&n); err != nil || n != 1 {
			t.Errorf("tasks from the rule: %d %v", n, err)
		}

		// Prefill: the day's data with the shift's window.
		var pre shared.ShiftReportPrefill
		amina.Post(t, api+"/shiftReport/prefill", shared.ShiftReportPrefillRequest{ShiftDate: "2027-06-01"}).OK(t).Into(t, &pre)
		if pre.To-pre.From != 24*3600*1000 || pre.Incidents == nil || pre.MedsGivenHeld == nil {
			t.Errorf("prefill: %+v", pre)
		}
	})
}

// 7006: a package with a monthly shift-report limit refuses the submit past it;
// the limit is the home's package's, read on every call.
func TestShiftReportLimit(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		if _, err := d.ExecContext(t.Context(), `UPDATE service_packages SET max_shift_reports = 2 WHERE id = 'PREMIUM_PACKAGE'`); err != nil {
			t.Fatal(err)
		}
		s, err := shift.New(shift.Deps{DB: d, Packages: e.Server.Packages, Notify: e.Server.Notifications,
			Credentials: e.Server.Staff, Announce: e.Server.Jobs.Announce, Chat: e.Server.Chat, Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		p := &auth.Principal{UserID: e.UserID(t, "caregiver_maple1"), TenantID: e.FacilityID(t, maple),
			Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanPremium}
		ctx := context.Background()
		for i := 0; i < 2; i++ {
			if _, err := s.SubmitReport(ctx, p, shared.SaveShiftReportRequest{ShiftDate: "2027-06-01", FreeText: "ok"}); err != nil {
				t.Fatal(err)
			}
		}
		_, err = s.SubmitReport(ctx, p, shared.SaveShiftReportRequest{ShiftDate: "2027-06-01", FreeText: "third"})
		if pe, ok := asProblem(err); !ok || pe != shared.CodeMaxShiftReports {
			t.Fatalf("third report: %v", err)
		}
		// Raised on the package: the next call has room.
		if _, err := d.ExecContext(t.Context(), `UPDATE service_packages SET max_shift_reports = 3 WHERE id = 'PREMIUM_PACKAGE'`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SubmitReport(ctx, p, shared.SaveShiftReportRequest{ShiftDate: "2027-06-01", FreeText: "third"}); err != nil {
			t.Fatal(err)
		}
		// Drafts are not counted; a new month starts afresh.
		if _, err := s.SaveReport(ctx, p, shared.SaveShiftReportRequest{ShiftDate: "2027-06-01", FreeText: "draft"}); err != nil {
			t.Fatal(err)
		}
		setClock(e, local(2027, 7, 1, 9, 0))
		if _, err := s.SubmitReport(ctx, p, shared.SaveShiftReportRequest{ShiftDate: "2027-07-01", FreeText: "July"}); err != nil {
			t.Fatal(err)
		}
	})
}
