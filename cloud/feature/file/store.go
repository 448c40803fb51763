package file

import (
	"context"
	"database/sql"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store is the SQL of the files table. Every method takes the querier so the
// caller chooses the transaction.
type Store struct{}

// record is a files row.
type record struct {
	ID, TenantID, UploaderID  string
	Category                  shared.FileCategory
	Name, Suffix, ContentType string
	Size                      int64
	StorageKey, SHA256        string
	CreatedAt                 int64
	ConfirmedAt, DeletedAt    sql.NullInt64
}

const fileCols = `id, tenant_id, uploader_id, category, name, suffix, content_type, size, storage_key, sha256, created_at, confirmed_at, deleted_at`

func scanFiles(what string, rows *sql.Rows) ([]record, error) {
	defer rows.Close()
	var out []record
	for rows.Next() {
		r, err := scanFile(rows)
		if err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	return out, nil
}

func scanFile(row interface{ Scan(...any) error }) (*record, error) {
	var r record
	err := row.Scan(&r.ID, &r.TenantID, &r.UploaderID, &r.Category, &r.Name, &r.Suffix, &r.ContentType, &r.Size,
		&r.StorageKey, &r.SHA256, &r.CreatedAt, &r.ConfirmedAt, &r.DeletedAt)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Insert adds a file row.
func (Store) Insert(ctx context.Context, q db.Querier, r *record) error {
	_, err := q.ExecContext(ctx, `INSERT INTO files (`+fileCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.UploaderID, string(r.Category), r.Name, r.Suffix, r.ContentType, r.Size,
		r.StorageKey, r.SHA256, r.CreatedAt, r.ConfirmedAt, r.DeletedAt)
	return db.Wrap("file: insert", err)
}

// ByID finds a file, deleted or not; db.ErrNotFound when there is none.
func (Store) ByID(ctx context.Context, q db.Querier, id string) (*record, error) {
	r, err := scanFile(q.QueryRowContext(ctx, `SELECT `+fileCols+` FROM files WHERE id = ?`, id))
	if err != nil {
		return nil, db.NotFound("file: by id", err)
	}
	return r, nil
}

// ByIDs finds the files of ids that are not deleted, in no particular order.
func (Store) ByIDs(ctx context.Context, q db.Querier, ids []string) ([]record, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	in, args := db.In(ids)
	rows, err := q.QueryContext(ctx, `SELECT `+fileCols+` FROM files WHERE deleted_at IS NULL AND id IN (`+in+`)`, args...)
	if err != nil {
		return nil, db.Wrap("file: by ids", err)
	}
	return scanFiles("file: by ids", rows)
}

// Usage is the bytes a tenant's files and their resized copies hold
// (soft-deleted files no longer count).
func (Store) Usage(ctx context.Context, q db.Querier, tenantID string) (int64, error) {
	var n int64
	err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(size), 0) + (SELECT COALESCE(SUM(v.size), 0) FROM file_variants v
		JOIN files f ON f.id = v.file_id WHERE v.tenant_id = ? AND f.deleted_at IS NULL)
		FROM files WHERE tenant_id = ? AND deleted_at IS NULL`, tenantID, tenantID).Scan(&n)
	return n, db.Wrap("file: usage", err)
}

// AddVariant counts a resized copy of r, once however many replicas made it.
func (Store) AddVariant(ctx context.Context, q db.Querier, r *record, name string, size, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO file_variants (file_id, tenant_id, name, size, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (file_id, name) DO NOTHING`, r.ID, r.TenantID, name, size, now)
	return db.Wrap("file: add variant", err)
}

// Confirm marks an upload as in use; false when it was confirmed already.
func (Store) Confirm(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE files SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL AND deleted_at IS NULL`, now, id)
	return db.Affected(res, err)
}

// SoftDelete marks a file deleted, keeping its row and bytes; false when it already was.
func (Store) SoftDelete(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE files SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL`, now, id)
	return db.Affected(res, err)
}

// DeleteUnconfirmed removes the row of an upload that is still unconfirmed.
// False means another request confirmed or removed it first (the one that
// gets true removes the bytes, so replicas never both act on one file).
func (Store) DeleteUnconfirmed(ctx context.Context, q db.Querier, id string) (bool, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM files WHERE id = ? AND confirmed_at IS NULL`, id)
	return deleteVariants(ctx, q, id, res, err)
}

// DeleteAvatar removes the row of a replaced avatar.
func (Store) DeleteAvatar(ctx context.Context, q db.Querier, id string) (bool, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM files WHERE id = ? AND category = ?`, id, string(shared.FileAvatar))
	return deleteVariants(ctx, q, id, res, err)
}

// deleteVariants removes the counts of a removed file's copies (the caller removes their bytes).
func deleteVariants(ctx context.Context, q db.Querier, id string, res sql.Result, err error) (bool, error) {
	ok, err := db.Affected(res, err)
	if err != nil || !ok {
		return ok, err
	}
	_, err = q.ExecContext(ctx, `DELETE FROM file_variants WHERE file_id = ?`, id)
	return ok, db.Wrap("file: delete variants", err)
}

// Stale lists uploads made before cutoff and never confirmed, oldest first.
func (Store) Stale(ctx context.Context, q db.Querier, cutoff int64, limit int) ([]record, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+fileCols+` FROM files WHERE confirmed_at IS NULL AND created_at < ?
		ORDER BY created_at LIMIT ?`, cutoff, limit)
	if err != nil {
		return nil, db.Wrap("file: stale", err)
	}
	return scanFiles("file: stale", rows)
}
