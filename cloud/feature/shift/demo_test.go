package shift_test

import (
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The demo (seeded by today's clock): Maple's three shift types, this week and
// next published with one open night, the hand-over reports, and a prefill
// from today's real med passes.
func TestDemoShifts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		var wk shared.WeekSchedule
		owner.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{}).OK(t).Into(t, &wk)
		// The demo's crew of three covers every shift of the week: each works seven 8-hour shifts, which the
		// roster rightly warns of (56 > 40 hours); nothing else conflicts.
		over := 0
		for _, c := range wk.Conflicts {
			if c.Kind == shared.ConflictOverHours {
				over++
			}
		}
		if len(wk.ShiftTypes) != 3 || len(wk.Schedules) != 3 || len(wk.Conflicts) != over || over != 3 {
			t.Fatalf("this week: %d types, %d schedules, conflicts %+v", len(wk.ShiftTypes), len(wk.Schedules), wk.Conflicts)
		}
		for _, s := range wk.Schedules {
			if s.Status != shared.SchedulePublished || len(s.Assignments) != 7 {
				t.Errorf("schedule %s: %s with %d days", s.Name, s.Status, len(s.Assignments))
			}
		}
		if len(wk.Gaps) != 0 {
			t.Errorf("this week's gaps: %+v", wk.Gaps)
		}
		next := addDays(wk.WeekStart, 7)
		owner.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{WeekStart: next}).OK(t).Into(t, &wk)
		if len(wk.Gaps) != 1 || wk.Gaps[0].Day != addDays(next, 3) || wk.Gaps[0].StartTime != "23:00" || wk.Gaps[0].Hours < 7 {
			t.Errorf("next week's gap: %+v", wk.Gaps)
		}

		carer := e.SignIn(t, "caregiver_maple1")
		var mine shared.MyShifts
		carer.Get(t, api+"/shiftSchedule/myShifts").OK(t).Into(t, &mine)
		if mine.Next == nil || len(mine.Shifts) < 10 {
			t.Errorf("Amina's shifts: %d, next %+v", len(mine.Shifts), mine.Next)
		}
		var page shared.Page[shared.ShiftReport]
		carer.Post(t, api+"/shiftReport/listByPage", shared.PageRequest[shared.ListShiftReportFilter]{Current: 1, Size: 20}).OK(t).Into(t, &page)
		drafts, submitted := 0, 0
		for _, r := range page.Records {
			if r.Status == shared.ShiftReportDraft {
				drafts++
			} else {
				submitted++
			}
		}
		if drafts != 1 || submitted != 2 {
			t.Errorf("Amina's reports: %d drafts, %d submitted", drafts, submitted)
		}
		var u shared.ShiftReportUnread
		owner.Get(t, api+"/shiftReport/countUnread").OK(t).Into(t, &u)
		if u.Count != 2 {
			t.Errorf("the owner's unread reports: %d", u.Count)
		}

		// Prefill from yesterday's passes and tasks (the demo's month of logged passes).
		yesterday := time.Now().In(pacific).AddDate(0, 0, -1).Format(time.DateOnly)
		var pre shared.ShiftReportPrefill
		carer.Post(t, api+"/shiftReport/prefill", shared.ShiftReportPrefillRequest{ShiftDate: yesterday}).OK(t).Into(t, &pre)
		if pre.MedsGivenCount == 0 {
			t.Errorf("yesterday's prefill: no pass given: %+v", pre)
		}
		for _, it := range append(pre.MedsGivenHeld, pre.ResidentsOfConcern...) {
			if it.ResidentName == "" || (it.Kind != shared.PrefillConcern && it.Title == "") {
				t.Errorf("prefill item without a name: %+v", it)
			}
		}
	})
}
