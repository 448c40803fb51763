package request

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Caregivers and admins file requests (shared.CaregivingRoles), managers
// decide them (spec 000 §6), every facility role lists and counts: their own
// (caregivers) or the facility's.
//
// selfFunctions: a caregiver's requests belong to their YourStatus page; an
// owner's or admin's to staff management (spec 000 §6 menus).
var selfFunctions = map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnYourStatus}

// Routes mounts applicationForm (spec 001 §7.8) under the care service.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles ...shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/applicationForm" + path, Summary: summary,
			Access: web.SignedIn, Roles: roles, Function: shared.FnStaffManagement, RoleFunctions: selfFunctions}
	}
	web.Handle(api, op(http.MethodPost, "/save", "Ask for leave or a shift adjustment, or edit your own while PENDING", shared.CaregivingRoles...),
		func(ctx context.Context, in *web.Body[shared.SaveApplicationFormRequest]) (*shared.ApplicationForm, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/approval", "Approve (status APPROVED or PASS) or refuse (REFUSED, with a comment) a PENDING request", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.ApprovalQuery) (*shared.ApplicationForm, error) {
			return s.Approval(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, op(http.MethodPost, "/listApplicationFormByPage", "Requests, pending first: your own, or the facility's for an owner or admin", shared.EveryFacilityRole...),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.ApplicationFormFilter]]) (*shared.Page[shared.ApplicationForm], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/countReminders", "Pending requests: the facility's for an owner or admin, your own for a caregiver", shared.EveryFacilityRole...),
		func(ctx context.Context, _ *web.None) (int, error) {
			return s.CountPending(ctx, auth.From(ctx))
		})
}
