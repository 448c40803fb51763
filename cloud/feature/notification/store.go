package notification

import (
	"context"
	"database/sql"
	"encoding/json"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store is the SQL of notifications. Every method takes the querier so the
// caller chooses the transaction; every inbox query names the facility and the
// person, which the service takes from the token. The cleanup is the only
// query over every facility at once.
type Store struct{}

// row is a notifications row.
type row struct {
	ID, TenantID, UserID string
	Kind                 shared.NotificationKind
	TitleKey, BodyKey    string
	Params               map[string]string
	Link, DedupeKey      string
	CreatedAt            int64
	ReadAt               sql.NullInt64
}

// Members are those of userIDs who belong to the facility now, with their
// membership and account enabled: a notification for anyone else would be
// one nobody can read.
func (Store) Members(ctx context.Context, q db.Querier, tenantID string, userIDs []string) ([]string, error) {
	in, args := db.In(userIDs)
	rows, err := q.QueryContext(ctx, `SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
		WHERE m.tenant_id = ? AND m.status = 'enabled' AND u.status = 'enabled' AND m.user_id IN (`+in+`) ORDER BY m.user_id`,
		append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("notification: members", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("notification: members", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("notification: members", rows.Err())
}

// Insert stores r unless the person already has a notification with its
// dedupe key in the facility; false then. ON CONFLICT DO NOTHING (both
// engines) rather than catching the unique violation: on PostgreSQL a failed
// statement would abort the caller's transaction.
func (Store) Insert(ctx context.Context, q db.Querier, r *row) (bool, error) {
	params, err := json.Marshal(r.Params)
	if err != nil {
		return false, db.Wrap("notification: insert", err)
	}
	return db.Affected(q.ExecContext(ctx, `INSERT INTO notifications (id, tenant_id, user_id, kind, title_key, body_key, params, link,
		dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (tenant_id, user_id, dedupe_key) DO NOTHING`,
		r.ID, r.TenantID, r.UserID, string(r.Kind), r.TitleKey, r.BodyKey, string(params), r.Link, r.DedupeKey, r.CreatedAt))
}

// inbox is one person's notifications in one facility.
func inbox(unreadOnly bool) string {
	w := ` WHERE tenant_id = ? AND user_id = ?`
	if unreadOnly {
		w += ` AND read_at IS NULL`
	}
	return w
}

// List is a page of a person's notifications, newest first, and how many there are.
func (Store) List(ctx context.Context, q db.Querier, tenantID, userID string, unreadOnly bool, limit, offset int) ([]row, int64, error) {
	w := inbox(unreadOnly)
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications`+w, tenantID, userID).Scan(&total); err != nil {
		return nil, 0, db.Wrap("notification: count", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT id, tenant_id, user_id, kind, title_key, body_key, params, link, dedupe_key, created_at, read_at
		FROM notifications`+w+` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, tenantID, userID, limit, offset)
	if err != nil {
		return nil, 0, db.Wrap("notification: list", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		var r row
		var params string
		if err := rows.Scan(&r.ID, &r.TenantID, &r.UserID, &r.Kind, &r.TitleKey, &r.BodyKey, &params, &r.Link, &r.DedupeKey,
			&r.CreatedAt, &r.ReadAt); err != nil {
			return nil, 0, db.Wrap("notification: list", err)
		}
		if err := json.Unmarshal([]byte(params), &r.Params); err != nil {
			return nil, 0, db.Wrap("notification: list params", err)
		}
		out = append(out, r)
	}
	return out, total, db.Wrap("notification: list", rows.Err())
}

// Unread is how many of a person's notifications are unread and when the newest of them was made (0: none).
func (Store) Unread(ctx context.Context, q db.Querier, tenantID, userID string) (int, int64, error) {
	var n int
	var latest sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT COUNT(*), MAX(created_at) FROM notifications`+inbox(true), tenantID, userID).Scan(&n, &latest)
	return n, latest.Int64, db.Wrap("notification: unread", err)
}

// CountOwn is how many of ids are the person's notifications in the facility.
func (Store) CountOwn(ctx context.Context, q db.Querier, tenantID, userID string, ids []string) (int, error) {
	in, args := db.In(ids)
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications`+inbox(false)+` AND id IN (`+in+`)`,
		append([]any{tenantID, userID}, args...)...).Scan(&n)
	return n, db.Wrap("notification: count own", err)
}

// MarkRead marks the person's unread notifications read: those of ids, or
// every one when ids is nil. Answers how many it marked (already read ones are left as they were).
func (Store) MarkRead(ctx context.Context, q db.Querier, tenantID, userID string, ids []string, now int64) (int64, error) {
	query := `UPDATE notifications SET read_at = ?` + inbox(true)
	args := []any{now, tenantID, userID}
	if ids != nil {
		in, idArgs := db.In(ids)
		query += ` AND id IN (` + in + `)`
		args = append(args, idArgs...)
	}
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, db.Wrap("notification: mark read", err)
	}
	n, err := res.RowsAffected()
	return n, db.Wrap("notification: mark read", err)
}

// DeleteBefore removes up to limit notifications made before the cutoff, of
// every facility; answers how many it removed. Batches keep each statement
// short, so SQLite's one writer is never held for long.
func (Store) DeleteBefore(ctx context.Context, q db.Querier, cutoff int64, limit int) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM notifications WHERE id IN
		(SELECT id FROM notifications WHERE created_at < ? ORDER BY created_at LIMIT ?)`, cutoff, limit)
	if err != nil {
		return 0, db.Wrap("notification: delete old", err)
	}
	n, err := res.RowsAffected()
	return n, db.Wrap("notification: delete old", err)
}
