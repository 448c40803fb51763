package funcperm

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// PackageQuery narrows the permissions to one package.
type PackageQuery struct {
	PackageID string `query:"packageId" enum:"FREE_PLAN,ESSENTIAL_PLAN,PREMIUM_PLAN,"`
}

// Routes mounts /function-api-management and /function-permission-management's
// calls under /api/system (the super admin's).
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodGet, "/functionApi/list", "Every function API (a call a package can switch off, time-limit or count)"),
		func(ctx context.Context, _ *web.None) ([]shared.FunctionAPI, error) { return s.ListAPIs(ctx) })
	web.Handle(api, op(http.MethodPost, "/functionApi/save", "Add a function API (no functionId) or change one (audited)"),
		func(ctx context.Context, in *web.Body[shared.FunctionAPI]) (*shared.FunctionAPI, error) {
			return s.SaveAPI(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/functionApi/delete", "Remove a function API and its permissions (audited)"),
		func(ctx context.Context, in *web.Body[shared.FunctionIDRequest]) (*struct{}, error) {
			return nil, s.DeleteAPI(ctx, auth.From(ctx), in.Body.FunctionID)
		})
	web.Handle(api, op(http.MethodGet, "/functionPermission/list", "Function permissions, of one package or all"),
		func(ctx context.Context, in *PackageQuery) ([]shared.FunctionPermission, error) {
			return s.ListPermissions(ctx, in.PackageID)
		})
	web.Handle(api, op(http.MethodPost, "/functionPermission/save",
		"Add a package's permission for a function API (no id) or change one: DISABLED (7003), TIME_LIMITED until limitTime (7004), USAGE_LIMITED to limitCount calls a month per facility (7011); every server applies it within a second (audited)"),
		func(ctx context.Context, in *web.Body[shared.FunctionPermission]) (*shared.FunctionPermission, error) {
			return s.SavePermission(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/functionPermission/delete", "Remove a permission: the function is then unlimited for that package (audited)"),
		func(ctx context.Context, in *web.Body[shared.FunctionPermissionIDRequest]) (*struct{}, error) {
			return nil, s.DeletePermission(ctx, auth.From(ctx), in.Body.ID)
		})
}
