package disposal

import (
	"context"
	"database/sql"
	"encoding/json"
	"hearth/cloud/platform/people"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// Store is the SQL of medication disposals. Every method takes the querier,
// so the caller chooses the transaction, and names the tenant. It reads the
// residents, medications and tasks tables of other features (for the
// names, the orders and the clocks), whose columns the ordered migrations
// guarantee; it writes only its own two tables. The eMAR's pass log is not
// read here: refused doses come through Medications.
type Store struct{}

// row is a medication_disposals row with the names the answers show.
type row struct {
	ID, TenantID, ResidentID, MedicationID, TaskID string
	MedicationName                                 string
	MedicationType                                 shared.MedicationType
	Dose                                           string
	Route                                          shared.MedicationRoute
	Instructions, Diagnosis, RxNumber              string
	StartDate, EndDate                             string
	Method                                         shared.DisposalMethod
	CustomMethod                                   string
	Reason                                         shared.DisposalReason
	CustomReason                                   string
	DisposalTime                                   int64
	Pills                                          int
	Remarks                                        string
	Version                                        int
	CreatedBy, UpdatedBy                           string
	CreatedAt, UpdatedAt                           int64

	// Read with the row, never written.
	ResidentName, CreatedByName, UpdatedByName string
	MedicationStatus                           shared.MedicationStatus
}

const selectRow = `SELECT d.id, d.tenant_id, d.resident_id, d.medication_id, COALESCE(d.task_id, ''), d.medication_name,
	d.medication_type, d.dose, d.route, d.instructions, d.diagnosis, d.rx_number, d.start_date, d.end_date,
	d.disposal_method, d.custom_method, d.disposal_reason, d.custom_reason, d.disposal_time, d.pills_number, d.remarks,
	d.version, d.created_by, d.created_at, d.updated_by, d.updated_at,
	r.first_name || ' ' || r.last_name, COALESCE(m.status, '')
	FROM medication_disposals d
	JOIN residents r ON r.id = d.resident_id AND r.tenant_id = d.tenant_id
	LEFT JOIN medications m ON m.id = d.medication_id AND m.tenant_id = d.tenant_id`

func scanRow(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	if err := sc.Scan(&r.ID, &r.TenantID, &r.ResidentID, &r.MedicationID, &r.TaskID, &r.MedicationName, &r.MedicationType,
		&r.Dose, &r.Route, &r.Instructions, &r.Diagnosis, &r.RxNumber, &r.StartDate, &r.EndDate, &r.Method, &r.CustomMethod,
		&r.Reason, &r.CustomReason, &r.DisposalTime, &r.Pills, &r.Remarks, &r.Version, &r.CreatedBy, &r.CreatedAt,
		&r.UpdatedBy, &r.UpdatedAt, &r.ResidentName, &r.MedicationStatus); err != nil {
		return nil, err
	}
	return &r, nil
}

// withNames fills in who created and last changed each record.
func withNames(ctx context.Context, q db.Querier, rs []row) error {
	ids := make([]string, 0, 2*len(rs))
	for _, r := range rs {
		ids = append(ids, r.CreatedBy, r.UpdatedBy)
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return err
	}
	for i := range rs {
		rs[i].CreatedByName, rs[i].UpdatedByName = names[rs[i].CreatedBy], names[rs[i].UpdatedBy]
	}
	return nil
}

// Get is one record of the tenant (db.ErrNotFound if none).
func (Store) Get(ctx context.Context, q db.Querier, tenantID, id string) (*row, error) {
	r, err := scanRow(q.QueryRowContext(ctx, selectRow+` WHERE d.tenant_id = ? AND d.id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("disposal: get", err)
	}
	rs := []row{*r}
	if err := withNames(ctx, q, rs); err != nil {
		return nil, db.Wrap("disposal: get", err)
	}
	return &rs[0], nil
}

// listFilter is one resident's records, optionally narrowed.
type listFilter struct {
	tenantID, residentID, medicationID string
	method                             shared.DisposalMethod
	reason                             shared.DisposalReason
}

// List is a page of a resident's records, the latest disposal first, and their total.
func (Store) List(ctx context.Context, q db.Querier, f listFilter, limit, offset int) ([]row, int64, error) {
	w, args := ` WHERE d.tenant_id = ? AND d.resident_id = ?`, []any{f.tenantID, f.residentID}
	if f.medicationID != "" {
		w += ` AND d.medication_id = ?`
		args = append(args, f.medicationID)
	}
	if f.method != "" {
		w += ` AND d.disposal_method = ?`
		args = append(args, string(f.method))
	}
	if f.reason != "" {
		w += ` AND d.disposal_reason = ?`
		args = append(args, string(f.reason))
	}
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM medication_disposals d`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("disposal: list", err)
	}
	rows, err := q.QueryContext(ctx, selectRow+w+` ORDER BY d.disposal_time DESC, d.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("disposal: list", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, 0, db.Wrap("disposal: list", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("disposal: list", err)
	}
	if err := withNames(ctx, q, out); err != nil {
		return nil, 0, db.Wrap("disposal: list", err)
	}
	return out, total, nil
}

// Insert adds a record (version 1).
func (Store) Insert(ctx context.Context, q db.Querier, r *row) error {
	_, err := q.ExecContext(ctx, `INSERT INTO medication_disposals (id, tenant_id, resident_id, medication_id, task_id,
		medication_name, medication_type, dose, route, instructions, diagnosis, rx_number, start_date, end_date,
		disposal_method, custom_method, disposal_reason, custom_reason, disposal_time, pills_number, remarks, version,
		created_by, created_at, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ResidentID, r.MedicationID, db.NullString(r.TaskID), r.MedicationName, string(r.MedicationType),
		r.Dose, string(r.Route), r.Instructions, r.Diagnosis, r.RxNumber, r.StartDate, r.EndDate, string(r.Method),
		r.CustomMethod, string(r.Reason), r.CustomReason, r.DisposalTime, r.Pills, r.Remarks, r.Version,
		r.CreatedBy, r.CreatedAt, r.UpdatedBy, r.UpdatedAt)
	return db.Wrap("disposal: insert", err)
}

// Update writes an edit when the stored version is still the one the editor
// saw (version-1 after the edit); false when someone changed it meanwhile.
func (Store) Update(ctx context.Context, q db.Querier, r *row) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medication_disposals SET medication_id = ?, task_id = ?, medication_name = ?,
		medication_type = ?, dose = ?, route = ?, instructions = ?, diagnosis = ?, rx_number = ?, start_date = ?, end_date = ?,
		disposal_method = ?, custom_method = ?, disposal_reason = ?, custom_reason = ?, disposal_time = ?, pills_number = ?,
		remarks = ?, version = ?, updated_by = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND version = ?`,
		r.MedicationID, db.NullString(r.TaskID), r.MedicationName, string(r.MedicationType), r.Dose, string(r.Route),
		r.Instructions, r.Diagnosis, r.RxNumber, r.StartDate, r.EndDate, string(r.Method), r.CustomMethod, string(r.Reason),
		r.CustomReason, r.DisposalTime, r.Pills, r.Remarks, r.Version, r.UpdatedBy, r.UpdatedAt,
		r.TenantID, r.ID, r.Version-1)
	return db.Affected(res, err)
}

// change is a medication_disposal_changes row.
type change struct {
	ID, TenantID, DisposalID string
	Action                   shared.DisposalChangeAction
	Fields                   []string
	Before, After            *shared.MedicationDisposal
	ChangedBy                string
	ChangedAt                int64

	ChangedByName string // read only
}

// InsertChange adds one change of a record.
func (Store) InsertChange(ctx context.Context, q db.Querier, c *change) error {
	fields, err := json.Marshal(c.Fields)
	if err != nil {
		return db.Wrap("disposal: insert change: fields", err)
	}
	var before sql.NullString
	if c.Before != nil {
		b, err := json.Marshal(c.Before)
		if err != nil {
			return db.Wrap("disposal: insert change: before", err)
		}
		before = sql.NullString{String: string(b), Valid: true}
	}
	after, err := json.Marshal(c.After)
	if err != nil {
		return db.Wrap("disposal: insert change: after", err)
	}
	_, err = q.ExecContext(ctx, `INSERT INTO medication_disposal_changes (id, tenant_id, disposal_id, action, fields,
		before_json, after_json, changed_by, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.TenantID, c.DisposalID, string(c.Action), string(fields), before, string(after), c.ChangedBy, c.ChangedAt)
	return db.Wrap("disposal: insert change", err)
}

// Changes are a record's changes, newest first, at most limit.
func (Store) Changes(ctx context.Context, q db.Querier, tenantID, disposalID string, limit int) ([]change, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.tenant_id, c.disposal_id, c.action, c.fields, c.before_json, c.after_json,
		c.changed_by, c.changed_at
		FROM medication_disposal_changes c
		WHERE c.tenant_id = ? AND c.disposal_id = ? ORDER BY c.changed_at DESC, c.id DESC LIMIT ?`, tenantID, disposalID, limit)
	if err != nil {
		return nil, db.Wrap("disposal: changes", err)
	}
	defer rows.Close()
	var out []change
	for rows.Next() {
		var c change
		var fields, after string
		var before sql.NullString
		if err := rows.Scan(&c.ID, &c.TenantID, &c.DisposalID, &c.Action, &fields, &before, &after, &c.ChangedBy,
			&c.ChangedAt); err != nil {
			return nil, db.Wrap("disposal: changes", err)
		}
		if err := json.Unmarshal([]byte(fields), &c.Fields); err != nil {
			return nil, db.Wrap("disposal: changes", err)
		}
		if before.Valid {
			c.Before = &shared.MedicationDisposal{}
			if err := json.Unmarshal([]byte(before.String), c.Before); err != nil {
				return nil, db.Wrap("disposal: changes", err)
			}
		}
		c.After = &shared.MedicationDisposal{}
		if err := json.Unmarshal([]byte(after), c.After); err != nil {
			return nil, db.Wrap("disposal: changes", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("disposal: changes", err)
	}
	ids := make([]string, len(out))
	for i := range out {
		ids[i] = out[i].ChangedBy
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return nil, db.Wrap("disposal: changes", err)
	}
	for i := range out {
		out[i].ChangedByName = names[out[i].ChangedBy]
	}
	return out, nil
}

// resident is what disposal needs of a resident: the name and the status
// with the time it was set (the death or the move-out).
type resident struct {
	ID, Name string
	Status   shared.ResidentStatus
	StatusAt int64
	MoveIn   string // YYYY-MM-DD; empty when not recorded
}

// Resident is a resident of the tenant (db.ErrNotFound when none, or a
// cancelled move-in: residency.Found).
func (Store) Resident(ctx context.Context, q db.Querier, tenantID, id string) (*resident, error) {
	var r resident
	err := q.QueryRowContext(ctx, `SELECT r.id, r.first_name || ' ' || r.last_name, r.status, r.status_at, r.move_in_date FROM residents r
		WHERE r.tenant_id = ? AND r.id = ? AND `+residency.Found, tenantID, id).Scan(&r.ID, &r.Name, &r.Status, &r.StatusAt, &r.MoveIn)
	if err != nil {
		return nil, db.NotFound("disposal: resident", err)
	}
	return &r, nil
}

// medication is a medication order as disposal reads it: the fields a record
// copies, and what its clocks run from.
type medication struct {
	ID, ResidentID string
	Name           string
	Type           shared.MedicationType
	Dose           string
	Route          shared.MedicationRoute
	Instructions   string
	Diagnosis      string
	RxNumber       string
	StartDate      string
	EndDate        string
	Status         shared.MedicationStatus
	UpdatedAt      int64
	StoppedAt      sql.NullInt64 // medications.end_at: when a DISCONTINUED order stopped (NULL on rows older than the eMAR)
}

// medicationColumns are the medications columns read.
const medicationColumns = `m.id, m.resident_id, m.name, m.type, m.dose, m.route, m.instructions, m.diagnosis, m.rx_number,
	m.start_date, m.end_date, m.status, m.updated_at, m.end_at`

func scanMedication(sc interface{ Scan(...any) error }) (*medication, error) {
	var m medication
	if err := sc.Scan(&m.ID, &m.ResidentID, &m.Name, &m.Type, &m.Dose, &m.Route, &m.Instructions, &m.Diagnosis, &m.RxNumber,
		&m.StartDate, &m.EndDate, &m.Status, &m.UpdatedAt, &m.StoppedAt); err != nil {
		return nil, err
	}
	return &m, nil
}

// Medication is a medication of the tenant's resident that was not removed
// from the list (entered in error); db.ErrNotFound otherwise.
func (Store) Medication(ctx context.Context, q db.Querier, tenantID, residentID, id string) (*medication, error) {
	m, err := scanMedication(q.QueryRowContext(ctx, `SELECT `+medicationColumns+` FROM medications m
		WHERE m.tenant_id = ? AND m.resident_id = ? AND m.id = ? AND m.deleted_at IS NULL`, tenantID, residentID, id))
	if err != nil {
		return nil, db.NotFound("disposal: medication", err)
	}
	return m, nil
}

// MedicationAnyResident is a medication of the tenant (any resident) that was not removed (db.ErrNotFound otherwise).
func (Store) MedicationAnyResident(ctx context.Context, q db.Querier, tenantID, id string) (*medication, error) {
	m, err := scanMedication(q.QueryRowContext(ctx, `SELECT `+medicationColumns+` FROM medications m
		WHERE m.tenant_id = ? AND m.id = ? AND m.deleted_at IS NULL`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("disposal: medication", err)
	}
	return m, nil
}

// candidate is a medication that may be due for disposal, with its resident.
type candidate struct {
	medication
	ResidentName     string
	ResidentStatus   shared.ResidentStatus
	ResidentStatusAt int64
	LastDisposal     sql.NullInt64 // the latest disposal_time of a record naming it
}

// Candidates are the tenant's medications (of one resident when residentID
// is set) that a clock may apply to: discontinued ones, ones with an end
// date, and every one of a resident who died or moved out; plus, when
// withCurrent, every other one too (a refusal can make any of them due).
// Removed medications and residents still moving in are left out.
func (Store) Candidates(ctx context.Context, q db.Querier, tenantID, residentID string, withCurrent bool) ([]candidate, error) {
	w, args := ` WHERE m.tenant_id = ? AND m.deleted_at IS NULL AND r.status IN (?, ?, ?, ?)`,
		[]any{tenantID, string(shared.ResidentNormal), string(shared.ResidentGoingOut), string(shared.ResidentDeceased), string(shared.ResidentMovedOut)}
	if residentID != "" {
		w += ` AND m.resident_id = ?`
		args = append(args, residentID)
	}
	if !withCurrent {
		w += ` AND (m.status = ? OR m.end_date <> '' OR r.status IN (?, ?))`
		args = append(args, string(shared.MedicationDiscontinued), string(shared.ResidentDeceased), string(shared.ResidentMovedOut))
	}
	rows, err := q.QueryContext(ctx, `SELECT `+medicationColumns+`, r.first_name || ' ' || r.last_name, r.status,
		r.status_at, (SELECT MAX(d.disposal_time) FROM medication_disposals d WHERE d.tenant_id = m.tenant_id AND d.medication_id = m.id)
		FROM medications m JOIN residents r ON r.id = m.resident_id AND r.tenant_id = m.tenant_id`+w+
		` ORDER BY r.last_name, r.first_name, m.name, m.id`, args...)
	if err != nil {
		return nil, db.Wrap("disposal: candidates", err)
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.ID, &c.ResidentID, &c.Name, &c.Type, &c.Dose, &c.Route, &c.Instructions, &c.Diagnosis,
			&c.RxNumber, &c.StartDate, &c.EndDate, &c.Status, &c.UpdatedAt, &c.StoppedAt, &c.ResidentName,
			&c.ResidentStatus, &c.ResidentStatusAt, &c.LastDisposal); err != nil {
			return nil, db.Wrap("disposal: candidates", err)
		}
		out = append(out, c)
	}
	return out, db.Wrap("disposal: candidates", rows.Err())
}

// TaskOfResident reports whether a live task of the tenant belongs to the resident.
func (Store) TaskOfResident(ctx context.Context, q db.Querier, tenantID, residentID, taskID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM tasks WHERE tenant_id = ? AND id = ? AND resident_id = ? AND deleted_at IS NULL`,
		tenantID, taskID, residentID).Scan(&n)
	return n > 0, db.Wrap("disposal: task", err)
}
