package notification

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the notification calls under the care service. Anyone who
// belongs to a facility reads and clears their own notifications there (the
// tenant and the person come from the token, never from the request).
//
// Plan function: Dashboard. Notifications belong to no one menu entry, and
// the one function every facility plan holds is the Dashboard (spec 000 §6:
// it is in FREE_PLAN's list, and ESSENTIAL_PLAN and PREMIUM_PLAN hold every
// function but the premium-only ones; its menu row is shown to all four
// facility roles, migrations 00001). So every facility with a plan gets its
// notifications, and a facility without one (7001) gets them as it gets the
// rest of the app: not at all.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/notification" + path, Summary: summary,
			Access: web.SignedIn, Roles: shared.EveryFacilityRole, Function: shared.FnDashboard}
	}
	web.Handle(api, op(http.MethodPost, "/listMine", "Your notifications in this facility, newest first (data.unreadOnly: only the unread)"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.NotificationFilter]]) (*shared.Page[shared.Notification], error) {
			return s.ListMine(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/unreadCount", "How many of your notifications are unread, and the newest one's time (the bell; poll it)"),
		func(ctx context.Context, _ *web.None) (*shared.UnreadNotifications, error) {
			return s.UnreadCount(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodPost, "/markRead", "Mark your notifications read: the ids given, or all; answers the unread count after"),
		func(ctx context.Context, in *web.Body[shared.MarkNotificationsReadRequest]) (*shared.UnreadNotifications, error) {
			return s.MarkRead(ctx, auth.From(ctx), in.Body)
		})
}
