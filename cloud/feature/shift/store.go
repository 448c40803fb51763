package shift

import (
	"context"
	"database/sql"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// Store is the SQL of shift types, schedules, assignments and shift reports.
// Every query is scoped by tenant_id from the caller's token, never from the
// request; the reminder sweep alone reads every facility's due reminders.
// It reads other features' tables for display and rules (caregivers, users,
// memberships, application_forms, clock_punches, medication_passes,
// task_records, residents) and writes only its own.
type Store struct{}

// typeRow is a shift_types row.
type typeRow struct {
	ID, TenantID, Name, NameKey, StartTime, EndTime, Color string
	MinStaff                                               int
	RequiredCredential                                     shared.CredentialType
	Active, Scheduled                                      bool
	CreatedAt, UpdatedAt                                   int64
}

const typeCols = `t.id, t.tenant_id, t.name, t.name_key, t.start_time, t.end_time, t.color, t.min_staff, t.required_credential,
	t.active, t.created_at, t.updated_at,
	CASE WHEN EXISTS (SELECT 1 FROM shift_schedules s WHERE s.tenant_id = t.tenant_id AND s.shift_type_id = t.id) THEN 1 ELSE 0 END`

func scanType(sc interface{ Scan(...any) error }) (*typeRow, error) {
	var r typeRow
	var active, scheduled int
	err := sc.Scan(&r.ID, &r.TenantID, &r.Name, &r.NameKey, &r.StartTime, &r.EndTime, &r.Color, &r.MinStaff, &r.RequiredCredential,
		&active, &r.CreatedAt, &r.UpdatedAt, &scheduled)
	if err != nil {
		return nil, err
	}
	r.Active, r.Scheduled = active != 0, scheduled != 0
	return &r, nil
}

// Types are the facility's shift types by start time.
func (Store) Types(ctx context.Context, q db.Querier, tenantID string) ([]typeRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+typeCols+` FROM shift_types t WHERE t.tenant_id = ? ORDER BY t.start_time, t.name_key`, tenantID)
	if err != nil {
		return nil, db.Wrap("shift: types", err)
	}
	defer rows.Close()
	var out []typeRow
	for rows.Next() {
		r, err := scanType(rows)
		if err != nil {
			return nil, db.Wrap("shift: types", err)
		}
		out = append(out, *r)
	}
	return out, db.Wrap("shift: types", rows.Err())
}

// Type is one shift type of the facility; db.ErrNotFound when it has none of that id.
func (Store) Type(ctx context.Context, q db.Querier, tenantID, id string) (*typeRow, error) {
	r, err := scanType(q.QueryRowContext(ctx, `SELECT `+typeCols+` FROM shift_types t WHERE t.tenant_id = ? AND t.id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("shift: type", err)
	}
	return r, nil
}

// NameTaken says whether another type of the facility has the name.
func (Store) NameTaken(ctx context.Context, q db.Querier, tenantID, nameKey, except string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM shift_types WHERE tenant_id = ? AND name_key = ? AND id <> ?`, tenantID, nameKey, except).Scan(&n)
	return n > 0, db.Wrap("shift: name taken", err)
}

// CountTypes counts the facility's shift types.
func (Store) CountTypes(ctx context.Context, q db.Querier, tenantID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM shift_types WHERE tenant_id = ?`, tenantID).Scan(&n)
	return n, db.Wrap("shift: count types", err)
}

// InsertType stores a new shift type.
func (Store) InsertType(ctx context.Context, q db.Querier, r *typeRow, by string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO shift_types (id, tenant_id, name, name_key, start_time, end_time, color, min_staff,
		required_credential, active, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.Name, r.NameKey, r.StartTime, r.EndTime, r.Color, r.MinStaff, string(r.RequiredCredential), boolInt(r.Active),
		db.NullString(by), r.CreatedAt, r.UpdatedAt)
	return db.Wrap("shift: insert type", err)
}

// UpdateType changes a shift type.
func (Store) UpdateType(ctx context.Context, q db.Querier, r *typeRow) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE shift_types SET name = ?, name_key = ?, start_time = ?, end_time = ?, color = ?,
		min_staff = ?, required_credential = ?, active = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
		r.Name, r.NameKey, r.StartTime, r.EndTime, r.Color, r.MinStaff, string(r.RequiredCredential), boolInt(r.Active), r.UpdatedAt,
		r.TenantID, r.ID))
	return ok, db.Wrap("shift: update type", err)
}

// LockSchedules serializes the facility's schedule writes: the first write
// of the transaction row-locks its shift types (PostgreSQL; SQLite has one
// writer), so two saves at once cannot both pass the overlap check for one
// caregiver: the second waits, then sees the first's shifts.
func (Store) LockSchedules(ctx context.Context, q db.Querier, tenantID string) error {
	_, err := q.ExecContext(ctx, `UPDATE shift_types SET active = active WHERE tenant_id = ?`, tenantID)
	return db.Wrap("shift: lock schedules", err)
}

// DeleteType removes a shift type no schedule names.
func (Store) DeleteType(ctx context.Context, q db.Querier, tenantID, id string) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `DELETE FROM shift_types WHERE tenant_id = ? AND id = ?
		AND NOT EXISTS (SELECT 1 FROM shift_schedules s WHERE s.tenant_id = ? AND s.shift_type_id = ?)`, tenantID, id, tenantID, id))
	return ok, db.Wrap("shift: delete type", err)
}

// scheduleRow is a shift_schedules row with its type's name and the editor's
// (from platform/people).
type scheduleRow struct {
	ID, TenantID, ShiftTypeID, ShiftTypeName, Name, StartDate, EndDate string
	Status                                                             shared.ScheduleStatus
	Version                                                            int
	PublishedAt, CreatedAt, UpdatedAt                                  int64
	UpdatedBy, UpdatedByName                                           string
}

const scheduleCols = `s.id, s.tenant_id, s.shift_type_id, t.name, s.name, s.start_date, s.end_date, s.status, s.version,
	s.published_at, s.created_at, s.updated_at, COALESCE(s.updated_by, '')`

const scheduleFrom = ` FROM shift_schedules s JOIN shift_types t ON t.id = s.shift_type_id`

func scanSchedule(sc interface{ Scan(...any) error }) (*scheduleRow, error) {
	var r scheduleRow
	err := sc.Scan(&r.ID, &r.TenantID, &r.ShiftTypeID, &r.ShiftTypeName, &r.Name, &r.StartDate, &r.EndDate, &r.Status, &r.Version,
		&r.PublishedAt, &r.CreatedAt, &r.UpdatedAt, &r.UpdatedBy)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// oneSchedule is the schedule of a one-row query with its editor's name;
// db.ErrNotFound when there is none.
func oneSchedule(ctx context.Context, q db.Querier, what string, row interface{ Scan(...any) error }) (*scheduleRow, error) {
	r, err := scanSchedule(row)
	if err != nil {
		return nil, db.NotFound(what, err)
	}
	if r.UpdatedByName, err = people.Name(ctx, q, r.UpdatedBy); err != nil {
		return nil, err
	}
	return r, nil
}

// Schedule is one schedule of the facility; db.ErrNotFound when it has none of that id.
func (Store) Schedule(ctx context.Context, q db.Querier, tenantID, id string) (*scheduleRow, error) {
	return oneSchedule(ctx, q, "shift: schedule",
		q.QueryRowContext(ctx, `SELECT `+scheduleCols+scheduleFrom+` WHERE s.tenant_id = ? AND s.id = ?`, tenantID, id))
}

// ScheduleOf is the schedule of a shift type for the week starting on
// startDate; db.ErrNotFound when that week has none.
func (Store) ScheduleOf(ctx context.Context, q db.Querier, tenantID, typeID, startDate string) (*scheduleRow, error) {
	return oneSchedule(ctx, q, "shift: schedule of", q.QueryRowContext(ctx, `SELECT `+scheduleCols+scheduleFrom+`
		WHERE s.tenant_id = ? AND s.shift_type_id = ? AND s.start_date = ?`, tenantID, typeID, startDate))
}

// Week is every schedule of the facility for the week starting on startDate.
func (Store) Week(ctx context.Context, q db.Querier, tenantID, startDate string) ([]scheduleRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+scheduleCols+scheduleFrom+` WHERE s.tenant_id = ? AND s.start_date = ?
		ORDER BY t.start_time, t.name_key`, tenantID, startDate)
	if err != nil {
		return nil, db.Wrap("shift: week", err)
	}
	defer rows.Close()
	var out []scheduleRow
	var editors []string
	for rows.Next() {
		r, err := scanSchedule(rows)
		if err != nil {
			return nil, db.Wrap("shift: week", err)
		}
		out = append(out, *r)
		editors = append(editors, r.UpdatedBy)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("shift: week", err)
	}
	rows.Close() // before the names' query: a transaction has one connection
	names, err := people.Names(ctx, q, editors...)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].UpdatedByName = names[out[i].UpdatedBy]
	}
	return out, nil
}

// InsertSchedule stores a new schedule; a second schedule of the type for
// the same week is a unique violation.
func (Store) InsertSchedule(ctx context.Context, q db.Querier, r *scheduleRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO shift_schedules (id, tenant_id, shift_type_id, name, start_date, end_date, status, version,
		published_at, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ShiftTypeID, r.Name, r.StartDate, r.EndDate, string(r.Status), db.NullString(r.UpdatedBy), r.CreatedAt,
		db.NullString(r.UpdatedBy), r.UpdatedAt)
	return db.Wrap("shift: insert schedule", err)
}

// UpdateSchedule changes a schedule's name and dates if it is still at version.
func (Store) UpdateSchedule(ctx context.Context, q db.Querier, r *scheduleRow, version int) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE shift_schedules SET name = ?, end_date = ?, version = version + 1, updated_by = ?,
		updated_at = ? WHERE tenant_id = ? AND id = ? AND version = ?`,
		r.Name, r.EndDate, db.NullString(r.UpdatedBy), r.UpdatedAt, r.TenantID, r.ID, version))
	return ok, db.Wrap("shift: update schedule", err)
}

// Publish publishes a schedule if it is still at version.
func (Store) Publish(ctx context.Context, q db.Querier, tenantID, id string, version int, by string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE shift_schedules SET status = 'PUBLISHED', published_at = ?, version = version + 1,
		updated_by = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND version = ?`, now, db.NullString(by), now, tenantID, id, version))
	return ok, db.Wrap("shift: publish", err)
}

// assignRow is a shift_assignments row with its caregiver, schedule and type.
type assignRow struct {
	ID, TenantID, ScheduleID, CaregiverID, UserID, Day string
	StartAt, EndAt, RemindEve, RemindSoon              int64
	// From caregivers, users, schedules and types.
	CaregiverName, CaregiverColor                        string
	ShiftTypeID, ShiftTypeName, TypeColor, TypeStartTime string
	TypeEndTime                                          string
	Status                                               shared.ScheduleStatus
}

const assignCols = `a.id, a.tenant_id, a.schedule_id, a.caregiver_id, a.user_id, a.day, a.start_at, a.end_at, a.remind_eve_at,
	a.remind_soon_at, u.name, c.color, s.shift_type_id, t.name, t.color, t.start_time, t.end_time, s.status`

const assignFrom = ` FROM shift_assignments a JOIN shift_schedules s ON s.id = a.schedule_id JOIN shift_types t ON t.id = s.shift_type_id
	JOIN caregivers c ON c.id = a.caregiver_id JOIN users u ON u.id = a.user_id`

func scanAssigns(rows *sql.Rows, err error) ([]assignRow, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []assignRow
	for rows.Next() {
		var r assignRow
		if err := rows.Scan(&r.ID, &r.TenantID, &r.ScheduleID, &r.CaregiverID, &r.UserID, &r.Day, &r.StartAt, &r.EndAt, &r.RemindEve,
			&r.RemindSoon, &r.CaregiverName, &r.CaregiverColor, &r.ShiftTypeID, &r.ShiftTypeName, &r.TypeColor, &r.TypeStartTime,
			&r.TypeEndTime, &r.Status); err != nil {
			return nil, db.Wrap("scan assignment", err)
		}
		out = append(out, r)
	}
	return out, db.Wrap("read assignments", rows.Err())
}

// AssignmentsOf are the assignments of the schedules, by day and name.
func (Store) AssignmentsOf(ctx context.Context, q db.Querier, tenantID string, scheduleIDs []string) ([]assignRow, error) {
	if len(scheduleIDs) == 0 {
		return nil, nil
	}
	in, args := db.In(scheduleIDs)
	out, err := scanAssigns(q.QueryContext(ctx, `SELECT `+assignCols+assignFrom+` WHERE a.tenant_id = ? AND a.schedule_id IN (`+in+`)
		ORDER BY a.day, u.name, a.id`, append([]any{tenantID}, args...)...))
	return out, db.Wrap("shift: assignments of", err)
}

// assignFilter picks assignments overlapping [from, to).
type assignFilter struct {
	tenantID      string
	from, to      int64
	published     bool   // only PUBLISHED schedules
	userID        string // only this person's
	caregiverID   string // only this caregiver's
	exceptSchedID string // leave this schedule out
}

// Between are the assignments overlapping [from, to), by start.
func (Store) Between(ctx context.Context, q db.Querier, f assignFilter) ([]assignRow, error) {
	w := ` WHERE a.tenant_id = ? AND a.start_at < ? AND a.end_at > ?`
	args := []any{f.tenantID, f.to, f.from}
	if f.published {
		w += ` AND s.status = 'PUBLISHED'`
	}
	if f.userID != "" {
		w += ` AND a.user_id = ?`
		args = append(args, f.userID)
	}
	if f.caregiverID != "" {
		w += ` AND a.caregiver_id = ?`
		args = append(args, f.caregiverID)
	}
	if f.exceptSchedID != "" {
		w += ` AND a.schedule_id <> ?`
		args = append(args, f.exceptSchedID)
	}
	out, err := scanAssigns(q.QueryContext(ctx, `SELECT `+assignCols+assignFrom+w+` ORDER BY a.start_at, u.name, a.id`, args...))
	return out, db.Wrap("shift: between", err)
}

// DeleteAssignmentsFrom removes a schedule's assignments on fromDay and later.
func (Store) DeleteAssignmentsFrom(ctx context.Context, q db.Querier, tenantID, scheduleID, fromDay string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM shift_assignments WHERE tenant_id = ? AND schedule_id = ? AND day >= ?`, tenantID, scheduleID, fromDay)
	return db.Wrap("shift: delete assignments", err)
}

// InsertAssignment stores one assignment.
func (Store) InsertAssignment(ctx context.Context, q db.Querier, r *assignRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO shift_assignments (id, tenant_id, schedule_id, caregiver_id, user_id, day, start_at, end_at,
		remind_eve_at, remind_soon_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ScheduleID, r.CaregiverID, r.UserID, r.Day, r.StartAt, r.EndAt, r.RemindEve, r.RemindSoon)
	return db.Wrap("shift: insert assignment", err)
}

// Retime moves a type's assignments on fromDay and later to new times (the
// type's hours changed); reminders not sent yet follow.
func (Store) Retime(ctx context.Context, q db.Querier, tenantID, id string, start, end, eve, soon int64) error {
	_, err := q.ExecContext(ctx, `UPDATE shift_assignments SET start_at = ?, end_at = ?, remind_eve_at = ?, remind_soon_at = ?
		WHERE tenant_id = ? AND id = ?`, start, end, eve, soon, tenantID, id)
	return db.Wrap("shift: retime", err)
}

// caregiver is a staff member as scheduling sees them.
type caregiver struct {
	ID, UserID, Name, Color string
	Status                  shared.UserStatus // effective: disabled when the account, membership or staff record is
	Deleted                 bool
}

// Caregivers are the facility's staff records among ids (deleted ones too, flagged).
func (Store) Caregivers(ctx context.Context, q db.Querier, tenantID string, ids []string) (map[string]caregiver, error) {
	out := map[string]caregiver{}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := db.In(ids)
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.user_id, u.name, c.color, c.status, u.status, COALESCE(m.status, 'disabled'),
		CASE WHEN c.deleted_at IS NULL THEN 0 ELSE 1 END
		FROM caregivers c JOIN users u ON u.id = c.user_id
		LEFT JOIN memberships m ON m.tenant_id = c.tenant_id AND m.user_id = c.user_id
		WHERE c.tenant_id = ? AND c.id IN (`+in+`)`, append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("shift: caregivers", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c caregiver
		var staffStatus, userStatus, memberStatus string
		var deleted int
		if err := rows.Scan(&c.ID, &c.UserID, &c.Name, &c.Color, &staffStatus, &userStatus, &memberStatus, &deleted); err != nil {
			return nil, db.Wrap("shift: caregivers", err)
		}
		c.Deleted = deleted != 0
		switch {
		case staffStatus == string(shared.UserDisabled) || userStatus == string(shared.UserDisabled) || memberStatus != "enabled":
			c.Status = shared.UserDisabled
		case userStatus == string(shared.UserUnverified):
			c.Status = shared.UserUnverified
		default:
			c.Status = shared.UserEnabled
		}
		out[c.ID] = c
	}
	return out, db.Wrap("shift: caregivers", rows.Err())
}

// Staff are the facility's live staff records by name.
func (s Store) Staff(ctx context.Context, q db.Querier, tenantID string) ([]caregiver, error) {
	ids, err := s.staffIDs(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	by, err := s.Caregivers(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]caregiver, 0, len(ids))
	for _, id := range ids {
		out = append(out, by[id])
	}
	return out, nil
}

// staffIDs are the ids of the facility's live staff records by name; its rows
// are closed before Staff's next query (a transaction has one connection).
func (Store) staffIDs(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.id FROM caregivers c JOIN users u ON u.id = c.user_id
		WHERE c.tenant_id = ? AND c.deleted_at IS NULL ORDER BY u.name, c.id`, tenantID)
	if err != nil {
		return nil, db.Wrap("shift: staff", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("shift: staff", err)
		}
		ids = append(ids, id)
	}
	return ids, db.Wrap("shift: staff", rows.Err())
}

// OnLeave says whether the person has approved leave overlapping [from, to)
// (the requests feature's application_forms).
func (Store) OnLeave(ctx context.Context, q db.Querier, tenantID, userID string, from, to int64) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM application_forms WHERE tenant_id = ? AND creator_id = ? AND type = ?
		AND status = ? AND start_at < ? AND end_at > ?`, tenantID, userID, string(shared.ApplicationLeave), string(shared.ApplicationApproved),
		to, from).Scan(&n)
	return n > 0, db.Wrap("shift: on leave", err)
}

// leaveRow is one approved leave (application_forms).
type leaveRow struct {
	UserID         string
	StartAt, EndAt int64
}

// Leaves are the facility's approved leaves overlapping [from, to) (OnLeave for everyone at once).
func (Store) Leaves(ctx context.Context, q db.Querier, tenantID string, from, to int64) ([]leaveRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT creator_id, start_at, end_at FROM application_forms WHERE tenant_id = ? AND type = ?
		AND status = ? AND start_at < ? AND end_at > ?`, tenantID, string(shared.ApplicationLeave), string(shared.ApplicationApproved), to, from)
	if err != nil {
		return nil, db.Wrap("shift: leaves", err)
	}
	defer rows.Close()
	var out []leaveRow
	for rows.Next() {
		var l leaveRow
		if err := rows.Scan(&l.UserID, &l.StartAt, &l.EndAt); err != nil {
			return nil, db.Wrap("shift: leaves", err)
		}
		out = append(out, l)
	}
	return out, db.Wrap("shift: leaves", rows.Err())
}

// punch is one clock_punches row.
type punch struct {
	UserID string
	In     bool
	At     int64
}

// Punches are the facility's punches (one person's when userID is set) in
// [from, to), by person and time, with each person's last punch before from.
func (Store) Punches(ctx context.Context, q db.Querier, tenantID, userID string, from, to int64) ([]punch, error) {
	w := ` WHERE p.tenant_id = ? AND p.punched_at < ? AND (p.punched_at >= ? OR p.punched_at = (SELECT MAX(x.punched_at) FROM clock_punches x
		WHERE x.tenant_id = p.tenant_id AND x.user_id = p.user_id AND x.punched_at < ?))`
	args := []any{tenantID, to, from, from}
	if userID != "" {
		w += ` AND p.user_id = ?`
		args = append(args, userID)
	}
	rows, err := q.QueryContext(ctx, `SELECT p.user_id, p.punch_type, p.punched_at FROM clock_punches p`+w+` ORDER BY p.user_id, p.punched_at, p.id`, args...)
	if err != nil {
		return nil, db.Wrap("shift: punches", err)
	}
	defer rows.Close()
	var out []punch
	for rows.Next() {
		var p punch
		var typ string
		if err := rows.Scan(&p.UserID, &typ, &p.At); err != nil {
			return nil, db.Wrap("shift: punches", err)
		}
		p.In = typ == string(shared.PunchIn)
		out = append(out, p)
	}
	return out, db.Wrap("shift: punches", rows.Err())
}

// Members are the user ids of the facility's enabled members.
func (Store) Members(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
		WHERE m.tenant_id = ? AND m.status = 'enabled' AND u.status = 'enabled' ORDER BY m.user_id`, tenantID)
	if err != nil {
		return nil, db.Wrap("shift: members", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("shift: members", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("shift: members", rows.Err())
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
