package task_test

import (
	"bufio"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/server"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The daily digest of missed care, on both engines: after 07:00 facility
// time Maple's owner and admin get one mail each about the day before (the
// expired tasks by resident, the late ones, a link to /task), each in their
// own language; caregivers get none, nor does Cedar, which missed nothing
// that day. Running the job again, later in the day or on two replicas at
// once sends nothing more; a day with nothing missed sends nothing.
func TestDigestOfMissedCare(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		setLanguage := func(account, lang string) {
			t.Helper()
			if _, err := d.ExecContext(ctx, `UPDATE users SET language = ? WHERE account_key = ?`, lang, account); err != nil {
				t.Fatal(err)
			}
		}
		setLanguage("owner_evergreen", "") // not known yet: English
		setLanguage("admin_maple", string(shared.LangEsES))
		ownerMail, adminMail := e.Email(t, "owner_evergreen"), e.Email(t, "admin_maple")

		// Tuesday 1 June 2027, 05:00: Maple's own care plans are replaced by two residents' and one facility task.
		setClock(e, local(2027, 6, 1, 5, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		deleteTasks(t, owner, "")
		tessa := newResident(t, owner, "Tessa", "21", "2020-01-01")
		uma := newResident(t, owner, "Uma", "22", "2020-01-01")
		daily := func(resident, title, at string, session shared.TimeSession) shared.Task {
			return createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: title, Type: shared.TaskRoutine,
				TimeOfDay: at, TimeSession: session, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		}
		daily(tessa, "Help dress", "", shared.SessionMorning)
		for _, tk := range []struct{ title, at string }{{"Lunch", "12:00"}, {"Walk", "14:00"}, {"Snack", "15:00"}, {"Dinner", "18:00"}, {"Bedtime", "20:00"}} {
			daily(tessa, tk.title, tk.at, "")
		}
		pressure := daily(tessa, "Blood pressure", "07:30", "")
		water := daily(tessa, "Offer water", "10:00", "")
		createTask(t, owner, shared.SaveTaskRequest{ResidentID: uma, Title: "Reposition", Type: shared.TaskMandatory,
			TimeOfDay: "12:00", StartDate: "2027-06-01", EndDate: "2027-06-01", Frequency: shared.FrequencyHourly, RepeatInterval: 4})
		daily(uma, "Read aloud", "", "")
		daily("", "Fridge log", "11:00", "")

		// The caregiver does the blood pressure late and the water on time; the rest expires.
		completeAt := func(at time.Time, taskID string, late shared.LateReason) {
			t.Helper()
			setClock(e, at)
			amina := e.SignIn(t, "caregiver_maple1")
			recs := recordsOf(todayTasks(t, amina, shared.TodayTaskRequest{ResidentID: tessa}), taskID)
			if len(recs) != 1 {
				t.Fatalf("records of %s: %+v", taskID, recs)
			}
			complete(t, amina, shared.CompleteTaskRequest{RecordID: recs[0].RecordID, Comment: "Done", LateReason: late}).OK(t)
		}
		completeAt(local(2027, 6, 1, 9, 0), pressure.TaskID, shared.LateResidentAsleep)
		completeAt(local(2027, 6, 1, 10, 15), water.TaskID, "")

		// 06:30 the next morning: the day is expired and counted, but no digest before 07:00.
		before := expiredCounter(t, e)
		setClock(e, local(2027, 6, 2, 6, 30))
		e.DrainJobs(t)
		if got := expiredCounter(t, e) - before; got < 11 {
			t.Errorf("hearth_task_records_expired_total grew by %v, want at least Maple's 11", got)
		}
		if ms := digests(t, e, ownerMail, "Maple House AFH", "2027-06-01"); len(ms) != 0 {
			t.Fatalf("a digest before 07:00: %+v", ms)
		}

		// 07:05: one digest each to the owner (English) and the admin (Spanish).
		setClock(e, local(2027, 6, 2, 7, 5))
		e.DrainJobs(t)
		mine := digests(t, e, ownerMail, "Maple House AFH", "2027-06-01")
		if len(mine) != 1 {
			t.Fatalf("owner's digests: %+v", mine)
		}
		m := mine[0]
		if m.Subject != "Maple House AFH: missed care on 2027-06-01" {
			t.Errorf("subject %q", m.Subject)
		}
		for _, want := range []string{
			"Hello Elena Martinez,",
			"Tasks that expired without being done: 11\nTasks completed late: 1\n",
			"- Tessa Test: 6\n    · Help dress (06:00–09:00 PT)\n    · Lunch (12:00–13:00 PT)\n    · Walk (14:00–15:00 PT)\n" +
				"    · Snack (15:00–16:00 PT)\n    · Dinner (18:00–19:00 PT)\n    and 1 more\n",
			"- Uma Test: 4\n    · Read aloud (any time of the day)\n    · Reposition (3 times, the first 12:00–13:00 PT)\n",
			"- Facility tasks: 1\n    · Fridge log (11:00–12:00 PT)\n",
			"http://hearth.test/task",
		} {
			if !strings.Contains(m.Body, want) {
				t.Errorf("owner's digest lacks %q:\n%s", want, m.Body)
			}
		}
		for _, not := range []string{"Bedtime", "Blood pressure", "Offer water"} {
			if strings.Contains(m.Body, not) {
				t.Errorf("owner's digest names %q:\n%s", not, m.Body)
			}
		}
		theirs := digests(t, e, adminMail, "Maple House AFH", "2027-06-01")
		if len(theirs) != 1 || theirs[0].Subject != "Maple House AFH: cuidados no realizados el 2027-06-01" ||
			!strings.Contains(theirs[0].Body, "Hola, Grace Kim:") || !strings.Contains(theirs[0].Body, "Tareas vencidas sin hacer: 11") ||
			!strings.Contains(theirs[0].Body, "- Tessa Test: 6") || !strings.Contains(theirs[0].Body, "y 1 más") ||
			!strings.Contains(theirs[0].Body, "- Tareas del centro: 1") {
			t.Errorf("admin's digest: %+v", theirs)
		}
		for _, carer := range []string{"caregiver_maple1", "caregiver_maple2", "caregiver_cedar1"} {
			if ms := digests(t, e, e.Email(t, carer), "", "2027-06-01"); len(ms) != 0 {
				t.Errorf("%s got a digest: %+v", carer, ms)
			}
		}
		if ms := digests(t, e, ownerMail, "Cedar Home AFH", "2027-06-01"); len(ms) != 0 {
			t.Errorf("a digest of Cedar, which had no work that day: %+v", ms)
		}
		if row := digestRow(t, d, e.FacilityID(t, "Maple House AFH"), "2027-06-01"); row != "11 1 2" {
			t.Errorf("task_digests (expired late recipients): %q", row)
		}

		// Again, and later the same day: nothing more.
		e.DrainJobs(t)
		for _, at := range []time.Time{local(2027, 6, 2, 15, 0), local(2027, 6, 2, 23, 59)} {
			setClock(e, at)
			e.DrainJobs(t)
		}
		if n, a := len(digests(t, e, ownerMail, "Maple House AFH", "")), len(digests(t, e, adminMail, "Maple House AFH", "")); n != 1 || a != 1 {
			t.Errorf("after more runs that day: owner %d, admin %d digests", n, a)
		}

		// 3 June 07:10, two replicas work the jobs at once: 2 June's digest goes
		// out once, the admin's now in Chinese; Cedar's (its demo plans expired) once too.
		setLanguage("admin_maple", string(shared.LangZhCN))
		setClock(e, local(2027, 6, 3, 7, 10))
		replica, err := server.New(server.Deps{Config: e.Config, DB: d, Log: slog.New(slog.DiscardHandler), Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, q := range []*jobs.Queue{e.Server.Jobs, replica.Jobs} {
			wg.Go(func() { errs[i] = q.Drain(ctx) })
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("drain: %v", err)
			}
		}
		mine = digests(t, e, ownerMail, "Maple House AFH", "2027-06-02")
		theirs = digests(t, e, adminMail, "Maple House AFH", "2027-06-02")
		if len(mine) != 1 || len(theirs) != 1 || theirs[0].Subject != "Maple House AFH：2027-06-02 未按时完成的照护" ||
			!strings.Contains(theirs[0].Body, "过期未完成的任务：10") || !strings.Contains(theirs[0].Body, "逾期完成的任务：0") {
			t.Errorf("2 June's digests: owner %+v, admin %+v", mine, theirs)
		}
		if ms := digests(t, e, ownerMail, "Cedar Home AFH", "2027-06-02"); len(ms) != 1 {
			t.Errorf("Cedar's digests of 2 June: %d", len(ms))
		}

		// 3 June: only the water is left, and done on time. No digest of that day.
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		deleteTasks(t, owner, water.TaskID)
		completeAt(local(2027, 6, 3, 10, 10), water.TaskID, "")
		setClock(e, local(2027, 6, 4, 7, 10))
		e.DrainJobs(t)
		if ms := append(digests(t, e, ownerMail, "Maple House AFH", "2027-06-03"), digests(t, e, adminMail, "", "2027-06-03")...); len(ms) != 0 {
			t.Errorf("a digest of a day with nothing missed: %+v", ms)
		}
		if row := digestRow(t, d, e.FacilityID(t, "Maple House AFH"), "2027-06-03"); row != "0 0 0" {
			t.Errorf("task_digests of 3 June (expired late recipients): %q", row)
		}
	})
}

// deleteTasks deletes the facility's tasks except keep (through the API).
func deleteTasks(t *testing.T, owner *servertest.Client, keep string) {
	t.Helper()
	for range 10 {
		var page shared.Page[shared.Task]
		owner.Post(t, ti+"/listTasksByPage", shared.PageRequest[shared.TaskFilter]{Current: 1, Size: shared.MaxPageSize}).OK(t).Into(t, &page)
		left := 0
		for _, tk := range page.Records {
			if tk.TaskID != keep {
				owner.Get(t, ti+"/deleteTask?taskId="+tk.TaskID).OK(t)
				left++
			}
		}
		if left == 0 {
			return
		}
	}
	t.Fatal("tasks left after 10 pages")
}

// digests are the digest mails to addr whose subject names facility ("": any) and day.
func digests(t *testing.T, e *servertest.Env, addr, facility, day string) []servertest.Mail {
	t.Helper()
	var out []servertest.Mail
	for _, m := range e.Mails(t, addr) {
		if strings.Contains(m.Subject, facility) && strings.Contains(m.Subject, day) && strings.Contains(m.Body, "/task") {
			out = append(out, m)
		}
	}
	return out
}

// digestRow is a facility day's task_digests row as "expired late recipients" ("" when none).
func digestRow(t *testing.T, d *db.DB, tenantID, day string) string {
	t.Helper()
	var expired, late, recipients int
	err := d.QueryRowContext(context.Background(), `SELECT expired, late, recipients FROM task_digests WHERE tenant_id = ? AND day = ?`,
		tenantID, day).Scan(&expired, &late, &recipients)
	if err != nil {
		return ""
	}
	return strconv.Itoa(expired) + " " + strconv.Itoa(late) + " " + strconv.Itoa(recipients)
}

// expiredCounter scrapes hearth_task_records_expired_total from the server's metrics.
func expiredCounter(t *testing.T, e *servertest.Env) float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	e.Server.Metrics.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "hearth_task_records_expired_total "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	t.Fatal("no hearth_task_records_expired_total in the metrics")
	return 0
}
