package carerecord_test

import (
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// An implausible reading is refused with the metric named and nothing is
// stored; one outside the normal range is stored and flagged; a resident's
// own range replaces the default for later readings.
func TestReadingsPlausibleOrFlagged(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 9, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		rose := newResident(t, owner, "Rose")
		bp := func(sys, dia float64, more ...shared.HealthReadingInput) shared.SaveHealthReadingsRequest {
			return shared.SaveHealthReadingsRequest{ResidentID: rose.ResidentID, Readings: append([]shared.HealthReadingInput{
				{Metric: shared.MetricSystolicBP, Value: sys}, {Metric: shared.MetricDiastolicBP, Value: dia}}, more...)}
		}

		r := carer.Post(t, hm+"/save", bp(400, 20))
		r.Is(t, 200, shared.CodeValidation)
		if !strings.Contains(r.Message, "Systolic blood pressure 400 mmHg") || !strings.Contains(r.Message, "40") {
			t.Errorf("message: %q", r.Message)
		}
		if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != "readings[0].value" {
			t.Errorf("fields: %+v", fes)
		}
		carer.Post(t, hm+"/save", bp(120, 20, shared.HealthReadingInput{Metric: shared.MetricTemperature, Value: 120})).Is(t, 200, shared.CodeValidation)
		carer.Post(t, hm+"/save", bp(80, 90)).Is(t, 200, shared.CodeValidation) // systolic not above diastolic
		carer.Post(t, hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: rose.ResidentID,
			Readings: []shared.HealthReadingInput{{Metric: shared.MetricSystolicBP, Value: 120}}}).Is(t, 200, shared.CodeValidation) // half a pressure
		carer.Post(t, hm+"/save", bp(120, 80, shared.HealthReadingInput{Metric: shared.MetricSystolicBP, Value: 121})).Is(t, 200, shared.CodeValidation)
		if n := count(t, e, `SELECT COUNT(*) FROM health_readings WHERE resident_id = ?`, rose.ResidentID); n != 0 {
			t.Fatalf("refused saves stored %d readings", n)
		}
		// Spanish: the metric named in Spanish.
		es := carer.Do(t, servertest.Request{Method: "POST", Path: hm + "/save", Body: bp(400, 20), Header: map[string]string{"Accept-Language": "es-ES"}})
		if !strings.Contains(es.Message, "Presión arterial sistólica") {
			t.Errorf("Spanish message: %q", es.Message)
		}

		var saved shared.SaveHealthReadingsResult
		carer.Post(t, hm+"/save", bp(150, 85, shared.HealthReadingInput{Metric: shared.MetricWeight, Value: 151.4},
			shared.HealthReadingInput{Metric: shared.MetricPain, Value: 2})).OK(t).Into(t, &saved)
		if len(saved.Readings) != 4 || saved.Flagged != 1 || !saved.Readings[0].Flagged || saved.Readings[1].Flagged ||
			saved.Readings[0].Unit != shared.UnitMmHg || *saved.Readings[0].NormalHigh != shared.NormalSystolicHigh ||
			saved.Readings[2].NormalLow != nil || saved.Readings[0].Source != shared.SourceDirect || saved.Readings[0].RecordedByName == "" {
			t.Fatalf("saved: %+v", saved)
		}
		// The resident's own range: managers only; later readings judged against it.
		carer.Post(t, hm+"/saveNormalRange", shared.SaveNormalRangeRequest{ResidentID: rose.ResidentID, Metric: shared.MetricSystolicBP,
			NormalLow: ptr(100), NormalHigh: ptr(160)}).Is(t, 200, shared.CodeForbidden)
		owner.Post(t, hm+"/saveNormalRange", shared.SaveNormalRangeRequest{ResidentID: rose.ResidentID, Metric: shared.MetricSystolicBP,
			NormalLow: ptr(160), NormalHigh: ptr(100)}).Is(t, 200, shared.CodeValidation)
		var info shared.HealthMetricInfo
		owner.Post(t, hm+"/saveNormalRange", shared.SaveNormalRangeRequest{ResidentID: rose.ResidentID, Metric: shared.MetricSystolicBP,
			NormalLow: ptr(100), NormalHigh: ptr(160)}).OK(t).Into(t, &info)
		if !info.Own || *info.NormalHigh != 160 {
			t.Errorf("own range: %+v", info)
		}
		carer.Post(t, hm+"/save", bp(150, 85)).OK(t).Into(t, &saved)
		if saved.Flagged != 0 {
			t.Errorf("150 flagged against the own range 100–160: %+v", saved)
		}
		var metrics []shared.HealthMetricInfo
		carer.Get(t, hm+"/listMetrics?residentId="+rose.ResidentID).OK(t).Into(t, &metrics)
		if len(metrics) != len(shared.HealthMetrics) || !metrics[0].Own || metrics[1].Own || metrics[0].Min != shared.VitalSystolicMin {
			t.Errorf("metrics: %+v", metrics[:2])
		}

		// The list, newest first, by metric and flag; the chart's series.
		p := readingsOf(t, owner, shared.HealthMonitorFilter{ResidentID: rose.ResidentID, Metrics: []shared.HealthMetric{shared.MetricSystolicBP}})
		if p.Total != 2 {
			t.Errorf("systolic readings: %d", p.Total)
		}
		if p := readingsOf(t, owner, shared.HealthMonitorFilter{ResidentID: rose.ResidentID, FlaggedOnly: true}); p.Total != 1 {
			t.Errorf("flagged: %d", p.Total)
		}
		var series shared.HealthSeries
		owner.Post(t, hm+"/listSeries", shared.HealthSeriesRequest{ResidentID: rose.ResidentID, StartDate: "2027-05-01", EndDate: "2027-06-01"}).OK(t).Into(t, &series)
		if len(series.Series) != 4 || series.Series[0].Metric != shared.MetricSystolicBP || len(series.Series[0].Points) != 2 ||
			!series.Series[0].Points[0].Flagged || series.Series[0].Points[1].Flagged {
			t.Errorf("series: %+v", series)
		}
		owner.Post(t, hm+"/listSeries", shared.HealthSeriesRequest{ResidentID: rose.ResidentID, StartDate: "2026-01-01", EndDate: "2027-06-01"}).Is(t, 200, shared.CodeValidation)
	})
}

// Care given: meals and sleep take a value, the others none; the grid counts each day.
func TestCareMonitor(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 3, 20, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		rose := newResident(t, owner, "Rose")
		save := func(req shared.SaveCareRecordRequest) *servertest.Response {
			req.ResidentID = rose.ResidentID
			return carer.Post(t, cm+"/save", req)
		}
		save(shared.SaveCareRecordRequest{Activity: shared.CareMeals}).Is(t, 200, shared.CodeValidation)
		save(shared.SaveCareRecordRequest{Activity: shared.CareSleep, Value: ptr(30)}).Is(t, 200, shared.CodeValidation)
		save(shared.SaveCareRecordRequest{Activity: shared.CareBathing, Value: ptr(1)}).Is(t, 200, shared.CodeValidation)
		var rec shared.CareRecord
		save(shared.SaveCareRecordRequest{ClientID: "care-0001", Activity: shared.CareMeals, Value: ptr(80), Time: local(2027, 6, 3, 8, 0).UnixMilli()}).OK(t).Into(t, &rec)
		again := shared.CareRecord{}
		save(shared.SaveCareRecordRequest{ClientID: "care-0001", Activity: shared.CareMeals, Value: ptr(80)}).OK(t).Into(t, &again)
		if rec.Day != "2027-06-03" || *rec.Value != 80 || again.RecordID != rec.RecordID || rec.RecordedByName == "" {
			t.Errorf("meal: %+v, again %+v", rec, again)
		}
		save(shared.SaveCareRecordRequest{Activity: shared.CareMeals, Value: ptr(40), Time: local(2027, 6, 3, 12, 0).UnixMilli()}).OK(t)
		save(shared.SaveCareRecordRequest{Activity: shared.CareSleep, Value: ptr(7.5), Time: local(2027, 6, 2, 6, 0).UnixMilli()}).OK(t)
		save(shared.SaveCareRecordRequest{Activity: shared.CareBathing, Assistance: shared.AssistRefused, Time: local(2027, 6, 2, 10, 0).UnixMilli()}).OK(t)
		var grid shared.ResidentCareGrid
		owner.Get(t, cm+"/listResidentCareRecord?residentId="+rose.ResidentID).OK(t).Into(t, &grid)
		if grid.StartDate != "2027-05-28" || grid.EndDate != "2027-06-03" || len(grid.Days) != 7 {
			t.Fatalf("grid range: %s..%s %d days", grid.StartDate, grid.EndDate, len(grid.Days))
		}
		last, before := grid.Days[6], grid.Days[5]
		cell := func(cells []shared.CareGridCell, a shared.CareActivity) shared.CareGridCell {
			for _, c := range cells {
				if c.Activity == a {
					return c
				}
			}
			t.Fatalf("no %s cell in %+v", a, cells)
			return shared.CareGridCell{}
		}
		if meals := cell(last.Cells, shared.CareMeals); meals.Count != 2 || meals.Value == nil || *meals.Value != 60 {
			t.Errorf("meals of the day: %+v", meals)
		}
		sleep, bath := cell(before.Cells, shared.CareSleep), cell(before.Cells, shared.CareBathing)
		if sleep.Count != 1 || sleep.Value == nil || *sleep.Value != 7.5 || bath.Refused != 1 {
			t.Errorf("the day before: %+v", before.Cells)
		}
		owner.Get(t, cm+"/listResidentCareRecord?residentId="+rose.ResidentID+"&startDate=2027-01-01&endDate=2027-06-03").Is(t, 200, shared.CodeValidation)
		var page shared.Page[shared.CareRecord]
		owner.Post(t, cm+"/listCareMonitorByPage", shared.PageRequest[shared.CareMonitorFilter]{Current: 1, Size: 20,
			Data: shared.CareMonitorFilter{ResidentID: rose.ResidentID, Activity: shared.CareMeals}}).OK(t).Into(t, &page)
		if page.Total != 2 || page.Records[0].Time < page.Records[1].Time {
			t.Errorf("meals listed: %+v", page)
		}
	})
}
