// Package web is the typed HTTP layer every feature uses: one adapter decodes
// and validates the request from struct tags (Huma), enforces the route's
// roles and plan function, calls the service, and wraps the answer in the
// envelope; errors become envelope codes in exactly one place (errors.go).
package web

import (
	"context"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/go-chi/chi/v5"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Service prefixes under /api (spec 001 §7.1).
const (
	System = "system"
	Care   = "care"
	AI     = "ai"
	IM     = "im"
)

// Access says who may call a route.
type Access int

const (
	// Public routes need no sign-in (login, captcha, forgot password).
	Public Access = iota + 1
	// SignedIn routes need a valid session; Roles and Function narrow them further.
	SignedIn
)

// AnyPlan marks a signed-in route that every plan includes (user info, menus).
const AnyPlan = "*"

// Op declares one route. Every route states its access, its roles (empty =
// every role) and its plan function (a menu code, or AnyPlan).
type Op struct {
	Service  string
	Method   string
	Path     string // the spec's path after the service prefix, e.g. /user/login
	Summary  string
	Access   Access
	Roles    []shared.Role
	Function string
	// RoleFunctions gives a route that two kinds of user share its plan
	// function per role: a caregiver reads residents under CaregiverResidents,
	// an owner under ResidentManagement (spec 000 §6 menus). When set, the caller
	// passes if the plan allows the function of a role it holds; Function must
	// still be set and is used for roles not listed.
	RoleFunctions map[shared.Role]string
	// AllowTempPassword lets a user who must still change a temporary password call this route.
	AllowTempPassword bool
	// MaxBodyBytes bounds the request body (0: Huma's 1 MB). Uploads raise it;
	// it also bounds multipart bodies, which Huma itself does not limit.
	MaxBodyBytes int64
	// Alias serves the route at a second path (after the service prefix),
	// left out of the OpenAPI document: the spec's spelling when the document
	// cannot use it, e.g. "/dashboard/" (linters refuse a trailing slash).
	// Handle only.
	Alias string
	// SignInAgain marks a public route that itself answers HTTP 401 or 410
	// (refreshToken), declared in the OpenAPI document as signed-in routes' are.
	SignInAgain bool
}

// SessionChecker confirms that a signed-in session is still live and says
// whether its user must first change a temporary password.
type SessionChecker interface {
	CheckSession(ctx context.Context, p *auth.Principal) (mustChangePassword bool, err error)
}

// FunctionGate applies the function permissions of the caller's package to a
// call (spec 000 §3: 7003 switched off, 7004 past its time, 7011 past its count).
type FunctionGate interface {
	// Use checks one call of path (e.g. /care/resident/createResident) by p's
	// facility and counts it when its use is counted; release, when not nil,
	// gives the count back (the call then failed).
	Use(ctx context.Context, p *auth.Principal, path string) (release func(), err error)
}

// API is the registry of typed routes on a chi router.
type API struct {
	huma     huma.API
	Router   chi.Router
	Sessions SessionChecker
	// Functions applies function permissions to every signed-in call a facility makes (required; cloud/feature/funcperm).
	Functions FunctionGate
	inputs    inputTypes
}

// NewAPI makes the typed API on r; the OpenAPI document is served at /api/openapi.json.
func NewAPI(r chi.Router, version string) *API {
	cfg := huma.DefaultConfig("Hearth API", version)
	cfg.OpenAPIPath = "/api/openapi"
	cfg.DocsPath = "" // the bundled docs page loads scripts from a CDN, which our CSP forbids
	cfg.SchemasPath = ""
	cfg.AllowAdditionalPropertiesByDefault = true // tolerate fields older or newer clients send
	cfg.Info.Description = "Hearth care-facility API. Every answer is {code, message, data}; see docs/api.md."
	cfg.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"bearer": {Type: "http", Scheme: "bearer", BearerFormat: "JWT"},
	}
	cfg.CreateHooks = nil // no $schema links in bodies
	document(&cfg)
	return &API{huma: humachi.New(r, cfg), Router: r}
}

// OpenAPI is the generated document.
func (a *API) OpenAPI() *huma.OpenAPI { return a.huma.OpenAPI() }

// Body is the input of a route that takes a JSON body.
type Body[T any] struct {
	Body T
}

// None is the input of a route that takes nothing.
type None struct{}

type output[T any] struct {
	Body shared.Envelope[T]
}

var nonWord = regexp.MustCompile(`[^A-Za-z0-9]+`)

// Handle registers a typed route. fn gets the decoded, validated input and
// returns the answer's data; errors become envelope codes.
func Handle[I, O any](a *API, op Op, fn func(ctx context.Context, in *I) (O, error)) {
	a.bounded(reflect.TypeFor[*I]())
	handler := func(ctx context.Context, in *I) (*output[O], error) {
		if err := checkBounds(in); err != nil {
			var none O
			return answer(ctx, none, err)
		}
		data, err := fn(ctx, in)
		return answer(ctx, data, err)
	}
	huma.Register(a.huma, operation(a, op), handler)
	if op.Alias != "" {
		huma.Register(a.huma, alias(a, op), handler)
	}
}

// answer wraps a handler's result in the envelope: data with 0000, or the
// error's code and message.
func answer[O any](ctx context.Context, data O, err error) (*output[O], error) {
	if err != nil {
		return nil, toEnvelopeError(ctx, err)
	}
	noteCode(ctx, shared.CodeOK)
	return &output[O]{Body: shared.Envelope[O]{Code: shared.CodeOK, Message: "success", Data: data}}, nil
}

// operation checks op's declarations and makes its Huma operation.
func operation(a *API, op Op) huma.Operation {
	if op.Access == 0 {
		panic("web: route " + op.Path + " declares no access")
	}
	if op.Access == SignedIn && op.Function == "" {
		panic("web: route " + op.Path + " declares no plan function")
	}
	full := "/api/" + op.Service + op.Path
	hop := huma.Operation{
		OperationID: strings.Trim(nonWord.ReplaceAllString(op.Service+"-"+op.Path, "-"), "-"),
		Method:      op.Method,
		Path:        full,
		Summary:     op.Summary,
		Tags:        []string{op.Service},
		Description: describe(op),
		Middlewares: huma.Middlewares{guard(a, op)},
	}
	switch op.Access {
	case Public:
		hop.Security = []map[string][]string{} // "security: []": no sign-in, said rather than left unstated
	case SignedIn:
		hop.Security = []map[string][]string{{"bearer": {}}}
	}
	hop.Metadata = map[string]any{refusalsKey: refusals(op)}
	if op.MaxBodyBytes > 0 {
		hop.MaxBodyBytes = op.MaxBodyBytes
		hop.Middlewares = append(hop.Middlewares, limitBody(op.MaxBodyBytes))
	}
	return hop
}

func describe(op Op) string {
	if op.Access == Public {
		return "Public: no sign-in needed." + aliasNote(op)
	}
	roles := "any role"
	if len(op.Roles) > 0 {
		rs := make([]string, len(op.Roles))
		for i, r := range op.Roles {
			rs[i] = string(r)
		}
		roles = strings.Join(rs, ", ")
	}
	fn := op.Function
	if fn == AnyPlan {
		fn = "every plan"
	}
	if len(op.RoleFunctions) > 0 {
		var per []string
		for _, r := range op.Roles {
			if f, ok := op.RoleFunctions[r]; ok {
				per = append(per, string(r)+": "+f)
			}
		}
		fn = strings.Join(per, "; ") + "; otherwise " + fn
	}
	return "Roles: " + roles + ". Plan function: " + fn + "." + aliasNote(op)
}

// guard enforces the route's access, roles and plan before the input is read.
func guard(a *API, op Op) func(huma.Context, func(huma.Context)) {
	return func(hctx huma.Context, next func(huma.Context)) {
		if op.Access == Public {
			next(hctx)
			return
		}
		ctx := hctx.Context()
		p, err := authorize(ctx, a, op)
		if err != nil {
			ee := toEnvelopeError(ctx, err)
			_ = writeEnvelope(hctx, ee)
			return
		}
		noteUser(ctx, p)
		release, err := a.useFunction(ctx, p, op)
		if err != nil {
			_ = writeEnvelope(hctx, toEnvelopeError(ctx, err))
			return
		}
		next(huma.WithContext(hctx, auth.WithPrincipal(ctx, p)))
		// A counted call that did not succeed gives its count back.
		if ri := info(ctx); release != nil && ri != nil && ri.code != shared.CodeOK {
			release()
		}
	}
}

// useFunction applies the function permissions to a facility's call (the
// super admin and calls every plan has are not limited).
func (a *API) useFunction(ctx context.Context, p *auth.Principal, op Op) (func(), error) {
	if op.Function == AnyPlan || p.IsSuperAdmin() || p.TenantID == "" {
		return nil, nil
	}
	if a.Functions == nil {
		return nil, problem.Internal
	}
	return a.Functions.Use(ctx, p, "/"+op.Service+op.Path)
}

func authorize(ctx context.Context, a *API, op Op) (*auth.Principal, error) {
	st := pendingAuth(ctx)
	if st == nil || (st.principal == nil && st.err == nil) {
		return nil, problem.Unauthorized
	}
	if st.err != nil {
		return nil, st.err
	}
	p := st.principal
	mustChange, err := a.Sessions.CheckSession(ctx, p)
	if err != nil {
		return nil, err
	}
	if mustChange && !op.AllowTempPassword {
		return nil, problem.New(shared.CodePasswordChange, "auth.mustChangePassword")
	}
	if len(op.Roles) > 0 && !p.Has(op.Roles...) {
		return nil, problem.Forbidden
	}
	// An inspector (issue 32's inspector link) is let in only where a route
	// names the role: a route open to every role means every facility role.
	if p.Has(shared.RoleInspector) && !slices.Contains(op.Roles, shared.RoleInspector) {
		return nil, problem.Forbidden
	}
	if op.Function != AnyPlan && !p.IsSuperAdmin() {
		if p.Plan == "" {
			return nil, problem.NoPlan
		}
		if !planAllows(p, op) {
			return nil, problem.NoFunction
		}
	}
	return p, nil
}

// planAllows reports whether p's plan includes the route's function for one of
// p's roles (see Op.RoleFunctions).
func planAllows(p *auth.Principal, op Op) bool {
	if len(op.RoleFunctions) == 0 {
		return auth.PlanAllows(p.Plan, op.Function)
	}
	for _, r := range p.Roles {
		fn, ok := op.RoleFunctions[r]
		if !ok {
			fn = op.Function
		}
		if auth.PlanAllows(p.Plan, fn) {
			return true
		}
	}
	return false
}

func writeEnvelope(hctx huma.Context, ee *EnvelopeError) error {
	hctx.SetHeader("Content-Type", "application/json")
	hctx.SetStatus(ee.GetStatus())
	return jsonEncode(hctx.BodyWriter(), ee)
}

// WriteProblem writes a problem as an envelope from plain net/http code (middleware).
func WriteProblem(w http.ResponseWriter, r *http.Request, p *problem.Error) {
	ee := fail(r.Context(), p)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(ee.GetStatus())
	_ = jsonEncode(w, ee)
}

type requestKey struct{}

// KeepRequest makes the *http.Request reachable from a handler's context
// (for the client address and device id).
func KeepRequest(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestKey{}, r)))
	})
}

// Request is the request of ctx (see KeepRequest).
func Request(ctx context.Context) *http.Request {
	r, _ := ctx.Value(requestKey{}).(*http.Request)
	if r == nil {
		r, _ = http.NewRequest(http.MethodGet, "/", nil)
	}
	return r
}

// OptionalPrincipal is the caller on a public route when it sent a valid
// token and Sign, or nil. It does not check that the session is live.
func OptionalPrincipal(ctx context.Context) *auth.Principal {
	if st := pendingAuth(ctx); st != nil {
		return st.principal
	}
	return nil
}
