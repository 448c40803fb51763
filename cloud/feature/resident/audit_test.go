package resident_test

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

// auditPath is the audit trail export of id over the days around the clock's
// now (Maple's zone).
func auditPath(e *servertest.Env, id string) string {
	la, _ := time.LoadLocation("America/Los_Angeles")
	now := e.Clock.Now().In(la)
	return base + "/auditExport?" + url.Values{"residentId": {id}, "startDate": {now.AddDate(0, 0, -1).Format(time.DateOnly)},
		"endDate": {now.AddDate(0, 0, 1).Format(time.DateOnly)}}.Encode()
}

// The audit trail of one resident as CSV: the owner gets the rows of the
// resident (made, changed) and of its records (a contact, an incident report),
// never another resident's, newest first, times in the facility's zone, who
// did it by name, and what changed as "field: before → after"; named after
// the home, the resident and the period; past report.printMaxRecords refused.
func TestResidentAuditExport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		carer := e.SignIn(t, "caregiver_maple1")
		iris := create(t, owner, newResident("Iris", "Audit", "9"))
		other := create(t, owner, newResident("Otto", "Other", "10"))
		upd := newResident("Iris", "Audit", "12")
		upd.ResidentID = iris.ResidentID
		owner.Post(t, base+"/updateResident", upd).OK(t)
		owner.Post(t, contact+"/save", shared.SaveContactRequest{ResidentID: iris.ResidentID, Group: shared.ContactOther, Name: "Nora Audit",
			Phone: "3605550101"}).OK(t)
		owner.Post(t, contact+"/save", shared.SaveContactRequest{ResidentID: other.ResidentID, Group: shared.ContactOther, Name: "Olga Other",
			Phone: "3605550102"}).OK(t)
		now := e.Clock.Now().UnixMilli()
		carer.Post(t, "/api/care/incidentReport/saveIncidentDraft", shared.SaveIncidentDraftRequest{Type: shared.IncidentFall, ResidentID: iris.ResidentID,
			DiscoveredAt: now - 60_000, Narrative: "Slipped in the hall"}).OK(t)

		r := owner.Get(t, auditPath(e, iris.ResidentID))
		if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export: %d %s %.300s", r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "audit-trail_maple-house-afh-iris-audit_") {
			t.Errorf("file name: %q", cd)
		}
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil {
			t.Fatalf("csv: %v %q", err, r.Body)
		}
		if strings.Join(rows[0], "|") != "Time|Who|Action|Record|Record id|What changed" {
			t.Errorf("header: %q", rows[0])
		}
		actions := map[string][]string{}
		for _, row := range rows[1:] {
			actions[row[2]] = row
		}
		for _, a := range []string{"resident.create", "resident.update", "residentContact.create", "incidentReport.create"} {
			if actions[a] == nil {
				t.Errorf("no %s row: %q", a, rows)
			}
		}
		if u := actions["resident.update"]; u != nil && (!strings.Contains(u[5], "room: 9 → 12") || u[1] == "" || u[3] != "resident" || u[4] != iris.ResidentID) {
			t.Errorf("the update: %q", u)
		}
		if c := actions["residentContact.create"]; c != nil && !strings.Contains(c[5], "Nora Audit") {
			t.Errorf("the contact: %q", c)
		}
		if strings.Contains(string(r.Body), "Olga") || strings.Contains(string(r.Body), other.ResidentID) {
			t.Errorf("another resident's rows: %s", r.Body)
		}
		if _, err := time.Parse("2006-01-02 15:04:05", rows[1][0]); err != nil {
			t.Errorf("time: %q", rows[1][0])
		}
		owner.Language = "zh-CN"
		if r := owner.Get(t, auditPath(e, iris.ResidentID)); !strings.HasPrefix(string(r.Body), "时间,") {
			t.Errorf("Chinese header: %.60s", r.Body)
		}

		admin := e.SignIn(t, "superadmin")
		admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "report.printMaxRecords", Value: "2"}).OK(t)
		if m := owner.Get(t, auditPath(e, iris.ResidentID)).Is(t, http.StatusOK, shared.CodeValidation); !strings.Contains(m.Message, "2") {
			t.Errorf("past the cap: %q", m.Message)
		}
		admin.Post(t, "/api/system/params/reset", shared.ParamKeyRequest{Key: "report.printMaxRecords"}).OK(t)

		// Tenant from the token only: the owner's other home does not find
		// Maple's resident; a caregiver is refused; bad input is a clear error.
		e.SignIn(t, "owner_evergreen", "Cedar Home AFH").Get(t, auditPath(e, iris.ResidentID)).Is(t, http.StatusOK, shared.CodeNotFound)
		carer.Get(t, auditPath(e, iris.ResidentID)).Is(t, http.StatusOK, shared.CodeForbidden)
		owner.Get(t, auditPath(e, "no-such-resident")).Is(t, http.StatusOK, shared.CodeNotFound)
		for _, bad := range []string{"startDate=2027-02-30&endDate=2027-03-01", "startDate=2027-06-10&endDate=2027-06-01", "startDate=2027-06-01", ""} {
			owner.Get(t, base+"/auditExport?residentId="+iris.ResidentID+"&"+bad).Is(t, http.StatusOK, shared.CodeValidation)
		}
		owner.Get(t, base+"/auditExport?residentId="+iris.ResidentID+"&startDate=2001-01-01&endDate=2001-01-31").Is(t, http.StatusOK, shared.CodeNotFound)
	})
}
