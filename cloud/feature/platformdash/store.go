package platformdash

import (
	"context"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store holds the dashboard's grouped queries, one a figure.
type Store struct{}

// ActiveUsers counts the different people with a session row made on each day
// from since (a sign-in or a renewal makes one; sessions_created), by day index,
// and over the whole period.
func (Store) ActiveUsers(ctx context.Context, q db.Querier, since, dayMs int64) (map[int]int, int, error) {
	rows, err := q.QueryContext(ctx, `SELECT (created_at - CAST(? AS BIGINT)) / CAST(? AS BIGINT), COUNT(DISTINCT user_id)
		FROM sessions WHERE created_at >= ? GROUP BY 1`, since, dayMs, since)
	if err != nil {
		return nil, 0, db.Wrap("platform dashboard: active users", err)
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var d int64
		var n int
		if err := rows.Scan(&d, &n); err != nil {
			return nil, 0, db.Wrap("platform dashboard: active users", err)
		}
		out[int(d)] = n
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("platform dashboard: active users", err)
	}
	var total int
	// user_id || '': without statistics SQLite would otherwise read all of sessions_user to count each person once.
	if err := q.QueryRowContext(ctx, `SELECT COUNT(DISTINCT user_id || '') FROM sessions WHERE created_at >= ?`, since).Scan(&total); err != nil {
		return nil, 0, db.Wrap("platform dashboard: active users", err)
	}
	return out, total, nil
}

// ResidentsUnderCare counts the residents who live in a home now, every home (residents_status).
func (Store) ResidentsUnderCare(ctx context.Context, q db.Querier) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM residents WHERE status IN (?, ?)`,
		shared.ResidentNormal, shared.ResidentGoingOut).Scan(&n)
	return n, db.Wrap("platform dashboard: residents under care", err)
}

// OpenTickets counts the support tickets not resolved, by status (support_tickets_status).
func (Store) OpenTickets(ctx context.Context, q db.Querier) (map[shared.TicketStatus]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT status, COUNT(*) FROM support_tickets WHERE status IN (?, ?) GROUP BY status`,
		shared.TicketSubmitted, shared.TicketProcessing)
	if err != nil {
		return nil, db.Wrap("platform dashboard: open tickets", err)
	}
	defer rows.Close()
	out := map[shared.TicketStatus]int{}
	for rows.Next() {
		var st shared.TicketStatus
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, db.Wrap("platform dashboard: open tickets", err)
		}
		out[st] = n
	}
	return out, db.Wrap("platform dashboard: open tickets", rows.Err())
}

// AIUsage sums the AI usage log from since by capability (ai_usage_created),
// with the estimated cost of the priced calls and how many had no price.
func (Store) AIUsage(ctx context.Context, q db.Querier, since int64) ([]shared.AICapabilityUsage, error) {
	rows, err := q.QueryContext(ctx, `SELECT capability, COUNT(*), SUM(CASE WHEN outcome <> ? THEN 1 ELSE 0 END),
		CAST(COALESCE(SUM(prompt_tokens + completion_tokens), 0) AS BIGINT), CAST(COALESCE(SUM(characters), 0) AS BIGINT),
		CAST(COALESCE(SUM(audio_ms), 0) AS BIGINT), CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT), COUNT(*) - COUNT(cost_micros)
		FROM ai_usage WHERE created_at >= ? GROUP BY capability ORDER BY capability`, shared.CodeOK, since)
	if err != nil {
		return nil, db.Wrap("platform dashboard: AI usage", err)
	}
	defer rows.Close()
	out := []shared.AICapabilityUsage{}
	for rows.Next() {
		var u shared.AICapabilityUsage
		if err := rows.Scan(&u.Capability, &u.Calls, &u.Failed, &u.Tokens, &u.Characters, &u.AudioMs, &u.CostMicros, &u.Unpriced); err != nil {
			return nil, db.Wrap("platform dashboard: AI usage", err)
		}
		out = append(out, u)
	}
	return out, db.Wrap("platform dashboard: AI usage", rows.Err())
}

// FailedJobs counts River's discarded jobs (failed on their last attempt, kept
// until River's cleaner removes them) and those waiting to be tried again; River's
// state index answers both engines.
func (Store) FailedJobs(ctx context.Context, q db.Querier) (failed, retrying int, err error) {
	rows, err := q.QueryContext(ctx, `SELECT state, COUNT(*) FROM river_job WHERE state IN ('discarded', 'retryable') GROUP BY state`)
	if err != nil {
		return 0, 0, db.Wrap("platform dashboard: failed jobs", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return 0, 0, db.Wrap("platform dashboard: failed jobs", err)
		}
		if st == "discarded" {
			failed = n
		} else {
			retrying = n
		}
	}
	return failed, retrying, db.Wrap("platform dashboard: failed jobs", rows.Err())
}
