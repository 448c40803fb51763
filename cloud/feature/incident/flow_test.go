package incident_test

import (
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// A caregiver attaches a photo (the file service confirms it); the owner
// sees it; approving with care plan changes accepted raises INCIDENT_REPORT
// for the task creation rules, whose rule makes its task.
func TestFilesAndCarePlanTask(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		super.Post(t, "/api/care/taskCreationRule/save", shared.SaveTaskCreationRuleRequest{Title: "Review the care plan after an incident",
			BusinessType: shared.BusinessIncidentReport, TaskType: shared.TaskOther, Frequency: shared.FrequencyOnce,
			TimeSession: shared.SessionMorning, Enabled: true}).OK(t)
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		other := e.SignIn(t, "caregiver_maple2")
		r := newResident(t, owner, "Vera")

		photo := filetest.MustUpload(t, e, carer, shared.FileOther, filetest.Part{Name: "bruise.png", Data: filetest.PNG(20, 20)})
		in := fall(e, r.ResidentID)
		in.FileIDs = []string{photo[0].FileID}
		// Another caregiver cannot attach it.
		other.Post(t, ir+"/saveIncidentDraft", in).Is(t, 200, shared.CodeNotFound)
		rep := draft(t, carer, in)
		rep = submit(t, carer, rep.IncidentID)
		rep = get(t, owner, rep.IncidentID)
		if len(rep.Files) != 1 || rep.Files[0].FileID != photo[0].FileID {
			t.Fatalf("files: %+v", rep.Files)
		}
		// The owner edits the pending report keeping the caregiver's photo.
		up := shared.UpdateIncidentReportRequest{IncidentID: rep.IncidentID, Version: rep.Version, SaveIncidentDraftRequest: in}
		owner.Post(t, ir+"/updateIncidentReport", up).OK(t).Into(t, &rep)

		owner.Get(t, ir+"/finalAnalysis?incidentId="+rep.IncidentID).OK(t).Into(t, &rep)
		waivers := []shared.IncidentWaiver{}
		for _, d := range rep.Duties {
			waivers = append(waivers, shared.IncidentWaiver{DutyID: d.DutyID, Reason: "Told in person at visiting time"})
		}
		owner.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version, Waivers: waivers,
			AcceptCarePlanChanges: true}).OK(t).Into(t, &rep)
		e.DrainJobs(t)
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM tasks WHERE title = ?`, "Review the care plan after an incident").Scan(&n); err != nil || n != 1 {
			t.Errorf("tasks made by the rule: %d %v", n, err)
		}
	})
}
