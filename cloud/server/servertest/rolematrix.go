package servertest

import (
	"net/http"
	"testing"

	"hearth/shared"
)

// Route is one call of a feature's access test. Is holds what the test says
// about the route (owners and admins only, names another facility's record,
// needs a plan function...) for its callers' Want.
type Route[T any] struct {
	Name string
	Is   T
	PDF  bool // answers a PDF, not an envelope, when it succeeds
	Do   func(c *Client) *Response
}

// Caller makes the routes of a RoleMatrix. Want is the envelope code a route
// must answer it, or NotCalled for a route it does not make.
type Caller[T any] struct {
	Name   string
	Client *Client
	Want   func(r Route[T]) string
}

// NotCalled is what a Caller's Want answers for a route the caller does not make.
const NotCalled = ""

// RoleMatrix makes the routes as each caller, callers in turn and routes in
// their order (a call that succeeds may change what the next one finds), and
// reports each answer that is not the caller's Want: HTTP 200 with that code,
// or for a PDF route that must succeed, HTTP 200 with a PDF. The test goes on
// after a wrong answer, so one run shows them all.
func RoleMatrix[T any](tb testing.TB, routes []Route[T], callers ...Caller[T]) {
	tb.Helper()
	for _, who := range callers {
		for _, r := range routes {
			want := who.Want(r)
			if want == NotCalled {
				continue
			}
			got := r.Do(who.Client)
			if r.PDF && want == shared.CodeOK {
				if got.Status != http.StatusOK || got.Header.Get("Content-Type") != "application/pdf" {
					tb.Errorf("%s by %s: HTTP %d %s, want a PDF: %.200s", r.Name, who.Name, got.Status, got.Header.Get("Content-Type"), got.Body)
				}
				continue
			}
			if got.Status != http.StatusOK || got.Code != want {
				tb.Errorf("%s by %s: HTTP %d code %s, want %s: %.200s", r.Name, who.Name, got.Status, got.Code, want, got.Body)
			}
		}
	}
}

// Outsiders checks that no route of a facility lets in the super admin, who
// is no facility user (4003), or anyone not signed in (HTTP 401).
func Outsiders[T any](tb testing.TB, e *Env, routes []Route[T]) {
	tb.Helper()
	super, anon := e.SignIn(tb, "superadmin"), e.Client()
	for _, r := range routes {
		if got := r.Do(super); got.Status != http.StatusOK || got.Code != shared.CodeForbidden {
			tb.Errorf("%s by the super admin: HTTP %d code %s, want %s", r.Name, got.Status, got.Code, shared.CodeForbidden)
		}
		r.Do(anon).Is(tb, http.StatusUnauthorized, shared.CodeUnauthorized)
	}
}
