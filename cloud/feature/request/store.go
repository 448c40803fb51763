package request

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// Store is the SQL of requests (application_forms). Every method takes the
// querier so the caller chooses the transaction; the tenant id always comes
// from the caller's token.
type Store struct{}

// row is an application_forms row with the names shown beside it.
type row struct {
	ID, TenantID, CreatorID string
	Type                    shared.ApplicationType
	StartAt, EndAt          int64
	Reason                  string
	Status                  shared.ApplicationStatus
	ApproverID              sql.NullString
	Comment                 string
	DecidedAt               sql.NullInt64
	CreatedAt, UpdatedAt    int64
	CreatorName             string
	CreatorColor            sql.NullString
	ApproverName            string // "" until decided
}

const formSelect = `SELECT f.id, f.tenant_id, f.creator_id, f.type, f.start_at, f.end_at, f.reason, f.status, f.approver_id,
	f.comment, f.decided_at, f.created_at, f.updated_at, c.color
	FROM application_forms f
	LEFT JOIN caregivers c ON c.tenant_id = f.tenant_id AND c.user_id = f.creator_id`

func scanForm(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	err := sc.Scan(&r.ID, &r.TenantID, &r.CreatorID, &r.Type, &r.StartAt, &r.EndAt, &r.Reason, &r.Status, &r.ApproverID,
		&r.Comment, &r.DecidedAt, &r.CreatedAt, &r.UpdatedAt, &r.CreatorColor)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// named fills in the creators' and approvers' names, with one lookup for all the requests.
func named(ctx context.Context, q db.Querier, rs []row) error {
	ids := make([]string, 0, 2*len(rs))
	for _, r := range rs {
		ids = append(ids, r.CreatorID, r.ApproverID.String)
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return fmt.Errorf("request: names: %w", err)
	}
	for i := range rs {
		rs[i].CreatorName, rs[i].ApproverName = names[rs[i].CreatorID], names[rs[i].ApproverID.String]
	}
	return nil
}

// scope is what a viewer may see: the facility's requests, or only their own.
type scope struct {
	tenantID  string
	creatorID string // "" = every request of the facility
}

func (sc scope) where() (string, []any) {
	if sc.creatorID == "" {
		return ` WHERE f.tenant_id = ?`, []any{sc.tenantID}
	}
	return ` WHERE f.tenant_id = ? AND f.creator_id = ?`, []any{sc.tenantID, sc.creatorID}
}

// Get finds a request within the scope (db.ErrNotFound if none).
func (Store) Get(ctx context.Context, q db.Querier, sc scope, id string) (*row, error) {
	w, args := sc.where()
	r, err := scanForm(q.QueryRowContext(ctx, formSelect+w+` AND f.id = ?`, append(args, id)...))
	if err != nil {
		return nil, db.NotFound("request: get", err)
	}
	rs := []row{*r}
	if err := named(ctx, q, rs); err != nil {
		return nil, err
	}
	return &rs[0], nil
}

// Insert stores a new request.
func (Store) Insert(ctx context.Context, q db.Querier, r *row) error {
	_, err := q.ExecContext(ctx, `INSERT INTO application_forms (id, tenant_id, creator_id, type, start_at, end_at, reason, status,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.CreatorID, r.Type, r.StartAt, r.EndAt, r.Reason, shared.ApplicationPending, r.CreatedAt, r.UpdatedAt)
	return db.Wrap("request: insert", err)
}

// Edit changes the creator's own request while it is PENDING; false when it is not (any more).
func (Store) Edit(ctx context.Context, q db.Querier, r *row) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `UPDATE application_forms SET type = ?, start_at = ?, end_at = ?, reason = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND creator_id = ? AND status = ?`,
		r.Type, r.StartAt, r.EndAt, r.Reason, r.UpdatedAt, r.TenantID, r.ID, r.CreatorID, shared.ApplicationPending))
}

// Decide approves or refuses a PENDING request; false when someone decided first.
func (Store) Decide(ctx context.Context, q db.Querier, tenantID, id string, status shared.ApplicationStatus, approverID, comment string, now int64) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `UPDATE application_forms SET status = ?, approver_id = ?, comment = ?, decided_at = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND status = ?`,
		status, approverID, comment, now, now, tenantID, id, shared.ApplicationPending))
}

// filter narrows a list.
type filter struct {
	scope
	status  shared.ApplicationStatus
	typ     shared.ApplicationType
	creator string
}

func (f filter) where() (string, []any) {
	w, args := f.scope.where()
	if f.status != "" {
		w += ` AND f.status = ?`
		args = append(args, f.status)
	}
	if f.typ != "" {
		w += ` AND f.type = ?`
		args = append(args, f.typ)
	}
	if f.creator != "" {
		w += ` AND f.creator_id = ?`
		args = append(args, f.creator)
	}
	return w, args
}

// List is one page, pending first, then newest first, and the total.
func (Store) List(ctx context.Context, q db.Querier, f filter, limit, offset int) ([]row, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM application_forms f`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("request: list", err)
	}
	rows, err := q.QueryContext(ctx, formSelect+w+` ORDER BY CASE WHEN f.status = 'PENDING' THEN 0 ELSE 1 END, f.created_at DESC, f.id DESC
		LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("request: list", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scanForm(rows)
		if err != nil {
			return nil, 0, db.Wrap("request: list", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("request: list", err)
	}
	if err := named(ctx, q, out); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// CountPending counts PENDING requests in the scope.
func (Store) CountPending(ctx context.Context, q db.Querier, sc scope) (int, error) {
	w, args := sc.where()
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM application_forms f`+w+` AND f.status = ?`,
		append(args, shared.ApplicationPending)...).Scan(&n)
	return n, db.Wrap("request: count pending", err)
}

// InsertDemo stores a PENDING request for the demo seed (cloud/feature/demo).
func InsertDemo(ctx context.Context, q db.Querier, tenantID, creatorID string, typ shared.ApplicationType, start, end int64, reason string, now int64) error {
	return Store{}.Insert(ctx, q, &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, CreatorID: creatorID, Type: typ,
		StartAt: start, EndAt: end, Reason: reason, CreatedAt: now, UpdatedAt: now})
}

// requester is who is told about a decision, and where.
type requester struct {
	Email, Name, Facility string
	TimeZone              shared.TimeZone
	Language              shared.Language // the account's language ("" when not known)
}

// Requester is the account that filed a request, with its facility's name and zone (db.ErrNotFound if none).
func (Store) Requester(ctx context.Context, q db.Querier, tenantID, userID string) (*requester, error) {
	var r requester
	err := q.QueryRowContext(ctx, `SELECT u.email, u.name, t.facility_name, t.time_zone, u.language FROM users u JOIN tenants t ON t.id = ?
		WHERE u.id = ?`, tenantID, userID).Scan(&r.Email, &r.Name, &r.Facility, &r.TimeZone, &r.Language)
	if err != nil {
		return nil, db.NotFound("request: requester", err)
	}
	return &r, nil
}
