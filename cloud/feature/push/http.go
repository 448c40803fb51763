package push

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the push calls under the system service. Anyone who belongs
// to a facility turns push on for their own devices and chooses their own
// alerts (the person, the facility and the device come from the token and
// the X-Device-Id header, never from the body). Plan function: Dashboard, as
// the in-app notifications these alerts repeat (notification/http.go says why).
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/push" + path, Summary: summary,
			Access: web.SignedIn, Roles: shared.EveryFacilityRole, Function: shared.FnDashboard}
	}
	web.Handle(api, op(http.MethodGet, "/publicKey", "The server's VAPID public key, to subscribe this browser with"),
		func(ctx context.Context, _ *web.None) (*shared.PushKey, error) {
			return s.PublicKey(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodGet, "/status", "Whether this device (X-Device-Id) gets your alerts, and on how many devices you have turned them on"),
		func(ctx context.Context, _ *web.None) (*shared.PushStatus, error) {
			return s.Status(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodPost, "/subscribe", "Turn alerts on for this device: the browser's push subscription (endpoint, p256dh, auth)"),
		func(ctx context.Context, in *web.Body[shared.PushSubscribeRequest]) (*shared.PushStatus, error) {
			return s.Subscribe(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/unsubscribe", "Turn alerts off for this device (also at sign-out)"),
		func(ctx context.Context, _ *web.None) (*shared.PushStatus, error) {
			return s.Unsubscribe(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodGet, "/preferences", "Which alerts reach your devices (all until you choose)"),
		func(ctx context.Context, _ *web.None) (*shared.PushPreferences, error) {
			return s.Preferences(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodPost, "/savePreferences", "Choose which alerts reach your devices"),
		func(ctx context.Context, in *web.Body[shared.PushPreferences]) (*shared.PushPreferences, error) {
			return s.SavePreferences(ctx, auth.From(ctx), in.Body)
		})
}
