package shift_test

import (
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Reminders: the evening before at 19:00 and an hour before, each once, only
// for published shifts, through the jobs platform.
func TestReminders(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina, wei := caregiverID(t, e, "caregiver_maple1"), caregiverID(t, e, "caregiver_maple2")
		early := newType(t, owner, "Breakfast", "06:30", "09:30", 1, "")
		pub := saveSchedule(t, owner, week(early.ShiftTypeID, thisWeek, map[string][]string{"2027-06-02": {amina}}))
		owner.Post(t, api+"/shiftSchedule/publish", shared.PublishRequest{ScheduleID: pub.Schedule.ScheduleID, Version: pub.Schedule.Version}).OK(t)
		late := newType(t, owner, "Late", "20:00", "22:00", 1, "")
		saveSchedule(t, owner, week(late.ShiftTypeID, thisWeek, map[string][]string{"2027-06-02": {wei}})) // a draft: no reminders
		aminaC := func() *servertest.Client { return e.SignIn(t, "caregiver_maple1") }                     // a new sign-in after each clock move
		weiC := func() *servertest.Client { return e.SignIn(t, "caregiver_maple2") }

		e.DrainJobs(t)
		if n := notes(t, aminaC(), shared.NotifyShiftTomorrowTitle); n != 0 {
			t.Fatalf("reminded before 19:00: %d", n)
		}
		setClock(e, local(2027, 6, 1, 19, 2))
		e.DrainJobs(t)
		e.DrainJobs(t)
		if n := notes(t, aminaC(), shared.NotifyShiftTomorrowTitle); n != 1 {
			t.Errorf("evening-before reminders: %d", n)
		}
		if n := notes(t, aminaC(), shared.NotifyShiftSoonTitle); n != 0 {
			t.Errorf("an hour-before reminder in the evening: %d", n)
		}
		setClock(e, local(2027, 6, 2, 5, 33))
		e.DrainJobs(t)
		e.DrainJobs(t)
		if n := notes(t, aminaC(), shared.NotifyShiftSoonTitle); n != 1 {
			t.Errorf("hour-before reminders: %d", n)
		}
		if n := notes(t, weiC(), shared.NotifyShiftTomorrowTitle) + notes(t, weiC(), shared.NotifyShiftSoonTitle); n != 0 {
			t.Errorf("a draft's caregiver was reminded %d times", n)
		}
	})
}

// Scheduled versus worked from published shifts and clock-in punches.
func TestHoursReport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 6, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := caregiverID(t, e, "caregiver_maple1")
		dayT := newType(t, owner, "Morning", "07:00", "15:00", 1, "")
		res := saveSchedule(t, owner, week(dayT.ShiftTypeID, thisWeek, map[string][]string{"2027-06-01": {amina}, "2027-06-02": {amina},
			"2027-06-03": {amina}, "2027-06-04": {amina}}))
		owner.Post(t, api+"/shiftSchedule/publish", shared.PublishRequest{ScheduleID: res.Schedule.ScheduleID, Version: res.Schedule.Version}).OK(t)
		aminaC, weiC := "caregiver_maple1", "caregiver_maple2"
		punch := func(account, id string) { // a new sign-in after each clock move
			e.SignIn(t, account).Post(t, api+"/caregiverClockInRecord/clockIn", shared.ClockInRequest{ClientPunchID: id}).OK(t)
		}
		setClock(e, local(2027, 6, 1, 7, 10)) // late
		punch(aminaC, "hours-test-1")
		setClock(e, local(2027, 6, 1, 14, 0)) // early
		punch(aminaC, "hours-test-2")
		setClock(e, local(2027, 6, 2, 10, 0)) // Amina does not come on Wednesday; Wei works unscheduled
		punch(weiC, "hours-test-3")
		setClock(e, local(2027, 6, 2, 12, 0))
		punch(weiC, "hours-test-4")
		setClock(e, local(2027, 6, 3, 9, 0)) // Thursday's shift is two hours in; Friday's is to come
		owner = e.SignIn(t, "owner_evergreen", maple)

		var rep shared.HoursReport
		owner.Post(t, api+"/shiftHours/report", shared.HoursReportRequest{StartDate: thisWeek}).OK(t).Into(t, &rep)
		by := map[string]shared.CaregiverHours{}
		for _, c := range rep.Caregivers {
			by[c.Name] = c
		}
		a, w := by["Amina Njoroge"], by["Wei Chen"]
		// The difference is against the time scheduled so far: Tuesday and Wednesday and Thursday's first two hours.
		if a.ScheduledMinutes != 1920 || a.ScheduledSoFarMinutes != 1080 || a.WorkedMinutes != 410 || a.DifferenceMinutes != -670 ||
			a.LateArrivals != 1 || a.EarlyLeaves != 1 || a.NoShows != 1 || a.ScheduledShifts != 4 || a.UnscheduledMinutes != 0 {
			t.Errorf("Amina: %+v", a)
		}
		if len(a.Weeks) != 1 || a.Weeks[0].ScheduledMinutes != 1920 || a.Weeks[0].ScheduledSoFarMinutes != 1080 {
			t.Errorf("Amina's week: %+v", a.Weeks)
		}
		if w.ScheduledMinutes != 0 || w.WorkedMinutes != 120 || w.UnscheduledMinutes != 120 || len(w.Weeks) != 1 || w.Weeks[0].WorkedMinutes != 120 {
			t.Errorf("Wei: %+v", w)
		}
		if rep.EndDate != "2027-06-05" || rep.TotalWorked < 530 || rep.TotalScheduled < 1920 || rep.TotalScheduledSoFar < 1080 ||
			rep.TotalScheduledSoFar >= rep.TotalScheduled {
			t.Errorf("report: %+v", rep)
		}
		// One caregiver (the staff detail); a range too long is refused.
		owner.Post(t, api+"/shiftHours/report", shared.HoursReportRequest{StartDate: thisWeek, CaregiverID: amina}).OK(t).Into(t, &rep)
		if len(rep.Caregivers) != 1 || rep.Caregivers[0].WorkedMinutes != 410 {
			t.Errorf("Amina alone: %+v", rep.Caregivers)
		}
		if fe := refused(t, owner.Post(t, api+"/shiftHours/report", shared.HoursReportRequest{StartDate: "2027-01-01", EndDate: "2027-06-01"})); fe.Field != "endDate" {
			t.Errorf("long range: %+v", fe)
		}
	})
}
