package medication

import (
	"context"

	"hearth/cloud/platform/careevent"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Chart is the resident's record: a pass logged REFUSED or NOT_GIVEN writes a
// progress note (refused medications, missed medication), and the vital taken
// before a pass a health reading (source EMAR), in the transaction of the log.
// cloud/server wires the care-record service (Deps.Chart, required).
type Chart interface {
	Event(ctx context.Context, q db.Querier, n careevent.Note) error
	Readings(ctx context.Context, q db.Querier, rs []careevent.Reading) error
}

// chartPass writes what a logged pass puts on the resident's record.
func (s *Service) chartPass(ctx context.Context, q db.Querier, medication string, r *passRow) error {
	if r == nil {
		return nil
	}
	if metric, ok := careevent.MetricOfVital(r.Vital); ok && r.VitalValue != nil {
		if err := s.chart.Readings(ctx, q, []careevent.Reading{{TenantID: r.TenantID, ResidentID: r.ResidentID, Metric: metric,
			Value: *r.VitalValue, At: r.GivenAt, Source: shared.SourceEmar, SourceID: r.ID, ActorID: r.StaffID}}); err != nil {
			return err
		}
	}
	kind := careevent.Kind("")
	switch r.Outcome {
	case shared.OutcomeRefused:
		kind = careevent.DoseRefused
	case shared.OutcomeNotGiven:
		kind = careevent.DoseNotGiven
	default:
		return nil
	}
	return s.chart.Event(ctx, q, careevent.Note{Kind: kind, TenantID: r.TenantID, ResidentID: r.ResidentID, ActorID: r.StaffID,
		At: r.GivenAt, SourceID: r.ID, Args: map[string]string{"medication": medication, "reason": r.Reason}})
}
