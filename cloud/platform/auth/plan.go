package auth

import "hearth/shared"

// freeFunctions are the only functions of the free plan (spec 000 §6).
var freeFunctions = map[string]bool{
	shared.FnDashboard: true, shared.FnCaregiverTask: true, shared.FnHomeOwnerTasks: true,
	shared.FnCaregiverResidents: true, shared.FnResidentManagement: true,
	shared.FnStaffManagement: true, shared.FnPricing: true,
}

// premiumOnly are the functions the essential plan lacks (spec 000 §6).
// InspectionStatus is not among them: spec 000 §2 says /inspection-status
// "needs the essential plan role", and issue 32 serves it on essential and
// premium (where §6's list and §2 disagree, the page's own rule wins).
var premiumOnly = map[string]bool{
	shared.FnIncidentManagement: true, shared.FnCaregiverIncident: true,
	shared.FnHelpAssistant: true, // the help assistant's floating button (spec 000 §6)
}

// PlanAllows reports whether a facility on plan may use function (a menu code).
// Spec 000 §6: FREE_PLAN only the free functions; ESSENTIAL_PLAN everything but
// the premium-only ones; PREMIUM_PLAN everything; no plan nothing.
func PlanAllows(plan shared.Plan, function string) bool {
	switch plan {
	case shared.PlanPremium:
		return true
	case shared.PlanEssential:
		return !premiumOnly[function]
	case shared.PlanFree:
		return freeFunctions[function]
	default:
		return false
	}
}
