package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/feature/medication"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/keep"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// keptFigures are the lines of the kept cards (today's tasks, today's med
// passes, residents; a caregiver's own status and next shift) as a person reads them.
type keptFigures map[string]int

func (f keptFigures) String() string {
	var b strings.Builder
	for _, k := range []string{"tasksDueNow", "tasksToDo", "tasksDone", "tasksOverdue", "medPassesDue", "effectChecksDue", "medPassesGiven",
		"medPassesNotGiven", "medPassesOverdue", "residentsActive", "clockedIn", "weekHours", "nextShift"} {
		fmt.Fprintf(&b, "%s=%d ", k, f[k])
	}
	return b.String()
}

// cardFigures reads the kept cards' lines from c's dashboard.
func cardFigures(t *testing.T, c *servertest.Client) keptFigures {
	t.Helper()
	out := keptFigures{}
	m := cards(t, c)
	for _, key := range []string{"todayTasks", "medPasses", "residents"} {
		for _, it := range m[key].Items {
			out[it.Key] = it.Count
		}
	}
	for _, it := range m["myStatus"].Items {
		switch it.Key {
		case "clockedIn":
			out["clockedIn"] = int(it.Time)
		case "weekHours":
			out["weekHours"] = it.Count
		}
	}
	for _, it := range m["myShift"].Items {
		if it.Key == "nextShift" {
			out["nextShift"] = int(it.Time)
		}
	}
	return out
}

// pageFigures are the same figures read from the pages they summarise (none
// of them kept): /task's day and the expired count, /emars's day and the red
// count, the residents dashboard; for a caregiver, /your-status's clock and
// shifts. The cards must always agree with them.
func pageFigures(t *testing.T, e *servertest.Env, c *servertest.Client, caregiver bool) keptFigures {
	t.Helper()
	out := keptFigures{}
	now := e.Clock.Now().UnixMilli()
	var day shared.TodayTasks
	c.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
	for _, r := range day.Records {
		switch {
		case r.Status == shared.RecordCompleted:
			out["tasksDone"]++
		case r.Status == shared.RecordPending && (r.DueEnd == 0 || r.DueEnd > now):
			out["tasksToDo"]++
			if shared.TaskDueNow(r.Status, r.Category, r.TimeSession, r.TimeOfDay, r.DueStart, r.DueEnd, now) {
				out["tasksDueNow"]++
			}
		}
	}
	var late int
	c.Get(t, "/api/care/taskInfo/countExpiredTasks").OK(t).Into(t, &late)
	out["tasksOverdue"] = late
	var emar shared.EmarDay
	c.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &emar)
	needs := medication.DayNeeds(&emar)
	out["medPassesDue"], out["effectChecksDue"] = needs[shared.NeedDue], needs[shared.NeedCheck]
	out["medPassesGiven"], out["medPassesNotGiven"] = emar.Counts.Green, emar.Counts.Orange
	var red int
	c.Get(t, "/api/care/medication/countWarningNum").OK(t).Into(t, &red)
	out["medPassesOverdue"] = red
	var residents shared.ResidentDashboard
	c.Get(t, "/api/care/resident/getDashboardData").OK(t).Into(t, &residents)
	out["residentsActive"] = residents.ActiveCount
	if caregiver {
		var st shared.ClockInStatus
		c.Get(t, "/api/care/caregiverClockInRecord/myStatus").OK(t).Into(t, &st)
		if st.OpenShift && st.LastPunch != nil {
			out["clockedIn"] = int(st.LastPunch.PunchTime)
		}
		out["weekHours"] = st.WeekMinutes
		var mine shared.MyShifts
		c.Get(t, "/api/care/shiftSchedule/myShifts").OK(t).Into(t, &mine)
		if mine.Next != nil {
			out["nextShift"] = int(mine.Next.Start)
		}
	}
	return out
}

func sameFigures(t *testing.T, what string, card, page keptFigures) {
	t.Helper()
	if card.String() != page.String() {
		t.Errorf("%s: the cards say\n  %s\nthe pages say\n  %s", what, card, page)
	}
}

// cardsJSON is c's whole dashboard as it is sent.
func cardsJSON(t *testing.T, c *servertest.Client) string {
	t.Helper()
	var list []shared.DashboardCard
	c.Get(t, cardsPath).OK(t).Into(t, &list)
	b, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// keptIsFresh checks that each person's dashboard, kept or not, is what it
// would be made afresh: a no-op write of the facility row moves its list
// version, so the second answer uses nothing kept.
func keptIsFresh(t *testing.T, d *db.DB, facility, what string, people map[string]*servertest.Client) {
	t.Helper()
	kept := map[string]string{}
	for who, c := range people {
		kept[who] = cardsJSON(t, c)
	}
	if _, err := d.ExecContext(t.Context(), `UPDATE tenants SET updated_at = updated_at WHERE id = ?`, facility); err != nil {
		t.Fatal(err)
	}
	for who, c := range people {
		if fresh := cardsJSON(t, c); fresh != kept[who] {
			t.Errorf("%s the %s's kept cards\n  %s\nmade afresh\n  %s", what, who, kept[who], fresh)
		}
	}
}

// statements counts the statements d runs while fn does, by the table they name.
func statements(d *db.DB, fn func()) map[string]int {
	var mu sync.Mutex
	out := map[string]int{}
	stop := d.Trace(func(q string) {
		mu.Lock()
		defer mu.Unlock()
		for _, table := range []string{"task_records", "medication_passes", "residents", "versions"} {
			if strings.Contains(q, table) {
				out[table]++
			}
		}
	})
	defer stop()
	fn()
	return out
}

// The dashboard's task, eMAR and residents cards are kept, but a write of
// anything they count shows at once, whether made through the service or by
// plain SQL, for the owner and the caregiver of the facility alike, each with
// their own cards; another facility's writes leave them kept.
func TestKeptCardsFollowWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := servertest.Start(t, d)
		owner, carer, admin := e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "admin_maple")
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		check := func(what string) (ownerFigures, carerFigures keptFigures) {
			t.Helper()
			ownerFigures, carerFigures = cardFigures(t, owner), cardFigures(t, carer)
			sameFigures(t, what+" (owner)", ownerFigures, pageFigures(t, e, owner, false))
			sameFigures(t, what+" (caregiver)", carerFigures, pageFigures(t, e, carer, true))
			keptIsFresh(t, d, maple, what, map[string]*servertest.Client{"owner": owner, "admin": admin, "caregiver": carer})
			return ownerFigures, carerFigures
		}
		before, _ := check("at first")

		// Kept: asked again, the caregiver's cards (all of them kept but her own status,
		// requests and shifts) read no task, pass or resident row.
		if n := statements(d, func() { cards(t, carer) }); n["task_records"]+n["medication_passes"]+n["residents"] != 0 {
			t.Errorf("the caregiver's cards asked again read %v", n)
		}
		// A caregiver's and an owner's cards differ (the residents card of a caregiver has one line).
		if m := cards(t, carer); len(m["residents"].Items) != 1 || m["approvals"].Key != "" {
			t.Errorf("the caregiver sees the owner's cards: %+v", m)
		}

		// Another facility's writes leave Maple's cards kept.
		if _, err := d.ExecContext(ctx, `UPDATE task_records SET updated_at = updated_at + 1 WHERE tenant_id = ?`, cedar); err != nil {
			t.Fatal(err)
		}
		if n := statements(d, func() { cards(t, carer) }); n["task_records"]+n["medication_passes"]+n["residents"] != 0 {
			t.Errorf("a write at Cedar made Maple's cards read again: %v", n)
		}

		// Through the service: the caregiver logs an as-needed task; a new resident moves in.
		var day shared.TodayTasks
		carer.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
		if len(day.AsNeeded) == 0 {
			t.Fatal("the demo has no as-needed task")
		}
		carer.Post(t, "/api/care/taskInfo/completeTask", shared.CompleteTaskRequest{TaskID: day.AsNeeded[0].TaskID, Comment: "Walked in the garden"}).OK(t)
		after, carerAfter := check("after an as-needed task was logged")
		if after["tasksDone"] != before["tasksDone"]+1 || carerAfter["tasksDone"] != after["tasksDone"] {
			t.Errorf("tasks done %d → %d (caregiver %d)", before["tasksDone"], after["tasksDone"], carerAfter["tasksDone"])
		}
		carer.Post(t, "/api/care/caregiverClockInRecord/clockIn", shared.ClockInRequest{ClientPunchID: "kept-cards-write"}).OK(t)
		if _, now := check("after clocking in"); now["clockedIn"] == 0 {
			t.Errorf("clocked in, the caregiver's card says %s", now)
		}
		admin.Post(t, "/api/care/resident/createResident", shared.SaveResidentRequest{FirstName: "Rosa", LastName: "Kept", DOB: "1941-02-03",
			Gender: shared.GenderFemale, Room: "14", Language: shared.LanguageEnglish, DNR: shared.DNRUnknown,
			MoveInDate: e.Clock.Now().Format(time.DateOnly)}).OK(t)
		if now, _ := check("after a resident moved in"); now["residentsActive"] != before["residentsActive"]+1 {
			t.Errorf("residents %d → %d", before["residentsActive"], now["residentsActive"])
		}

		// By plain SQL, as an operator would: a pending task done, a pass given, a pass refused.
		before, _ = check("before the SQL writes")
		res, err := d.ExecContext(ctx, `UPDATE task_records SET status = 'COMPLETED', completed_at = ? WHERE id = (
			SELECT id FROM task_records WHERE tenant_id = ? AND status = 'PENDING' AND day = ? ORDER BY id LIMIT 1)`,
			e.Clock.Now().UnixMilli(), maple, day.Day)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			if now, _ := check("after a task was completed in SQL"); now["tasksDone"] != before["tasksDone"]+1 {
				t.Errorf("tasks done by SQL %d → %d", before["tasksDone"], now["tasksDone"])
			}
		}
		// Two passes of today charted by SQL: one given that was not, then one refused that was
		// given (at any hour there is a pass of today in one state or the other).
		for _, w := range []struct{ from, to, line string }{{"<> 'GIVEN'", "GIVEN", "medPassesGiven"}, {"= 'GIVEN'", "REFUSED", "medPassesNotGiven"}} {
			before, _ = check("before a pass is charted " + w.to)
			res, err := d.ExecContext(ctx, `UPDATE medication_passes SET outcome = ?, given_at = ?, logged_at = ? WHERE id = (
				SELECT id FROM medication_passes WHERE tenant_id = ? AND day = ? AND kind = 'SCHEDULED' AND outcome `+w.from+` ORDER BY id LIMIT 1)`,
				w.to, e.Clock.Now().UnixMilli(), e.Clock.Now().UnixMilli(), maple, day.Day)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				t.Fatalf("no pass of today to chart %s", w.to)
			}
			if now, _ := check("after a pass was charted " + w.to + " in SQL"); now[w.line] != before[w.line]+1 {
				t.Errorf("%s %d → %d", w.line, before[w.line], now[w.line])
			}
		}
		// A resident moved out by SQL leaves the residents card at once (the list version).
		before, _ = check("before the move-out")
		if _, err := d.ExecContext(ctx, `UPDATE residents SET status = 'MOVED_OUT', status_at = ? WHERE tenant_id = ? AND first_name = 'Rosa'`,
			e.Clock.Now().UnixMilli(), maple); err != nil {
			t.Fatal(err)
		}
		if now, _ := check("after a move-out in SQL"); now["residentsActive"] != before["residentsActive"]-1 {
			t.Errorf("residents after a move-out %d → %d", before["residentsActive"], now["residentsActive"])
		}

		// The managers' kept cards, by plain SQL: a reading's flag, notes read, a request decided,
		// a shift unassigned, a care plan recorded. Each shows at once (check compares every
		// person's cards with the cards made afresh).
		ownerCards := cardsJSON(t, owner)
		for _, q := range []string{
			`UPDATE health_readings SET flagged = NOT flagged WHERE id = (SELECT id FROM health_readings WHERE tenant_id = ? ORDER BY taken_at DESC, id LIMIT 1)`,
			`DELETE FROM progress_note_reads WHERE tenant_id = ?`,
			`UPDATE application_forms SET status = 'APPROVED' WHERE id = (SELECT id FROM application_forms WHERE tenant_id = ? AND status = 'PENDING' ORDER BY id LIMIT 1)`,
			`DELETE FROM shift_assignments WHERE id = (SELECT id FROM shift_assignments WHERE tenant_id = ? ORDER BY id DESC LIMIT 1)`,
		} {
			if _, err := d.ExecContext(ctx, q, maple); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			check("after " + q)
		}
		if cardsJSON(t, owner) == ownerCards {
			t.Error("a reading, notes, a request and a shift changed and the owner's cards stayed the same")
		}
	})
}

// With no write at all, the kept cards move on with the clock: tasks and
// passes falling due, warning, overdue, a clocked-in caregiver's minutes, a
// shift or a coverage gap ending, a reading leaving the last 24 hours, a new
// day at midnight. Checked every 4 minutes (less than a kept card's longest
// life, shell.CardMaxAge, so a kept answer is asked again after time alone
// moved on) for 12 hours, then across the facility's midnight: every card of
// the owner, the admin and the caregiver against the same cards made afresh
// (a no-op write of the facility row moves its list version, so nothing kept
// is used), and the caregiver's against /task, /emars and /your-status.
func TestKeptCardsFollowTheClock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple := e.FacilityID(t, "Maple House AFH")
		carer := e.SignIn(t, "caregiver_maple1")
		people := map[string]*servertest.Client{"caregiver": carer, "owner": e.SignIn(t, "owner_evergreen", "Maple House AFH"),
			"admin": e.SignIn(t, "admin_maple")}
		// Clocked in: this week's minutes grow with the clock.
		carer.Post(t, "/api/care/caregiverClockInRecord/clockIn", shared.ClockInRequest{ClientPunchID: "kept-cards-punch"}).OK(t)
		changed, last := 0, ""
		walkTheClock(t, e, people, func() {
			t.Helper()
			at := e.Clock.Now().Format(time.DateTime)
			card := cardFigures(t, carer)
			sameFigures(t, "at "+at, card, pageFigures(t, e, carer, true))
			if card.String() != last {
				changed++
				last = card.String()
			}
			keptIsFresh(t, d, maple, "at "+at, people)
		})
		if changed < 3 {
			t.Errorf("over 12 hours and a midnight the cards changed only %d times: the test saw no clock rule at work", changed)
		}
	})
}

// Two replicas on one PostgreSQL database: a task logged through one shows on
// the other's kept cards within keep.VersionTTL, and at once when the other
// listens for the database's notices (as `hearth serve` does).
func TestKeptCardsAcrossReplicas(t *testing.T) {
	a, b, atA, atB := twoReplicas(t)
	var day shared.TodayTasks
	atA.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
	if len(day.AsNeeded) == 0 {
		t.Fatal("the demo has no as-needed task")
	}
	seen := func(c *servertest.Client, want int, within time.Duration) time.Duration {
		t.Helper()
		start := time.Now()
		for {
			if got := cardFigures(t, c)["tasksDone"]; got == want {
				return time.Since(start)
			} else if time.Since(start) > within {
				t.Fatalf("after %v the cards still say %d tasks done, not %d", time.Since(start), got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	done := cardFigures(t, atA)["tasksDone"]
	cardFigures(t, atB) // both keep the cards
	log := func(c *servertest.Client) {
		t.Helper()
		a.Clock.Advance(time.Minute) // each log its own moment (the replicas' clocks stand still)
		b.Clock.Advance(time.Minute)
		c.Post(t, "/api/care/taskInfo/completeTask", shared.CompleteTaskRequest{TaskID: day.AsNeeded[0].TaskID, Comment: "Walked in the garden"}).OK(t)
	}

	// Without notices: within the TTL (and a little for the request itself).
	log(atB)
	seen(atB, done+1, 0)
	seen(atA, done+1, keep.VersionTTL+500*time.Millisecond)

	// Listening, as a served replica does: the other's write shows as its notice arrives.
	ctx, cancel := context.WithCancel(context.Background())
	listened := make(chan struct{})
	go func() { defer close(listened); _ = keep.Listen(ctx, a.DB, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() { cancel(); <-listened })
	time.Sleep(2 * keep.VersionTTL) // the listener connected, and the kept versions older than the TTL
	cardFigures(t, atA)             // A's version read just now: without the notice it would keep it a second
	log(atB)
	seen(atA, done+2, keep.VersionTTL/2)
	log(atA) // B does not listen: within the TTL
	seen(atB, done+3, keep.VersionTTL+500*time.Millisecond)
}

// walkTheClock moves the server's clock on with no write: 12 hours in steps
// of 4 minutes (less than a kept answer's longest life, so a kept answer is
// asked again after time alone moved on), then from 6 minutes before the demo
// homes' next midnight across it, calling look at each step. Every third step
// and after the jump to midnight each person first takes a new token, within
// an access token's 15 minutes, as the app does.
func walkTheClock(t *testing.T, e *servertest.Env, people map[string]*servertest.Client, look func()) {
	t.Helper()
	refresh := func() {
		t.Helper()
		for _, c := range people {
			var again shared.LoginResult
			c.Post(t, "/api/system/user/refreshToken", shared.RefreshRequest{RefreshToken: c.Result.RefreshToken}).OK(t).Into(t, &again)
			c.Use(again)
		}
	}
	at := func(step int) {
		t.Helper()
		if step%3 == 2 {
			refresh()
		}
		look()
		e.Clock.Advance(4 * time.Minute)
	}
	step := 0
	for ; step < 12*60/4 && !t.Failed(); step++ {
		at(step)
	}
	pacific, err := time.LoadLocation("America/Los_Angeles") // the demo homes' zone
	if err != nil {
		t.Fatal(err)
	}
	now := e.Clock.Now().In(pacific)
	midnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, pacific)
	e.Clock.Advance(midnight.Sub(now) - 6*time.Minute)
	refresh()
	for end := step + 4; step < end && !t.Failed(); step++ {
		at(step)
	}
}
