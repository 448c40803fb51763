package facilitydoc

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// RequirementRoutes mounts /facility-doc-requirements' calls under
// /api/system (the super admin's): the facility documents' required set,
// edited as a platform parameter set.
func RequirementRoutes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/facilityDocRequirement" + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodGet, "/list",
		"The facility documents' required set: every requirement (retired ones too) with its names, WAC source, document rules, check items and how many document versions the homes filed against it"),
		func(ctx context.Context, in *shared.FacilityDocRequirementsQuery) ([]shared.FacilityDocRequirementDef, error) {
			return s.RequirementDefs(ctx, *in)
		})
	web.Handle(api, op(http.MethodPost, "/save",
		"Add a requirement (no code) or change one with its check items; the homes' checklists and checks use it from their next call (audited)"),
		func(ctx context.Context, in *web.Body[shared.FacilityDocRequirementDef]) (*shared.FacilityDocRequirementDef, error) {
			return s.SaveRequirement(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/retire",
		"Retire a requirement: it leaves the homes' checklists and takes no new document; the documents filed against it stay readable (audited)"),
		func(ctx context.Context, in *web.Body[shared.FacilityDocRequirementCodeRequest]) (*shared.FacilityDocRequirementDef, error) {
			return s.RetireRequirement(ctx, auth.From(ctx), in.Body.Code)
		})
	web.Handle(api, op(http.MethodPost, "/restore", "Put a retired requirement back in the homes' checklists (audited)"),
		func(ctx context.Context, in *web.Body[shared.FacilityDocRequirementCodeRequest]) (*shared.FacilityDocRequirementDef, error) {
			return s.RestoreRequirement(ctx, auth.From(ctx), in.Body.Code)
		})
}
