package menu

import (
	"context"
	"slices"
	"strings"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Refusals of the menu editor.
var (
	ErrCodeTaken   = problem.Invalid("code", "unique", "menu.codeTaken", nil)
	ErrNoName      = problem.Invalid("nameKey", "exists", "menu.noName", nil)
	ErrBadParent   = problem.Invalid("parentCode", "exists", "menu.badParent", nil)
	ErrBadFunction = problem.Invalid("function", "exists", "menu.badFunction", nil)
	ErrBadRole     = problem.Invalid("roles", "enum", "menu.badRole", nil)
	ErrHasChildren = problem.New(shared.CodeConflict, "menu.hasChildren")
)

// menuRoles are the roles a menu entry can be for.
var menuRoles = append(slices.Clone(shared.EveryFacilityRole), shared.RoleSuperAdmin)

func toMenuRow(r row) shared.MenuRow {
	return shared.MenuRow{Code: r.item.MenuCode, ParentCode: r.parent, NameKey: r.item.MenuName, URL: r.item.MenuURL, Icon: r.item.Icon,
		Sort: r.sort, Roles: slices.Clone(r.roles), Function: r.function}
}

// Editor is every entry, in menu order, and the pages and names an entry may use.
func (s *Service) Editor(ctx context.Context) (*shared.MenuEditorData, error) {
	all, err := s.readRows(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := &shared.MenuEditorData{Rows: make([]shared.MenuRow, 0, len(all)), Pages: s.pages, NameKeys: s.names}
	for _, r := range all {
		out.Rows = append(out.Rows, toMenuRow(r))
	}
	return out, nil
}

// check refuses an entry whose page, name, parent, roles or function the UI or the tree lacks.
func (s *Service) check(in *shared.MenuRow, all []row, creating bool) error {
	in.URL, in.NameKey, in.Icon = strings.TrimSpace(in.URL), strings.TrimSpace(in.NameKey), strings.TrimSpace(in.Icon)
	byCode := map[string]row{}
	for _, r := range all {
		byCode[r.item.MenuCode] = r
	}
	if _, taken := byCode[in.Code]; creating && taken {
		return ErrCodeTaken
	}
	if in.URL != "" && !slices.Contains(s.pages, in.URL) {
		return problem.Invalid("url", "page", "menu.noPage", map[string]any{"url": in.URL})
	}
	if !slices.Contains(s.names, in.NameKey) {
		return ErrNoName
	}
	if in.ParentCode != "" {
		parent, ok := byCode[in.ParentCode]
		if !ok || parent.parent != "" || in.ParentCode == in.Code {
			return ErrBadParent
		}
		for _, r := range all { // two levels only: an entry with children stays at the top
			if r.parent == in.Code {
				return ErrBadParent
			}
		}
	}
	if in.Function != "" {
		if _, ok := byCode[in.Function]; !ok {
			return ErrBadFunction
		}
	}
	seen := map[shared.Role]bool{}
	for _, r := range in.Roles {
		if !slices.Contains(menuRoles, r) || seen[r] {
			return ErrBadRole
		}
		seen[r] = true
	}
	return nil
}

// Save adds an entry (creating) or changes one, audited; every replica's next
// menu tree shows it.
func (s *Service) Save(ctx context.Context, who *auth.Principal, in shared.MenuRow, creating bool) (*shared.MenuRow, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		all, err := s.readRows(ctx, tx)
		if err != nil {
			return err
		}
		if err := s.check(&in, all, creating); err != nil {
			return err
		}
		roles := make([]string, len(in.Roles))
		for i, r := range in.Roles {
			roles[i] = string(r)
		}
		var before any
		if creating {
			if _, err := tx.ExecContext(ctx, `INSERT INTO menus (code, parent_code, name_key, url, icon, sort, roles, plan_function) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				in.Code, db.NullString(in.ParentCode), in.NameKey, in.URL, in.Icon, in.Sort, strings.Join(roles, ","), in.Function); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrCodeTaken
				}
				return db.Wrap("menu: add", err)
			}
		} else {
			i := slices.IndexFunc(all, func(r row) bool { return r.item.MenuCode == in.Code })
			if i < 0 {
				return problem.NotFound
			}
			before = toMenuRow(all[i])
			if _, err := tx.ExecContext(ctx, `UPDATE menus SET parent_code = ?, name_key = ?, url = ?, icon = ?, sort = ?, roles = ?, plan_function = ? WHERE code = ?`,
				db.NullString(in.ParentCode), in.NameKey, in.URL, in.Icon, in.Sort, strings.Join(roles, ","), in.Function, in.Code); err != nil {
				return db.Wrap("menu: change", err)
			}
		}
		if err := s.versions.Bump(ctx, tx, param.NameMenus); err != nil {
			return err //nolint:wrapcheck // param says what failed
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "menu.save", Entity: "menu", EntityID: in.Code, Before: before, After: in}) //nolint:wrapcheck // audit says what failed
	})
	if err != nil {
		return nil, err //nolint:wrapcheck // problems and wrapped store errors
	}
	return &in, nil
}

// Delete removes an entry without children, audited.
func (s *Service) Delete(ctx context.Context, who *auth.Principal, code string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error { //nolint:wrapcheck // problems and wrapped store errors
		all, err := s.readRows(ctx, tx)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(all, func(r row) bool { return r.item.MenuCode == code })
		if i < 0 {
			return problem.NotFound
		}
		if slices.ContainsFunc(all, func(r row) bool { return r.parent == code }) {
			return ErrHasChildren
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM menus WHERE code = ?`, code); err != nil {
			return db.Wrap("menu: delete", err)
		}
		if err := s.versions.Bump(ctx, tx, param.NameMenus); err != nil {
			return err //nolint:wrapcheck // param says what failed
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "menu.delete", Entity: "menu", EntityID: code, Before: toMenuRow(all[i])}) //nolint:wrapcheck // audit says what failed
	})
}
