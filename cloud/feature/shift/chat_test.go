package shift_test

import (
	"context"
	"errors"
	"testing"

	"hearth/cloud/feature/shift"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/chatpost/chatposttest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A submitted shift report is said once in the facility's channel (no
// recipients named), with its author and shift date; saving a draft says
// nothing; a submit whose transaction fails says nothing and leaves the
// report a draft.
func TestSubmittedReportPostsInChat(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		ctx := context.Background()
		chat := &chatposttest.Recorder{}
		s, err := shift.New(shift.Deps{DB: e.DB, Packages: e.Server.Packages, Notify: e.Server.Notifications, Credentials: e.Server.Staff,
			Announce: e.Server.Jobs.Announce, Chat: chat, Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		tenant := e.FacilityID(t, maple)
		amina := &auth.Principal{UserID: e.UserID(t, "caregiver_maple1"), TenantID: tenant, Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanPremium}

		draft, err := s.SaveReport(ctx, amina, shared.SaveShiftReportRequest{ShiftDate: "2027-05-31", FreeText: "Quiet night"})
		if err != nil {
			t.Fatal(err)
		}
		if got := chat.Posts(""); len(got) != 0 {
			t.Fatalf("a draft posted: %+v", got)
		}

		chat.Fail(errors.New("chat down"))
		submit := shared.SaveShiftReportRequest{ReportID: draft.ReportID, Version: draft.Version, ShiftDate: "2027-05-31", FreeText: "Quiet night"}
		if _, err := s.SubmitReport(ctx, amina, submit); err == nil {
			t.Fatal("a submit whose chat fails succeeded")
		}
		if got := chat.Posts(""); len(got) != 0 {
			t.Fatalf("posted from a failed transaction: %+v", got)
		}
		if r, err := s.GetReport(ctx, amina, draft.ReportID); err != nil || r.Status != shared.ShiftReportDraft || r.Version != draft.Version {
			t.Fatalf("the report after a failed submit: %+v %v", r, err)
		}

		chat.Fail(nil)
		sub, err := s.SubmitReport(ctx, amina, submit)
		if err != nil {
			t.Fatal(err)
		}
		posts := chat.Posts("")
		if len(posts) != 1 {
			t.Fatalf("%d posts, want 1: %+v", len(posts), posts)
		}
		p := posts[0]
		if p.Key != shared.ChatKeyShiftReportSubmitted || p.TenantID != tenant || len(p.To) != 0 || p.SourceID != sub.ReportID || p.At != sub.SubmittedAt {
			t.Errorf("post: %+v, want %s to Maple's channel about %s at %d", p, shared.ChatKeyShiftReportSubmitted, sub.ReportID, sub.SubmittedAt)
		}
		if p.Params["author"] == "" || p.Params["author"] != sub.AuthorName || p.Params["shiftDate"] != "2027-05-31" || len(p.Params) != 2 {
			t.Errorf("params: %v, want author %q and shiftDate 2027-05-31", p.Params, sub.AuthorName)
		}
		if n := chat.OutsideTx(); n != 0 {
			t.Errorf("%d posts outside the submit's transaction", n)
		}
	})
}
