package staff

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store is the SQL of caregivers and their credential records. Every query is
// scoped by tenant_id from the caller's token, never from the request.
type Store struct{}

// row is a caregivers row joined with the account and membership it belongs to.
type row struct {
	ID, TenantID, UserID, Color, HireDate, BirthDate string
	Specialties                                      string
	NurseDelegation, DiabetesDelegation              bool
	Status                                           shared.UserStatus // caregivers.status: enabled or disabled
	CreatedAt, UpdatedAt                             int64
	DeletedAt                                        sql.NullInt64
	// From users and memberships.
	Account, Name, Email, Phone, Avatar string
	UserStatus                          shared.UserStatus
	Role                                shared.Role
}

// status is what the staff list shows: unverified until the invite is accepted, then the facility's decision.
func (r *row) status() shared.UserStatus {
	if r.UserStatus == shared.UserUnverified {
		return shared.UserUnverified
	}
	if r.UserStatus == shared.UserDisabled {
		return shared.UserDisabled
	}
	return r.Status
}

func (r *row) specialties() []shared.Specialty {
	out := []shared.Specialty{}
	for _, s := range strings.Split(r.Specialties, ",") {
		if s != "" {
			out = append(out, shared.Specialty(s))
		}
	}
	return out
}

const rowCols = `c.id, c.tenant_id, c.user_id, c.color, c.hire_date, c.birth_date, c.specialties, c.nurse_delegation,
	c.diabetes_delegation, c.status, c.created_at, c.updated_at, c.deleted_at,
	u.account, u.name, u.email, u.phone, u.avatar, u.status, m.role`

const rowFrom = ` FROM caregivers c JOIN users u ON u.id = c.user_id
	JOIN memberships m ON m.tenant_id = c.tenant_id AND m.user_id = c.user_id`

func scanRow(s interface{ Scan(...any) error }) (*row, error) {
	var r row
	var nurse, diabetes int
	err := s.Scan(&r.ID, &r.TenantID, &r.UserID, &r.Color, &r.HireDate, &r.BirthDate, &r.Specialties, &nurse, &diabetes,
		&r.Status, &r.CreatedAt, &r.UpdatedAt, &r.DeletedAt, &r.Account, &r.Name, &r.Email, &r.Phone, &r.Avatar, &r.UserStatus, &r.Role)
	if err != nil {
		return nil, err
	}
	r.NurseDelegation, r.DiabetesDelegation = nurse != 0, diabetes != 0
	return &r, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Insert adds a caregiver profile.
func (Store) Insert(ctx context.Context, q db.Querier, r *row, createdBy string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO caregivers (id, tenant_id, user_id, color, color_key, hire_date, birth_date, name_key,
		specialties, nurse_delegation, diabetes_delegation, status, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.UserID, r.Color, strings.ToLower(r.Color), r.HireDate, r.BirthDate, strings.ToLower(r.Name),
		r.Specialties, boolInt(r.NurseDelegation), boolInt(r.DiabetesDelegation), string(r.Status), createdBy, r.CreatedAt, r.UpdatedAt)
	return db.Wrap("staff: insert", err)
}

// Update writes the editable profile fields of a live caregiver.
func (Store) Update(ctx context.Context, q db.Querier, r *row) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `UPDATE caregivers SET color = ?, color_key = ?, hire_date = ?, birth_date = ?, name_key = ?,
		specialties = ?, nurse_delegation = ?, diabetes_delegation = ?, updated_at = ?
		WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL`,
		r.Color, strings.ToLower(r.Color), r.HireDate, r.BirthDate, strings.ToLower(r.Name), r.Specialties,
		boolInt(r.NurseDelegation), boolInt(r.DiabetesDelegation), r.UpdatedAt, r.ID, r.TenantID))
}

// CountCaregivers is how many caregivers the home employs: live profiles
// whose role is CAREGIVER_STAFF, suspended ones included (their place is kept).
func (Store) CountCaregivers(ctx context.Context, q db.Querier, tenantID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+rowFrom+` WHERE c.tenant_id = ? AND c.deleted_at IS NULL AND m.role = ?`,
		tenantID, string(shared.RoleCaregiverStaff)).Scan(&n)
	return n, db.Wrap("staff: count caregivers", err)
}

// SetStatus enables or disables a live caregiver; false when it already had that status or is gone.
func (Store) SetStatus(ctx context.Context, q db.Querier, tenantID, id string, st shared.UserStatus, now int64) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `UPDATE caregivers SET status = ?, updated_at = ? WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL AND status <> ?`,
		string(st), now, id, tenantID, string(st)))
}

// SoftDelete ends a caregiver's employment in the facility; the row stays (records are kept).
func (Store) SoftDelete(ctx context.Context, q db.Querier, tenantID, id string, now int64) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `UPDATE caregivers SET deleted_at = ?, status = 'disabled', updated_at = ? WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL`,
		now, now, id, tenantID))
}

// Get finds a live caregiver of the facility; db.ErrNotFound when there is none.
func (Store) Get(ctx context.Context, q db.Querier, tenantID, id string) (*row, error) {
	r, err := scanRow(q.QueryRowContext(ctx, `SELECT `+rowCols+rowFrom+` WHERE c.id = ? AND c.tenant_id = ? AND c.deleted_at IS NULL`, id, tenantID))
	if err != nil {
		return nil, db.NotFound("staff: get", err)
	}
	return r, nil
}

// ByUser finds the live caregiver profile of a user in the facility;
// db.ErrNotFound when they have none.
func (Store) ByUser(ctx context.Context, q db.Querier, tenantID, userID string) (*row, error) {
	r, err := scanRow(q.QueryRowContext(ctx, `SELECT `+rowCols+rowFrom+` WHERE c.user_id = ? AND c.tenant_id = ? AND c.deleted_at IS NULL`, userID, tenantID))
	if err != nil {
		return nil, db.NotFound("staff: by user", err)
	}
	return r, nil
}

// ColorTaken reports whether a live caregiver of the facility other than except uses color.
func (Store) ColorTaken(ctx context.Context, q db.Querier, tenantID, color, except string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM caregivers WHERE tenant_id = ? AND color_key = ? AND deleted_at IS NULL AND id <> ?`,
		tenantID, strings.ToLower(color), except).Scan(&n)
	return n > 0, db.Wrap("staff: color taken", err)
}

// UsedColors are the colour keys of the facility's live caregivers.
func (Store) UsedColors(ctx context.Context, q db.Querier, tenantID string) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT color_key FROM caregivers WHERE tenant_id = ? AND deleted_at IS NULL`, tenantID)
	if err != nil {
		return nil, db.Wrap("staff: used colors", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, db.Wrap("staff: used colors", err)
		}
		out[c] = true
	}
	return out, db.Wrap("staff: used colors", rows.Err())
}

// filter narrows a list.
type filter struct {
	tenantID, nameKey string
	status            shared.UserStatus
	role              shared.Role
	userID            string // only this person (a caregiver's own count)
}

func (f filter) where() (string, []any) {
	w := ` WHERE c.tenant_id = ? AND c.deleted_at IS NULL`
	args := []any{f.tenantID}
	if f.nameKey != "" {
		w += ` AND ` + db.Like("c.name_key")
		args = append(args, db.Contains(f.nameKey))
	}
	switch f.status {
	case shared.UserUnverified:
		w += ` AND u.status = 'unverified'`
	case shared.UserEnabled:
		w += ` AND u.status = 'enabled' AND c.status = 'enabled'`
	case shared.UserDisabled:
		w += ` AND u.status <> 'unverified' AND (c.status = 'disabled' OR u.status = 'disabled')`
	}
	if f.role != "" {
		w += ` AND m.role = ?`
		args = append(args, string(f.role))
	}
	if f.userID != "" {
		w += ` AND c.user_id = ?`
		args = append(args, f.userID)
	}
	return w, args
}

// List is one page of caregivers, by name, and the total.
func (Store) List(ctx context.Context, q db.Querier, f filter, limit, offset int) ([]row, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+rowFrom+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("staff: list", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT `+rowCols+rowFrom+w+` ORDER BY c.name_key, c.id LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("staff: list", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, 0, db.Wrap("staff: list", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("staff: list", err)
	}
	return out, total, nil
}

// credential is a caregiver_credentials row.
type credential struct {
	ID, TenantID, CaregiverID string
	Type                      shared.CredentialType
	Name, IssueDate, Expiry   string
	CEMinutes                 int
	FileIDs                   []string
	UploaderID                string
	CreatedAt                 int64
}

const credCols = `id, tenant_id, caregiver_id, type, name, issue_date, expiry_date, ce_minutes, file_ids, uploader_id, created_at`

// InsertCredential adds a credential record.
func (Store) InsertCredential(ctx context.Context, q db.Querier, c *credential) error {
	ids, err := json.Marshal(c.FileIDs)
	if err != nil {
		return db.Wrap("staff: insert credential", err)
	}
	_, err = q.ExecContext(ctx, `INSERT INTO caregiver_credentials (`+credCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.TenantID, c.CaregiverID, string(c.Type), c.Name, c.IssueDate, c.Expiry, c.CEMinutes, string(ids), c.UploaderID, c.CreatedAt)
	return db.Wrap("staff: insert credential", err)
}

// Credentials are the live credential records of the given caregivers of a facility, newest issue first.
func (Store) Credentials(ctx context.Context, q db.Querier, tenantID string, caregiverIDs []string, typ shared.CredentialType) ([]credential, error) {
	if len(caregiverIDs) == 0 {
		return nil, nil
	}
	query := `SELECT ` + credCols + ` FROM caregiver_credentials WHERE tenant_id = ? AND deleted_at IS NULL AND caregiver_id IN (` + db.Marks(len(caregiverIDs)) + `)`
	args := []any{tenantID}
	for _, id := range caregiverIDs {
		args = append(args, id)
	}
	if typ != "" {
		query += ` AND type = ?`
		args = append(args, string(typ))
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY issue_date DESC, created_at DESC`, args...)
	if err != nil {
		return nil, db.Wrap("staff: credentials", err)
	}
	defer rows.Close()
	var out []credential
	for rows.Next() {
		var c credential
		var ids string
		if err := rows.Scan(&c.ID, &c.TenantID, &c.CaregiverID, &c.Type, &c.Name, &c.IssueDate, &c.Expiry, &c.CEMinutes, &ids, &c.UploaderID, &c.CreatedAt); err != nil {
			return nil, db.Wrap("staff: credentials", err)
		}
		if err := json.Unmarshal([]byte(ids), &c.FileIDs); err != nil {
			return nil, db.Wrap("staff: credentials", err)
		}
		out = append(out, c)
	}
	return out, db.Wrap("staff: credentials", rows.Err())
}

// FacilityName is the facility's name (for the invitation mail).
func (Store) FacilityName(ctx context.Context, q db.Querier, tenantID string) (string, error) {
	var name string
	err := q.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE id = ?`, tenantID).Scan(&name)
	return name, db.Wrap("staff: facility name", err)
}
