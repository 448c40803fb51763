package task_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func routineOf(sessions ...[3]string) shared.FacilityRoutine {
	out := shared.FacilityRoutine{MedicationPrepButtonEnabled: true}
	for _, s := range sessions {
		out.Sessions = append(out.Sessions, shared.RoutineSession{Session: shared.TimeSession(s[0]), StartTime: s[1], EndTime: s[2]})
	}
	return out
}

// Routine sessions: defaults until saved, all six HH:mm with start ≠ end,
// owners only; saving moves the session-bound occurrences not yet open.
func TestRoutineSessions(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 7, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		var got shared.FacilityRoutine
		e.SignIn(t, "caregiver_maple1").Get(t, "/api/care/routineTime/get").OK(t).Into(t, &got)
		if len(got.Sessions) != 6 || got.Sessions[4].Session != shared.SessionNight || got.Sessions[4].StartTime != "21:00" ||
			got.Sessions[4].EndTime != "06:00" || got.MedicationPrepButtonEnabled {
			t.Fatalf("defaults: %+v", got)
		}
		resident := newResident(t, owner, "Rita", "4", "2020-01-01")
		morning := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Dress", Type: shared.TaskRoutine,
			TimeSession: shared.SessionMorning, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		evening := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Undress", Type: shared.TaskRoutine,
			TimeSession: shared.SessionEvening, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})

		bad := []struct {
			name string
			r    shared.FacilityRoutine
		}{
			{"five sessions", routineOf([3]string{"MORNING", "06:30", "09:00"}, [3]string{"MIDDAY", "09:00", "12:00"}, [3]string{"AFTERNOON", "12:00", "17:00"},
				[3]string{"EVENING", "17:00", "21:00"}, [3]string{"NIGHT", "21:00", "06:00"})},
			{"start = end", routineOf([3]string{"MORNING", "06:30", "06:30"}, [3]string{"MIDDAY", "09:00", "12:00"}, [3]string{"AFTERNOON", "12:00", "17:00"},
				[3]string{"EVENING", "17:00", "21:00"}, [3]string{"NIGHT", "21:00", "06:00"}, [3]string{"MIDNIGHT", "23:00", "01:00"})},
			{"a session twice", routineOf([3]string{"MORNING", "06:30", "09:00"}, [3]string{"MORNING", "09:00", "12:00"}, [3]string{"AFTERNOON", "12:00", "17:00"},
				[3]string{"EVENING", "17:00", "21:00"}, [3]string{"NIGHT", "21:00", "06:00"}, [3]string{"MIDNIGHT", "23:00", "01:00"})},
			{"not HH:mm", routineOf([3]string{"MORNING", "6:30 ", "09:00"}, [3]string{"MIDDAY", "09:00", "12:00"}, [3]string{"AFTERNOON", "12:00", "17:00"},
				[3]string{"EVENING", "17:00", "21:00"}, [3]string{"NIGHT", "21:00", "06:00"}, [3]string{"MIDNIGHT", "23:00", "01:00"})},
			{"25:00", routineOf([3]string{"MORNING", "25:00", "09:00"}, [3]string{"MIDDAY", "09:00", "12:00"}, [3]string{"AFTERNOON", "12:00", "17:00"},
				[3]string{"EVENING", "17:00", "21:00"}, [3]string{"NIGHT", "21:00", "06:00"}, [3]string{"MIDNIGHT", "23:00", "01:00"})},
		}
		for _, b := range bad {
			if r := owner.Post(t, "/api/care/routineTime/save", b.r); r.Code != shared.CodeValidation {
				t.Errorf("%s: %s", b.name, r.Body)
			}
		}
		owner.Language = "zh-CN"
		r := owner.Post(t, "/api/care/routineTime/save", bad[1].r).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(r.Message, "早晨") {
			t.Errorf("Chinese message names the session: %q", r.Message)
		}
		owner.Language = ""

		// Evening moves to 16:30–20:30: this evening's (not yet open) and the next days' follow; this morning's (open) stays.
		owner.Post(t, "/api/care/routineTime/save", routineOf([3]string{"MORNING", "05:30", "08:30"}, [3]string{"MIDDAY", "09:00", "12:00"},
			[3]string{"AFTERNOON", "12:00", "16:30"}, [3]string{"EVENING", "16:30", "20:30"}, [3]string{"NIGHT", "20:30", "06:00"},
			[3]string{"MIDNIGHT", "23:00", "01:00"})).OK(t).Into(t, &got)
		if !got.MedicationPrepButtonEnabled || got.Sessions[3].StartTime != "16:30" {
			t.Fatalf("saved: %+v", got)
		}
		ev := stored(t, d, evening.TaskID)
		if !ev[0].DueStart.Equal(local(2027, 6, 1, 16, 30)) || !ev[0].DueEnd.Equal(local(2027, 6, 1, 20, 30)) || !ev[3].DueStart.Equal(local(2027, 6, 4, 16, 30)) {
			t.Errorf("evening re-timed: %+v", ev[:4])
		}
		mo := stored(t, d, morning.TaskID)
		if !mo[0].DueStart.Equal(local(2027, 6, 1, 6, 0)) || !mo[1].DueStart.Equal(local(2027, 6, 2, 5, 30)) {
			t.Errorf("morning: open one kept, later ones re-timed: %+v", mo[:2])
		}
		if auditCount(t, d, "task.routine.save", e.FacilityID(t, "Maple House AFH")) != 1 {
			t.Error("routine save not audited")
		}
		// New tasks use the saved sessions.
		next := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Night", Type: shared.TaskRoutine,
			TimeSession: shared.SessionNight, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		if recs := stored(t, d, next.TaskID); !recs[0].DueStart.Equal(local(2027, 6, 1, 20, 30)) {
			t.Errorf("new night task: %+v", recs[0])
		}
	})
}

// What a task may be, each refusal naming its field.
func TestTaskValidation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 7, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		peggy := residentID(t, e, "Maple House AFH", "Margaret")
		ok := shared.SaveTaskRequest{ResidentID: peggy, Title: "Walk", Type: shared.TaskRoutine, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily}
		cases := []struct {
			field string
			code  string
			edit  func(r *shared.SaveTaskRequest)
		}{
			{"title", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Title = "   " }},
			{"title", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Title = strings.Repeat("é", shared.TaskTitleMax+1) }},
			{"type", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Type = "NAP" }},
			{"timeOfDay", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.TimeOfDay, r.TimeSession = "08:00", shared.SessionMorning }},
			{"timeOfDay", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.TimeOfDay = "8:00" }},
			{"timeOfDay", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Frequency = shared.FrequencyHourly }},
			{"repeatInterval", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Frequency = shared.FrequencyCustom }},
			{"daysOfWeek", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Frequency = shared.FrequencyWeekly }},
			{"daysOfWeek", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Frequency, r.DaysOfWeek = shared.FrequencyBiweekly, []int{7} }},
			{"startDate", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.StartDate = "2027-05-31" }},
			{"startDate", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.StartDate = "2027-02-30" }},
			{"endDate", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.EndDate = "2027-05-31" }},
			{"frequency", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.Type = shared.TaskAsNeeded }},
			{"caregiverId", shared.CodeValidation, func(r *shared.SaveTaskRequest) { r.CaregiverID = e.UserID(t, "caregiver_cedar1") }},
			{"", shared.CodeNotFound, func(r *shared.SaveTaskRequest) { r.ResidentID = residentID(t, e, "Cedar Home AFH", "Rosa") }},
			{"", shared.CodeConflict, func(r *shared.SaveTaskRequest) { r.ResidentID = residentID(t, e, "Maple House AFH", "Walter") }},
		}
		for i, c := range cases {
			req := ok
			c.edit(&req)
			r := owner.Post(t, ti+"/createTask", req)
			if r.Code != c.code {
				t.Errorf("case %d (%s): %s", i, c.field, r.Body)
				continue
			}
			if c.field != "" {
				var fes []shared.FieldError
				r.Into(t, &fes)
				if len(fes) != 1 || fes[0].Field != c.field || r.Message == "" {
					t.Errorf("case %d: %s", i, r.Body)
				}
			}
		}
		// A facility task (no resident), assigned to a caregiver, ends when it ends.
		facility := createTask(t, owner, shared.SaveTaskRequest{Title: "Fire drill log", Type: shared.TaskMandatory, TimeOfDay: "15:00",
			StartDate: "2027-06-01", Frequency: shared.FrequencyOnce, CaregiverID: e.UserID(t, "caregiver_maple2")})
		if facility.ResidentID != "" || facility.CaregiverName != "Wei Chen" || facility.EndDate != "2027-06-01" || facility.Category != shared.CategoryTimeSpecific {
			t.Errorf("facility task: %+v", facility)
		}
		// "Mine": Amina does not see Wei's task; Wei does.
		for acc, want := range map[string]int{"caregiver_maple1": 0, "caregiver_maple2": 1} {
			list := todayTasks(t, e.SignIn(t, acc), shared.TodayTaskRequest{Mine: true})
			if n := len(recordsOf(list, facility.TaskID)); n != want {
				t.Errorf("%s sees %d of Wei's", acc, n)
			}
		}
		// An edit keeps the start date even when it is now in the past; a new past one is refused.
		setClock(e, local(2027, 6, 3, 7, 0))
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		walk := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Walk", Type: shared.TaskRoutine,
			StartDate: "2027-06-03", Frequency: shared.FrequencyDaily})
		setClock(e, local(2027, 6, 5, 7, 0))
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		edit := shared.SaveTaskRequest{TaskID: walk.TaskID, Title: "Walk outside", Type: shared.TaskRoutine, StartDate: "2027-06-03", Frequency: shared.FrequencyDaily}
		owner.Post(t, ti+"/updateTask", edit).OK(t)
		edit.StartDate = "2027-06-04"
		owner.Post(t, ti+"/updateTask", edit).Is(t, http.StatusOK, shared.CodeValidation)
		owner.Post(t, ti+"/updateTask", shared.SaveTaskRequest{Title: "x", Type: shared.TaskRoutine, StartDate: "2027-06-05",
			Frequency: shared.FrequencyDaily}).Is(t, http.StatusOK, shared.CodeValidation) // no taskId
	})
}

// The care plan: tasks by area in the ADL order, and its two clocks.
func TestCarePlan(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 7, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		newbie := newResident(t, owner, "Nina", "3", "2027-05-20")
		for _, r := range []shared.SaveTaskRequest{
			{Title: "Evening snack", Type: shared.TaskRoutine, Area: shared.AreaEating, TimeSession: shared.SessionEvening},
			{Title: "Shower", Type: shared.TaskRoutine, Area: shared.AreaBathing, TimeOfDay: "10:00"},
			{Title: "Breakfast", Type: shared.TaskRoutine, Area: shared.AreaEating, TimeSession: shared.SessionMorning},
			{Title: "Weigh", Type: shared.TaskHealthMonitoring},
		} {
			r.ResidentID, r.StartDate, r.Frequency = newbie, "2027-06-01", shared.FrequencyDaily
			createTask(t, owner, r)
		}
		carer := e.SignIn(t, "caregiver_maple1")
		var plan shared.CarePlan
		carer.Get(t, res+"/residentTaskList?residentId="+newbie).OK(t).Into(t, &plan)
		var areas []shared.CareArea
		for _, a := range plan.Areas {
			areas = append(areas, a.Area)
		}
		if !slices.Equal(areas, []shared.CareArea{shared.AreaBathing, shared.AreaEating, shared.AreaOther}) ||
			plan.Areas[1].Tasks[0].Title != "Breakfast" || plan.Areas[1].Tasks[1].Title != "Evening snack" {
			t.Fatalf("areas: %+v", plan.Areas)
		}
		// Moved in on 20 May, no care plan recorded yet: due at the end of 19 June, not overdue.
		if plan.CarePlanUpdateTime != 0 || plan.NextReviewTime != 0 || plan.InitialPlanDue != local(2027, 6, 20, 0, 0).UnixMilli() || plan.InitialPlanOverdue {
			t.Errorf("initial plan clock: %+v", plan)
		}
		setClock(e, local(2027, 6, 20, 0, 1))
		carer = e.SignIn(t, "caregiver_maple1")
		carer.Get(t, res+"/residentTaskList?residentId="+newbie).OK(t).Into(t, &plan)
		if !plan.InitialPlanOverdue {
			t.Errorf("initial plan overdue after 30 days: %+v", plan)
		}
		// Mei's plan was last updated 380 days before the demo: the review is overdue.
		mei := residentID(t, e, "Maple House AFH", "Mei")
		carer.Get(t, res+"/residentTaskList?residentId="+mei).OK(t).Into(t, &plan)
		if plan.CarePlanUpdateTime == 0 || !plan.ReviewOverdue || plan.InitialPlanDue != 0 ||
			plan.NextReviewTime != time.UnixMilli(plan.CarePlanUpdateTime).In(pacific).AddDate(1, 0, 0).UnixMilli() {
			t.Errorf("review clock: %+v", plan)
		}
		carer.Get(t, res+"/residentTaskList?residentId="+residentID(t, e, "Cedar Home AFH", "Rosa")).Is(t, http.StatusOK, shared.CodeNotFound)
	})
}

// The move-in wizard's and the task creation rules' calls.
func TestHooks(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 7, 0))
		ctx := context.Background()
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		newbie := newResident(t, owner, "Mo", "2", "2027-06-01")
		if _, err := d.ExecContext(ctx, `UPDATE residents SET status = 'MOVING_IN' WHERE id = ?`, newbie); err != nil {
			t.Fatal(err)
		}
		maple := e.FacilityID(t, "Maple House AFH")
		p := &auth.Principal{UserID: e.UserID(t, "owner_evergreen"), TenantID: maple, Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanPremium}
		svc := e.Server.Tasks
		reqs := []shared.SaveTaskRequest{
			{Title: "Settle in", Type: shared.TaskRoutine, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily},
			{Title: "Bath", Type: shared.TaskRoutine, Area: shared.AreaBathing, StartDate: "2027-06-01", Frequency: shared.FrequencyWeekly},
		}
		err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := svc.ReplaceCheckInTasks(ctx, tx, p, newbie, reqs)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "task.numbered") {
			t.Fatalf("second task without days: %v", err)
		}
		reqs[1].DaysOfWeek = []int{2, 5}
		for range 2 { // saved twice: the second replaces the first
			if err := d.InTx(ctx, func(tx *db.Tx) error {
				got, err := svc.ReplaceCheckInTasks(ctx, tx, p, newbie, reqs)
				if err == nil && (len(got) != 2 || got[0].ResidentID != newbie || got[0].NextExecuteTime != 0) {
					t.Errorf("replaced: %+v", got)
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		tasks, err := svc.ResidentTasks(ctx, d, maple, newbie)
		if err != nil || len(tasks) != 2 {
			t.Fatalf("resident tasks: %v %+v", err, tasks)
		}
		for _, tk := range tasks {
			if n := len(stored(t, d, tk.TaskID)); n != 0 {
				t.Errorf("a resident moving in has %d occurrences", n)
			}
		}
		// Hidden from the lists while moving in.
		var page shared.Page[shared.Task]
		owner.Post(t, ti+"/listTasksByPage", shared.PageRequest[shared.TaskFilter]{Current: 1, Size: 100}).OK(t).Into(t, &page)
		for _, tk := range page.Records {
			if tk.ResidentID == newbie {
				t.Error("a move-in's task in the list")
			}
		}
		// The wizard's messages name the task, in the caller's language.
		owner.Language = "es-ES"
		r := owner.Post(t, ti+"/createTask", shared.SaveTaskRequest{ResidentID: newbie, Title: "", Type: shared.TaskRoutine, StartDate: "2027-06-01",
			Frequency: shared.FrequencyDaily})
		r.Is(t, http.StatusOK, shared.CodeValidation)
		// Completed move-in: the resident is NORMAL and ActivateResident makes the occurrences.
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.ExecContext(ctx, `UPDATE residents SET status = 'NORMAL' WHERE id = ?`, newbie); err != nil {
				return err
			}
			return svc.ActivateResident(ctx, tx, maple, newbie)
		}); err != nil {
			t.Fatal(err)
		}
		for _, tk := range tasks {
			want := map[string]int{"Settle in": 8, "Bath": 3}[tk.Title] // daily 1–8 June; Tuesdays and Fridays 1, 4 and 8 June
			if n := len(stored(t, d, tk.TaskID)); n != want {
				t.Errorf("%s after move-in: %d occurrences, want %d", tk.Title, n, want)
			}
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := svc.ReplaceCheckInTasks(ctx, tx, p, newbie, reqs)
			return err
		}); err == nil {
			t.Error("the wizard replaced a moved-in resident's plan")
		}
		// A rule's task: made in the caller's transaction, its business type kept, starting today.
		var made *shared.Task
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			var err error
			made, err = svc.CreateFromRule(ctx, tx, maple, "", shared.SaveTaskRequest{ResidentID: newbie, Title: "Welcome call to family",
				Type: shared.TaskOther, TimeSession: shared.SessionAfternoon, Frequency: shared.FrequencyOnce}, shared.BusinessResident)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if made.BusinessType != shared.BusinessResident || made.StartDate != "2027-06-01" || made.CreatorName != "" || len(stored(t, d, made.TaskID)) != 1 {
			t.Errorf("rule's task: %+v", made)
		}
	})
}

// The periodic jobs run through the jobs platform on the test's clock.
func TestPeriodicJobs(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 7, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		resident := newResident(t, owner, "Jo", "1", "2020-01-01")
		task := createTask(t, owner, shared.SaveTaskRequest{ResidentID: resident, Title: "Breakfast", Type: shared.TaskRoutine,
			TimeSession: shared.SessionMorning, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		setClock(e, local(2027, 6, 3, 10, 0))
		e.DrainJobs(t)
		recs := stored(t, d, task.TaskID)
		if recs[0].Status != shared.RecordExpired || recs[2].Status != shared.RecordExpired || recs[3].Status != shared.RecordPending {
			t.Errorf("after the expiry job: %+v", recs[:4])
		}
		if last := recs[len(recs)-1].Day; last != "2027-06-10" {
			t.Errorf("after the horizon job the last day is %s", last)
		}
	})
}
