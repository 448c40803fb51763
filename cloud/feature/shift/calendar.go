package shift

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// CalendarEvents is the facility calendar's published shifts between from and
// to (instants, to exclusive): who works, which shift, in their staff colour
// (issue 19: "the calendar shows shifts in staff colours"). Every facility
// role sees them (the calendar is the facility's planning board); a calendar
// narrowed to one resident shows none. It matches task.CalendarSource, with
// which cloud/server wires it.
func (s *Service) CalendarEvents(ctx context.Context, p *auth.Principal, from, to time.Time, residentID string) ([]shared.CalendarEvent, error) {
	if p == nil || p.TenantID == "" || residentID != "" {
		return nil, nil
	}
	rows, err := s.store.Between(ctx, s.db, assignFilter{tenantID: p.TenantID, from: from.UnixMilli(), to: to.UnixMilli(), published: true})
	if err != nil {
		return nil, err
	}
	out := make([]shared.CalendarEvent, 0, len(rows))
	for _, a := range rows {
		out = append(out, shared.CalendarEvent{ID: "shift:" + a.ID, Kind: shared.EventShift, Title: a.CaregiverName + " · " + a.ShiftTypeName,
			Start: a.StartAt, End: a.EndAt, Color: a.CaregiverColor, UserID: a.UserID})
	}
	return out, nil
}
