package taskrule

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// Store is the SQL of the task creation rules and their firings. Rules are
// platform-wide (the super admin's): they carry no tenant. Firings do.
type Store struct{}

// row is a task_creation_rules row.
type row struct {
	ID             string
	Title          string
	BusinessType   shared.TaskBusinessType
	TaskType       shared.TaskType
	Frequency      shared.TaskFrequency
	TimeSession    shared.TimeSession
	RepeatInterval int
	DaysOfWeek     []int
	DurationDays   int
	Enabled        bool
	CreatedBy      string
	UpdatedBy      string
	CreatedAt      int64
	UpdatedAt      int64
}

const columns = `id, title, business_type, task_type, frequency, time_session, repeat_interval, days_of_week, duration_days,
	enabled, COALESCE(created_by, ''), COALESCE(updated_by, ''), created_at, updated_at`

func scan(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	var days string
	var enabled int
	err := sc.Scan(&r.ID, &r.Title, &r.BusinessType, &r.TaskType, &r.Frequency, &r.TimeSession, &r.RepeatInterval, &days,
		&r.DurationDays, &enabled, &r.CreatedBy, &r.UpdatedBy, &r.CreatedAt, &r.UpdatedAt)
	if err != nil {
		return nil, err
	}
	r.Enabled = enabled != 0
	if err := json.Unmarshal([]byte(days), &r.DaysOfWeek); err != nil {
		return nil, fmt.Errorf("days of week: %w", err)
	}
	return &r, nil
}

func daysJSON(d []int) string {
	if len(d) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(d)
	return string(b)
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Get finds a rule that is not deleted (db.ErrNotFound if none).
func (Store) Get(ctx context.Context, q db.Querier, id string) (*row, error) {
	r, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM task_creation_rules WHERE id = ? AND deleted_at IS NULL`, id))
	if err != nil {
		return nil, db.NotFound("taskrule: get", err)
	}
	return r, nil
}

// Insert adds a rule; titleKey is the title lower-cased in Go (the "contains" filter).
func (Store) Insert(ctx context.Context, q db.Querier, r *row, titleKey string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO task_creation_rules (id, title, title_key, business_type, task_type, frequency,
		time_session, repeat_interval, days_of_week, duration_days, enabled, created_by, created_at, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.Title, titleKey, string(r.BusinessType), string(r.TaskType), string(r.Frequency), string(r.TimeSession),
		r.RepeatInterval, daysJSON(r.DaysOfWeek), r.DurationDays, flag(r.Enabled), db.NullString(r.CreatedBy), r.CreatedAt,
		db.NullString(r.UpdatedBy), r.UpdatedAt)
	return db.Wrap("taskrule: insert", err)
}

// Update replaces a rule that is not deleted; false when it is.
func (Store) Update(ctx context.Context, q db.Querier, r *row, titleKey string) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE task_creation_rules SET title = ?, title_key = ?, business_type = ?, task_type = ?,
		frequency = ?, time_session = ?, repeat_interval = ?, days_of_week = ?, duration_days = ?, enabled = ?, updated_by = ?,
		updated_at = ? WHERE id = ? AND deleted_at IS NULL`,
		r.Title, titleKey, string(r.BusinessType), string(r.TaskType), string(r.Frequency), string(r.TimeSession), r.RepeatInterval,
		daysJSON(r.DaysOfWeek), r.DurationDays, flag(r.Enabled), db.NullString(r.UpdatedBy), r.UpdatedAt, r.ID)
	return db.Affected(res, err)
}

// Delete marks a rule deleted: it fires no more, and its firings keep pointing at it; false when it already was.
func (Store) Delete(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE task_creation_rules SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL`,
		now, now, id)
	return db.Affected(res, err)
}

// List answers one page of the rules (newest first) and the total; titleKey
// (lower case) is contained in the title, business "" is every type.
func (Store) List(ctx context.Context, q db.Querier, titleKey string, business shared.TaskBusinessType, limit, offset int) ([]row, int64, error) {
	w := ` WHERE deleted_at IS NULL`
	var args []any
	if titleKey != "" {
		w += ` AND ` + db.Like("title_key")
		args = append(args, db.Contains(titleKey))
	}
	if business != "" {
		w += ` AND business_type = ?`
		args = append(args, string(business))
	}
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM task_creation_rules`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("taskrule: list", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT `+columns+` FROM task_creation_rules`+w+` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("taskrule: list", err)
	}
	out, err := collect(rows, "taskrule: list")
	return out, total, err
}

// Enabled lists the enabled rules of a business type, oldest first (the order their tasks are made in).
func (Store) Enabled(ctx context.Context, q db.Querier, business shared.TaskBusinessType) ([]row, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columns+` FROM task_creation_rules
		WHERE business_type = ? AND enabled = 1 AND deleted_at IS NULL ORDER BY created_at, id`, string(business))
	if err != nil {
		return nil, db.Wrap("taskrule: enabled", err)
	}
	return collect(rows, "taskrule: enabled")
}

func collect(rows *sql.Rows, what string) ([]row, error) {
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
	return out, nil
}

// firing is a task_rule_firings row.
type firing struct {
	ID, RuleID, EventKey, TenantID string
	TaskID, SkipReason             string
	CreatedAt                      int64
}

// Fire records that a rule fired for an event; false when it had already
// fired for it (the unique (rule_id, event_key): a retried job makes no second task).
func (Store) Fire(ctx context.Context, q db.Querier, f *firing) (bool, error) {
	res, err := q.ExecContext(ctx, `INSERT INTO task_rule_firings (id, rule_id, event_key, tenant_id, task_id, skip_reason, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (rule_id, event_key) DO NOTHING`,
		f.ID, f.RuleID, f.EventKey, f.TenantID, db.NullString(f.TaskID), f.SkipReason, f.CreatedAt)
	return db.Affected(res, err)
}

// SetFiringTask records the task a firing made.
func (Store) SetFiringTask(ctx context.Context, q db.Querier, id, taskID string) error {
	_, err := q.ExecContext(ctx, `UPDATE task_rule_firings SET task_id = ? WHERE id = ?`, taskID, id)
	return db.Wrap("taskrule: firing task", err)
}

// residentAtHome is what a RESIDENT event needs of the resident: the
// move-in date and whether the resident still lives in the home
// (residency.Lives). Read only, from the residents feature's table; a
// cancelled move-in is not found (residency.Found).
func (Store) residentAtHome(ctx context.Context, q db.Querier, tenantID, residentID string) (moveIn string, atHome, found bool, err error) {
	var status shared.ResidentStatus
	err = q.QueryRowContext(ctx, `SELECT r.move_in_date, r.status FROM residents r WHERE r.tenant_id = ? AND r.id = ? AND `+residency.Found,
		tenantID, residentID).Scan(&moveIn, &status)
	if errors.Is(err, db.ErrNoRows) {
		return "", false, false, nil
	}
	if err != nil {
		return "", false, false, db.Wrap("taskrule: resident", err)
	}
	return moveIn, residency.Lives(status), true, nil
}
