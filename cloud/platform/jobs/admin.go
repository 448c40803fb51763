package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// The super admin's failed jobs (/admin-jobs): River's discarded jobs and those
// waiting for a retry, paged, with "Retry now" (River's JobRetry) and "Discard"
// (River's JobCancel, for a job still being retried). Each action is audited in
// the transaction that makes it, and River's own row change is made in that
// transaction too.

var (
	// ErrNotFailed answers a retry of a job that is no longer failed (worked, retried or discarded meanwhile).
	ErrNotFailed = problem.New(shared.CodeConflict, "jobs.notFailed")
	// ErrNotRetrying answers a discard of a job that is not waiting for a retry.
	ErrNotRetrying = problem.New(shared.CodeConflict, "jobs.notRetrying")
)

// riverStates are River's states for each list state.
var riverStates = map[shared.FailedJobState]rivertype.JobState{
	shared.FailedJobDiscarded: rivertype.JobStateDiscarded,
	shared.FailedJobRetrying:  rivertype.JobStateRetryable,
}

// ListFailed is a page of failed jobs, newest first.
func (q *Queue) ListFailed(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.FailedJobFilter]) (*shared.Page[shared.FailedJob], error) {
	if p == nil || !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	// River's state values are fixed words, so they are written into the SQL; the
	// index on state answers both engines.
	where := `state IN ('discarded', 'retryable')`
	switch req.Data.State {
	case shared.FailedJobDiscarded:
		where = `state = 'discarded'`
	case shared.FailedJobRetrying:
		where = `state = 'retryable'`
	}
	var total int64
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM river_job WHERE `+where).Scan(&total); err != nil {
		return nil, db.Wrap("jobs: count failed", err)
	}
	ids, err := q.failedIDs(ctx, where, size, offset)
	if err != nil {
		return nil, err
	}
	out := &shared.Page[shared.FailedJob]{Records: []shared.FailedJob{}, Total: total, Current: page, Size: size}
	if len(ids) == 0 {
		return out, nil
	}
	// River reads its rows (their arguments and error lists are stored
	// differently on each engine).
	res, err := q.inserter.JobList(ctx, river.NewJobListParams().IDs(ids...).First(len(ids)))
	if err != nil {
		return nil, fmt.Errorf("jobs: list failed: %w", err)
	}
	rows := res.Jobs
	slices.SortFunc(rows, func(a, b *rivertype.JobRow) int { return slices.Index(ids, a.ID) - slices.Index(ids, b.ID) })
	var tenants []string
	for _, r := range rows {
		j := failedJob(r)
		if j.State == "" {
			continue // worked or cancelled between the two reads
		}
		if j.TenantID != "" && !slices.Contains(tenants, j.TenantID) {
			tenants = append(tenants, j.TenantID)
		}
		out.Records = append(out.Records, j)
	}
	names, err := q.facilityNames(ctx, tenants)
	if err != nil {
		return nil, err
	}
	for i := range out.Records {
		out.Records[i].FacilityName = names[out.Records[i].TenantID]
	}
	return out, nil
}

func (q *Queue) failedIDs(ctx context.Context, where string, limit, offset int) ([]int64, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT id FROM river_job WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return nil, db.Wrap("jobs: list failed", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("jobs: list failed", err)
		}
		ids = append(ids, id)
	}
	return ids, db.Wrap("jobs: list failed", rows.Err())
}

// facilityNames are the names of the homes the jobs name, in one query.
func (q *Queue) facilityNames(ctx context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	marks, args := db.In(ids)
	rows, err := q.db.QueryContext(ctx, `SELECT id, facility_name FROM tenants WHERE id IN (`+marks+`)`, args...)
	if err != nil {
		return nil, db.Wrap("jobs: facility names", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, db.Wrap("jobs: facility names", err)
		}
		out[id] = name
	}
	return out, db.Wrap("jobs: facility names", rows.Err())
}

// failedJob is a River row as the list shows it; State is empty when the row is
// not failed.
func failedJob(r *rivertype.JobRow) shared.FailedJob {
	j := shared.FailedJob{ID: r.ID, Kind: r.Kind, Attempt: r.Attempt, MaxAttempts: r.MaxAttempts}
	for s, rs := range riverStates {
		if r.State == rs {
			j.State = s
		}
	}
	var args struct {
		TenantID string `json:"tenantId"`
	}
	if json.Unmarshal(r.EncodedArgs, &args) == nil {
		j.TenantID = args.TenantID
	}
	if n := len(r.Errors); n > 0 {
		last := r.Errors[n-1]
		j.LastError = last.Error
		if runes := []rune(j.LastError); len(runes) > shared.FailedJobErrorMax {
			j.LastError = string(runes[:shared.FailedJobErrorMax])
		}
		j.FailedAt = last.At.UnixMilli()
	}
	switch {
	case j.State == shared.FailedJobDiscarded && r.FinalizedAt != nil:
		j.FailedAt = r.FinalizedAt.UnixMilli()
	case j.State == shared.FailedJobRetrying:
		j.NextAt = r.ScheduledAt.UnixMilli()
	}
	return j
}

// Retry makes a failed job available to be worked now (River's JobRetry; a
// discarded job gets one more attempt), audited.
func (q *Queue) Retry(ctx context.Context, p *auth.Principal, id int64) (*shared.FailedJob, error) {
	return q.act(ctx, p, id, "job.retry", func(before shared.FailedJob) error {
		if before.State == "" {
			return ErrNotFailed
		}
		return nil
	}, q.inserter.JobRetryTx)
}

// Discard stops retrying a job that waits for another attempt (River's
// JobCancel: the job is cancelled and not tried again), audited.
func (q *Queue) Discard(ctx context.Context, p *auth.Principal, id int64) (*shared.FailedJob, error) {
	return q.act(ctx, p, id, "job.discard", func(before shared.FailedJob) error {
		if before.State != shared.FailedJobRetrying {
			return ErrNotRetrying
		}
		return nil
	}, q.inserter.JobCancelTx)
}

// act checks the job's state, changes it and writes the audit row in one
// transaction, and answers the job as it now is.
func (q *Queue) act(ctx context.Context, p *auth.Principal, id int64, action string,
	check func(before shared.FailedJob) error, change func(context.Context, *sql.Tx, int64) (*rivertype.JobRow, error)) (*shared.FailedJob, error) {
	if p == nil || !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	var after shared.FailedJob
	err := q.db.InTx(ctx, func(tx *db.Tx) error {
		row, err := q.inserter.JobGetTx(ctx, tx.SQL(), id)
		if errors.Is(err, rivertype.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return fmt.Errorf("jobs: %s: %w", action, err)
		}
		before := failedJob(row)
		if err := check(before); err != nil {
			return err
		}
		row, err = change(ctx, tx.SQL(), id)
		if err != nil {
			return fmt.Errorf("jobs: %s: %w", action, err)
		}
		after = failedJob(row)
		return audit.Write(ctx, tx, audit.Entry{TenantID: before.TenantID, ActorID: p.UserID, Action: action, Entity: "job",
			EntityID: strconv.FormatInt(id, 10),
			Before:   jobAudit{Kind: row.Kind, State: string(before.State), Attempt: before.Attempt, MaxAttempts: before.MaxAttempts},
			After:    jobAudit{Kind: row.Kind, State: string(row.State), Attempt: row.Attempt, MaxAttempts: row.MaxAttempts}})
	})
	if err != nil {
		return nil, err
	}
	return &after, nil
}

// jobAudit is what the audit row keeps of a job before and after an action.
type jobAudit struct {
	Kind        string `json:"kind"`
	State       string `json:"state"`
	Attempt     int    `json:"attempt"`
	MaxAttempts int    `json:"maxAttempts"`
}

// AdminRoutes mounts the super admin's failed-jobs calls under /api/system/jobs.
func AdminRoutes(api *web.API, q *Queue) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/jobs" + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodPost, "/listFailed", "Super admin: background jobs discarded after their last attempt or waiting for a retry, newest first, paged"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.FailedJobFilter]]) (*shared.Page[shared.FailedJob], error) {
			return q.ListFailed(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/retry", "Super admin: work a failed job now (a discarded one gets one more attempt); audited"),
		func(ctx context.Context, in *web.Body[shared.FailedJobRequest]) (*shared.FailedJob, error) {
			return q.Retry(ctx, auth.From(ctx), in.Body.ID)
		})
	web.Handle(api, op(http.MethodPost, "/discard", "Super admin: stop retrying a job that waits for another attempt; audited"),
		func(ctx context.Context, in *web.Body[shared.FailedJobRequest]) (*shared.FailedJob, error) {
			return q.Discard(ctx, auth.From(ctx), in.Body.ID)
		})
}
