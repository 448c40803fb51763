package incident_test

import (
	"net/http"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Every route with Maple's report: another facility (Cedar, made premium
// here) gets 4004, or 4003 where its role is refused first; the essential
// and free plans have no incident reports (7003); the super admin is no
// facility user; nobody unsigned gets in; Maple's other caregiver does not
// see a colleague's report (4004) and never reviews (4003).
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		if _, err := d.ExecContext(t.Context(), `UPDATE tenants SET subscription_plan = ? WHERE facility_name = ?`, shared.PlanPremium, "Cedar Home AFH"); err != nil {
			t.Fatal(err)
		}
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		r := newResident(t, owner, "Iris")
		rep := submit(t, carer, draft(t, carer, fall(e, r.ResidentID)).IncidentID)
		dr := draft(t, carer, fall(e, r.ResidentID))
		fam := duty(rep, shared.DutyNotifyFamily).DutyID

		type access struct {
			review bool // owners and admins only
		}
		type route = servertest.Route[access]
		post := func(path string, body any) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Post(t, path, body) }
		}
		get := func(path string) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Get(t, path) }
		}
		review := access{review: true}
		routes := []route{
			{Name: "update", Do: post(ir+"/updateIncidentReport", shared.UpdateIncidentReportRequest{IncidentID: dr.IncidentID, Version: dr.Version,
				SaveIncidentDraftRequest: fall(e, r.ResidentID)})},
			{Name: "submit", Do: get(ir + "/submit?incidentId=" + dr.IncidentID)},
			{Name: "preliminaryAnalysis", Is: review, Do: get(ir + "/preliminaryAnalysis?incidentId=" + rep.IncidentID)},
			{Name: "finalAnalysis", Is: review, Do: get(ir + "/finalAnalysis?incidentId=" + rep.IncidentID)},
			{Name: "checkDuty", Is: review, Do: post(ir+"/checkDuty", shared.IncidentDutyCheckRequest{IncidentID: rep.IncidentID, DutyID: fam, Done: true})},
			{Name: "approval", Is: review, Do: post(ir+"/approval", shared.IncidentApprovalRequest{IncidentID: rep.IncidentID, Version: 99})},
			{Name: "getById", Do: get(ir + "/getIncidentReportById?incidentId=" + rep.IncidentID)},
			{Name: "print", PDF: true, Do: get(ir + "/print?incidentId=" + rep.IncidentID)},
			{Name: "delete", Do: get(ir + "/deleteIncidentReport?incidentId=" + dr.IncidentID)},
		}
		for _, who := range []struct {
			name       string
			c          *servertest.Client
			carer      bool
			notPremium bool
		}{
			{name: "Cedar owner", c: e.SignIn(t, "owner_evergreen", "Cedar Home AFH")},
			{name: "Cedar caregiver", c: e.SignIn(t, "caregiver_cedar1"), carer: true},
			{name: "Maple's other caregiver", c: e.SignIn(t, "caregiver_maple2"), carer: true},
			{name: "Birch owner (free plan)", c: e.SignIn(t, "owner_birch"), notPremium: true},
		} {
			servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: who.name, Client: who.c, Want: func(r route) string {
				switch {
				case who.notPremium:
					return shared.CodeFunctionMissing
				case r.Is.review && who.carer:
					return shared.CodeForbidden
				}
				return shared.CodeNotFound
			}})
			if who.notPremium {
				who.c.Post(t, ir+"/saveIncidentDraft", fall(e, "")).Is(t, http.StatusOK, shared.CodeFunctionMissing)
				continue
			}
			// Their lists and counts never show Maple's.
			var page shared.Page[shared.IncidentReport]
			who.c.Post(t, ir+"/listIncidentReport", shared.PageRequest[shared.IncidentFilter]{Current: 1, Size: 20}).OK(t).Into(t, &page)
			for _, x := range page.Records {
				if x.IncidentID == rep.IncidentID || x.IncidentID == dr.IncidentID {
					t.Errorf("%s lists Maple's report", who.name)
				}
			}
			if who.name == "Maple's other caregiver" {
				continue
			}
			// Another facility's resident cannot be named.
			who.c.Post(t, ir+"/saveIncidentDraft", fall(e, r.ResidentID)).Is(t, http.StatusOK, shared.CodeValidation)
		}
		// Maple's admin reviews; the author submits, then deletes nothing (submitted).
		admin := e.SignIn(t, "admin_maple")
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple admin", Client: admin, Want: func(r route) string {
			switch r.Name {
			case "preliminaryAnalysis", "finalAnalysis", "checkDuty", "getById", "print":
				return shared.CodeOK
			}
			return servertest.NotCalled
		}})
		servertest.Outsiders(t, e, routes)
		super := e.SignIn(t, "superadmin")
		super.Get(t, ir+"/countReminders").Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

// The essential plan has neither incident menu (spec 000 §6): 7003 on every call.
func TestEssentialPlanRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), e.SignIn(t, "caregiver_cedar1")} {
			c.Post(t, ir+"/saveIncidentDraft", shared.SaveIncidentDraftRequest{Type: shared.IncidentFire}).Is(t, http.StatusOK, shared.CodeFunctionMissing)
			c.Post(t, ir+"/listIncidentReport", shared.PageRequest[shared.IncidentFilter]{Current: 1, Size: 20}).Is(t, http.StatusOK, shared.CodeFunctionMissing)
			c.Get(t, ir+"/countReminders").Is(t, http.StatusOK, shared.CodeFunctionMissing)
		}
	})
}
