package medication

import (
	"context"

	"hearth/cloud/platform/db"
)

// RefusedSince answers, by medication, when each refused dose of the
// tenant's residents (one resident's when residentID is set) due at or after
// since was refused, in q (the caller's transaction). A refused dose must be
// disposed of within 30 days (WAC 388-76-10490): the disposal clocks read the
// pass log through this (disposal.Medications), not through its table.
func (s *Service) RefusedSince(ctx context.Context, q db.Querier, tenantID, residentID string, since int64) (map[string][]int64, error) {
	return s.store.RefusedSince(ctx, q, tenantID, residentID, since)
}
