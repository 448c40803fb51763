package jobs_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/shared"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// testClock is the clock a test moves.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// visitArgs is a test job: one visit to a key.
type visitArgs struct {
	Key string `json:"key"`
}

func (visitArgs) Kind() string { return "test_visit" }

// visitWorker counts each key's attempts and completed visits; keys listed in
// failFirst fail their first attempt.
type visitWorker struct {
	river.WorkerDefaults[visitArgs]
	mu        sync.Mutex
	attempts  map[string]int
	done      map[string]int
	failFirst map[string]bool
}

func newVisitWorker(failFirst ...string) *visitWorker {
	w := &visitWorker{attempts: map[string]int{}, done: map[string]int{}, failFirst: map[string]bool{}}
	for _, k := range failFirst {
		w.failFirst[k] = true
	}
	return w
}

var errFirstTry = errors.New("the first try fails")

func (w *visitWorker) Work(_ context.Context, job *river.Job[visitArgs]) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.attempts[job.Args.Key]++
	if w.failFirst[job.Args.Key] && job.Attempt == 1 {
		return errFirstTry
	}
	w.done[job.Args.Key]++
	return nil
}

func (w *visitWorker) counts(key string) (attempts, done int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.attempts[key], w.done[key]
}

func testLog(t *testing.T) *slog.Logger {
	t.Helper()
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// newQueue is a queue on d with the test's clock and w registered.
func newQueue(t *testing.T, d *db.DB, clock *testClock, w *visitWorker) *jobs.Queue {
	t.Helper()
	q, err := jobs.NewWith(d, testLog(t), jobs.Options{Now: clock.Now, PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	jobs.Register(q, w)
	return q
}

func drain(t *testing.T, q *jobs.Queue) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := q.Drain(ctx); err != nil {
		t.Fatalf("Drain: %v", err)
	}
}

func enqueueCommitted(t *testing.T, d *db.DB, q *jobs.Queue, args river.JobArgs, opts *river.InsertOpts) {
	t.Helper()
	ctx := context.Background()
	if err := d.InTx(ctx, func(tx *db.Tx) error { return q.Enqueue(ctx, tx, args, opts) }); err != nil {
		t.Fatalf("enqueue: %v", err)
	}
}

func jobRows(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM river_job`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func start() *testClock { return &testClock{now: time.Now().Truncate(time.Millisecond)} }

func TestRolledBackJobNeverRuns(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		w := newVisitWorker()
		q := newQueue(t, d, start(), w)
		errRefused := errors.New("the write that caused the job failed")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := q.Enqueue(ctx, tx, visitArgs{Key: "rolled-back"}, nil); err != nil {
				return err
			}
			return errRefused
		})
		if !errors.Is(err, errRefused) {
			t.Fatalf("InTx: %v", err)
		}
		drain(t, q)
		if a, _ := w.counts("rolled-back"); a != 0 {
			t.Errorf("a job enqueued in a rolled-back transaction ran %d times", a)
		}
		if n := jobRows(t, d); n != 0 {
			t.Errorf("river_job has %d rows after the rollback, want 0", n)
		}
	})
}

func TestCommittedJobRunsOnceAfterARetry(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := start()
		w := newVisitWorker("flaky")
		q := newQueue(t, d, clock, w)
		enqueueCommitted(t, d, q, visitArgs{Key: "flaky"}, nil)

		drain(t, q)
		if a, done := w.counts("flaky"); a != 1 || done != 0 {
			t.Fatalf("after the first drain: %d attempts, %d done; want 1 failed attempt", a, done)
		}
		// River's backoff (attempt⁴ s, about 1 s after the first failure) keeps
		// the retry until the clock passes it.
		drain(t, q)
		if a, _ := w.counts("flaky"); a != 1 {
			t.Fatalf("the retry ran before its backoff: %d attempts", a)
		}
		clock.Advance(time.Minute)
		drain(t, q)
		clock.Advance(time.Hour)
		drain(t, q)
		if a, done := w.counts("flaky"); a != 2 || done != 1 {
			t.Fatalf("%d attempts, %d done; want 2 attempts and exactly one done", a, done)
		}
		var state string
		var attempt, maxAttempts int
		if err := d.QueryRowContext(ctx, `SELECT state, attempt, max_attempts FROM river_job`).Scan(&state, &attempt, &maxAttempts); err != nil {
			t.Fatal(err)
		}
		if state != "completed" || attempt != 2 || maxAttempts != jobs.MaxAttempts {
			t.Errorf("job row: state %s attempt %d max %d; want completed, 2, %d", state, attempt, maxAttempts, jobs.MaxAttempts)
		}
	})
}

func TestJobSurvivesAKillBeforeItRuns(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := start()
		before := newVisitWorker()
		q := newQueue(t, d, clock, before)
		enqueueCommitted(t, d, q, visitArgs{Key: "survivor"}, nil)
		q = nil // the process dies before any worker took the job

		after := newVisitWorker()
		fresh := newQueue(t, d, clock, after)
		drain(t, fresh)
		if a, _ := before.counts("survivor"); a != 0 {
			t.Fatalf("the dead queue ran the job")
		}
		if a, done := after.counts("survivor"); a != 1 || done != 1 {
			t.Fatalf("the fresh queue: %d attempts, %d done; want the job done once", a, done)
		}
		drain(t, fresh)
		if a, _ := after.counts("survivor"); a != 1 {
			t.Fatalf("the job ran again: %d attempts", a)
		}
	})
}

func TestEnqueueOnItsOwnAndScheduled(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := start()
		w := newVisitWorker()
		q := newQueue(t, d, clock, w)
		if err := q.Enqueue(ctx, d, visitArgs{Key: "now"}, nil); err != nil {
			t.Fatal(err)
		}
		if err := q.Enqueue(ctx, d, visitArgs{Key: "later"}, &river.InsertOpts{ScheduledAt: clock.Now().Add(2 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		drain(t, q)
		if _, done := w.counts("now"); done != 1 {
			t.Errorf("the job enqueued on its own: %d done, want 1", done)
		}
		if a, _ := w.counts("later"); a != 0 {
			t.Errorf("a job scheduled in 2 hours ran now")
		}
		clock.Advance(3 * time.Hour)
		drain(t, q)
		if _, done := w.counts("later"); done != 1 {
			t.Errorf("the scheduled job, once due: %d done, want 1", done)
		}
		if err := q.Enqueue(ctx, nil, visitArgs{Key: "nowhere"}, nil); err == nil {
			t.Error("Enqueue with neither a transaction nor the database was accepted")
		}
	})
}

func TestDrainReturnsWhenNothingIsLeft(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		q := newQueue(t, d, start(), newVisitWorker())
		began := time.Now()
		drain(t, q)
		if took := time.Since(began); took > 5*time.Second {
			t.Errorf("Drain of an empty queue took %s", took)
		}
	})
}

func TestPeriodicJobRunsInDrain(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newVisitWorker()
		q := newQueue(t, d, start(), w)
		q.Every(time.Hour, visitArgs{Key: "sweep"})
		drain(t, q)
		if _, done := w.counts("sweep"); done != 1 {
			t.Fatalf("periodic job after one drain: %d done, want 1", done)
		}
		drain(t, q)
		if _, done := w.counts("sweep"); done != 2 {
			t.Fatalf("periodic job after two drains: %d done, want 2", done)
		}
	})
}

// Periodic jobs made with jobs.Periodic each run under their own kind, with
// no args ({}): the kinds and args stored by deployments before it.
func TestPeriodicFunctions(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		q := newQueue(t, d, start(), newVisitWorker())
		var mu sync.Mutex
		ran := map[string]int{}
		for _, kind := range []string{"test_sweep_a", "test_sweep_b"} {
			jobs.Periodic(q, kind, time.Hour, func(ctx context.Context) error {
				mu.Lock()
				defer mu.Unlock()
				ran[kind]++
				if _, ok := ctx.Deadline(); !ok {
					t.Errorf("%s ran without a time limit", kind)
				}
				return nil
			}, jobs.PeriodicOptions{Timeout: 10 * time.Minute})
		}
		drain(t, q)
		drain(t, q)
		mu.Lock()
		if ran["test_sweep_a"] != 2 || ran["test_sweep_b"] != 2 {
			t.Errorf("after two drains: %v, want each twice", ran)
		}
		mu.Unlock()
		args := "args::text"
		if d.Engine == db.SQLite {
			args = "json(args)" // River keeps SQLite's args as JSONB
		}
		rows, err := d.QueryContext(ctx, `SELECT kind, `+args+`, state FROM river_job ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var kind, args, state string
			if err := rows.Scan(&kind, &args, &state); err != nil {
				t.Fatal(err)
			}
			n++
			if (kind != "test_sweep_a" && kind != "test_sweep_b") || args != "{}" || state != "completed" {
				t.Errorf("job row: kind %s args %s state %s", kind, args, state)
			}
		}
		if err := rows.Err(); err != nil || n != 4 {
			t.Errorf("%d job rows, want 4 (%v)", n, err)
		}
	})
}

// eventWorker keeps the business events it is given.
type eventWorker struct {
	river.WorkerDefaults[jobs.Event]
	mu   sync.Mutex
	seen []jobs.Event
}

func (w *eventWorker) Work(_ context.Context, job *river.Job[jobs.Event]) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen = append(w.seen, job.Args)
	return nil
}

// Queue.Announce enqueues a business event in the writing transaction.
func TestAnnounce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		q := newQueue(t, d, start(), newVisitWorker())
		w := &eventWorker{}
		jobs.Register(q, w)
		var announce jobs.Announce = q.Announce
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			return announce(ctx, tx, shared.BusinessResident, "t1", "r1", "u1")
		}); err != nil {
			t.Fatal(err)
		}
		drain(t, q)
		want := jobs.Event{Type: string(shared.BusinessResident), TenantID: "t1", SubjectID: "r1", ActorID: "u1"}
		if len(w.seen) != 1 || w.seen[0] != want {
			t.Errorf("events worked: %+v, want %+v", w.seen, want)
		}
	})
}

// TestRun is the production path: Run works what is enqueued while it runs
// (on PostgreSQL announced through LISTEN), the leader enqueues the periodic
// job on start, and Run returns nil when its context ends.
func TestRun(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		w := newVisitWorker()
		// On PostgreSQL a poll far longer than the test's wait: the job must
		// come through River's LISTEN connection.
		poll := 50 * time.Millisecond
		if d.Engine == db.Postgres {
			poll = time.Minute
		}
		q, err := jobs.NewWith(d, testLog(t), jobs.Options{PollInterval: poll})
		if err != nil {
			t.Fatal(err)
		}
		jobs.Register(q, w)
		q.Every(time.Hour, visitArgs{Key: "sweep"})
		reg := prometheus.NewRegistry()
		jobs.RegisterMetrics(reg)
		ran := make(chan error, 1)
		go func() { ran <- q.Run(ctx) }()

		enqueueCommitted(t, d, q, visitArgs{Key: "served"}, nil)
		deadline := time.Now().Add(15 * time.Second)
		for {
			_, served := w.counts("served")
			_, swept := w.counts("sweep")
			if served == 1 && swept == 1 {
				break
			}
			select {
			case err := <-ran:
				t.Fatalf("Run ended early: %v", err)
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("Run: served %d, swept %d after 15 s; want 1 and 1", served, swept)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := q.Drain(ctx); err == nil {
			t.Error("Drain ran while Run was running")
		}
		cancel()
		select {
		case err := <-ran:
			if err != nil {
				t.Fatalf("Run returned %v, want nil", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("Run did not return after its context ended")
		}
		if n := completedVisits(t, reg); n < 2 {
			t.Errorf("hearth_jobs_worked_total{kind=test_visit,outcome=completed} = %v, want at least 2", n)
		}
	})
}

// completedVisits is hearth_jobs_worked_total{kind="test_visit",outcome="completed"}
// as reg gathers it; the test fails when the duration histogram is missing.
func completedVisits(t *testing.T, reg *prometheus.Registry) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	value, histogram := -1.0, false
	for _, f := range families {
		switch f.GetName() {
		case "hearth_job_duration_seconds":
			histogram = true
		case "hearth_jobs_worked_total":
			for _, m := range f.GetMetric() {
				labels := map[string]string{}
				for _, l := range m.GetLabel() {
					labels[l.GetName()] = l.GetValue()
				}
				if labels["kind"] == "test_visit" && labels["outcome"] == jobs.OutcomeCompleted {
					value = m.GetCounter().GetValue()
				}
			}
		}
	}
	if !histogram {
		t.Error("hearth_job_duration_seconds was not gathered")
	}
	return value
}

func TestMigrateAgainChangesNothing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx); err != nil {
			t.Fatalf("migrating a migrated database again: %v", err)
		}
		if n := jobRows(t, d); n != 0 {
			t.Fatalf("river_job: %d rows", n)
		}
	})
}
