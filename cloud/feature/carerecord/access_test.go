package carerecord_test

import (
	"context"
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

		type access struct {
			manager bool // owners and admins only
		}
		type route = servertest.Route[access]
		post := func(path string, body any) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Post(t, path, body) }
		}
		get := func(path string) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Get(t, path) }
		}
		routes := []route{
			{Name: "listProgressNoteByPage", Do: post(pn+"/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20, Data: shared.ProgressNoteFilter{ResidentID: id}})},
			{Name: "countUnReadProgressNote", Do: get(pn + "/countUnReadProgressNote?residentId=" + id)},
			{Name: "batchSave", Do: post(pn+"/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{{ResidentID: id, NoteType: shared.NoteOther, Notes: "x"}}})},
			{Name: "getProgressNoteById", Do: get(pn + "/getProgressNoteById?noteId=" + note.NoteID)},
			{Name: "update", Do: post(pn+"/update", shared.UpdateProgressNoteRequest{NoteID: note.NoteID, NoteType: shared.NoteOther, Notes: "y"})},
			{Name: "addAddendum", Do: post(pn+"/addAddendum", shared.AddAddendumRequest{NoteID: note.NoteID, Reason: "r", Text: "t"})},
			{Name: "markAllRead", Do: post(pn+"/markAllRead", shared.MarkAllReadRequest{ResidentID: id})},
			{Name: "progressNote/print", PDF: true, Do: get(pn + "/print?residentId=" + id + "&startDate=2027-06-01&endDate=2027-06-01")},
			{Name: "listMetrics", Do: get(hm + "/listMetrics?residentId=" + id)},
			{Name: "saveNormalRange", Is: access{manager: true}, Do: post(hm+"/saveNormalRange", shared.SaveNormalRangeRequest{ResidentID: id, Metric: shared.MetricPain, NormalHigh: ptr(4)})},
			{Name: "listHealthMonitorByPage", Do: post(hm+"/listHealthMonitorByPage", shared.PageRequest[shared.HealthMonitorFilter]{Current: 1, Size: 20, Data: shared.HealthMonitorFilter{ResidentID: id}})},
			{Name: "healthMonitor/save", Do: post(hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: id, Readings: []shared.HealthReadingInput{{Metric: shared.MetricPain, Value: 1}}})},
			{Name: "listSeries", Do: post(hm+"/listSeries", shared.HealthSeriesRequest{ResidentID: id, StartDate: "2027-05-01", EndDate: "2027-06-01"})},
			{Name: "healthMonitor/print", PDF: true, Do: get(hm + "/print?residentId=" + id + "&startDate=2027-06-01&endDate=2027-06-01")},
			{Name: "listCareMonitorByPage", Do: post(cm+"/listCareMonitorByPage", shared.PageRequest[shared.CareMonitorFilter]{Current: 1, Size: 20, Data: shared.CareMonitorFilter{ResidentID: id}})},
			{Name: "careMonitor/save", Do: post(cm+"/save", shared.SaveCareRecordRequest{ResidentID: id, Activity: shared.CareToileting})},
			{Name: "listResidentCareRecord", Do: get(cm + "/listResidentCareRecord?residentId=" + id)},
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
			servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: who.name, Client: who.c, Want: func(r route) string {
				if r.Is.manager && who.carer {
					return shared.CodeForbidden
				}
				return shared.CodeNotFound
			}})
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
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple caregiver", Client: e.SignIn(t, "caregiver_maple1"),
			Want: func(r route) string {
				if r.Is.manager || r.Name == "update" {
					return shared.CodeForbidden
				}
				return shared.CodeOK
			}})
		servertest.Outsiders(t, e, routes)
		// A facility without a plan.
		if err := tenant.NewStore(d).SetPlan(context.Background(), e.FacilityID(t, maple), "", ""); err != nil {
			t.Fatal(err)
		}
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple without a plan", Client: e.SignIn(t, "owner_evergreen", maple),
			Want: func(route) string { return shared.CodeNoSubscription }})
	})
}
