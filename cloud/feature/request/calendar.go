package request

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// CalendarEvents is the facility calendar's approved leave between from and
// to (instants, to exclusive): who is away, from when to when, in their staff
// colour. Every facility role sees it (the calendar is the facility's
// planning board); the reason stays with the request. A calendar narrowed to
// one resident shows no leave. It matches task.CalendarSource, with which
// cloud/server wires it.
func (s *Service) CalendarEvents(ctx context.Context, p *auth.Principal, from, to time.Time, residentID string) ([]shared.CalendarEvent, error) {
	if p == nil || p.TenantID == "" || residentID != "" {
		return nil, nil
	}
	rows, err := s.store.LeaveBetween(ctx, s.db, p.TenantID, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, err
	}
	out := make([]shared.CalendarEvent, 0, len(rows))
	for _, r := range rows {
		out = append(out, shared.CalendarEvent{ID: "leave:" + r.ID, Kind: shared.EventLeave, Title: r.CreatorName,
			Start: r.StartAt, End: r.EndAt, Color: r.CreatorColor.String, UserID: r.CreatorID})
	}
	return out, nil
}

// LeaveBetween is the facility's approved leave overlapping [from, to), by start.
func (Store) LeaveBetween(ctx context.Context, q db.Querier, tenantID string, from, to int64) ([]row, error) {
	rows, err := q.QueryContext(ctx, formSelect+` WHERE f.tenant_id = ? AND f.type = ? AND f.status = ? AND f.start_at < ? AND f.end_at > ?
		ORDER BY f.start_at, f.id`, tenantID, shared.ApplicationLeave, shared.ApplicationApproved, to, from)
	if err != nil {
		return nil, db.Wrap("request: leave between", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scanForm(rows)
		if err != nil {
			return nil, db.Wrap("request: leave between", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("request: leave between", err)
	}
	if err := named(ctx, q, out); err != nil {
		return nil, err
	}
	return out, nil
}
