// Package menu answers each user's menu tree: the entries their role may see,
// narrowed by their facility's plan (spec 000 §6), and lets the super admin
// edit the tree (/IAM/menu).
package menu

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Service answers menu trees. The rows are read once per version of the
// menus (param.Versions: an edit raises it in its transaction; this replica
// sees it at once, the others by notification on PostgreSQL and within a
// second in any case), and each tree is kept per role set and plan until the
// version moves.
type Service struct {
	db       *db.DB
	versions *param.Versions
	pages    []string // the URLs the UI has pages for
	names    []string // the menu name keys the UI has

	mu      sync.RWMutex
	version int64
	rows    []row                                     // nil until first read
	trees   map[string]*web.Answer[[]shared.MenuItem] // sent as kept bytes
}

// New makes the menu service: pages are the URLs the UI has a page for and
// names the menu name keys it has (frontend.Pages, frontend.MenuNameKeys).
func New(d *db.DB, v *param.Versions, pages, names []string) *Service {
	return &Service{db: d, versions: v, pages: pages, names: names, trees: map[string]*web.Answer[[]shared.MenuItem]{}}
}

type row struct {
	item     shared.MenuItem
	parent   string
	roles    []shared.Role
	sort     int
	function string // the plan function that shows it; "" for the top-level entry's code
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
	version, err := s.versions.Version(ctx, param.NameMenus)
	if err != nil {
		return nil, err
	}
	key := treeKey(p)
	s.mu.RLock()
	tree, ok := s.trees[key]
	current := s.version == version && s.rows != nil
	s.mu.RUnlock()
	if ok && current {
		return tree, nil
	}
	all, err := s.allRows(ctx, version)
	if err != nil {
		return nil, err
	}
	tree = web.NewAnswer(build(all, p))
	s.mu.Lock()
	if s.version == version {
		s.trees[key] = tree
	}
	s.mu.Unlock()
	return tree, nil
}

// treeKey is what a tree depends on: the roles, the plan, and whether the
// caller is the super admin (which IsSuperAdmin reads from the roles).
func treeKey(p *auth.Principal) string { return p.RoleKey() + "|" + string(p.Plan) }

// allRows are the menu rows of version (read again, and the trees forgotten, when it moved).
func (s *Service) allRows(ctx context.Context, version int64) ([]row, error) {
	s.mu.RLock()
	all := s.rows
	same := s.version == version
	s.mu.RUnlock()
	if all != nil && same {
		return all, nil
	}
	all, err := s.readRows(ctx, s.db)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.version != version || s.rows == nil {
		s.rows, s.version = all, version
		s.trees = map[string]*web.Answer[[]shared.MenuItem]{}
	}
	s.mu.Unlock()
	return all, nil
}

func (s *Service) readRows(ctx context.Context, q db.Querier) ([]row, error) {
	rows, err := q.QueryContext(ctx, `SELECT code, COALESCE(parent_code, ''), name_key, url, icon, roles, sort, plan_function FROM menus ORDER BY sort, code`)
	if err != nil {
		return nil, db.Wrap("menu: rows", err)
	}
	defer rows.Close()
	all := []row{}
	for rows.Next() {
		var r row
		var roles string
		if err := rows.Scan(&r.item.MenuCode, &r.parent, &r.item.MenuName, &r.item.MenuURL, &r.item.Icon, &roles, &r.sort, &r.function); err != nil {
			return nil, db.Wrap("menu: rows", err)
		}
		for _, role := range strings.Split(roles, ",") {
			r.roles = append(r.roles, shared.Role(role))
		}
		all = append(all, r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("menu: rows", err)
	}
	return all, nil
}

func build(all []row, p *auth.Principal) []shared.MenuItem {
	visible := func(r row, function string) bool {
		if !slices.ContainsFunc(r.roles, func(role shared.Role) bool { return p.Has(role) }) {
			return false
		}
		if r.function != "" {
			function = r.function
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

// Routes mounts GET /api/system/menu/listUserMenuTree and the super admin's menu editor.
func Routes(api *web.API, s *Service) {
	web.HandleAnswer(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/menu/listUserMenuTree",
		Summary: "The signed-in user's menu tree (menuName is an i18n key)", Access: web.SignedIn, Function: web.AnyPlan,
		// The UI loads the menu before it can send a temporary-password user to the change-password page.
		AllowTempPassword: true},
		func(ctx context.Context, _ *shared.UserIDQuery) (*web.Answer[[]shared.MenuItem], error) {
			return s.TreeAnswer(ctx, auth.From(ctx))
		})
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/menu" + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodGet, "/listAll", "Every menu entry for the menu editor, with the pages and names the UI has"),
		func(ctx context.Context, _ *web.None) (*shared.MenuEditorData, error) { return s.Editor(ctx) })
	web.Handle(api, op(http.MethodPost, "/add", "Add a menu entry (its URL a page the UI has; every server shows it within a second; audited)"),
		func(ctx context.Context, in *web.Body[shared.MenuRow]) (*shared.MenuRow, error) {
			return s.Save(ctx, auth.From(ctx), in.Body, true)
		})
	web.Handle(api, op(http.MethodPost, "/update", "Change a menu entry (audited)"),
		func(ctx context.Context, in *web.Body[shared.MenuRow]) (*shared.MenuRow, error) {
			return s.Save(ctx, auth.From(ctx), in.Body, false)
		})
	web.Handle(api, op(http.MethodPost, "/delete", "Remove a menu entry that has no children (audited)"),
		func(ctx context.Context, in *web.Body[shared.MenuCodeRequest]) (*struct{}, error) {
			return nil, s.Delete(ctx, auth.From(ctx), in.Body.Code)
		})
}
