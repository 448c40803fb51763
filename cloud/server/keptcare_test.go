package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/keep"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// carePath is what a caregiver's care path reads that is kept (keep.Timed):
// the /emars day, /task's day and expired tab, a resident's week of
// occurrences, day figures, care plan and health series on the profile, the progress
// notes, the care records, the shift reports and the sidebar's counters, as a person reads
// them, each as
// sent but for what differs between two reads of the same rows (the eMAR's
// own clock and its photos' signed links).
func carePath(t *testing.T, c *servertest.Client, now time.Time, residentID string) map[string]string {
	t.Helper()
	out := map[string]string{}
	text := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	var emar shared.EmarDay
	c.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &emar)
	if emar.Now != now.UnixMilli() {
		t.Errorf("the eMAR day says now is %d, not %d", emar.Now, now.UnixMilli())
	}
	emar.Now = 0
	for i := range emar.Residents {
		emar.Residents[i].AvatarURL = ""
	}
	out["emars.day"] = text(emar)
	var today shared.TodayTasks
	c.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &today)
	out["task.today"] = text(today)
	var expired shared.Page[shared.TaskRecord]
	c.Post(t, "/api/care/taskInfo/listExpiredTasks", shared.PageRequest[shared.ExpiredTaskFilter]{Current: 1, Size: 50}).OK(t).Into(t, &expired)
	out["task.expired"] = text(expired)
	week := shared.CalendarRange{Start: today.Day, End: now.AddDate(0, 0, 6).Format(time.DateOnly), ResidentID: residentID}
	var tasks []shared.TaskRecord
	c.Post(t, "/api/care/taskInfo/listCalendarTask", week).OK(t).Into(t, &tasks)
	out["profile.eventsTasks"] = text(tasks)
	var data shared.CalendarData
	c.Post(t, "/api/care/taskInfo/listCalendarData", week).OK(t).Into(t, &data)
	out["profile.eventsData"] = text(data)
	if residentID != "" { // a resident's care plan (the profile's tab)
		var plan shared.CarePlan
		c.Get(t, "/api/care/resident/residentTaskList?residentId="+residentID).OK(t).Into(t, &plan)
		out["profile.carePlan"] = text(plan)
		var series shared.HealthSeries // the health monitor's charts of the last 30 days
		c.Post(t, "/api/care/healthMonitor/listSeries", shared.HealthSeriesRequest{ResidentID: residentID,
			StartDate: now.AddDate(0, 0, -30).Format(time.DateOnly), EndDate: now.Format(time.DateOnly)}).OK(t).Into(t, &series)
		out["health.series"] = text(series)
	}
	var reports shared.Page[shared.ShiftReport]
	c.Post(t, "/api/care/shiftReport/listByPage", shared.PageRequest[shared.ListShiftReportFilter]{Current: 1, Size: 20}).OK(t).Into(t, &reports)
	out["shiftReport.list"] = text(reports)
	var notes shared.Page[shared.ProgressNote]
	c.Post(t, "/api/care/progressNote/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20}).OK(t).Into(t, &notes)
	out["notes.list"] = text(notes)
	var care shared.Page[shared.CareRecord]
	c.Post(t, "/api/care/careMonitor/listCareMonitorByPage", shared.PageRequest[shared.CareMonitorFilter]{Current: 1, Size: 20}).OK(t).Into(t, &care)
	out["care.list"] = text(care)
	var side shared.SidebarReminderCount
	c.Get(t, "/api/care/resident/sidebarReminderCount").OK(t).Into(t, &side)
	out["shell.sidebarCounts"] = text(side)
	return out
}

// careIsFresh checks that each person's care path, kept or not, is what it
// would be made afresh (a no-op write of the facility row moves its list
// version, so the second reads use nothing kept), and returns the kept one.
func careIsFresh(t *testing.T, e *servertest.Env, d *db.DB, facility, what, residentID string, people map[string]*servertest.Client) map[string]map[string]string {
	t.Helper()
	now := e.Clock.Now()
	kept := map[string]map[string]string{}
	for who, c := range people {
		kept[who] = carePath(t, c, now, residentID)
	}
	if _, err := d.ExecContext(t.Context(), `UPDATE tenants SET updated_at = updated_at WHERE id = ?`, facility); err != nil {
		t.Fatal(err)
	}
	for who, c := range people {
		fresh := carePath(t, c, now, residentID)
		for call, answer := range fresh {
			if kept[who][call] != answer {
				t.Errorf("%s the %s's kept %s\n  %s\nmade afresh\n  %s", what, who, call, kept[who][call], answer)
			}
		}
	}
	return kept
}

// firstResident is a resident of c's /emars day (one who lives here).
func firstResident(t *testing.T, c *servertest.Client) string {
	t.Helper()
	var emar shared.EmarDay
	c.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &emar)
	if len(emar.Residents) == 0 {
		t.Fatal("the demo's /emars day has no resident")
	}
	return emar.Residents[0].ResidentID
}

// The care path's kept reads show every write at once, through the service or
// by plain SQL: a pass logged, a task completed and corrected, a new order;
// another facility's writes leave them kept; the caregiver's, the owner's and
// another home's answers stay their own.
func TestKeptCarePathFollowsWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := servertest.Start(t, d)
		carer, owner := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "owner_evergreen", "Maple House AFH")
		cedarOwner := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		resident := firstResident(t, carer)
		people := map[string]*servertest.Client{"caregiver": carer, "owner": owner}
		check := func(what string) map[string]map[string]string {
			t.Helper()
			return careIsFresh(t, e, d, maple, what, resident, people)
		}
		before := check("at first")

		// Kept: asked again, the care path reads no task or pass row.
		if n := statements(d, func() { carePath(t, carer, e.Clock.Now(), resident) }); n["task_records"]+n["medication_passes"] != 0 {
			t.Errorf("the caregiver's care path asked again read %v", n)
		}
		// Another facility's writes leave Maple's answers kept.
		for _, q := range []string{`UPDATE task_records SET updated_at = updated_at + 1 WHERE tenant_id = ?`,
			`UPDATE medication_passes SET note = note WHERE tenant_id = ?`} {
			if _, err := d.ExecContext(ctx, q, cedar); err != nil {
				t.Fatal(err)
			}
		}
		if n := statements(d, func() { carePath(t, carer, e.Clock.Now(), resident) }); n["task_records"]+n["medication_passes"] != 0 {
			t.Errorf("a write at Cedar made Maple's care path read again: %v", n)
		}
		// Each home's answers are its own: the same owner at Cedar sees Cedar's day, kept or not.
		var mapleDay, cedarDay shared.EmarDay
		owner.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &mapleDay)
		cedarOwner.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &cedarDay)
		for _, r := range cedarDay.Residents {
			for _, m := range mapleDay.Residents {
				if r.ResidentID == m.ResidentID {
					t.Errorf("Cedar's /emars day shows Maple's resident %s", m.Name)
				}
			}
		}
		careIsFresh(t, e, d, cedar, "at Cedar", "", map[string]*servertest.Client{"Cedar owner": cedarOwner})
		// Each caregiver's own tasks ("mine") are hers, asked one after the other, kept or not.
		for range 2 {
			for _, who := range []string{"caregiver_maple1", "caregiver_maple2"} {
				var mine shared.TodayTasks
				c := carer
				if who != "caregiver_maple1" {
					c = e.SignIn(t, who)
				}
				c.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{Mine: true}).OK(t).Into(t, &mine)
				for _, r := range mine.Records {
					if r.CaregiverID != "" && r.CaregiverID != e.UserID(t, who) {
						t.Errorf("%s's own tasks show %s's", who, r.CaregiverName)
					}
				}
			}
		}

		// Through the service: an as-needed task logged, then its comment corrected.
		var day shared.TodayTasks
		carer.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
		if len(day.AsNeeded) == 0 {
			t.Fatal("the demo has no as-needed task")
		}
		var done shared.TaskRecord
		carer.Post(t, "/api/care/taskInfo/completeTask", shared.CompleteTaskRequest{TaskID: day.AsNeeded[0].TaskID, Comment: "Walked in the garden"}).OK(t).Into(t, &done)
		after := check("after an as-needed task was logged")
		if after["caregiver"]["task.today"] == before["caregiver"]["task.today"] {
			t.Error("a task logged and /task's day stayed the same")
		}
		carer.Post(t, "/api/care/taskInfo/updateTaskRecord", shared.UpdateTaskRecordRequest{RecordID: done.RecordID, Comment: "Walked to the pond"}).OK(t)
		before, after = after, check("after a task record was corrected")
		if after["caregiver"]["task.today"] == before["caregiver"]["task.today"] {
			t.Error("a task record corrected and /task's day stayed the same")
		}

		// A pass logged: the first of today's passes open now, if any at this hour.
		var emar shared.EmarDay
		carer.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &emar)
		open := ""
		for _, r := range emar.Residents {
			for _, p := range r.Passes {
				if open == "" && p.Kind == shared.PassScheduled && (p.Status == shared.PassDue || p.Status == shared.PassWarning || p.Status == shared.PassOverdue) &&
					p.Outcome == "" {
					open = p.PassID
				}
			}
		}
		if open != "" {
			carer.Post(t, "/api/care/medication/logPass", shared.LogPassRequest{PassID: open, ClientID: "kept-care-pass", Outcome: shared.OutcomeRefused,
				Reason: "Asleep"}).OK(t)
			before, after = after, check("after a pass was logged")
			if after["caregiver"]["emars.day"] == before["caregiver"]["emars.day"] {
				t.Error("a pass logged and the /emars day stayed the same")
			}
		}
		// By plain SQL, as an operator would: a pass of today charted, whatever the hour.
		res, err := d.ExecContext(ctx, `UPDATE medication_passes SET outcome = 'GIVEN', given_at = ?, logged_at = ? WHERE id = (
			SELECT id FROM medication_passes WHERE tenant_id = ? AND day = ? AND kind = 'SCHEDULED' AND outcome <> 'GIVEN' ORDER BY id LIMIT 1)`,
			e.Clock.Now().UnixMilli(), e.Clock.Now().UnixMilli(), maple, day.Day)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			t.Fatal("no pass of today to chart")
		}
		before, after = after, check("after a pass was charted in SQL")
		if after["owner"]["emars.day"] == before["owner"]["emars.day"] {
			t.Error("a pass charted in SQL and the /emars day stayed the same")
		}
		// A new order: its passes of today show on the day.
		owner.Post(t, "/api/care/medication/save", shared.SaveMedicationRequest{Name: "Kept-cillin", Type: shared.MedicationRoutine, Dose: "1 tab",
			Route: shared.RouteOral, StartDate: day.Day, Times: []string{"23:59"}, ResidentID: resident}).OK(t)
		before, after = after, check("after a new order")
		if after["caregiver"]["emars.day"] == before["caregiver"]["emars.day"] {
			t.Error("a new order and the /emars day stayed the same")
		}
		// A task done by SQL shows on the day and the resident's week.
		if _, err := d.ExecContext(ctx, `UPDATE task_records SET status = 'COMPLETED', completed_at = ? WHERE id = (
			SELECT id FROM task_records WHERE tenant_id = ? AND status = 'PENDING' AND day = ? ORDER BY id LIMIT 1)`,
			e.Clock.Now().UnixMilli(), maple, day.Day); err != nil {
			t.Fatal(err)
		}
		check("after a task was completed in SQL")
		// A shift report handed over by another caregiver is first on her list, unread; read in SQL, it is not.
		before = check("before a shift report was handed over")
		e.SignIn(t, "caregiver_maple2").Post(t, "/api/care/shiftReport/submit",
			shared.SaveShiftReportRequest{ShiftDate: day.Day, FreeText: "Quiet night; Harold slept well"}).OK(t)
		after = check("after a shift report was handed over")
		if after["caregiver"]["shiftReport.list"] == before["caregiver"]["shiftReport.list"] {
			t.Error("a new shift report left the caregiver's list the same")
		}
		if _, err := d.ExecContext(ctx, `INSERT INTO shift_report_reads (tenant_id, report_id, user_id, read_at)
			SELECT r.tenant_id, r.id, u.id, ? FROM shift_reports r, users u WHERE r.tenant_id = ? AND r.status = 'SUBMIT' AND u.id = ?
			AND NOT EXISTS (SELECT 1 FROM shift_report_reads z WHERE z.report_id = r.id AND z.user_id = u.id)`,
			e.Clock.Now().UnixMilli(), maple, e.UserID(t, "caregiver_maple1")); err != nil {
			t.Fatal(err)
		}
		before, after = after, check("after the caregiver's shift reports were read in SQL")
		if after["caregiver"]["shiftReport.list"] == before["caregiver"]["shiftReport.list"] {
			t.Error("reading the shift reports left the caregiver's list the same")
		}
		// A colleague's progress note is on the list at once, unread; then its English rendering (SQL).
		e.SignIn(t, "caregiver_maple2").Post(t, "/api/care/progressNote/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{{
			ClientID: "kept-note-1", ResidentID: resident, NoteType: shared.NoteOther, Notes: "Ate well at lunch, walked to the garden."}}}).OK(t)
		before, after = after, check("after a colleague's note")
		if after["caregiver"]["notes.list"] == before["caregiver"]["notes.list"] {
			t.Error("a colleague's note left the caregiver's notes list the same")
		}
		if _, err := d.ExecContext(ctx, `UPDATE progress_notes SET english_notes = 'Ate well at lunch.' WHERE tenant_id = ? AND client_id = 'kept-note-1'`, maple); err != nil {
			t.Fatal(err)
		}
		before, after = after, check("after the note's English rendering in SQL")
		if after["caregiver"]["notes.list"] == before["caregiver"]["notes.list"] {
			t.Error("the note's English rendering left the caregiver's notes list the same")
		}
		// A care record's note changed by SQL shows on the care monitor at once.
		if _, err := d.ExecContext(ctx, `UPDATE care_records SET note = 'Ate all of it' WHERE id = (
			SELECT id FROM care_records WHERE tenant_id = ? ORDER BY given_at DESC, id DESC LIMIT 1)`, maple); err != nil {
			t.Fatal(err)
		}
		before, after = after, check("after a care record changed in SQL")
		if after["caregiver"]["care.list"] == before["caregiver"]["care.list"] {
			t.Error("a changed care record left the care monitor the same")
		}
		// A reading taken (by SQL) shows on the resident's charts at once.
		if _, err := d.ExecContext(ctx, `UPDATE health_readings SET value = value + 1 WHERE id = (
			SELECT id FROM health_readings WHERE tenant_id = ? AND resident_id = ? ORDER BY taken_at DESC LIMIT 1)`, maple, resident); err != nil {
			t.Fatal(err)
		}
		before, after = after, check("after a reading changed in SQL")
		if after["caregiver"]["health.series"] == before["caregiver"]["health.series"] {
			t.Error("a changed reading left the resident's health series the same")
		}
	})
}

// With no write at all, the kept care path moves on with the clock: passes
// and tasks falling due, warning, overdue, a new day at midnight. Checked
// every 4 minutes (less than a kept answer's longest life, so a kept answer
// is asked again after time alone moved on) for 12 hours, then across the
// facility's midnight: the caregiver's and the owner's answers against the
// same made afresh.
func TestKeptCarePathFollowsTheClock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple := e.FacilityID(t, "Maple House AFH")
		carer := e.SignIn(t, "caregiver_maple1")
		people := map[string]*servertest.Client{"caregiver": carer, "owner": e.SignIn(t, "owner_evergreen", "Maple House AFH")}
		resident := firstResident(t, carer)
		changed, last := map[string]int{}, map[string]string{}
		walkTheClock(t, e, people, func() {
			t.Helper()
			kept := careIsFresh(t, e, d, maple, "at "+e.Clock.Now().Format(time.DateTime), resident, people)
			for call, answer := range kept["caregiver"] {
				if answer != last[call] {
					changed[call]++
					last[call] = answer
				}
			}
		})
		for _, call := range []string{"emars.day", "task.today"} {
			if changed[call] < 3 {
				t.Errorf("over 12 hours and a midnight %s changed only %d times: the test saw no clock rule at work", call, changed[call])
			}
		}
	})
}

// Two replicas on one PostgreSQL database: a task logged through one shows on
// the other's kept /task day within keep.VersionTTL, and at once when the
// other listens for the database's notices (as `hearth serve` does).
func TestKeptCarePathAcrossReplicas(t *testing.T) {
	a, b, atA, atB := twoReplicas(t)
	completed := func(c *servertest.Client) int {
		t.Helper()
		var day shared.TodayTasks
		c.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
		return day.Completed
	}
	var day shared.TodayTasks
	atA.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
	if len(day.AsNeeded) == 0 {
		t.Fatal("the demo has no as-needed task")
	}
	seen := func(c *servertest.Client, want int, within time.Duration) {
		t.Helper()
		start := time.Now()
		for {
			if got := completed(c); got == want {
				return
			} else if time.Since(start) > within {
				t.Fatalf("after %v /task says %d done, not %d", time.Since(start), got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	done := completed(atA)
	completed(atB) // both keep the day
	log := func(c *servertest.Client, n int) {
		t.Helper()
		a.Clock.Advance(time.Minute) // each log its own moment (the replicas' clocks stand still)
		b.Clock.Advance(time.Minute)
		c.Post(t, "/api/care/taskInfo/completeTask", shared.CompleteTaskRequest{TaskID: day.AsNeeded[0].TaskID,
			Comment: fmt.Sprintf("Walk %d", n)}).OK(t)
	}

	// Without notices: within the TTL (and a little for the request itself).
	log(atB, 1)
	seen(atB, done+1, 0)
	seen(atA, done+1, keep.VersionTTL+500*time.Millisecond)

	// Listening, as a served replica does: the other's write shows as its notice arrives.
	ctx, cancel := context.WithCancel(context.Background())
	listened := make(chan struct{})
	go func() { defer close(listened); _ = keep.Listen(ctx, a.DB, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() { cancel(); <-listened })
	time.Sleep(2 * keep.VersionTTL) // the listener connected, and the kept versions older than the TTL
	completed(atA)                  // A's version read just now: without the notice it would keep it a second
	log(atB, 2)
	seen(atA, done+2, keep.VersionTTL/2)
}
