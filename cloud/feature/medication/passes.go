package medication

import (
	"context"
	"fmt"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Passes. Each time of day of a scheduled order (ROUTINE, SNF) becomes a
// pass on each facility day from its start date to its end date, at that
// wall-clock time in the facility's zone, stored in UTC. Passes exist from
// an hour ago (a pass still in its window when the order is saved can be
// logged) to the end of tomorrow: made when an order is saved, changed,
// restored or its resident moves in, and each hour by the horizon job for
// the new day. UNIQUE(medication_id, due_at) with ON CONFLICT DO NOTHING
// makes every run safe to repeat, on any number of replicas.
//
// Daylight saving: a time that does not exist that day (02:30 on the
// spring-forward day) is the same time after the gap (03:30 daylight time);
// a time that happens twice (01:30 on the fall-back day) is taken once, the
// first time (daylight time). Two times of one order that land on the same
// instant (02:30 and 03:30 on the spring-forward day) make one pass. A pass's
// time of day is the wall clock it falls on (03:30 for the moved 02:30).

const (
	minute = int64(time.Minute / time.Millisecond)
	day    = 24 * 60 * minute
	// window: a pass is due from this long before its time to this long
	// after (spec 001 §9 and the peers' ±1 hour), overdue after it.
	window = shared.PassWindowMinutes * minute
	// warnLead: the warning comes this long before a pass is overdue (spec 001 §9: 30 minutes).
	warnLead = shared.PassWarningMinutes * minute
)

// civil is the facility date of instant t in loc (as a UTC midnight).
func civil(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// at is the instant of civil day d at minute m of the wall clock in loc. A
// wall time that does not exist (02:30 on the spring-forward day) is the
// same time after the gap (03:30 daylight time): time.Date does not promise
// which side it picks ("the choice of time zone, and therefore the time, is
// not guaranteed", package time; Go 1.25 gives 01:30 standard time), so it
// is moved on by the difference between the asked and the given wall clock.
// A repeated wall time is the first of the two (time.Date's choice, checked
// by the DST tests on both engines).
func at(d time.Time, m int, loc *time.Location) time.Time {
	t := time.Date(d.Year(), d.Month(), d.Day(), m/60, m%60, 0, 0, loc)
	if got := t.Hour()*60 + t.Minute(); got != m {
		t = t.Add(time.Duration((m-got+24*60)%(24*60)) * time.Minute)
	}
	return t
}

// openSince is the earliest time of a pass still in its window at now (one
// due exactly an hour ago is overdue, so not made).
func openSince(now time.Time) time.Time {
	return now.Add(-time.Duration(window-1) * time.Millisecond)
}

// horizonEnd is the end of tomorrow (the start of the day after) in loc.
func horizonEnd(now time.Time, loc *time.Location) time.Time {
	return at(civil(now, loc).AddDate(0, 0, 2), 0, loc)
}

// clock reads HH:mm as minutes of the day.
func clock(s string) int {
	t, err := time.Parse("15:04", s)
	if err != nil {
		return -1
	}
	return t.Hour()*60 + t.Minute()
}

// schedule are the passes of order r due in [from, to).
func schedule(r *row, from, to time.Time, loc *time.Location, now int64) []passRow {
	if r.Type == shared.MedicationPRN || r.Status != shared.MedicationCurrent || !from.Before(to) {
		return nil
	}
	start, err := time.Parse(time.DateOnly, r.StartDate)
	if err != nil {
		return nil
	}
	end := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	if r.EndDate != "" {
		if e, err := time.Parse(time.DateOnly, r.EndDate); err == nil {
			end = e
		}
	}
	var out []passRow
	for d := civil(from, loc).AddDate(0, 0, -1); !d.After(civil(to, loc)); d = d.AddDate(0, 0, 1) {
		if d.Before(start) || d.After(end) {
			continue
		}
		for _, t := range r.Times {
			m := clock(t)
			if m < 0 {
				continue
			}
			due := at(d, m, loc)
			if due.Before(from) || !due.Before(to) {
				continue
			}
			out = append(out, passRow{ID: newID(), TenantID: r.TenantID, MedicationID: r.ID, ResidentID: r.ResidentID,
				Kind: shared.PassScheduled, Day: d.Format(time.DateOnly), TimeOfDay: due.In(loc).Format("15:04"), DueAt: due.UnixMilli(), OnHold: r.OnHold,
				CreatedAt: now, UpdatedAt: now})
		}
	}
	return out
}

// replan makes order r's passes match its schedule from an hour ago to the
// end of tomorrow: passes not logged that the schedule no longer has are
// removed, missing ones are made. Nothing for an order that makes no passes
// (PRN, discontinued) beyond removing its unlogged ones.
func (s *Service) replan(ctx context.Context, q db.Querier, r *row, loc *time.Location, now time.Time) error {
	from := openSince(now)
	until := horizonEnd(now, loc)
	ps := schedule(r, from, until, loc, now.UnixMilli())
	keep := make([]int64, 0, len(ps))
	for _, p := range ps {
		keep = append(keep, p.DueAt)
	}
	if err := s.store.DropUnlogged(ctx, q, r.TenantID, r.ID, from.UnixMilli(), keep); err != nil {
		return err
	}
	if err := s.store.InsertPlanned(ctx, q, ps); err != nil {
		return err
	}
	if r.Type == shared.MedicationPRN || r.Status != shared.MedicationCurrent {
		return nil
	}
	r.PlannedUntil = until.UnixMilli()
	return s.store.SetPlanned(ctx, q, r.TenantID, r.ID, r.PlannedUntil)
}

// horizonBatch is how many orders ExtendHorizon plans per transaction.
const horizonBatch = 200

// ExtendHorizon makes the passes each facility's new day needs: for every
// current scheduled order of a resident who lives there whose passes stop
// before the end of tomorrow, the missing ones (from where they stop, or
// from an hour ago for an order never planned, e.g. of a resident who has
// just moved in). It also removes passes never logged of residents who
// moved out or died, due after they left. Idempotent and safe on several
// replicas at once. Returns how many orders it extended.
func (s *Service) ExtendHorizon(ctx context.Context, now time.Time) (int, error) {
	if _, err := s.store.DropLeft(ctx, s.db); err != nil {
		return 0, err
	}
	zones, err := s.store.Zones(ctx, s.db)
	if err != nil {
		return 0, err
	}
	extended := 0
	for _, tz := range zones {
		loc := zone.Of(tz)
		until := horizonEnd(now, loc)
		after := ""
		for {
			orders, err := s.store.Behind(ctx, s.db, tz, until.UnixMilli(), after, horizonBatch)
			if err != nil {
				return extended, err
			}
			if len(orders) == 0 {
				break
			}
			err = s.db.InTx(ctx, func(tx *db.Tx) error {
				for i := range orders {
					r := &orders[i]
					from := openSince(now)
					if r.PlannedUntil > 0 {
						from = time.UnixMilli(r.PlannedUntil)
					}
					if err := s.store.InsertPlanned(ctx, tx, schedule(r, from, until, loc, now.UnixMilli())); err != nil {
						return fmt.Errorf("medication %s: %w", r.ID, err)
					}
					if err := s.store.SetPlanned(ctx, tx, r.TenantID, r.ID, until.UnixMilli()); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return extended, err
			}
			extended += len(orders)
			after = orders[len(orders)-1].ID
			if err := ctx.Err(); err != nil {
				return extended, err
			}
		}
	}
	return extended, nil
}

// The pass clock (shared.PassStatus): worked out at now, never stored, so
// reads never wait for a job.

// scheduledStatus is where a scheduled pass stands at now.
func scheduledStatus(p *passRow, now int64) shared.PassStatus {
	if p.Outcome != "" {
		return shared.PassStatus(p.Outcome)
	}
	if p.OnHold {
		return shared.PassOnHold
	}
	return shared.PassClock(p.DueAt, now)
}

// clockChanges are the moments p's status moves on with time alone: an
// unlogged scheduled pass's window opening, warning and closing (shared.PassClock),
// a PRN dose's check falling due, warning and overdue (shared.FollowUpClock).
func clockChanges(p *passRow) []int64 {
	const warn = shared.PassWarningMinutes * minute
	var out []int64
	if p.Kind == shared.PassScheduled && p.Outcome == "" && !p.OnHold {
		closes := shared.PassClosesAt(p.DueAt)
		out = append(out, shared.PassOpensAt(p.DueAt), closes-warn, closes)
	}
	if p.Kind == shared.PassPRN && p.FollowUpDue != 0 && p.FollowUpAt == 0 {
		closes := p.FollowUpDue + shared.PrnFollowUpWindowMinutes*minute
		out = append(out, p.FollowUpDue, closes-warn, closes)
	}
	return out
}

// toPass is the answer of a pass row at now; loc places the time of a PRN dose.
func toPass(p *passRow, now int64) shared.MedPass {
	status := scheduledStatus(p, now)
	fu := shared.FollowUpStatus(p.Kind, p.FollowUpDue, p.FollowUpAt, now)
	out := shared.MedPass{PassID: p.ID, MedicationID: p.MedicationID, ResidentID: p.ResidentID, ResidentName: p.ResidentName,
		MedicationName: p.MedName, MedicationType: p.MedType, Route: p.MedRoute, Dose: p.MedDose, Kind: p.Kind, Day: p.Day,
		TimeOfDay: p.TimeOfDay, Status: status, Colour: shared.PassColourOf(status, fu), Warned: p.WarnedAt != 0,
		Outcome: p.Outcome, GivenTime: p.GivenAt, LoggedTime: p.LoggedAt, StaffID: p.StaffID, StaffName: p.StaffName,
		Initials: p.Initials, Reason: p.Reason, Site: p.Site, SiteNote: p.SiteNote, Vital: p.MedVital, VitalValue: p.VitalValue,
		DoseGiven: p.DoseGiven, CountBefore: p.CountBefore, CountAfter: p.CountAfter, Note: p.Note, ClientID: p.ClientID,
		FollowUpDueTime: p.FollowUpDue, FollowUpStatus: fu, FollowUpEffective: p.FollowUpEffective, FollowUpNote: p.FollowUpNote,
		FollowUpTime: p.FollowUpAt, FollowUpByName: p.FollowUpName, AckTime: p.AckAt, AckByName: p.AckName, AckNote: p.AckNote}
	if p.Kind == shared.PassScheduled {
		out.DueTime = p.DueAt
		out.Late = p.Outcome != "" && shared.PassLate(p.DueAt, p.GivenAt)
	}
	if p.Vital != "" {
		out.Vital = p.Vital
	}
	return out
}
