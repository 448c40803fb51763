package attendance_test

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The attendance CSV: an owner gets the hours her caregivers clocked, per
// day and in total, in a file named after the home and the period; another
// home's owner never sees them; a caregiver is refused (4003).
func TestAttendanceExport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		amina := e.SignIn(t, "caregiver_maple1")
		loc, _ := time.LoadLocation("America/Los_Angeles")
		// From the day she clocked in to the day she clocked out: after 20:30 at the home the shift ends
		// the next day, and a one-day export of either day holds only part of it.
		start := e.Clock.Now().In(loc).Format(time.DateOnly)
		punchOK(t, amina, shared.ClockInRequest{ClientPunchID: newID("exp")})
		e.Clock.Advance(3*time.Hour + 30*time.Minute)
		amina = e.SignIn(t, "caregiver_maple1") // signed in again: a session is idle-limited
		punchOK(t, amina, shared.ClockInRequest{ClientPunchID: newID("exp")})
		end := e.Clock.Now().In(loc).Format(time.DateOnly)
		path := rec + "/export?startDate=" + start + "&endDate=" + end

		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		r := owner.Get(t, path)
		if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export: %d %s", r.Status, r.Body)
		}
		if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "attendance_maple-house-afh_"+start+"_"+end+".csv") {
			t.Errorf("file name: %q", cd)
		}
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil || len(rows) < 3 || rows[0][0] != "Caregiver" {
			t.Fatalf("csv: %v %q", err, r.Body)
		}
		found := false
		for _, row := range rows {
			// Compared as numbers: the demo's own punches of the day add to hers ("11.58" < "3.50" as text).
			if hours, err := strconv.ParseFloat(row[2], 64); err == nil && strings.Contains(row[0], "Amina") && row[1] == "Total" && hours >= 3.5 {
				found = true
			}
		}
		if !found {
			t.Errorf("Amina's 3.5 hours missing: %q", rows)
		}
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH").Get(t, path)
		if cedar.Status != http.StatusOK || strings.Contains(string(cedar.Body), "Amina") {
			t.Errorf("another home sees Maple's: %s", cedar.Body)
		}
		amina.Get(t, path).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}
