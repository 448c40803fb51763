package carerecord_test

import (
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The demo's record: a month of readings for every resident who lives at
// Maple, one blood pressure rising and one weight falling, notes of several
// types in the caregivers' languages with the last days' unread, care records.
func TestDemoRecord(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenantID := e.FacilityID(t, maple)
		living := count(t, e, `SELECT COUNT(*) FROM residents WHERE tenant_id = ? AND status IN ('NORMAL', 'GOING_OUT')`, tenantID)
		with := count(t, e, `SELECT COUNT(DISTINCT resident_id) FROM health_readings WHERE tenant_id = ?`, tenantID)
		if living == 0 || with != living {
			t.Fatalf("%d residents live here, %d have readings", living, with)
		}
		type trend struct{ first, last float64 }
		series := func(residentID string, m shared.HealthMetric) trend {
			var s shared.HealthSeries
			now := e.Clock.Now()
			owner.Post(t, hm+"/listSeries", shared.HealthSeriesRequest{ResidentID: residentID, Metrics: []shared.HealthMetric{m},
				StartDate: now.AddDate(0, 0, -40).Format("2006-01-02"), EndDate: now.Format("2006-01-02")}).OK(t).Into(t, &s)
			pts := s.Series[0].Points
			if len(pts) < 4 {
				t.Fatalf("%s of %s: %d points", m, residentID, len(pts))
			}
			return trend{first: pts[0].Value, last: pts[len(pts)-1].Value}
		}
		var rising, losing int
		rows, err := d.QueryContext(t.Context(), `SELECT DISTINCT resident_id FROM health_readings WHERE tenant_id = ?`, tenantID)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for rows.Next() {
			var id string
			_ = rows.Scan(&id)
			ids = append(ids, id)
		}
		rows.Close()
		for _, id := range ids {
			if bp := series(id, shared.MetricSystolicBP); bp.last-bp.first > 25 {
				rising++
			}
			if w := series(id, shared.MetricWeight); w.first-w.last > 7 {
				losing++
			}
		}
		if rising != 1 || losing != 1 {
			t.Errorf("%d residents with a rising blood pressure, %d losing weight; want 1 each", rising, losing)
		}
		types := count(t, e, `SELECT COUNT(DISTINCT note_type) FROM progress_notes WHERE tenant_id = ?`, tenantID)
		zh := count(t, e, `SELECT COUNT(*) FROM progress_notes WHERE tenant_id = ? AND language = 'zh-CN'`, tenantID)
		all := count(t, e, `SELECT COUNT(*) FROM progress_notes WHERE tenant_id = ?`, tenantID)
		if n := unread(t, owner, ""); types < 6 || zh == 0 || n == 0 || n >= all {
			t.Errorf("notes: %d types, %d in Chinese, %d unread of %d", types, zh, n, all)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM care_records WHERE tenant_id = ? AND activity = 'MEALS'`, tenantID); n < living*14*3 {
			t.Errorf("%d meal records", n)
		}
		// The care-plan tasks the demo completed are on the care monitor (source TASK), each once, exercise too.
		done := count(t, e, `SELECT COUNT(*) FROM task_records WHERE tenant_id = ? AND status = 'COMPLETED' AND resident_id IS NOT NULL
			AND area IN ('BATHING', 'DRESSING', 'TOILETING', 'HYGIENE', 'MOBILITY') AND type NOT IN ('VITAL_CHECK', 'HEALTH_MONITORING')`, tenantID)
		charted := count(t, e, `SELECT COUNT(*) FROM care_records WHERE tenant_id = ? AND source = 'TASK'`, tenantID)
		mobility := count(t, e, `SELECT COUNT(*) FROM care_records WHERE tenant_id = ? AND source = 'TASK' AND activity = 'MOBILITY'`, tenantID)
		if done == 0 || charted != done || mobility == 0 {
			t.Errorf("%d care-plan tasks done, %d charted (%d mobility)", done, charted, mobility)
		}
	})
}
