// Package menu answers each user's menu tree: the entries their role may see,
// narrowed by their facility's plan (spec 000 §6).
package menu

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Service answers menu trees. The menus table is written only by migrations,
// which run before the server starts, so the rows are read once per process
// and each tree is kept per role set and plan until the process ends. A
// change of menus at run time (the spec's menu-management page, not built)
// would have to forget them, and on PostgreSQL tell the other replicas as
// the session checks do (iam/sessioncache.go).
type Service struct {
	db *db.DB

	mu    sync.RWMutex
	rows  []row                                     // nil until first read
	trees map[string]*web.Answer[[]shared.MenuItem] // sent as kept bytes
}

// New makes the menu service.
func New(d *db.DB) *Service {
	return &Service{db: d, trees: map[string]*web.Answer[[]shared.MenuItem]{}}
}

type row struct {
	item   shared.MenuItem
	parent string
	roles  []shared.Role
}

// Tree is the menu of p: entries whose roles include one of p's roles and
// whose top-level function p's plan includes (super admin: every platform entry).
// A group with no visible child is left out. Callers must not change the answer:
// the same tree is shared by everyone with the same roles and plan.
func (s *Service) Tree(ctx context.Context, p *auth.Principal) ([]shared.MenuItem, error) {
	ans, err := s.TreeAnswer(ctx, p)
	if err != nil {
		return nil, err
	}
	return ans.Data, nil
}

// TreeAnswer is Tree as the kept answer the route sends.
func (s *Service) TreeAnswer(ctx context.Context, p *auth.Principal) (*web.Answer[[]shared.MenuItem], error) {
	key := treeKey(p)
	s.mu.RLock()
	tree, ok := s.trees[key]
	s.mu.RUnlock()
	if ok {
		return tree, nil
	}
	all, err := s.allRows(ctx)
	if err != nil {
		return nil, err
	}
	tree = web.NewAnswer(build(all, p))
	s.mu.Lock()
	s.trees[key] = tree
	s.mu.Unlock()
	return tree, nil
}

// treeKey is what a tree depends on: the roles, the plan, and whether the
// caller is the super admin (which IsSuperAdmin reads from the roles).
func treeKey(p *auth.Principal) string { return p.RoleKey() + "|" + string(p.Plan) }

func (s *Service) allRows(ctx context.Context) ([]row, error) {
	s.mu.RLock()
	all := s.rows
	s.mu.RUnlock()
	if all != nil {
		return all, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT code, COALESCE(parent_code, ''), name_key, url, icon, roles FROM menus ORDER BY sort, code`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	all = []row{}
	for rows.Next() {
		var r row
		var roles string
		if err := rows.Scan(&r.item.MenuCode, &r.parent, &r.item.MenuName, &r.item.MenuURL, &r.item.Icon, &roles); err != nil {
			return nil, err
		}
		for _, role := range strings.Split(roles, ",") {
			r.roles = append(r.roles, shared.Role(role))
		}
		all = append(all, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.rows = all
	s.mu.Unlock()
	return all, nil
}

func build(all []row, p *auth.Principal) []shared.MenuItem {
	visible := func(r row, function string) bool {
		if !slices.ContainsFunc(r.roles, func(role shared.Role) bool { return p.Has(role) }) {
			return false
		}
		return p.IsSuperAdmin() || auth.PlanAllows(p.Plan, function)
	}
	tree := []shared.MenuItem{}
	for _, top := range all {
		if top.parent != "" || !visible(top, top.item.MenuCode) {
			continue
		}
		item := top.item
		item.Children = []shared.MenuItem{}
		for _, child := range all {
			if child.parent == top.item.MenuCode && visible(child, top.item.MenuCode) {
				c := child.item
				c.Children = []shared.MenuItem{}
				item.Children = append(item.Children, c)
			}
		}
		if item.MenuURL == "" && len(item.Children) == 0 {
			continue
		}
		tree = append(tree, item)
	}
	return tree
}

// Routes mounts GET /api/system/menu/listUserMenuTree.
func Routes(api *web.API, s *Service) {
	web.HandleAnswer(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/menu/listUserMenuTree",
		Summary: "The signed-in user's menu tree (menuName is an i18n key)", Access: web.SignedIn, Function: web.AnyPlan,
		// The UI loads the menu before it can send a temporary-password user to the change-password page.
		AllowTempPassword: true},
		func(ctx context.Context, _ *shared.UserIDQuery) (*web.Answer[[]shared.MenuItem], error) {
			return s.TreeAnswer(ctx, auth.From(ctx))
		})
}
