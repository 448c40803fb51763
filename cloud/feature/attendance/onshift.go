package attendance

import (
	"context"
	"slices"
)

// OnShift are the user ids of the facility's people who are clocked in now:
// those whose latest punch is IN (the kiosk's "On shift"), sorted. Features
// that tell the people at work something (the eMAR's overdue warnings) take
// this through a small interface; the tenant is the caller's to give.
func (s *Service) OnShift(ctx context.Context, tenantID string) ([]string, error) {
	open, err := s.store.OnShift(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(open))
	for id := range open {
		out = append(out, id)
	}
	slices.Sort(out)
	return out, nil
}
