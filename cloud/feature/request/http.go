package request

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

var (
	// askRoles file requests: caregivers and admins (promoted caregivers).
	askRoles = []shared.Role{shared.RoleCaregiverStaff, shared.RoleFacilityAdmin}
	// deciders approve or refuse (spec 000 §6).
	deciders = []shared.Role{shared.RoleFacilityOwner, shared.RoleFacilityOwnerRegister, shared.RoleFacilityAdmin}
	// viewRoles list and count: their own (caregivers) or the facility's.
	viewRoles = []shared.Role{shared.RoleCaregiverStaff, shared.RoleFacilityAdmin, shared.RoleFacilityOwner, shared.RoleFacilityOwnerRegister}
	// selfFunctions: a caregiver's requests belong to their YourStatus page; an
	// owner's or admin's to staff management (spec 000 §6 menus).
	selfFunctions = map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnYourStatus}
)

// Routes mounts applicationForm (spec 001 §7.8) under the care service.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles ...shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/applicationForm" + path, Summary: summary,
			Access: web.SignedIn, Roles: roles, Function: shared.FnStaffManagement, RoleFunctions: selfFunctions}
	}
	web.Handle(api, op(http.MethodPost, "/save", "Ask for leave or a shift adjustment, or edit your own while PENDING", askRoles...),
		func(ctx context.Context, in *web.Body[shared.SaveApplicationFormRequest]) (*shared.ApplicationForm, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/approval", "Approve (status APPROVED or PASS) or refuse (REFUSED, with a comment) a PENDING request", deciders...),
		func(ctx context.Context, in *shared.ApprovalQuery) (*shared.ApplicationForm, error) {
			return s.Approval(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, op(http.MethodPost, "/listApplicationFormByPage", "Requests, pending first: your own, or the facility's for an owner or admin", viewRoles...),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.ApplicationFormFilter]]) (*shared.Page[shared.ApplicationForm], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/countReminders", "Pending requests: the facility's for an owner or admin, your own for a caregiver", viewRoles...),
		func(ctx context.Context, _ *web.None) (int, error) {
			return s.CountPending(ctx, auth.From(ctx))
		})
}
