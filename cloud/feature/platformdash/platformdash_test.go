package platformdash_test

import (
	"net/http"
	"testing"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

const (
	sys          = "/api/system"
	summaryPath  = sys + "/dashboard/platformSummary"
	datePath     = sys + "/tenant/tenantDateSummary"
	detailsPath  = sys + "/tenant/tenantDetailsSummary"
	dayMs        = int64(24 * time.Hour / time.Millisecond)
	testJobsKind = "platformdash_test"
)

type snapshot struct {
	sum     shared.PlatformSummary
	weeks   []shared.TenantWeek
	details shared.TenantDetailsSummary
}

func read(t *testing.T, c *servertest.Client) snapshot {
	t.Helper()
	var s snapshot
	c.Get(t, summaryPath).OK(t).Into(t, &s.sum)
	c.Get(t, datePath).OK(t).Into(t, &s.weeks)
	c.Get(t, detailsPath).OK(t).Into(t, &s.details)
	return s
}

func usage(s shared.PlatformSummary, c shared.AICapability) shared.AICapabilityUsage {
	for _, u := range s.AIUsage {
		if u.Capability == c {
			return u
		}
	}
	return shared.AICapabilityUsage{Capability: c}
}

// The platform dashboard's figures follow what is written across homes: sign-ins
// per day, residents moving out, tickets opened and resolved, AI calls, failed jobs,
// homes approved and refused; and only the super admin reads them.
func TestPlatformSummary(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := t.Context()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		super := e.SignIn(t, "superadmin")
		before := read(t, super)
		now := e.Clock.Now().UTC()
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		since := today.AddDate(0, 0, -(shared.PlatformActiveDays - 1))

		if len(before.sum.ActiveUsers) != shared.PlatformActiveDays || before.sum.Since != since.UnixMilli() ||
			before.sum.ActiveUsers[0].Day != since.UnixMilli() || before.sum.ActiveUsers[shared.PlatformActiveDays-1].Day != today.UnixMilli() {
			t.Fatalf("days: since %d, %+v", before.sum.Since, before.sum.ActiveUsers)
		}
		// The super admin just signed in: today counts him.
		if before.sum.ActiveUsers[shared.PlatformActiveDays-1].Count < 1 || before.sum.ActiveUsersTotal < 1 {
			t.Errorf("today's active users: %+v total %d", before.sum.ActiveUsers[shared.PlatformActiveDays-1], before.sum.ActiveUsersTotal)
		}
		var residents int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM residents WHERE status IN ('NORMAL', 'GOING_OUT')`).Scan(&residents); err != nil {
			t.Fatal(err)
		}
		if residents == 0 || before.sum.ResidentsUnderCare != residents {
			t.Errorf("residents under care %d, the demo has %d", before.sum.ResidentsUnderCare, residents)
		}

		// Sessions: two people three days ago (one of them twice), one 40 days ago (outside).
		caregiver, owner := e.UserID(t, "caregiver_maple1"), e.UserID(t, "owner_birch")
		threeDays := today.AddDate(0, 0, -3).Add(5 * time.Hour).UnixMilli()
		session := func(user string, at int64) {
			id := auth.NewOpaqueToken()
			exec(`INSERT INTO sessions (id, family_id, user_id, refresh_hash, login_at, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				id, id, user, auth.HashToken(id), at, at, at+dayMs)
		}
		session(caregiver, threeDays)
		session(caregiver, threeDays+3600_000)
		session(owner, threeDays+7200_000)
		session(owner, today.AddDate(0, 0, -40).UnixMilli())

		// A resident moves out.
		var residentID string
		if err := d.QueryRowContext(ctx, `SELECT id FROM residents WHERE status = 'NORMAL' ORDER BY id LIMIT 1`).Scan(&residentID); err != nil {
			t.Fatal(err)
		}
		exec(`UPDATE residents SET status = 'MOVED_OUT' WHERE id = ?`, residentID)

		// Two tickets: one stays submitted, one is taken up.
		ownerC := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		var a, b shared.Ticket
		ownerC.Post(t, sys+"/customerServiceTicket/saveTicket", shared.SaveTicketRequest{Title: "Printer", Type: shared.TicketType("ISSUES"), Content: "The MAR does not print."}).OK(t).Into(t, &a)
		ownerC.Post(t, sys+"/customerServiceTicket/saveTicket", shared.SaveTicketRequest{Title: "Invoice", Type: shared.TicketType("OTHER"), Content: "Where is my invoice?"}).OK(t).Into(t, &b)
		super.Get(t, sys+"/customerServiceTicket/setProcessingStatus?ticketId="+b.TicketID).OK(t)

		// AI calls: two translations (one failed) and a transcription this month; one translation long ago.
		maple := e.FacilityID(t, "Maple House AFH")
		ai := func(capability string, outcome string, tokens, chars, audio int, at int64) {
			exec(`INSERT INTO ai_usage (id, tenant_id, user_id, capability, provider, prompt_tokens, completion_tokens, characters, audio_ms, outcome, created_at)
				VALUES (?, ?, ?, ?, 'test', ?, ?, ?, ?, ?, ?)`, auth.NewOpaqueToken(), maple, caregiver, capability, tokens, tokens, chars, audio, outcome, at)
		}
		ai("TRANSLATION", "0000", 10, 120, 0, threeDays)
		ai("TRANSLATION", "5001", 0, 80, 0, threeDays)
		ai("TRANSCRIPTION", "0000", 0, 0, 65_000, now.UnixMilli())
		ai("TRANSLATION", "0000", 10, 999, 0, today.AddDate(0, 0, -45).UnixMilli())

		// Jobs: one discarded after its last attempt, one waiting for a retry, one done.
		exec(`INSERT INTO river_job (args, kind, max_attempts, attempt, state, finalized_at) VALUES ('{}', ?, 12, 12, 'discarded', ?)`, testJobsKind, now)
		exec(`INSERT INTO river_job (args, kind, max_attempts, attempt, state) VALUES ('{}', ?, 12, 3, 'retryable')`, testJobsKind)
		exec(`INSERT INTO river_job (args, kind, max_attempts, attempt, state, finalized_at) VALUES ('{}', ?, 12, 1, 'completed', ?)`, testJobsKind, now)

		// Homes: one signed up and approved this week, one refused, one waiting.
		exec(`INSERT INTO organisations (id, name, created_at) VALUES ('org-dash', 'Dash Group', ?)`, now.UnixMilli())
		home := func(id string, st shared.TenantStatus, plan any, reviewed any) {
			exec(`INSERT INTO tenants (id, organisation_id, facility_name, time_zone, status, subscription_plan, created_at, updated_at, reviewed_at)
				VALUES (?, 'org-dash', ?, 'PT', ?, ?, ?, ?, ?)`, id, "Home "+id, st, plan, now.UnixMilli(), now.UnixMilli(), reviewed)
		}
		home("dash-approved", shared.TenantApproved, string(shared.PlanFree), now.UnixMilli())
		home("dash-refused", shared.TenantRefused, nil, now.UnixMilli())
		home("dash-waiting", shared.TenantSubmitted, nil, nil)

		after := read(t, super)
		s0, s1 := before.sum, after.sum
		if got := s1.ActiveUsers[shared.PlatformActiveDays-4].Count - s0.ActiveUsers[shared.PlatformActiveDays-4].Count; got != 2 {
			t.Errorf("active users three days ago: +%d, want +2 (%+v)", got, s1.ActiveUsers)
		}
		// Today: the owner of Maple who signed in to write tickets.
		if got := s1.ActiveUsers[shared.PlatformActiveDays-1].Count - s0.ActiveUsers[shared.PlatformActiveDays-1].Count; got != 1 {
			t.Errorf("active users today: +%d, want +1", got)
		}
		// The caregiver, the owner of Birch and the owner of Maple, each once.
		if got := s1.ActiveUsersTotal - s0.ActiveUsersTotal; got != 3 {
			t.Errorf("active users over the period: +%d, want +3", got)
		}
		for i := range s1.ActiveUsers {
			if i != shared.PlatformActiveDays-4 && i != shared.PlatformActiveDays-1 && s1.ActiveUsers[i] != s0.ActiveUsers[i] {
				t.Errorf("day %d changed: %+v → %+v", i, s0.ActiveUsers[i], s1.ActiveUsers[i])
			}
		}
		if s1.ResidentsUnderCare != s0.ResidentsUnderCare-1 {
			t.Errorf("residents under care %d → %d", s0.ResidentsUnderCare, s1.ResidentsUnderCare)
		}
		if s1.TicketsOpen != s0.TicketsOpen+2 || s1.TicketsSubmitted != s0.TicketsSubmitted+1 {
			t.Errorf("tickets: open %d → %d, submitted %d → %d", s0.TicketsOpen, s1.TicketsOpen, s0.TicketsSubmitted, s1.TicketsSubmitted)
		}
		tr0, tr1 := usage(s0, "TRANSLATION"), usage(s1, "TRANSLATION")
		if tr1.Calls-tr0.Calls != 2 || tr1.Failed-tr0.Failed != 1 || tr1.Tokens-tr0.Tokens != 20 || tr1.Characters-tr0.Characters != 200 {
			t.Errorf("translation usage %+v → %+v", tr0, tr1)
		}
		if sp0, sp1 := usage(s0, "TRANSCRIPTION"), usage(s1, "TRANSCRIPTION"); sp1.Calls-sp0.Calls != 1 || sp1.AudioMs-sp0.AudioMs != 65_000 {
			t.Errorf("transcription usage %+v → %+v", sp0, sp1)
		}
		if s1.JobsFailed != s0.JobsFailed+1 || s1.JobsRetrying != s0.JobsRetrying+1 {
			t.Errorf("jobs: failed %d → %d, retrying %d → %d", s0.JobsFailed, s1.JobsFailed, s0.JobsRetrying, s1.JobsRetrying)
		}
		w0, w1 := before.weeks[len(before.weeks)-1], after.weeks[len(after.weeks)-1]
		if w1.Registered-w0.Registered != 3 || w1.Approved-w0.Approved != 1 || w1.Refused-w0.Refused != 1 {
			t.Errorf("this week's sign-ups %+v → %+v", w0, w1)
		}
		d0, d1 := before.details, after.details
		if d1.Total-d0.Total != 3 || d1.ByStatus[shared.TenantApproved]-d0.ByStatus[shared.TenantApproved] != 1 ||
			d1.ByStatus[shared.TenantRefused]-d0.ByStatus[shared.TenantRefused] != 1 ||
			d1.ByStatus[shared.TenantSubmitted]-d0.ByStatus[shared.TenantSubmitted] != 1 ||
			d1.ByPlan[string(shared.PlanFree)]-d0.ByPlan[string(shared.PlanFree)] != 1 || d1.ByPlan["NONE"]-d0.ByPlan["NONE"] != 2 {
			t.Errorf("homes %+v → %+v", d0, d1)
		}

		// Resolving the taken-up ticket closes it.
		super.Get(t, sys+"/customerServiceTicket/solved?ticketId="+b.TicketID).OK(t)
		var s2 shared.PlatformSummary
		super.Get(t, summaryPath).OK(t).Into(t, &s2)
		if s2.TicketsOpen != s1.TicketsOpen-1 || s2.TicketsSubmitted != s1.TicketsSubmitted {
			t.Errorf("after resolving: open %d, submitted %d", s2.TicketsOpen, s2.TicketsSubmitted)
		}

		// Owners, admins and caregivers of any home are refused (4003); signed out, 401.
		for _, who := range []*servertest.Client{ownerC, e.SignIn(t, "owner_birch"), e.SignIn(t, "admin_maple"), e.SignIn(t, "caregiver_maple1")} {
			for _, path := range []string{summaryPath, datePath, detailsPath} {
				if got := who.Get(t, path); got.Status != http.StatusOK || got.Code != shared.CodeForbidden || len(got.Body) > 300 {
					t.Errorf("%s: HTTP %d %s %s", path, got.Status, got.Code, got.Body)
				}
			}
		}
		e.Client().Get(t, summaryPath).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
	})
}
