package web

import (
	"testing"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// A route two kinds of user share is gated by each role's own menu function (Op.RoleFunctions).
func TestPlanAllowsPerRole(t *testing.T) {
	carer := &auth.Principal{Roles: []shared.Role{shared.RoleCaregiverStaff}}
	owner := &auth.Principal{Roles: []shared.Role{shared.RoleFacilityOwner}}
	premiumForOwners := Op{Function: shared.FnIncidentManagement,
		RoleFunctions: map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnCaregiverResidents}}
	premiumForCarers := Op{Function: shared.FnResidentManagement,
		RoleFunctions: map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnCaregiverIncident}}
	cases := []struct {
		name string
		p    *auth.Principal
		plan shared.Plan
		op   Op
		want bool
	}{
		{"carer's function in the plan", carer, shared.PlanEssential, premiumForOwners, true},
		{"owner's function not in the plan", owner, shared.PlanEssential, premiumForOwners, false},
		{"owner on premium", owner, shared.PlanPremium, premiumForOwners, true},
		{"carer's function not in the plan", carer, shared.PlanFree, premiumForCarers, false},
		{"owner falls back to Function", owner, shared.PlanFree, premiumForCarers, true},
		{"no RoleFunctions: Function only", carer, shared.PlanFree, Op{Function: shared.FnIncidentManagement}, false},
	}
	for _, c := range cases {
		p := *c.p
		p.Plan = c.plan
		if got := planAllows(&p, c.op); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
