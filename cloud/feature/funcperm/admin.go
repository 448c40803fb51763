package funcperm

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Packages are the packages permissions can be given for (the plans, until billing adds packages).
var Packages = []string{string(shared.PlanFree), string(shared.PlanEssential), string(shared.PlanPremium)}

// Refusals of the editors.
var (
	ErrPathTaken   = problem.Invalid("apiPath", "unique", "funcperm.pathTaken", nil)
	ErrBadPath     = problem.Invalid("apiPath", "pattern", "funcperm.badPath", nil)
	ErrNoLimitTime = problem.Invalid("limitTime", "required", "funcperm.limitTime", nil)
	ErrNoCount     = problem.Invalid("limitCount", "minimum", "funcperm.limitCount", nil)
	ErrPermTaken   = problem.Invalid("packageId", "unique", "funcperm.permTaken", nil)
)

// ListAPIs is every function API, by path.
func (s *Service) ListAPIs(ctx context.Context) ([]shared.FunctionAPI, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, api_path, business_type, function_type, description, created_at
		FROM function_apis ORDER BY api_path`)
	if err != nil {
		return nil, db.Wrap("funcperm: list apis", err)
	}
	defer rows.Close()
	out := []shared.FunctionAPI{}
	for rows.Next() {
		var a shared.FunctionAPI
		if err := rows.Scan(&a.FunctionID, &a.FunctionName, &a.APIPath, &a.BusinessType, &a.FunctionType, &a.Description, &a.CreateTime); err != nil {
			return nil, db.Wrap("funcperm: list apis", err)
		}
		out = append(out, a)
	}
	return out, db.Wrap("funcperm: list apis", rows.Err())
}

func (s *Service) getAPI(ctx context.Context, q db.Querier, id string) (shared.FunctionAPI, error) {
	var a shared.FunctionAPI
	err := q.QueryRowContext(ctx, `SELECT id, name, api_path, business_type, function_type, description, created_at
		FROM function_apis WHERE id = ?`, id).Scan(&a.FunctionID, &a.FunctionName, &a.APIPath, &a.BusinessType, &a.FunctionType, &a.Description, &a.CreateTime)
	if errors.Is(err, sql.ErrNoRows) {
		return a, problem.NotFound
	}
	return a, db.Wrap("funcperm: read api", err)
}

// SaveAPI adds a function API (no functionId) or changes one.
func (s *Service) SaveAPI(ctx context.Context, who *auth.Principal, in shared.FunctionAPI) (*shared.FunctionAPI, error) {
	in.FunctionName = strings.TrimSpace(in.FunctionName)
	in.APIPath = strings.TrimSpace(in.APIPath)
	if !strings.HasPrefix(in.APIPath, "/") || strings.ContainsAny(in.APIPath, " ?#") {
		return nil, ErrBadPath
	}
	now := s.now().UnixMilli()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var before any
		if in.FunctionID == "" {
			in.FunctionID, in.CreateTime = uuid.Must(uuid.NewV7()).String(), now
			if _, err := tx.ExecContext(ctx, `INSERT INTO function_apis (id, name, api_path, business_type, function_type, description, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, in.FunctionID, in.FunctionName, in.APIPath, in.BusinessType, in.FunctionType, in.Description, now); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrPathTaken
				}
				return db.Wrap("funcperm: add api", err)
			}
		} else {
			old, err := s.getAPI(ctx, tx, in.FunctionID)
			if err != nil {
				return err
			}
			before, in.CreateTime = old, old.CreateTime
			if _, err := tx.ExecContext(ctx, `UPDATE function_apis SET name = ?, api_path = ?, business_type = ?, function_type = ?, description = ?
				WHERE id = ?`, in.FunctionName, in.APIPath, in.BusinessType, in.FunctionType, in.Description, in.FunctionID); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrPathTaken
				}
				return db.Wrap("funcperm: change api", err)
			}
		}
		if err := s.versions.Bump(ctx, tx, param.NameFunctions); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "functionApi.save", Entity: "functionApi", EntityID: in.FunctionID, Before: before, After: in})
	})
	if err != nil {
		return nil, err
	}
	return &in, nil
}

// DeleteAPI removes a function API and its permissions.
func (s *Service) DeleteAPI(ctx context.Context, who *auth.Principal, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.getAPI(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM function_permissions WHERE function_id = ?`, id); err != nil {
			return db.Wrap("funcperm: delete api permissions", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM function_apis WHERE id = ?`, id); err != nil {
			return db.Wrap("funcperm: delete api", err)
		}
		if err := s.versions.Bump(ctx, tx, param.NameFunctions); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "functionApi.delete", Entity: "functionApi", EntityID: id, Before: old})
	})
}

const permColumns = `SELECT p.id, p.function_id, a.name, a.api_path, p.package_id, p.permission_type, p.limit_count, p.limit_time, p.status, p.updated_at
	FROM function_permissions p JOIN function_apis a ON a.id = p.function_id`

func scanPerm(sc interface{ Scan(...any) error }) (shared.FunctionPermission, error) {
	var f shared.FunctionPermission
	err := sc.Scan(&f.ID, &f.FunctionID, &f.FunctionName, &f.APIPath, &f.PackageID, &f.PermissionType, &f.LimitCount, &f.LimitTime, &f.Status, &f.UpdateTime)
	return f, err //nolint:wrapcheck // the callers wrap
}

// ListPermissions is every permission (of one package when pkg is not empty).
func (s *Service) ListPermissions(ctx context.Context, pkg string) ([]shared.FunctionPermission, error) {
	rows, err := s.db.QueryContext(ctx, permColumns+` WHERE (? = '' OR p.package_id = ?) ORDER BY p.package_id, a.api_path`, pkg, pkg)
	if err != nil {
		return nil, db.Wrap("funcperm: list permissions", err)
	}
	defer rows.Close()
	out := []shared.FunctionPermission{}
	for rows.Next() {
		f, err := scanPerm(rows)
		if err != nil {
			return nil, db.Wrap("funcperm: list permissions", err)
		}
		out = append(out, f)
	}
	return out, db.Wrap("funcperm: list permissions", rows.Err())
}

// SavePermission adds a package's permission for a function API (no id) or changes one.
func (s *Service) SavePermission(ctx context.Context, who *auth.Principal, in shared.FunctionPermission) (*shared.FunctionPermission, error) {
	if !slices.Contains(Packages, in.PackageID) {
		return nil, problem.Invalid("packageId", "enum", "validation.enum", nil)
	}
	switch in.PermissionType {
	case shared.PermissionTimeLimited:
		if in.LimitTime <= 0 {
			return nil, ErrNoLimitTime
		}
		in.LimitCount = 0
	case shared.PermissionUsageLimited:
		if in.LimitCount < 1 {
			return nil, ErrNoCount
		}
		in.LimitTime = 0
	default:
		in.LimitCount, in.LimitTime = 0, 0
	}
	now := s.now().UnixMilli()
	in.UpdateTime = now
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		api, err := s.getAPI(ctx, tx, in.FunctionID)
		if err != nil {
			return problem.Invalid("functionId", "exists", "funcperm.noFunction", nil)
		}
		in.FunctionName, in.APIPath = api.FunctionName, api.APIPath
		var before any
		if in.ID == "" {
			in.ID = uuid.Must(uuid.NewV7()).String()
			if _, err := tx.ExecContext(ctx, `INSERT INTO function_permissions (id, function_id, package_id, permission_type, limit_count, limit_time, status, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, in.ID, in.FunctionID, in.PackageID, in.PermissionType, in.LimitCount, in.LimitTime, in.Status, now); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrPermTaken
				}
				return db.Wrap("funcperm: add permission", err)
			}
		} else {
			old, err := scanPerm(tx.QueryRowContext(ctx, permColumns+` WHERE p.id = ?`, in.ID))
			if errors.Is(err, sql.ErrNoRows) {
				return problem.NotFound
			}
			if err != nil {
				return db.Wrap("funcperm: read permission", err)
			}
			before = old
			if _, err := tx.ExecContext(ctx, `UPDATE function_permissions SET function_id = ?, package_id = ?, permission_type = ?, limit_count = ?,
				limit_time = ?, status = ?, updated_at = ? WHERE id = ?`, in.FunctionID, in.PackageID, in.PermissionType, in.LimitCount, in.LimitTime,
				in.Status, now, in.ID); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrPermTaken
				}
				return db.Wrap("funcperm: change permission", err)
			}
		}
		if err := s.versions.Bump(ctx, tx, param.NameFunctions); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "functionPermission.save", Entity: "functionPermission", EntityID: in.ID,
			Before: before, After: in})
	})
	if err != nil {
		return nil, err
	}
	return &in, nil
}

// DeletePermission removes one permission (the function is then unlimited for that package).
func (s *Service) DeletePermission(ctx context.Context, who *auth.Principal, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := scanPerm(tx.QueryRowContext(ctx, permColumns+` WHERE p.id = ?`, id))
		if errors.Is(err, sql.ErrNoRows) {
			return problem.NotFound
		}
		if err != nil {
			return db.Wrap("funcperm: read permission", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM function_permissions WHERE id = ?`, id); err != nil {
			return db.Wrap("funcperm: delete permission", err)
		}
		if err := s.versions.Bump(ctx, tx, param.NameFunctions); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "functionPermission.delete", Entity: "functionPermission", EntityID: id, Before: old})
	})
}
