package jobs_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	listFailedPath = "/api/system/jobs/listFailed"
	retryPath      = "/api/system/jobs/retry"
	discardPath    = "/api/system/jobs/discard"
)

// brokenArgs is a job for a home whose worker always fails.
type brokenArgs struct {
	TenantID string `json:"tenantId"`
	Note     string `json:"note"`
}

func (brokenArgs) Kind() string { return "jobs_admin_test_broken" }

type brokenWorker struct {
	river.WorkerDefaults[brokenArgs]
}

func (brokenWorker) Work(context.Context, *river.Job[brokenArgs]) error {
	return errors.New("the mail server refused the message")
}

// The super admin sees the jobs that failed for good and those waiting for a
// retry, with the home they were for, their attempts and last error; retries
// one now and discards another, each audited; a facility owner can do none of it.
func TestFailedJobs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := t.Context()
		q := e.Server.Jobs
		jobs.Register(q, brokenWorker{})
		maple := e.FacilityID(t, "Maple House AFH")
		// One job with one attempt (discarded after it), one with many (waits for a retry).
		if err := q.Enqueue(ctx, d, brokenArgs{TenantID: maple, Note: "once"}, &river.InsertOpts{MaxAttempts: 1}); err != nil {
			t.Fatal(err)
		}
		if err := q.Enqueue(ctx, d, brokenArgs{Note: "again"}, &river.InsertOpts{MaxAttempts: 5}); err != nil {
			t.Fatal(err)
		}
		e.DrainJobs(t)
		// River makes a retry due within seconds available at once; the second
		// attempt's (16 s) waits as "retryable".
		e.Clock.Advance(2 * time.Second)
		e.DrainJobs(t)

		super := e.SignIn(t, "superadmin")
		list := func(state shared.FailedJobState) shared.Page[shared.FailedJob] {
			t.Helper()
			var p shared.Page[shared.FailedJob]
			super.Post(t, listFailedPath, shared.PageRequest[shared.FailedJobFilter]{Current: 1, Size: 100,
				Data: shared.FailedJobFilter{State: state}}).OK(t).Into(t, &p)
			return p
		}
		all := list("")
		var discarded, retrying shared.FailedJob
		for _, j := range all.Records {
			if j.Kind != (brokenArgs{}).Kind() {
				continue
			}
			switch j.State {
			case shared.FailedJobDiscarded:
				discarded = j
			case shared.FailedJobRetrying:
				retrying = j
			}
		}
		if discarded.ID == 0 || discarded.TenantID != maple || discarded.FacilityName != "Maple House AFH" ||
			discarded.Attempt != 1 || discarded.MaxAttempts != 1 || !strings.Contains(discarded.LastError, "mail server refused") ||
			discarded.FailedAt == 0 || discarded.NextAt != 0 {
			t.Errorf("discarded job: %+v", discarded)
		}
		if retrying.ID == 0 || retrying.TenantID != "" || retrying.FacilityName != "" || retrying.Attempt != 2 || retrying.MaxAttempts != 5 ||
			retrying.LastError == "" || retrying.NextAt <= retrying.FailedAt {
			t.Errorf("retrying job: %+v", retrying)
		}
		if all.Total < 2 || all.Current != 1 || all.Size != 100 {
			t.Errorf("page: total %d, current %d, size %d", all.Total, all.Current, all.Size)
		}
		for _, j := range list(shared.FailedJobRetrying).Records {
			if j.State != shared.FailedJobRetrying || j.ID == discarded.ID {
				t.Errorf("retrying only: %+v", j)
			}
		}
		var small shared.Page[shared.FailedJob]
		super.Post(t, listFailedPath, shared.PageRequest[shared.FailedJobFilter]{Current: 2, Size: 5}).OK(t).Into(t, &small)
		if small.Total != all.Total || small.Records == nil || len(small.Records) != max(0, min(5, int(all.Total)-5)) {
			t.Errorf("page 2 of 5: %d records of %d", len(small.Records), small.Total)
		}

		// A facility owner (another role) can neither read nor act.
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		owner.Post(t, listFailedPath, shared.PageRequest[shared.FailedJobFilter]{Current: 1, Size: 20}).Is(t, http.StatusOK, shared.CodeForbidden)
		owner.Post(t, retryPath, shared.FailedJobRequest{ID: discarded.ID}).Is(t, http.StatusOK, shared.CodeForbidden)
		owner.Post(t, discardPath, shared.FailedJobRequest{ID: retrying.ID}).Is(t, http.StatusOK, shared.CodeForbidden)
		e.Client().Post(t, retryPath, shared.FailedJobRequest{ID: discarded.ID}).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)

		// Bad input: no such job, a bad id, discarding a job that is not retrying.
		super.Post(t, retryPath, shared.FailedJobRequest{ID: 1 << 50}).Is(t, http.StatusOK, shared.CodeNotFound)
		super.Post(t, retryPath, shared.FailedJobRequest{ID: 0}).Is(t, http.StatusOK, shared.CodeValidation)
		super.Post(t, discardPath, shared.FailedJobRequest{ID: discarded.ID}).Is(t, http.StatusOK, shared.CodeConflict)

		// Retry now: the discarded job is tried once more (and fails again).
		super.Post(t, retryPath, shared.FailedJobRequest{ID: discarded.ID}).OK(t)
		super.Post(t, retryPath, shared.FailedJobRequest{ID: discarded.ID}).Is(t, http.StatusOK, shared.CodeConflict) // waiting to be worked
		e.DrainJobs(t)
		var again shared.FailedJob
		for _, j := range list(shared.FailedJobDiscarded).Records {
			if j.ID == discarded.ID {
				again = j
			}
		}
		if again.Attempt != 2 || again.MaxAttempts != 2 {
			t.Errorf("after retry now: %+v", again)
		}

		// Discard: the retrying job is not tried again and leaves the list.
		super.Post(t, discardPath, shared.FailedJobRequest{ID: retrying.ID}).OK(t)
		for _, j := range list("").Records {
			if j.ID == retrying.ID {
				t.Errorf("discarded job still listed: %+v", j)
			}
		}
		super.Post(t, discardPath, shared.FailedJobRequest{ID: retrying.ID}).Is(t, http.StatusOK, shared.CodeConflict)

		// Each action has its audit row, naming the home when the job had one.
		var n, forMaple int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(tenant_id) FROM audit_log WHERE entity = 'job' AND entity_id IN (?, ?)`,
			strconv.FormatInt(discarded.ID, 10), strconv.FormatInt(retrying.ID, 10)).Scan(&n, &forMaple); err != nil {
			t.Fatal(err)
		}
		if n != 2 || forMaple != 1 {
			t.Errorf("audit rows: %d, with a home %d", n, forMaple)
		}
	})
}
