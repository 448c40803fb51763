package task

import (
	"context"
	"errors"
	"hearth/cloud/platform/db"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// CarePlan is residentTaskList: a resident's current tasks grouped by care
// area (in shared.CareAreas order, areas with tasks only) and the care plan's
// two clocks (../shared/docs/DOMAIN.md "care plan", WAC 388-76-10355): the
// negotiated plan is due within InitialCarePlanDays of move-in until a care
// plan update time is recorded, and after that a review every
// CarePlanReviewMonths.
func (s *Service) CarePlan(ctx context.Context, p *auth.Principal, residentID string) (*shared.CarePlan, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	res, err := s.store.Resident(ctx, s.db, p.TenantID, residentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if residency.Hidden(res.Status) {
		return nil, problem.NotFound
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
		byArea[tasks[i].Area] = append(byArea[tasks[i].Area], s.toTask(&tasks[i], f))
	}
	for _, a := range shared.CareAreas {
		if len(byArea[a]) > 0 {
			out.Areas = append(out.Areas, shared.CarePlanArea{Area: a, Tasks: byArea[a]})
		}
	}
	now := s.now()
	if res.CarePlanUpdatedAt.Valid {
		out.CarePlanUpdateTime = res.CarePlanUpdatedAt.Int64
		next := time.UnixMilli(res.CarePlanUpdatedAt.Int64).In(f.loc).AddDate(0, shared.CarePlanReviewMonths, 0)
		out.NextReviewTime, out.ReviewOverdue = next.UnixMilli(), now.After(next)
	} else {
		due := initialPlanDue(res, f)
		out.InitialPlanDue, out.InitialPlanOverdue = due.UnixMilli(), now.After(due)
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
