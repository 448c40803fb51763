package incident_test

import (
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const key = "sk-test-incident-WXYZ"

// With a provider speaking the OpenAI protocol: the preliminary analysis is
// made by the job after submit, the final one on request; both are stored
// with the model, the prompt version and the time; accepted care plan
// changes survive approval.
func TestAnalysesWithProvider(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := aitest.Start(t, key)
		var system string
		s.Chat = func(sys, prompt string) string {
			system = sys
			if !strings.Contains(prompt, "Found on the floor") {
				return "no facts"
			}
			return "```json\n" + `{"causes":["Got up at night without the walker"],"factors":["Dim light"],"prevention":["Night light"],` +
				`"carePlanChanges":["Walker within reach at night","Check every 2 hours at night"],"reportable":false,"reportableWhy":"A fall with a bruise."}` + "\n```"
		}
		e := servertest.Start(t, d, servertest.Options{Config: func(c *config.Config) {
			c.AI = config.AI{BaseURL: s.BaseURL(), APIKey: key, Model: "gpt-4o-mini"}
		}})
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		r := newResident(t, owner, "Olive")
		rep := submit(t, carer, draft(t, carer, fall(e, r.ResidentID)).IncidentID)
		if !rep.AnalysisRunning {
			t.Errorf("analysis not under way after submit")
		}
		e.DrainJobs(t)
		rep = get(t, owner, rep.IncidentID)
		if len(rep.Analyses) != 1 || rep.AnalysisRunning {
			t.Fatalf("preliminary: %+v", rep.Analyses)
		}
		a := rep.Analyses[0]
		if a.Kind != shared.AnalysisPreliminary || a.Provider != shared.AnalysisByAI || a.Model != "gpt-4o-mini" ||
			a.PromptVersion != shared.IncidentPromptVersion || a.CreatedAt == 0 || len(a.CarePlanChanges) != 2 || a.Causes[0] != "Got up at night without the walker" {
			t.Fatalf("preliminary: %+v", a)
		}
		if !strings.Contains(system, "reportable") || !strings.Contains(system, "RCW 74.34") {
			t.Errorf("system prompt: %s", system)
		}
		owner.Get(t, ir+"/finalAnalysis?incidentId="+rep.IncidentID).OK(t).Into(t, &rep)
		if len(rep.Analyses) != 2 || rep.Analyses[1].Kind != shared.AnalysisFinal || rep.Analyses[1].Provider != shared.AnalysisByAI {
			t.Fatalf("final: %+v", rep.Analyses)
		}
		if s.Calls(aitest.ChatPath) != 2 {
			t.Errorf("provider calls %d", s.Calls(aitest.ChatPath))
		}
		// A provider that keeps failing: the reviewer is told (4151) and the stored analyses stay.
		s.Fail(aitest.Failure{Status: 503}, aitest.Failure{Status: 503}, aitest.Failure{Status: 503})
		owner.Get(t, ir+"/finalAnalysis?incidentId="+rep.IncidentID).Is(t, http.StatusOK, shared.CodeAIUnavailable)
		if again := get(t, owner, rep.IncidentID); len(again.Analyses) != 2 || again.Version != rep.Version {
			t.Fatalf("after a failure: %+v", again.Analyses)
		}
		// Tick the duties, approve accepting an edited wording of the care plan changes.
		for _, d := range rep.Duties {
			owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: d.DutyID, Done: true}).OK(t).Into(t, &rep)
		}
		owner.Post(t, ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: rep.Version,
			AcceptCarePlanChanges: true, EditedCarePlanChanges: "Walker within reach at night"}).OK(t).Into(t, &rep)
		if f := rep.Analyses[1]; !f.Accepted || f.EditedText != "Walker within reach at night" {
			t.Fatalf("accepted: %+v", f)
		}
		// The usage log names the analysis capability, failures too.
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM ai_usage WHERE capability = ?`, shared.AIAnalysis).Scan(&n); err != nil || n != 3 { // two answers and the failure
			t.Errorf("usage rows %d %v", n, err)
		}
	})
}

// Without a provider: a rules checklist of the same headings, saying so.
func TestAnalysesWithoutProvider(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		r := newResident(t, owner, "Pearl")
		in := fall(e, r.ResidentID)
		in.Type = shared.IncidentInjuryUnknownSource
		rep := submit(t, carer, draft(t, carer, in).IncidentID)
		e.DrainJobs(t)
		rep = get(t, owner, rep.IncidentID)
		if len(rep.Analyses) != 1 {
			t.Fatalf("preliminary: %+v", rep.Analyses)
		}
		a := rep.Analyses[0]
		if a.Provider != shared.AnalysisByRules || a.Model != "" || a.PromptVersion != shared.IncidentPromptVersion || !a.Reportable ||
			len(a.Causes) == 0 || strings.Contains(a.Causes[0], "No AI analysis") || len(a.Prevention) == 0 || len(a.CarePlanChanges) == 0 {
			t.Fatalf("rules: %+v", a)
		}
		// The final analysis in Spanish.
		es := owner.Do(t, servertest.Request{Method: http.MethodGet, Path: ir + "/finalAnalysis?incidentId=" + rep.IncidentID,
			Header: map[string]string{"Accept-Language": "es-ES"}})
		es.OK(t).Into(t, &rep)
		if f := rep.Analyses[1]; f.Provider != shared.AnalysisByRules || !strings.Contains(f.Causes[0], "residente") {
			t.Fatalf("final es: %+v", f)
		}
	})
}

// The duties follow the type and answers; each carries its source.
func TestDuties(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		r := newResident(t, owner, "Hazel")
		codes := func(rep shared.IncidentReport) string {
			var out []string
			for _, d := range rep.Duties {
				if d.Source == "" || d.DueBy == 0 {
					t.Errorf("duty without source or due: %+v", d)
				}
				m := ""
				if d.Mandatory {
					m = "!"
				}
				out = append(out, string(d.Code)+m)
			}
			return strings.Join(out, ",")
		}
		for _, c := range []struct {
			name string
			edit func(*shared.SaveIncidentDraftRequest)
			want string
		}{
			{"fall without injury", func(in *shared.SaveIncidentDraftRequest) { in.Injuries, in.BodyLocations = "", nil }, "NOTIFY_FAMILY"},
			{"elopement", func(in *shared.SaveIncidentDraftRequest) {
				in.Type, in.Injuries, in.BodyLocations = shared.IncidentElopement, "", nil
			},
				"DSHS_HOTLINE!,LAW_ENFORCEMENT!,NOTIFY_FAMILY!,NOTIFY_PHYSICIAN!,NOTIFY_CASE_MANAGER!"},
			{"resident-to-resident assault", func(in *shared.SaveIncidentDraftRequest) {
				in.Type, in.PhysicalAssault = shared.IncidentResidentToResident, true
			}, "DSHS_HOTLINE!,LAW_ENFORCEMENT!,NOTIFY_FAMILY!,NOTIFY_PHYSICIAN!,NOTIFY_CASE_MANAGER!"},
			{"resident-to-resident, no injury", func(in *shared.SaveIncidentDraftRequest) {
				in.Type, in.Injuries, in.BodyLocations = shared.IncidentResidentToResident, "", nil
			}, ""},
			{"unexpected death", func(in *shared.SaveIncidentDraftRequest) {
				in.Type, in.Injuries, in.BodyLocations = shared.IncidentUnexpectedDeath, "", nil
			},
				"NOTIFY_FAMILY!,NOTIFY_PHYSICIAN!,NOTIFY_CASE_MANAGER!"},
			{"medication error", func(in *shared.SaveIncidentDraftRequest) {
				in.Type, in.Injuries, in.BodyLocations = shared.IncidentMedicationError, "", nil
			},
				"REVIEW_MEDICATIONS!"},
			{"staff-to-resident", func(in *shared.SaveIncidentDraftRequest) {
				in.Type, in.Injuries, in.BodyLocations = shared.IncidentStaffToResident, "", nil
			},
				"DSHS_HOTLINE!"},
			{"fire", func(in *shared.SaveIncidentDraftRequest) { in.Type, in.ResidentID = shared.IncidentFire, "" }, "DSHS_HOTLINE!"},
		} {
			in := fall(e, r.ResidentID)
			c.edit(&in)
			rep := submit(t, carer, draft(t, carer, in).IncidentID)
			if got := codes(rep); got != c.want {
				t.Errorf("%s: duties %s, want %s", c.name, got, c.want)
			}
		}
		// A notification the caregiver wrote down ticks its duty on submit.
		in := fall(e, r.ResidentID)
		in.Notifications = []shared.IncidentNotification{{Party: shared.PartyPhysician, NotifiedAt: e.Clock.Now().UnixMilli() - 1000, By: "Amina"}}
		rep := submit(t, carer, draft(t, carer, in).IncidentID)
		if d := duty(rep, shared.DutyNotifyPhysician); d.DoneAt == 0 || d.DoneBy != "Amina" {
			t.Errorf("physician duty: %+v", d)
		}
		if duty(rep, shared.DutyNotifyFamily).Overdue != true || rep.OverdueDuties != 2 {
			t.Errorf("overdue: %d %+v", rep.OverdueDuties, rep.Duties)
		}
		var cnt shared.IncidentReminders
		owner.Get(t, ir+"/countReminders").OK(t).Into(t, &cnt)
		if cnt.PendingReview < 9 || cnt.OverdueDuties == 0 {
			t.Errorf("reminders %+v", cnt)
		}
		// The dashboard card shows them.
		var cards []shared.DashboardCard
		owner.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
		found := false
		for _, c := range cards {
			if c.Key == "incidents" {
				found = c.Items[0].Count == cnt.PendingReview && c.Items[1].Tone == shared.ToneDanger
			}
		}
		if !found {
			t.Errorf("no incidents card: %+v", cards)
		}
	})
}

// 7007: a package with a monthly maximum refuses the report past it; the
// super admin raising the package's limit lets the next call through.
func TestMaxIncidentReports(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		var premium shared.ServicePackage
		admin.Get(t, "/api/system/servicePackage/get?id=PREMIUM_PACKAGE").OK(t).Into(t, &premium)
		premium.Limits.MaxIncidentReports = 2
		admin.Post(t, "/api/system/servicePackage/save", premium).OK(t)
		carer := e.SignIn(t, "caregiver_maple1")
		var before int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM incident_reports`).Scan(&before); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(t.Context(), `DELETE FROM incident_reports`); err != nil {
			t.Fatal(err)
		}
		draft(t, carer, shared.SaveIncidentDraftRequest{Type: shared.IncidentFire})
		draft(t, carer, shared.SaveIncidentDraftRequest{Type: shared.IncidentFire})
		resp := carer.Post(t, ir+"/saveIncidentDraft", shared.SaveIncidentDraftRequest{Type: shared.IncidentFire}).Is(t, http.StatusOK, shared.CodeMaxIncidentReports)
		if !strings.Contains(resp.Message, "2") {
			t.Errorf("message: %s", resp.Message)
		}
		premium.Limits.MaxIncidentReports = 3
		admin.Post(t, "/api/system/servicePackage/save", premium).OK(t)
		draft(t, carer, shared.SaveIncidentDraftRequest{Type: shared.IncidentFire})
		carer.Post(t, ir+"/saveIncidentDraft", shared.SaveIncidentDraftRequest{Type: shared.IncidentFire}).Is(t, http.StatusOK, shared.CodeMaxIncidentReports)
	})
}
