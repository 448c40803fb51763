package task

import (
	"context"
	"time"

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

// RegisterJobs makes the expiry and the horizon periodic jobs on q.
func (s *Service) RegisterJobs(q *jobs.Queue) {
	jobs.Periodic(q, "task_expire_due", ExpireEvery, func(ctx context.Context) error {
		n, err := s.ExpireDue(ctx, s.now())
		expiredRecords.Add(float64(n)) // hearth_task_records_expired_total (notify.go)
		if n > 0 {
			s.log.InfoContext(ctx, "task occurrences expired", "count", n)
		}
		return err
	})
	jobs.Periodic(q, "task_extend_horizon", HorizonEvery, func(ctx context.Context) error {
		n, err := s.ExtendHorizon(ctx, s.now())
		if n > 0 {
			s.log.InfoContext(ctx, "task horizon extended", "tasks", n)
		}
		return err
	})
}
