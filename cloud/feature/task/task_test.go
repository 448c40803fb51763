package task_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Occurrences are stored in UTC at the facility's wall-clock times across the
// spring-forward and fall-back changes and 29 February, on both engines.
func TestOccurrencesStoredAcrossDST(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		utc := func(s string) time.Time {
			at, err := time.Parse("2006-01-02T15:04Z", s)
			if err != nil {
				t.Fatal(err)
			}
			return at
		}
		starts := func(taskID string) []string {
			var out []string
			for _, r := range stored(t, d, taskID) {
				out = append(out, r.DueStart.Format("2006-01-02T15:04Z"))
			}
			return out
		}
		check := func(name string, got []string, want ...string) {
			t.Helper()
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s\n got %v\nwant %v", name, got, want)
			}
		}

		// Friday 6 March 2026, noon: today and 7 days ahead are made.
		setClock(e, local(2026, 3, 6, 12, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		peggy := residentID(t, e, "Maple House AFH", "Margaret")
		daily := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Morning walk", Type: shared.TaskRoutine,
			Area: shared.AreaMobility, TimeOfDay: "08:00", StartDate: "2026-03-07", Frequency: shared.FrequencyDaily})
		check("daily 08:00", starts(daily.TaskID), "2026-03-07T16:00Z", "2026-03-08T15:00Z", "2026-03-09T15:00Z", "2026-03-10T15:00Z",
			"2026-03-11T15:00Z", "2026-03-12T15:00Z", "2026-03-13T15:00Z")
		night := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Night checks", Type: shared.TaskRoutine,
			Area: shared.AreaToileting, TimeSession: shared.SessionNight, StartDate: "2026-03-07", EndDate: "2026-03-08", Frequency: shared.FrequencyDaily})
		recs := stored(t, d, night.TaskID)
		if len(recs) != 2 || recs[0].Day != "2026-03-07" || !recs[0].DueStart.Equal(utc("2026-03-08T05:00Z")) ||
			!recs[0].DueEnd.Equal(utc("2026-03-08T13:00Z")) || !recs[1].DueEnd.Equal(utc("2026-03-09T13:00Z")) {
			t.Errorf("night across spring forward: %+v", recs)
		}
		hourly := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Reposition", Type: shared.TaskMandatory,
			TimeOfDay: "00:00", StartDate: "2026-03-08", EndDate: "2026-03-08", Frequency: shared.FrequencyHourly, RepeatInterval: 1})
		if n := len(stored(t, d, hourly.TaskID)); n != 23 {
			t.Errorf("hourly on the spring-forward day: %d rounds, want 23", n)
		}
		weekdays := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Exercises", Type: shared.TaskRoutine,
			TimeOfDay: "10:00", StartDate: "2026-03-06", Frequency: shared.FrequencyWeekdays})
		// Today's 10:00 had closed by noon: none is made for it.
		check("weekdays", starts(weekdays.TaskID), "2026-03-09T17:00Z", "2026-03-10T17:00Z", "2026-03-11T17:00Z",
			"2026-03-12T17:00Z", "2026-03-13T17:00Z")
		biweekly := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Hair wash", Type: shared.TaskRoutine,
			Area: shared.AreaHygiene, TimeOfDay: "09:00", StartDate: "2026-03-06", Frequency: shared.FrequencyBiweekly, DaysOfWeek: []int{1, 6}})
		check("every two weeks on Monday and Saturday", starts(biweekly.TaskID), "2026-03-07T17:00Z")

		// Friday 30 October 2026: the fall-back change on Sunday 1 November.
		setClock(e, local(2026, 10, 30, 12, 0))
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		weekly := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Weigh", Type: shared.TaskHealthMonitoring,
			TimeOfDay: "08:00", StartDate: "2026-10-30", Frequency: shared.FrequencyWeekly, DaysOfWeek: []int{0, 6}})
		check("weekly on Saturday and Sunday, to the horizon (6 November)", starts(weekly.TaskID), "2026-10-31T15:00Z", "2026-11-01T16:00Z")
		evening := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Evening snack", Type: shared.TaskRoutine,
			Area: shared.AreaEating, TimeSession: shared.SessionEvening, StartDate: "2026-10-31", EndDate: "2026-11-01", Frequency: shared.FrequencyDaily})
		check("evening session", starts(evening.TaskID), "2026-11-01T00:00Z", "2026-11-02T01:00Z")

		// Sunday 27 February 2028: 29 February.
		setClock(e, local(2028, 2, 27, 12, 0))
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		custom := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Skin check", Type: shared.TaskVitalCheck,
			TimeOfDay: "08:00", StartDate: "2028-02-27", Frequency: shared.FrequencyCustom, RepeatInterval: 2})
		check("every 2 days", starts(custom.TaskID), "2028-02-29T16:00Z", "2028-03-02T16:00Z", "2028-03-04T16:00Z")
		monthly := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Nail care", Type: shared.TaskRoutine,
			Area: shared.AreaHygiene, StartDate: "2028-02-29", Frequency: shared.FrequencyMonthly})
		if recs := stored(t, d, monthly.TaskID); len(recs) != 1 || recs[0].Day != "2028-02-29" || !recs[0].DueStart.Equal(utc("2028-02-29T08:00Z")) {
			t.Errorf("monthly on 29 February, any time of the day: %+v", recs)
		}
		// Every frequency that falls on 29 February 2028 (a Tuesday) from a start that day, at 07:00 PST.
		for _, f := range []struct {
			freq shared.TaskFrequency
			days []int
			n    int
		}{{freq: shared.FrequencyOnce}, {freq: shared.FrequencyHourly, n: 6}, {freq: shared.FrequencyWeekdays}, {freq: shared.FrequencyWeekly, days: []int{2}},
			{freq: shared.FrequencyBiweekly, days: []int{2}}, {freq: shared.FrequencyQuarterly}, {freq: shared.FrequencySemiannually},
			{freq: shared.FrequencyYearly}, {freq: shared.FrequencyCustom, n: 5}} {
			tk := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Every " + string(f.freq), Type: shared.TaskOther,
				TimeOfDay: "07:00", StartDate: "2028-02-29", Frequency: f.freq, DaysOfWeek: f.days, RepeatInterval: f.n})
			recs := stored(t, d, tk.TaskID)
			if len(recs) == 0 || recs[0].Day != "2028-02-29" || !recs[0].DueStart.Equal(utc("2028-02-29T15:00Z")) {
				t.Errorf("%s: %+v", f.freq, recs)
			}
		}
		weekends := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Weekend outing", Type: shared.TaskOther,
			TimeSession: shared.SessionAfternoon, StartDate: "2028-02-28", Frequency: shared.FrequencyWeekends})
		check("weekends from Monday 28 February", starts(weekends.TaskID), "2028-03-04T20:00Z", "2028-03-05T20:00Z")
		var got shared.Task
		owner.Post(t, ti+"/getTaskInfo?taskId="+monthly.TaskID, nil).OK(t).Into(t, &got)
		if got.NextExecuteTime != utc("2028-02-29T08:00Z").UnixMilli() || got.Category != shared.CategoryOnGoing {
			t.Errorf("next occurrence: %+v", got)
		}
	})
}

// Completion (spec 000 §5): a comment always, a late reason once the window
// has closed, a remark for OTHER; once only; audited; anytime tasks logged at once.
func TestCompletionRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 7, 0)) // Tuesday, 07:00
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		tessa := newResident(t, owner, "Tessa", "9", "2020-01-01")
		morning := createTask(t, owner, shared.SaveTaskRequest{ResidentID: tessa, Title: "Help dress", Type: shared.TaskRoutine,
			Area: shared.AreaDressing, TimeSession: shared.SessionMorning, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		pills := createTask(t, owner, shared.SaveTaskRequest{ResidentID: tessa, Title: "Blood pressure", Type: shared.TaskVitalCheck,
			TimeOfDay: "07:30", StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		prn := createTask(t, owner, shared.SaveTaskRequest{ResidentID: tessa, Title: "Offer pain scale check", Type: shared.TaskAsNeeded,
			StartDate: "2027-06-01", Frequency: shared.FrequencyAnytime})
		amina := e.SignIn(t, "caregiver_maple1")
		wei := e.SignIn(t, "caregiver_maple2")

		list := todayTasks(t, amina, shared.TodayTaskRequest{ResidentID: tessa})
		if list.Day != "2027-06-01" || len(list.Records) != 2 || len(list.AsNeeded) != 1 || list.AsNeeded[0].TaskID != prn.TaskID {
			t.Fatalf("today: %+v", list)
		}
		dress, bp := recordsOf(list, morning.TaskID)[0], recordsOf(list, pills.TaskID)[0]
		if dress.ResidentName != "Tessa Test" || dress.ResidentRoom != "9" || dress.Overdue || dress.Status != shared.RecordPending {
			t.Errorf("record: %+v", dress)
		}

		// A comment is required.
		complete(t, amina, shared.CompleteTaskRequest{RecordID: dress.RecordID, Comment: "  "}).Is(t, http.StatusOK, shared.CodeValidation)
		var done shared.TaskRecord
		complete(t, amina, shared.CompleteTaskRequest{RecordID: dress.RecordID, Comment: "Chose the blue cardigan"}).OK(t).Into(t, &done)
		if done.Status != shared.RecordCompleted || done.Late || done.AlreadyCompleted || done.CompletedByName != "Amina Njoroge" ||
			done.CompletedAt != e.Clock.Now().UnixMilli() {
			t.Errorf("completed: %+v", done)
		}
		// Twice (a double tap, a colleague): once, and the answer says who and when.
		e.Clock.Advance(2 * time.Minute)
		var again shared.TaskRecord
		complete(t, wei, shared.CompleteTaskRequest{RecordID: dress.RecordID, Comment: "Done"}).OK(t).Into(t, &again)
		if !again.AlreadyCompleted || again.CompletedByName != "Amina Njoroge" || again.CompletedAt != done.CompletedAt || again.Comment != "Chose the blue cardigan" {
			t.Errorf("second completion: %+v", again)
		}
		if n := auditCount(t, d, "task.complete", dress.RecordID); n != 1 {
			t.Errorf("%d audit rows for one completion", n)
		}

		// Not more than an hour early: tomorrow's is refused.
		tomorrow := todayTasks(t, amina, shared.TodayTaskRequest{ResidentID: tessa, Day: "2027-06-02"})
		complete(t, amina, shared.CompleteTaskRequest{RecordID: recordsOf(tomorrow, morning.TaskID)[0].RecordID, Comment: "x"}).
			Is(t, http.StatusOK, shared.CodeConflict)
		// Future days are listed up to 7 days ahead.
		amina.Post(t, ti+"/listTodayTask", shared.TodayTaskRequest{Day: "2027-06-09"}).Is(t, http.StatusOK, shared.CodeValidation)
		amina.Post(t, ti+"/listTodayTask", shared.TodayTaskRequest{Day: "2027-06-08"}).OK(t)

		// 09:30: the 07:30 check closed at 08:30 and is overdue, though no job has run.
		setClock(e, local(2027, 6, 1, 9, 30))
		amina = e.SignIn(t, "caregiver_maple1")
		list = todayTasks(t, amina, shared.TodayTaskRequest{ResidentID: tessa})
		bp = recordsOf(list, pills.TaskID)[0]
		if !bp.Overdue || bp.Status != shared.RecordPending || list.Expired != 1 || list.Completed != 1 || list.Total != 2 {
			t.Fatalf("overdue from the clock: %+v / %+v", bp, list)
		}
		r := complete(t, amina, shared.CompleteTaskRequest{RecordID: bp.RecordID, Comment: "Taken late"}).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(r.Message, "late") {
			t.Errorf("late reason message: %s", r.Message)
		}
		r = complete(t, amina, shared.CompleteTaskRequest{RecordID: bp.RecordID, Comment: "Taken late", LateReason: shared.LateOther}).
			Is(t, http.StatusOK, shared.CodeValidation)
		if r.Message != "Remark is required." {
			t.Errorf("remark message: %q", r.Message)
		}
		amina.Language = "es-ES"
		if r := complete(t, amina, shared.CompleteTaskRequest{RecordID: bp.RecordID, Comment: "x", LateReason: shared.LateOther}); r.Message != "La observación es obligatoria." {
			t.Errorf("Spanish: %q", r.Message)
		}
		amina.Language = ""
		// The expiry job runs: EXPIRED, and still completed late.
		if _, err := e.Server.Tasks.ExpireDue(context.Background(), e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		var late shared.TaskRecord
		amina.Get(t, ti+"/getTaskRecord?recordId="+bp.RecordID).OK(t).Into(t, &late)
		if late.Status != shared.RecordExpired || !late.Overdue {
			t.Fatalf("expired: %+v", late)
		}
		complete(t, amina, shared.CompleteTaskRequest{RecordID: bp.RecordID, Comment: "Taken late", LateReason: shared.LateOther,
			Remark: "Doctor's call ran over"}).OK(t).Into(t, &late)
		if late.Status != shared.RecordCompleted || !late.Late || late.LateReason != shared.LateOther || late.Remark != "Doctor's call ran over" || late.Overdue {
			t.Errorf("completed late: %+v", late)
		}

		// Anytime tasks are logged at once; a scheduled task is not logged by its task id.
		wei = e.SignIn(t, "caregiver_maple2")
		var logged shared.TaskRecord
		complete(t, wei, shared.CompleteTaskRequest{TaskID: prn.TaskID, Comment: "Pain 2 of 10"}).OK(t).Into(t, &logged)
		if logged.Status != shared.RecordCompleted || logged.TaskID != prn.TaskID || logged.CompletedByName != "Wei Chen" || logged.Late {
			t.Errorf("anytime: %+v", logged)
		}
		complete(t, wei, shared.CompleteTaskRequest{TaskID: morning.TaskID, Comment: "x"}).Is(t, http.StatusOK, shared.CodeValidation)
		complete(t, wei, shared.CompleteTaskRequest{TaskID: prn.TaskID, RecordID: bp.RecordID, Comment: "x"}).Is(t, http.StatusOK, shared.CodeValidation)
		complete(t, wei, shared.CompleteTaskRequest{Comment: "x"}).Is(t, http.StatusOK, shared.CodeValidation)

		// Corrections: the completer, within 24 hours, keeping a remark that OTHER needs.
		upd := func(c *servertest.Client, id, comment, remark string) *servertest.Response {
			return c.Post(t, ti+"/updateTaskRecord", shared.UpdateTaskRecordRequest{RecordID: id, Comment: comment, Remark: remark})
		}
		upd(wei, dress.RecordID, "Not mine", "").Is(t, http.StatusOK, shared.CodeForbidden)
		upd(amina, bp.RecordID, "Taken at 09:25", "").Is(t, http.StatusOK, shared.CodeValidation)
		var fixed shared.TaskRecord
		upd(amina, bp.RecordID, "Taken at 09:25", "Doctor's call ran over").OK(t).Into(t, &fixed)
		if fixed.Comment != "Taken at 09:25" || fixed.CompletedAt != late.CompletedAt {
			t.Errorf("corrected: %+v", fixed)
		}
		if auditCount(t, d, "task.correct", bp.RecordID) != 1 {
			t.Error("correction not audited")
		}
		e.Clock.Advance(25 * time.Hour)
		amina = e.SignIn(t, "caregiver_maple1")
		upd(amina, bp.RecordID, "Too late", "x").Is(t, http.StatusOK, shared.CodeConflict)
	})
}

// Two caregivers completing the same occurrences at the same moment: each
// is completed once, one answer of each pair says it was already done.
func TestDoubleCompletionInParallel(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		resident := newResident(t, owner, "Pat", "8", "2020-01-01")
		var ids []string
		for i := range 8 {
			task := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Task " + string(rune('A'+i)),
				Type: shared.TaskRoutine, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
			ids = append(ids, recordsOf(todayTasks(t, owner, shared.TodayTaskRequest{ResidentID: resident}), task.TaskID)[0].RecordID)
		}
		a, b := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "caregiver_maple2")
		type answer struct {
			r   *servertest.Response
			err error
		}
		answers := make([][2]answer, len(ids))
		var wg sync.WaitGroup
		for i, id := range ids {
			for j, c := range []*servertest.Client{a, b} {
				wg.Go(func() {
					r, err := c.Try(servertest.Request{Path: ti + "/completeTask", Body: shared.CompleteTaskRequest{RecordID: id, Comment: "done"}})
					answers[i][j] = answer{r, err}
				})
			}
		}
		wg.Wait()
		for i, pair := range answers {
			if err := errors.Join(pair[0].err, pair[1].err); err != nil {
				t.Fatal(err)
			}
			if pair[0].r.Code != shared.CodeOK || pair[1].r.Code != shared.CodeOK {
				t.Fatalf("record %d: codes %s %s", i, pair[0].r.Code, pair[1].r.Code)
			}
			var rec [2]shared.TaskRecord
			pair[0].r.Into(t, &rec[0])
			pair[1].r.Into(t, &rec[1])
			if rec[0].AlreadyCompleted == rec[1].AlreadyCompleted {
				t.Errorf("record %d: alreadyCompleted %v and %v", i, rec[0].AlreadyCompleted, rec[1].AlreadyCompleted)
			}
			if rec[0].CompletedBy != rec[1].CompletedBy || rec[0].CompletedAt != rec[1].CompletedAt {
				t.Errorf("record %d: two completers %+v %+v", i, rec[0], rec[1])
			}
			if n := auditCount(t, d, "task.complete", ids[i]); n != 1 {
				t.Errorf("record %d: %d completions audited", i, n)
			}
		}
	})
}

// Expiry at session boundaries: a window is [start, end); the night session
// of one day closes at 06:00 the next; the job and the clock agree.
func TestExpiryAtSessionBoundaries(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 20, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		resident := newResident(t, owner, "Noel", "7", "2020-01-01")
		night := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Night rounds", Type: shared.TaskMandatory,
			TimeSession: shared.SessionNight, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		morning := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Wake up", Type: shared.TaskRoutine,
			TimeSession: shared.SessionMorning, StartDate: "2027-06-02", Frequency: shared.FrequencyDaily})
		expire := func() {
			t.Helper()
			if _, err := e.Server.Tasks.ExpireDue(context.Background(), e.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		status := func(taskID, day string) shared.TaskRecordStatus {
			t.Helper()
			for _, r := range stored(t, d, taskID) {
				if r.Day == day {
					return r.Status
				}
			}
			t.Fatalf("no record of %s on %s", taskID, day)
			return ""
		}
		// 05:59:59.999 on 2 June: tonight's (1 June) round is still open.
		setClock(e, local(2027, 6, 2, 6, 0).Add(-time.Millisecond))
		expire()
		if s := status(night.TaskID, "2027-06-01"); s != shared.RecordPending {
			t.Fatalf("night of 1 June before 06:00: %s", s)
		}
		// 06:00: it closes; the list says overdue before the job runs, the job makes it EXPIRED.
		setClock(e, local(2027, 6, 2, 6, 0))
		carer := e.SignIn(t, "caregiver_maple1")
		rec := recordsOf(todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident, Day: "2027-06-01"}), night.TaskID)[0]
		if !rec.Overdue || rec.Status != shared.RecordPending {
			t.Errorf("at 06:00 before the job: %+v", rec)
		}
		var data shared.ResidentExpiredData
		carer.Get(t, res+"/listResidentExpiredData?residentId="+resident).OK(t).Into(t, &data)
		if data.CarePlanCount != 1 || len(data.Records) != 1 {
			t.Errorf("expired data before the job: %+v", data)
		}
		expire()
		if s := status(night.TaskID, "2027-06-01"); s != shared.RecordExpired {
			t.Errorf("night of 1 June at 06:00: %s", s)
		}
		if s := status(morning.TaskID, "2027-06-02"); s != shared.RecordPending {
			t.Errorf("morning of 2 June at 06:00: %s", s)
		}
		setClock(e, local(2027, 6, 2, 9, 0).Add(-time.Millisecond))
		expire()
		if s := status(morning.TaskID, "2027-06-02"); s != shared.RecordPending {
			t.Errorf("morning before 09:00: %s", s)
		}
		setClock(e, local(2027, 6, 2, 9, 0))
		expire()
		if s := status(morning.TaskID, "2027-06-02"); s != shared.RecordExpired {
			t.Errorf("morning at 09:00: %s", s)
		}
		var count int
		carer = e.SignIn(t, "caregiver_maple1")
		carer.Get(t, res+"/listResidentExpiredData?residentId="+resident).OK(t).Into(t, &data)
		carer.Get(t, ti+"/countExpiredTasks").OK(t).Into(t, &count)
		if data.CarePlanCount != 2 || count < 2 {
			t.Errorf("after the job: %+v, facility count %d", data, count)
		}

		// The horizon moves with the days: three days on, the job makes the new days'.
		last := func(taskID string) string {
			recs := stored(t, d, taskID)
			return recs[len(recs)-1].Day
		}
		if got := last(night.TaskID); got != "2027-06-08" {
			t.Errorf("horizon before: %s", got)
		}
		setClock(e, local(2027, 6, 5, 1, 0))
		if _, err := e.Server.Tasks.ExtendHorizon(context.Background(), e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if got := last(night.TaskID); got != "2027-06-12" {
			t.Errorf("horizon after 3 days: %s", got)
		}
		// Twice at once changes nothing more (unique task and due start).
		before := len(stored(t, d, night.TaskID))
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				if _, err := e.Server.Tasks.ExtendHorizon(context.Background(), e.Clock.Now().Add(24*time.Hour)); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if got := len(stored(t, d, night.TaskID)); got != before+1 {
			t.Errorf("two horizon runs for one more day: %d records, want %d", got, before+1)
		}
	})
}

// Editing a task changes what is ahead and never what was done; stopping it
// makes no occurrences; deleting keeps the records.
func TestEditStopDelete(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 8, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		resident := newResident(t, owner, "Edie", "6", "2020-01-01")
		req := shared.SaveTaskRequest{ResidentID: resident, Title: "Brush teeth", Type: shared.TaskRoutine, Area: shared.AreaHygiene,
			TimeSession: shared.SessionMorning, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily}
		task := createTask(t, owner, req)
		carer := e.SignIn(t, "caregiver_maple1")
		rec := recordsOf(todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident}), task.TaskID)[0]
		complete(t, carer, shared.CompleteTaskRequest{RecordID: rec.RecordID, Comment: "Done with help"}).OK(t)

		// Evenings from now on, under a new title.
		req.TaskID, req.Title, req.TimeSession = task.TaskID, "Brush teeth and dentures", shared.SessionEvening
		var updated shared.Task
		owner.Post(t, ti+"/updateTask", req).OK(t).Into(t, &updated)
		if updated.Title != req.Title || updated.TimeSession != shared.SessionEvening || updated.NextExecuteTime != local(2027, 6, 1, 17, 0).UnixMilli() {
			t.Errorf("updated: %+v", updated)
		}
		today := recordsOf(todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident}), task.TaskID)
		if len(today) != 2 || today[0].Title != "Brush teeth" || today[0].Status != shared.RecordCompleted ||
			today[1].Title != req.Title || today[1].TimeSession != shared.SessionEvening || today[1].Status != shared.RecordPending {
			t.Fatalf("today after the edit: %+v", today)
		}
		if n := len(stored(t, d, task.TaskID)); n != 9 { // this morning's (done), then 8 evenings (1–8 June)
			t.Errorf("%d records after the edit", n)
		}
		if auditCount(t, d, "task.update", task.TaskID) != 1 {
			t.Error("edit not audited")
		}

		// Stopped: nothing ahead, the done record stays; restarted: ahead again.
		req.RunStatus = shared.RunStopped
		owner.Post(t, ti+"/updateTask", req).OK(t).Into(t, &updated)
		if updated.RunStatus != shared.RunStopped || updated.NextExecuteTime != 0 {
			t.Errorf("stopped: %+v", updated)
		}
		if recs := stored(t, d, task.TaskID); len(recs) != 1 || recs[0].Status != shared.RecordCompleted {
			t.Errorf("stopped task's records: %+v", recs)
		}
		var page shared.Page[shared.Task]
		owner.Post(t, ti+"/listTasksByPage", shared.PageRequest[shared.TaskFilter]{Current: 1, Size: 20,
			Data: shared.TaskFilter{ResidentID: resident, RunStatus: shared.RunStopped}}).OK(t).Into(t, &page)
		if page.Total != 1 || page.Records[0].TaskID != task.TaskID {
			t.Errorf("stopped filter: %+v", page)
		}
		req.RunStatus = shared.RunNormal
		owner.Post(t, ti+"/updateTask", req).OK(t)
		if n := len(stored(t, d, task.TaskID)); n != 9 {
			t.Errorf("restarted: %d records", n)
		}

		// Deleted: gone from the plan, its done record kept and readable.
		owner.Get(t, ti+"/deleteTask?taskId="+task.TaskID).OK(t)
		owner.Post(t, ti+"/getTaskInfo?taskId="+task.TaskID, nil).Is(t, http.StatusOK, shared.CodeNotFound)
		owner.Get(t, ti+"/deleteTask?taskId="+task.TaskID).Is(t, http.StatusOK, shared.CodeNotFound)
		if recs := stored(t, d, task.TaskID); len(recs) != 1 || recs[0].Status != shared.RecordCompleted {
			t.Errorf("deleted task's records: %+v", recs)
		}
		var kept shared.TaskRecord
		carer.Get(t, ti+"/getTaskRecord?recordId="+rec.RecordID).OK(t).Into(t, &kept)
		if kept.Comment != "Done with help" || kept.Title != "Brush teeth" {
			t.Errorf("kept: %+v", kept)
		}
		if auditCount(t, d, "task.delete", task.TaskID) != 1 || auditCount(t, d, "task.create", task.TaskID) != 1 {
			t.Error("create or delete not audited")
		}
	})
}

// Owners and admins clear a resident's expired work by group: CLEARED with
// who, when and why, audited, nothing deleted, counts drop.
func TestClearExpired(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 6, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		resident := newResident(t, owner, "Clara", "5", "2020-01-01")
		for _, r := range []shared.SaveTaskRequest{
			{Title: "Shower", Type: shared.TaskRoutine, Area: shared.AreaBathing, TimeOfDay: "07:00"},
			{Title: "Walk", Type: shared.TaskOther, TimeOfDay: "08:00"},
			{Title: "Pulse", Type: shared.TaskVitalCheck, TimeOfDay: "07:30"},
		} {
			r.ResidentID, r.StartDate, r.Frequency = resident, "2027-06-01", shared.FrequencyDaily
			createTask(t, owner, r)
		}
		setClock(e, local(2027, 6, 1, 12, 0))
		if _, err := e.Server.Tasks.ExpireDue(context.Background(), local(2027, 6, 1, 8, 45)); err != nil { // the job ran at 08:45
			t.Fatal(err)
		}
		admin := e.SignIn(t, "admin_maple")
		carer := e.SignIn(t, "caregiver_maple1")
		var data shared.ResidentExpiredData
		admin.Get(t, res+"/listResidentExpiredData?residentId="+resident).OK(t).Into(t, &data)
		if data.CarePlanCount != 2 || data.RecordCount != 1 || data.MedicationCount != 0 || len(data.Records) != 3 ||
			data.Records[0].Title != "Shower" || data.Records[2].Status != shared.RecordPending { // the 08:00 walk: overdue, not yet expired
			t.Fatalf("expired data: %+v", data)
		}
		var before, after int
		admin.Get(t, ti+"/countExpiredTasks").OK(t).Into(t, &before)

		clear := func(c *servertest.Client, path, reason string) *servertest.Response {
			return c.Get(t, res+"/"+path+"?residentId="+resident+"&reason="+q(reason))
		}
		clear(carer, "clearCarePlanExpiredData", "x").Is(t, http.StatusOK, shared.CodeForbidden)
		clear(admin, "clearCarePlanExpiredData", "").Is(t, http.StatusOK, shared.CodeValidation)
		var got shared.ClearExpiredResult
		clear(admin, "clearCarePlanExpiredData", "Hospital appointment all morning").OK(t).Into(t, &got)
		if got.Cleared != 2 {
			t.Errorf("cleared %d care-plan records", got.Cleared)
		}
		admin.Get(t, ti+"/countExpiredTasks").OK(t).Into(t, &after)
		if after != before-2 {
			t.Errorf("count %d → %d", before, after)
		}
		admin.Get(t, res+"/listResidentExpiredData?residentId="+resident).OK(t).Into(t, &data)
		if data.CarePlanCount != 0 || data.RecordCount != 1 {
			t.Errorf("after clearing care plan: %+v", data)
		}
		clear(admin, "clearMedicationExpiredData", "None").OK(t).Into(t, &got)
		if got.Cleared != 0 {
			t.Errorf("medication cleared %d", got.Cleared)
		}
		clear(admin, "clearAllExpiredTask", "Away").OK(t).Into(t, &got)
		if got.Cleared != 1 {
			t.Errorf("all: cleared %d", got.Cleared)
		}
		// Cleared records are kept, marked, and cannot be completed.
		day := todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident})
		cleared := 0
		for _, r := range day.Records {
			if r.Status == shared.RecordCleared {
				cleared++
				if r.ClearedByName != "Grace Kim" || r.ClearedAt == 0 || r.ClearReason == "" || r.Overdue {
					t.Errorf("cleared record: %+v", r)
				}
				complete(t, carer, shared.CompleteTaskRequest{RecordID: r.RecordID, Comment: "late", LateReason: shared.LateOther, Remark: "x"}).
					Is(t, http.StatusOK, shared.CodeConflict)
			}
		}
		if cleared != 3 || len(day.Records) != 3 {
			t.Errorf("%d cleared of %d", cleared, len(day.Records))
		}
		var audits int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE action = 'task.clearExpired' AND entity_id = ?`, resident).Scan(&audits); err != nil {
			t.Fatal(err)
		}
		if audits != 2 { // the two clearings that cleared something
			t.Errorf("%d clearing audit rows", audits)
		}
	})
}

// After midnight, last night's work is still the night caregiver's: a night
// session's occurrence (21:00–06:00) and a late-evening time of day whose
// window runs past midnight are in today's list, due now, until their
// windows close; done, they stay in the list as done until then; closed,
// they leave today's list for the Expired tab. Tonight's night round is
// later today. The dashboard's figures count what the list shows.
func TestLastNightInTodaysList(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 20, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		resident := newResident(t, owner, "Ines", "8", "2020-01-01")
		night := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Turn and reposition", Type: shared.TaskMandatory,
			TimeSession: shared.SessionNight, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		late := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Check on Ines", Type: shared.TaskMandatory,
			TimeOfDay: "23:45", StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})

		setClock(e, local(2027, 6, 2, 0, 15))
		carer := e.SignIn(t, "caregiver_maple1")
		list := todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident})
		if list.Day != "2027-06-02" {
			t.Fatalf("day at 00:15: %s", list.Day)
		}
		byDay := func(list shared.TodayTasks, taskID string) map[string]shared.TaskRecord {
			out := map[string]shared.TaskRecord{}
			for _, r := range recordsOf(list, taskID) {
				out[r.Day] = r
			}
			return out
		}
		// 00:15: last night's round and the 23:45 check (window to 00:45) are due now.
		if r, ok := byDay(list, late.TaskID)["2027-06-01"]; !ok || r.Overdue || !shared.TaskDueNow(r.Status, r.Category, r.TimeSession, r.TimeOfDay, r.DueStart, r.DueEnd, e.Clock.Now().UnixMilli()) {
			t.Errorf("00:15: the 23:45 check of 1 June is not due now in today's list: %+v (found %v)", r, ok)
		}
		if _, ok := byDay(list, night.TaskID)["2027-06-01"]; !ok {
			t.Errorf("00:15: the night round of 1 June is not in today's list")
		}

		// 05:00: the 23:45 check has closed (Expired tab, not today's list); the night round is still due.
		setClock(e, local(2027, 6, 2, 5, 0))
		carer = e.SignIn(t, "caregiver_maple1") // a new shift's sign-in
		list = todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident})
		rounds := byDay(list, night.TaskID)
		last, ok := rounds["2027-06-01"]
		if !ok || last.Overdue || last.Status != shared.RecordPending {
			t.Fatalf("05:00: last night's round in today's list: %+v (found %v)", last, ok)
		}
		if tonight, ok := rounds["2027-06-02"]; !ok || tonight.DueStart <= e.Clock.Now().UnixMilli() {
			t.Errorf("05:00: tonight's round is not later today: %+v", tonight)
		}
		if r, ok := byDay(list, late.TaskID)["2027-06-01"]; ok {
			t.Errorf("05:00: the closed 23:45 check of 1 June is still in today's list: %+v, now %d", r, e.Clock.Now().UnixMilli())
		}
		var count int
		carer.Get(t, ti+"/countExpiredTasks").OK(t).Into(t, &count)
		if count < 1 {
			t.Errorf("05:00: the missed 23:45 check is not counted overdue: %d", count)
		}
		// The dashboard counts what the list shows: last night's round is due now and to do.
		var cards []shared.DashboardCard
		carer.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
		dueNow := -1
		for _, c := range cards {
			for _, it := range c.Items {
				if it.Key == "tasksDueNow" {
					dueNow = it.Count
				}
			}
		}
		want := 0
		for _, r := range todayTasks(t, carer, shared.TodayTaskRequest{}).Records {
			if shared.TaskDueNow(r.Status, r.Category, r.TimeSession, r.TimeOfDay, r.DueStart, r.DueEnd, e.Clock.Now().UnixMilli()) {
				want++
			}
		}
		if dueNow != want || want < 1 {
			t.Errorf("05:00: dashboard due now %d, list %d", dueNow, want)
		}

		// She completes it on time, and it stays in the list as done until 06:00.
		var done shared.TaskRecord
		complete(t, carer, shared.CompleteTaskRequest{RecordID: last.RecordID, Comment: "Turned onto her left side"}).OK(t).Into(t, &done)
		if done.Late || done.Status != shared.RecordCompleted {
			t.Errorf("completed at 05:00: %+v", done)
		}
		setClock(e, local(2027, 6, 2, 5, 59))
		carer = e.SignIn(t, "caregiver_maple1") // her sign-in lasts less than an hour
		if r, ok := byDay(todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident}), night.TaskID)["2027-06-01"]; !ok || r.Status != shared.RecordCompleted {
			t.Errorf("05:59: last night's done round: %+v (found %v)", r, ok)
		}
		setClock(e, local(2027, 6, 2, 6, 0))
		carer = e.SignIn(t, "caregiver_maple1")
		if _, ok := byDay(todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident}), night.TaskID)["2027-06-01"]; ok {
			t.Errorf("06:00: last night's round is still in today's list")
		}
		// Another day asked by name is that day alone.
		if r := byDay(todayTasks(t, carer, shared.TodayTaskRequest{ResidentID: resident, Day: "2027-06-03"}), night.TaskID); len(r) != 1 {
			t.Errorf("3 June asked by name: %v", r)
		}
	})
}
