package incident_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"hearth/cloud/feature/incident"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/chatpost/chatposttest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A report submitted for review is said once in the Hearth chats of the
// facility's owners and admins (not the one who submitted it), with the
// author, the resident (none for a facility incident) and the type's code;
// a submit whose transaction fails says nothing and leaves the draft a
// draft.
func TestSubmittedIncidentPostsInChat(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		chat := &chatposttest.Recorder{}
		q, err := jobs.NewWith(e.DB, nil, jobs.Options{Now: e.Clock.Now}) // a queue of its own: New registers the analysis worker
		if err != nil {
			t.Fatal(err)
		}
		s, err := incident.New(incident.Deps{DB: e.DB, Packages: e.Server.Packages, Notify: e.Server.Notifications, Files: e.Server.Files, Announce: e.Server.Jobs.Announce,
			Analyzer: e.Server.AI, Queue: q, Chat: chat, Params: e.Server.Params, Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		tenant := e.FacilityID(t, maple)
		who := func(account string, role shared.Role) *auth.Principal {
			return &auth.Principal{UserID: e.UserID(t, account), TenantID: tenant, Roles: []shared.Role{role}, Plan: shared.PlanPremium}
		}
		amina, admin := who("caregiver_maple1", shared.RoleCaregiverStaff), who("admin_maple", shared.RoleFacilityAdmin)
		owner := e.UserID(t, "owner_evergreen")
		var margaret string
		if err := e.DB.QueryRowContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND first_name = ?`, tenant, "Margaret").Scan(&margaret); err != nil {
			t.Fatal(err)
		}

		fallDraft, err := s.SaveDraft(ctx, amina, fall(e, margaret))
		if err != nil {
			t.Fatal(err)
		}
		chat.Fail(errors.New("chat down"))
		if _, err := s.Submit(ctx, amina, fallDraft.IncidentID); err == nil {
			t.Fatal("a submit whose chat fails succeeded")
		}
		if got := chat.Posts(""); len(got) != 0 {
			t.Fatalf("posted from a failed transaction: %+v", got)
		}
		if r, err := s.Get(ctx, amina, fallDraft.IncidentID); err != nil || r.State != shared.IncidentDraft {
			t.Fatalf("the report after a failed submit: %+v %v", r, err)
		}

		chat.Fail(nil)
		sub, err := s.Submit(ctx, amina, fallDraft.IncidentID)
		if err != nil {
			t.Fatal(err)
		}
		posts := chat.Posts("")
		if len(posts) != 1 {
			t.Fatalf("%d posts, want 1: %+v", len(posts), posts)
		}
		p := posts[0]
		managers := []string{owner, admin.UserID}
		slices.Sort(managers)
		to := slices.Sorted(slices.Values(p.To))
		if p.Key != shared.ChatKeyIncidentForReview || p.TenantID != tenant || !slices.Equal(to, managers) || p.SourceID != sub.IncidentID {
			t.Errorf("post: %+v, want %s to the owner and the admin about %s", p, shared.ChatKeyIncidentForReview, sub.IncidentID)
		}
		if p.Params["resident"] == "" || p.Params["resident"] != sub.ResidentName || p.Params["incidentType"] != string(shared.IncidentFall) ||
			p.Params["author"] == "" || p.Params["author"] != sub.AuthorName || len(p.Params) != 3 {
			t.Errorf("params: %v, want author %q, resident %q, incidentType FALL", p.Params, sub.AuthorName, sub.ResidentName)
		}

		// The admin reports a fire: the owner is told; no resident.
		fire := fall(e, "")
		fire.Type = shared.IncidentFire
		fireDraft, err := s.SaveDraft(ctx, admin, fire)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Submit(ctx, admin, fireDraft.IncidentID); err != nil {
			t.Fatal(err)
		}
		fires := chat.Posts("")[1:]
		if len(fires) != 1 || !slices.Equal(fires[0].To, []string{owner}) || fires[0].SourceID != fireDraft.IncidentID ||
			fires[0].Params["resident"] != "" || fires[0].Params["incidentType"] != string(shared.IncidentFire) {
			t.Errorf("the fire's posts: %+v, want one to the owner alone with no resident", fires)
		}
		if n := chat.OutsideTx(); n != 0 {
			t.Errorf("%d posts outside the submit's transaction", n)
		}
	})
}
