package medication

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// Store is the SQL of medications, passes, the med history and assistance
// levels. Every method takes the querier, so the caller chooses the
// transaction, and names the tenant (the background sweeps, which work
// across facilities, say so).
type Store struct{}

// row is a medications row.
type row struct {
	ID, TenantID, ResidentID string
	Name                     string
	Type                     shared.MedicationType
	Dose, Frequency          string
	Route                    shared.MedicationRoute
	Instructions, Diagnosis  string
	RxNumber, Physician      string
	StartDate, EndDate       string
	Times                    []string
	Status                   shared.MedicationStatus
	CreatedBy, UpdatedBy     string
	CreatedAt, UpdatedAt     int64

	Controlled   bool
	Vital        shared.VitalSign
	HoldBelow    *float64
	HoldAbove    *float64
	Scale        []shared.SlidingScaleStep
	OnHold       bool
	HoldReason   string
	HoldAt       int64 // 0 when not on hold
	EndAt        int64 // 0 unless DISCONTINUED
	StopReason   string
	PlannedUntil int64

	Version       int    // raised by every change a person makes
	UpdatedByName string // read only
}

const columns = `m.id, m.tenant_id, m.resident_id, m.name, m.type, m.dose, m.frequency, m.route, m.instructions, m.diagnosis,
	m.rx_number, m.physician, m.start_date, m.end_date, m.times, m.status, COALESCE(m.created_by, ''), m.created_at,
	COALESCE(m.updated_by, ''), m.updated_at, m.controlled, m.vital, m.hold_below, m.hold_above, m.sliding_scale, m.on_hold,
	m.hold_reason, COALESCE(m.hold_at, 0), COALESCE(m.end_at, 0), m.stop_reason, m.planned_until, m.version`

func scan(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	var times, scale string
	var below, above sql.NullFloat64
	if err := sc.Scan(&r.ID, &r.TenantID, &r.ResidentID, &r.Name, &r.Type, &r.Dose, &r.Frequency, &r.Route, &r.Instructions,
		&r.Diagnosis, &r.RxNumber, &r.Physician, &r.StartDate, &r.EndDate, &times, &r.Status, &r.CreatedBy, &r.CreatedAt,
		&r.UpdatedBy, &r.UpdatedAt, &r.Controlled, &r.Vital, &below, &above, &scale, &r.OnHold, &r.HoldReason, &r.HoldAt,
		&r.EndAt, &r.StopReason, &r.PlannedUntil, &r.Version); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(times), &r.Times); err != nil {
		return nil, fmt.Errorf("times: %w", err)
	}
	if err := json.Unmarshal([]byte(scale), &r.Scale); err != nil {
		return nil, fmt.Errorf("sliding scale: %w", err)
	}
	r.HoldBelow, r.HoldAbove = floatPtr(below), floatPtr(above)
	return &r, nil
}

func floatPtr(f sql.NullFloat64) *float64 {
	if !f.Valid {
		return nil
	}
	v := f.Float64
	return &v
}

func nullFloat(f *float64) sql.NullFloat64 {
	if f == nil {
		return sql.NullFloat64{}
	}
	return sql.NullFloat64{Float64: *f, Valid: true}
}

func nullInt(v int64) sql.NullInt64 { return sql.NullInt64{Int64: v, Valid: v != 0} }

func jsonText(v any, empty string) string {
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return empty
	}
	return string(b)
}

func timesJSON(t []string) string {
	if len(t) == 0 {
		return "[]"
	}
	return jsonText(t, "[]")
}

func scaleJSON(s []shared.SlidingScaleStep) string {
	if len(s) == 0 {
		return "[]"
	}
	return jsonText(s, "[]")
}

// scanRows reads medications rows and the names of who last changed them.
func scanRows(ctx context.Context, q db.Querier, rows *sql.Rows, err error, what string) ([]row, error) {
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	ids := make([]string, len(out))
	for i := range out {
		ids[i] = out[i].UpdatedBy
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	for i := range out {
		out[i].UpdatedByName = names[out[i].UpdatedBy]
	}
	return out, nil
}

// ByResident lists a resident's medications that are not deleted, oldest first.
func (Store) ByResident(ctx context.Context, q db.Querier, tenantID, residentID string) ([]row, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columns+` FROM medications m
		WHERE m.tenant_id = ? AND m.resident_id = ? AND m.deleted_at IS NULL ORDER BY m.created_at, m.id`, tenantID, residentID)
	return scanRows(ctx, q, rows, err, "medication: by resident")
}

// ByResidents lists the current (not deleted) orders of residents, and the
// orders named by ids whatever their status, by resident then name.
func (Store) ByResidents(ctx context.Context, q db.Querier, tenantID string, residentIDs, ids []string) ([]row, error) {
	if len(residentIDs) == 0 && len(ids) == 0 {
		return nil, nil
	}
	cond := []string{}
	args := []any{tenantID}
	if len(residentIDs) > 0 {
		marks, a := db.In(residentIDs)
		cond = append(cond, `(m.resident_id IN (`+marks+`) AND m.status = 'CURRENT')`)
		args = append(args, a...)
	}
	if len(ids) > 0 {
		marks, a := db.In(ids)
		cond = append(cond, `m.id IN (`+marks+`)`)
		args = append(args, a...)
	}
	rows, err := q.QueryContext(ctx, `SELECT `+columns+` FROM medications m
		WHERE m.tenant_id = ? AND m.deleted_at IS NULL AND (`+strings.Join(cond, " OR ")+`) ORDER BY m.resident_id, m.name, m.id`, args...)
	return scanRows(ctx, q, rows, err, "medication: by residents")
}

// Get finds a medication of the tenant that is not deleted (db.ErrNotFound if none).
func (Store) Get(ctx context.Context, q db.Querier, tenantID, id string) (*row, error) {
	r, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM medications m
		WHERE m.tenant_id = ? AND m.id = ? AND m.deleted_at IS NULL`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("medication: get", err)
	}
	if r.UpdatedByName, err = people.Name(ctx, q, r.UpdatedBy); err != nil {
		return nil, db.Wrap("medication: get", err)
	}
	return r, nil
}

// listFilter narrows List.
type listFilter struct {
	tenantID, residentID, name string
	status                     shared.MedicationStatus
	typ                        shared.MedicationType
}

func (f listFilter) where() (string, []any) {
	w := ` WHERE m.tenant_id = ? AND m.deleted_at IS NULL AND ` + residency.Shown
	args := []any{f.tenantID}
	if f.residentID != "" {
		w += ` AND m.resident_id = ?`
		args = append(args, f.residentID)
	}
	if f.name != "" {
		w += ` AND ` + db.Like("m.name_key")
		args = append(args, db.Contains(strings.ToLower(f.name)))
	}
	if f.status != "" {
		w += ` AND m.status = ?`
		args = append(args, string(f.status))
	}
	if f.typ != "" {
		w += ` AND m.type = ?`
		args = append(args, string(f.typ))
	}
	return w, args
}

// List is one page of the tenant's medications (current first, then by name), and the total.
func (Store) List(ctx context.Context, q db.Querier, f listFilter, limit, offset int) ([]row, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM medications m JOIN residents r ON r.id = m.resident_id`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("medication: count", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT `+columns+` FROM medications m JOIN residents r ON r.id = m.resident_id`+w+`
		ORDER BY CASE m.status WHEN 'CURRENT' THEN 0 ELSE 1 END, m.name_key, m.id LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	out, err := scanRows(ctx, q, rows, err, "medication: list")
	return out, total, err
}

// Insert adds a medication.
func (Store) Insert(ctx context.Context, q db.Querier, r *row) error {
	_, err := q.ExecContext(ctx, `INSERT INTO medications (id, tenant_id, resident_id, name, name_key, type, dose, frequency, route,
		instructions, diagnosis, rx_number, physician, start_date, end_date, times, status, created_by, created_at, updated_by, updated_at,
		controlled, vital, hold_below, hold_above, sliding_scale, on_hold, hold_reason, hold_at, end_at, stop_reason, planned_until, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
		r.ID, r.TenantID, r.ResidentID, r.Name, strings.ToLower(r.Name), string(r.Type), r.Dose, r.Frequency, string(r.Route),
		r.Instructions, r.Diagnosis, r.RxNumber, r.Physician, r.StartDate, r.EndDate, timesJSON(r.Times), string(r.Status),
		db.NullString(r.CreatedBy), r.CreatedAt, db.NullString(r.UpdatedBy), r.UpdatedAt, r.Controlled, string(r.Vital),
		nullFloat(r.HoldBelow), nullFloat(r.HoldAbove), scaleJSON(r.Scale), r.OnHold, r.HoldReason, nullInt(r.HoldAt), nullInt(r.EndAt),
		r.StopReason, r.PlannedUntil)
	return db.Wrap("medication: insert", err)
}

// Update replaces a medication's order (what a form sets) while it is not
// deleted and still at version `seen` (one on after); false when someone
// changed it meanwhile.
func (Store) Update(ctx context.Context, q db.Querier, r *row, seen int) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medications SET name = ?, name_key = ?, type = ?, dose = ?, frequency = ?, route = ?,
		instructions = ?, diagnosis = ?, rx_number = ?, physician = ?, start_date = ?, end_date = ?, times = ?, controlled = ?, vital = ?,
		hold_below = ?, hold_above = ?, sliding_scale = ?, updated_by = ?, updated_at = ?, version = version + 1
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL AND version = ?`,
		r.Name, strings.ToLower(r.Name), string(r.Type), r.Dose, r.Frequency, string(r.Route), r.Instructions, r.Diagnosis, r.RxNumber,
		r.Physician, r.StartDate, r.EndDate, timesJSON(r.Times), r.Controlled, string(r.Vital), nullFloat(r.HoldBelow),
		nullFloat(r.HoldAbove), scaleJSON(r.Scale), db.NullString(r.UpdatedBy), r.UpdatedAt, r.TenantID, r.ID, seen)
	return db.Affected(res, err)
}

// Delete marks a medication deleted (the row stays with the record); false when it already was.
func (Store) Delete(ctx context.Context, q db.Querier, tenantID, id, by string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medications SET deleted_at = ?, deleted_by = ?, updated_at = ?, version = version + 1
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`, now, db.NullString(by), now, tenantID, id)
	return db.Affected(res, err)
}

// SetHold puts a CURRENT order on hold (hold = true, since at) or resumes it;
// false when it was not CURRENT or already so.
func (Store) SetHold(ctx context.Context, q db.Querier, tenantID, id string, hold bool, reason string, at int64, by string) (bool, error) {
	var since sql.NullInt64
	if hold {
		since = nullInt(at)
	} else {
		reason = ""
	}
	res, err := q.ExecContext(ctx, `UPDATE medications SET on_hold = ?, hold_reason = ?, hold_at = ?, updated_by = ?, updated_at = ?,
		version = version + 1 WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL AND status = 'CURRENT' AND on_hold = ?`,
		hold, reason, since, db.NullString(by), at, tenantID, id, !hold)
	return db.Affected(res, err)
}

// Discontinue stops a CURRENT order at endAt; false when it was not CURRENT.
func (Store) Discontinue(ctx context.Context, q db.Querier, tenantID, id string, endAt int64, reason, by string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medications SET status = 'DISCONTINUED', end_at = ?, stop_reason = ?, on_hold = ?,
		hold_reason = '', hold_at = NULL, updated_by = ?, updated_at = ?, version = version + 1
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL AND status = 'CURRENT'`,
		endAt, reason, false, db.NullString(by), now, tenantID, id)
	return db.Affected(res, err)
}

// Restore makes a DISCONTINUED order CURRENT again, planned from now;
// false when it was not DISCONTINUED.
func (Store) Restore(ctx context.Context, q db.Querier, tenantID, id, by string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medications SET status = 'CURRENT', end_at = NULL, stop_reason = '', planned_until = 0,
		updated_by = ?, updated_at = ?, version = version + 1 WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL AND status = 'DISCONTINUED'`,
		db.NullString(by), now, tenantID, id)
	return db.Affected(res, err)
}

// SetPlanned records that an order's passes exist up to until.
func (Store) SetPlanned(ctx context.Context, q db.Querier, tenantID, id string, until int64) error {
	_, err := q.ExecContext(ctx, `UPDATE medications SET planned_until = ? WHERE tenant_id = ? AND id = ?`, until, tenantID, id)
	return db.Wrap("medication: set planned", err)
}

// Zones are the time-zone codes facilities use (the horizon job works per zone).
func (Store) Zones(ctx context.Context, q db.Querier) ([]shared.TimeZone, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT time_zone FROM tenants`)
	if err != nil {
		return nil, db.Wrap("medication: zones", err)
	}
	defer rows.Close()
	var out []shared.TimeZone
	for rows.Next() {
		var z shared.TimeZone
		if err := rows.Scan(&z); err != nil {
			return nil, db.Wrap("medication: zones", err)
		}
		out = append(out, z)
	}
	return out, db.Wrap("medication: zones", rows.Err())
}

// Behind lists, across facilities of zone z, the scheduled orders (current,
// not PRN) of residents who live there whose passes stop before until, by
// id after `after`.
func (Store) Behind(ctx context.Context, q db.Querier, z shared.TimeZone, until int64, after string, limit int) ([]row, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columns+` FROM medications m
		JOIN residents r ON r.id = m.resident_id JOIN tenants t ON t.id = m.tenant_id
		WHERE t.time_zone = ? AND m.deleted_at IS NULL AND m.status = 'CURRENT' AND m.type <> 'PRN'
		AND r.status IN ('NORMAL', 'GOING_OUT') AND m.planned_until < ? AND m.id > ?
		ORDER BY m.id LIMIT ?`, string(z), until, after, limit)
	return scanRows(ctx, q, rows, err, "medication: behind")
}

// residentRef is what the service needs of a resident.
type residentRef struct {
	ID, Name, Room, Allergies, AvatarFileID string
	Status                                  shared.ResidentStatus
	StatusAt                                int64
}

const residentColumns = `r.id, r.first_name || ' ' || r.last_name, r.room, r.allergies, COALESCE(r.avatar_file_id, ''), r.status, r.status_at`

func scanResident(sc interface{ Scan(...any) error }) (*residentRef, error) {
	var r residentRef
	err := sc.Scan(&r.ID, &r.Name, &r.Room, &r.Allergies, &r.AvatarFileID, &r.Status, &r.StatusAt)
	return &r, err
}

// Resident finds a resident of the tenant (db.ErrNotFound if none, or a
// cancelled move-in: residency.Found).
func (Store) Resident(ctx context.Context, q db.Querier, tenantID, id string) (*residentRef, error) {
	r, err := scanResident(q.QueryRowContext(ctx, `SELECT `+residentColumns+` FROM residents r
		WHERE r.tenant_id = ? AND r.id = ? AND `+residency.Found, tenantID, id))
	if err != nil {
		return nil, db.NotFound("medication: resident", err)
	}
	return r, nil
}

// DayResidents are the residents an /emars day shows: those who live here
// (NORMAL, GOING_OUT) and those with passes that day, by name; one when residentID is set.
func (Store) DayResidents(ctx context.Context, q db.Querier, tenantID, day, residentID string) ([]residentRef, error) {
	query := `SELECT ` + residentColumns + ` FROM residents r WHERE r.tenant_id = ? AND ` + residency.Shown + `
		AND (r.status IN ('NORMAL', 'GOING_OUT') OR EXISTS (SELECT 1 FROM medication_passes p
			WHERE p.tenant_id = r.tenant_id AND p.resident_id = r.id AND p.day = ?))`
	args := []any{tenantID, day}
	if residentID != "" {
		query += ` AND r.id = ?`
		args = append(args, residentID)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY r.last_name, r.first_name, r.id`, args...)
	if err != nil {
		return nil, db.Wrap("medication: day residents", err)
	}
	defer rows.Close()
	var out []residentRef
	for rows.Next() {
		r, err := scanResident(rows)
		if err != nil {
			return nil, db.Wrap("medication: day residents", err)
		}
		out = append(out, *r)
	}
	return out, db.Wrap("medication: day residents", rows.Err())
}

// Managers are the user ids of a facility's owners and admins (told of
// overdue passes when nobody is clocked in).
func (Store) Managers(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	marks, args := db.In(shared.FacilityManagers)
	rows, err := q.QueryContext(ctx, `SELECT ms.user_id FROM memberships ms JOIN users u ON u.id = ms.user_id
		WHERE ms.tenant_id = ? AND ms.role IN (`+marks+`) AND ms.status = 'enabled' AND u.status = 'enabled' ORDER BY ms.user_id`, append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("medication: managers", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("medication: managers", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("medication: managers", rows.Err())
}
