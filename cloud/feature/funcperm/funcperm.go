// Package funcperm holds the function APIs and each package's function
// permissions (spec 000 §3 "Function API", "Function permission"; issue 30)
// and applies them to every call a facility makes: the route guard asks Use
// (web.FunctionGate) before the handler runs. A package is a plan code
// (FREE_PLAN, ESSENTIAL_PLAN, PREMIUM_PLAN) until the billing issue adds
// packages. Permissions are kept in memory per replica and read again when
// their version moves (param.Versions: at once on the replica that changed
// them and, on PostgreSQL, by notification on the others; within a second
// otherwise).
package funcperm

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Refusals of the guard (spec 001 §8).
var (
	ErrDisabled  = problem.New(shared.CodeFunctionMissing, "error.functionMissing")
	ErrTimeLimit = problem.New(shared.CodeTimeLimit, "funcperm.timeLimit")
	ErrUsage     = problem.New(shared.CodeUsageCount, "funcperm.usageCount")
)

// Service answers and edits function APIs and permissions and guards calls.
type Service struct {
	db       *db.DB
	versions *param.Versions
	now      func() time.Time

	mu      sync.Mutex
	version int64
	loaded  bool
	rules   map[string]rule // by api path + "|" + package
}

// rule is one enabled permission of a package for one call.
type rule struct {
	functionID string
	kind       shared.FunctionPermissionType
	limitCount int64
	limitTime  int64
}

// New makes the service; now is the clock limits are judged by.
func New(d *db.DB, v *param.Versions, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, versions: v, now: now}
}

// Period is the first epoch ms of the calendar month (UTC) of t: usage counts restart each month.
func Period(t time.Time) int64 {
	u := t.UTC()
	return time.Date(u.Year(), u.Month(), 1, 0, 0, 0, 0, time.UTC).UnixMilli()
}

// Use applies p's package's permission for path (web.FunctionGate).
func (s *Service) Use(ctx context.Context, p *auth.Principal, path string) (func(), error) {
	rules, err := s.load(ctx)
	if err != nil {
		return nil, err
	}
	r, ok := rules[path+"|"+string(p.Plan)]
	if !ok {
		return nil, nil
	}
	now := s.now()
	switch r.kind {
	case shared.PermissionDisabled:
		return nil, ErrDisabled
	case shared.PermissionTimeLimited:
		if now.UnixMilli() > r.limitTime {
			return nil, ErrTimeLimit
		}
		return nil, nil
	case shared.PermissionUsageLimited:
		period := Period(now)
		var calls int64
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			return tx.QueryRowContext(ctx, `INSERT INTO function_usage (tenant_id, function_id, period, calls) VALUES (?, ?, ?, 1)
				ON CONFLICT (tenant_id, function_id, period) DO UPDATE SET calls = function_usage.calls + 1 WHERE function_usage.calls < ?
				RETURNING calls`, p.TenantID, r.functionID, period, r.limitCount).Scan(&calls)
		})
		if err != nil {
			if errors.Is(err, sql.ErrNoRows) { // the update's condition failed: the count is used up
				return nil, ErrUsage.With(map[string]any{"max": r.limitCount})
			}
			return nil, db.Wrap("funcperm: count", err)
		}
		if calls > r.limitCount { // a first call under a limit of 0
			s.release(ctx, p.TenantID, r.functionID, period)()
			return nil, ErrUsage.With(map[string]any{"max": r.limitCount})
		}
		return s.release(ctx, p.TenantID, r.functionID, period), nil
	}
	return nil, nil
}

// release gives one counted call back (the call failed).
func (s *Service) release(ctx context.Context, tenantID, functionID string, period int64) func() {
	ctx = context.WithoutCancel(ctx) // given back after the answer, whatever became of the request
	return func() {
		_, _ = s.db.ExecContext(ctx, `UPDATE function_usage SET calls = calls - 1
			WHERE tenant_id = ? AND function_id = ? AND period = ? AND calls > 0`, tenantID, functionID, period)
	}
}

// load is every enabled permission, read again when their version moved.
func (s *Service) load(ctx context.Context) (map[string]rule, error) {
	version, err := s.versions.Version(ctx, param.NameFunctions)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.loaded && s.version == version {
		rules := s.rules
		s.mu.Unlock()
		return rules, nil
	}
	s.mu.Unlock()
	rows, err := s.db.QueryContext(ctx, `SELECT a.api_path, p.package_id, p.function_id, p.permission_type, p.limit_count, p.limit_time
		FROM function_permissions p JOIN function_apis a ON a.id = p.function_id WHERE p.status = 'ENABLED'`)
	if err != nil {
		return nil, db.Wrap("funcperm: rules", err)
	}
	defer rows.Close()
	rules := map[string]rule{}
	for rows.Next() {
		var path, pkg string
		var r rule
		if err := rows.Scan(&path, &pkg, &r.functionID, &r.kind, &r.limitCount, &r.limitTime); err != nil {
			return nil, db.Wrap("funcperm: rules", err)
		}
		rules[path+"|"+pkg] = r
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("funcperm: rules", err)
	}
	s.mu.Lock()
	s.rules, s.version, s.loaded = rules, version, true
	s.mu.Unlock()
	return rules, nil
}
