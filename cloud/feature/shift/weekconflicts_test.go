package shift_test

import (
	"context"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The week view lists the saved shifts that have come to conflict since they
// were saved (it reads the week's leaves and shifts once, not per shift): a
// leave approved over one, and two of one caregiver's shifts moved to overlap,
// each named in both schedules; the shifts still fine are not listed.
func TestWeekListsSavedConflicts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina, wei := caregiverID(t, e, "caregiver_maple1"), caregiverID(t, e, "caregiver_maple2")
		dayT := newType(t, owner, "Day test", "07:00", "15:00", 1, "")
		evening := newType(t, owner, "Evening test", "13:00", "21:00", 1, "")
		day := saveSchedule(t, owner, week(dayT.ShiftTypeID, thisWeek, map[string][]string{"2027-06-02": {wei}, "2027-06-03": {amina}}))
		eve := saveSchedule(t, owner, week(evening.ShiftTypeID, thisWeek, map[string][]string{"2027-06-04": {amina}, "2027-06-05": {wei}}))
		list := func() []shared.ShiftConflict {
			t.Helper()
			var wk shared.WeekSchedule
			owner.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{WeekStart: thisWeek}).OK(t).Into(t, &wk)
			return wk.Conflicts
		}
		if cs := list(); len(cs) != 0 {
			t.Fatalf("saved without conflicts, the week lists %+v", cs)
		}

		// Wei's leave approved over Wednesday 2 June, after the shift was saved.
		approveLeave(t, e, "caregiver_maple2", local(2027, 6, 2, 0, 0), local(2027, 6, 3, 0, 0))
		// Amina's Friday evening moved by SQL to Thursday, over her day shift.
		if _, err := d.ExecContext(context.Background(), `UPDATE shift_assignments SET day = '2027-06-03', start_at = start_at - 86400000,
			end_at = end_at - 86400000 WHERE tenant_id = ? AND caregiver_id = ? AND day = '2027-06-04'`, e.FacilityID(t, maple), amina); err != nil {
			t.Fatal(err)
		}
		type seen struct {
			kind      shared.ShiftConflictKind
			sched, cg string
			day       string
		}
		got := map[seen]bool{}
		for _, c := range list() {
			got[seen{c.Kind, c.ScheduleID, c.CaregiverID, c.Day}] = true
		}
		want := []seen{
			{shared.ConflictLeave, day.Schedule.ScheduleID, wei, "2027-06-02"},
			{shared.ConflictOverlap, day.Schedule.ScheduleID, amina, "2027-06-03"},
			{shared.ConflictOverlap, eve.Schedule.ScheduleID, amina, "2027-06-03"},
		}
		for _, w := range want {
			if !got[w] {
				t.Errorf("the week does not list %+v; it lists %v", w, got)
			}
		}
		if len(got) != len(want) {
			t.Errorf("the week lists %d conflicts, want %d: %v", len(got), len(want), got)
		}
	})
}
