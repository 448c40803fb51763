package web

import (
	"context"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Device routes are called by a registered device (the door kiosk of issue 5/6),
// not by a signed-in person: see HandleDevice.
const Device Access = 100

// DeviceHeader carries a device credential. Only HandleDevice routes read it,
// and they read nothing else: a device credential opens no other route (those
// answer 4001 without a bearer token), and a user's token opens no device route.
const DeviceHeader = shared.KioskCredentialHeader

type deviceKey struct{}

// HandleDevice registers a route that a registered device calls with its
// credential in DeviceHeader. check turns the credential into the device (D is
// the feature's own type) or fails; fn then gets that device. A missing header
// answers 4001 before check runs. No Sign/t is asked of a device: its
// credential is a 256-bit secret sent over TLS, and its writes are idempotent.
func HandleDevice[D, I, O any](a *API, op Op, check func(ctx context.Context, credential string) (D, error),
	fn func(ctx context.Context, device D, in *I) (O, error)) {
	op.Access = Device
	a.bounded(reflect.TypeFor[*I]())
	hop := operation(a, op)
	hop.Description = "Device: send the kiosk credential in the " + DeviceHeader + " header; user tokens are not accepted."
	hop.Security = []map[string][]string{{"kiosk": {}}}
	hop.Middlewares[0] = func(hctx huma.Context, next func(huma.Context)) {
		ctx := hctx.Context()
		cred := hctx.Header(DeviceHeader)
		if cred == "" {
			_ = writeEnvelope(hctx, toEnvelopeError(ctx, problem.Unauthorized))
			return
		}
		dev, err := check(ctx, cred)
		if err != nil {
			_ = writeEnvelope(hctx, toEnvelopeError(ctx, err))
			return
		}
		next(huma.WithValue(hctx, deviceKey{}, dev))
	}
	if c := a.huma.OpenAPI().Components; c != nil && c.SecuritySchemes != nil {
		c.SecuritySchemes["kiosk"] = &huma.SecurityScheme{Type: "apiKey", In: "header", Name: DeviceHeader}
	}
	huma.Register(a.huma, hop, func(ctx context.Context, in *I) (*output[O], error) {
		dev, ok := ctx.Value(deviceKey{}).(D)
		if !ok {
			return nil, toEnvelopeError(ctx, problem.Unauthorized)
		}
		if err := checkBounds(in); err != nil {
			return nil, toEnvelopeError(ctx, err)
		}
		data, err := fn(ctx, dev, in)
		return answer(ctx, data, err)
	})
}
