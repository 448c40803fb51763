package tenant_test

import (
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The super admin deletes an organisation only once it has no home: one with
// homes, or with only a deleted home (whose records are kept under it), is
// refused with a message naming it and its homes, and nothing changes; an
// empty one goes, with an audit row that keeps its name. Owners, admins,
// caregivers and another organisation's owner are refused.
func TestDeleteOrganisation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		birch := e.FacilityID(t, "Birch Cottage AFH")
		del := func(c *servertest.Client, id string) *servertest.Response {
			return c.Post(t, sys+"/organization/delete", shared.DeleteOrganisationRequest{OrganisationID: id})
		}
		find := func(name string) *shared.OrganisationRow {
			t.Helper()
			var p shared.Page[shared.OrganisationRow]
			super.Post(t, sys+"/organization/listByPage", shared.PageRequest[shared.OrganisationFilter]{Current: 1, Size: 20,
				Data: shared.OrganisationFilter{Name: name}}).OK(t).Into(t, &p)
			for i := range p.Records {
				if p.Records[i].Name == name {
					return &p.Records[i]
				}
			}
			return nil
		}
		evergreen := find("Evergreen Care")
		if evergreen == nil || evergreen.Homes != 2 {
			t.Fatalf("Evergreen: %+v", evergreen)
		}

		// Refused while it has homes, and nobody else may try.
		r := del(super, evergreen.OrganisationID).Is(t, http.StatusOK, shared.CodeConflict)
		if !strings.Contains(r.Message, "Evergreen Care") || !strings.Contains(r.Message, "(2, of which 0 deleted") {
			t.Errorf("refusal message: %q", r.Message)
		}
		for _, who := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "owner_birch"),
			e.SignIn(t, "admin_maple"), e.SignIn(t, "caregiver_maple1")} {
			del(who, evergreen.OrganisationID).Is(t, http.StatusOK, shared.CodeForbidden)
		}
		del(e.Client(), evergreen.OrganisationID).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		if got := find("Evergreen Care"); got == nil || got.Homes != 2 {
			t.Fatalf("Evergreen after refusals: %+v", got)
		}

		// An empty organisation goes; again, or an unknown id, is 4004; no id is 4022.
		var empty shared.OrganisationRow
		super.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: "Harbor Homes"}).OK(t).Into(t, &empty)
		owner := e.SignIn(t, "owner_birch")
		del(owner, empty.OrganisationID).Is(t, http.StatusOK, shared.CodeForbidden)
		del(super, empty.OrganisationID).OK(t)
		if find("Harbor Homes") != nil {
			t.Error("deleted organisation still listed")
		}
		super.Get(t, sys+"/organization/detail?organisationId="+empty.OrganisationID).Is(t, http.StatusOK, shared.CodeNotFound)
		del(super, empty.OrganisationID).Is(t, http.StatusOK, shared.CodeNotFound)
		del(super, "no-such-org").Is(t, http.StatusOK, shared.CodeNotFound)
		del(super, "").Is(t, http.StatusOK, shared.CodeValidation)
		// Its name is free again.
		super.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: "Harbor Homes"}).OK(t)

		// An organisation whose only home is deleted keeps it; moved away, it can go.
		var north shared.OrganisationRow
		super.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: "North Sound Care"}).OK(t).Into(t, &north)
		var birchRow shared.TenantRow
		super.Get(t, sys+"/tenant/getTenantDetail?tenantId="+birch).OK(t).Into(t, &birchRow)
		super.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: birch, OrganisationID: north.OrganisationID}).OK(t)
		super.Get(t, sys+"/tenant/delete?tenantId="+birch).OK(t)
		r = del(super, north.OrganisationID).Is(t, http.StatusOK, shared.CodeConflict)
		if !strings.Contains(r.Message, "(1, of which 1 deleted") {
			t.Errorf("refusal with a deleted home: %q", r.Message)
		}
		super.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: birch, OrganisationID: birchRow.OrganisationID}).OK(t)
		del(super, north.OrganisationID).OK(t)

		var audits int
		var before string
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*), MAX(before_json) FROM audit_log WHERE action = 'organisation.delete' AND entity_id IN (?, ?)`,
			empty.OrganisationID, north.OrganisationID).Scan(&audits, &before); err != nil {
			t.Fatal(err)
		}
		if audits != 2 || !strings.Contains(before, "Harbor Homes") && !strings.Contains(before, "North Sound Care") {
			t.Errorf("audit rows: %d, %s", audits, before)
		}
		var orgs int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM organisations WHERE id = ?`, evergreen.OrganisationID).Scan(&orgs); err != nil || orgs != 1 {
			t.Errorf("Evergreen's row: %d %v", orgs, err)
		}
	})
}
