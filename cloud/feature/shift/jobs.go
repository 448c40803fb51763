package shift

import (
	"context"
	"strconv"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/shared"
)

// Reminders (issue 19: "a caregiver gets a notification the evening before
// and an hour before a shift, through the jobs platform"). A periodic sweep
// of the reminders whose moment has come, idempotent: each is marked sent by
// a conditional UPDATE in the same transaction as its notification, and the
// notification's dedupe key makes a retried notify harmless too. A reminder
// whose moment passed more than ReminderLate ago (the server was down, or
// the schedule was published later) is not sent late. Users have no e-mail
// preference yet, so reminders are in-app only.
const (
	// ReminderEvery: the sweep runs every 5 minutes.
	ReminderEvery = 5 * time.Minute
	// ReminderLate: a reminder more than an hour late is dropped.
	ReminderLate = time.Hour
	// reminderBatch bounds the reminders one sweep sends of each kind.
	reminderBatch = 500
)

// RegisterJobs makes the reminders a periodic job on q (every ReminderEvery).
func (s *Service) RegisterJobs(q *jobs.Queue) {
	jobs.Periodic(q, "shift_remind", ReminderEvery, func(ctx context.Context) error {
		n, err := s.Remind(ctx, s.now())
		if n > 0 {
			s.log.InfoContext(ctx, "shift reminders sent", "count", n)
		}
		return err
	})
}

// reminder is one due reminder of one assignment.
type reminder struct {
	ID, TenantID, ScheduleID, UserID, Day, TypeName string
	StartAt, EndAt                                  int64
}

// DueReminders are the PUBLISHED assignments whose reminder (column col:
// remind_eve_at or remind_soon_at, sent column sent) is due in (from, to],
// not sent, and whose shift has not started.
func (Store) DueReminders(ctx context.Context, q db.Querier, col, sent string, from, to int64, limit int) ([]reminder, error) {
	rows, err := q.QueryContext(ctx, `SELECT a.id, a.tenant_id, a.schedule_id, a.user_id, a.day, t.name, a.start_at, a.end_at
		FROM shift_assignments a JOIN shift_schedules s ON s.id = a.schedule_id JOIN shift_types t ON t.id = s.shift_type_id
		WHERE s.status = 'PUBLISHED' AND a.`+sent+` IS NULL AND a.`+col+` > ? AND a.`+col+` <= ? AND a.start_at > ?
		ORDER BY a.`+col+`, a.id LIMIT ?`, from, to, to, limit)
	if err != nil {
		return nil, db.Wrap("shift: due reminders", err)
	}
	defer rows.Close()
	var out []reminder
	for rows.Next() {
		var r reminder
		if err := rows.Scan(&r.ID, &r.TenantID, &r.ScheduleID, &r.UserID, &r.Day, &r.TypeName, &r.StartAt, &r.EndAt); err != nil {
			return nil, db.Wrap("shift: due reminders", err)
		}
		out = append(out, r)
	}
	return out, db.Wrap("shift: due reminders", rows.Err())
}

// MarkSent marks a reminder sent unless another run did.
func (Store) MarkSent(ctx context.Context, q db.Querier, sent, id string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE shift_assignments SET `+sent+` = ? WHERE id = ? AND `+sent+` IS NULL`, now, id))
	return ok, db.Wrap("shift: mark sent", err)
}

// Remind sends the reminders due at now, each once; returns how many were sent.
func (s *Service) Remind(ctx context.Context, now time.Time) (int, error) {
	ms := now.UnixMilli()
	sent := 0
	for _, k := range []struct {
		col, sent, title, body, key string
	}{
		{"remind_eve_at", "eve_sent_at", shared.NotifyShiftTomorrowTitle, shared.NotifyShiftTomorrowBody, "shift-tomorrow:"},
		{"remind_soon_at", "soon_sent_at", shared.NotifyShiftSoonTitle, shared.NotifyShiftSoonBody, "shift-soon:"},
	} {
		due, err := s.store.DueReminders(ctx, s.db, k.col, k.sent, ms-ReminderLate.Milliseconds(), ms, reminderBatch)
		if err != nil {
			return sent, err
		}
		for _, r := range due {
			err := s.db.InTx(ctx, func(tx *db.Tx) error {
				ok, err := s.store.MarkSent(ctx, tx, k.sent, r.ID, ms)
				if err != nil || !ok {
					return err
				}
				sent++
				return s.notify.Notify(ctx, tx, r.TenantID, []string{r.UserID}, shared.NotificationDraft{Kind: shared.NotificationShift,
					TitleKey: k.title, BodyKey: k.body, Link: "/shift-report",
					Params: map[string]string{"shiftType": r.TypeName, "day": r.Day, "startAt": strconv.FormatInt(r.StartAt, 10),
						"endAt": strconv.FormatInt(r.EndAt, 10)},
					DedupeKey: k.key + r.ScheduleID + ":" + r.Day})
			})
			if err != nil {
				return sent, err
			}
		}
	}
	return sent, nil
}
