package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Bounds every route meets (docs/api.md, Limits): dates between 1900 and
// 2199 (times in the home's records from 2000), page numbers up to
// shared.MaxPageNumber, no control characters in list filters. Each was once
// accepted: a return date in the year 292 million, page 2^63 − 1 answering
// page 1, a NUL name matching every resident.
func TestRequestBounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		list := func(body string) *servertest.Response {
			return owner.Do(t, servertest.Request{Method: http.MethodPost, Path: "/api/care/resident/listResidentByPage", Raw: body})
		}
		var page shared.Page[shared.Resident]
		list(`{"current":1,"size":20}`).OK(t).Into(t, &page)
		if len(page.Records) == 0 {
			t.Fatal("no residents")
		}
		refused := func(what string, r *servertest.Response, field, rule string) {
			t.Helper()
			r.Is(t, http.StatusOK, shared.CodeValidation)
			var fes []shared.FieldError
			r.Into(t, &fes)
			if len(fes) == 0 || !strings.HasSuffix(fes[0].Field, field) || fes[0].Rule != rule {
				t.Errorf("%s: %s", what, r.Body)
			}
		}

		refused("page 2^63-1", list(`{"current":9223372036854775807,"size":20}`), "current", "maximum")
		refused("NUL in the name filter", list(`{"current":1,"size":20,"data":{"name":"\u0000"}}`), "name", "controlCharacters")
		refused("line break in the room filter", list(`{"current":1,"size":20,"data":{"room":"1\n"}}`), "room", "controlCharacters")
		list(`{"current":100000,"size":20}`).OK(t)

		id := ""
		for _, r := range page.Records {
			if r.Status == shared.ResidentNormal {
				id = r.ResidentID
			}
		}
		goingOut := func(ms int64) *servertest.Response {
			return owner.Post(t, "/api/care/resident/goingOut", shared.GoingOutRequest{ResidentID: id, ReturnDate: ms})
		}
		refused("year 292 million", goingOut(9_200_000_000_000_000_000), "returnDate", "dateRange")
		refused("year 2200", goingOut(shared.MaxDateMillis), "returnDate", "dateRange")
		refused("a return in seconds", goingOut(e.Clock.Now().AddDate(0, 0, 3).Unix()), "returnDate", "dateRange")
		owner.Language = "es-ES"
		if r := goingOut(shared.MaxDateMillis); !strings.Contains(r.Message, "2000") || !strings.Contains(r.Message, "2199") {
			t.Errorf("Spanish message %q", r.Message)
		}
		owner.Language = ""
		// A date inside the bounds reaches the service.
		goingOut(e.Clock.Now().AddDate(0, 0, 3).UnixMilli()).OK(t)

		// Dates are checked by the field's type, whatever its name (issue 26:
		// each of these was accepted): a day far in the future, and times of
		// things that happened in the home sent as -1 or in seconds.
		secs := e.Clock.Now().Add(-time.Hour).Unix()
		for _, c := range []struct{ what, path, body, field string }{
			{"a day in 9999", "/api/care/medication/listMedicationLog", `{"day":"9999-12-31"}`, "day"},
			{"a day in year 1", "/api/care/medication/listMedicationLog", `{"day":"0001-01-01"}`, "day"},
			{"a disposal at -1", "/api/care/medicationDisposal/save", `{"residentId":"` + id + `","disposalTime":-1}`, "disposalTime"},
			{"a disposal in seconds", "/api/care/medicationDisposal/save", fmt.Sprintf(`{"residentId":%q,"disposalTime":%d}`, id, secs), "disposalTime"},
			{"a quick disposal at -1", "/api/care/medicationDisposal/quickCreate", `{"medicationId":"m1","disposalTime":-1}`, "disposalTime"},
			{"vitals taken in seconds", "/api/care/healthMonitor/save",
				fmt.Sprintf(`{"residentId":%q,"takenAt":%d,"readings":[{"metric":"HEART_RATE","value":70}]}`, id, secs), "takenAt"},
			{"care given in seconds", "/api/care/careMonitor/save", fmt.Sprintf(`{"residentId":%q,"activity":"BATHING","time":%d}`, id, secs), "time"},
			{"an incident in seconds", "/api/care/incidentReport/saveIncidentDraft", fmt.Sprintf(`{"type":"FALL","residentId":%q,"occurredAt":%d}`, id, secs), "occurredAt"},
		} {
			refused(c.what, owner.Do(t, servertest.Request{Method: http.MethodPost, Path: c.path, Raw: c.body}), c.field, "dateRange")
		}
	})
}
