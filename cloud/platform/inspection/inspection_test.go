package inspection

import (
	"context"
	"errors"
	"testing"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

func TestAreaChecksEverySubjectAgainstEveryRule(t *testing.T) {
	t.Parallel()
	r := New()
	r.Subjects(shared.InspectionResidents, func(context.Context, *auth.Principal) ([]Subject, error) {
		return []Subject{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}}, nil
	})
	r.Rule(Rule{Key: shared.RuleCarePlan, Area: shared.InspectionResidents, Gaps: func(context.Context, *auth.Principal) ([]Gap, error) {
		// A gap of someone who is not a subject (moved out) and a zero count are ignored.
		return []Gap{{SubjectID: "b", Count: 1, DueDate: "2026-01-02", Link: "/fix/b"}, {SubjectID: "z", Count: 3}, {SubjectID: "a"}}, nil
	}})
	r.Rule(Rule{Key: shared.RuleMarComplete, Area: shared.InspectionResidents, Gaps: func(context.Context, *auth.Principal) ([]Gap, error) {
		return nil, nil
	}})
	r.Rule(Rule{Key: shared.RuleCredentials, Area: shared.InspectionStaff, Gaps: func(context.Context, *auth.Principal) ([]Gap, error) {
		t.Error("a staff rule ran for the residents area")
		return nil, nil
	}})
	r.Rule(Rule{Key: shared.RuleIncidentDuty, Area: shared.InspectionResidents, Function: shared.FnIncidentManagement,
		Gaps: func(context.Context, *auth.Principal) ([]Gap, error) {
			t.Error("an incident rule ran on the essential plan")
			return nil, nil
		}})
	p := &auth.Principal{UserID: "u", TenantID: "t", Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanEssential}
	a, err := r.Area(context.Background(), p, shared.InspectionResidents, "")
	if err != nil {
		t.Fatal(err)
	}
	if a.Total != 4 || a.InOrder != 3 || a.Score != 75 || len(a.Subjects) != 2 {
		t.Fatalf("area: %+v", a)
	}
	if c := a.Subjects[1].Checks[0]; c.InOrder || c.Count != 1 || c.Link != "/fix/b" || c.DueDate != "2026-01-02" || a.Subjects[1].InOrder != 1 {
		t.Fatalf("Bob's care plan: %+v", a.Subjects[1])
	}
	one, err := r.Area(context.Background(), p, shared.InspectionResidents, "a")
	if err != nil || len(one.Subjects) != 1 || one.Score != 100 {
		t.Fatalf("one subject: %+v %v", one, err)
	}
	if _, err := r.Area(context.Background(), p, shared.InspectionResidents, "z"); !errors.Is(err, problem.NotFound) {
		t.Fatalf("a subject not in the area: %v", err)
	}
	if _, err := r.Area(context.Background(), &auth.Principal{UserID: "u"}, shared.InspectionResidents, ""); err == nil {
		t.Fatal("no facility in the token answers")
	}
}

func TestScoreRoundsDown(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, total, want int }{{0, 0, 100}, {199, 200, 99}, {1, 3, 33}, {0, 5, 0}} {
		if got := Score(c.in, c.total); got != c.want {
			t.Errorf("Score(%d, %d) = %d, want %d", c.in, c.total, got, c.want)
		}
	}
}

func TestRegistryRefusesWiringMistakes(t *testing.T) {
	t.Parallel()
	panics := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	r := New()
	gaps := func(context.Context, *auth.Principal) ([]Gap, error) { return nil, nil }
	r.Rule(Rule{Key: shared.RuleDisposal, Area: shared.InspectionResidents, Gaps: gaps})
	panics("a repeated rule", func() { r.Rule(Rule{Key: shared.RuleDisposal, Area: shared.InspectionResidents, Gaps: gaps}) })
	panics("a rule without gaps", func() { r.Rule(Rule{Key: shared.RuleAssessment}) })
	panics("subjects without a function", func() { r.Subjects(shared.InspectionStaff, nil) })
}
