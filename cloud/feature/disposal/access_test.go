package disposal_test

import (
	"net/http"
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

		type call struct {
			write bool
			do    func(c *servertest.Client) *servertest.Response
		}
		calls := map[string]call{
			"listByPage": {do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/listByPage", shared.PageRequest[shared.DisposalFilter]{Current: 1, Size: 20, Data: shared.DisposalFilter{ResidentID: r.ResidentID}})
			}},
			"getById": {do: func(c *servertest.Client) *servertest.Response { return c.Get(t, md+"/getById?recordId="+rec.RecordID) }},
			"history": {do: func(c *servertest.Client) *servertest.Response { return c.Get(t, md+"/history?recordId="+rec.RecordID) }},
			"listDue": {do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/listDue", shared.DisposalDueFilter{ResidentID: r.ResidentID})
			}},
			"save (new)": {write: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/save", valid(e, r.ResidentID, pill))
			}},
			"save (edit)": {write: true, do: func(c *servertest.Client) *servertest.Response { return c.Post(t, md+"/save", edit) }},
			"quickCreate": {write: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: other, DisposalMethod: shared.DisposalMailBack, PillsNumber: 2})
			}},
		}
		order := []string{"listByPage", "getById", "history", "listDue", "save (new)", "save (edit)", "quickCreate"}
		if len(order) != len(calls) {
			t.Fatal("order misses a call")
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
			for _, name := range order {
				cl := calls[name]
				want := shared.CodeNotFound
				switch {
				case who.free:
					want = shared.CodeFunctionMissing // the free plan has no eMAR
				case cl.write && who.carer:
					want = shared.CodeForbidden // the role is checked first
				}
				if resp := cl.do(who.c); resp.Code != want {
					t.Errorf("%s by %s: code %s, want %s: %s", name, who.name, resp.Code, want, resp.Body)
				}
			}
			if who.free {
				continue
			}
			// Their own facility's due list never shows Maple's.
			list := due(t, who.c, "")
			if dueItem(list, pill) != nil || dueItem(list, other) != nil {
				t.Errorf("%s lists Maple's due medications", who.name)
			}
		}

		// Maple's caregiver reads everything and writes nothing.
		carer := e.SignIn(t, "caregiver_maple1")
		for _, name := range order {
			cl := calls[name]
			want := shared.CodeOK
			if cl.write {
				want = shared.CodeForbidden
			}
			if resp := cl.do(carer); resp.Code != want {
				t.Errorf("Maple caregiver %s: code %s, want %s: %s", name, resp.Code, want, resp.Body)
			}
		}
		// Maple's admin writes (the edit, then the quick create, in this order: each changes the data).
		admin := e.SignIn(t, "admin_maple")
		for _, name := range order {
			calls[name].do(admin).OK(t)
		}

		super := e.SignIn(t, "superadmin")
		anon := e.Client()
		for _, name := range order {
			if resp := calls[name].do(super); resp.Code != shared.CodeForbidden {
				t.Errorf("super admin %s: %s", name, resp.Code)
			}
			calls[name].do(anon).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		}
	})
}
