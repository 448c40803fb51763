package resident

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// CalendarEvents is the residents' entries of the facility calendar between
// from and to (instants, to exclusive), optionally of one resident: a
// resident going out, from when they left until their expected return; a
// 12-month care plan review falling due; and, while no care plan update is
// recorded, the negotiated care plan due 30 days after move-in (DOMAIN.md
// "care plan", WAC 388-76-10355). Due dates are all-day entries on the
// facility's day. It matches task.CalendarSource, with which cloud/server wires it.
func (s *Service) CalendarEvents(ctx context.Context, p *auth.Principal, from, to time.Time, residentID string) ([]shared.CalendarEvent, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	rows, _, err := s.store.List(ctx, s.db, listQuery{tenantID: p.TenantID, statuses: activeStatuses}, shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	in := func(start, end time.Time) bool { return start.Before(to) && end.After(from) }
	var out []shared.CalendarEvent
	for i := range rows {
		r := &rows[i]
		if residentID != "" && r.ID != residentID {
			continue
		}
		if r.Status == shared.ResidentGoingOut && r.ReturnDate.Valid {
			start, end := time.UnixMilli(r.StatusAt), time.UnixMilli(r.ReturnDate.Int64)
			if in(start, end) {
				out = append(out, shared.CalendarEvent{ID: "goingOut:" + r.ID, Kind: shared.EventGoingOut, Title: r.name(),
					Start: start.UnixMilli(), End: end.UnixMilli(), ResidentID: r.ID})
			}
		}
		kind, due := shared.EventCarePlanReview, time.Time{}
		if r.CarePlanUpdatedAt.Valid {
			y, m, d := time.UnixMilli(r.CarePlanUpdatedAt.Int64).In(loc).AddDate(0, shared.CarePlanReviewMonths, 0).Date()
			due = time.Date(y, m, d, 0, 0, 0, 0, loc)
		} else {
			kind, due = shared.EventInitialPlanDue, initialPlanDue(r, loc).AddDate(0, 0, -1)
		}
		if end := due.AddDate(0, 0, 1); in(due, end) {
			out = append(out, shared.CalendarEvent{ID: string(kind) + ":" + r.ID, Kind: kind, Title: r.name(),
				Start: due.UnixMilli(), End: end.UnixMilli(), AllDay: true, ResidentID: r.ID})
		}
	}
	return out, nil
}
