package medication

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/inspection"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The medication feature's part of the inspection readiness page (issue 32,
// registered in cloud/server). An order records its prescriber (physician)
// but no separate order document, so "a physician's order for every active
// medication" is checked as: every current order names its prescriber.

// PhysicianOrderGaps: a resident with current orders that name no prescriber,
// counted per order, linked to the resident's orders.
func (s *Service) PhysicianOrderGaps(ctx context.Context, p *auth.Principal) ([]inspection.Gap, error) {
	counts, err := s.store.CountWithoutPrescriber(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	out := make([]inspection.Gap, 0, len(counts))
	for _, c := range counts {
		out = append(out, inspection.Gap{SubjectID: c.residentID, Count: c.n, Link: "/emars/med-schedule/" + c.residentID})
	}
	return out, nil
}

// MarGaps: a resident with blank passes among the scheduled passes of the
// last shared.InspectionMarDays days: past their window with no outcome,
// not on hold and not acknowledged (a red item an owner or admin answered
// with a note has its reason). The date is the earliest blank's day.
func (s *Service) MarGaps(ctx context.Context, p *auth.Principal) ([]inspection.Gap, error) {
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	closed := now.Add(-time.Duration(shared.PassWindowMinutes) * time.Minute).UnixMilli()
	from := now.AddDate(0, 0, -shared.InspectionMarDays).UnixMilli()
	counts, err := s.store.CountBlankPasses(ctx, s.db, p.TenantID, from, closed)
	if err != nil {
		return nil, err
	}
	out := make([]inspection.Gap, 0, len(counts))
	for _, c := range counts {
		out = append(out, inspection.Gap{SubjectID: c.residentID, Count: c.n,
			DueDate: time.UnixMilli(c.first).In(loc).Format(time.DateOnly), Link: "/emars/med-log/" + c.residentID})
	}
	return out, nil
}

// residentCount is a count of one resident's rows (and the earliest time, where asked).
type residentCount struct {
	residentID string
	n          int
	first      int64
}

// CountWithoutPrescriber counts each resident's current orders naming no prescriber.
func (Store) CountWithoutPrescriber(ctx context.Context, q db.Querier, tenantID string) ([]residentCount, error) {
	return countByResident(ctx, q, "medication: without prescriber", `SELECT m.resident_id, COUNT(*), 0 FROM medications m
		WHERE m.tenant_id = ? AND m.status = ? AND m.deleted_at IS NULL AND TRIM(m.physician) = ''
		GROUP BY m.resident_id`, tenantID, shared.MedicationCurrent)
}

// CountBlankPasses counts each resident's scheduled passes due in [from, closed)
// with no outcome, not on hold and not acknowledged, with the earliest one's time.
func (Store) CountBlankPasses(ctx context.Context, q db.Querier, tenantID string, from, closed int64) ([]residentCount, error) {
	return countByResident(ctx, q, "medication: blank passes", `SELECT p.resident_id, COUNT(*), MIN(p.due_at) FROM medication_passes p
		WHERE p.tenant_id = ? AND p.kind = ? AND p.outcome = '' AND p.on_hold = ? AND p.ack_at IS NULL
			AND p.due_at >= ? AND p.due_at < ?
		GROUP BY p.resident_id`, tenantID, shared.PassScheduled, false, from, closed)
}

func countByResident(ctx context.Context, q db.Querier, what, query string, args ...any) ([]residentCount, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []residentCount
	for rows.Next() {
		var c residentCount
		if err := rows.Scan(&c.residentID, &c.n, &c.first); err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, c)
	}
	return out, db.Wrap(what, rows.Err())
}
