package auth

import (
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Member refuses (Forbidden) a caller who works in no facility: nobody
// signed in, or the super admin, whose token carries no tenant. Features call
// it before a tenant-scoped read or write, beside the route's own role check.
func Member(p *Principal) error {
	if p == nil || p.TenantID == "" || p.IsSuperAdmin() {
		return problem.Forbidden
	}
	return nil
}

// Manager refuses (Forbidden) a caller who does not manage the facility:
// owners and admins manage (shared.FacilityManagers).
func Manager(p *Principal) error {
	if err := Member(p); err != nil {
		return err
	}
	if !p.Has(shared.FacilityManagers...) {
		return problem.Forbidden
	}
	return nil
}
