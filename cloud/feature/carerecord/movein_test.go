package carerecord_test

import (
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Times of readings and of care given are plausible (issue 26): not in
// seconds instead of milliseconds, and not before the day the resident moved
// in (Rose moved in on 2025-01-01); that day itself is fine. Nothing refused is stored.
func TestNoReadingOrCareBeforeMoveIn(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 3, 20, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		rose := newResident(t, owner, "Rose")
		reading := func(at int64) *servertest.Response {
			return carer.Post(t, hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: rose.ResidentID, TakenAt: at,
				Readings: []shared.HealthReadingInput{{Metric: shared.MetricHeartRate, Value: 72}}})
		}
		care := func(at int64) *servertest.Response {
			return carer.Post(t, cm+"/save", shared.SaveCareRecordRequest{ResidentID: rose.ResidentID, Activity: shared.CareBathing, Time: at})
		}
		refused := func(what string, r *servertest.Response, field, rule string) {
			t.Helper()
			r.Is(t, 200, shared.CodeValidation)
			if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != field || fes[0].Rule != rule {
				t.Errorf("%s: %s", what, r.Body)
			}
		}
		lastEve := local(2024, 12, 31, 23, 59).UnixMilli()
		inSeconds := local(2027, 6, 3, 8, 0).Unix()
		r := reading(lastEve)
		refused("a reading the evening before the move-in", r, "takenAt", "beforeMoveIn")
		if !strings.Contains(r.Message, "Time taken") || !strings.Contains(r.Message, "2025-01-01") {
			t.Errorf("message %q", r.Message)
		}
		refused("a reading in seconds", reading(inSeconds), "takenAt", "dateRange")
		refused("care the evening before the move-in", care(lastEve), "time", "beforeMoveIn")
		refused("care in seconds", care(inSeconds), "time", "dateRange")
		refused("care at -1", care(-1), "time", "minimum")
		if n := count(t, e, `SELECT COUNT(*) FROM health_readings WHERE resident_id = ?`, rose.ResidentID) +
			count(t, e, `SELECT COUNT(*) FROM care_records WHERE resident_id = ?`, rose.ResidentID); n != 0 {
			t.Fatalf("%d refused records stored", n)
		}

		moveInDay := local(2025, 1, 1, 0, 1).UnixMilli()
		reading(moveInDay).OK(t)
		care(moveInDay).OK(t)
		carer.Language = "zh-CN"
		if r := reading(lastEve); !strings.Contains(r.Message, "入住") {
			t.Errorf("Chinese message %q", r.Message)
		}
	})
}
