package platformdash

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the platform dashboard's call.
func Routes(api *web.API, s *Service) {
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/dashboard/platformSummary", Access: web.SignedIn,
		Summary: "Super admin: active users per day (30 days), residents under care, open support tickets, AI usage by capability (30 days) and failed background jobs, over every home",
		Roles:   shared.SuperAdmins, Function: web.AnyPlan},
		func(ctx context.Context, _ *web.None) (*shared.PlatformSummary, error) {
			return s.Summary(ctx, auth.From(ctx))
		})
}
