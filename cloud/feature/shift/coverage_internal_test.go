package shift

import (
	"testing"
	"time"
)

// Coverage is counted in real hours of the facility's zone: the week of the
// spring clock change (Sunday 14 March 2027, 02:00 -> 03:00 Pacific) has 167
// hours; a night shift counts into the next morning, the Saturday before's
// included.
func TestCoverageAcrossMidnightAndDST(t *testing.T) {
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	const week = "2027-03-14"
	types := []typeRow{
		{ID: "day", StartTime: "07:00", EndTime: "15:00", MinStaff: 1, Active: true},
		{ID: "eve", StartTime: "15:00", EndTime: "23:00", MinStaff: 1, Active: true},
		{ID: "night", StartTime: "23:00", EndTime: "07:00", MinStaff: 1, Active: true},
	}
	var assigns []assignRow
	add := func(typ typeRow, day, who string) {
		f, e := span(loc, day, typ.StartTime, typ.EndTime)
		assigns = append(assigns, assignRow{CaregiverID: who, Day: day, StartAt: f.UnixMilli(), EndAt: e.UnixMilli()})
	}
	for d := -1; d < 7; d++ {
		day := addDays(week, d)
		for i, typ := range types {
			if d == -1 && i != 2 {
				continue
			}
			add(typ, day, typ.ID)
		}
	}
	if gaps := coverage(loc, week, types, assigns); len(gaps) != 0 {
		t.Fatalf("a fully staffed week has gaps: %+v", gaps)
	}
	// Without the Saturday night before, Sunday 00:00–07:00 is open: 6 real hours on the clock-change night.
	gaps := coverage(loc, week, types, assigns[1:])
	if len(gaps) != 1 || gaps[0].Day != week || gaps[0].StartTime != "00:00" || gaps[0].EndTime != "07:00" || gaps[0].Hours != 6 ||
		gaps[0].Required != 1 || gaps[0].Assigned != 0 {
		t.Fatalf("Sunday morning after a missing Saturday night: %+v", gaps)
	}
	// Wednesday's night left open: 23:00 to Thursday 07:00, 8 hours, the night type's.
	var open []assignRow
	for _, a := range assigns {
		if !(a.CaregiverID == "night" && a.Day == "2027-03-17") {
			open = append(open, a)
		}
	}
	gaps = coverage(loc, week, types, open)
	if len(gaps) != 1 || gaps[0].Day != "2027-03-17" || gaps[0].StartTime != "23:00" || gaps[0].Hours != 8 || len(gaps[0].ShiftTypeIDs) != 1 ||
		gaps[0].ShiftTypeIDs[0] != "night" {
		t.Fatalf("Wednesday night: %+v", gaps)
	}
	// Two needed on day shifts: every day shift is short by one.
	types[0].MinStaff = 2
	gaps = coverage(loc, week, types, assigns)
	if len(gaps) != 7 || gaps[0].Hours != 8 || gaps[0].Required != 2 || gaps[0].Assigned != 1 {
		t.Fatalf("short day shifts: %+v", gaps)
	}
	// No active type: nothing planned, no gaps.
	for i := range types {
		types[i].Active = false
	}
	if gaps := coverage(loc, week, types, nil); len(gaps) != 0 {
		t.Fatalf("no types: %+v", gaps)
	}
}
