package db

import (
	"context"
	"database/sql"
	"errors"
)

// LockTenant holds the facility's row until q's transaction ends, so a check
// that counts the facility's rows or bytes (the plan's resident limit, the
// storage quota) and the write after it run one at a time, across every
// replica on one database.
//
// PostgreSQL: SELECT … FOR NO KEY UPDATE. An UPDATE of the row would fire the
// tenants list-version trigger (migration 00025: a new version for every kept
// answer of the home, and a lock on its list_versions row that a concurrent
// write of a resident also takes, in the other order: a deadlock, seen between
// completing and cancelling one move-in). NO KEY UPDATE, unlike FOR UPDATE,
// does not wait for the KEY SHARE lock a foreign-key check takes on the
// tenant, so rows that merely reference the home are never held up by it.
// Source: PostgreSQL 15 docs, "Explicit Locking", row-level lock modes.
// SQLite: a no-op update; its single writer already serialises.
func LockTenant(ctx context.Context, q Querier, tenantID string) error {
	if postgres(q) {
		var id string
		err := q.QueryRowContext(ctx, `SELECT id FROM tenants WHERE id = ? FOR NO KEY UPDATE`, tenantID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // no such home: nothing to hold, as the update form
		}
		return Wrap("lock tenant", err)
	}
	_, err := q.ExecContext(ctx, `UPDATE tenants SET id = id WHERE id = ?`, tenantID)
	return Wrap("lock tenant", err)
}

// postgres tells whether q runs on PostgreSQL.
func postgres(q Querier) bool {
	switch v := q.(type) {
	case *Tx:
		return v.db.Engine == Postgres
	case *DB:
		return v.Engine == Postgres
	}
	return false
}
