package task

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"hearth/cloud/platform/jobs"
)

// The two periodic jobs of tasks (cloud/platform/jobs: one replica runs
// them, a failed run is retried a little and the next period runs anyway).
// Both are sweeps of what is due by the service's clock, idempotent, so a
// missed or repeated run does no harm; reads never depend on them.
const (
	// ExpireEvery: how soon a closed window's record is stored EXPIRED. The
	// pages already show it overdue from the clock; the stored status is for
	// the record and for facilities' reports.
	ExpireEvery = 5 * time.Minute
	// HorizonEvery: each facility's new day gets its occurrences within the
	// hour after its midnight, seven days before it is needed.
	HorizonEvery = time.Hour
)

// ExpireArgs is the periodic expiry job.
type ExpireArgs struct{}

// Kind names the job.
func (ExpireArgs) Kind() string { return "task_expire_due" }

// HorizonArgs is the periodic horizon job.
type HorizonArgs struct{}

// Kind names the job.
func (HorizonArgs) Kind() string { return "task_extend_horizon" }

type expireWorker struct {
	river.WorkerDefaults[ExpireArgs]
	s *Service
}

func (w *expireWorker) Work(ctx context.Context, _ *river.Job[ExpireArgs]) error {
	n, err := w.s.ExpireDue(ctx, w.s.now())
	expiredRecords.Add(float64(n)) // hearth_task_records_expired_total (notify.go)
	if n > 0 {
		w.s.log.InfoContext(ctx, "task occurrences expired", "count", n)
	}
	return err
}

type horizonWorker struct {
	river.WorkerDefaults[HorizonArgs]
	s *Service
}

func (w *horizonWorker) Work(ctx context.Context, _ *river.Job[HorizonArgs]) error {
	n, err := w.s.ExtendHorizon(ctx, w.s.now())
	if n > 0 {
		w.s.log.InfoContext(ctx, "task horizon extended", "tasks", n)
	}
	return err
}

// RegisterJobs registers the expiry and horizon workers on q and makes them periodic.
func (s *Service) RegisterJobs(q *jobs.Queue) {
	jobs.Register(q, &expireWorker{s: s})
	jobs.Register(q, &horizonWorker{s: s})
	q.Every(ExpireEvery, ExpireArgs{})
	q.Every(HorizonEvery, HorizonArgs{})
}
