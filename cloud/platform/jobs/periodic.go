package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// PeriodicOptions change one periodic job; the zero value is the default.
type PeriodicOptions struct {
	// Timeout bounds one run; 0 means the queue's minute.
	Timeout time.Duration
}

// Periodic makes work a periodic job (Every) of the given kind, with its
// worker: work is a sweep of what is due by the feature's clock, so that a
// missed or repeated run does no harm. The kind is kept in river_job and
// names the job in logs and metrics: never rename one that has been deployed.
func Periodic(q *Queue, kind string, every time.Duration, work func(ctx context.Context) error, opts ...PeriodicOptions) {
	var o PeriodicOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	args := periodicArgs{kind: kind}
	// River finds a worker by its args' kind; AddWorkerArgs takes the kind from
	// this value, so one args type serves every periodic job.
	river.AddWorkerArgs(q.workers, args, &periodicWorker{work: work, timeout: o.Timeout})
	q.Every(every, args)
}

// periodicArgs are the args of every periodic job: none (stored as {}), only
// the kind.
type periodicArgs struct{ kind string }

func (a periodicArgs) Kind() string { return a.kind }

type periodicWorker struct {
	river.WorkerDefaults[periodicArgs]
	work    func(ctx context.Context) error
	timeout time.Duration
}

func (w *periodicWorker) Timeout(*river.Job[periodicArgs]) time.Duration { return w.timeout }

func (w *periodicWorker) Work(ctx context.Context, _ *river.Job[periodicArgs]) error {
	return w.work(ctx)
}
