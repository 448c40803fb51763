package task

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// CardToday is the dashboard card of today's tasks (registered in cloud/server).
const CardToday = "todayTasks"

// TodayCard is the "today's tasks" card for every facility role: the
// facility day's occurrences done, still to do, and overdue (expired, or
// past their window and not done), linking to /task.
func (s *Service) TodayCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p == nil || p.TenantID == "" {
		return nil, nil
	}
	f, err := s.facilityOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	today := formatDate(civil(now, f.loc))
	counts, err := s.store.DayCounts(ctx, s.db, recordFilter{tenantID: p.TenantID, from: today, to: today}, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	var done, toDo, overdue int
	for _, c := range counts {
		switch c.Status {
		case shared.RecordCompleted:
			done += c.Count
		case shared.RecordExpired:
			overdue += c.Count
		case shared.RecordPending:
			overdue += c.Overdue
			toDo += c.Count - c.Overdue
		}
	}
	tone := shared.ToneNone
	if overdue > 0 {
		tone = shared.ToneDanger
	}
	return &shared.DashboardCard{Link: "/task", Items: []shared.DashboardItem{
		{Key: "tasksDone", Count: done, Tone: shared.ToneNone},
		{Key: "tasksToDo", Count: toDo, Tone: shared.ToneNone},
		{Key: "tasksOverdue", Count: overdue, Tone: tone},
	}}, nil
}
