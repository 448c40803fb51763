package task

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/shell"
	"hearth/shared"
)

// CardToday is the dashboard card of today's tasks (registered in cloud/server).
const CardToday = "todayTasks"

// TodayCard is the "today's tasks" card for every facility role, each line
// linking to its list on /task: due now (shared.TaskDueNow), still to do
// today (pending, window not closed), done today, and overdue — the
// sidebar's number (CountExpired: every day's late tasks, the Expired tab's
// total).
func (s *Service) TodayCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p == nil || p.TenantID == "" {
		return nil, nil
	}
	f, err := s.facilityOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	day := civil(now, f.loc)
	rows, err := s.store.DayFigureRows(ctx, s.db, recordFilter{tenantID: p.TenantID, from: formatDate(day), to: formatDate(day)}.carryOpen(day, now))
	if err != nil {
		return nil, err
	}
	overdue, err := s.CountExpired(ctx, p) // says when it next grows
	if err != nil {
		return nil, err
	}
	dueNow, toDo, done := todayFigures(rows, now.UnixMilli())
	for i := range rows { // due now from a window's start, overdue from its end
		if rows[i].Status == shared.RecordPending {
			shell.ChangesAtMillis(ctx, rows[i].DueStart)
		}
		shell.ChangesAtMillis(ctx, rows[i].DueEnd) // and last night's, done or not, leave the day when their window closes
	}
	return &shared.DashboardCard{Link: "/task", Items: []shared.DashboardItem{
		{Key: "tasksDueNow", Count: dueNow, Tone: toneIf(dueNow > 0, shared.ToneWarning), Link: "/task?show=due"},
		{Key: "tasksToDo", Count: toDo, Tone: shared.ToneNone, Link: "/task?session=all"},
		{Key: "tasksDone", Count: done, Tone: shared.ToneNone, Link: "/task?show=done"},
		{Key: "tasksOverdue", Count: overdue, Tone: toneIf(overdue > 0, shared.ToneDanger), Link: "/task?tab=expired"},
	}}, nil
}

// todayFigures counts a day's records at now: due now, still to do (pending,
// window not closed: due now, later or any time of the day) and done.
func todayFigures(rows []recordRow, now int64) (dueNow, toDo, done int) {
	for i := range rows {
		r := &rows[i]
		switch r.Status {
		case shared.RecordCompleted:
			done++
		case shared.RecordPending:
			if r.DueEnd > 0 && r.DueEnd <= now {
				continue // overdue: counted by CountExpired
			}
			toDo++
			if shared.TaskDueNow(r.Status, r.Category, r.TimeSession, r.TimeOfDay, r.DueStart, r.DueEnd, now) {
				dueNow++
			}
		}
	}
	return dueNow, toDo, done
}

func toneIf(on bool, tone shared.DashboardTone) shared.DashboardTone {
	if on {
		return tone
	}
	return shared.ToneNone
}
