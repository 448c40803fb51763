package tenant

import (
	"context"
	"database/sql"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// CardTenants is the platform's dashboard card (registered in cloud/server).
const CardTenants = "tenants"

// TenantsCard is the super admin's card: facilities by review status and by
// plan, and the platform's user accounts.
func (s *Store) TenantsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	byStatus := map[shared.TenantStatus]int{}
	byPlan := map[shared.Plan]int{}
	total := 0
	rows, err := s.db.QueryContext(ctx, `SELECT status, subscription_plan, COUNT(*) FROM tenants GROUP BY status, subscription_plan`)
	if err != nil {
		return nil, db.Wrap("tenant: facilities card", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st shared.TenantStatus
		var plan sql.NullString
		var n int
		if err := rows.Scan(&st, &plan, &n); err != nil {
			return nil, db.Wrap("tenant: facilities card", err)
		}
		byStatus[st] += n
		byPlan[shared.Plan(plan.String)] += n
		total += n
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("tenant: facilities card", err)
	}
	var users int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&users); err != nil {
		return nil, db.Wrap("tenant: count users", err)
	}
	waiting := shared.ToneNone
	if byStatus[shared.TenantSubmitted] > 0 {
		waiting = shared.ToneWarning
	}
	item := func(key string, n int) shared.DashboardItem {
		return shared.DashboardItem{Key: key, Count: n, Tone: shared.ToneNone}
	}
	return &shared.DashboardCard{Items: []shared.DashboardItem{
		item("facilities", total),
		{Key: "facilitiesSubmitted", Count: byStatus[shared.TenantSubmitted], Tone: waiting},
		item("facilitiesApproved", byStatus[shared.TenantApproved]),
		item("facilitiesDraft", byStatus[shared.TenantDraft]),
		item("facilitiesRefused", byStatus[shared.TenantRefused]),
		item("planFree", byPlan[shared.PlanFree]),
		item("planEssential", byPlan[shared.PlanEssential]),
		item("planPremium", byPlan[shared.PlanPremium]),
		item("planNone", byPlan[""]),
		item("users", users),
	}}, nil
}
