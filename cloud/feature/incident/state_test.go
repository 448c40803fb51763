package incident_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A caregiver's fall: draft → submit (duties, owners notified) → the owner
// ticks duties, cannot approve with a mandatory one open unless waived, then
// approves; nothing changes after.
func TestStateMachine(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		other := e.SignIn(t, "caregiver_maple2")
		r := newResident(t, owner, "Ruth")

		var base shared.IncidentReminders // the demo's reports
		owner.Get(t, ir+"/countReminders").OK(t).Into(t, &base)
		rep := draft(t, carer, fall(e, r.ResidentID))
		if rep.State != shared.IncidentDraft || rep.Group != shared.IncidentGroupResident || rep.ResidentName != "Ruth Test" || !rep.Editable {
			t.Fatalf("draft: %+v", rep)
		}
		// A draft already shows what submit will ask: a fall with injury → family, physician, case manager.
		for _, c := range []shared.IncidentDutyCode{shared.DutyNotifyFamily, shared.DutyNotifyPhysician, shared.DutyNotifyCaseManager} {
			if d := duty(rep, c); d == nil || !d.Mandatory || d.Source != "WAC 388-76-10225" {
				t.Fatalf("duty %s: %+v", c, rep.Duties)
			}
		}
		// Nobody else sees a draft; the owner's list leaves it out.
		other.Get(t, ir+"/getIncidentReportById?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeNotFound)
		owner.Get(t, ir+"/getIncidentReportById?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeNotFound)
		// Only the author deletes a draft.
		other.Get(t, ir+"/deleteIncidentReport?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeNotFound)

		// An edit on an old version: 4009.
		up := shared.UpdateIncidentReportRequest{IncidentID: rep.IncidentID, Version: rep.Version, SaveIncidentDraftRequest: fall(e, r.ResidentID)}
		up.Witnesses = "Wei Chen"
		carer.Post(t, ir+"/updateIncidentReport", up).OK(t).Into(t, &rep)
		carer.Post(t, ir+"/updateIncidentReport", up).Is(t, http.StatusOK, shared.CodeConflict)

		rep = submit(t, carer, rep.IncidentID)
		if rep.State != shared.IncidentPendingReview || rep.SubmittedAt == 0 || rep.Editable {
			t.Fatalf("submitted: %+v", rep)
		}
		carer.Get(t, ir+"/submit?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeConflict)
		// The caregiver can no longer edit or delete it, nor approve.
		up.Version = rep.Version
		carer.Post(t, ir+"/updateIncidentReport", up).Is(t, http.StatusOK, shared.CodeForbidden)
		carer.Get(t, ir+"/deleteIncidentReport?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeForbidden)
		carer.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version}).Is(t, http.StatusOK, shared.CodeForbidden)

		// The owner is told: the sidebar counts it and a notification waits.
		var counts shared.IncidentReminders
		owner.Get(t, ir+"/countReminders").OK(t).Into(t, &counts)
		if counts.PendingReview != base.PendingReview+1 {
			t.Fatalf("reminders: %+v", counts)
		}
		var side shared.SidebarReminderCount
		owner.Get(t, "/api/care/resident/sidebarReminderCount").OK(t).Into(t, &side)
		if side.IncidentReportCount != base.PendingReview+1 {
			t.Errorf("sidebar incidentReportCount %d", side.IncidentReportCount)
		}
		var notes shared.Page[shared.Notification]
		owner.Post(t, "/api/care/notification/listMine", shared.PageRequest[shared.NotificationFilter]{Current: 1, Size: 20}).OK(t).Into(t, &notes)
		found := false
		for _, n := range notes.Records {
			found = found || n.TitleKey == shared.NotifyIncidentSubmittedTitle
		}
		if !found {
			t.Errorf("owner not notified: %+v", notes.Records)
		}

		// Approval refused while a mandatory duty is open; the message names it.
		rep = get(t, owner, rep.IncidentID)
		resp := owner.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version})
		resp.Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(resp.Message, "family") {
			t.Errorf("message does not name the duty: %s", resp.Message)
		}
		for _, c := range []shared.IncidentDutyCode{shared.DutyNotifyFamily, shared.DutyNotifyPhysician} {
			owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: duty(rep, c).DutyID, Done: true}).OK(t).Into(t, &rep)
		}
		if d := duty(rep, shared.DutyNotifyFamily); d.DoneAt == 0 || d.DoneBy == "" {
			t.Fatalf("checked: %+v", d)
		}
		// A duty done with a confirmation number keeps it; unticked, it is gone; too long is refused.
		fam := duty(rep, shared.DutyNotifyFamily).DutyID
		owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: fam, Done: true, Reference: " CN-20417 "}).OK(t).Into(t, &rep)
		if d := duty(rep, shared.DutyNotifyFamily); d.Reference != "CN-20417" {
			t.Errorf("reference: %+v", d)
		}
		owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: fam, Done: true,
			Reference: strings.Repeat("9", shared.ShortTextMax+1)}).Is(t, http.StatusOK, shared.CodeValidation)
		owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: fam, Done: false}).OK(t).Into(t, &rep)
		if d := duty(rep, shared.DutyNotifyFamily); d.Reference != "" || d.DoneAt != 0 {
			t.Errorf("unticked: %+v", d)
		}
		owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: fam, Done: true}).OK(t).Into(t, &rep)
		owner.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version}).Is(t, http.StatusOK, shared.CodeValidation)
		// A waiver needs a reason.
		cm := duty(rep, shared.DutyNotifyCaseManager).DutyID
		owner.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version,
			Waivers: []shared.IncidentWaiver{{DutyID: cm, Reason: " "}}}).Is(t, http.StatusOK, shared.CodeValidation)
		owner.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version,
			Waivers: []shared.IncidentWaiver{{DutyID: cm, Reason: "Private-pay resident: no case manager"}}}).OK(t).Into(t, &rep)
		if rep.State != shared.IncidentCompleted || rep.CompletedAt == 0 || rep.ReviewerName == "" || duty(rep, shared.DutyNotifyCaseManager).WaivedReason == "" {
			t.Fatalf("completed: %+v", rep)
		}
		actions := []shared.IncidentTimelineAction{}
		for _, s := range rep.Timeline {
			actions = append(actions, s.Action)
		}
		if len(actions) < 5 || actions[0] != shared.TimelineCreated || actions[len(actions)-1] != shared.TimelineApproved {
			t.Errorf("timeline %v", actions)
		}
		// Completed: read-only for everyone, and irreversible.
		up.Version = rep.Version
		resp = owner.Post(t, ir+"/updateIncidentReport", up).Is(t, http.StatusOK, shared.CodeForbidden)
		if !strings.Contains(resp.Message, "completed") {
			t.Errorf("message: %s", resp.Message)
		}
		owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: cm, Done: true}).Is(t, http.StatusOK, shared.CodeForbidden)
		owner.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version}).Is(t, http.StatusOK, shared.CodeForbidden)
		owner.Get(t, ir+"/finalAnalysis?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeForbidden)
		owner.Get(t, ir+"/deleteIncidentReport?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeForbidden)

		// Audited: create, update, submit, two duty checks, approve.
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE entity_id = ?`, rep.IncidentID).Scan(&n); err != nil || n < 6 {
			t.Errorf("audit rows %d %v", n, err)
		}
		// The PDF opens.
		pdf := owner.Get(t, ir+"/print?incidentId="+rep.IncidentID)
		if pdf.Status != http.StatusOK || !strings.HasPrefix(string(pdf.Body), "%PDF") {
			t.Errorf("print: %d %.100s", pdf.Status, pdf.Body)
		}
		zh := owner.Do(t, servertest.Request{Method: http.MethodGet, Path: ir + "/print?incidentId=" + rep.IncidentID, Header: map[string]string{"Accept-Language": "zh-CN"}})
		if zh.Status != http.StatusOK || !strings.HasPrefix(string(zh.Body), "%PDF") {
			t.Errorf("print zh: %d", zh.Status)
		}

		// A draft is deleted by its author.
		d2 := draft(t, carer, shared.SaveIncidentDraftRequest{Type: shared.IncidentPowerOutage})
		if d2.Group != shared.IncidentGroupFacility {
			t.Fatalf("group %s", d2.Group)
		}
		carer.Get(t, ir+"/deleteIncidentReport?incidentId="+d2.IncidentID).OK(t)
		carer.Get(t, ir+"/getIncidentReportById?incidentId="+d2.IncidentID).Is(t, http.StatusOK, shared.CodeNotFound)
		// Submit needs the facts.
		d3 := draft(t, carer, shared.SaveIncidentDraftRequest{Type: shared.IncidentFall})
		carer.Get(t, ir+"/submit?incidentId="+d3.IncidentID).Is(t, http.StatusOK, shared.CodeValidation)
	})
}

// The demo: Maple has a completed fall with both analyses, a report pending
// review with an unchecked duty, and a caregiver's draft.
func TestDemo(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		var page shared.Page[shared.IncidentReport]
		owner.Post(t, ir+"/listIncidentReport", shared.PageRequest[shared.IncidentFilter]{Current: 1, Size: 20}).OK(t).Into(t, &page)
		states := map[shared.IncidentState]int{}
		for _, r := range page.Records {
			states[r.State]++
			if r.State == shared.IncidentCompleted {
				full := get(t, owner, r.IncidentID)
				if len(full.Analyses) != 2 || !full.Analyses[1].Accepted || full.Type != shared.IncidentFall {
					t.Errorf("completed fall: %+v", full.Analyses)
				}
			}
			if r.State == shared.IncidentPendingReview && r.OverdueDuties == 0 {
				t.Errorf("pending without an open duty: %+v", r.Duties)
			}
		}
		if states[shared.IncidentCompleted] != 1 || states[shared.IncidentPendingReview] != 1 || states[shared.IncidentDraft] != 0 {
			t.Errorf("owner sees %v", states)
		}
		// Filters: type, state, resident, discovery range.
		for _, c := range []struct {
			f    shared.IncidentFilter
			want int64
		}{
			{shared.IncidentFilter{Type: shared.IncidentFall}, 1},
			{shared.IncidentFilter{State: shared.IncidentPendingReview}, 1},
			{shared.IncidentFilter{Type: shared.IncidentFall, State: shared.IncidentPendingReview}, 0},
			{shared.IncidentFilter{From: e.Clock.Now().Add(-48 * time.Hour).UnixMilli()}, 1},
			{shared.IncidentFilter{To: e.Clock.Now().Add(-48 * time.Hour).UnixMilli()}, 1},
			{shared.IncidentFilter{ResidentID: "no-such-resident"}, 0},
		} {
			owner.Post(t, ir+"/listIncidentReport", shared.PageRequest[shared.IncidentFilter]{Current: 1, Size: 20, Data: c.f}).OK(t).Into(t, &page)
			if page.Total != c.want {
				t.Errorf("filter %+v: %d, want %d", c.f, page.Total, c.want)
			}
		}
		carer := e.SignIn(t, "caregiver_maple1")
		carer.Post(t, ir+"/listIncidentReport", shared.PageRequest[shared.IncidentFilter]{Current: 1, Size: 20,
			Data: shared.IncidentFilter{State: shared.IncidentDraft}}).OK(t).Into(t, &page)
		if page.Total != 1 {
			t.Errorf("caregiver drafts %d", page.Total)
		}
	})
}
