package task_test

import (
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The demo's day: every active resident has a care plan of 10 to 20 tasks;
// today has work done by the caregivers, work missed and work ahead.
func TestDemoDay(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		for _, first := range []string{"Margaret", "José", "Mei", "Harold", "Anita"} {
			var plan shared.CarePlan
			owner.Get(t, res+"/residentTaskList?residentId="+residentID(t, e, "Maple House AFH", first)).OK(t).Into(t, &plan)
			n, kinds := 0, map[shared.TaskFrequency]bool{}
			for _, a := range plan.Areas {
				n += len(a.Tasks)
				for _, tk := range a.Tasks {
					kinds[tk.Frequency] = true
				}
			}
			if n < 10 || n > 20 || !kinds[shared.FrequencyWeekly] || !kinds[shared.FrequencyMonthly] || !kinds[shared.FrequencyAnytime] {
				t.Errorf("%s: %d tasks, frequencies %v", first, n, kinds)
			}
		}
		var walter shared.Page[shared.Task]
		owner.Post(t, ti+"/listTasksByPage", shared.PageRequest[shared.TaskFilter]{Current: 1, Size: 20,
			Data: shared.TaskFilter{ResidentID: residentID(t, e, "Maple House AFH", "Walter")}}).OK(t).Into(t, &walter)
		if walter.Total != 0 {
			t.Errorf("Walter (moved out) has %d tasks", walter.Total)
		}
		carer := e.SignIn(t, "caregiver_maple1")
		today := todayTasks(t, carer, shared.TodayTaskRequest{})
		pending, done, byStaff := 0, 0, map[string]int{}
		for _, r := range today.Records {
			switch r.Status {
			case shared.RecordCompleted:
				done++
				byStaff[r.CompletedByName]++
			case shared.RecordPending:
				if !r.Overdue {
					pending++
				}
			}
		}
		if today.Total < 60 || pending == 0 || len(today.AsNeeded) < 5 {
			t.Errorf("today: %d records, %d done, %d expired, %d ahead, %d as needed", today.Total, done, today.Expired, pending, len(today.AsNeeded))
		}
		var yesterday shared.TodayTasks
		carer.Post(t, ti+"/listTodayTask", shared.TodayTaskRequest{Day: date(e.Clock.Now().AddDate(0, 0, -1))}).OK(t).Into(t, &yesterday)
		if yesterday.Completed < yesterday.Total/2 || yesterday.Expired == 0 {
			t.Errorf("yesterday: %d of %d done, %d expired", yesterday.Completed, yesterday.Total, yesterday.Expired)
		}
		var count int
		carer.Get(t, ti+"/countExpiredTasks").OK(t).Into(t, &count)
		if count == 0 {
			t.Error("no expired work in the demo")
		}
		t.Logf("today %d (done %d by %v, expired %d, ahead %d); yesterday %d done of %d, %d expired; expired in all %d",
			today.Total, done, byStaff, today.Expired, pending, yesterday.Completed, yesterday.Total, yesterday.Expired, count)
	})
}
