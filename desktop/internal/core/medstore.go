package core

import (
	"context"
	"time"

	"hearth/shared"
)

// The med outbox's rows (localdb/migrations/00002_med_outbox.sql). States
// are the punch outbox's WAITING, SENT and REFUSED plus CONFLICT.
const stateConflict = string(shared.OutboxConflict)

// medRow is one med write kept on this computer.
type medRow struct {
	Seq            int64
	ClientID       string
	Kind           shared.MedOutboxKind
	Who            string // <sub>@<tenant> of the person who made it
	TenantID       string
	StaffName      string
	Lang           string
	Body           []byte // the request as it is sent (givenTime filled in)
	PassID         string
	MedicationID   string
	ResidentID     string
	ResidentName   string
	MedicationName string
	Day            string // the facility day it happened (PRN)
	TimeOfDay      string // HH:mm on the facility's clock (PRN)
	DueTime        int64
	HappenedAt     int64
	State          string
	Attempts       int
	FirstTryAt     int64
	LastError      string
	Answer         []byte // the cloud's envelope once it answered
	ServerPassID   string // PRN: the cloud's pass id once sent
	SentAt         int64
	Seen           bool
}

const medCols = `seq, client_id, kind, who, tenant_id, staff_name, lang, body, pass_id, medication_id, resident_id, resident_name,
	medication_name, day, time_of_day, due_time, happened_at, state, attempts, first_try_at, last_error, answer, server_pass_id, sent_at, seen`

func scanMed(sc interface{ Scan(...any) error }) (*medRow, error) {
	var r medRow
	err := sc.Scan(&r.Seq, &r.ClientID, &r.Kind, &r.Who, &r.TenantID, &r.StaffName, &r.Lang, &r.Body, &r.PassID, &r.MedicationID,
		&r.ResidentID, &r.ResidentName, &r.MedicationName, &r.Day, &r.TimeOfDay, &r.DueTime, &r.HappenedAt, &r.State, &r.Attempts,
		&r.FirstTryAt, &r.LastError, &r.Answer, &r.ServerPassID, &r.SentAt, &r.Seen)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

func (c *Core) medQuery(ctx context.Context, where string, args ...any) ([]medRow, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT `+medCols+` FROM med_outbox WHERE `+where, args...)
	if err != nil {
		return nil, wrap("med outbox: list", err)
	}
	defer rows.Close()
	var out []medRow
	for rows.Next() {
		r, err := scanMed(rows)
		if err != nil {
			return nil, wrap("med outbox: list", err)
		}
		out = append(out, *r)
	}
	return out, wrap("med outbox: list", rows.Err())
}

// medInsert keeps a new med write; once it returns, the write is on disk
// (synchronous=FULL) and may be answered as saved.
func (c *Core) medInsert(ctx context.Context, r *medRow) error {
	now := c.now().UnixMilli()
	res, err := c.db.ExecContext(ctx, `INSERT INTO med_outbox (client_id, kind, who, tenant_id, staff_name, lang, body, pass_id,
		medication_id, resident_id, resident_name, medication_name, day, time_of_day, due_time, happened_at, state, attempts,
		first_try_at, last_error, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ClientID, r.Kind, r.Who, r.TenantID, r.StaffName, r.Lang, r.Body, r.PassID, r.MedicationID, r.ResidentID, r.ResidentName,
		r.MedicationName, r.Day, r.TimeOfDay, r.DueTime, r.HappenedAt, stateWaiting, r.Attempts, r.FirstTryAt, r.LastError, now, now)
	if err != nil {
		return wrap("med outbox: keep", err)
	}
	r.Seq, err = res.LastInsertId()
	r.State = stateWaiting
	return wrap("med outbox: keep", err)
}

// medByClientID is the write with this client id (errNotFound when none).
func (c *Core) medByClientID(ctx context.Context, id string) (*medRow, error) {
	r, err := scanMed(c.db.QueryRowContext(ctx, `SELECT `+medCols+` FROM med_outbox WHERE client_id = ?`, id))
	if err != nil {
		return nil, notFound("med outbox: by client id", err)
	}
	return r, nil
}

// medWaitingRows are the writes still to send, oldest first.
func (c *Core) medWaitingRows(ctx context.Context) ([]medRow, error) {
	return c.medQuery(ctx, `state = ? ORDER BY seq`, stateWaiting)
}

// medOfPass are a facility's writes naming a pass that the cloud did not
// refuse (a PASS or FOLLOW_UP of it), oldest first.
func (c *Core) medOfPass(ctx context.Context, tenantID, passID string, kind shared.MedOutboxKind) ([]medRow, error) {
	return c.medQuery(ctx, `tenant_id = ? AND pass_id = ? AND kind = ? AND state <> ? ORDER BY seq`, tenantID, passID, kind, stateRefused)
}

// medForOverlay are a facility's writes an /emars day shows: waiting, sent
// in the last week, and conflicts.
func (c *Core) medForOverlay(ctx context.Context, tenantID string) ([]medRow, error) {
	return c.medQuery(ctx, `tenant_id = ? AND state IN (?, ?, ?) ORDER BY seq`, tenantID, stateWaiting, stateSent, stateConflict)
}

// medList is a facility's writes for GET /api/desktop/medpasses: waiting,
// refused and conflicts not seen, and everything touched in the last week,
// newest first.
func (c *Core) medList(ctx context.Context, tenantID string, since time.Time) ([]medRow, error) {
	return c.medQuery(ctx, `tenant_id = ? AND (state = ? OR (state IN (?, ?) AND seen = 0) OR updated_at >= ?) ORDER BY seq DESC LIMIT 1000`,
		tenantID, stateWaiting, stateRefused, stateConflict, since.UnixMilli())
}

// medBeginTry counts a try before it is made: a kill during the call
// leaves a row that may have reached the cloud (an effect check, which has
// no client id, is then matched by its content).
func (c *Core) medBeginTry(ctx context.Context, seq int64) error {
	now := c.now().UnixMilli()
	_, err := c.db.ExecContext(ctx, `UPDATE med_outbox SET attempts = attempts + 1,
		first_try_at = CASE WHEN first_try_at = 0 THEN ? ELSE first_try_at END, updated_at = ? WHERE seq = ?`, now, now, seq)
	return wrap("med outbox: count a try", err)
}

// medNote records why a write is still waiting.
func (c *Core) medNote(ctx context.Context, seq int64, why string) error {
	_, err := c.db.ExecContext(ctx, `UPDATE med_outbox SET last_error = ?, updated_at = ? WHERE seq = ?`, why, c.now().UnixMilli(), seq)
	return wrap("med outbox: note", err)
}

// medSettle records the cloud's verdict: SENT, CONFLICT or REFUSED, with its answer.
func (c *Core) medSettle(ctx context.Context, seq int64, state string, answer []byte, why, serverPassID, staffName string) error {
	now := c.now().UnixMilli()
	_, err := c.db.ExecContext(ctx, `UPDATE med_outbox SET state = ?, answer = ?, last_error = ?,
		server_pass_id = CASE WHEN ? = '' THEN server_pass_id ELSE ? END,
		staff_name = CASE WHEN ? = '' THEN staff_name ELSE ? END, sent_at = ?, updated_at = ? WHERE seq = ?`,
		state, answer, why, serverPassID, serverPassID, staffName, staffName, now, now, seq)
	return wrap("med outbox: settle", err)
}

// medMarkSeen marks a facility's conflicts and refusals seen.
func (c *Core) medMarkSeen(ctx context.Context, tenantID string, ids []string) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("med outbox: mark seen: begin", err)
	}
	defer func() { _ = tx.Rollback() }()
	now := c.now().UnixMilli()
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE med_outbox SET seen = 1, updated_at = ? WHERE tenant_id = ? AND client_id = ? AND state IN (?, ?) AND seen = 0`,
			now, tenantID, id, stateConflict, stateRefused); err != nil {
			return wrap("med outbox: mark seen", err)
		}
	}
	return wrap("med outbox: mark seen: commit", tx.Commit())
}

// medCounts are the writes waiting and those needing someone's eyes.
func (c *Core) medCounts(ctx context.Context) (waiting, attention int, err error) {
	err = c.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(state = ?), 0), COALESCE(SUM(state IN (?, ?) AND seen = 0), 0) FROM med_outbox
		WHERE state IN (?, ?, ?)`, stateWaiting, stateConflict, stateRefused, stateWaiting, stateConflict, stateRefused).Scan(&waiting, &attention)
	return waiting, attention, wrap("med outbox: counts", err)
}

// medWaitingPeople are the people (who) with writes waiting, and a name for each.
func (c *Core) medWaitingPeople(ctx context.Context) (map[string]string, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT who, MAX(staff_name) FROM med_outbox WHERE state = ? GROUP BY who`, stateWaiting)
	if err != nil {
		return nil, wrap("med outbox: waiting people", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var who, name string
		if err := rows.Scan(&who, &name); err != nil {
			return nil, wrap("med outbox: waiting people", err)
		}
		out[who] = name
	}
	return out, wrap("med outbox: waiting people", rows.Err())
}

// pruneMed forgets sent writes after a week, and conflicts and refusals a
// week after someone marked them seen.
func (c *Core) pruneMed(ctx context.Context) error {
	_, err := c.db.ExecContext(ctx, `DELETE FROM med_outbox WHERE updated_at < ? AND (state = ? OR (state IN (?, ?) AND seen = 1))`,
		c.now().Add(-7*24*time.Hour).UnixMilli(), stateSent, stateConflict, stateRefused)
	return wrap("med outbox: prune", err)
}
