package shift

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The demonstration data's shifts (cloud/feature/demo): a facility's three
// shift types (day, evening, night), last week's, this week's and next week's
// schedules published with its caregivers and one night left open (a coverage gap),
// and the hand-over: two submitted shift reports and a draft. Written with
// this package's store and rules (span, reminders) in the seed's
// transaction, dated by the seed's clock.

// DemoCrew names the demo facility's people by user id.
type DemoCrew struct {
	Day, Evening, Admin string // the day caregiver, the evening caregiver, the admin (nights)
}

// DemoTypes are the demo's shift types.
var DemoTypes = []shared.SaveShiftTypeRequest{
	{Name: "Day", StartTime: "07:00", EndTime: "15:00", Color: "#F9A825", MinStaff: 1, Active: true},
	{Name: "Evening", StartTime: "15:00", EndTime: "23:00", Color: "#EF6C00", MinStaff: 1, Active: true},
	{Name: "Night", StartTime: "23:00", EndTime: "07:00", Color: "#3949AB", MinStaff: 1, Active: true},
}

// SeedDemo writes a facility's demo shifts in tx.
func SeedDemo(ctx context.Context, tx *db.Tx, tenantID string, crew DemoCrew, now time.Time) error {
	var st Store
	loc, _, err := zone.Facility(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	nowMs := now.UnixMilli()
	today := now.In(loc).Format(time.DateOnly)
	types := make([]*typeRow, len(DemoTypes))
	for i, t := range DemoTypes {
		types[i] = &typeRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, Name: t.Name, NameKey: strings.ToLower(t.Name),
			StartTime: t.StartTime, EndTime: t.EndTime, Color: t.Color, MinStaff: t.MinStaff, Active: true,
			CreatedAt: nowMs - 30*24*3600*1000, UpdatedAt: nowMs - 30*24*3600*1000}
		if err := st.InsertType(ctx, tx, types[i], crew.Admin); err != nil {
			return fmt.Errorf("demo shift type: %w", err)
		}
	}
	people := map[string]caregiver{}
	for _, uid := range []string{crew.Day, crew.Evening, crew.Admin} {
		var cg caregiver
		if err := tx.QueryRowContext(ctx, `SELECT id FROM caregivers WHERE tenant_id = ? AND user_id = ? AND deleted_at IS NULL`,
			tenantID, uid).Scan(&cg.ID); err != nil {
			return fmt.Errorf("demo shift caregiver: %w", err)
		}
		cg.UserID = uid
		people[uid] = cg
	}
	// Who works which shift on each weekday (0 = Sunday): no one works two
	// overlapping shifts; next Wednesday's night is left open (the gap).
	who := func(typ int, wd time.Weekday) string {
		switch typ {
		case 0: // day
			if wd <= time.Thursday {
				return crew.Day
			}
			return crew.Admin
		case 1: // evening
			if wd == time.Saturday {
				return crew.Day
			}
			return crew.Evening
		default: // night
			switch wd {
			case time.Friday:
				return crew.Day
			case time.Saturday:
				return crew.Evening
			}
			return crew.Admin
		}
	}
	week := weekStartOf(today)
	for w := -1; w < 2; w++ { // last week (history), this week and next
		start := addDays(week, 7*w)
		for ti, t := range types {
			sc := &scheduleRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, ShiftTypeID: t.ID,
				Name: t.Name + " " + start, StartDate: start, EndDate: addDays(start, 6), Status: shared.ScheduleDraft,
				UpdatedBy: crew.Admin, CreatedAt: nowMs - int64(8-w)*24*3600*1000, UpdatedAt: nowMs - int64(8-w)*24*3600*1000}
			if err := st.InsertSchedule(ctx, tx, sc); err != nil {
				return fmt.Errorf("demo schedule: %w", err)
			}
			for d := 0; d < 7; d++ {
				day := addDays(start, d)
				if w == 1 && ti == 2 && d == int(time.Wednesday) {
					continue // the gap
				}
				cg := people[who(ti, time.Weekday(d))]
				from, to := span(loc, day, t.StartTime, t.EndTime)
				eve, soon := reminders(loc, day, from)
				if err := st.InsertAssignment(ctx, tx, &assignRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID,
					ScheduleID: sc.ID, CaregiverID: cg.ID, UserID: cg.UserID, Day: day, StartAt: from.UnixMilli(), EndAt: to.UnixMilli(),
					RemindEve: eve, RemindSoon: soon}); err != nil {
					return fmt.Errorf("demo assignment: %w", err)
				}
			}
			if _, err := st.Publish(ctx, tx, tenantID, sc.ID, 1, crew.Admin, sc.UpdatedAt); err != nil {
				return err
			}
		}
	}
	// The hand-over: yesterday's day and evening reports, and today's draft.
	yesterday := addDays(today, -1)
	dayEnd, _ := span(loc, yesterday, "15:00", "23:00")
	eveEnd := wall(loc, yesterday, "23:00")
	reports := []reportRow{
		{AuthorID: crew.Day, ShiftDate: yesterday, ShiftTypeID: types[0].ID, Status: shared.ShiftReportSubmit, SubmittedAt: dayEnd.UnixMilli(),
			Concern: "Margaret ate little at lunch and seemed tired; please offer a snack mid-afternoon.",
			Meds:    "All morning meds given. Harold's 12:00 lisinopril held: BP 96/60, nurse informed.",
			Tasks:   "Room 3 linen change not done (resident asleep).",
			Free:    "Family visit for Mei at 16:00 today; she would like her blue cardigan."},
		{AuthorID: crew.Evening, ShiftDate: yesterday, ShiftTypeID: types[1].ID, Status: shared.ShiftReportSubmit, SubmittedAt: eveEnd.UnixMilli(),
			Concern: "Harold was restless after dinner; settled with music by 21:30.",
			Meds:    "Evening meds given. Margaret refused her 20:00 vitamin D.",
			Free:    "Linen change for room 3 done. Dishwasher is leaking a little: owner told."},
	}
	reports = append(reports, reportRow{AuthorID: crew.Day, ShiftDate: today, ShiftTypeID: types[0].ID, Status: shared.ShiftReportDraft,
		Concern: "Margaret: lunch intake to watch again."})
	for i := range reports {
		r := &reports[i]
		r.ID, r.TenantID = uuid.Must(uuid.NewV7()).String(), tenantID
		r.CreatedAt, r.UpdatedAt = nowMs-3600*1000, nowMs-3600*1000
		if r.SubmittedAt > 0 {
			r.CreatedAt, r.UpdatedAt = r.SubmittedAt-15*60*1000, r.SubmittedAt
		}
		if err := st.InsertReport(ctx, tx, r); err != nil {
			return fmt.Errorf("demo shift report: %w", err)
		}
	}
	// The day caregiver has read the evening's report; the admin has read the day's.
	if err := st.MarkRead(ctx, tx, tenantID, reports[1].ID, crew.Day, nowMs); err != nil {
		return err
	}
	return st.MarkRead(ctx, tx, tenantID, reports[0].ID, crew.Admin, nowMs)
}
