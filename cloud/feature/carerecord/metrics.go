package carerecord

import (
	"context"
	"database/sql"
	"slices"
	"strconv"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// metricSpec is a metric's unit, plausible bounds and default normal range
// (shared/carerecord.go gives the sources; the vitals share the eMAR's bounds).
type metricSpec struct {
	unit           shared.HealthUnit
	min, max, step float64
	low, high      *float64 // default normal range; nil = no bound
}

func f(v float64) *float64 { return &v }

var metricSpecs = map[shared.HealthMetric]metricSpec{
	shared.MetricSystolicBP:       {shared.UnitMmHg, shared.VitalSystolicMin, shared.VitalSystolicMax, 1, f(shared.NormalSystolicLow), f(shared.NormalSystolicHigh)},
	shared.MetricDiastolicBP:      {shared.UnitMmHg, shared.VitalDiastolicMin, shared.VitalDiastolicMax, 1, f(shared.NormalDiastolicLow), f(shared.NormalDiastolicHigh)},
	shared.MetricHeartRate:        {shared.UnitBeatsPerMin, shared.VitalPulseMin, shared.VitalPulseMax, 1, f(shared.NormalHeartRateLow), f(shared.NormalHeartRateHigh)},
	shared.MetricRespiratoryRate:  {shared.UnitBreathsPerMin, shared.VitalRespirationMin, shared.VitalRespirationMax, 1, f(shared.NormalRespiratoryLow), f(shared.NormalRespiratoryHigh)},
	shared.MetricWeight:           {shared.UnitPound, shared.HealthWeightMin, shared.HealthWeightMax, 0.1, nil, nil},
	shared.MetricTemperature:      {shared.UnitFahrenheit, shared.VitalTemperatureMin, shared.VitalTemperatureMax, 0.1, f(shared.NormalTemperatureLow), f(shared.NormalTemperatureHigh)},
	shared.MetricOxygenSaturation: {shared.UnitPercent, shared.VitalOxygenMin, shared.VitalOxygenMax, 1, f(shared.NormalOxygenLow), f(shared.NormalOxygenHigh)},
	shared.MetricBloodGlucose:     {shared.UnitMgDl, shared.VitalGlucoseMin, shared.VitalGlucoseMax, 1, f(shared.NormalGlucoseLow), f(shared.NormalGlucoseHigh)},
	shared.MetricPain:             {shared.UnitScore10, shared.HealthPainMin, shared.HealthPainMax, 1, f(shared.NormalPainLow), f(shared.NormalPainHigh)},
	shared.MetricINR:              {shared.UnitRatio, shared.HealthINRMin, shared.HealthINRMax, 0.1, f(shared.NormalINRLow), f(shared.NormalINRHigh)},
	shared.MetricFluidIntake:      {shared.UnitMl, 0, shared.HealthFluidIntakeMax, 10, nil, nil},
	shared.MetricFoodIntake:       {shared.UnitPercent, 0, shared.HealthFoodIntakeMax, 5, f(shared.NormalFoodIntakeLow), f(shared.NormalFoodIntakeHigh)},
	shared.MetricBowel:            {shared.UnitBristol, shared.HealthBowelMin, shared.HealthBowelMax, 1, f(shared.NormalBowelLow), f(shared.NormalBowelHigh)},
	shared.MetricUrine:            {shared.UnitMl, 0, shared.HealthUrineMax, 10, nil, nil},
	shared.MetricMenstruation:     {shared.UnitFlow, 0, shared.HealthMenstruationMax, 1, nil, nil},
}

// normalRange is the range a reading is judged against.
type normalRange struct {
	low, high *float64
	own       bool
}

func (r normalRange) outside(v float64) bool {
	return (r.low != nil && v < *r.low) || (r.high != nil && v > *r.high)
}

func nullOf(p *float64) sql.NullFloat64 {
	if p == nil {
		return sql.NullFloat64{}
	}
	return sql.NullFloat64{Float64: *p, Valid: true}
}

func ptrOf(n sql.NullFloat64) *float64 {
	if !n.Valid {
		return nil
	}
	v := n.Float64
	return &v
}

// rangesOf are the normal ranges in force for a resident: own, else default.
func (s *Service) rangesOf(ctx context.Context, q db.Querier, tenantID, residentID string) (map[shared.HealthMetric]normalRange, error) {
	own, err := s.store.Ranges(ctx, q, tenantID, residentID)
	if err != nil {
		return nil, err
	}
	out := make(map[shared.HealthMetric]normalRange, len(metricSpecs))
	for m, sp := range metricSpecs {
		if r, ok := own[m]; ok {
			out[m] = normalRange{low: ptrOf(r.Low), high: ptrOf(r.High), own: true}
		} else {
			out[m] = normalRange{low: sp.low, high: sp.high}
		}
	}
	return out, nil
}

func infoOf(m shared.HealthMetric, r normalRange) shared.HealthMetricInfo {
	sp := metricSpecs[m]
	return shared.HealthMetricInfo{Metric: m, Unit: sp.unit, Min: sp.min, Max: sp.max, Step: sp.step, NormalLow: r.low, NormalHigh: r.high, Own: r.own}
}

// number prints a value without needless decimals.
func number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// plausible refuses a value outside its metric's plausible bounds, naming the
// metric in the caller's language ("Systolic blood pressure 400 mmHg is not a
// plausible reading (40–300)").
func plausible(lang shared.Language, field string, m shared.HealthMetric, v float64) error {
	sp, ok := metricSpecs[m]
	if !ok {
		return problem.Invalid(field, "enum", "carerecord.metricUnknown", nil)
	}
	if v < sp.min || v > sp.max {
		return problem.Invalid(field, "range", "carerecord.implausible", map[string]any{
			"metric": msg.T(lang, "carerecord.metric."+string(m), nil), "value": number(v), "unit": string(sp.unit),
			"min": number(sp.min), "max": number(sp.max)})
	}
	return nil
}

// Metrics is listMetrics: every metric's unit, bounds and normal range (the
// resident's own where set).
func (s *Service) Metrics(ctx context.Context, p *auth.Principal, residentID string) ([]shared.HealthMetricInfo, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	ranges := map[shared.HealthMetric]normalRange{}
	if residentID != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
			return nil, err
		}
		var err error
		if ranges, err = s.rangesOf(ctx, s.db, p.TenantID, residentID); err != nil {
			return nil, err
		}
	}
	out := make([]shared.HealthMetricInfo, 0, len(shared.HealthMetrics))
	for _, m := range shared.HealthMetrics {
		r, ok := ranges[m]
		if !ok {
			r = normalRange{low: metricSpecs[m].low, high: metricSpecs[m].high}
		}
		out = append(out, infoOf(m, r))
	}
	return out, nil
}

// SaveNormalRange sets a resident's own normal range of a metric (managers).
// Both bounds null returns to the default. Earlier readings keep their flag.
func (s *Service) SaveNormalRange(ctx context.Context, p *auth.Principal, req shared.SaveNormalRangeRequest) (*shared.HealthMetricInfo, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	if !slices.Contains(shared.HealthMetrics, req.Metric) {
		return nil, problem.Invalid("metric", "enum", "carerecord.metricUnknown", nil)
	}
	lang := msg.Language(ctx)
	for field, v := range map[string]*float64{"normalLow": req.NormalLow, "normalHigh": req.NormalHigh} {
		if v != nil {
			if err := plausible(lang, field, req.Metric, *v); err != nil {
				return nil, err
			}
		}
	}
	if req.NormalLow != nil && req.NormalHigh != nil && *req.NormalLow > *req.NormalHigh {
		return nil, problem.Invalid("normalHigh", "order", "carerecord.rangeOrder", nil)
	}
	var out shared.HealthMetricInfo
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := s.residentOf(ctx, tx, p.TenantID, req.ResidentID)
		if err != nil {
			return err
		}
		before, err := s.rangesOf(ctx, tx, p.TenantID, res.ID)
		if err != nil {
			return err
		}
		if err := s.store.SaveRange(ctx, tx, p.TenantID, res.ID, req.Metric, ownRange{Low: nullOf(req.NormalLow), High: nullOf(req.NormalHigh)},
			p.UserID, s.now().UnixMilli()); err != nil {
			return err
		}
		after, err := s.rangesOf(ctx, tx, p.TenantID, res.ID)
		if err != nil {
			return err
		}
		out = infoOf(req.Metric, after[req.Metric])
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "healthMonitor.normalRange",
			Entity: "resident", EntityID: res.ID, Before: infoOf(req.Metric, before[req.Metric]), After: out})
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}
