package request_test

import (
	"context"
	"errors"
	"hearth/cloud/platform/mail"
	"slices"
	"testing"
	"time"

	"hearth/cloud/feature/request"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/chatpost/chatposttest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Approved leave is said once in the requester's Hearth chat, with their
// name and the leave's first and last days in the facility's zone (Pacific:
// from 20:00 on the 10th, which is the 11th in UTC, to midnight ending the
// 11th); a refusal or an approved shift adjustment says nothing; an approval
// whose transaction fails says nothing and leaves the request pending.
func TestApprovedLeavePostsInChat(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		chat := &chatposttest.Recorder{}
		s, err := request.New(request.Deps{DB: e.DB, Mail: mail.New(e.Config.SMTP, d, nil), Chat: chat, Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		pacific, err := time.LoadLocation("America/Los_Angeles")
		if err != nil {
			t.Fatal(err)
		}
		tenant := e.FacilityID(t, "Maple House AFH")
		who := func(account string, role shared.Role) *auth.Principal {
			return &auth.Principal{UserID: e.UserID(t, account), TenantID: tenant, Roles: []shared.Role{role}, Plan: shared.PlanPremium}
		}
		amina, wei, owner := who("caregiver_maple1", shared.RoleCaregiverStaff), who("caregiver_maple2", shared.RoleCaregiverStaff),
			who("owner_evergreen", shared.RoleFacilityOwner)
		file := func(p *auth.Principal, typ shared.ApplicationType) *shared.ApplicationForm {
			t.Helper()
			f, err := s.Save(ctx, p, shared.SaveApplicationFormRequest{Type: typ, Reason: "Family visit",
				StartTime: time.Date(2027, 6, 10, 20, 0, 0, 0, pacific).UnixMilli(), EndTime: time.Date(2027, 6, 12, 0, 0, 0, 0, pacific).UnixMilli()})
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
		decide := func(f *shared.ApplicationForm, status shared.ApplicationStatus) error {
			_, err := s.Approval(ctx, owner, shared.ApprovalQuery{ApplicationID: f.ApplicationID, Status: status, Comment: "Noted"})
			return err
		}
		leave := file(amina, shared.ApplicationLeave)

		chat.Fail(errors.New("chat down"))
		if err := decide(leave, shared.ApplicationApproved); err == nil {
			t.Fatal("an approval whose chat fails succeeded")
		}
		if got := chat.Posts(""); len(got) != 0 {
			t.Fatalf("posted from a failed transaction: %+v", got)
		}
		chat.Fail(nil)
		var status string
		if err := e.DB.QueryRowContext(ctx, `SELECT status FROM application_forms WHERE tenant_id = ? AND id = ?`, tenant, leave.ApplicationID).Scan(&status); err != nil ||
			status != string(shared.ApplicationPending) {
			t.Fatalf("the leave after the failed approval: %s %v", status, err)
		}

		if err := decide(leave, shared.ApplicationApproved); err != nil {
			t.Fatal(err)
		}
		if err := decide(file(wei, shared.ApplicationLeave), shared.ApplicationRefused); err != nil {
			t.Fatal(err)
		}
		if err := decide(file(wei, shared.ApplicationShiftAdjustment), shared.ApplicationApproved); err != nil {
			t.Fatal(err)
		}
		posts := chat.Posts("")
		if len(posts) != 1 {
			t.Fatalf("%d posts, want 1 (the approved leave): %+v", len(posts), posts)
		}
		p := posts[0]
		if p.Key != shared.ChatKeyLeaveApproved || p.TenantID != tenant || !slices.Equal(p.To, []string{amina.UserID}) || p.SourceID != leave.ApplicationID {
			t.Errorf("post: %+v, want %s to Amina about %s", p, shared.ChatKeyLeaveApproved, leave.ApplicationID)
		}
		want := map[string]string{"caregiver": leave.CreatorName, "from": "2027-06-10", "to": "2027-06-11"}
		if leave.CreatorName == "" || len(p.Params) != 3 || p.Params["caregiver"] != want["caregiver"] || p.Params["from"] != want["from"] || p.Params["to"] != want["to"] {
			t.Errorf("params: %v, want %v", p.Params, want)
		}
		if n := chat.OutsideTx(); n != 0 {
			t.Errorf("%d posts outside the decision's transaction", n)
		}
	})
}
