package shift_test

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The scheduled-versus-worked CSV: owners and admins of the home get their
// own caregivers (the demo's Maple crew), named after the home and the
// period, the header in their language; another home's owner gets only
// theirs; a caregiver is refused (4003), the free plan too (7003).
func TestHoursExport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		path := api + "/shiftHours/export?startDate=" + thisWeek + "&endDate=2027-06-05"
		owner := e.SignIn(t, "owner_evergreen", maple)
		r := owner.Get(t, path)
		if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export: %d %s %s", r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "scheduled-vs-worked_maple-house-afh_2027-05-30_2027-06-05.csv") {
			t.Errorf("file name: %q", cd)
		}
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil || len(rows) < 3 {
			t.Fatalf("csv: %v %q", err, r.Body)
		}
		if rows[0][0] != "Caregiver" || rows[0][3] != "Worked (h)" || rows[len(rows)-1][0] != "Total" {
			t.Errorf("header and total: %q / %q", rows[0], rows[len(rows)-1])
		}
		if !strings.Contains(string(r.Body), "Amina") {
			t.Errorf("Maple's caregivers missing: %s", r.Body)
		}
		owner.Language = "es-ES"
		if r := owner.Get(t, path); !strings.HasPrefix(string(r.Body), "Cuidador,") {
			t.Errorf("Spanish header: %.60s", r.Body)
		}

		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH").Get(t, path)
		if cedar.Status != http.StatusOK || strings.Contains(string(cedar.Body), "Amina") ||
			!strings.Contains(cedar.Header.Get("Content-Disposition"), "cedar-home-afh") {
			t.Errorf("another home: %s %s", cedar.Header.Get("Content-Disposition"), cedar.Body)
		}
		e.SignIn(t, "caregiver_maple1").Get(t, path).Is(t, http.StatusOK, shared.CodeForbidden)
		e.SignIn(t, "owner_birch").Get(t, path).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		owner.Get(t, api+"/shiftHours/export?startDate=2027-01-01&endDate=2027-06-05").Is(t, http.StatusOK, shared.CodeValidation)
	})
}
