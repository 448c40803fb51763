// Package menu answers each user's menu tree: the entries their role may see,
// narrowed by their facility's plan (spec 000 §6).
package menu

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Service reads the menu table.
type Service struct{ db *db.DB }

// New makes the menu service.
func New(d *db.DB) *Service { return &Service{db: d} }

type row struct {
	item   shared.MenuItem
	parent string
	roles  []shared.Role
}

// Tree is the menu of p: entries whose roles include one of p's roles and
// whose top-level function p's plan includes (super admin: every platform entry).
// A group with no visible child is left out.
func (s *Service) Tree(ctx context.Context, p *auth.Principal) ([]shared.MenuItem, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT code, COALESCE(parent_code, ''), name_key, url, icon, roles FROM menus ORDER BY sort, code`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []row
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
	return tree, nil
}

// Routes mounts GET /api/system/menu/listUserMenuTree.
func Routes(api *web.API, s *Service) {
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/menu/listUserMenuTree",
		Summary: "The signed-in user's menu tree (menuName is an i18n key)", Access: web.SignedIn, Function: web.AnyPlan,
		// The UI loads the menu before it can send a temporary-password user to the change-password page.
		AllowTempPassword: true},
		func(ctx context.Context, _ *shared.UserIDQuery) ([]shared.MenuItem, error) {
			return s.Tree(ctx, auth.From(ctx))
		})
}
