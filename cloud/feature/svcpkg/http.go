package svcpkg

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts /service-package-management's calls under /api/system (the super admin's).
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodGet, "/servicePackage/list", "Every service package with its limits and how many homes are on it, the cheapest first"),
		func(ctx context.Context, _ *web.None) ([]shared.ServicePackage, error) { return s.List(ctx) })
	web.Handle(api, op(http.MethodGet, "/servicePackage/get", "One service package"),
		func(ctx context.Context, in *shared.ServicePackageIDQuery) (*shared.ServicePackage, error) {
			return s.Get(ctx, in.ID)
		})
	web.Handle(api, op(http.MethodPost, "/servicePackage/save",
		"Add a service package (no id) or change one: its basic information and its limits (0 = unlimited; price 0 = free; validity 0 = permanent); every home on it is held to the new limits from its next call (audited)"),
		func(ctx context.Context, in *web.Body[shared.ServicePackage]) (*shared.ServicePackage, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/servicePackage/assign",
		"Put a home on an enabled package: its plan becomes the package's role, its limits count from its next call (audited)"),
		func(ctx context.Context, in *web.Body[shared.AssignPackageRequest]) (*struct{}, error) {
			return nil, s.Assign(ctx, auth.From(ctx), in.Body)
		})
}
