package config

import (
	"testing"

	"hearth/shared"
)

func TestPlanMaxResidents(t *testing.T) {
	t.Setenv("HEARTH_PLAN_MAX_RESIDENTS", "")
	got, err := parsePlanLimits("HEARTH_PLAN_MAX_RESIDENTS", DefaultPlanMaxResidents())
	if err != nil || got[shared.PlanFree] != 2 || got[shared.PlanEssential] != 8 || got[shared.PlanPremium] != 0 {
		t.Fatalf("defaults: %v %v", got, err)
	}
	t.Setenv("HEARTH_PLAN_MAX_RESIDENTS", " FREE_PLAN=3 , PREMIUM_PLAN=50")
	got, err = parsePlanLimits("HEARTH_PLAN_MAX_RESIDENTS", DefaultPlanMaxResidents())
	if err != nil || got[shared.PlanFree] != 3 || got[shared.PlanEssential] != 8 || got[shared.PlanPremium] != 50 {
		t.Fatalf("set: %v %v", got, err)
	}
	for _, bad := range []string{"FREE_PLAN", "FREE_PLAN=-1", "GOLD_PLAN=4", "FREE_PLAN=two"} {
		t.Setenv("HEARTH_PLAN_MAX_RESIDENTS", bad)
		if _, err := parsePlanLimits("HEARTH_PLAN_MAX_RESIDENTS", DefaultPlanMaxResidents()); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
