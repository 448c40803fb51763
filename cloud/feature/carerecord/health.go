package carerecord

import (
	"context"
	"fmt"
	"hearth/cloud/platform/people"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

func toReading(r *readingRow) shared.HealthReading {
	return shared.HealthReading{ReadingID: r.ID, ResidentID: r.ResidentID, ResidentName: r.ResidentName, Metric: r.Metric, Value: r.Value,
		Unit: metricSpecs[r.Metric].unit, TakenAt: r.TakenAt, Source: r.Source, SourceID: r.SourceID, Flagged: r.Flagged,
		NormalLow: ptrOf(r.NormalLow), NormalHigh: ptrOf(r.NormalHigh), RecordedBy: r.RecordedBy, RecordedByName: r.RecordedByName,
		Note: r.Note, CreatedAt: r.CreatedAt}
}

// checkReadings validates one time's readings: each metric once, within its
// plausible bounds, blood pressure as both values with systolic above
// diastolic. field prefixes the fields (readings or task readings).
func checkReadings(lang shared.Language, field string, in []shared.HealthReadingInput) error {
	if len(in) == 0 {
		return problem.Invalid(field, "minItems", "validation.required", nil)
	}
	if len(in) > shared.HealthReadingsPerSaveMax {
		return problem.Invalid(field, "maxItems", "validation.maxItems", map[string]any{"max": shared.HealthReadingsPerSaveMax})
	}
	seen := map[shared.HealthMetric]float64{}
	for i, r := range in {
		name := fmt.Sprintf("%s[%d].value", field, i)
		if !slices.Contains(shared.HealthMetrics, r.Metric) {
			return problem.Invalid(fmt.Sprintf("%s[%d].metric", field, i), "enum", "carerecord.metricUnknown", nil)
		}
		if _, dup := seen[r.Metric]; dup {
			return problem.Invalid(fmt.Sprintf("%s[%d].metric", field, i), "unique", "carerecord.metricTwice",
				map[string]any{"metric": msg.T(lang, "carerecord.metric."+string(r.Metric), nil)})
		}
		if err := plausible(lang, name, r.Metric, r.Value); err != nil {
			return err
		}
		seen[r.Metric] = r.Value
	}
	// The pair rules answer the field of a blood-pressure reading sent (the
	// systolic one when both were), so the form shows them under blood pressure.
	sys, hasSys := seen[shared.MetricSystolicBP]
	dia, hasDia := seen[shared.MetricDiastolicBP]
	at := func(m shared.HealthMetric) string {
		return fmt.Sprintf("%s[%d].value", field, slices.IndexFunc(in, func(r shared.HealthReadingInput) bool { return r.Metric == m }))
	}
	switch {
	case hasSys && !hasDia:
		return problem.Invalid(at(shared.MetricSystolicBP), "bloodPressure", "carerecord.bpBoth", nil)
	case hasDia && !hasSys:
		return problem.Invalid(at(shared.MetricDiastolicBP), "bloodPressure", "carerecord.bpBoth", nil)
	case hasSys && sys <= dia:
		return problem.Invalid(at(shared.MetricSystolicBP), "bloodPressure", "carerecord.bpOrder", map[string]any{"systolic": number(sys), "diastolic": number(dia)})
	}
	return nil
}

// readingBatch is one time's readings of a resident to store.
type readingBatch struct {
	tenantID string
	res      *resident
	takenAt  int64
	source   shared.ReadingSource
	sourceID string
	actorID  string
	note     string
	clientID string
	readings []shared.HealthReadingInput
}

// storeReadings writes checked readings in q's transaction, each flagged
// against the resident's normal range in force, and audits them.
func (s *Service) storeReadings(ctx context.Context, q db.Querier, b readingBatch) ([]readingRow, error) {
	loc, err := s.facilityZone(ctx, q, b.tenantID)
	if err != nil {
		return nil, err
	}
	ranges, err := s.rangesOf(ctx, q, b.tenantID, b.res.ID)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	out := make([]readingRow, 0, len(b.readings))
	for _, in := range b.readings {
		rg := ranges[in.Metric]
		r := readingRow{ID: newID(), TenantID: b.tenantID, ResidentID: b.res.ID, Metric: in.Metric, Value: in.Value, TakenAt: b.takenAt,
			Day: dayOf(b.takenAt, loc), Source: b.source, SourceID: b.sourceID, Flagged: rg.outside(in.Value), NormalLow: nullOf(rg.low),
			NormalHigh: nullOf(rg.high), RecordedBy: b.actorID, Note: b.note, ClientID: b.clientID, CreatedAt: now, ResidentName: b.res.Name}
		if err := s.store.InsertReading(ctx, q, &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	after := make([]shared.HealthReading, len(out))
	for i := range out {
		after[i] = toReading(&out[i])
	}
	err = audit.Write(ctx, q, audit.Entry{TenantID: b.tenantID, ActorID: b.actorID, Action: "healthMonitor.save", Entity: "resident",
		EntityID: b.res.ID, After: after})
	return out, err
}

// SaveReadings is healthMonitor/save: one resident's readings taken at one
// time, all stored or none. The same clientId again answers the stored ones.
func (s *Service) SaveReadings(ctx context.Context, p *auth.Principal, req shared.SaveHealthReadingsRequest) (*shared.SaveHealthReadingsResult, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	clientID := strings.TrimSpace(req.ClientID)
	if clientID != "" && utf8.RuneCountInString(clientID) < shared.NoteClientIDMin {
		return nil, problem.Invalid("clientId", "minLength", "validation.minLength", map[string]any{"min": shared.NoteClientIDMin})
	}
	if err := checkReadings(lang, "readings", req.Readings); err != nil {
		return nil, err
	}
	note, err := problem.Text("note", req.Note, false, shared.SubDetailsMax)
	if err != nil {
		return nil, err
	}
	takenAt, err := s.moment("takenAt", req.TakenAt)
	if err != nil {
		return nil, err
	}
	var rows []readingRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := s.residentOf(ctx, tx, p.TenantID, req.ResidentID)
		if err != nil {
			return err
		}
		if clientID != "" {
			if rows, err = s.store.ReadingsByClient(ctx, tx, p.TenantID, p.UserID, clientID); err != nil || len(rows) > 0 {
				return err
			}
		}
		if err := living(res); err != nil {
			return err
		}
		loc, err := s.facilityZone(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if err := notBeforeMoveIn(res, "takenAt", takenAt, loc); err != nil {
			return err
		}
		rows, err = s.storeReadings(ctx, tx, readingBatch{tenantID: p.TenantID, res: res, takenAt: takenAt, source: shared.SourceDirect,
			actorID: p.UserID, note: note, clientID: clientID, readings: req.Readings})
		if db.IsUniqueViolation(err) {
			return ErrClientIDTaken
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	name, err := people.Name(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	out := &shared.SaveHealthReadingsResult{Readings: make([]shared.HealthReading, len(rows))}
	for i := range rows {
		if rows[i].RecordedByName == "" {
			rows[i].RecordedByName = name
		}
		out.Readings[i] = toReading(&rows[i])
		if rows[i].Flagged {
			out.Flagged++
		}
	}
	return out, nil
}

// checkMetrics refuses an unknown or repeated metric of a filter.
func checkMetrics(ms []shared.HealthMetric) error {
	if len(ms) > shared.HealthReadingsPerSaveMax {
		return problem.Invalid("metrics", "maxItems", "validation.maxItems", map[string]any{"max": shared.HealthReadingsPerSaveMax})
	}
	for i, m := range ms {
		if !slices.Contains(shared.HealthMetrics, m) {
			return problem.Invalid(fmt.Sprintf("metrics[%d]", i), "enum", "carerecord.metricUnknown", nil)
		}
	}
	return nil
}

// ListReadings is listHealthMonitorByPage: newest first.
func (s *Service) ListReadings(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.HealthMonitorFilter]) (*shared.Page[shared.HealthReading], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	f := req.Data
	if err := checkMetrics(f.Metrics); err != nil {
		return nil, err
	}
	start, end, err := rangeOf(f.StartDate, f.EndDate)
	if err != nil {
		return nil, err
	}
	name := ""
	if f.ResidentID != "" {
		res, err := s.residentOf(ctx, s.db, p.TenantID, f.ResidentID)
		if err != nil {
			return nil, err
		}
		name = res.Name
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.Readings(ctx, s.db, readingFilter{tenantID: p.TenantID, residentID: f.ResidentID, metrics: f.Metrics,
		startDay: start, endDay: end, flaggedOnly: f.FlaggedOnly}, size, offset)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if name != "" {
			rows[i].ResidentName = name
		}
	}
	return shared.PageOf(page, size, total, rows, toReading), nil
}

// Series is listSeries: a resident's readings per metric over a range, oldest
// first, with the normal band in force now; at most HealthSeriesPointsMax
// (the newest) per metric.
//
// Kept per facility, role and request (keptSeries; the same for every
// member in a role) and sent as its first bytes: its rows (readings, normal
// ranges, the resident) raise the facility's versions; nothing in it moves
// with time alone.
func (s *Service) Series(ctx context.Context, p *auth.Principal, req shared.HealthSeriesRequest) (*web.Answer[*shared.HealthSeries], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if err := checkMetrics(req.Metrics); err != nil {
		return nil, err
	}
	if _, _, err := boundedRange(req.StartDate, req.EndDate, shared.RecordRangeDaysMax); err != nil {
		return nil, err
	}
	res, err := s.residentOf(ctx, s.db, p.TenantID, req.ResidentID)
	if err != nil {
		return nil, err
	}
	metrics := make([]string, len(req.Metrics))
	for i, m := range req.Metrics {
		metrics[i] = string(m)
	}
	parts := []string{"healthSeries", p.RoleKey(), res.ID, req.StartDate, req.EndDate, strings.Join(metrics, ",")}
	return s.keptSeries.Serve(ctx, s.db, p.TenantID, s.now(), parts, web.AnswerOf(func(ctx context.Context) (*shared.HealthSeries, error) {
		return s.series(ctx, p, req, res.ID)
	}))
}

// series makes Series's answer for the resident residentID.
func (s *Service) series(ctx context.Context, p *auth.Principal, req shared.HealthSeriesRequest, residentID string) (*shared.HealthSeries, error) {
	ranges, err := s.rangesOf(ctx, s.db, p.TenantID, residentID)
	if err != nil {
		return nil, err
	}
	metrics := req.Metrics
	if len(metrics) == 0 {
		if metrics, err = s.store.MetricsWithReadings(ctx, s.db, p.TenantID, residentID, req.StartDate, req.EndDate); err != nil {
			return nil, err
		}
	}
	out := &shared.HealthSeries{ResidentID: residentID, StartDate: req.StartDate, EndDate: req.EndDate, Series: []shared.HealthMetricSeries{}}
	for _, m := range shared.HealthMetrics {
		if !slices.Contains(metrics, m) {
			continue
		}
		pts, err := s.store.Series(ctx, s.db, p.TenantID, residentID, m, req.StartDate, req.EndDate, shared.HealthSeriesPointsMax+1)
		if err != nil {
			return nil, err
		}
		ser := shared.HealthMetricSeries{HealthMetricInfo: infoOf(m, ranges[m]), Points: make([]shared.HealthPoint, 0, len(pts))}
		if len(pts) > shared.HealthSeriesPointsMax {
			pts, ser.Truncated = pts[:shared.HealthSeriesPointsMax], true
		}
		for i := len(pts) - 1; i >= 0; i-- {
			ser.Points = append(ser.Points, shared.HealthPoint{ReadingID: pts[i].ID, TakenAt: pts[i].TakenAt, Value: pts[i].Value, Flagged: pts[i].Flagged})
		}
		out.Series = append(out.Series, ser)
	}
	return out, nil
}

// flaggedWindow is how far back the dashboard looks for flagged readings.
const flaggedWindow = 24 * time.Hour
