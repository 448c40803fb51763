package taskrule_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const rules = "/api/care/taskCreationRule"

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func listRules(t *testing.T, c *servertest.Client, f shared.TaskCreationRuleFilter) shared.Page[shared.TaskCreationRule] {
	t.Helper()
	var p shared.Page[shared.TaskCreationRule]
	c.Post(t, rules+"/listByPage", shared.PageRequest[shared.TaskCreationRuleFilter]{Current: 1, Size: 20, Data: f}).OK(t).Into(t, &p)
	return p
}

// The super admin's CRUD, its checks and audit rows; nobody else reaches a rule.
func TestRulesCRUDAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		demo := listRules(t, super, shared.TaskCreationRuleFilter{})
		if demo.Total != 3 {
			t.Fatalf("demo rules: %+v", demo)
		}
		weekly := shared.SaveTaskCreationRuleRequest{Title: "Weekly weight", BusinessType: shared.BusinessResident, TaskType: shared.TaskVitalCheck,
			Frequency: shared.FrequencyWeekly, TimeSession: shared.SessionMorning, DaysOfWeek: []int{3, 1, 3}, RepeatInterval: 5, DurationDays: 28, Enabled: true}
		var saved shared.TaskCreationRule
		super.Post(t, rules+"/save", weekly).OK(t).Into(t, &saved)
		if saved.RuleID == "" || len(saved.DaysOfWeek) != 2 || saved.DaysOfWeek[0] != 1 || saved.RepeatInterval != 0 || saved.DurationDays != 28 || !saved.Enabled {
			t.Fatalf("saved: %+v", saved)
		}
		weekly.RuleID, weekly.Title, weekly.Enabled = saved.RuleID, "Weekly weight and blood pressure", false
		var updated shared.TaskCreationRule
		super.Post(t, rules+"/save", weekly).OK(t).Into(t, &updated)
		var got shared.TaskCreationRule
		super.Get(t, rules+"/get?ruleId="+saved.RuleID).OK(t).Into(t, &got)
		if got.Title != "Weekly weight and blood pressure" || got.Enabled || got.CreateTime != saved.CreateTime {
			t.Fatalf("after update: %+v", got)
		}
		if p := listRules(t, super, shared.TaskCreationRuleFilter{Title: "BLOOD PRESSURE"}); p.Total != 1 || p.Records[0].RuleID != saved.RuleID {
			t.Errorf("title filter: %+v", p)
		}
		if p := listRules(t, super, shared.TaskCreationRuleFilter{BusinessType: shared.BusinessCreateCaregiver}); p.Total != 1 {
			t.Errorf("business filter: %+v", p)
		}

		// The checks, each naming its field.
		for name, c := range map[string]struct {
			req   shared.SaveTaskCreationRuleRequest
			field string
		}{
			"hourly":            {shared.SaveTaskCreationRuleRequest{Title: "X", BusinessType: shared.BusinessResident, TaskType: shared.TaskOther, Frequency: shared.FrequencyHourly}, "frequency"},
			"weekly, no days":   {shared.SaveTaskCreationRuleRequest{Title: "X", BusinessType: shared.BusinessResident, TaskType: shared.TaskOther, Frequency: shared.FrequencyWeekly}, "daysOfWeek"},
			"day 7":             {shared.SaveTaskCreationRuleRequest{Title: "X", BusinessType: shared.BusinessResident, TaskType: shared.TaskOther, Frequency: shared.FrequencyWeekly, DaysOfWeek: []int{7}}, "daysOfWeek"},
			"custom, no period": {shared.SaveTaskCreationRuleRequest{Title: "X", BusinessType: shared.BusinessResident, TaskType: shared.TaskOther, Frequency: shared.FrequencyCustom}, "repeatInterval"},
			"blank title":       {shared.SaveTaskCreationRuleRequest{Title: "  ", BusinessType: shared.BusinessResident, TaskType: shared.TaskOther, Frequency: shared.FrequencyDaily}, "title"},
			"care plan type":    {shared.SaveTaskCreationRuleRequest{Title: "X", BusinessType: shared.BusinessCarePlan, TaskType: shared.TaskOther, Frequency: shared.FrequencyDaily}, "businessType"},
			"duration 367":      {shared.SaveTaskCreationRuleRequest{Title: "X", BusinessType: shared.BusinessResident, TaskType: shared.TaskOther, Frequency: shared.FrequencyDaily, DurationDays: 367}, "durationDays"},
		} {
			r := super.Post(t, rules+"/save", c.req)
			var fes []shared.FieldError
			if r.Code == shared.CodeValidation {
				r.Into(t, &fes)
			}
			if len(fes) == 0 || fes[0].Field != c.field {
				t.Errorf("%s: %s", name, r.Body)
			}
		}

		// Everyone else: refused on every route, and nothing changes.
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "admin_maple"), e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "owner_birch")} {
			for name, r := range map[string]*servertest.Response{
				"list":   c.Post(t, rules+"/listByPage", shared.PageRequest[shared.TaskCreationRuleFilter]{Current: 1, Size: 20}),
				"save":   c.Post(t, rules+"/save", weekly),
				"get":    c.Get(t, rules+"/get?ruleId="+saved.RuleID),
				"delete": c.Get(t, rules+"/delete?ruleId="+saved.RuleID),
			} {
				if r.Code != shared.CodeForbidden {
					t.Errorf("%s by %s: %s", name, c.Result.LoginUserInfo.Roles, r.Body)
				}
			}
		}
		super.Get(t, rules+"/get?ruleId="+saved.RuleID).OK(t)

		// Delete: soft, gone from the list, 4004 after.
		super.Get(t, rules+"/delete?ruleId="+saved.RuleID).OK(t)
		super.Get(t, rules+"/get?ruleId="+saved.RuleID).Is(t, http.StatusOK, shared.CodeNotFound)
		super.Get(t, rules+"/delete?ruleId="+saved.RuleID).Is(t, http.StatusOK, shared.CodeNotFound)
		if listRules(t, super, shared.TaskCreationRuleFilter{}).Total != 3 ||
			count(t, d, `SELECT COUNT(*) FROM task_creation_rules WHERE id = ? AND deleted_at IS NOT NULL`, saved.RuleID) != 1 {
			t.Error("a deleted rule is listed, or its row is gone")
		}
		for action, want := range map[string]int{"taskCreationRule.create": 1, "taskCreationRule.update": 1, "taskCreationRule.delete": 1} {
			if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ? AND tenant_id IS NULL`, action, saved.RuleID); n != want {
				t.Errorf("audit %s: %d", action, n)
			}
		}
	})
}

// moveIn runs the wizard's first step and completes the move-in, as Maple's owner.
func moveIn(t *testing.T, e *servertest.Env, c *servertest.Client, first, last string) string {
	t.Helper()
	data, _ := json.Marshal(shared.CheckInResidentData{SaveResidentRequest: shared.SaveResidentRequest{FirstName: first, LastName: last,
		DOB: "1940-02-03", Gender: shared.GenderMale, Room: "8", Language: shared.LanguageEnglish, DNR: shared.DNRYes}})
	var ci shared.CheckIn
	filetest.Post(t, e, c, "/api/care/resident/createResidentForCheckIn", map[string]string{"data": string(data)}).OK(t).Into(t, &ci)
	c.Get(t, "/api/care/resident/completeCheckIn?residentId="+ci.Resident.ResidentID).OK(t)
	return ci.Resident.ResidentID
}

type ruleTask struct {
	Title, StartDate, EndDate, Frequency, TimeSession string
	Caregiver                                         *string
}

func ruleTasks(t *testing.T, d *db.DB, column, id string, business shared.TaskBusinessType) []ruleTask {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), `SELECT title, start_date, end_date, frequency, time_session, caregiver_id FROM tasks
		WHERE `+column+` = ? AND business_type = ? AND deleted_at IS NULL ORDER BY title`, id, string(business))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []ruleTask
	for rows.Next() {
		var r ruleTask
		if err := rows.Scan(&r.Title, &r.StartDate, &r.EndDate, &r.Frequency, &r.TimeSession, &r.Caregiver); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// A completed move-in fires the enabled RESIDENT rules once: the job run
// again for the same event makes no second task; a disabled rule never fires.
func TestRulesFireOnMoveIn(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		super.Post(t, rules+"/save", shared.SaveTaskCreationRuleRequest{Title: "Switched off", BusinessType: shared.BusinessResident,
			TaskType: shared.TaskOther, Frequency: shared.FrequencyDaily}).OK(t)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		id := moveIn(t, e, owner, "Otto", "Berg")
		if n := len(ruleTasks(t, d, "resident_id", id, shared.BusinessResident)); n != 0 {
			t.Fatalf("%d rule tasks before the job ran", n)
		}
		e.DrainJobs(t)
		loc, _ := time.LoadLocation("America/Los_Angeles")
		day := e.Clock.Now().In(loc)
		got := ruleTasks(t, d, "resident_id", id, shared.BusinessResident)
		if len(got) != 2 {
			t.Fatalf("rule tasks: %+v", got)
		}
		baseline, settling := got[0], got[1]
		if baseline.Title != "Baseline weight and vital signs" || baseline.Frequency != "ONCE" || baseline.StartDate != day.Format(time.DateOnly) {
			t.Errorf("baseline: %+v", baseline)
		}
		if settling.Frequency != "DAILY" || settling.TimeSession != "EVENING" || settling.StartDate != day.Format(time.DateOnly) ||
			settling.EndDate != day.AddDate(0, 0, 6).Format(time.DateOnly) {
			t.Errorf("settling-in check (the first week): %+v", settling)
		}

		// The same event again (River delivering it twice): no second task.
		ev := jobs.Event{Type: string(shared.BusinessResident), TenantID: e.FacilityID(t, "Maple House AFH"), SubjectID: id, ActorID: e.UserID(t, "owner_evergreen")}
		if err := e.Server.Jobs.Enqueue(context.Background(), d, ev, nil); err != nil {
			t.Fatal(err)
		}
		e.DrainJobs(t)
		if n := len(ruleTasks(t, d, "resident_id", id, shared.BusinessResident)); n != 2 {
			t.Fatalf("after the event ran twice: %d rule tasks", n)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM task_rule_firings WHERE event_key LIKE ? AND task_id IS NOT NULL`, "%"+id); n != 2 {
			t.Errorf("firings: %d", n)
		}
		// Cedar's facility got nothing.
		if n := count(t, d, `SELECT COUNT(*) FROM tasks WHERE tenant_id = ? AND business_type = ?`, e.FacilityID(t, "Cedar Home AFH"), string(shared.BusinessResident)); n != 0 {
			t.Errorf("Cedar got %d rule tasks", n)
		}

		// A resident who left before the job ran: the rules are recorded as skipped, no task.
		other := moveIn(t, e, owner, "Pia", "Lund")
		owner.Post(t, "/api/care/resident/moveOut", shared.MoveOutRequest{ResidentID: other, Destination: shared.MoveOutHospital, ConfirmName: "Pia Lund"}).OK(t)
		e.DrainJobs(t)
		if n := len(ruleTasks(t, d, "resident_id", other, shared.BusinessResident)); n != 0 {
			t.Errorf("a moved-out resident got %d rule tasks", n)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM task_rule_firings WHERE event_key LIKE ? AND task_id IS NULL AND skip_reason <> ''`, "%"+other); n != 2 {
			t.Errorf("skipped firings: %d", n)
		}
	})
}

// A new caregiver gets the CREATE_CAREGIVER rules' tasks (an orientation,
// assigned to them), once, even when the job runs twice.
func TestRulesFireOnCaregiverCreation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		var cg shared.Caregiver
		owner.Post(t, "/api/care/caregiver/save", shared.SaveCaregiverRequest{Account: "maple_new1", Name: "Nora Quinn", Email: "nora@maple.example",
			Phone: "+1 360 555 0177", HireDate: e.Clock.Now().Format(time.DateOnly)}).OK(t).Into(t, &cg)
		e.DrainJobs(t)
		got := ruleTasks(t, d, "caregiver_id", cg.UserID, shared.BusinessCreateCaregiver)
		if len(got) != 1 || got[0].Title != "Orientation: house rules and emergency plan" || got[0].Frequency != "ONCE" {
			t.Fatalf("orientation: %+v", got)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM tasks WHERE caregiver_id = ? AND resident_id IS NULL AND tenant_id = ?`, cg.UserID, e.FacilityID(t, "Maple House AFH")); n != 1 {
			t.Errorf("the orientation is not a facility task of Maple: %d", n)
		}
		ev := jobs.Event{Type: string(shared.BusinessCreateCaregiver), TenantID: e.FacilityID(t, "Maple House AFH"), SubjectID: cg.UserID, ActorID: e.UserID(t, "owner_evergreen")}
		if err := e.Server.Jobs.Enqueue(context.Background(), d, ev, nil); err != nil {
			t.Fatal(err)
		}
		e.DrainJobs(t)
		if n := len(ruleTasks(t, d, "caregiver_id", cg.UserID, shared.BusinessCreateCaregiver)); n != 1 {
			t.Fatalf("after the event ran twice: %d", n)
		}
	})
}
