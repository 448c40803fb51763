package notification

import (
	"context"
	"time"

	"hearth/cloud/platform/jobs"
	"hearth/shared"
)

const (
	// CleanupEvery is how often notifications older than
	// shared.NotificationKeepDays are removed (one replica runs it: River's
	// periodic jobs). A sweep by the clock: a missed or repeated run does no harm.
	CleanupEvery = 24 * time.Hour
	// cleanupBatch bounds one DELETE (see Store.DeleteBefore).
	cleanupBatch = 5000
)

// RegisterJobs makes the cleanup a periodic job on q.
func (s *Service) RegisterJobs(q *jobs.Queue) {
	jobs.Periodic(q, "notification_cleanup", CleanupEvery, func(ctx context.Context) error {
		n, err := s.Cleanup(ctx, s.now())
		if n > 0 {
			s.log.InfoContext(ctx, "old notifications removed", "count", n)
		}
		return err
	})
}

// Cleanup removes every facility's notifications made more than
// shared.NotificationKeepDays before now, read or not, in batches; answers how many.
func (s *Service) Cleanup(ctx context.Context, now time.Time) (int64, error) {
	cutoff := now.AddDate(0, 0, -shared.NotificationKeepDays).UnixMilli()
	var total int64
	for {
		n, err := s.store.DeleteBefore(ctx, s.db, cutoff, cleanupBatch)
		total += n
		if err != nil || n < cleanupBatch {
			return total, err
		}
		if err := ctx.Err(); err != nil {
			return total, err
		}
	}
}
