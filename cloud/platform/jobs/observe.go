package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Outcomes of one attempt, the "outcome" label of hearth_jobs_worked_total.
const (
	OutcomeCompleted = "completed"
	OutcomeRetry     = "retry"     // failed; River tries again after its backoff
	OutcomeDiscarded = "discarded" // failed on its last attempt (MaxAttempts)
	OutcomeSnoozed   = "snoozed"   // the worker asked to run again later (river.JobSnooze)
	OutcomeCancelled = "cancelled" // the worker gave up for good (river.JobCancel)
)

var (
	jobsWorked = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "hearth_jobs_worked_total", Help: "Background job attempts by kind and outcome (completed, retry, discarded, snoozed, cancelled).",
	}, []string{"kind", "outcome"})
	jobSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "hearth_job_duration_seconds", Help: "Time one attempt of a background job took, by kind.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300},
	}, []string{"kind"})
)

// RegisterMetrics adds the job metrics to reg.
func RegisterMetrics(reg prometheus.Registerer) {
	reg.MustRegister(jobsWorked, jobSeconds)
}

// observer is River worker middleware: every attempt is logged (kind, id,
// attempt, duration, error) and counted.
type observer struct {
	river.MiddlewareDefaults
	log *slog.Logger
}

func (o *observer) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) (err error) {
	start := time.Now()
	defer func() {
		if p := recover(); p != nil {
			// River turns the panic into a failed attempt; record it as one, then let River have it.
			o.record(ctx, job, time.Since(start), fmt.Errorf("panic: %v", p), string(debug.Stack()))
			panic(p)
		}
	}()
	err = doInner(ctx)
	o.record(ctx, job, time.Since(start), err, "")
	return err
}

func (o *observer) record(ctx context.Context, job *rivertype.JobRow, took time.Duration, err error, stack string) {
	outcome := outcomeOf(job, err)
	jobsWorked.WithLabelValues(job.Kind, outcome).Inc()
	jobSeconds.WithLabelValues(job.Kind).Observe(took.Seconds())
	attrs := []any{"kind", job.Kind, "job_id", job.ID, "attempt", job.Attempt, "max_attempts", job.MaxAttempts,
		"duration", took, "outcome", outcome}
	if err != nil {
		attrs = append(attrs, "err", err.Error())
	}
	if stack != "" {
		attrs = append(attrs, "stack", stack)
	}
	switch outcome {
	case OutcomeCompleted, OutcomeSnoozed:
		o.log.InfoContext(ctx, "job worked", attrs...)
	case OutcomeDiscarded:
		o.log.ErrorContext(ctx, "job failed on its last attempt; discarded", attrs...)
	default:
		o.log.WarnContext(ctx, "job failed", attrs...)
	}
}

// outcomeOf says what River does with the job after this attempt.
func outcomeOf(job *rivertype.JobRow, err error) string {
	var snooze *rivertype.JobSnoozeError
	var cancel *rivertype.JobCancelError
	switch {
	case err == nil:
		return OutcomeCompleted
	case errors.As(err, &snooze):
		return OutcomeSnoozed
	case errors.As(err, &cancel):
		return OutcomeCancelled
	case job.Attempt >= job.MaxAttempts:
		return OutcomeDiscarded
	default:
		return OutcomeRetry
	}
}
