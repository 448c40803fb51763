package incident_test

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// exportPath is the export of the days around the clock's now (Maple's zone)
// with the given filters.
func exportPath(e *servertest.Env, filters url.Values) string {
	la, _ := time.LoadLocation("America/Los_Angeles")
	now := e.Clock.Now().In(la)
	q := url.Values{"startDate": {now.AddDate(0, 0, -1).Format(time.DateOnly)}, "endDate": {now.AddDate(0, 0, 1).Format(time.DateOnly)}}
	for k, v := range filters {
		q[k] = v
	}
	return ir + "/export?" + q.Encode()
}

func readCSV(t *testing.T, r *servertest.Response) [][]string {
	t.Helper()
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %d %s %.300s", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v %q", err, r.Body)
	}
	return rows
}

// The incidents list as CSV: an owner gets the reports the filters select
// (resident, type, state, the period found), with the columns a licensor asks
// for (number, when, resident, type, status, reported by, when DSHS was told
// and its confirmation number, the short description), named after the home
// and the period, the header in the caller's language. It only reads.
func TestIncidentExport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		iris := newResident(t, owner, "Iris")
		abuse := fall(e, iris.ResidentID)
		abuse.Type, abuse.Narrative = shared.IncidentStaffToResident, "=HYPERLINK(\"x\") "+strings.Repeat("A long account. ", 30)
		reported := submit(t, carer, draft(t, carer, abuse).IncidentID)
		hotline := duty(reported, shared.DutyDSHSHotline)
		if hotline == nil {
			t.Fatalf("no hotline duty: %+v", reported.Duties)
		}
		owner.Post(t, ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: reported.IncidentID, DutyID: hotline.DutyID, Done: true,
			Reference: "DSHS-4471"}).OK(t)
		fell := submit(t, carer, draft(t, carer, fall(e, iris.ResidentID)).IncidentID).IncidentID
		draft(t, carer, fall(e, iris.ResidentID)) // a caregiver's draft: not the owner's to see

		r := owner.Get(t, exportPath(e, url.Values{"residentId": {iris.ResidentID}}))
		rows := readCSV(t, r)
		if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "incidents_maple-house-afh_") {
			t.Errorf("file name: %q", cd)
		}
		want := []string{"Report number", "Happened", "Found", "Resident", "Type", "Status", "Reported by", "Submitted", "Reported to DSHS",
			"DSHS confirmation number", "Injuries", "Short description"}
		if strings.Join(rows[0], "|") != strings.Join(want, "|") {
			t.Errorf("header: %q", rows[0])
		}
		if len(rows) != 3 {
			t.Fatalf("two submitted reports of Iris, no draft: %q", rows)
		}
		byID := map[string][]string{}
		for _, row := range rows[1:] {
			byID[row[0]] = row
		}
		a := byID[reported.IncidentID]
		if a == nil || a[3] != "Iris Test" || a[4] != "Staff-to-resident" || a[5] != "Pending review" || a[6] == "" || a[8] == "" || a[9] != "DSHS-4471" {
			t.Errorf("the reported abuse: %q", a)
		}
		if !strings.HasPrefix(a[11], "'=HYPERLINK") || !strings.HasSuffix(a[11], "…") || len([]rune(a[11])) > 203 {
			t.Errorf("the description is short and never a formula: %q", a[11])
		}
		if f := byID[fell]; f == nil || f[8] != "" || f[10] != "Bruise on the left hip" {
			t.Errorf("the fall (no hotline report): %q", f)
		}

		// Filters: type and state select as the list does.
		if rows := readCSV(t, owner.Get(t, exportPath(e, url.Values{"residentId": {iris.ResidentID}, "type": {"FALL"}}))); len(rows) != 2 || rows[1][0] != fell {
			t.Errorf("type FALL: %q", rows)
		}
		owner.Get(t, exportPath(e, url.Values{"residentId": {iris.ResidentID}, "state": {"COMPLETED"}})).Is(t, http.StatusOK, shared.CodeNotFound)
		owner.Language = "es-ES"
		if rows := readCSV(t, owner.Get(t, exportPath(e, url.Values{"residentId": {iris.ResidentID}}))); rows[0][0] != "Número de informe" {
			t.Errorf("Spanish header: %q", rows[0])
		}
		owner.Language = ""

		// The cap is the parameter report.printMaxRecords: past it, refused naming both numbers.
		admin := e.SignIn(t, "superadmin")
		admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "report.printMaxRecords", Value: "1"}).OK(t)
		m := owner.Get(t, exportPath(e, url.Values{"residentId": {iris.ResidentID}})).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(m.Message, "2 rows, more than the 1") {
			t.Errorf("past the cap: %q", m.Message)
		}
		if rows := readCSV(t, owner.Get(t, exportPath(e, url.Values{"residentId": {iris.ResidentID}, "type": {"FALL"}}))); len(rows) != 2 {
			t.Errorf("one row under a cap of one: %q", rows)
		}
		admin.Post(t, "/api/system/params/reset", shared.ParamKeyRequest{Key: "report.printMaxRecords"}).OK(t)

		// Another home (Cedar, premium here) never gets Maple's reports; the
		// caregiver is refused; bad input is a clear error.
		if _, err := d.ExecContext(t.Context(), `UPDATE tenants SET subscription_plan = ? WHERE facility_name = ?`, shared.PlanPremium, "Cedar Home AFH"); err != nil {
			t.Fatal(err)
		}
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		if r := cedar.Get(t, exportPath(e, nil)); r.Status == http.StatusOK && strings.Contains(string(r.Body), "Iris") {
			t.Errorf("Cedar got Maple's reports: %s", r.Body)
		}
		cedar.Get(t, exportPath(e, url.Values{"residentId": {iris.ResidentID}})).Is(t, http.StatusOK, shared.CodeValidation)
		carer.Get(t, exportPath(e, nil)).Is(t, http.StatusOK, shared.CodeForbidden)
		e.SignIn(t, "owner_birch").Get(t, exportPath(e, nil)).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		for _, bad := range []string{"startDate=2027-13-01&endDate=2027-12-31", "startDate=2027-06-10&endDate=2027-06-01", "endDate=2027-06-01",
			"startDate=2027-06-01", "startDate=2027-06-01&endDate=2027-06-30&type=NOPE", "startDate=2027-06-01&endDate=2027-06-30&residentId=nobody"} {
			owner.Get(t, ir+"/export?"+bad).Is(t, http.StatusOK, shared.CodeValidation)
		}
	})
}
