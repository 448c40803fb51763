package core

import (
	"context"
	"database/sql"
	"time"

	"hearth/shared"
)

// Outbox states (localdb/migrations: outbox.state).
const (
	stateChecking = "CHECKING"
	stateWaiting  = "WAITING"
	stateSent     = "SENT"
	stateRefused  = "REFUSED"
)

// outboxRow is one kiosk punch on this computer.
type outboxRow struct {
	Seq           int64
	ClientPunchID string
	CaregiverID   string
	CaregiverName string
	PunchTime     int64
	State         string
	GuessedType   shared.PunchType
	Attempts      int
	LastError     string
}

// insertChecking saves a punch before anything is checked or sent, so its
// place in the order is fixed first.
func (c *Core) insertChecking(ctx context.Context, r *outboxRow) error {
	now := c.now().UnixMilli()
	res, err := c.db.ExecContext(ctx, `INSERT INTO outbox (client_punch_id, caregiver_id, caregiver_name, punch_time, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, r.ClientPunchID, r.CaregiverID, r.CaregiverName, r.PunchTime, stateChecking, now, now)
	if err != nil {
		return wrap("outbox: keep", err)
	}
	r.Seq, err = res.LastInsertId()
	r.State = stateChecking
	return wrap("outbox: keep", err)
}

// outboxByClientID finds a punch by the UI's id (errNotFound when none).
func (c *Core) outboxByClientID(ctx context.Context, id string) (*outboxRow, error) {
	return c.scanOutbox("outbox: by client id", c.db.QueryRowContext(ctx, `SELECT seq, client_punch_id, caregiver_id, caregiver_name, punch_time, state, guessed_type, attempts, last_error
		FROM outbox WHERE client_punch_id = ?`, id))
}

// headWaiting is the oldest punch still to send (errNotFound when none).
func (c *Core) headWaiting(ctx context.Context) (*outboxRow, error) {
	return c.scanOutbox("outbox: oldest waiting", c.db.QueryRowContext(ctx, `SELECT seq, client_punch_id, caregiver_id, caregiver_name, punch_time, state, guessed_type, attempts, last_error
		FROM outbox WHERE state = ? ORDER BY seq LIMIT 1`, stateWaiting))
}

func (c *Core) scanOutbox(what string, row *sql.Row) (*outboxRow, error) {
	var r outboxRow
	err := row.Scan(&r.Seq, &r.ClientPunchID, &r.CaregiverID, &r.CaregiverName, &r.PunchTime, &r.State, &r.GuessedType, &r.Attempts, &r.LastError)
	if err != nil {
		return nil, notFound(what, err)
	}
	return &r, nil
}

// waitingBefore reports whether a punch older than seq is still waiting.
func (c *Core) waitingBefore(ctx context.Context, seq int64) (bool, error) {
	var n int
	err := c.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE state = ? AND seq < ?`, stateWaiting, seq).Scan(&n)
	return n > 0, wrap("outbox: waiting before", err)
}

// markWaiting queues a punch whose PIN this kiosk checked.
func (c *Core) markWaiting(ctx context.Context, seq int64, name string, guessed shared.PunchType) error {
	_, err := c.db.ExecContext(ctx, `UPDATE outbox SET state = ?, pin_checked_offline = 1, caregiver_name = ?, guessed_type = ?, updated_at = ?
		WHERE seq = ?`, stateWaiting, name, guessed, c.now().UnixMilli(), seq)
	return wrap("outbox: mark waiting", err)
}

// markSent records that the cloud stored the punch.
func (c *Core) markSent(ctx context.Context, seq int64, name string) error {
	_, err := c.db.ExecContext(ctx, `UPDATE outbox SET state = ?, caregiver_name = CASE WHEN ? = '' THEN caregiver_name ELSE ? END,
		attempts = attempts + 1, last_error = '', updated_at = ? WHERE seq = ?`, stateSent, name, name, c.now().UnixMilli(), seq)
	return wrap("outbox: mark sent", err)
}

// markRefused records the cloud's refusal for good.
func (c *Core) markRefused(ctx context.Context, seq int64, why string) error {
	_, err := c.db.ExecContext(ctx, `UPDATE outbox SET state = ?, attempts = attempts + 1, last_error = ?, updated_at = ? WHERE seq = ?`,
		stateRefused, why, c.now().UnixMilli(), seq)
	return wrap("outbox: mark refused", err)
}

// noteAttempt records a try that did not reach a verdict.
func (c *Core) noteAttempt(ctx context.Context, seq int64, why string) error {
	_, err := c.db.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, last_error = ?, updated_at = ? WHERE seq = ?`,
		why, c.now().UnixMilli(), seq)
	return wrap("outbox: note a try", err)
}

// deleteOutbox removes a punch nobody will send (refused at once, wrong PIN).
func (c *Core) deleteOutbox(ctx context.Context, seq int64) error {
	_, err := c.db.ExecContext(ctx, `DELETE FROM outbox WHERE seq = ?`, seq)
	return wrap("outbox: delete", err)
}

// outboxCounts are the waiting and refused punches.
func (c *Core) outboxCounts(ctx context.Context) (waiting, refused int, err error) {
	err = c.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(state = ?), 0), COALESCE(SUM(state = ?), 0) FROM outbox WHERE state IN (?, ?)`,
		stateWaiting, stateRefused, stateWaiting, stateRefused).Scan(&waiting, &refused)
	return waiting, refused, wrap("outbox: counts", err)
}

// outboxEntries are the waiting and refused punches and those sent since, newest first.
func (c *Core) outboxEntries(ctx context.Context, sentSince time.Time) ([]shared.DesktopOutboxEntry, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT client_punch_id, caregiver_name, punch_time, state, attempts, last_error FROM outbox
		WHERE state IN (?, ?) OR (state = ? AND updated_at >= ?) ORDER BY seq DESC LIMIT 1000`,
		stateWaiting, stateRefused, stateSent, sentSince.UnixMilli())
	if err != nil {
		return nil, wrap("outbox: entries", err)
	}
	defer rows.Close()
	out := []shared.DesktopOutboxEntry{}
	for rows.Next() {
		var e shared.DesktopOutboxEntry
		if err := rows.Scan(&e.ClientPunchID, &e.CaregiverName, &e.PunchTime, &e.State, &e.Attempts, &e.LastError); err != nil {
			return nil, wrap("outbox: entries", err)
		}
		out = append(out, e)
	}
	return out, wrap("outbox: entries", rows.Err())
}

// pruneSent forgets sent punches older than a week (the list shows 7 days).
func (c *Core) pruneSent(ctx context.Context) error {
	_, err := c.db.ExecContext(ctx, `DELETE FROM outbox WHERE state = ? AND updated_at < ?`,
		stateSent, c.now().Add(-7*24*time.Hour).UnixMilli())
	return wrap("outbox: prune", err)
}
