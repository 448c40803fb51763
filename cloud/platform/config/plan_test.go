package config

import (
	"testing"

	"hearth/shared"
)

// HEARTH_PLAN_MAX_* name only the plans whose default package they seed.
func TestPlanMaxResidents(t *testing.T) {
	t.Setenv("HEARTH_PLAN_MAX_RESIDENTS", "")
	got, err := parsePlanLimits("HEARTH_PLAN_MAX_RESIDENTS")
	if err != nil || len(got) != 0 {
		t.Fatalf("unset: %v %v", got, err)
	}
	t.Setenv("HEARTH_PLAN_MAX_RESIDENTS", " FREE_PLAN=3 , PREMIUM_PLAN=50")
	got, err = parsePlanLimits("HEARTH_PLAN_MAX_RESIDENTS")
	if _, essential := got[shared.PlanEssential]; err != nil || got[shared.PlanFree] != 3 || essential || got[shared.PlanPremium] != 50 {
		t.Fatalf("set: %v %v", got, err)
	}
	for _, bad := range []string{"FREE_PLAN", "FREE_PLAN=-1", "GOLD_PLAN=4", "FREE_PLAN=two"} {
		t.Setenv("HEARTH_PLAN_MAX_RESIDENTS", bad)
		if _, err := parsePlanLimits("HEARTH_PLAN_MAX_RESIDENTS"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
