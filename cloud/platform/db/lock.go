package db

import "context"

// LockTenant holds the facility's row until q's transaction ends, so a check
// that counts the facility's rows or bytes (the plan's resident limit, the
// storage quota) and the write after it run one at a time, across every
// replica on one database. A no-op update is the lock both engines accept:
// PostgreSQL row-locks the tenant; SQLite's single writer already serialises.
func LockTenant(ctx context.Context, q Querier, tenantID string) error {
	_, err := q.ExecContext(ctx, `UPDATE tenants SET id = id WHERE id = ?`, tenantID)
	return Wrap("lock tenant", err)
}
