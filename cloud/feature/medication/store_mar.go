package medication

import (
	"context"

	"hearth/cloud/platform/db"
)

// monthWhere selects a resident's passes of the facility days first..last
// (YYYY-MM-DD, inclusive): scheduled passes by their day, PRN doses by the
// day they were given.
const monthWhere = ` WHERE p.tenant_id = ? AND p.resident_id = ? AND p.day >= ? AND p.day <= ?`

// CountMonthPasses counts what a printed MAR of those days would hold.
func (Store) CountMonthPasses(ctx context.Context, q db.Querier, tenantID, residentID, first, last string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+passFrom+monthWhere, tenantID, residentID, first, last).Scan(&n)
	return n, db.Wrap("medication: count month passes", err)
}

// MonthPasses are those passes by day and time, at most limit.
func (Store) MonthPasses(ctx context.Context, q db.Querier, tenantID, residentID, first, last string, limit int) ([]passRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+passColumns+passFrom+monthWhere+` ORDER BY p.day, p.time_of_day, p.given_at, p.id LIMIT ?`,
		tenantID, residentID, first, last, limit)
	return scanPasses(rows, err, "medication: month passes")
}

// Facility is the facility's name and licence number, for printed headers.
func (Store) Facility(ctx context.Context, q db.Querier, tenantID string) (name, licence string, err error) {
	err = q.QueryRowContext(ctx, `SELECT facility_name, licence_number FROM tenants WHERE id = ?`, tenantID).Scan(&name, &licence)
	return name, licence, db.Wrap("medication: facility", err)
}
