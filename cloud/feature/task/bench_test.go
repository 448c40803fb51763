package task_test

import (
	"context"
	"fmt"
	"hearth/cloud/platform/careevent"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/feature/task"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// benchPlan is a resident's 20 tasks: the sessions, times of day, an
// every-2-hours round, weekly and monthly tasks and an as-needed one, as a
// resident needing a lot of help has.
func benchPlan() []shared.SaveTaskRequest {
	d := func(title string, area shared.CareArea, session shared.TimeSession, clock string) shared.SaveTaskRequest {
		return shared.SaveTaskRequest{Title: title, Type: shared.TaskRoutine, Area: area, TimeSession: session, TimeOfDay: clock,
			Frequency: shared.FrequencyDaily}
	}
	out := []shared.SaveTaskRequest{
		d("Morning wash", shared.AreaHygiene, shared.SessionMorning, ""), d("Dress", shared.AreaDressing, shared.SessionMorning, ""),
		d("Breakfast", shared.AreaEating, "", "08:00"), d("Lunch", shared.AreaEating, "", "12:00"), d("Dinner", shared.AreaEating, "", "17:30"),
		d("Fluids", shared.AreaEating, shared.SessionMidday, ""), d("Walk", shared.AreaMobility, shared.SessionAfternoon, ""),
		d("Toileting round", shared.AreaToileting, shared.SessionMidday, ""), d("Evening wash", shared.AreaHygiene, shared.SessionEvening, ""),
		d("Undress", shared.AreaDressing, shared.SessionEvening, ""), d("Night check", shared.AreaSleep, shared.SessionNight, ""),
		d("Midnight check", shared.AreaToileting, shared.SessionMidnight, ""), d("Mood note", shared.AreaBehavior, "", ""),
		d("Skin check", shared.AreaOther, shared.SessionAfternoon, ""),
		{Title: "Vital signs", Type: shared.TaskVitalCheck, TimeOfDay: "09:00", Frequency: shared.FrequencyDaily},
		{Title: "Reposition", Type: shared.TaskMandatory, Area: shared.AreaMobility, TimeOfDay: "00:00", Frequency: shared.FrequencyHourly, RepeatInterval: 2},
		{Title: "Shower", Type: shared.TaskRoutine, Area: shared.AreaBathing, TimeSession: shared.SessionMorning, Frequency: shared.FrequencyWeekly, DaysOfWeek: []int{2, 5}},
		{Title: "Weigh", Type: shared.TaskHealthMonitoring, TimeOfDay: "07:00", Frequency: shared.FrequencyWeekly, DaysOfWeek: []int{1}},
		{Title: "Nails", Type: shared.TaskRoutine, Area: shared.AreaHygiene, Frequency: shared.FrequencyMonthly},
		{Title: "Comfort", Type: shared.TaskAsNeeded, Area: shared.AreaBehavior, Frequency: shared.FrequencyAnytime},
	}
	return out
}

func p99(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[(len(ds)*99)/100]
}

// BenchmarkListTodayTask is /task's call for a facility of 8 residents × 20
// tasks (Maple House: the demo's 5 residents and 3 added, their demo plans
// replaced by benchPlan: 232 occurrences on the day, at 10:00), as a caregiver, on
// both engines: "service" calls the service, "http" the whole request
// through the real server (guard, session check, JSON, gzip off) over
// loopback; p99-ms is the 99th percentile of the http requests' times.
func BenchmarkListTodayTask(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		// The plans are made the day before, so the whole of today has its occurrences.
		setClock(e, local(2027, 5, 31, 10, 0))
		maple := e.FacilityID(b, "Maple House AFH")
		owner := &auth.Principal{UserID: e.UserID(b, "owner_evergreen"), TenantID: maple, Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanPremium}
		for i, first := range []string{"Ruth", "Samuel", "Helen"} {
			if _, err := e.Server.Residents.Create(ctx, owner, shared.SaveResidentRequest{FirstName: first, LastName: "Bench", DOB: "1940-01-01",
				Gender: shared.GenderFemale, Room: strconv.Itoa(7 + i), Language: shared.LanguageEnglish, DNR: shared.DNRUnknown}); err != nil {
				b.Fatal(err)
			}
		}
		s := e.Server.Tasks
		old, err := s.List(ctx, owner, shared.PageRequest[shared.TaskFilter]{Current: 1, Size: 100})
		for err == nil && len(old.Records) > 0 {
			for _, tk := range old.Records {
				if err := s.Delete(ctx, owner, tk.TaskID); err != nil {
					b.Fatal(err)
				}
			}
			old, err = s.List(ctx, owner, shared.PageRequest[shared.TaskFilter]{Current: 1, Size: 100})
		}
		if err != nil {
			b.Fatal(err)
		}
		rows, err := d.QueryContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND status IN ('NORMAL', 'GOING_OUT')`, maple)
		if err != nil {
			b.Fatal(err)
		}
		var residents []string
		for rows.Next() {
			var id string
			_ = rows.Scan(&id)
			residents = append(residents, id)
		}
		rows.Close()
		if len(residents) != 8 {
			b.Fatalf("%d residents", len(residents))
		}
		for _, r := range residents {
			for _, req := range benchPlan() {
				req.ResidentID, req.StartDate = r, "2027-05-31"
				if _, err := s.Create(ctx, owner, req); err != nil {
					b.Fatal(err)
				}
			}
		}
		setClock(e, local(2027, 6, 1, 10, 0))
		carer := e.SignIn(b, "caregiver_maple1")
		p := &auth.Principal{UserID: e.UserID(b, "caregiver_maple1"), TenantID: maple, Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanPremium}
		first, err := s.Today(ctx, p, shared.TodayTaskRequest{})
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: %d occurrences today, %d anytime tasks", d.Engine, first.Data.Total, len(first.Data.AsNeeded))

		b.Run("service", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Today(ctx, p, shared.TodayTaskRequest{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("http", func(b *testing.B) {
			b.ReportAllocs()
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				carer.Post(b, ti+"/listTodayTask", shared.TodayTaskRequest{}).OK(b)
				took = append(took, time.Since(start))
			}
			b.ReportMetric(float64(p99(took).Microseconds())/1000, "p99-ms")
		})
	})
}

// benchFacilities is how many facilities BenchmarkExpireDue makes
// (TASK_BENCH_FACILITIES; default 200).
func benchFacilities() int {
	if n, err := strconv.Atoi(os.Getenv("TASK_BENCH_FACILITIES")); err == nil && n > 0 {
		return n
	}
	return 200
}

// bulk is a multi-row INSERT written in batches.
type bulk struct {
	tx   *db.Tx
	head string
	cols int
	vals []string
	args []any
}

func (w *bulk) add(ctx context.Context, a ...any) error {
	w.vals = append(w.vals, "("+db.Marks(w.cols)+")")
	w.args = append(w.args, a...)
	if len(w.vals)*w.cols >= 4000 {
		return w.flush(ctx)
	}
	return nil
}

func (w *bulk) flush(ctx context.Context) error {
	if len(w.vals) == 0 {
		return nil
	}
	_, err := w.tx.ExecContext(ctx, w.head+strings.Join(w.vals, ", "), w.args...)
	w.vals, w.args = w.vals[:0], w.args[:0]
	return err
}

// benchWindows is one resident's day as (task, start hour, end hour): two
// morning-session tasks, times (+1 h), the other sessions, the night and
// midnight rounds that end the next day, a whole-day task, a weekly shower
// and weigh, and twelve two-hourly repositioning rounds (task 15).
func benchWindows() [][3]float64 {
	out := [][3]float64{{0, 6, 9}, {1, 6, 9}, {2, 8, 9}, {3, 12, 13}, {4, 17.5, 18.5}, {5, 9, 12}, {6, 12, 17}, {7, 9, 12},
		{8, 17, 21}, {9, 17, 21}, {10, 21, 30}, {11, 23, 25}, {12, 0, 24}, {13, 12, 17}, {14, 9, 10}, {16, 6, 9}, {17, 7, 8}}
	for r := 0.0; r < 24; r += 2 {
		out = append(out, [3]float64{15, r, r + 1})
	}
	return out
}

// seedFacilities writes n facilities of 8 residents × 20 tasks with 9 days
// of occurrences each (yesterday to the horizon, as the service keeps them:
// 8 × 29 × 9 = 2,088 records a facility), all PENDING, by plain SQL in
// batches: the service's own path (Create) would take hours for thousands.
// day0 is yesterday's midnight (UTC: the sweep does not look at zones).
func seedFacilities(b *testing.B, d *db.DB, n int, day0 time.Time) {
	b.Helper()
	ctx := context.Background()
	now := day0.UnixMilli()
	windows := benchWindows()
	hour := func(x float64) int64 { return int64(x * float64(time.Hour/time.Millisecond)) }
	for f := 0; f < n; f++ {
		err := d.InTx(ctx, func(tx *db.Tx) error {
			org, tenant := uuid.NewString(), uuid.NewString()
			if _, err := tx.ExecContext(ctx, `INSERT INTO organisations (id, name, created_at) VALUES (?, ?, ?)`, org, "Bench organisation", now); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO tenants (id, organisation_id, facility_name, time_zone, status, created_at, updated_at)
				VALUES (?, ?, ?, 'PT', 'approved', ?, ?)`, tenant, org, fmt.Sprintf("Bench home %d", f), now, now); err != nil {
				return err
			}
			residents := &bulk{tx: tx, cols: 14, head: `INSERT INTO residents (id, tenant_id, first_name, last_name, name_key, dob, gender, room,
				room_key, language, dnr, status_at, created_at, updated_at) VALUES `}
			tasks := &bulk{tx: tx, cols: 13, head: `INSERT INTO tasks (id, tenant_id, resident_id, title, title_key, type, area, category,
				start_date, frequency, business_type, created_at, updated_at) VALUES `}
			records := &bulk{tx: tx, cols: 14, head: `INSERT INTO task_records (id, tenant_id, task_id, resident_id, title, type, area, category,
				day, due_start, due_end, status, created_at, updated_at) VALUES `}
			for r := 0; r < 8; r++ {
				res := uuid.NewString()
				room := strconv.Itoa(r + 1)
				if err := residents.add(ctx, res, tenant, "Bench", room, "bench "+room, "1940-01-01", "FEMALE", room, room, "ENGLISH", "UNKNOWN",
					now, now, now); err != nil {
					return err
				}
				var ids [20]string
				for i := range ids {
					ids[i] = uuid.NewString()
					if err := tasks.add(ctx, ids[i], tenant, res, "Task", "task", "ROUTINE", "OTHER", "onGoing", "2027-01-01", "DAILY",
						"CARE_PLAN", now, now); err != nil {
						return err
					}
				}
				if err := residents.flush(ctx); err != nil { // the rows records refer to go first
					return err
				}
				if err := tasks.flush(ctx); err != nil {
					return err
				}
				for k := 0; k < 9; k++ {
					base := day0.AddDate(0, 0, k)
					for _, w := range windows {
						if err := records.add(ctx, uuid.NewString(), tenant, ids[int(w[0])], res, "Task", "ROUTINE", "OTHER", "onGoing",
							base.Format(time.DateOnly), base.UnixMilli()+hour(w[1]), base.UnixMilli()+hour(w[2]), "PENDING", now, now); err != nil {
							return err
						}
					}
				}
			}
			for _, w := range []*bulk{residents, tasks, records} {
				if err := w.flush(ctx); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExpireDue is one pass of the expiry job over many facilities of
// 8 residents × 20 tasks (TASK_BENCH_FACILITIES, default 200; 2,088
// occurrences each), on both engines, nothing completed (the worst case):
//   - dayBacklog: a whole day's occurrences close at once (the job was down
//     a day): 216 a facility;
//   - morning: the 09:00 pass, the day's largest regular boundary (the
//     morning session, 08:00 and 06:00–09:00 times, last night's rounds): 96 a facility;
//   - idle: a pass with nothing due (what most 5-minute runs find).
//
// rows/s and per-facility figures are reported; docs/performance.md scales
// them to 10,000 facilities.
func BenchmarkExpireDue(b *testing.B) {
	n := benchFacilities()
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		ctx := context.Background()
		day0 := time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC)
		start := time.Now()
		seedFacilities(b, d, n, day0)
		var records int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM task_records`).Scan(&records); err != nil {
			b.Fatal(err)
		}
		// The statistics autovacuum (PostgreSQL) or a periodic ANALYZE (SQLite) keeps in service.
		if _, err := d.ExecContext(ctx, `ANALYZE`); err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: %d facilities, %d occurrences, written in %s", d.Engine, n, records, time.Since(start).Round(time.Second))
		s, err := task.New(task.Deps{DB: d, Chart: noChart{}, Now: time.Now})
		if err != nil {
			b.Fatal(err)
		}
		reset := func(after time.Time) {
			if _, err := d.ExecContext(ctx, `UPDATE task_records SET status = 'PENDING', expired_at = NULL WHERE status = 'EXPIRED' AND due_end > ?`,
				after.UnixMilli()); err != nil {
				b.Fatal(err)
			}
			// PostgreSQL: the steady state autovacuum keeps (without it, the pending
			// index still holds the entries of rows updated since, which a pass reads).
			if d.Engine == db.Postgres {
				if _, err := d.ExecContext(ctx, `VACUUM task_records`); err != nil {
					b.Fatal(err)
				}
			}
		}
		pass := func(b *testing.B, before, at time.Time, want int) {
			b.Helper()
			var got int64
			for b.Loop() {
				b.StopTimer()
				reset(before)
				b.StartTimer()
				var err error
				if got, err = s.ExpireDue(ctx, at); err != nil {
					b.Fatal(err)
				}
			}
			if want >= 0 && got != int64(want*n) {
				b.Fatalf("expired %d, want %d", got, want*n)
			}
			perPass := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(got)/perPass, "rows/s")
			b.ReportMetric(perPass/float64(n)*1e6, "µs/facility")
		}
		endOfYesterday := day0.Add(24 * time.Hour)
		b.Run("dayBacklog", func(b *testing.B) { pass(b, day0, endOfYesterday, 216) })
		b.Run("morning", func(b *testing.B) { pass(b, endOfYesterday, endOfYesterday.Add(9*time.Hour), 96) })
		b.Run("idle", func(b *testing.B) { pass(b, endOfYesterday.Add(9*time.Hour), endOfYesterday.Add(9*time.Hour), 0) })
	})
}

// noChart is a resident's record that keeps nothing: the benchmark times the expiry alone.
type noChart struct{}

func (noChart) Event(context.Context, db.Querier, careevent.Note) error         { return nil }
func (noChart) Readings(context.Context, db.Querier, []careevent.Reading) error { return nil }
func (noChart) Care(context.Context, db.Querier, careevent.Care) error          { return nil }
