package server_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/server/servertest"
)

type reminderArgs struct{}

func (reminderArgs) Kind() string { return "test_reminder" }

type reminderWorker struct {
	river.WorkerDefaults[reminderArgs]
	runs atomic.Int32
}

func (w *reminderWorker) Work(context.Context, *river.Job[reminderArgs]) error {
	w.runs.Add(1)
	return nil
}

// The test server's queue works nothing on its own and goes by the test's
// clock: a job scheduled an hour ahead runs when the test has moved the clock
// past it and drains.
func TestServerJobsFollowTheTestClock(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		env := servertest.Start(t, d, servertest.Options{NoDemo: true})
		w := &reminderWorker{}
		jobs.Register(env.Server.Jobs, w)
		ctx := context.Background()
		due := env.Clock.Now().Add(time.Hour)
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			return env.Server.Jobs.Enqueue(ctx, tx, reminderArgs{}, &river.InsertOpts{ScheduledAt: due})
		}); err != nil {
			t.Fatal(err)
		}
		env.DrainJobs(t)
		if n := w.runs.Load(); n != 0 {
			t.Fatalf("the job ran %d times before its time", n)
		}
		env.Clock.Advance(61 * time.Minute)
		env.DrainJobs(t)
		if n := w.runs.Load(); n != 1 {
			t.Fatalf("after the clock passed its time the job ran %d times, want 1", n)
		}
	})
}
