// Package jobs is Hearth's background-job platform: River (riverqueue.com) on
// both engines. A job is inserted in the same transaction as the write that
// caused it, so after a crash both are there or neither is; `hearth serve` works the jobs
// (Queue.Run), retrying a failed one with backoff; periodic jobs are enqueued
// by one replica only (River's elected leader). Tests work the jobs
// synchronously with Queue.Drain instead.
//
// Drivers. SQLite uses riversqlite on the database's one writer connection
// (River's own advice for SQLite: one connection, so its parallel work never
// meets SQLITE_BUSY). PostgreSQL uses riverdatabasesql, River's database/sql
// driver, because the app's transactions are database/sql transactions (pgx's
// stdlib): riverpgxv5 inserts only in a pgx.Tx, so it could not put a job in
// the transaction of the write that caused it. What riverpgxv5 adds, the
// LISTEN connection that tells the workers at once that a job was inserted,
// River's database/sql driver takes from a small pgx pool of its own
// (riverdatabasesql.NewWithPgxListener), so nothing is lost by it.
//
// River's schema (river_job and its companions) is applied by db.Migrate with
// River's own migrator (platform/db/river.go).
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"hearth/cloud/platform/db"
)

// MaxAttempts is how many times a job is tried before it is discarded (River's
// default is 25, about three weeks of retries). River waits attempt⁴ seconds
// between tries (±10%; source: River's DefaultClientRetryPolicy), so 12
// attempts span about 11 hours: an outage overnight is ridden out, and a job
// that cannot succeed stops after half a day, logged at error level.
const MaxAttempts = 12

// DefaultWorkers is how many jobs a process works at once. Jobs share the
// database with the requests: on SQLite its one writer connection, on
// PostgreSQL the pool (db.DefaultMaxConns, 8 on a 2-core machine), so jobs
// hold at most half of it and a burst of them never starves the API.
const DefaultWorkers = 4

// PeriodicMaxAttempts is the attempts of one run of a periodic job: the next
// period runs it again anyway, so a failed run is retried only a little.
const PeriodicMaxAttempts = 3

// Options tune a Queue. The zero value is what `hearth serve` uses.
type Options struct {
	// Now is the clock River schedules and fetches jobs by. nil: the
	// database's clock (what production wants: one clock for every replica).
	// Tests give theirs, so that moving it makes retries and scheduled jobs due.
	Now func() time.Time
	// Workers is how many jobs this process works at once; 0 means
	// DefaultWorkers.
	Workers int
	// PollInterval is how often Run looks for jobs that nothing announced
	// (scheduled jobs, retries); 0 means River's 1 s. On PostgreSQL new jobs are
	// announced by NOTIFY and picked up at once.
	PollInterval time.Duration
}

// Queue inserts jobs and works them.
type Queue struct {
	db       *db.DB
	log      *slog.Logger
	opts     Options
	clock    rivertype.TimeGenerator // nil: the database's clock
	workers  *river.Workers
	observe  *observer
	inserter *river.Client[*sql.Tx] // insert-only: Enqueue and Drain's periodic runs

	mu       sync.Mutex
	periodic []periodic
	running  bool
}

// periodic is one job registered with Every.
type periodic struct {
	interval time.Duration
	args     river.JobArgs
}

// New makes the queue on d (SQLite or PostgreSQL). It does not start work.
func New(d *db.DB, log *slog.Logger) (*Queue, error) { return NewWith(d, log, Options{}) }

// NewWith is New with options (a test's clock).
func NewWith(d *db.DB, log *slog.Logger, o Options) (*Queue, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if o.Workers <= 0 {
		o.Workers = DefaultWorkers
	}
	q := &Queue{db: d, log: log, opts: o, workers: river.NewWorkers(), observe: &observer{log: log}}
	if o.Now != nil {
		q.clock = clock{o.Now}
	}
	var err error
	q.inserter, err = river.NewClient(q.driver(nil), q.config())
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return q, nil
}

// Register adds a worker for T's Kind(); call before Run.
func Register[T river.JobArgs](q *Queue, w river.Worker[T]) {
	river.AddWorker(q.workers, w)
}

// Every makes args run periodically (every interval, on one replica: River's
// leader), call before Run. A run is also made when a leader starts (a
// restart or a new leader does not skip a period), at most one per interval
// (River's unique jobs by period), so the job must be a sweep of what is due
// rather than "what happened in the last interval".
func (q *Queue) Every(interval time.Duration, args river.JobArgs) {
	if interval < time.Second {
		panic(fmt.Sprintf("jobs: Every(%s, %s): the interval must be at least 1 s (River's periodic jobs)", interval, args.Kind()))
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.periodic = append(q.periodic, periodic{interval: interval, args: args})
}

// Enqueue inserts a job. When tx is a *db.Tx the job is inserted IN that
// transaction (it commits or rolls back with the write that caused it); when
// it is the *db.DB, on its own. opts may be nil.
//
// On SQLite, code inside a transaction must pass that transaction: the
// database has one writer connection, which the transaction holds, so an
// insert "on its own" would wait for it forever.
func (q *Queue) Enqueue(ctx context.Context, tx db.Querier, args river.JobArgs, opts *river.InsertOpts) error {
	var err error
	switch t := tx.(type) {
	case *db.Tx:
		_, err = q.inserter.InsertTx(ctx, t.SQL(), args, opts)
	case *db.DB:
		_, err = q.inserter.Insert(ctx, args, opts)
	default:
		err = fmt.Errorf("want a *db.Tx or the *db.DB, got %T", tx)
	}
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// Run works jobs until ctx ends (hearth serve). Returns nil on ctx end. Jobs
// still running then get up to StopTimeout to finish before their contexts
// are cancelled (they are retried later: jobs are idempotent).
func (q *Queue) Run(ctx context.Context) error {
	if err := q.start(); err != nil {
		return err
	}
	defer q.stop()
	cfg := q.config()
	cfg.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: q.opts.Workers}}
	cfg.FetchPollInterval = q.opts.PollInterval
	if p := q.opts.PollInterval; p > 0 && p < river.FetchCooldownDefault {
		cfg.FetchCooldown = p // River wants the cooldown no longer than the poll interval
	}
	cfg.PeriodicJobs = q.periodicJobs()
	cfg.SoftStopTimeout = StopTimeout
	var listen *pgxpool.Pool
	if q.db.Engine == db.Postgres {
		// One connection that LISTENs for River's insert and leadership notices.
		pool, err := q.db.PgxPool(ctx, 1)
		if err != nil {
			return fmt.Errorf("jobs: %w", err)
		}
		defer pool.Close()
		listen = pool
	} else {
		// SQLite has no LISTEN: River's stand-in polls an outbox table every 50 ms,
		// which would hold the one writer connection 20 times a second. Polling
		// for jobs every PollInterval is enough in one process.
		cfg.PollOnly = true
	}
	client, err := river.NewClient(q.driver(listen), cfg)
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	if err := client.Start(ctx); err != nil {
		return fmt.Errorf("jobs: start: %w", err)
	}
	q.log.InfoContext(ctx, "background jobs running", "engine", q.db.Engine, "workers", q.opts.Workers, "periodic", len(cfg.PeriodicJobs))
	<-ctx.Done()
	// River began a soft stop when ctx ended; it is over when Stopped closes.
	<-client.Stopped()
	return nil
}

// StopTimeout is how long Run waits for running jobs when it stops.
const StopTimeout = 25 * time.Second

// RescueAfter is when a job left running by a dead process is retried; a
// worker whose Timeout is longer must stay under it.
const RescueAfter = 15 * time.Minute

// start marks the queue running: Run and Drain never work the same Queue at once.
func (q *Queue) start() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.running {
		return errors.New("jobs: the queue is already running (Run or Drain)")
	}
	q.running = true
	return nil
}

func (q *Queue) stop() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.running = false
}

// drainPoll is how often Drain's client looks for jobs and Drain checks
// whether any is left.
const drainPoll = 10 * time.Millisecond

// Drain works every job that is available now, synchronously, and returns
// when none is left (tests, and a clock moved by tests). It first inserts one
// run of every periodic job (Every): periodic jobs are sweeps of what is due,
// so a test moves its clock and drains to have them look. "Now" is the
// Queue's clock (Options.Now): a retry or a scheduled job whose time has come
// by that clock is worked; one still in the future is left, and Drain returns.
// A job that its worker enqueues while Drain runs is worked too, when due.
func (q *Queue) Drain(ctx context.Context) error {
	if err := q.start(); err != nil {
		return err
	}
	defer q.stop()
	cfg := q.config()
	cfg.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: q.opts.Workers}}
	cfg.FetchCooldown, cfg.FetchPollInterval = time.Millisecond, drainPoll
	cfg.PollOnly = true
	// No leader: nothing of River's maintenance (scheduler, periodic enqueuer,
	// cleaner) runs; Drain does the scheduler's one step itself (schedule).
	cfg.LeaderElectionDisabled = true
	// Periodic runs are inserted here whatever ran in this period already.
	cfg.Test.DisableUniqueEnforcement = true
	client, err := river.NewClient(q.driver(nil), cfg)
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	for _, p := range q.periodicJobsArgs() {
		if _, err := client.Insert(ctx, p.args, &river.InsertOpts{MaxAttempts: PeriodicMaxAttempts}); err != nil {
			return fmt.Errorf("jobs: drain: insert periodic %s: %w", p.args.Kind(), err)
		}
	}
	if err := client.Start(ctx); err != nil {
		return fmt.Errorf("jobs: drain: start: %w", err)
	}
	err = q.drainUntilIdle(ctx, client)
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), StopTimeout)
	defer cancel()
	return errors.Join(err, client.Stop(stopCtx))
}

// drainUntilIdle waits until no job is due by the queue's clock and none of
// client's is running. Completions are written by River's completer a moment
// after the work ends, and a job stays "running" until then, so a job that
// just finished is never mistaken for nothing left.
func (q *Queue) drainUntilIdle(ctx context.Context, client *river.Client[*sql.Tx]) error {
	tick := time.NewTicker(drainPoll)
	defer tick.Stop()
	for {
		if err := q.schedule(ctx, client); err != nil {
			return fmt.Errorf("jobs: drain: schedule: %w", err)
		}
		res, err := client.JobList(ctx, river.NewJobListParams().
			States(rivertype.JobStateAvailable, rivertype.JobStateRunning).First(10_000))
		if err != nil {
			return fmt.Errorf("jobs: drain: list: %w", err)
		}
		now := q.now()
		left := slices.ContainsFunc(res.Jobs, func(j *rivertype.JobRow) bool {
			if j.State == rivertype.JobStateRunning {
				// Only this client's: a job another process was killed in the
				// middle of stays running until River's rescuer takes it back.
				return len(j.AttemptedBy) > 0 && j.AttemptedBy[len(j.AttemptedBy)-1] == client.ID()
			}
			return !j.ScheduledAt.After(now)
		})
		if !left {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

// schedule makes retries and scheduled jobs whose time has come available:
// the one step of River's scheduler (a leader's maintenance service, which
// runs every 5 s and which Drain's client does not run).
func (q *Queue) schedule(ctx context.Context, client *river.Client[*sql.Tx]) error {
	tx, err := client.Driver().GetExecutor().Begin(ctx)
	if err != nil {
		return fmt.Errorf("jobs: schedule: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := tx.JobSchedule(ctx, &riverdriver.JobScheduleParams{Max: 10_000, Now: q.nowOrNil()}); err != nil {
		return fmt.Errorf("jobs: schedule: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("jobs: schedule: %w", err)
	}
	return nil
}

// config is what every client of the queue shares.
func (q *Queue) config() *river.Config {
	cfg := &river.Config{
		Logger:      q.log,
		MaxAttempts: MaxAttempts,
		Workers:     q.workers,
		Middleware:  []rivertype.Middleware{q.observe},
		// One minute per attempt, unless the worker's Timeout method says otherwise.
		JobTimeout: time.Minute,
		// A job still "running" this long after it started was in a process that
		// died: River's rescuer (on the leader) hands it back for a retry. Longer
		// than any job's timeout, so a job that is only slow is never run twice.
		RescueStuckJobsAfter: RescueAfter,
	}
	if q.clock != nil {
		cfg.Test.Time = q.clock
	}
	return cfg
}

// periodicJobs are the Every registrations as River periodic jobs.
func (q *Queue) periodicJobs() []*river.PeriodicJob {
	var out []*river.PeriodicJob
	for _, p := range q.periodicJobsArgs() {
		opts := &river.InsertOpts{
			MaxAttempts: PeriodicMaxAttempts,
			// One run per period even when leadership changes hands and the new
			// leader runs it on start (RunOnStart).
			UniqueOpts: river.UniqueOpts{ByPeriod: p.interval},
		}
		out = append(out, river.NewPeriodicJob(river.PeriodicInterval(p.interval),
			func() (river.JobArgs, *river.InsertOpts) { return p.args, opts },
			&river.PeriodicJobOpts{RunOnStart: true}))
	}
	return out
}

func (q *Queue) periodicJobsArgs() []periodic {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.Clone(q.periodic)
}

// now is the queue's clock, or the machine's when the database's clock is used.
func (q *Queue) now() time.Time {
	if q.clock != nil {
		return q.clock.Now()
	}
	return time.Now()
}

func (q *Queue) nowOrNil() *time.Time {
	if q.clock != nil {
		return q.clock.NowOrNil()
	}
	return nil
}

// driver is River's driver for the engine, on the writer pool; listen (may be
// nil) is PostgreSQL's LISTEN pool.
func (q *Queue) driver(listen *pgxpool.Pool) riverdriver.Driver[*sql.Tx] {
	if q.db.Engine == db.Postgres {
		if listen != nil {
			return riverdatabasesql.NewWithPgxListener(q.db.Writer(), listen)
		}
		return riverdatabasesql.New(q.db.Writer())
	}
	return riversqlite.New(q.db.Writer())
}

// clock is a test's clock as River's time generator: River then uses it
// wherever it would ask the database for now().
type clock struct{ now func() time.Time }

func (c clock) Now() time.Time { return c.now() }

func (c clock) NowOrNil() *time.Time {
	t := c.now().UTC()
	return &t
}
