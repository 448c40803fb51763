package medication

import (
	"context"
	"database/sql"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// passRow is a medication_passes row with what its answer shows of the order
// and the resident.
type passRow struct {
	ID, TenantID, MedicationID, ResidentID string
	Kind                                   shared.PassKind
	Day, TimeOfDay                         string
	DueAt                                  int64
	OnHold                                 bool
	Outcome                                shared.PassOutcome
	GivenAt, LoggedAt                      int64
	StaffID, StaffName, Initials           string
	Reason                                 string
	Site                                   shared.ApplicationSite
	SiteNote                               string
	Vital                                  shared.VitalSign
	VitalValue                             *float64
	DoseGiven                              string
	CountBefore, CountAfter                *int
	Note, ClientID                         string
	WarnedAt                               int64
	FollowUpDue, FollowUpAt                int64
	FollowUpBy, FollowUpName               string
	FollowUpEffective                      *bool
	FollowUpNote                           string
	AckAt                                  int64
	AckBy, AckName, AckNote                string
	CreatedAt, UpdatedAt                   int64

	// Of the order and the resident (read with the pass).
	MedName      string
	MedType      shared.MedicationType
	MedRoute     shared.MedicationRoute
	MedDose      string
	MedVital     shared.VitalSign
	ResidentName string
}

const passColumns = `p.id, p.tenant_id, p.medication_id, p.resident_id, p.kind, p.day, p.time_of_day, p.due_at, p.on_hold, p.outcome,
	COALESCE(p.given_at, 0), COALESCE(p.logged_at, 0), COALESCE(p.staff_id, ''), p.staff_name, p.initials, p.reason, p.site,
	p.site_note, p.vital, p.vital_value, p.dose_given, p.count_before, p.count_after, p.note, COALESCE(p.client_id, ''),
	COALESCE(p.warned_at, 0), COALESCE(p.follow_up_due, 0), COALESCE(p.follow_up_at, 0), COALESCE(p.follow_up_by, ''),
	p.follow_up_name, p.follow_up_effective, p.follow_up_note, COALESCE(p.ack_at, 0),
	COALESCE(p.ack_by, ''), p.ack_name, p.ack_note, p.created_at, p.updated_at,
	m.name, m.type, m.route, m.dose, m.vital, r.first_name || ' ' || r.last_name`

const passFrom = ` FROM medication_passes p JOIN medications m ON m.id = p.medication_id JOIN residents r ON r.id = p.resident_id`

func scanPass(sc interface{ Scan(...any) error }) (*passRow, error) {
	var p passRow
	var value sql.NullFloat64
	var before, after sql.NullInt64
	var effective sql.NullBool
	if err := sc.Scan(&p.ID, &p.TenantID, &p.MedicationID, &p.ResidentID, &p.Kind, &p.Day, &p.TimeOfDay, &p.DueAt, &p.OnHold,
		&p.Outcome, &p.GivenAt, &p.LoggedAt, &p.StaffID, &p.StaffName, &p.Initials, &p.Reason, &p.Site, &p.SiteNote, &p.Vital,
		&value, &p.DoseGiven, &before, &after, &p.Note, &p.ClientID, &p.WarnedAt, &p.FollowUpDue, &p.FollowUpAt, &p.FollowUpBy,
		&p.FollowUpName, &effective, &p.FollowUpNote, &p.AckAt, &p.AckBy, &p.AckName, &p.AckNote,
		&p.CreatedAt, &p.UpdatedAt, &p.MedName, &p.MedType, &p.MedRoute, &p.MedDose, &p.MedVital, &p.ResidentName); err != nil {
		return nil, err
	}
	p.VitalValue = floatPtr(value)
	p.CountBefore, p.CountAfter = intPtr(before), intPtr(after)
	if effective.Valid {
		v := effective.Bool
		p.FollowUpEffective = &v
	}
	return &p, nil
}

func intPtr(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}

func nullIntPtr(v *int) sql.NullInt64 {
	if v == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(*v), Valid: true}
}

func scanPasses(rows *sql.Rows, err error, what string) ([]passRow, error) {
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []passRow
	for rows.Next() {
		p, err := scanPass(rows)
		if err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, *p)
	}
	return out, db.Wrap(what, rows.Err())
}

// passInsertColumns is how many values one planned pass takes.
const passInsertColumns = 11

// InsertPlanned adds scheduled passes; one already made for the same order and
// time is left as it is (ON CONFLICT DO NOTHING on the unique index of
// scheduled passes, medication_passes_due, both engines; PRN doses are not in it).
func (Store) InsertPlanned(ctx context.Context, q db.Querier, ps []passRow) error {
	const batch = 50
	for len(ps) > 0 {
		n := min(batch, len(ps))
		var b strings.Builder
		b.WriteString(`INSERT INTO medication_passes (id, tenant_id, medication_id, resident_id, kind, day, time_of_day, due_at, on_hold,
			created_at, updated_at) VALUES `)
		args := make([]any, 0, n*passInsertColumns)
		for i, p := range ps[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(" + db.Marks(passInsertColumns) + ")")
			args = append(args, p.ID, p.TenantID, p.MedicationID, p.ResidentID, string(p.Kind), p.Day, p.TimeOfDay, p.DueAt, p.OnHold,
				p.CreatedAt, p.UpdatedAt)
		}
		b.WriteString(` ON CONFLICT (medication_id, due_at) WHERE kind = 'SCHEDULED' DO NOTHING`)
		if _, err := q.ExecContext(ctx, b.String(), args...); err != nil {
			return db.Wrap("medication: insert passes", err)
		}
		ps = ps[n:]
	}
	return nil
}

// DropUnlogged removes an order's passes never logged that are due at or
// after from, except those due at one of keep (still in its schedule).
func (Store) DropUnlogged(ctx context.Context, q db.Querier, tenantID, medicationID string, from int64, keep []int64) error {
	query := `DELETE FROM medication_passes WHERE tenant_id = ? AND medication_id = ? AND outcome = '' AND kind = 'SCHEDULED' AND due_at >= ?`
	args := []any{tenantID, medicationID, from}
	if len(keep) > 0 {
		marks, a := db.In(keep)
		query += ` AND due_at NOT IN (` + marks + `)`
		args = append(args, a...)
	}
	_, err := q.ExecContext(ctx, query, args...)
	return db.Wrap("medication: drop unlogged", err)
}

// SetPassesHold marks an order's unlogged passes due at or after from on hold (or not).
func (Store) SetPassesHold(ctx context.Context, q db.Querier, tenantID, medicationID string, from int64, hold bool, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE medication_passes SET on_hold = ?, updated_at = ?
		WHERE tenant_id = ? AND medication_id = ? AND outcome = '' AND kind = 'SCHEDULED' AND due_at >= ?`, hold, now, tenantID, medicationID, from)
	return db.Wrap("medication: passes hold", err)
}

// GetPass finds a pass of the tenant (db.ErrNotFound if none).
func (Store) GetPass(ctx context.Context, q db.Querier, tenantID, id string) (*passRow, error) {
	p, err := scanPass(q.QueryRowContext(ctx, `SELECT `+passColumns+passFrom+` WHERE p.tenant_id = ? AND p.id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("medication: get pass", err)
	}
	return p, nil
}

// PassByClientID finds the pass a device's log id made (db.ErrNotFound if none).
func (Store) PassByClientID(ctx context.Context, q db.Querier, tenantID, clientID string) (*passRow, error) {
	p, err := scanPass(q.QueryRowContext(ctx, `SELECT `+passColumns+passFrom+` WHERE p.tenant_id = ? AND p.client_id = ?`, tenantID, clientID))
	if err != nil {
		return nil, db.NotFound("medication: pass by client id", err)
	}
	return p, nil
}

// Log records what happened at a pass not yet logged: one conditional
// UPDATE, so of two logs at once exactly one changes the row; false for the other.
func (Store) Log(ctx context.Context, q db.Querier, p *passRow) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medication_passes SET outcome = ?, given_at = ?, logged_at = ?, staff_id = ?, staff_name = ?,
		initials = ?, reason = ?, site = ?, site_note = ?, vital = ?, vital_value = ?, dose_given = ?, count_before = ?, count_after = ?,
		note = ?, client_id = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND outcome = ''`,
		string(p.Outcome), p.GivenAt, p.LoggedAt, p.StaffID, p.StaffName, p.Initials, p.Reason, string(p.Site), p.SiteNote,
		string(p.Vital), nullFloat(p.VitalValue), p.DoseGiven, nullIntPtr(p.CountBefore), nullIntPtr(p.CountAfter), p.Note,
		p.ClientID, p.UpdatedAt, p.TenantID, p.ID)
	return db.Affected(res, err)
}

// InsertPRN adds a PRN dose, logged as it is made. Doses of one order at the
// same instant are each kept (two caregivers, two real doses); only client_id
// is unique.
func (Store) InsertPRN(ctx context.Context, q db.Querier, p *passRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO medication_passes (id, tenant_id, medication_id, resident_id, kind, day, time_of_day,
		due_at, outcome, given_at, logged_at, staff_id, staff_name, initials, reason, site, site_note, vital, vital_value, dose_given,
		count_before, count_after, note, client_id, follow_up_due, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.TenantID, p.MedicationID, p.ResidentID, string(p.Kind), p.Day, p.TimeOfDay, p.DueAt, string(p.Outcome), p.GivenAt,
		p.LoggedAt, p.StaffID, p.StaffName, p.Initials, p.Reason, string(p.Site), p.SiteNote, string(p.Vital), nullFloat(p.VitalValue),
		p.DoseGiven, nullIntPtr(p.CountBefore), nullIntPtr(p.CountAfter), p.Note, p.ClientID, p.FollowUpDue, p.CreatedAt, p.UpdatedAt)
	return db.Wrap("medication: insert prn", err)
}

// FollowUp documents a PRN dose's effectiveness once; false when it already was.
func (Store) FollowUp(ctx context.Context, q db.Querier, tenantID, id string, effective bool, note, by, name string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medication_passes SET follow_up_at = ?, follow_up_by = ?, follow_up_name = ?,
		follow_up_effective = ?, follow_up_note = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND kind = 'PRN' AND follow_up_due IS NOT NULL AND follow_up_at IS NULL`,
		now, by, name, effective, note, now, tenantID, id)
	return db.Affected(res, err)
}

// Ack acknowledges a red item once; false when it already was.
func (Store) Ack(ctx context.Context, q db.Querier, tenantID, id, by, name, note string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medication_passes SET ack_at = ?, ack_by = ?, ack_name = ?, ack_note = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND ack_at IS NULL`, now, by, name, note, now, tenantID, id)
	return db.Affected(res, err)
}

// DayPasses are a facility day's passes, optionally of one resident, by time.
func (Store) DayPasses(ctx context.Context, q db.Querier, tenantID, day, residentID string) ([]passRow, error) {
	query := `SELECT ` + passColumns + passFrom + ` WHERE p.tenant_id = ? AND p.day = ?`
	args := []any{tenantID, day}
	if residentID != "" {
		query += ` AND p.resident_id = ?`
		args = append(args, residentID)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY p.due_at, m.name, p.id`, args...)
	return scanPasses(rows, err, "medication: day passes")
}

// ShownDayPasses are a facility day's passes of the residents its /emars day
// shows (DayResidents: all but those moving in), in no order.
func (Store) ShownDayPasses(ctx context.Context, q db.Querier, tenantID, day string) ([]passRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+passColumns+passFrom+` WHERE p.tenant_id = ? AND p.day = ? AND `+residency.Shown, tenantID, day)
	return scanPasses(rows, err, "medication: shown day passes")
}

// passFilter narrows the record lists.
type passFilter struct {
	tenantID, residentID, medicationID string
	outcome                            shared.PassOutcome
	from, to                           int64 // given_at (logged) or due_at (not given) range; 0 = open
	notGiven                           bool  // refused, held, not given, and missed (unlogged past its window)
	missedBefore                       int64 // notGiven: due_at at or before this is missed
}

func (f passFilter) where() (string, []any) {
	w := ` WHERE p.tenant_id = ? AND ` + residency.Shown
	args := []any{f.tenantID}
	if f.residentID != "" {
		w += ` AND p.resident_id = ?`
		args = append(args, f.residentID)
	}
	if f.medicationID != "" {
		w += ` AND p.medication_id = ?`
		args = append(args, f.medicationID)
	}
	col := "p.given_at"
	if f.notGiven {
		col = "p.due_at"
		w += ` AND (p.outcome IN ('REFUSED', 'HELD', 'NOT_GIVEN') OR (p.outcome = '' AND p.kind = 'SCHEDULED' AND p.on_hold = ? AND p.due_at <= ?))`
		args = append(args, false, f.missedBefore)
	} else {
		w += ` AND p.outcome <> ''`
		if f.outcome != "" {
			w += ` AND p.outcome = ?`
			args = append(args, string(f.outcome))
		}
	}
	if f.from > 0 {
		w += ` AND ` + col + ` >= ?`
		args = append(args, f.from)
	}
	if f.to > 0 {
		w += ` AND ` + col + ` < ?`
		args = append(args, f.to)
	}
	return w, args
}

// Passes is one page of passes (newest first) and the total.
func (Store) Passes(ctx context.Context, q db.Querier, f passFilter, limit, offset int) ([]passRow, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+passFrom+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("medication: count passes", err)
	}
	order := ` ORDER BY p.given_at DESC, p.id DESC`
	if f.notGiven {
		order = ` ORDER BY p.due_at DESC, p.id DESC`
	}
	rows, err := q.QueryContext(ctx, `SELECT `+passColumns+passFrom+w+order+` LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	out, err := scanPasses(rows, err, "medication: passes")
	return out, total, err
}

// CountRed counts the tenant's red items not acknowledged, due at or after
// since, of residents who live here (a scheduled pass never logged, not on
// hold, past its window, or a PRN dose whose check is past its window),
// optionally one resident's. window is the pass window in ms (a pass
// or a check is overdue that long after it is due).
//
// The two kinds are counted apart so each reads only its own rows through a
// partial index: scheduled passes not logged through
// medication_passes_tenant_open, PRN checks not made through
// medication_passes_tenant_follow_up (migration 00028); one OR of both read
// every pass of the facility.
func (Store) CountRed(ctx context.Context, q db.Querier, tenantID, residentID string, since, now, window int64) (int, error) {
	const from = `SELECT COUNT(*) FROM medication_passes p JOIN residents r ON r.id = p.resident_id WHERE p.tenant_id = ?`
	resident := ""
	if residentID != "" {
		resident = ` AND p.resident_id = ?`
	}
	scheduled := from + resident + ` AND p.outcome = '' AND p.due_at <= ? AND p.due_at >= ? AND p.kind = 'SCHEDULED' AND p.on_hold = ?` + redLives
	prn := from + resident + ` AND p.follow_up_at IS NULL AND p.follow_up_due IS NOT NULL AND p.follow_up_due <= ? AND p.follow_up_due >= ? AND p.kind = 'PRN'` + redLives
	args := []any{tenantID}
	if residentID != "" {
		args = append(args, residentID)
	}
	args = append(args, now-window, since, false, tenantID)
	if residentID != "" {
		args = append(args, residentID)
	}
	args = append(args, now-window, since)
	var n int
	err := q.QueryRowContext(ctx, `SELECT (`+scheduled+`) + (`+prn+`)`, args...).Scan(&n)
	return n, db.Wrap("medication: count red", err)
}

// NextRedChange is the first moment after now at which CountRed(since, now,
// window) can count otherwise with no write: an unacknowledged scheduled pass
// not logged nor on hold, or a PRN dose's check not documented, turning red
// window after it was due, or leaving the lookback (since moves on with now).
// It counts more items than CountRed (every resident), so it is never late;
// 0 when there is none.
func (Store) NextRedChange(ctx context.Context, q db.Querier, tenantID string, now, since, window int64) (int64, error) {
	lookback := now - since
	next := func(col string) string {
		return `CASE WHEN ` + col + ` + ? > ? THEN ` + col + ` + ? ELSE ` + col + ` + ? END`
	}
	var a, b sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT
		(SELECT MIN(`+next("p.due_at")+`) FROM medication_passes p WHERE p.tenant_id = ? AND p.kind = 'SCHEDULED' AND p.outcome = ''
			AND p.on_hold = ? AND p.ack_at IS NULL AND p.due_at >= ?),
		(SELECT MIN(`+next("p.follow_up_due")+`) FROM medication_passes p WHERE p.tenant_id = ? AND p.kind = 'PRN' AND p.follow_up_at IS NULL
			AND p.follow_up_due IS NOT NULL AND p.ack_at IS NULL AND p.follow_up_due >= ?)`,
		window, now, window, lookback+1, tenantID, false, since,
		window, now, window, lookback+1, tenantID, since).Scan(&a, &b)
	if err != nil {
		return 0, db.Wrap("medication: next red change", err)
	}
	switch {
	case a.Valid && b.Valid:
		return min(a.Int64, b.Int64), nil
	case a.Valid:
		return a.Int64, nil
	}
	return b.Int64, nil
}

// redLives is a red item's other conditions: not acknowledged, of a resident who lives here.
const redLives = ` AND p.ack_at IS NULL AND r.status IN ('NORMAL', 'GOING_OUT')`

// toWarn is a scheduled pass about to be overdue that nobody was told of.
type toWarn struct {
	ID, TenantID, ResidentName, MedName string
	DueAt                               int64
}

// ToWarn lists, across facilities, the scheduled passes not logged, not on
// hold and not yet warned of whose warning time (due + 30 minutes) has come
// by warnBefore and that are not yet overdue (due at or after since), of
// residents who live there; at most limit, by facility and time.
func (Store) ToWarn(ctx context.Context, q db.Querier, warnBefore, since int64, limit int) ([]toWarn, error) {
	rows, err := q.QueryContext(ctx, `SELECT p.id, p.tenant_id, r.first_name || ' ' || r.last_name, m.name, p.due_at
		FROM medication_passes p JOIN medications m ON m.id = p.medication_id JOIN residents r ON r.id = p.resident_id
		WHERE p.outcome = '' AND p.kind = 'SCHEDULED' AND p.on_hold = ? AND p.warned_at IS NULL AND p.due_at <= ? AND p.due_at >= ?
		AND r.status IN ('NORMAL', 'GOING_OUT')
		ORDER BY p.tenant_id, p.due_at, p.id LIMIT ?`, false, warnBefore, since, limit)
	if err != nil {
		return nil, db.Wrap("medication: to warn", err)
	}
	defer rows.Close()
	var out []toWarn
	for rows.Next() {
		var w toWarn
		if err := rows.Scan(&w.ID, &w.TenantID, &w.ResidentName, &w.MedName, &w.DueAt); err != nil {
			return nil, db.Wrap("medication: to warn", err)
		}
		out = append(out, w)
	}
	return out, db.Wrap("medication: to warn", rows.Err())
}

// MarkWarned records that a pass was warned of; false when another replica did it first.
func (Store) MarkWarned(ctx context.Context, q db.Querier, tenantID, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE medication_passes SET warned_at = ? WHERE tenant_id = ? AND id = ? AND warned_at IS NULL`, now, tenantID, id)
	return db.Affected(res, err)
}

// DropLeft removes the passes never logged of residents who moved out or
// died, due after they left (they never were), across facilities.
func (Store) DropLeft(ctx context.Context, q db.Querier) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM medication_passes WHERE outcome = '' AND kind = 'SCHEDULED' AND EXISTS (
		SELECT 1 FROM residents r WHERE r.id = medication_passes.resident_id AND r.status IN ('MOVED_OUT', 'DECEASED')
		AND medication_passes.due_at >= r.status_at)`)
	if err != nil {
		return 0, db.Wrap("medication: drop left", err)
	}
	n, err := res.RowsAffected()
	return n, db.Wrap("medication: drop left", err)
}

// RefusedSince is, by medication, when each refused pass of the tenant (one
// resident's when residentID is set) due at or after since was refused: the
// time given on it, else when it was logged, else its due time.
func (Store) RefusedSince(ctx context.Context, q db.Querier, tenantID, residentID string, since int64) (map[string][]int64, error) {
	w, args := ``, []any{tenantID, since, string(shared.OutcomeRefused)}
	if residentID != "" {
		w, args = ` AND resident_id = ?`, append(args, residentID)
	}
	rows, err := q.QueryContext(ctx, `SELECT medication_id, COALESCE(given_at, logged_at, due_at) FROM medication_passes
		WHERE tenant_id = ? AND due_at >= ? AND outcome = ?`+w, args...)
	if err != nil {
		return nil, db.Wrap("medication: refused since", err)
	}
	defer rows.Close()
	out := map[string][]int64{}
	for rows.Next() {
		var id string
		var at int64
		if err := rows.Scan(&id, &at); err != nil {
			return nil, db.Wrap("medication: refused since", err)
		}
		out[id] = append(out[id], at)
	}
	return out, db.Wrap("medication: refused since", rows.Err())
}
