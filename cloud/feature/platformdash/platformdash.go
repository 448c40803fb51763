// Package platformdash is the super admin's platform dashboard (/admin-dashboard):
// active users, residents under care, open support tickets, AI usage and failed
// background jobs across every home. The homes themselves (by plan, status and
// state; sign-ups and approvals per week) are the tenant feature's
// tenantDetailsSummary and tenantDateSummary.
//
// Each figure is one grouped query the database answers from an index, never a
// loop over homes or rows read into Go, so the page stays fast at a thousand
// homes. The package only reads: the rows belong to the features that write them.
package platformdash

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Service answers the platform dashboard.
type Service struct {
	db    *db.DB
	store Store
	now   func() time.Time
}

// New makes the service; now nil means time.Now.
func New(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: now}
}

const day = 24 * time.Hour

// Summary is the platform's figures for the super admin. Days are UTC days, like
// tenantDateSummary's weeks: the platform spans time zones.
func (s *Service) Summary(ctx context.Context, p *auth.Principal) (*shared.PlatformSummary, error) {
	if p == nil || !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	now := s.now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	since := today.AddDate(0, 0, -(shared.PlatformActiveDays - 1))
	out := &shared.PlatformSummary{Since: since.UnixMilli(), ActiveUsers: make([]shared.DayCount, shared.PlatformActiveDays)}
	for i := range out.ActiveUsers {
		out.ActiveUsers[i].Day = since.AddDate(0, 0, i).UnixMilli()
	}
	perDay, total, err := s.store.ActiveUsers(ctx, s.db, since.UnixMilli(), day.Milliseconds())
	if err != nil {
		return nil, err
	}
	for i, n := range perDay {
		if i >= 0 && i < len(out.ActiveUsers) {
			out.ActiveUsers[i].Count = n
		}
	}
	out.ActiveUsersTotal = total
	if out.ResidentsUnderCare, err = s.store.ResidentsUnderCare(ctx, s.db); err != nil {
		return nil, err
	}
	tickets, err := s.store.OpenTickets(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out.TicketsSubmitted = tickets[shared.TicketSubmitted]
	out.TicketsOpen = tickets[shared.TicketSubmitted] + tickets[shared.TicketProcessing]
	if out.AIUsage, err = s.store.AIUsage(ctx, s.db, since.UnixMilli()); err != nil {
		return nil, err
	}
	if out.JobsFailed, out.JobsRetrying, err = s.store.FailedJobs(ctx, s.db); err != nil {
		return nil, err
	}
	return out, nil
}
