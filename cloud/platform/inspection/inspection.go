// Package inspection gathers the inspection readiness page's residents and
// staff areas (issue 32, spec 000 §2 /inspection-status) from rules the
// features already have, the way cloud/platform/shell gathers the dashboard:
// a feature offers plain functions (who the area is about, and each rule's
// gaps) and cloud/server registers each with one line, so no feature imports
// another. Every subject of an area is checked against every rule of it; a
// rule answers only its gaps, and everything it does not name is in order.
package inspection

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Subject is one resident or staff member an area is about.
type Subject struct {
	ID   string
	Name string
}

// SubjectsFunc lists an area's subjects in the caller's facility, in the order shown.
type SubjectsFunc func(ctx context.Context, p *auth.Principal) ([]Subject, error)

// Gap is one subject not in order under a rule: how many things are missing
// or overdue, since when (YYYY-MM-DD, may be empty) and the UI route where it is fixed.
type Gap struct {
	SubjectID string
	Count     int
	DueDate   string
	Link      string
}

// GapsFunc answers a rule's gaps in the caller's facility.
type GapsFunc func(ctx context.Context, p *auth.Principal) ([]Gap, error)

// Rule is one thing an inspector checks of every subject of its area.
// Function, when set, is the plan function of the records it reads and of
// the page its gaps link to: a plan without it has no such records to check
// (the essential plan has no incident management), so the rule is left out.
type Rule struct {
	Key      string // shared.Rule*
	Area     shared.InspectionArea
	Function string
	Gaps     GapsFunc
}

// Registry is the areas' subjects and rules, filled once at start-up.
type Registry struct {
	subjects  map[shared.InspectionArea]SubjectsFunc
	rules     []Rule
	documents DocumentsFunc
}

// New makes an empty registry.
func New() *Registry { return &Registry{subjects: map[shared.InspectionArea]SubjectsFunc{}} }

// Subjects sets who an area is about. It panics when set twice or without a function.
func (r *Registry) Subjects(area shared.InspectionArea, fn SubjectsFunc) {
	if fn == nil || r.subjects[area] != nil {
		panic(fmt.Sprintf("inspection: subjects of %s missing or set twice", area))
	}
	r.subjects[area] = fn
}

// Rule registers a rule; rules are answered in registration order. It panics
// on an empty or repeated key, or a missing function.
func (r *Registry) Rule(rule Rule) {
	if rule.Key == "" || rule.Gaps == nil || slices.ContainsFunc(r.rules, func(o Rule) bool { return o.Key == rule.Key }) {
		panic(fmt.Sprintf("inspection: rule %q has no key or function, or is registered twice", rule.Key))
	}
	r.rules = append(r.rules, rule)
}

// Area answers one area for p's facility (owners and admins: the route checks
// roles and plan). With only set, only that subject is answered (4004 when
// the area has no such subject: another home's, or one who does not live here).
func (r *Registry) Area(ctx context.Context, p *auth.Principal, area shared.InspectionArea, only string) (*shared.AreaInspections, error) {
	if err := auth.Member(p); err != nil {
		return nil, err //nolint:wrapcheck // a problem answer from the platform's own auth
	}
	list := r.subjects[area]
	if list == nil {
		return nil, fmt.Errorf("inspection: no subjects registered for %s", area)
	}
	subjects, err := list(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("inspection: %s subjects: %w", area, err)
	}
	if only != "" {
		i := slices.IndexFunc(subjects, func(s Subject) bool { return s.ID == only })
		if i < 0 {
			return nil, problem.NotFound
		}
		subjects = subjects[i : i+1]
	}
	out := &shared.AreaInspections{Area: area, Subjects: make([]shared.InspectionSubject, len(subjects))}
	for i, s := range subjects {
		out.Subjects[i] = shared.InspectionSubject{ID: s.ID, Name: s.Name, Checks: []shared.InspectionCheck{}}
	}
	for _, rule := range r.rules {
		if rule.Area != area || (rule.Function != "" && !auth.PlanAllows(p.Plan, rule.Function)) {
			continue
		}
		gaps, err := rule.Gaps(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("inspection rule %s: %w", rule.Key, err)
		}
		byID := make(map[string]Gap, len(gaps))
		for _, g := range gaps {
			if g.Count > 0 {
				byID[g.SubjectID] = g
			}
		}
		for i := range out.Subjects {
			c := shared.InspectionCheck{Rule: rule.Key, InOrder: true}
			if g, ok := byID[out.Subjects[i].ID]; ok {
				c = shared.InspectionCheck{Rule: rule.Key, Count: g.Count, DueDate: g.DueDate, Link: g.Link}
			}
			out.Subjects[i].Checks = append(out.Subjects[i].Checks, c)
		}
	}
	for i := range out.Subjects {
		s := &out.Subjects[i]
		s.Total = len(s.Checks)
		for _, c := range s.Checks {
			if c.InOrder {
				s.InOrder++
			}
		}
		out.InOrder += s.InOrder
		out.Total += s.Total
	}
	out.Score = Score(out.InOrder, out.Total)
	return out, nil
}

// Score is the share of items in order as a whole percentage, rounded down
// (99 while a single item is open); 100 when there is nothing to check.
func Score(inOrder, total int) int {
	if total <= 0 {
		return 100
	}
	return inOrder * 100 / total
}

// Routes mounts the two areas' calls: the residents area keeps the spec's path
// (spec 001 §7.6 getResidentFileInspections), the staff area sits beside the
// staff feature's getCaregiverFileInspections. Owners and admins, plan
// function InspectionStatus (the page's); the facility is the token's.
func Routes(api *web.API, r *Registry) {
	web.Handle(api, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/resident/getResidentFileInspections", Access: web.SignedIn,
		Summary: "The residents area of the inspection readiness page: each resident's checks, the gaps linked to their fix, and the score",
		Roles:   shared.FacilityManagers, Function: shared.FnInspectionStatus},
		func(ctx context.Context, in *shared.ResidentInspectionsQuery) (*shared.AreaInspections, error) {
			return r.Area(ctx, auth.From(ctx), shared.InspectionResidents, in.ResidentID)
		})
	web.Handle(api, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/caregiver/getStaffFileInspections", Access: web.SignedIn,
		Summary: "The staff area of the inspection readiness page: each working staff member's credential checks and the score",
		Roles:   shared.FacilityManagers, Function: shared.FnInspectionStatus},
		func(ctx context.Context, _ *web.None) (*shared.AreaInspections, error) {
			return r.Area(ctx, auth.From(ctx), shared.InspectionStaff, "")
		})
}
