package task

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Occurrences. A live task has records from yesterday (a night session that
// began yesterday may still be open) to TaskFutureDays after today, made in
// the transaction that saved the task; ExtendHorizon adds each new day's as
// the facility's days pass, and ExpireDue closes those whose window ended.
// Only windows that have not closed when they are made are made: a task
// created at noon has no record for this morning.

// horizon is the last facility day whose occurrences exist ahead of today.
func horizon(today time.Time) time.Time { return today.AddDate(0, 0, shared.TaskFutureDays) }

// plan makes a saved task's occurrences up to the horizon, or records that it has none.
func (s *Service) plan(ctx context.Context, q db.Querier, t *taskRow, f *facility, now time.Time) error {
	if !t.live() {
		t.GeneratedThrough = ""
		return s.store.SetGenerated(ctx, q, t.ID, "")
	}
	today := civil(now, f.loc)
	to := horizon(today)
	if err := s.materialize(ctx, q, t, f, today.AddDate(0, 0, -1), to, now); err != nil {
		return err
	}
	t.GeneratedThrough = formatDate(to)
	return s.store.SetGenerated(ctx, q, t.ID, t.GeneratedThrough)
}

// materialize inserts the records of t on the days from..to whose window is
// still open at now; records already there are kept (ON CONFLICT DO NOTHING).
func (s *Service) materialize(ctx context.Context, q db.Querier, t *taskRow, f *facility, from, to, now time.Time) error {
	ws := t.schedule().windows(from, to, f.routine, f.loc)
	recs := make([]recordRow, 0, len(ws))
	for _, w := range ws {
		if !w.end.After(now) {
			continue
		}
		recs = append(recs, recordOf(t, w, uuid.Must(uuid.NewV7()).String(), now.UnixMilli()))
	}
	return s.store.InsertRecords(ctx, q, recs)
}

// recordOf is the PENDING record of t's occurrence w (id "" for a projection).
func recordOf(t *taskRow, w window, id string, now int64) recordRow {
	return recordRow{ID: id, TenantID: t.TenantID, TaskID: t.ID, ResidentID: t.ResidentID, CaregiverID: t.CaregiverID, Title: t.Title,
		Content: t.Content, Type: t.Type, Area: t.Area, Category: t.Category, TimeSession: t.TimeSession, TimeOfDay: t.TimeOfDay,
		Day: formatDate(w.day), DueStart: w.start.UnixMilli(), DueEnd: w.end.UnixMilli(), Status: shared.RecordPending,
		CreatedAt: now, UpdatedAt: now,
		ResidentFirst: t.ResidentFirst, ResidentLast: t.ResidentLn, CaregiverName: t.CaregiverName, CaregiverColor: t.CaregiverColor}
}

// expireBatch bounds one statement of ExpireDue, so a pass over many
// facilities never holds the (SQLite: only) writer for long: other writes
// run between batches.
const expireBatch = 5000

// ExpireDue marks every facility's PENDING records whose window closed by now
// EXPIRED, in batches, and returns how many. Occurrences that fell after
// their resident moved out or died are removed instead (they never were).
// It is idempotent and safe on several replicas at once: each batch is one
// conditional statement. Reads never wait for it (they work out "overdue"
// from the clock), so how often it runs only decides how soon the status is stored.
func (s *Service) ExpireDue(ctx context.Context, now time.Time) (int64, error) {
	ms := now.UnixMilli()
	for {
		n, err := s.store.DropLeft(ctx, s.db, s.db.Engine, ms, expireBatch)
		if err != nil {
			return 0, err
		}
		if n < expireBatch {
			break
		}
	}
	// The vital checks about to expire write an overdue-vital-signs note once expired (chart.go).
	vitals, err := s.store.OverdueVitals(ctx, s.db, ms, expireBatch)
	if err != nil {
		return 0, err
	}
	var total int64
	for {
		n, err := s.store.ExpireBatch(ctx, s.db, s.db.Engine, ms, expireBatch)
		if err != nil {
			return total, err
		}
		total += n
		if n < expireBatch {
			if err := s.chartOverdueVitals(ctx, vitals); err != nil {
				return total, err
			}
			return total, ctx.Err()
		}
		if err := ctx.Err(); err != nil {
			return total, err
		}
	}
}

// horizonBatch is how many tasks ExtendHorizon extends per transaction.
const horizonBatch = 200

// ExtendHorizon makes the occurrences each facility's new days need: for
// every live task whose records stop before its facility's horizon (today +
// TaskFutureDays in the facility's zone), those of the missing days. It is
// idempotent and safe on several replicas at once ((task_id, due_start) is
// unique and inserts skip what exists). Returns how many tasks it extended.
func (s *Service) ExtendHorizon(ctx context.Context, now time.Time) (int, error) {
	zones, err := s.store.Zones(ctx, s.db)
	if err != nil {
		return 0, err
	}
	routines := map[string]*facility{}
	extended := 0
	for _, tz := range zones {
		loc := zone.Of(tz)
		today := civil(now, loc)
		to := horizon(today)
		after := ""
		for {
			tasks, err := s.store.TasksBehind(ctx, s.db, tz, formatDate(to), after, horizonBatch)
			if err != nil {
				return extended, err
			}
			if len(tasks) == 0 {
				break
			}
			err = s.db.InTx(ctx, func(tx *db.Tx) error {
				for i := range tasks {
					t := &tasks[i]
					f := routines[t.TenantID]
					if f == nil {
						if f, err = s.facilityOf(ctx, tx, t.TenantID); err != nil {
							return err
						}
						routines[t.TenantID] = f
					}
					from := today.AddDate(0, 0, -1)
					if last, ok := parseDate(t.GeneratedThrough); ok && !last.Before(from) {
						from = last.AddDate(0, 0, 1)
					}
					if err := s.materialize(ctx, tx, t, f, from, to, now); err != nil {
						return fmt.Errorf("task %s: %w", t.ID, err)
					}
					if err := s.store.SetGenerated(ctx, tx, t.ID, formatDate(to)); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return extended, err
			}
			extended += len(tasks)
			after = tasks[len(tasks)-1].ID
			if err := ctx.Err(); err != nil {
				return extended, err
			}
		}
	}
	return extended, nil
}

// projections are the occurrences of the facility's live tasks on the days
// from..to (not before today) that have no records yet because they lie
// beyond a task's horizon: the calendar and future days show the plan
// without waiting for the horizon job. They have no record id.
func (s *Service) projections(ctx context.Context, tenantID, residentID string, from, to time.Time, f *facility, now time.Time) ([]recordRow, error) {
	from, ok := projectionDays(from, to, f, now)
	if !ok {
		return nil, nil
	}
	tasks, err := s.store.AllTasks(ctx, s.db, taskFilter{tenantID: tenantID, residentID: residentID, runStatus: shared.RunNormal,
		behind: formatDate(to)})
	if err != nil {
		return nil, err
	}
	return projectionsOf(tasks, from, to, f, now), nil
}

// projectionDays is the first day projections may fall on (today at the
// earliest), and false when none of from..to can have any.
func projectionDays(from, to time.Time, f *facility, now time.Time) (time.Time, bool) {
	if today := civil(now, f.loc); from.Before(today) {
		from = today
	}
	return from, !to.Before(from)
}

// projectionsOf are the projections of tasks (those behind the horizon) on
// the days from..to, from having been through projectionDays.
func projectionsOf(tasks []taskRow, from, to time.Time, f *facility, now time.Time) []recordRow {
	var out []recordRow
	for i := range tasks {
		t := &tasks[i]
		if !t.live() {
			continue
		}
		start := from
		if last, ok := parseDate(t.GeneratedThrough); ok && !last.Before(start) {
			start = last.AddDate(0, 0, 1)
		}
		for _, w := range t.schedule().windows(start, to, f.routine, f.loc) {
			if w.end.After(now) {
				out = append(out, recordOf(t, w, "", now.UnixMilli()))
			}
		}
	}
	return out
}
