package medication

import (
	"context"
	"database/sql"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// changeRow is a medication_changes row (the med history).
type changeRow struct {
	ID, TenantID, MedicationID, ResidentID string
	Kind                                   shared.MedicationChangeKind
	BeforeJSON, AfterJSON                  sql.NullString
	ChangeDate, Prescriber, Note           string
	FileID                                 string
	ActorID, ActorName                     string
	CreatedAt                              int64
	MedName                                string
}

// InsertChange adds a med history row.
func (Store) InsertChange(ctx context.Context, q db.Querier, c *changeRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO medication_changes (id, tenant_id, medication_id, resident_id, kind, before_json, after_json,
		change_date, prescriber, note, verification_file_id, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.TenantID, c.MedicationID, c.ResidentID, string(c.Kind), c.BeforeJSON, c.AfterJSON, c.ChangeDate, c.Prescriber, c.Note,
		db.NullString(c.FileID), db.NullString(c.ActorID), c.CreatedAt)
	return db.Wrap("medication: insert change", err)
}

// Changes is one page of a resident's med history (optionally one order's), newest first, and the total.
func (Store) Changes(ctx context.Context, q db.Querier, tenantID, residentID, medicationID string, limit, offset int) ([]changeRow, int64, error) {
	w := ` WHERE c.tenant_id = ? AND c.resident_id = ?`
	args := []any{tenantID, residentID}
	if medicationID != "" {
		w += ` AND c.medication_id = ?`
		args = append(args, medicationID)
	}
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM medication_changes c`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("medication: count changes", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.tenant_id, c.medication_id, c.resident_id, c.kind, c.before_json, c.after_json,
		c.change_date, c.prescriber, c.note, COALESCE(c.verification_file_id, ''), COALESCE(c.actor_id, ''),
		c.created_at, m.name
		FROM medication_changes c JOIN medications m ON m.id = c.medication_id`+w+`
		ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("medication: changes", err)
	}
	defer rows.Close()
	var out []changeRow
	for rows.Next() {
		var c changeRow
		if err := rows.Scan(&c.ID, &c.TenantID, &c.MedicationID, &c.ResidentID, &c.Kind, &c.BeforeJSON, &c.AfterJSON, &c.ChangeDate,
			&c.Prescriber, &c.Note, &c.FileID, &c.ActorID, &c.CreatedAt, &c.MedName); err != nil {
			return nil, 0, db.Wrap("medication: changes", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("medication: changes", err)
	}
	ids := make([]string, len(out))
	for i := range out {
		ids[i] = out[i].ActorID
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return nil, 0, db.Wrap("medication: changes", err)
	}
	for i := range out {
		out[i].ActorName = names[out[i].ActorID]
	}
	return out, total, nil
}

// assistanceRow is a medication_assistance row.
type assistanceRow struct {
	ResidentID    string
	Level         shared.AssistanceLevel
	Note          string
	UpdatedBy     string
	UpdatedByName string
	UpdatedAt     int64
}

// Assistance is a resident's level (db.ErrNotFound when never recorded).
func (Store) Assistance(ctx context.Context, q db.Querier, tenantID, residentID string) (*assistanceRow, error) {
	var a assistanceRow
	err := q.QueryRowContext(ctx, `SELECT a.resident_id, a.level, a.note, COALESCE(a.updated_by, ''), a.updated_at
		FROM medication_assistance a WHERE a.tenant_id = ? AND a.resident_id = ?`,
		tenantID, residentID).Scan(&a.ResidentID, &a.Level, &a.Note, &a.UpdatedBy, &a.UpdatedAt)
	if err != nil {
		return nil, db.NotFound("medication: assistance", err)
	}
	if a.UpdatedByName, err = people.Name(ctx, q, a.UpdatedBy); err != nil {
		return nil, db.Wrap("medication: assistance", err)
	}
	return &a, nil
}

// Levels are the recorded levels of a facility's residents.
func (Store) Levels(ctx context.Context, q db.Querier, tenantID string) (map[string]shared.AssistanceLevel, error) {
	rows, err := q.QueryContext(ctx, `SELECT resident_id, level FROM medication_assistance WHERE tenant_id = ?`, tenantID)
	if err != nil {
		return nil, db.Wrap("medication: levels", err)
	}
	defer rows.Close()
	out := map[string]shared.AssistanceLevel{}
	for rows.Next() {
		var id string
		var l shared.AssistanceLevel
		if err := rows.Scan(&id, &l); err != nil {
			return nil, db.Wrap("medication: levels", err)
		}
		out[id] = l
	}
	return out, db.Wrap("medication: levels", rows.Err())
}

// SaveAssistance records a resident's level (insert or replace).
func (Store) SaveAssistance(ctx context.Context, q db.Querier, tenantID string, a *assistanceRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO medication_assistance (resident_id, tenant_id, level, note, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (resident_id) DO UPDATE SET level = excluded.level, note = excluded.note,
		updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		a.ResidentID, tenantID, string(a.Level), a.Note, db.NullString(a.UpdatedBy), a.UpdatedAt)
	return db.Wrap("medication: save assistance", err)
}
