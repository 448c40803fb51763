package medication

import (
	"context"
	"encoding/json"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store is the SQL of medications. Every method takes the querier, so the
// caller chooses the transaction, and names the tenant.
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
}

const columns = `id, tenant_id, resident_id, name, type, dose, frequency, route, instructions, diagnosis, rx_number, physician,
	start_date, end_date, times, status, COALESCE(created_by, ''), created_at, COALESCE(updated_by, ''), updated_at`

func scan(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	var times string
	if err := sc.Scan(&r.ID, &r.TenantID, &r.ResidentID, &r.Name, &r.Type, &r.Dose, &r.Frequency, &r.Route, &r.Instructions,
		&r.Diagnosis, &r.RxNumber, &r.Physician, &r.StartDate, &r.EndDate, &times, &r.Status, &r.CreatedBy, &r.CreatedAt,
		&r.UpdatedBy, &r.UpdatedAt); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(times), &r.Times); err != nil {
		return nil, err
	}
	return &r, nil
}

func timesJSON(t []string) string {
	if len(t) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(t)
	return string(b)
}

// ByResident lists a resident's medications that are not deleted, oldest first.
func (Store) ByResident(ctx context.Context, q db.Querier, tenantID, residentID string) ([]row, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columns+` FROM medications
		WHERE tenant_id = ? AND resident_id = ? AND deleted_at IS NULL ORDER BY created_at, id`, tenantID, residentID)
	if err != nil {
		return nil, db.Wrap("medication: by resident", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, db.Wrap("medication: by resident", err)
		}
		out = append(out, *r)
	}
	return out, db.Wrap("medication: by resident", rows.Err())
}

// Insert adds a medication.
func (Store) Insert(ctx context.Context, q db.Querier, r *row) error {
	_, err := q.ExecContext(ctx, `INSERT INTO medications (id, tenant_id, resident_id, name, type, dose, frequency, route,
		instructions, diagnosis, rx_number, physician, start_date, end_date, times, status, created_by, created_at, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ResidentID, r.Name, string(r.Type), r.Dose, r.Frequency, string(r.Route), r.Instructions, r.Diagnosis,
		r.RxNumber, r.Physician, r.StartDate, r.EndDate, timesJSON(r.Times), string(r.Status), db.NullString(r.CreatedBy), r.CreatedAt,
		db.NullString(r.UpdatedBy), r.UpdatedAt)
	return db.Wrap("medication: insert", err)
}

// Update replaces a medication's order while it is not deleted; false when it is.
func (Store) Update(ctx context.Context, q db.Querier, r *row) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medications SET name = ?, type = ?, dose = ?, frequency = ?, route = ?, instructions = ?,
		diagnosis = ?, rx_number = ?, physician = ?, start_date = ?, end_date = ?, times = ?, updated_by = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`,
		r.Name, string(r.Type), r.Dose, r.Frequency, string(r.Route), r.Instructions, r.Diagnosis, r.RxNumber, r.Physician,
		r.StartDate, r.EndDate, timesJSON(r.Times), db.NullString(r.UpdatedBy), r.UpdatedAt, r.TenantID, r.ID)
	return db.Affected(res, err)
}

// Delete marks a medication deleted (the row stays with the record); false when it already was.
func (Store) Delete(ctx context.Context, q db.Querier, tenantID, id, by string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medications SET deleted_at = ?, deleted_by = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`, now, db.NullString(by), now, tenantID, id)
	return db.Affected(res, err)
}
