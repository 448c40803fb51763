package disposal_test

import (
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Every route of the feature, with Maple's ids: another facility (of the same
// organisation, or its caregiver) gets 4004, or 4003 where its role is
// refused first; Maple's caregiver reads but never writes (4003); the free
// plan has no eMAR (7003); the super admin is no facility user; nobody
// unsigned gets in.
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Max")
		pill := addMedication(t, e, tenant, r.ResidentID, med{name: "Lisinopril", status: "DISCONTINUED", stoppedAt: local(2027, 5, 30, 9, 0)})
		other := addMedication(t, e, tenant, r.ResidentID, med{name: "Atenolol", status: "DISCONTINUED", stoppedAt: local(2027, 5, 30, 9, 0)})
		rec := save(t, owner, valid(e, r.ResidentID, pill))
		edit := valid(e, r.ResidentID, pill)
		edit.RecordID, edit.Version, edit.PillsNumber = rec.RecordID, rec.Version, 15

		type access struct {
			write bool // owners and admins only
		}
		type route = servertest.Route[access]
		routes := []route{
			{Name: "listByPage", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/listByPage", shared.PageRequest[shared.DisposalFilter]{Current: 1, Size: 20, Data: shared.DisposalFilter{ResidentID: r.ResidentID}})
			}},
			{Name: "getById", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, md+"/getById?recordId="+rec.RecordID) }},
			{Name: "history", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, md+"/history?recordId="+rec.RecordID) }},
			{Name: "listDue", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/listDue", shared.DisposalDueFilter{ResidentID: r.ResidentID})
			}},
			{Name: "save (new)", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/save", valid(e, r.ResidentID, pill))
			}},
			{Name: "save (edit)", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response { return c.Post(t, md+"/save", edit) }},
			{Name: "quickCreate", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: other, DisposalMethod: shared.DisposalMailBack, PillsNumber: 2})
			}},
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
				case who.free:
					return shared.CodeFunctionMissing // the free plan has no eMAR
				case r.Is.write && who.carer:
					return shared.CodeForbidden // the role is checked first
				}
				return shared.CodeNotFound
			}})
			if who.free {
				continue
			}
			// Their own facility's due list never shows Maple's.
			list := due(t, who.c, "")
			if dueItem(list, pill) != nil || dueItem(list, other) != nil {
				t.Errorf("%s lists Maple's due medications", who.name)
			}
		}

		// Maple's caregiver reads everything and writes nothing. Maple's admin writes (the
		// edit, then the quick create, in this order: each changes the data).
		servertest.RoleMatrix(t, routes,
			servertest.Caller[access]{Name: "Maple caregiver", Client: e.SignIn(t, "caregiver_maple1"), Want: func(r route) string {
				if r.Is.write {
					return shared.CodeForbidden
				}
				return shared.CodeOK
			}},
			servertest.Caller[access]{Name: "Maple admin", Client: e.SignIn(t, "admin_maple"), Want: func(route) string { return shared.CodeOK }})
		servertest.Outsiders(t, e, routes)
	})
}
