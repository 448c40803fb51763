package task

import (
	"context"
	"database/sql"
	"errors"
	"hearth/cloud/platform/people"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// Store is the SQL of tasks, their records and the facility routines. Every
// method takes the querier so the caller chooses the transaction, and every
// facility query names the tenant, which the service takes from the token.
// The jobs' two sweeps (ExpireDue, TasksBehind) are the only queries over
// every facility at once.
type Store struct{}

type scanner interface{ Scan(...any) error }

// taskRow is a tasks row with the names shown beside it.
type taskRow struct {
	ID, TenantID              string
	ResidentID, CaregiverID   sql.NullString
	Title                     string
	Type                      shared.TaskType
	Area                      shared.CareArea
	Content                   string
	Category                  shared.TaskCategory
	TimeSession               shared.TimeSession
	TimeOfDay                 string
	StartDate, EndDate        string
	Frequency                 shared.TaskFrequency
	DaysOfWeek                string
	RepeatInterval            int
	RunStatus                 shared.TaskRunStatus
	BusinessType              shared.TaskBusinessType
	Remarks                   string
	GeneratedThrough          string
	CreatedBy                 sql.NullString
	CreatedAt, UpdatedAt      int64
	ResidentFirst, ResidentLn sql.NullString
	ResidentStatus            sql.NullString
	ResidentStatusAt          sql.NullInt64
	CaregiverName             sql.NullString
	CaregiverColor            sql.NullString
	CreatorName               sql.NullString
	TimeZone                  shared.TimeZone // TasksBehind only
}

// residentName is the resident's display name ("" for a facility task).
func (t *taskRow) residentName() string {
	if !t.ResidentFirst.Valid {
		return ""
	}
	return t.ResidentFirst.String + " " + t.ResidentLn.String
}

// live reports whether the task makes occurrences now: not stopped, on a
// schedule, and for a resident who lives here (not moving in, moved out or deceased).
func (t *taskRow) live() bool {
	if t.RunStatus != shared.RunNormal || t.Frequency == shared.FrequencyAnytime {
		return false
	}
	return !t.ResidentID.Valid || activeStatus(shared.ResidentStatus(t.ResidentStatus.String))
}

// activeStatus: residents whose care runs (a resident going out still has care before and after).
func activeStatus(s shared.ResidentStatus) bool {
	return s == shared.ResidentNormal || s == shared.ResidentGoingOut
}

const taskSelect = `SELECT t.id, t.tenant_id, t.resident_id, t.caregiver_id, t.title, t.type, t.area, t.content, t.category,
	t.time_session, t.time_of_day, t.start_date, t.end_date, t.frequency, t.days_of_week, t.repeat_interval, t.run_status,
	t.business_type, t.remarks, t.generated_through, t.created_by, t.created_at, t.updated_at,
	r.first_name, r.last_name, r.status, r.status_at, cc.color
	FROM tasks t
	LEFT JOIN residents r ON r.id = t.resident_id
	LEFT JOIN caregivers cc ON cc.tenant_id = t.tenant_id AND cc.user_id = t.caregiver_id AND cc.deleted_at IS NULL`

// nameOf is the name people.Names found for id (NULL for none, or an id no account has).
func nameOf(names map[string]string, id sql.NullString) sql.NullString {
	name, ok := names[id.String]
	if !id.Valid || !ok {
		return sql.NullString{}
	}
	return sql.NullString{String: name, Valid: true}
}

// withTaskNames fills in the caregiver's and the creator's names, in one query.
func withTaskNames(ctx context.Context, q db.Querier, ts []taskRow) error {
	return withNames(ctx, q, nil, ts)
}

// withNames fills in the names records and tasks show (withRecordNames,
// withTaskNames) in one query for both.
func withNames(ctx context.Context, q db.Querier, rs []recordRow, ts []taskRow) error {
	ids := make([]string, 0, 3*len(rs)+2*len(ts))
	for _, r := range rs {
		ids = append(ids, r.CaregiverID.String, r.CompletedBy.String, r.ClearedBy.String)
	}
	for _, t := range ts {
		ids = append(ids, t.CaregiverID.String, t.CreatedBy.String)
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return err
	}
	for i := range rs {
		r := &rs[i]
		r.CaregiverName, r.CompletedByName, r.ClearedByName = nameOf(names, r.CaregiverID), nameOf(names, r.CompletedBy), nameOf(names, r.ClearedBy)
	}
	for i := range ts {
		ts[i].CaregiverName, ts[i].CreatorName = nameOf(names, ts[i].CaregiverID), nameOf(names, ts[i].CreatedBy)
	}
	return nil
}

func scanTask(sc scanner, extra ...any) (*taskRow, error) {
	var t taskRow
	dest := []any{&t.ID, &t.TenantID, &t.ResidentID, &t.CaregiverID, &t.Title, &t.Type, &t.Area, &t.Content, &t.Category,
		&t.TimeSession, &t.TimeOfDay, &t.StartDate, &t.EndDate, &t.Frequency, &t.DaysOfWeek, &t.RepeatInterval, &t.RunStatus,
		&t.BusinessType, &t.Remarks, &t.GeneratedThrough, &t.CreatedBy, &t.CreatedAt, &t.UpdatedAt,
		&t.ResidentFirst, &t.ResidentLn, &t.ResidentStatus, &t.ResidentStatusAt, &t.CaregiverColor}
	if len(extra) > 0 {
		dest = append(dest, &t.TimeZone)
	}
	err := sc.Scan(dest...)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// queryTasks runs a task query; withZone when it also selects the facility's time zone.
func queryTasks(ctx context.Context, q db.Querier, what string, withZone bool, query string, args ...any) ([]taskRow, error) {
	out, err := queryUnnamedTasks(ctx, q, what, withZone, query, args...)
	if err != nil {
		return nil, err
	}
	if err := withTaskNames(ctx, q, out); err != nil {
		return nil, db.Wrap(what, err)
	}
	return out, nil
}

// queryUnnamedTasks is queryTasks without the caregivers' and creators' names.
func queryUnnamedTasks(ctx context.Context, q db.Querier, what string, withZone bool, query string, args ...any) ([]taskRow, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []taskRow
	for rows.Next() {
		var t *taskRow
		if withZone {
			t, err = scanTask(rows, true)
		} else {
			t, err = scanTask(rows)
		}
		if err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, *t)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	return out, nil
}

// InsertTask stores a new task.
func (Store) InsertTask(ctx context.Context, q db.Querier, t *taskRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO tasks (id, tenant_id, resident_id, caregiver_id, title, title_key, type, area, content,
		category, time_session, time_of_day, start_date, end_date, frequency, days_of_week, repeat_interval, run_status, business_type,
		remarks, generated_through, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.TenantID, t.ResidentID, t.CaregiverID, t.Title, strings.ToLower(t.Title), t.Type, t.Area, t.Content, t.Category,
		t.TimeSession, t.TimeOfDay, t.StartDate, t.EndDate, t.Frequency, t.DaysOfWeek, t.RepeatInterval, t.RunStatus, t.BusinessType,
		t.Remarks, t.GeneratedThrough, t.CreatedBy, t.CreatedAt, t.UpdatedAt)
	return db.Wrap("task: insert", err)
}

// UpdateTask replaces a live task's plan; false when it is gone (deleted meanwhile).
func (Store) UpdateTask(ctx context.Context, q db.Querier, t *taskRow) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE tasks SET caregiver_id = ?, title = ?, title_key = ?, type = ?, area = ?,
		content = ?, category = ?, time_session = ?, time_of_day = ?, start_date = ?, end_date = ?, frequency = ?, days_of_week = ?,
		repeat_interval = ?, run_status = ?, remarks = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`,
		t.CaregiverID, t.Title, strings.ToLower(t.Title), t.Type, t.Area, t.Content, t.Category, t.TimeSession, t.TimeOfDay,
		t.StartDate, t.EndDate, t.Frequency, t.DaysOfWeek, t.RepeatInterval, t.RunStatus, t.Remarks, t.UpdatedAt, t.TenantID, t.ID))
	return ok, db.Wrap("task: update", err)
}

// SetGenerated records the last facility day whose occurrences exist.
func (Store) SetGenerated(ctx context.Context, q db.Querier, id, through string) error {
	_, err := q.ExecContext(ctx, `UPDATE tasks SET generated_through = ? WHERE id = ?`, through, id)
	return db.Wrap("task: set generated", err)
}

// DeleteTask soft-deletes a task; false when it was already gone.
func (Store) DeleteTask(ctx context.Context, q db.Querier, tenantID, id string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE tasks SET deleted_at = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`,
		now, now, tenantID, id))
	return ok, db.Wrap("task: delete", err)
}

// GetTask finds a task of the facility that is not deleted (db.ErrNotFound if none).
func (Store) GetTask(ctx context.Context, q db.Querier, tenantID, id string) (*taskRow, error) {
	t, err := scanTask(q.QueryRowContext(ctx, taskSelect+` WHERE t.tenant_id = ? AND t.id = ? AND t.deleted_at IS NULL`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("task: get", err)
	}
	ts := []taskRow{*t}
	if err := withTaskNames(ctx, q, ts); err != nil {
		return nil, db.Wrap("task: get", err)
	}
	return &ts[0], nil
}

// taskFilter narrows the task list.
type taskFilter struct {
	tenantID   string
	residentID string
	titleKey   string
	typ        shared.TaskType
	area       shared.CareArea
	runStatus  shared.TaskRunStatus
	frequency  shared.TaskFrequency
	// anyResident keeps the tasks of residents moving in or gone (the move-in wizard's own list).
	anyResident bool
	// behind: only scheduled tasks whose occurrences stop before this facility day.
	behind string
	// orAnytime: with behind, the anytime (as-needed) tasks as well.
	orAnytime bool
}

func (f taskFilter) where() (string, []any) {
	w := ` WHERE t.tenant_id = ? AND t.deleted_at IS NULL`
	args := []any{f.tenantID}
	if f.residentID != "" {
		w += ` AND t.resident_id = ?`
		args = append(args, f.residentID)
	}
	if f.titleKey != "" {
		w += ` AND ` + db.Like("t.title_key")
		args = append(args, db.Contains(f.titleKey))
	}
	for _, c := range []struct {
		col string
		v   string
	}{{"t.type", string(f.typ)}, {"t.area", string(f.area)}, {"t.run_status", string(f.runStatus)}, {"t.frequency", string(f.frequency)}} {
		if c.v != "" {
			w += ` AND ` + c.col + ` = ?`
			args = append(args, c.v)
		}
	}
	if f.behind != "" {
		if f.orAnytime {
			w += ` AND (t.frequency = 'AS_NEEDED' OR t.generated_through < ?)`
		} else {
			w += ` AND t.frequency <> 'AS_NEEDED' AND t.generated_through < ?`
		}
		args = append(args, f.behind)
	}
	// Residents who have left keep their tasks in the record but out of the lists,
	// and a move-in's tasks show once the resident has moved in.
	if !f.anyResident {
		w += ` AND (t.resident_id IS NULL OR r.status IN ('NORMAL', 'GOING_OUT'))`
	}
	return w, args
}

// taskOrder: a resident's tasks together, then by time of the day.
const taskOrder = ` ORDER BY r.last_name, r.first_name, t.resident_id,
	CASE t.time_session WHEN 'MORNING' THEN 1 WHEN 'MIDDAY' THEN 2 WHEN 'AFTERNOON' THEN 3 WHEN 'EVENING' THEN 4 WHEN 'NIGHT' THEN 5 WHEN 'MIDNIGHT' THEN 6 ELSE 0 END,
	t.time_of_day, t.title_key, t.id`

// ListTasks is one page of tasks and the total.
func (Store) ListTasks(ctx context.Context, q db.Querier, f taskFilter, limit, offset int) ([]taskRow, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM tasks t LEFT JOIN residents r ON r.id = t.resident_id`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("task: list", err)
	}
	rows, err := queryTasks(ctx, q, "task: list", false, taskSelect+w+taskOrder+` LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return rows, total, err
}

// AllTasks are every task the filter matches (a care plan, a calendar's projections).
func (Store) AllTasks(ctx context.Context, q db.Querier, f taskFilter) ([]taskRow, error) {
	w, args := f.where()
	return queryTasks(ctx, q, "task: all", false, taskSelect+w+taskOrder, args...)
}

// AllUnnamedTasks are AllTasks without the caregivers' and creators' names (withNames adds them).
func (Store) AllUnnamedTasks(ctx context.Context, q db.Querier, f taskFilter) ([]taskRow, error) {
	w, args := f.where()
	return queryUnnamedTasks(ctx, q, "task: all", false, taskSelect+w+taskOrder, args...)
}

// TasksBehind are live scheduled tasks of facilities in zone code tz whose
// occurrences stop before horizon, after id afterID (keyset paging over every facility).
func (Store) TasksBehind(ctx context.Context, q db.Querier, tz shared.TimeZone, horizon, afterID string, limit int) ([]taskRow, error) {
	return queryTasks(ctx, q, "task: behind horizon", true, strings.Replace(taskSelect, "FROM tasks t", ", tn.time_zone FROM tasks t JOIN tenants tn ON tn.id = t.tenant_id", 1)+`
		WHERE tn.time_zone = ? AND t.deleted_at IS NULL AND t.run_status = 'NORMAL' AND t.frequency <> 'AS_NEEDED'
		AND t.generated_through < ? AND (t.end_date = '' OR t.end_date > t.generated_through)
		AND (t.resident_id IS NULL OR r.status IN ('NORMAL', 'GOING_OUT')) AND t.id > ?
		ORDER BY t.id LIMIT ?`, tz, horizon, afterID, limit)
}

// Zones are the time-zone codes facilities use.
func (Store) Zones(ctx context.Context, q db.Querier) ([]shared.TimeZone, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT time_zone FROM tenants`)
	if err != nil {
		return nil, db.Wrap("task: zones", err)
	}
	defer rows.Close()
	var out []shared.TimeZone
	for rows.Next() {
		var z shared.TimeZone
		if err := rows.Scan(&z); err != nil {
			return nil, db.Wrap("task: zones", err)
		}
		out = append(out, z)
	}
	return out, db.Wrap("task: zones", rows.Err())
}

// residentRef is what tasks need of a resident.
type residentRef struct {
	ID, First, Last, Room string
	Status                shared.ResidentStatus
	StatusAt              int64
	MoveInDate            string
	CarePlanUpdatedAt     sql.NullInt64
	CreatedAt             int64
}

func (r *residentRef) name() string { return r.First + " " + r.Last }

// Resident finds a resident of the facility (db.ErrNotFound if none, or a
// cancelled move-in: residency.Found).
func (Store) Resident(ctx context.Context, q db.Querier, tenantID, id string) (*residentRef, error) {
	var r residentRef
	err := q.QueryRowContext(ctx, `SELECT r.id, r.first_name, r.last_name, r.room, r.status, r.status_at, r.move_in_date, r.care_plan_updated_at, r.created_at
		FROM residents r WHERE r.tenant_id = ? AND r.id = ? AND `+residency.Found, tenantID, id).
		Scan(&r.ID, &r.First, &r.Last, &r.Room, &r.Status, &r.StatusAt, &r.MoveInDate, &r.CarePlanUpdatedAt, &r.CreatedAt)
	if err != nil {
		return nil, db.NotFound("task: resident", err)
	}
	return &r, nil
}

// Member reports whether userID has an enabled membership of the facility.
func (Store) Member(ctx context.Context, q db.Querier, tenantID, userID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM memberships WHERE tenant_id = ? AND user_id = ? AND status = 'enabled'`,
		tenantID, userID).Scan(&n)
	return n > 0, db.Wrap("task: member", err)
}

// recordRow is a task_records row with the names shown beside it. TenantID,
// CreatedAt and UpdatedAt are written (InsertRecords) but not read back.
type recordRow struct {
	ID, TenantID, TaskID    string
	ResidentID, CaregiverID sql.NullString
	Title, Content          string
	Type                    shared.TaskType
	Area                    shared.CareArea
	Category                shared.TaskCategory
	TimeSession             shared.TimeSession
	TimeOfDay               string
	Day                     string
	DueStart, DueEnd        int64
	Status                  shared.TaskRecordStatus
	CompletedBy             sql.NullString
	CompletedAt             sql.NullInt64
	Comment                 string
	Late                    bool
	LateReason              shared.LateReason
	Remark                  string
	ClearedBy               sql.NullString
	ClearedAt               sql.NullInt64
	ClearReason             string
	CreatedAt, UpdatedAt    int64
	ResidentFirst           sql.NullString
	ResidentLast            sql.NullString
	ResidentRoom            sql.NullString
	CaregiverName           sql.NullString
	CaregiverColor          sql.NullString
	CompletedByName         sql.NullString
	ClearedByName           sql.NullString
}

// recordSelect reads what a record's answer shows (toRecord) and what
// completing it needs, nothing more: a day's or a week's list reads hundreds
// of rows, and every column read is a value made per row.
const recordSelect = `SELECT tr.id, tr.task_id, tr.resident_id, tr.caregiver_id, tr.title, tr.content, tr.type, tr.area,
	tr.category, tr.time_session, tr.time_of_day, tr.day, tr.due_start, tr.due_end, tr.status, tr.completed_by, tr.completed_at,
	tr.comment, tr.late, tr.late_reason, tr.remark, tr.cleared_by, tr.cleared_at, tr.clear_reason,
	r.first_name, r.last_name, r.room, cc.color
	FROM task_records tr
	LEFT JOIN residents r ON r.id = tr.resident_id
	LEFT JOIN caregivers cc ON cc.tenant_id = tr.tenant_id AND cc.user_id = tr.caregiver_id AND cc.deleted_at IS NULL`

// bareRecordSelect is recordSelect without the joined residents and caregivers.
const bareRecordSelect = `SELECT tr.id, tr.task_id, tr.resident_id, tr.caregiver_id, tr.title, tr.content, tr.type, tr.area,
	tr.category, tr.time_session, tr.time_of_day, tr.day, tr.due_start, tr.due_end, tr.status, tr.completed_by, tr.completed_at,
	tr.comment, tr.late, tr.late_reason, tr.remark, tr.cleared_by, tr.cleared_at, tr.clear_reason
	FROM task_records tr`

// withRecordNames fills in the names of the caregiver, of who completed and
// of who cleared each record, in one query.
func withRecordNames(ctx context.Context, q db.Querier, rs []recordRow) error {
	return withNames(ctx, q, rs, nil)
}

func scanRecord(sc scanner) (*recordRow, error) {
	var r recordRow
	err := sc.Scan(&r.ID, &r.TaskID, &r.ResidentID, &r.CaregiverID, &r.Title, &r.Content, &r.Type, &r.Area,
		&r.Category, &r.TimeSession, &r.TimeOfDay, &r.Day, &r.DueStart, &r.DueEnd, &r.Status, &r.CompletedBy, &r.CompletedAt,
		&r.Comment, &r.Late, &r.LateReason, &r.Remark, &r.ClearedBy, &r.ClearedAt, &r.ClearReason,
		&r.ResidentFirst, &r.ResidentLast, &r.ResidentRoom, &r.CaregiverColor)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

func queryRecords(ctx context.Context, q db.Querier, what, query string, args ...any) ([]recordRow, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []recordRow
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	if err := withRecordNames(ctx, q, out); err != nil {
		return nil, db.Wrap(what, err)
	}
	return out, nil
}

// Record visibility. visible: a record of a facility task, of a resident who
// lives here, or of one who has left when it fell before they left. open
// (expired lists, counts, clearing): only facility tasks and residents who live here.
const (
	visible = ` AND (tr.resident_id IS NULL OR r.status IN ('NORMAL', 'GOING_OUT')
		OR (r.status IN ('MOVED_OUT', 'DECEASED') AND tr.due_start < r.status_at))`
	open = ` AND (tr.resident_id IS NULL OR r.status IN ('NORMAL', 'GOING_OUT'))`
	// overdueOrExpired: an EXPIRED record, or a PENDING one whose window has closed (the job has not run yet).
	overdueOrExpired = ` AND (tr.status = 'EXPIRED' OR (tr.status = 'PENDING' AND tr.due_end <= ?))`
	recordOrder      = ` ORDER BY tr.due_start, r.last_name, r.first_name, tr.title, tr.id`
)

// kindCond is the SQL condition of an expired group; col prefixes the columns ("tr." or "").
func kindCond(k shared.ExpiredKind, col string) string {
	switch k {
	case shared.ExpiredMedication:
		return ` AND ` + col + `category = 'medication'`
	case shared.ExpiredRecord:
		return ` AND ` + col + `category <> 'medication' AND ` + col + `type IN ('VITAL_CHECK', 'HEALTH_MONITORING')`
	case shared.ExpiredCarePlan:
		return ` AND ` + col + `category <> 'medication' AND ` + col + `type NOT IN ('VITAL_CHECK', 'HEALTH_MONITORING')`
	}
	return ""
}

// recordColumns is how many values one inserted record takes.
const recordColumns = 19

// InsertRecords adds occurrences; one already made for the same task and due
// start is left as it is (ON CONFLICT DO NOTHING, both engines).
func (Store) InsertRecords(ctx context.Context, q db.Querier, recs []recordRow) error {
	const batch = 40
	for len(recs) > 0 {
		n := min(batch, len(recs))
		var b strings.Builder
		b.WriteString(`INSERT INTO task_records (id, tenant_id, task_id, resident_id, caregiver_id, title, content, type, area, category,
			time_session, time_of_day, day, due_start, due_end, status, created_at, updated_at, comment) VALUES `)
		args := make([]any, 0, n*recordColumns)
		for i, r := range recs[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(" + db.Marks(recordColumns) + ")")
			args = append(args, r.ID, r.TenantID, r.TaskID, r.ResidentID, r.CaregiverID, r.Title, r.Content, r.Type, r.Area, r.Category,
				r.TimeSession, r.TimeOfDay, r.Day, r.DueStart, r.DueEnd, r.Status, r.CreatedAt, r.UpdatedAt, r.Comment)
		}
		b.WriteString(` ON CONFLICT (task_id, due_start) DO NOTHING`)
		if _, err := q.ExecContext(ctx, b.String(), args...); err != nil {
			return db.Wrap("task: insert records", err)
		}
		recs = recs[n:]
	}
	return nil
}

// DropPending removes a task's occurrences that have not closed yet and were
// not done (they are remade from the task as it now is); closed, completed,
// expired and cleared records stay.
func (Store) DropPending(ctx context.Context, q db.Querier, tenantID, taskID string, now int64) error {
	_, err := q.ExecContext(ctx, `DELETE FROM task_records WHERE tenant_id = ? AND task_id = ? AND status = 'PENDING' AND due_end > ?`,
		tenantID, taskID, now)
	return db.Wrap("task: drop pending", err)
}

// GetRecord finds a record of the facility that is visible (db.ErrNotFound if none).
func (Store) GetRecord(ctx context.Context, q db.Querier, tenantID, id string) (*recordRow, error) {
	r, err := scanRecord(q.QueryRowContext(ctx, recordSelect+` WHERE tr.tenant_id = ? AND tr.id = ?`+visible, tenantID, id))
	if err != nil {
		return nil, db.NotFound("task: get record", err)
	}
	rs := []recordRow{*r}
	if err := withRecordNames(ctx, q, rs); err != nil {
		return nil, db.Wrap("task: get record", err)
	}
	return &rs[0], nil
}

// InsertCompleted logs an as-needed task as done now.
func (s Store) InsertCompleted(ctx context.Context, q db.Querier, r *recordRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO task_records (id, tenant_id, task_id, resident_id, caregiver_id, title, content, type, area,
		category, time_session, time_of_day, day, due_start, due_end, status, completed_by, completed_at, comment, late, late_reason, remark,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.TaskID, r.ResidentID, r.CaregiverID, r.Title, r.Content, r.Type, r.Area, r.Category, r.TimeSession,
		r.TimeOfDay, r.Day, r.DueStart, r.DueEnd, shared.RecordCompleted, r.CompletedBy, r.CompletedAt, r.Comment, false, "", r.Remark,
		r.CreatedAt, r.UpdatedAt)
	return db.Wrap("task: log as needed", err)
}

// completion is what completing a record writes.
type completion struct {
	by         string
	at         int64
	comment    string
	late       bool
	lateReason shared.LateReason
	remark     string
}

// Complete completes a PENDING or EXPIRED record once: false when it was
// completed or cleared first (the conditional UPDATE is the lock, on both engines).
func (Store) Complete(ctx context.Context, q db.Querier, tenantID, id string, c completion) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE task_records SET status = 'COMPLETED', completed_by = ?, completed_at = ?,
		comment = ?, late = ?, late_reason = ?, remark = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND status IN ('PENDING', 'EXPIRED')`,
		c.by, c.at, c.comment, c.late, c.lateReason, c.remark, c.at, tenantID, id))
	return ok, db.Wrap("task: complete", err)
}

// Correct changes the comment and remark of a record its completer completed.
func (Store) Correct(ctx context.Context, q db.Querier, tenantID, id, by, comment, remark string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE task_records SET comment = ?, remark = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND status = 'COMPLETED' AND completed_by = ?`, comment, remark, now, tenantID, id, by))
	return ok, db.Wrap("task: correct record", err)
}

// recordFilter narrows a day's or a range's records.
type recordFilter struct {
	tenantID   string
	residentID string
	from, to   string // facility days, inclusive
	category   shared.TaskCategory
	mine       string // a user id: records assigned to them or to nobody
	// openAt, when set (epoch ms), adds the records of the day before from
	// whose window is still open then: today's lists carry last night's
	// (carryOpen).
	openAt int64
}

func (f recordFilter) where() (string, []any) {
	w, args := f.conditions()
	return w + visible, args
}

// conditions are the filter's own, on task_records tr alone (BareRecords
// leaves which residents show to the facility's directory).
func (f recordFilter) conditions() (string, []any) {
	w := ` WHERE tr.tenant_id = ? AND tr.day >= ? AND tr.day <= ?`
	args := []any{f.tenantID, f.from, f.to}
	if f.openAt != 0 {
		w += ` AND (tr.day > ? OR tr.due_end > ?)`
		args = append(args, f.from, f.openAt)
	}
	if f.residentID != "" {
		w += ` AND tr.resident_id = ?`
		args = append(args, f.residentID)
	}
	if f.category != "" {
		w += ` AND tr.category = ?`
		args = append(args, f.category)
	}
	if f.mine != "" {
		w += ` AND (tr.caregiver_id IS NULL OR tr.caregiver_id = ?)`
		args = append(args, f.mine)
	}
	return w, args
}

// Records are the records of the filter's days, by due time then resident.
func (Store) Records(ctx context.Context, q db.Querier, f recordFilter) ([]recordRow, error) {
	w, args := f.where()
	return queryRecords(ctx, q, "task: records", recordSelect+w+recordOrder, args...)
}

// BareRecords are the filter's records without what the residents and
// caregivers add (names, room, colour; Service.records adds them from the
// facility's directory and keeps those shown), in no order: its only read is
// task_records_day.
func (Store) BareRecords(ctx context.Context, q db.Querier, f recordFilter) ([]recordRow, error) {
	w, args := f.conditions()
	rows, err := q.QueryContext(ctx, bareRecordSelect+w, args...)
	if err != nil {
		return nil, db.Wrap("task: records", err)
	}
	defer rows.Close()
	var out []recordRow
	for rows.Next() {
		out = append(out, recordRow{})
		r := &out[len(out)-1]
		if err := rows.Scan(&r.ID, &r.TaskID, &r.ResidentID, &r.CaregiverID, &r.Title, &r.Content, &r.Type, &r.Area,
			&r.Category, &r.TimeSession, &r.TimeOfDay, &r.Day, &r.DueStart, &r.DueEnd, &r.Status, &r.CompletedBy, &r.CompletedAt,
			&r.Comment, &r.Late, &r.LateReason, &r.Remark, &r.ClearedBy, &r.ClearedAt, &r.ClearReason); err != nil {
			return nil, db.Wrap("task: records", err)
		}
	}
	return out, db.Wrap("task: records", rows.Err())
}

// DayFigureRows are the filter's pending and completed records with only what
// the dashboard's task figures read (status, category, session, time of day,
// due window): one narrow statement, no joined names.
func (Store) DayFigureRows(ctx context.Context, q db.Querier, f recordFilter) ([]recordRow, error) {
	w, args := f.where()
	rows, err := q.QueryContext(ctx, `SELECT tr.status, tr.category, tr.time_session, tr.time_of_day, tr.due_start, tr.due_end
		FROM task_records tr LEFT JOIN residents r ON r.id = tr.resident_id`+w+` AND tr.status IN ('PENDING', 'COMPLETED')`, args...)
	if err != nil {
		return nil, db.Wrap("task: day figures", err)
	}
	defer rows.Close()
	var out []recordRow
	for rows.Next() {
		var r recordRow
		if err := rows.Scan(&r.Status, &r.Category, &r.TimeSession, &r.TimeOfDay, &r.DueStart, &r.DueEnd); err != nil {
			return nil, db.Wrap("task: day figures", err)
		}
		out = append(out, r)
	}
	return out, db.Wrap("task: day figures", rows.Err())
}

// dayCount is one day's records in one status.
type dayCount struct {
	Day     string
	Status  shared.TaskRecordStatus
	Count   int
	Overdue int // of them, whose window has closed
}

// DayCounts counts the filter's records per day and status.
func (Store) DayCounts(ctx context.Context, q db.Querier, f recordFilter, now int64) ([]dayCount, error) {
	w, args := f.where()
	rows, err := q.QueryContext(ctx, `SELECT tr.day, tr.status, COUNT(*), SUM(CASE WHEN tr.due_end <= ? THEN 1 ELSE 0 END)
		FROM task_records tr LEFT JOIN residents r ON r.id = tr.resident_id`+w+` GROUP BY tr.day, tr.status`, append([]any{now}, args...)...)
	if err != nil {
		return nil, db.Wrap("task: day counts", err)
	}
	defer rows.Close()
	var out []dayCount
	for rows.Next() {
		var c dayCount
		if err := rows.Scan(&c.Day, &c.Status, &c.Count, &c.Overdue); err != nil {
			return nil, db.Wrap("task: day counts", err)
		}
		out = append(out, c)
	}
	return out, db.Wrap("task: day counts", rows.Err())
}

// expiredFilter narrows expired and overdue records.
type expiredFilter struct {
	tenantID   string
	residentID string
	kind       shared.ExpiredKind
}

func (f expiredFilter) where(now int64) (string, []any) {
	w := ` WHERE tr.tenant_id = ?` + overdueOrExpired + open + kindCond(f.kind, "tr.")
	args := []any{f.tenantID, now}
	if f.residentID != "" {
		w += ` AND tr.resident_id = ?`
		args = append(args, f.residentID)
	}
	return w, args
}

// Expired is one page of expired and overdue records, newest first (oldest
// first when asc), and the total.
func (Store) Expired(ctx context.Context, q db.Querier, f expiredFilter, now int64, asc bool, limit, offset int) ([]recordRow, int64, error) {
	w, args := f.where(now)
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM task_records tr LEFT JOIN residents r ON r.id = tr.resident_id`+w, args...).
		Scan(&total); err != nil {
		return nil, 0, db.Wrap("task: expired", err)
	}
	order := ` ORDER BY tr.due_end DESC, tr.id DESC`
	if asc {
		order = ` ORDER BY tr.due_end, tr.id`
	}
	rows, err := queryRecords(ctx, q, "task: expired", recordSelect+w+order+` LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return rows, total, err
}

// CountExpired counts expired and overdue records of the filter.
func (Store) CountExpired(ctx context.Context, q db.Querier, f expiredFilter, now int64) (int, error) {
	w, args := f.where(now)
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM task_records tr LEFT JOIN residents r ON r.id = tr.resident_id`+w, args...).Scan(&n)
	return n, db.Wrap("task: count expired", err)
}

// NextDueEnd is the earliest end after now of a facility's pending records'
// windows (0 when none): when the next one turns overdue.
func (Store) NextDueEnd(ctx context.Context, q db.Querier, tenantID string, now int64) (int64, error) {
	var next int64
	err := q.QueryRowContext(ctx, `SELECT COALESCE(MIN(due_end), 0) FROM task_records WHERE tenant_id = ? AND status = 'PENDING' AND due_end > ?`,
		tenantID, now).Scan(&next)
	return next, db.Wrap("task: next due end", err)
}

// Clear marks a resident's expired and overdue records of one group (every
// group when kind is "") CLEARED with who, when and why, and returns their ids.
func (Store) Clear(ctx context.Context, q db.Querier, tenantID, residentID string, kind shared.ExpiredKind, by, reason string, now int64) ([]string, error) {
	rows, err := q.QueryContext(ctx, `UPDATE task_records SET status = 'CLEARED', cleared_by = ?, cleared_at = ?, clear_reason = ?, updated_at = ?
		WHERE tenant_id = ? AND resident_id = ? AND (status = 'EXPIRED' OR (status = 'PENDING' AND due_end <= ?))`+kindCond(kind, "")+`
		RETURNING id`, by, now, reason, now, tenantID, residentID, now)
	if err != nil {
		return nil, db.Wrap("task: clear", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("task: clear", err)
		}
		ids = append(ids, id)
	}
	return ids, db.Wrap("task: clear", rows.Err())
}

// byIDs is "id IN (sub)" for a batch sub-select of ids. On PostgreSQL it is
// "id = ANY(ARRAY(sub))": the sub-select runs first and the rows are found by
// the primary key; with IN, PostgreSQL plans a hash semi-join that reads the
// whole table for each batch (seen in EXPLAIN ANALYZE: 200 ms a batch on
// 200,000 records, BenchmarkExpireDue). SQLite looks each id up either way.
func byIDs(engine db.Engine, sub string) string {
	if engine == db.Postgres {
		return `id = ANY(ARRAY(` + sub + `))`
	}
	return `id IN (` + sub + `)`
}

// DropLeft removes up to limit PENDING records whose window has closed and
// that fell after their resident moved out or died: occurrences that never
// were, left behind when the resident left. Returns how many.
func (Store) DropLeft(ctx context.Context, q db.Querier, engine db.Engine, now int64, limit int) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM task_records WHERE `+byIDs(engine, `
		SELECT tr.id FROM task_records tr JOIN residents r ON r.id = tr.resident_id
		WHERE tr.status = 'PENDING' AND tr.due_end <= ? AND r.status IN ('MOVED_OUT', 'DECEASED') AND tr.due_start >= r.status_at
		LIMIT ?`)+` AND status = 'PENDING'`, now, limit)
	if err != nil {
		return 0, db.Wrap("task: drop left", err)
	}
	n, err := res.RowsAffected()
	return n, db.Wrap("task: drop left", err)
}

// ExpireBatch marks up to limit PENDING records whose window has closed
// EXPIRED, oldest first, in every facility at once: one range of the partial
// index task_records_pending. ORDER BY due_end keeps the planner on that
// index whatever its statistics say: without it PostgreSQL, believing most
// rows PENDING, read the whole table for a batch of LIMIT rows that were not
// there (EXPLAIN ANALYZE, BenchmarkExpireDue).
func (Store) ExpireBatch(ctx context.Context, q db.Querier, engine db.Engine, now int64, limit int) (int64, error) {
	res, err := q.ExecContext(ctx, `UPDATE task_records SET status = 'EXPIRED', expired_at = ?, updated_at = ?
		WHERE `+byIDs(engine, `SELECT id FROM task_records WHERE status = 'PENDING' AND due_end <= ? ORDER BY due_end LIMIT ?`)+` AND status = 'PENDING'`,
		now, now, now, limit)
	if err != nil {
		return 0, db.Wrap("task: expire", err)
	}
	n, err := res.RowsAffected()
	return n, db.Wrap("task: expire", err)
}

// retimeRow is a session-bound occurrence that has not opened yet.
type retimeRow struct {
	ID          string
	Day         string
	TimeSession shared.TimeSession
}

// SessionPending are the facility's session-bound PENDING records that open after now.
func (Store) SessionPending(ctx context.Context, q db.Querier, tenantID string, now int64) ([]retimeRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, day, time_session FROM task_records
		WHERE tenant_id = ? AND status = 'PENDING' AND due_start > ? AND time_session <> ''`, tenantID, now)
	if err != nil {
		return nil, db.Wrap("task: session pending", err)
	}
	defer rows.Close()
	var out []retimeRow
	for rows.Next() {
		var r retimeRow
		if err := rows.Scan(&r.ID, &r.Day, &r.TimeSession); err != nil {
			return nil, db.Wrap("task: session pending", err)
		}
		out = append(out, r)
	}
	return out, db.Wrap("task: session pending", rows.Err())
}

// Retime moves a PENDING record's window.
func (Store) Retime(ctx context.Context, q db.Querier, tenantID, id string, start, end, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE task_records SET due_start = ?, due_end = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND status = 'PENDING'`,
		start, end, now, tenantID, id)
	return db.Wrap("task: retime", err)
}

// Routine is the facility's stored routine (ok false when never saved).
func (Store) Routine(ctx context.Context, q db.Querier, tenantID string) (medPrep bool, sessions string, ok bool, err error) {
	err = q.QueryRowContext(ctx, `SELECT medication_prep_enabled, sessions FROM facility_routines WHERE tenant_id = ?`, tenantID).
		Scan(&medPrep, &sessions)
	if errors.Is(err, db.ErrNoRows) {
		return false, "", false, nil
	}
	return medPrep, sessions, err == nil, db.Wrap("task: routine", err)
}

// SaveRoutine stores the facility's routine.
func (Store) SaveRoutine(ctx context.Context, q db.Querier, tenantID string, medPrep bool, sessions, by string, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO facility_routines (tenant_id, medication_prep_enabled, sessions, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (tenant_id) DO UPDATE SET medication_prep_enabled = excluded.medication_prep_enabled,
		sessions = excluded.sessions, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		tenantID, medPrep, sessions, db.NullString(by), now)
	return db.Wrap("task: save routine", err)
}
