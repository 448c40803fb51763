package task

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// CarePlan is residentTaskList: a resident's current tasks grouped by care
// area (in shared.CareAreas order, areas with tasks only) and the care plan's
// two clocks (../shared/docs/DOMAIN.md "care plan", WAC 388-76-10355): the
// negotiated plan is due within InitialCarePlanDays of move-in until a care
// plan update time is recorded, and after that a review every
// CarePlanReviewMonths.
//
// Kept per facility, role and resident (keptCarePlans) and sent as the bytes
// made first: its rows (the resident, the tasks, the facility's routine)
// raise the facility's versions when written, and it says when a clock runs
// out (ChangesAt). A resident who is not shown answers 4004 on every call.
func (s *Service) CarePlan(ctx context.Context, p *auth.Principal, residentID string) (*web.Answer[*shared.CarePlan], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if _, err := s.shownResident(ctx, p.TenantID, residentID); err != nil {
		return nil, err
	}
	now := s.now()
	return s.keptCarePlans.Serve(ctx, s.db, p.TenantID, now, []string{"carePlan", p.RoleKey(), residentID},
		web.AnswerOf(func(ctx context.Context) (*shared.CarePlan, error) { return s.carePlan(ctx, p, residentID, now) }))
}

// shownResident is the resident residentID of the facility, shown to its members (4004 otherwise).
func (s *Service) shownResident(ctx context.Context, tenantID, residentID string) (*residentRef, error) {
	res, err := s.residentOf(ctx, s.db, tenantID, residentID)
	if err == nil && res == nil { // none named
		return nil, problem.NotFound
	}
	return res, err
}

// carePlan makes CarePlan's answer at now.
func (s *Service) carePlan(ctx context.Context, p *auth.Principal, residentID string, now time.Time) (*shared.CarePlan, error) {
	res, err := s.shownResident(ctx, p.TenantID, residentID)
	if err != nil {
		return nil, err
	}
	f, err := s.facilityOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	tasks, err := s.store.AllTasks(ctx, s.db, taskFilter{tenantID: p.TenantID, residentID: residentID, anyResident: true})
	if err != nil {
		return nil, err
	}
	out := &shared.CarePlan{ResidentID: residentID, Areas: []shared.CarePlanArea{}}
	byArea := map[shared.CareArea][]shared.Task{}
	for i := range tasks {
		t := s.toTask(&tasks[i], f)
		// Its next occurrence moves on once this one's time has come.
		keep.ChangesAtMillis(ctx, t.NextExecuteTime)
		keep.ChangesAtMillis(ctx, t.NextExecuteTime+1)
		byArea[tasks[i].Area] = append(byArea[tasks[i].Area], t)
	}
	for _, a := range shared.CareAreas {
		if len(byArea[a]) > 0 {
			out.Areas = append(out.Areas, shared.CarePlanArea{Area: a, Tasks: byArea[a]})
		}
	}
	if res.CarePlanUpdatedAt.Valid {
		out.CarePlanUpdateTime = res.CarePlanUpdatedAt.Int64
		next := time.UnixMilli(res.CarePlanUpdatedAt.Int64).In(f.loc).AddDate(0, shared.CarePlanReviewMonths, 0)
		out.NextReviewTime, out.ReviewOverdue = next.UnixMilli(), now.After(next)
		keep.ChangesAt(ctx, next.Add(time.Millisecond)) // overdue from just after
	} else {
		due := initialPlanDue(res, f)
		out.InitialPlanDue, out.InitialPlanOverdue = due.UnixMilli(), now.After(due)
		keep.ChangesAt(ctx, due.Add(time.Millisecond))
	}
	return out, nil
}

// initialPlanDue is the end of the InitialCarePlanDays-th facility day after
// move-in (the record's creation when no move-in date was entered).
func initialPlanDue(r *residentRef, f *facility) time.Time {
	if d, ok := parseDate(r.MoveInDate); ok {
		return at(d, shared.InitialCarePlanDays+1, 0, f.loc)
	}
	return at(civil(time.UnixMilli(r.CreatedAt), f.loc), shared.InitialCarePlanDays+1, 0, f.loc)
}
