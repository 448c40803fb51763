package task_test

import (
	"net/http"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The calendar: per-day task figures, the occurrences with the assigned
// caregiver's colour (the plan beyond the horizon too), and the entries other
// features give (approved leave, residents going out, care plans falling due).
func TestCalendar(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		now := e.Clock.Now()
		carer := e.SignIn(t, "caregiver_maple1")
		admin := e.SignIn(t, "admin_maple")
		// Amina's leave in three days, approved.
		var leave shared.ApplicationForm
		carer.Post(t, "/api/care/applicationForm/save", shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave,
			StartTime: now.Add(72 * time.Hour).UnixMilli(), EndTime: now.Add(96 * time.Hour).UnixMilli(), Reason: "Family wedding"}).OK(t).Into(t, &leave)
		admin.Get(t, "/api/care/applicationForm/approval?applicationId="+leave.ApplicationID+"&status=APPROVED").OK(t)
		// A resident who moved in 10 days ago, with no care plan recorded yet.
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		moveIn := now.In(pacific).AddDate(0, 0, -10)
		newbie := newResident(t, owner, "Ines", "10", moveIn.Format(time.DateOnly))

		rng := shared.CalendarRange{Start: date(now.AddDate(0, 0, -20)), End: date(now.AddDate(0, 0, 25))}
		var data shared.CalendarData
		carer.Post(t, ti+"/listCalendarData", rng).OK(t).Into(t, &data)
		if len(data.Days) != 46 || data.Days[0].Day != rng.Start {
			t.Fatalf("days: %d from %s", len(data.Days), data.Days[0].Day)
		}
		kinds := map[shared.CalendarEventKind][]shared.CalendarEvent{}
		for _, ev := range data.Events {
			kinds[ev.Kind] = append(kinds[ev.Kind], ev)
		}
		if l := kinds[shared.EventLeave]; len(l) != 1 || l[0].Title != "Amina Njoroge" || l[0].Color == "" || l[0].Start != leave.StartTime {
			t.Errorf("leave: %+v", l)
		}
		if g := kinds[shared.EventGoingOut]; len(g) != 1 || g[0].Title != "Harold Becker" || g[0].ResidentID == "" {
			t.Errorf("going out: %+v", g)
		}
		if r := kinds[shared.EventCarePlanReview]; len(r) != 1 || r[0].Title != "Mei Chen" || !r[0].AllDay {
			t.Errorf("reviews due: %+v", r)
		}
		due := time.Date(moveIn.Year(), moveIn.Month(), moveIn.Day()+30, 0, 0, 0, 0, pacific)
		if i := kinds[shared.EventInitialPlanDue]; len(i) != 1 || i[0].ResidentID != newbie || i[0].Start != due.UnixMilli() {
			t.Errorf("initial plan due: %+v (want %v)", i, due)
		}
		var day shared.TodayTasks
		carer.Post(t, ti+"/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
		for _, dd := range data.Days {
			if dd.Day == day.Day && (dd.Total != day.Total || dd.Completed != day.Completed || dd.Expired != day.Expired) {
				t.Errorf("today in the calendar %+v, in the list %d/%d/%d", dd, day.Total, day.Completed, day.Expired)
			}
			if dd.Day > date(now.AddDate(0, 0, shared.TaskFutureDays+1)) && dd.Total == 0 {
				t.Errorf("%s beyond the horizon shows no plan", dd.Day)
			}
		}
		// One resident: only their entries.
		harold := residentID(t, e, "Maple House AFH", "Harold")
		rng.ResidentID = harold
		carer.Post(t, ti+"/listCalendarData", rng).OK(t).Into(t, &data)
		for _, ev := range data.Events {
			if ev.ResidentID != harold {
				t.Errorf("Harold's calendar shows %+v", ev)
			}
		}

		// Occurrences: at most 42 days; beyond the horizon without a record id; colours.
		carer.Post(t, ti+"/listCalendarTask", shared.CalendarRange{Start: date(now), End: date(now.AddDate(0, 0, 42))}).Is(t, http.StatusOK, shared.CodeValidation)
		carer.Post(t, ti+"/listCalendarTask", shared.CalendarRange{Start: date(now), End: date(now.AddDate(0, 0, -1))}).Is(t, http.StatusOK, shared.CodeValidation)
		var occ []shared.TaskRecord
		carer.Post(t, ti+"/listCalendarTask", shared.CalendarRange{Start: date(now), End: date(now.AddDate(0, 0, 13))}).OK(t).Into(t, &occ)
		projected, coloured := 0, 0
		for i, r := range occ {
			if i > 0 && r.DueStart < occ[i-1].DueStart {
				t.Fatal("not by due time")
			}
			if r.RecordID == "" {
				projected++
				if r.Day <= date(now.AddDate(0, 0, shared.TaskFutureDays)) {
					t.Errorf("a projection within the horizon: %+v", r)
				}
			}
			if r.CaregiverColor != "" && r.CaregiverName == "Wei Chen" {
				coloured++
			}
		}
		if projected == 0 || coloured == 0 {
			t.Errorf("%d occurrences: %d projected, %d in Wei's colour", len(occ), projected, coloured)
		}
	})
}
