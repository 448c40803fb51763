package shell

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

func count(n int) CountFunc {
	return func(context.Context, *auth.Principal) (int, error) { return n, nil }
}

// Every counter the spec names fills the answer field of the same name.
func TestEveryCounterFillsItsField(t *testing.T) {
	r := New(nil, nil, nil)
	for i, k := range shared.SidebarCounters {
		r.Counter(Counter{Key: k, Count: count(i + 1)})
	}
	out, err := r.Sidebar(t.Context(), &auth.Principal{UserID: "u", TenantID: "t", Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanFree})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(out)
	var got map[string]int
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(shared.SidebarCounters) {
		t.Fatalf("answer has %d fields: %s", len(got), b)
	}
	for i, k := range shared.SidebarCounters {
		if got[string(k)] != i+1 {
			t.Errorf("%s = %d, want %d (%s)", k, got[string(k)], i+1, b)
		}
	}
}

// A counter or card counts only for the roles and plan it declares; the super admin has no sidebar.
func TestRolesAndPlanNarrow(t *testing.T) {
	r := New(nil, nil, nil)
	r.Counter(Counter{Key: shared.CounterApplicationForm, Roles: []shared.Role{shared.RoleFacilityOwner}, Count: count(3)})
	r.Counter(Counter{Key: shared.CounterIncidentReport, Function: shared.FnIncidentManagement, Count: count(4)})
	card := func(context.Context, *auth.Principal) (*shared.DashboardCard, error) {
		return &shared.DashboardCard{Link: "/x"}, nil
	}
	r.Card(Card{Key: "owner", Roles: []shared.Role{shared.RoleFacilityOwner}, Data: card})
	r.Card(Card{Key: "premium", Function: shared.FnIncidentManagement, Data: card})
	r.Card(Card{Key: "none", Data: func(context.Context, *auth.Principal) (*shared.DashboardCard, error) { return nil, nil }})

	carer := &auth.Principal{UserID: "u", TenantID: "t", Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanEssential}
	out, err := r.Sidebar(t.Context(), carer)
	if err != nil || out.ApplicationFormCount != 0 || out.IncidentReportCount != 0 {
		t.Fatalf("caregiver on essential: %+v %v", out, err)
	}
	owner := &auth.Principal{UserID: "u", TenantID: "t", Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanPremium}
	out, err = r.Sidebar(t.Context(), owner)
	if err != nil || out.ApplicationFormCount != 3 || out.IncidentReportCount != 4 {
		t.Fatalf("owner on premium: %+v %v", out, err)
	}
	if _, err := r.Sidebar(t.Context(), &auth.Principal{UserID: "s", Roles: []shared.Role{shared.RoleSuperAdmin}}); err == nil {
		t.Fatal("the super admin got sidebar counts")
	}

	cards, err := r.Cards(t.Context(), carer)
	if err != nil || len(cards) != 0 {
		t.Fatalf("caregiver cards: %+v %v", cards, err)
	}
	cards, err = r.Cards(t.Context(), owner)
	if err != nil || len(cards) != 2 || cards[0].Key != "owner" || cards[1].Key != "premium" || cards[0].Items == nil {
		t.Fatalf("owner cards (a card with nothing to show is left out): %+v %v", cards, err)
	}
}

// A failing counter fails the call with its name, rather than showing a wrong 0.
func TestFailureNamesTheCounter(t *testing.T) {
	r := New(nil, nil, nil)
	r.Counter(Counter{Key: shared.CounterExpiredTasks, Count: func(context.Context, *auth.Principal) (int, error) { return 0, errors.New("boom") }})
	_, err := r.Sidebar(t.Context(), &auth.Principal{UserID: "u", TenantID: "t", Roles: []shared.Role{shared.RoleFacilityAdmin}, Plan: shared.PlanFree})
	if err == nil || err.Error() != "sidebar counter expiredTasksCount: boom" {
		t.Fatalf("err = %v", err)
	}
}

// Wiring mistakes stop the server at start-up.
func TestWiringMistakesPanic(t *testing.T) {
	for name, f := range map[string]func(r *Registry){
		"unknown counter": func(r *Registry) { r.Counter(Counter{Key: "nope", Count: count(1)}) },
		"counter twice": func(r *Registry) {
			r.Counter(Counter{Key: shared.CounterExpiredTasks, Count: count(1)})
			r.Counter(Counter{Key: shared.CounterExpiredTasks, Count: count(1)})
		},
		"card without data": func(r *Registry) { r.Card(Card{Key: "x"}) },
		"card twice": func(r *Registry) {
			c := Card{Key: "x", Data: func(context.Context, *auth.Principal) (*shared.DashboardCard, error) { return nil, nil }}
			r.Card(c)
			r.Card(c)
		},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			f(New(nil, nil, nil))
		})
	}
}
