package task

import (
	"context"

	"hearth/shared"
)

// ListedTwoWays are a facility's records of days from..to (of one resident
// when residentID is set) as the lists answer them (Service.records, then
// sortRecords) and as the joined statement Store.Records finds them, sorted
// the same way, each as its answer shows it.
func (s *Service) ListedTwoWays(ctx context.Context, tenantID, residentID, from, to string) (kept, joined []shared.TaskRecord, err error) {
	f := recordFilter{tenantID: tenantID, residentID: residentID, from: from, to: to}
	a, err := s.records(ctx, f)
	if err != nil {
		return nil, nil, err
	}
	b, err := s.store.Records(ctx, s.db, f)
	if err != nil {
		return nil, nil, err
	}
	answer := func(rows []recordRow) []shared.TaskRecord {
		sortRecords(rows)
		out := make([]shared.TaskRecord, len(rows))
		for i := range rows {
			out[i] = rows[i].toRecord(0)
		}
		return out
	}
	return answer(a), answer(b), nil
}
