package incident_test

import (
	"net/http"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// An incident's times are plausible (issue 26): not in seconds instead of
// milliseconds, and a resident's incident did not happen, nor was it
// discovered, before the day the resident moved in (2025-01-01), in a draft
// or in an edit. A refused draft is not stored.
func TestNoIncidentBeforeMoveIn(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		r := newResident(t, owner, "Ruth")
		var before int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM incident_reports`).Scan(&before); err != nil {
			t.Fatal(err)
		}
		pacific, _ := time.LoadLocation("America/Los_Angeles")
		lastEve := time.Date(2024, 12, 31, 23, 59, 0, 0, pacific).UnixMilli()
		refused := func(what string, in shared.SaveIncidentDraftRequest, field, rule string) {
			t.Helper()
			resp := carer.Post(t, ir+"/saveIncidentDraft", in).Is(t, http.StatusOK, shared.CodeValidation)
			var fes []shared.FieldError
			resp.Into(t, &fes)
			if len(fes) != 1 || fes[0].Field != field || fes[0].Rule != rule {
				t.Errorf("%s: %s", what, resp.Body)
			}
		}
		in := fall(e, r.ResidentID)
		in.OccurredAt = e.Clock.Now().Add(-2 * time.Hour).Unix()
		refused("occurred, in seconds", in, "occurredAt", "dateRange")
		in = fall(e, r.ResidentID)
		in.OccurredAt = lastEve
		refused("occurred before the move-in", in, "occurredAt", "beforeMoveIn")
		in.OccurredAt, in.DiscoveredAt = 0, lastEve
		refused("discovered before the move-in", in, "discoveredAt", "beforeMoveIn")
		var after int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM incident_reports`).Scan(&after); err != nil {
			t.Fatal(err)
		}
		if after != before {
			t.Fatalf("%d refused drafts stored", after-before)
		}

		// The move-in day itself is fine; an edit is held to the same rule.
		in.DiscoveredAt = time.Date(2025, 1, 1, 0, 1, 0, 0, pacific).UnixMilli()
		rep := draft(t, carer, in)
		up := shared.UpdateIncidentReportRequest{IncidentID: rep.IncidentID, Version: rep.Version, SaveIncidentDraftRequest: in}
		up.OccurredAt = lastEve
		carer.Post(t, ir+"/updateIncidentReport", up).Is(t, http.StatusOK, shared.CodeValidation)
		// A facility's incident (no resident) has no move-in to compare with.
		draft(t, carer, shared.SaveIncidentDraftRequest{Type: shared.IncidentPowerOutage, OccurredAt: lastEve, DiscoveredAt: lastEve})
	})
}
