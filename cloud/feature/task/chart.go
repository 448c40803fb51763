package task

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"hearth/cloud/platform/careevent"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Chart is the resident's record: the readings taken with a VITAL_CHECK or
// HEALTH_MONITORING task are saved on the health monitor (source TASK) in the
// completion's transaction, and a VITAL_CHECK occurrence that expires undone
// writes an overdue-vital-signs progress note; a completed care-plan task of
// a bathing, dressing, toileting or hygiene area is a care-monitor record
// (source TASK). cloud/server wires the care-record service (Deps.Chart, required).
type Chart interface {
	Event(ctx context.Context, q db.Querier, n careevent.Note) error
	Readings(ctx context.Context, q db.Querier, rs []careevent.Reading) error
	Care(ctx context.Context, q db.Querier, c careevent.Care) error
}

// ErrReadingsNotVital: readings come with vital-check and health-monitoring tasks of a resident.
var ErrReadingsNotVital = problem.New(shared.CodeValidation, "task.readingsNotVital")

// vitalTask says whether a task of this type and resident takes readings.
func vitalTask(t shared.TaskType, residentID sql.NullString) bool {
	return residentID.Valid && (t == shared.TaskVitalCheck || t == shared.TaskHealthMonitoring)
}

// chartCompletion writes what a completed occurrence puts on the resident's
// record: its readings (vital checks, health monitoring) and the care given
// (a care-plan task of a bathing, dressing, toileting or hygiene area).
func (s *Service) chartCompletion(ctx context.Context, q db.Querier, tenantID, actorID string, r *recordRow, at int64, in []shared.HealthReadingInput) error {
	if err := s.chartReadings(ctx, q, tenantID, actorID, r, at, in); err != nil {
		return err
	}
	activity, ok := careevent.ActivityOfArea(r.Area)
	if !ok || !r.ResidentID.Valid || vitalTask(r.Type, r.ResidentID) {
		return nil
	}
	return s.chart.Care(ctx, q, careevent.Care{TenantID: tenantID, ResidentID: r.ResidentID.String, Activity: activity, At: at,
		SourceID: r.ID, ActorID: actorID, Note: strings.TrimSpace(r.Title)})
}

// chartReadings saves the readings of a completed occurrence.
func (s *Service) chartReadings(ctx context.Context, q db.Querier, tenantID, actorID string, r *recordRow, at int64, in []shared.HealthReadingInput) error {
	if len(in) == 0 {
		return nil
	}
	if !vitalTask(r.Type, r.ResidentID) {
		return ErrReadingsNotVital.WithData([]shared.FieldError{{Field: "readings", Rule: "taskType"}})
	}
	rs := make([]careevent.Reading, len(in))
	for i, v := range in {
		rs[i] = careevent.Reading{TenantID: tenantID, ResidentID: r.ResidentID.String, Metric: v.Metric, Value: v.Value, At: at,
			Source: shared.SourceTask, SourceID: r.ID, ActorID: actorID, Note: strings.TrimSpace(r.Title)}
	}
	return s.chart.Readings(ctx, q, rs)
}

// overdueVital is a VITAL_CHECK occurrence whose window has closed undone.
type overdueVital struct {
	ID, TenantID, ResidentID, Title string
	DueEnd                          int64
}

// OverdueVitals are PENDING VITAL_CHECK occurrences of residents whose window
// closed by now, oldest first (the range of the partial index task_records_pending).
func (Store) OverdueVitals(ctx context.Context, q db.Querier, now int64, limit int) ([]overdueVital, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, tenant_id, resident_id, title, due_end FROM task_records
		WHERE status = 'PENDING' AND due_end <= ? AND type = 'VITAL_CHECK' AND resident_id IS NOT NULL ORDER BY due_end LIMIT ?`, now, limit)
	if err != nil {
		return nil, db.Wrap("task: overdue vitals", err)
	}
	defer rows.Close()
	var out []overdueVital
	for rows.Next() {
		var v overdueVital
		if err := rows.Scan(&v.ID, &v.TenantID, &v.ResidentID, &v.Title, &v.DueEnd); err != nil {
			return nil, db.Wrap("task: overdue vitals", err)
		}
		out = append(out, v)
	}
	return out, db.Wrap("task: overdue vitals", rows.Err())
}

// RecordStatus is an occurrence's status (db.ErrNotFound when gone).
func (Store) RecordStatus(ctx context.Context, q db.Querier, id string) (shared.TaskRecordStatus, error) {
	var st shared.TaskRecordStatus
	err := q.QueryRowContext(ctx, `SELECT status FROM task_records WHERE id = ?`, id).Scan(&st)
	if err != nil {
		return "", db.NotFound("task: record status", err)
	}
	return st, nil
}

// chartOverdueVitals writes the overdue-vital-signs note of each occurrence
// the expiry just stored EXPIRED (once per occurrence: the note names it).
func (s *Service) chartOverdueVitals(ctx context.Context, due []overdueVital) error {
	for _, v := range due {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			st, err := s.store.RecordStatus(ctx, tx, v.ID)
			if errors.Is(err, db.ErrNotFound) {
				return nil // gone meanwhile: nothing to chart
			}
			if err != nil || st != shared.RecordExpired {
				return err
			}
			return s.chart.Event(ctx, tx, careevent.Note{Kind: careevent.VitalCheckOverdue, TenantID: v.TenantID, ResidentID: v.ResidentID,
				At: v.DueEnd, When: v.DueEnd, SourceID: v.ID, Args: map[string]string{"task": v.Title}})
		})
		if err != nil {
			return err
		}
	}
	return nil
}
