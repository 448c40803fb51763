package staff

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"hearth/cloud/platform/msg"
	"hearth/shared"
)

func d(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func rec(t shared.CredentialType, issue, expiry string, ceHours float64) Record {
	r := Record{ID: string(t) + "@" + issue, Type: t, Issue: d(issue), CEMinutes: int(ceHours * 60)}
	if expiry != "" {
		r.Expiry = d(expiry)
	}
	return r
}

// want is the expected state and due date of one rule ("" due: none).
type want struct {
	state shared.InspectionState
	due   string
}

// TestRulesEngine pins each Washington timeline of DOMAIN.md "staff
// credentials" on a table of hire dates, birthdays and files.
func TestRulesEngine(t *testing.T) {
	S := shared.InspectionOK
	cases := []struct {
		name   string
		in     Input
		rules  map[string]want // only these rules are checked
		absent []string        // rules that must not be on the list
	}{
		{
			name: "new hire today with nothing on file",
			in:   Input{HireDate: d("2026-03-02"), BirthDate: d("1990-06-15"), Today: d("2026-03-02"), Role: shared.RoleCaregiverStaff},
			rules: map[string]want{
				RuleOrientationSafety: {shared.InspectionExpiringSoon, "2026-03-02"}, // before giving care: due today
				RuleBackgroundNameDOB: {shared.InspectionExpiringSoon, "2026-03-02"},
				RuleTBStep1:           {shared.InspectionExpiringSoon, "2026-03-05"}, // 3 days
				RuleTBStep2:           {shared.InspectionExpiringSoon, "2026-03-26"}, // 3 + 21 days
				RuleCPRFirstAid:       {shared.InspectionExpiringSoon, "2026-04-01"}, // 30 days
				RuleFoodSafety:        {shared.InspectionExpiringSoon, "2026-03-16"}, // 14 days
				RuleBasicTraining:     {shared.InspectionDue, "2026-06-30"},          // 120 days
				RuleHCACertification:  {shared.InspectionDue, "2027-03-02"},          // 365 days (emergency rule, hired through 2027)
				RuleContinuingEd:      {shared.InspectionDue, "2027-06-15"},          // first birthday a year after hire
			},
			absent: []string{RuleDelegationCore, RuleDelegationDiabete, "SPECIALTY_DEMENTIA"},
		},
		{
			name: "hired after 2027: 200-day certification; a day late is overdue",
			in:   Input{HireDate: d("2028-01-10"), BirthDate: d("1990-06-15"), Today: d("2028-01-14")},
			rules: map[string]want{
				RuleTBStep1:          {shared.InspectionOverdue, "2028-01-13"},
				RuleHCACertification: {shared.InspectionDue, "2028-07-28"},
			},
		},
		{
			name: "records on file turn items OK; TB second step inside 1–3 weeks",
			in: Input{HireDate: d("2026-01-05"), BirthDate: d("1985-02-01"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredOrientationSafety, "2026-01-05", "", 0), rec(shared.CredBackgroundNameDOB, "2026-01-02", "", 0),
				rec(shared.CredBackgroundFingerprint, "2026-01-02", "", 0), rec(shared.CredTBTestStep1, "2026-01-06", "", 0),
				rec(shared.CredTBTestStep2, "2026-01-16", "", 0), rec(shared.CredCPRFirstAid, "2026-01-20", "2028-01-20", 0),
				rec(shared.CredFoodWorkerCard, "2026-01-10", "2028-01-10", 0), rec(shared.CredNursingAssistant, "2019-05-01", "", 0),
			}},
			rules: map[string]want{
				RuleOrientationSafety: {S, ""},
				RuleBackgroundNameDOB: {S, "2028-01-02"}, // renewed every 2 years
				RuleBackgroundPrints:  {S, ""},           // once
				RuleTBStep1:           {S, ""},
				RuleTBStep2:           {S, ""},
				RuleCPRFirstAid:       {S, "2028-01-20"},
				RuleFoodSafety:        {S, "2028-01-10"},
				RuleBasicTraining:     {S, ""}, // a nursing assistant has it
				RuleHCACertification:  {S, ""}, // and is exempt from HCA certification
			},
		},
		{
			name: "TB second step less than a week after the first does not count",
			in: Input{HireDate: d("2026-01-05"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredTBTestStep1, "2026-01-06", "", 0), rec(shared.CredTBTestStep2, "2026-01-09", "", 0)}},
			rules: map[string]want{RuleTBStep2: {shared.InspectionOverdue, "2026-01-27"}},
		},
		{
			name: "expired and expiring records",
			in: Input{HireDate: d("2020-01-01"), BirthDate: d("1980-12-01"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredBackgroundNameDOB, "2024-02-20", "", 0), // 2-year renewal fell on 2026-02-20
				rec(shared.CredCPRFirstAid, "2024-03-20", "2026-03-20", 0),
				rec(shared.CredCPRFirstAid, "2022-03-20", "2024-03-20", 0),      // an older card does not matter
				rec(shared.CredFoodSafetyCE, "2025-03-15", "", 0.5),             // CE valid a year: to 2026-03-15
				rec(shared.CredHCACertification, "2020-06-01", "2026-01-01", 0), // lapsed
			}},
			rules: map[string]want{
				RuleBackgroundNameDOB: {shared.InspectionOverdue, "2026-02-20"},
				RuleCPRFirstAid:       {shared.InspectionExpiringSoon, "2026-03-20"},
				RuleFoodSafety:        {shared.InspectionExpiringSoon, "2026-03-15"},
				RuleHCACertification:  {shared.InspectionOverdue, "2026-01-01"},
			},
		},
		{
			name: "12 CE hours by each birthday",
			in: Input{HireDate: d("2020-01-01"), BirthDate: d("1980-04-10"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredContinuingEducation, "2024-06-01", "", 8),
				rec(shared.CredContinuingEducation, "2025-01-15", "", 4), // 12 h in the year to 2025-04-10
				rec(shared.CredContinuingEducation, "2025-09-01", "", 6), // 6 h so far toward 2026-04-10
			}},
			rules: map[string]want{RuleContinuingEd: {shared.InspectionDue, "2026-04-10"}}, // 39 days away
		},
		{
			name: "CE short at the last birthday is overdue",
			in: Input{HireDate: d("2020-01-01"), BirthDate: d("1980-02-10"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredContinuingEducation, "2025-09-01", "", 6)}},
			rules: map[string]want{RuleContinuingEd: {shared.InspectionOverdue, "2026-02-10"}},
		},
		{
			name: "CE caught up after the birthday clears the overdue",
			in: Input{HireDate: d("2020-01-01"), BirthDate: d("1980-02-10"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredContinuingEducation, "2025-09-01", "", 6), rec(shared.CredContinuingEducation, "2026-02-20", "", 6)}},
			rules: map[string]want{RuleContinuingEd: {shared.InspectionDue, "2027-02-10"}},
		},
		{
			name: "CE complete for the current year",
			in: Input{HireDate: d("2020-01-01"), BirthDate: d("1980-02-10"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredContinuingEducation, "2025-05-01", "", 12), rec(shared.CredContinuingEducation, "2026-02-20", "", 12)}},
			rules: map[string]want{RuleContinuingEd: {S, "2027-02-10"}},
		},
		{
			name:  "no birthday: CE cannot be scheduled",
			in:    Input{HireDate: d("2020-01-01"), Today: d("2026-03-02")},
			rules: map[string]want{RuleContinuingEd: {shared.InspectionDue, ""}},
		},
		{
			name:  "leap-day birthday falls on 28 February",
			in:    Input{HireDate: d("2024-01-01"), BirthDate: d("1996-02-29"), Today: d("2025-02-10")},
			rules: map[string]want{RuleContinuingEd: {shared.InspectionExpiringSoon, "2025-02-28"}},
		},
		{
			name: "specialty and delegation duties add their trainings",
			in: Input{HireDate: d("2026-01-05"), Today: d("2026-03-02"), Specialties: []shared.Specialty{shared.SpecialtyDementia},
				DiabetesDelegation: true, Records: []Record{rec(shared.CredNurseDelegationCore, "2026-01-04", "", 0)}},
			rules: map[string]want{
				"SPECIALTY_DEMENTIA":  {shared.InspectionOverdue, "2026-01-05"},
				RuleDelegationCore:    {S, ""},
				RuleDelegationDiabete: {shared.InspectionOverdue, "2026-01-05"},
			},
			absent: []string{"SPECIALTY_MENTAL_HEALTH"},
		},
		{
			name: "a record dated after today does not count yet",
			in: Input{HireDate: d("2026-03-01"), Today: d("2026-03-02"), Records: []Record{
				rec(shared.CredOrientationSafety, "2026-03-10", "", 0)}},
			rules: map[string]want{RuleOrientationSafety: {shared.InspectionOverdue, "2026-03-01"}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			items := Evaluate(tc.in)
			got := map[string]shared.InspectionItem{}
			for _, it := range items {
				if it.Source == "" {
					t.Errorf("%s has no source", it.Rule)
				}
				got[it.Rule] = it
			}
			for rule, w := range tc.rules {
				it, ok := got[rule]
				if !ok {
					t.Errorf("%s missing from the checklist", rule)
					continue
				}
				if it.State != w.state || it.DueDate != w.due {
					t.Errorf("%s: got %s due %q, want %s due %q (%+v)", rule, it.State, it.DueDate, w.state, w.due, it)
				}
			}
			for _, rule := range tc.absent {
				if _, ok := got[rule]; ok {
					t.Errorf("%s should not be on the checklist", rule)
				}
			}
		})
	}
}

func TestSummaryAndWorst(t *testing.T) {
	items := []shared.InspectionItem{{State: shared.InspectionOK}, {State: shared.InspectionDue}, {State: shared.InspectionOverdue},
		{State: shared.InspectionExpiringSoon}, {State: shared.InspectionOverdue}}
	if o, s, d := Summary(items); o != 2 || s != 1 || d != 1 {
		t.Fatalf("Summary = %d %d %d", o, s, d)
	}
	if Worst(items) != shared.InspectionOverdue || Worst(nil) != shared.InspectionOK {
		t.Fatal("Worst")
	}
}

// Every rule the engine can answer has its source worded in the three languages.
func TestRuleSourcesAreTranslated(t *testing.T) {
	in := Input{HireDate: date(2026, time.January, 5), BirthDate: date(1990, time.March, 3), Today: date(2026, time.June, 1),
		Specialties:     []shared.Specialty{shared.SpecialtyDementia, shared.SpecialtyMentalHealth, shared.SpecialtyDevelopmentalDisability},
		NurseDelegation: true, DiabetesDelegation: true}
	items := Evaluate(in)
	if len(items) != 15 {
		t.Fatalf("every rule should apply to this caregiver: %d items", len(items))
	}
	for _, l := range msg.Languages {
		for _, it := range localizeSources(l, Evaluate(in)) {
			if _, ok := msg.Keys(l)["staff.source."+it.Rule]; !ok {
				t.Errorf("%s: no staff.source.%s", l, it.Rule)
			}
			if l == shared.LangZhCN && !strings.ContainsFunc(it.Source, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("zh-CN source of %s is still English", it.Rule)
			}
		}
	}
}
