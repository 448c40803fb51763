package medication_test

import (
	"context"
	"slices"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Every eMAR route with Maple's ids: another facility (of the same
// organisation or another) answers 4004, or 4003 first where its role is
// refused; Maple's caregiver reads and logs but never writes an order,
// holds, discontinues, restores, acknowledges or records an assistance
// level (4003); the free plan has no eMAR (7003); the super admin is no
// facility user (4003); nobody unsigned gets in (401).
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 6, 30))
		met := v.save(t, order(v.peggy, "Metformin", "07:00", "09:00"))
		asp := v.save(t, order(v.peggy, "Aspirin", "09:00"))
		prnReq := order(v.peggy, "Acetaminophen")
		prnReq.Type, prnReq.Times = shared.MedicationPRN, nil
		prn := v.save(t, prnReq)
		dose, err := v.s.LogPrn(ctx, v.carer, shared.LogPrnRequest{MedicationID: prn.MedicationID, ClientID: "access-prn-setup", Reason: "Headache"})
		if err != nil {
			t.Fatal(err)
		}
		setClock(e, local(2027, 6, 1, 8, 5))
		passes := v.passes(t, met.MedicationID, "2027-06-01")
		red, noon := passes[0].PassID, passes[1].PassID
		if passes[0].Colour != shared.ColourRed {
			t.Fatalf("setup: the 07:00 pass is %s", passes[0].Colour)
		}
		peggy := v.peggy

		type access struct {
			write bool // owners and admins only
			own   bool // names no Maple id: another facility gets its own answer (0000)
		}
		type route = servertest.Route[access]
		post := func(path string, body any) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Post(t, path, body) }
		}
		get := func(path string) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Get(t, path) }
		}
		write := access{write: true}
		change := shared.MedicationChangeRequest{MedicationID: met.MedicationID, Reason: "Dr Patel by phone"}
		routes := []route{
			{Name: "listMedication", Do: post(care+"/listMedication", shared.MedicationFilter{ResidentID: peggy})},
			{Name: "listMedicationByPage", Do: post(care+"/listMedicationByPage", shared.PageRequest[shared.MedicationFilter]{Current: 1, Size: 20, Data: shared.MedicationFilter{ResidentID: peggy}})},
			{Name: "getMedicationById", Do: get(care + "/getMedicationById?medicationId=" + met.MedicationID)},
			{Name: "listMedicationLog", Do: post(care+"/listMedicationLog", shared.MedicationLogRequest{ResidentID: peggy})},
			{Name: "listMedicationRecordByPage", Do: post(care+"/listMedicationRecordByPage", shared.PageRequest[shared.MedicationRecordFilter]{Current: 1, Size: 20,
				Data: shared.MedicationRecordFilter{ResidentID: peggy}})},
			{Name: "listNotGivenRecord", Do: post(care+"/listNotGivenRecord", shared.PageRequest[shared.NotGivenFilter]{Current: 1, Size: 20,
				Data: shared.NotGivenFilter{ResidentID: peggy}})},
			{Name: "emarsStatusColourCount", Do: get(care + "/emarsStatusColourCount?residentId=" + peggy)},
			{Name: "countWarningNum", Is: access{own: true}, Do: get(care + "/countWarningNum")},
			{Name: "getAssistance", Do: get(care + "/getAssistance?residentId=" + peggy)},
			{Name: "getMedHistory", Do: get(hist + "/getMedHistory?residentId=" + peggy)},
			{Name: "printMar", PDF: true, Do: get(care + "/printMar?residentId=" + peggy + "&month=2027-06")},
			{Name: "logPass", Do: post(care+"/logPass", shared.LogPassRequest{PassID: noon, ClientID: "access-log-0001", Outcome: shared.OutcomeRefused,
				Reason: "Asleep"})},
			{Name: "logPrn", Do: post(care+"/logPrn", shared.LogPrnRequest{MedicationID: prn.MedicationID, ClientID: "access-prn-0001", Reason: "Pain"})},
			{Name: "prnFollowUp", Do: post(care+"/prnFollowUp", shared.PrnFollowUpRequest{PassID: dose.PassID, Effective: true})},
			{Name: "save", Is: write, Do: post(care+"/save", shared.SaveMedicationRequest{MedicationID: met.MedicationID, Version: met.Version, Name: "Metformin",
				Type: shared.MedicationRoutine, Dose: "500 mg", Route: shared.RouteOral, StartDate: "2026-01-01", Times: []string{"07:00", "12:00"}})},
			{Name: "hold", Is: write, Do: post(care+"/hold", change)},
			{Name: "resume", Is: write, Do: post(care+"/resume", change)},
			{Name: "discontinue", Is: write, Do: get(care + "/discontinue?medicationId=" + asp.MedicationID + "&reason=Stopped")},
			{Name: "restore", Is: write, Do: post(care+"/restore", shared.MedicationChangeRequest{MedicationID: asp.MedicationID, Reason: "Restarted"})},
			{Name: "clearColourByStatusId", Is: write, Do: get(care + "/clearColourByStatusId?statusId=" + red + "&note=Asleep")},
			{Name: "saveAssistance", Is: write, Do: post(care+"/saveAssistance", shared.SaveAssistanceRequest{ResidentID: peggy,
				Level: shared.AssistanceAdministration, Note: "Nurse delegation in place"})},
		}
		// Every eMAR route of the OpenAPI document is in the table, and every call of the table is a route.
		routeCount := 0
		for path := range e.Server.API.OpenAPI().Paths {
			for _, prefix := range []string{care + "/", hist + "/"} {
				if len(path) > len(prefix) && path[:len(prefix)] == prefix {
					routeCount++
					if !slices.ContainsFunc(routes, func(r route) bool { return r.Name == path[len(prefix):] }) {
						t.Errorf("%s is not in the access table", path)
					}
				}
			}
		}
		if routeCount != len(routes) {
			t.Errorf("%d eMAR routes, %d in the table", routeCount, len(routes))
		}

		for _, who := range []struct {
			name  string
			c     *servertest.Client
			carer bool
			free  bool
		}{
			{name: "Cedar owner", c: e.SignIn(t, "owner_evergreen", "Cedar Home AFH")},
			{name: "Cedar caregiver", c: e.SignIn(t, "caregiver_cedar1"), carer: true},
			{name: "Birch owner (free plan)", c: e.SignIn(t, "owner_birch"), free: true},
		} {
			servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: who.name, Client: who.c, Want: func(r route) string {
				switch {
				case r.Is.write && who.carer:
					return shared.CodeForbidden // the role is checked first
				case who.free:
					return shared.CodeFunctionMissing // the free plan has no eMAR
				case r.Is.own:
					return shared.CodeOK
				}
				return shared.CodeNotFound
			}})
			if who.free {
				continue
			}
			// Their own lists never show Maple's.
			var page shared.Page[shared.Medication]
			who.c.Post(t, care+"/listMedicationByPage", shared.PageRequest[shared.MedicationFilter]{Current: 1, Size: 100}).OK(t).Into(t, &page)
			for _, m := range page.Records {
				if m.ResidentID == peggy {
					t.Errorf("%s lists Maple's order %s", who.name, m.Name)
				}
			}
			var day shared.EmarDay
			who.c.Post(t, care+"/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &day)
			for _, r := range day.Residents {
				if r.ResidentID == peggy {
					t.Errorf("%s's /emars shows Maple's resident", who.name)
				}
			}
			var records shared.Page[shared.MedPass]
			who.c.Post(t, care+"/listMedicationRecordByPage", shared.PageRequest[shared.MedicationRecordFilter]{Current: 1, Size: 100}).OK(t).Into(t, &records)
			for _, r := range records.Records {
				if r.ResidentID == peggy {
					t.Errorf("%s lists Maple's logged pass %s", who.name, r.PassID)
				}
			}
			var n int
			who.c.Get(t, care+"/countWarningNum").OK(t).Into(t, &n)
			if n != 0 {
				t.Errorf("%s counts Maple's red pass: %d", who.name, n)
			}
		}

		// Maple's caregiver: reads and logs; never writes.
		carer := e.SignIn(t, "caregiver_maple1")
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple caregiver", Client: carer, Want: func(r route) string {
			if r.Is.write {
				return shared.CodeForbidden
			}
			return shared.CodeOK
		}})
		var sidebar shared.SidebarReminderCount
		carer.Get(t, "/api/care/resident/sidebarReminderCount").OK(t).Into(t, &sidebar)
		if sidebar.MedicationWarningCount != 1 {
			t.Errorf("the sidebar's medicationWarningCount: %d, want 1 (the 07:00 pass)", sidebar.MedicationWarningCount)
		}

		// Maple's owner and admin write.
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		admin := e.SignIn(t, "admin_maple")
		servertest.RoleMatrix(t, routes,
			servertest.Caller[access]{Name: "Maple owner", Client: owner, Want: func(r route) string {
				if r.Is.write && r.Name != "saveAssistance" {
					return shared.CodeOK
				}
				return servertest.NotCalled
			}},
			servertest.Caller[access]{Name: "Maple admin", Client: admin, Want: func(r route) string {
				if r.Name == "saveAssistance" {
					return shared.CodeOK
				}
				return servertest.NotCalled
			}})
		var level shared.MedicationAssistance
		carer.Get(t, care+"/getAssistance?residentId="+peggy).OK(t).Into(t, &level)
		if level.Level != shared.AssistanceAdministration || level.UpdatedByName == "" {
			t.Errorf("assistance level: %+v", level)
		}
		owner.Get(t, "/api/care/resident/sidebarReminderCount").OK(t).Into(t, &sidebar)
		if sidebar.MedicationWarningCount != 0 {
			t.Errorf("medicationWarningCount after the acknowledgement: %d", sidebar.MedicationWarningCount)
		}
		// The dashboard card: today's passes at Maple.
		var cards []shared.DashboardCard
		carer.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
		found := false
		for _, c := range cards {
			if c.Key == "medPasses" {
				found = c.Link == "/emars" && len(c.Items) == 5 // due now, effect checks, given, not given, overdue
			}
		}
		if !found {
			t.Errorf("no med passes card for Maple's caregiver: %+v", cards)
		}
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), e.SignIn(t, "owner_birch")} {
			c.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
			for _, card := range cards {
				if card.Key == "medPasses" {
					t.Errorf("another facility (or the free plan) gets Maple's med passes card: %+v", card)
				}
			}
		}

		// The super admin is not a facility user; nobody unsigned gets in.
		servertest.Outsiders(t, e, routes)
	})
}
