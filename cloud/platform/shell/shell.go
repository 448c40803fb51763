// Package shell holds the app shell's two registries: the sidebar's reminder
// counters (spec 000 §2 "Layout", §3 "Sidebar counts") and the dashboard's
// cards. Features do not know each other or this package's callers: each
// offers a plain function (count, or card data, for the signed-in principal)
// and cloud/server registers it with one line. A new feature therefore adds
// its counter or card without editing another feature's package.
package shell

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// CountFunc counts one sidebar reminder for the caller's facility.
type CountFunc func(ctx context.Context, p *auth.Principal) (int, error)

// Counter is one sidebar reminder. Roles and Function narrow who it counts
// for; for anyone else it counts 0 (the badge is hidden).
type Counter struct {
	Key      shared.SidebarCounter
	Roles    []shared.Role // empty: every facility role
	Function string        // the plan function it belongs to; "" or web.AnyPlan: every plan
	Count    CountFunc
	// Platform names the platform-wide settings the count reads besides its
	// facility's rows, as Card.Platform. The sidebar is kept as the kept
	// cards are: each count reads only rows whose writes raise its
	// facility's versions, and says with ChangesAt each moment it changes
	// with time alone, midnight at the facility aside.
	Platform []string
}

// CardFunc answers a card's data for the caller, or nil when the card has
// nothing to show for them (then it is left out).
type CardFunc func(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error)

// Card is one dashboard card: its key, who it shows for, and its data.
type Card struct {
	Key      string
	Roles    []shared.Role // empty: every signed-in role
	Function string        // the plan function it belongs to; "" or web.AnyPlan: every plan
	Data     CardFunc
	// ServerWide: the card speaks of the server, not of a home (the backups), so
	// the across-homes view shows it once, with the current home.
	ServerWide bool
	// Kept: the card's answer is kept per facility, person, roles and plan
	// while the facility's list and care versions are unchanged (kept.go).
	// Only for a card that reads nothing but rows under those versions
	// (migrations 00024, 00025, 00069, 00072 name the tables) and the
	// platform settings it names (Platform), and says with ChangesAt
	// every moment its answer changes with time alone, midnight at the
	// facility aside.
	Kept bool
	// Platform names the platform-wide settings a kept card reads besides its
	// facility's rows (their names in platform_versions: the parameters, the
	// required documents, the backup runs): it is kept only while their
	// versions are unchanged too.
	Platform []string
}

// PlatformVersionFunc is the version of a platform-wide setting by its name
// in platform_versions (param.Versions.Version).
type PlatformVersionFunc func(ctx context.Context, name string) (int64, error)

// Home is one facility a user owns, with their role and its plan there: the
// principal the across-homes cards are computed for.
type Home struct {
	TenantID     string
	FacilityName string
	TimeZone     shared.TimeZone
	Role         shared.Role
	Plan         shared.Plan
}

// HomesFunc lists the open facilities a user is a member of, by name.
type HomesFunc func(ctx context.Context, userID string) ([]Home, error)

// Registry is the set of counters and cards, filled once at start-up.
type Registry struct {
	counters []Counter
	cards    []Card
	homes    HomesFunc

	db       *db.DB              // where the facilities' versions are read (nil: nothing kept)
	now      func() time.Time    // the services' clock
	platform PlatformVersionFunc // the platform settings' versions (Card.Platform)
	kept     *keep.Timed[*shared.DashboardCard]
	sidebars *keep.Timed[*shared.SidebarReminderCount]
}

// Homes sets where the across-homes cards find an owner's homes (iam's memberships).
func (r *Registry) Homes(fn HomesFunc) { r.homes = fn }

// New makes an empty registry whose kept cards (Card.Kept) are kept under
// d's facility versions and, for those that read platform-wide settings
// (Card.Platform), their versions by platform; by the services' clock now
// (time.Now when nil).
func New(d *db.DB, now func() time.Time, platform PlatformVersionFunc) *Registry {
	if now == nil {
		now = time.Now
	}
	return &Registry{db: d, now: now, platform: platform, kept: keep.NewTimed[*shared.DashboardCard](keptCards, CardMaxAge, zone.Of),
		sidebars: keep.NewTimed[*shared.SidebarReminderCount](keep.MaxAnswers, CardMaxAge, zone.Of)}
}

// platformParts are the versions of the platform settings named (what a
// card or a counter reads: Card.Platform, Counter.Platform), as parts of a
// kept answer's key.
func (r *Registry) platformParts(ctx context.Context, names []string) ([]string, error) {
	if len(names) == 0 {
		return nil, nil
	}
	parts := make([]string, 0, len(names))
	for _, name := range names {
		v, err := r.platform(ctx, name)
		if err != nil {
			return nil, err
		}
		parts = append(parts, strconv.FormatInt(v, 10))
	}
	return parts, nil
}

// keptCards is how many cards are kept (a person's dashboard has up to 15).
const keptCards = 16 * keep.MaxAnswers

// Counter registers a sidebar counter. It panics on an unknown or repeated key,
// or a missing function: a wiring mistake found at start-up.
func (r *Registry) Counter(c Counter) {
	if c.Count == nil || !slices.Contains(shared.SidebarCounters, c.Key) {
		panic(fmt.Sprintf("shell: counter %q is not one of shared.SidebarCounters or has no Count", c.Key))
	}
	for _, o := range r.counters {
		if o.Key == c.Key {
			panic(fmt.Sprintf("shell: counter %q registered twice", c.Key))
		}
	}
	r.counters = append(r.counters, c)
}

// Card registers a dashboard card; cards are answered in registration order.
// It panics on an empty or repeated key, or a missing function.
func (r *Registry) Card(c Card) {
	if c.Key == "" || c.Data == nil {
		panic(fmt.Sprintf("shell: card %q has no key or no Data", c.Key))
	}
	if c.Kept && len(c.Platform) > 0 && r.platform == nil {
		panic(fmt.Sprintf("shell: card %q reads platform settings and the registry has no version reader", c.Key))
	}
	for _, o := range r.cards {
		if o.Key == c.Key {
			panic(fmt.Sprintf("shell: card %q registered twice", c.Key))
		}
	}
	r.cards = append(r.cards, c)
}

// shows reports whether something declared for roles and function is for p.
func shows(p *auth.Principal, roles []shared.Role, function string) bool {
	if len(roles) > 0 && !p.Has(roles...) {
		return false
	}
	if function == "" || function == web.AnyPlan || p.IsSuperAdmin() {
		return true
	}
	return auth.PlanAllows(p.Plan, function)
}

// Sidebar runs the registered counters for p; a counter not registered, or not
// for p's role or plan, counts 0. The super admin has no sidebar counts (spec
// 000 §6): the route refuses them.
func (r *Registry) Sidebar(ctx context.Context, p *auth.Principal) (*shared.SidebarReminderCount, error) {
	if p == nil || p.TenantID == "" || p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	var shown []*Counter
	var platform []string
	for i := range r.counters {
		if c := &r.counters[i]; shows(p, c.Roles, c.Function) {
			shown = append(shown, c)
			platform = append(platform, c.Platform...)
		}
	}
	count := func(ctx context.Context) (*shared.SidebarReminderCount, error) {
		out := &shared.SidebarReminderCount{}
		for _, c := range shown {
			n, err := c.Count(ctx, p)
			if err != nil {
				return nil, fmt.Errorf("sidebar counter %s: %w", c.Key, err)
			}
			out.Set(c.Key, n)
		}
		return out, nil
	}
	if r.db == nil {
		return count(ctx)
	}
	// Kept per person (a caregiver counts her own requests), roles and plan,
	// as the kept cards are (keptData).
	parts, err := r.platformParts(ctx, platform)
	if err != nil {
		return nil, err
	}
	return r.sidebars.Serve(ctx, r.db, p.TenantID, r.now(), append([]string{"sidebar", p.UserID, p.RoleKey(), string(p.Plan)}, parts...), count)
}

// Cards answers the cards registered for p's role and plan that have something to show.
func (r *Registry) Cards(ctx context.Context, p *auth.Principal) ([]shared.DashboardCard, error) {
	return r.cardsOf(ctx, p, true)
}

// cardsOf is Cards; serverWide false leaves out the cards that speak of the server.
func (r *Registry) cardsOf(ctx context.Context, p *auth.Principal, serverWide bool) ([]shared.DashboardCard, error) {
	out := []shared.DashboardCard{}
	for _, c := range r.cards {
		if !shows(p, c.Roles, c.Function) || (c.ServerWide && !serverWide) {
			continue
		}
		card, err := r.keptData(ctx, &c, p)
		if err != nil {
			return nil, fmt.Errorf("dashboard card %s: %w", c.Key, err)
		}
		if card == nil {
			continue
		}
		shown := *card // a kept card is shared: it is not changed
		shown.Key = c.Key
		if shown.Items == nil {
			shown.Items = []shared.DashboardItem{}
		}
		out = append(out, shown)
	}
	return out, nil
}

// CardsAcrossHomes answers, for an owner of several homes, each home's cards
// as the owner sees them there (issue 29: the dashboard across an owner's
// homes). Only the homes where the caller is an owner count, each under the
// caller's own role and that home's plan, the way a switch to it would sign
// them in; the current home is always included, the rest by name up to
// shared.DashboardHomesMax.
func (r *Registry) CardsAcrossHomes(ctx context.Context, p *auth.Principal) (*shared.CardsAcrossHomes, error) {
	if p == nil || p.TenantID == "" || !p.Has(shared.RoleFacilityOwner) || r.homes == nil {
		return nil, problem.Forbidden
	}
	homes, err := r.homes(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	owned := make([]Home, 0, len(homes))
	for _, h := range homes {
		if h.Role == shared.RoleFacilityOwner || h.TenantID == p.TenantID {
			owned = append(owned, h)
		}
	}
	out := &shared.CardsAcrossHomes{Homes: []shared.HomeCards{}}
	if i := slices.IndexFunc(owned, func(h Home) bool { return h.TenantID == p.TenantID }); i > shared.DashboardHomesMax-1 {
		owned[shared.DashboardHomesMax-1], owned[i] = owned[i], owned[shared.DashboardHomesMax-1]
	}
	if len(owned) > shared.DashboardHomesMax {
		out.More = len(owned) - shared.DashboardHomesMax
		owned = owned[:shared.DashboardHomesMax]
	}
	for _, h := range owned {
		hp := &auth.Principal{UserID: p.UserID, TenantID: h.TenantID, Roles: []shared.Role{h.Role}, Plan: h.Plan,
			SessionID: p.SessionID, DeviceID: p.DeviceID, LoginAt: p.LoginAt}
		cards, err := r.cardsOf(auth.WithPrincipal(ctx, hp), hp, h.TenantID == p.TenantID)
		if err != nil {
			return nil, err
		}
		out.Homes = append(out.Homes, shared.HomeCards{TenantID: h.TenantID, FacilityName: h.FacilityName, TimeZone: h.TimeZone,
			Current: h.TenantID == p.TenantID, Cards: cards})
	}
	return out, nil
}

// Routes mounts the shell's calls. The sidebar counts keep the spec's path
// (spec 001 §7.6: /api/care/resident/sidebarReminderCount).
func Routes(api *web.API, r *Registry) {
	web.Handle(api, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/resident/sidebarReminderCount", Access: web.SignedIn,
		Summary: "The five sidebar reminder counters", Roles: shared.EveryFacilityRole, Function: web.AnyPlan},
		func(ctx context.Context, _ *web.None) (*shared.SidebarReminderCount, error) {
			return r.Sidebar(ctx, auth.From(ctx))
		})
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/dashboard/listCards", Access: web.SignedIn,
		Summary: "The dashboard's cards for the signed-in user's role and plan", Function: web.AnyPlan},
		func(ctx context.Context, _ *web.None) ([]shared.DashboardCard, error) {
			return r.Cards(ctx, auth.From(ctx))
		})
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/dashboard/listCardsAcrossHomes", Access: web.SignedIn,
		Summary: "An owner's dashboard cards in each of their homes (the current one included)", Roles: []shared.Role{shared.RoleFacilityOwner},
		Function: web.AnyPlan},
		func(ctx context.Context, _ *web.None) (*shared.CardsAcrossHomes, error) {
			return r.CardsAcrossHomes(ctx, auth.From(ctx))
		})
}
