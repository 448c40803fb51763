package request

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/shell"
	"hearth/shared"
)

// Dashboard cards of the requests feature (registered in cloud/server).
const (
	CardApprovals  = "approvals"
	CardMyRequests = "myRequests"
)

// RecentDecisionDays: the caregiver's card shows decisions of this many days.
const RecentDecisionDays = 14

// ApprovalsCard is the owner's and admin's card: the facility's requests waiting for a decision.
func (s *Service) ApprovalsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	n, err := s.CountPending(ctx, p)
	if err != nil {
		return nil, err
	}
	tone := shared.ToneNone
	if n > 0 {
		tone = shared.ToneWarning
	}
	return &shared.DashboardCard{Link: "/staff-management?tab=requests", Items: []shared.DashboardItem{
		{Key: "requestsToApprove", Count: n, Tone: tone},
	}}, nil
}

// MyRequestsCard is the caregiver's card: their requests still waiting, and
// those approved or refused in the last RecentDecisionDays days.
func (s *Service) MyRequestsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p.TenantID == "" {
		return nil, nil
	}
	own := scope{tenantID: p.TenantID, creatorID: p.UserID}
	pending, err := s.store.CountPending(ctx, s.db, own)
	if err != nil {
		return nil, err
	}
	since := s.now().Add(-RecentDecisionDays * 24 * time.Hour).UnixMilli()
	count := func(st shared.ApplicationStatus) (int, error) {
		rows, _, err := s.store.List(ctx, s.db, filter{scope: own, status: st}, shared.MaxOptionSize, 0)
		n := 0
		for _, r := range rows {
			if r.DecidedAt.Int64 >= since {
				n++
				shell.ChangesAtMillis(ctx, r.DecidedAt.Int64+RecentDecisionDays*24*time.Hour.Milliseconds()+1) // leaves the card
			}
		}
		return n, err
	}
	approved, err := count(shared.ApplicationApproved)
	if err != nil {
		return nil, err
	}
	refused, err := count(shared.ApplicationRefused)
	if err != nil {
		return nil, err
	}
	refusedTone := shared.ToneNone
	if refused > 0 {
		refusedTone = shared.ToneWarning
	}
	return &shared.DashboardCard{Link: "/your-status", Items: []shared.DashboardItem{
		{Key: "myRequestsPending", Count: pending, Tone: shared.ToneNone},
		{Key: "myRequestsApproved", Count: approved, Tone: shared.ToneNone},
		{Key: "myRequestsRefused", Count: refused, Tone: refusedTone},
	}}, nil
}
