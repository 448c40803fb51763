package server_test

import (
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Bounds every route meets (docs/api.md, Limits): dates between 1900 and
// 2199, page numbers up to shared.MaxPageNumber, no control characters in
// list filters. Each was once accepted: a return date in the year 292
// million, page 2^63 − 1 answering page 1, a NUL name matching every resident.
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
		owner.Language = "es-ES"
		if r := goingOut(shared.MaxDateMillis); !strings.Contains(r.Message, "1900") || !strings.Contains(r.Message, "2199") {
			t.Errorf("Spanish message %q", r.Message)
		}
		// A date inside the bounds reaches the service.
		goingOut(e.Clock.Now().AddDate(0, 0, 3).UnixMilli()).OK(t)
	})
}
