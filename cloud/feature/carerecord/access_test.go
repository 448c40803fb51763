package carerecord_test

import (
	"context"
	"net/http"
	"testing"

	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Every route, with Maple's ids: another facility gets 4004 and never sees
// Maple's records in its own lists; Maple's caregiver reads, writes and prints
// but does not set normal ranges (4003); a facility without a plan gets 7001;
// the super admin is no facility user (4003); nobody unsigned gets in.
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		r := newResident(t, owner, "Max")
		note := batch(t, owner, shared.ProgressNoteInput{ResidentID: r.ResidentID, NoteType: shared.NoteOther, Notes: "Maple's note."})[0]
		owner.Post(t, hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: r.ResidentID,
			Readings: []shared.HealthReadingInput{{Metric: shared.MetricWeight, Value: 150}}}).OK(t)
		owner.Post(t, cm+"/save", shared.SaveCareRecordRequest{ResidentID: r.ResidentID, Activity: shared.CareBathing}).OK(t)
		id := r.ResidentID

		type call struct {
			manager, pdf bool
			do           func(c *servertest.Client) *servertest.Response
		}
		post := func(path string, body any) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Post(t, path, body) }
		}
		get := func(path string) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Get(t, path) }
		}
		calls := map[string]call{
			"listProgressNoteByPage":  {do: post(pn+"/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20, Data: shared.ProgressNoteFilter{ResidentID: id}})},
			"countUnReadProgressNote": {do: get(pn + "/countUnReadProgressNote?residentId=" + id)},
			"batchSave":               {do: post(pn+"/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{{ResidentID: id, NoteType: shared.NoteOther, Notes: "x"}}})},
			"getProgressNoteById":     {do: get(pn + "/getProgressNoteById?noteId=" + note.NoteID)},
			"update":                  {do: post(pn+"/update", shared.UpdateProgressNoteRequest{NoteID: note.NoteID, NoteType: shared.NoteOther, Notes: "y"})},
			"addAddendum":             {do: post(pn+"/addAddendum", shared.AddAddendumRequest{NoteID: note.NoteID, Reason: "r", Text: "t"})},
			"markAllRead":             {do: post(pn+"/markAllRead", shared.MarkAllReadRequest{ResidentID: id})},
			"progressNote/print":      {pdf: true, do: get(pn + "/print?residentId=" + id + "&startDate=2027-06-01&endDate=2027-06-01")},
			"listMetrics":             {do: get(hm + "/listMetrics?residentId=" + id)},
			"saveNormalRange":         {manager: true, do: post(hm+"/saveNormalRange", shared.SaveNormalRangeRequest{ResidentID: id, Metric: shared.MetricPain, NormalHigh: ptr(4)})},
			"listHealthMonitorByPage": {do: post(hm+"/listHealthMonitorByPage", shared.PageRequest[shared.HealthMonitorFilter]{Current: 1, Size: 20, Data: shared.HealthMonitorFilter{ResidentID: id}})},
			"healthMonitor/save":      {do: post(hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: id, Readings: []shared.HealthReadingInput{{Metric: shared.MetricPain, Value: 1}}})},
			"listSeries":              {do: post(hm+"/listSeries", shared.HealthSeriesRequest{ResidentID: id, StartDate: "2027-05-01", EndDate: "2027-06-01"})},
			"healthMonitor/print":     {pdf: true, do: get(hm + "/print?residentId=" + id + "&startDate=2027-06-01&endDate=2027-06-01")},
			"listCareMonitorByPage":   {do: post(cm+"/listCareMonitorByPage", shared.PageRequest[shared.CareMonitorFilter]{Current: 1, Size: 20, Data: shared.CareMonitorFilter{ResidentID: id}})},
			"careMonitor/save":        {do: post(cm+"/save", shared.SaveCareRecordRequest{ResidentID: id, Activity: shared.CareToileting})},
			"listResidentCareRecord":  {do: get(cm + "/listResidentCareRecord?residentId=" + id)},
		}
		for _, who := range []struct {
			name  string
			c     *servertest.Client
			carer bool
		}{
			{name: "Cedar owner", c: e.SignIn(t, "owner_evergreen", "Cedar Home AFH")},
			{name: "Cedar caregiver", c: e.SignIn(t, "caregiver_cedar1"), carer: true},
			{name: "Birch owner", c: e.SignIn(t, "owner_birch")},
		} {
			for name, cl := range calls {
				want := shared.CodeNotFound
				if cl.manager && who.carer {
					want = shared.CodeForbidden
				}
				if resp := cl.do(who.c); resp.Code != want {
					t.Errorf("%s by %s: code %s, want %s: %s", name, who.name, resp.Code, want, resp.Body)
				}
			}
			// Their own lists never show Maple's records.
			var notes shared.Page[shared.ProgressNote]
			who.c.Post(t, pn+"/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 100}).OK(t).Into(t, &notes)
			for _, n := range notes.Records {
				if n.ResidentID == id {
					t.Errorf("%s lists Maple's note", who.name)
				}
			}
			if p := readingsOf(t, who.c, shared.HealthMonitorFilter{}); p.Total > 0 {
				for _, rd := range p.Records {
					if rd.ResidentID == id {
						t.Errorf("%s lists Maple's reading", who.name)
					}
				}
			}
		}
		// Maple's caregiver does everything but the normal ranges (and edits only their own notes).
		carer := e.SignIn(t, "caregiver_maple1")
		for name, cl := range calls {
			want := shared.CodeOK
			switch {
			case cl.manager, name == "update":
				want = shared.CodeForbidden
			}
			resp := cl.do(carer)
			if cl.pdf && resp.Status == 200 && resp.Header.Get("Content-Type") == "application/pdf" {
				continue
			}
			if resp.Code != want {
				t.Errorf("Maple caregiver %s: code %s, want %s: %.200s", name, resp.Code, want, resp.Body)
			}
		}
		super, anon := e.SignIn(t, "superadmin"), e.Client()
		for name, cl := range calls {
			if resp := cl.do(super); resp.Code != shared.CodeForbidden {
				t.Errorf("super admin %s: %s", name, resp.Code)
			}
			cl.do(anon).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		}
		// A facility without a plan.
		if err := tenant.NewStore(d).SetPlan(context.Background(), e.FacilityID(t, maple), "", ""); err != nil {
			t.Fatal(err)
		}
		noPlan := e.SignIn(t, "owner_evergreen", maple)
		for name, cl := range calls {
			if resp := cl.do(noPlan); resp.Code != shared.CodeNoSubscription {
				t.Errorf("no plan %s: %s", name, resp.Code)
			}
		}
	})
}
