package shift

import (
	"context"
	"time"

	"hearth/cloud/platform/db"
)

// OnShiftAt reports whether the person works one of the facility's published
// shifts at the moment at (start included, end not): Web Push keeps alerts
// quiet outside a person's shifts (cloud/feature/push).
func (s *Service) OnShiftAt(ctx context.Context, tenantID, userID string, at time.Time) (bool, error) {
	return s.store.OnShiftAt(ctx, s.db, tenantID, userID, at.UnixMilli())
}

// OnShiftAt reports whether the person has a published assignment covering ms.
func (Store) OnShiftAt(ctx context.Context, q db.Querier, tenantID, userID string, ms int64) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM shift_assignments a JOIN shift_schedules s ON s.id = a.schedule_id
		WHERE a.tenant_id = ? AND a.user_id = ? AND s.status = 'PUBLISHED' AND a.start_at <= ? AND a.end_at > ?`,
		tenantID, userID, ms, ms).Scan(&n)
	return n > 0, db.Wrap("shift: on shift at", err)
}
