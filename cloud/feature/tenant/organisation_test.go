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

// The super admin lists, opens, creates and renames organisations and moves a
// home between them; bad names, unknown ids and a move to the same
// organisation are refused; every write is audited.
func TestOrganisations(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		maple, cedar, birch := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH"), e.FacilityID(t, "Birch Cottage AFH")
		audits := func(action, entityID string) int {
			t.Helper()
			var n int
			if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`, action, entityID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		list := func(name string) shared.Page[shared.OrganisationRow] {
			t.Helper()
			var p shared.Page[shared.OrganisationRow]
			super.Post(t, sys+"/organization/listByPage", shared.PageRequest[shared.OrganisationFilter]{Current: 1, Size: 20,
				Data: shared.OrganisationFilter{Name: name}}).OK(t).Into(t, &p)
			return p
		}
		detail := func(id string) shared.OrganisationDetail {
			t.Helper()
			var o shared.OrganisationDetail
			super.Get(t, sys+"/organization/detail?organisationId="+id).OK(t).Into(t, &o)
			return o
		}

		// Evergreen holds Maple and Cedar; its people are the distinct members of both.
		ever := list("evergreen")
		if ever.Total != 1 || ever.Records[0].Name != "Evergreen Care" || ever.Records[0].Homes != 2 {
			t.Fatalf("evergreen: %+v", ever)
		}
		var people int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(DISTINCT user_id) FROM memberships WHERE tenant_id IN (?, ?)`, maple, cedar).Scan(&people); err != nil {
			t.Fatal(err)
		}
		evergreen := ever.Records[0]
		if evergreen.People != people || people == 0 || evergreen.CreateTime == 0 {
			t.Errorf("evergreen people %d, want %d: %+v", evergreen.People, people, evergreen)
		}
		all := list("")
		if all.Total < 2 {
			t.Fatalf("all: %+v", all)
		}
		for i := 1; i < len(all.Records); i++ {
			if strings.ToLower(all.Records[i-1].Name) > strings.ToLower(all.Records[i].Name) {
				t.Errorf("not by name: %q before %q", all.Records[i-1].Name, all.Records[i].Name)
			}
		}
		var small shared.Page[shared.OrganisationRow]
		super.Post(t, sys+"/organization/listByPage", shared.PageRequest[shared.OrganisationFilter]{Current: 2, Size: 5}).OK(t).Into(t, &small)
		if small.Current != 2 || small.Size != 5 || small.Total != all.Total || len(small.Records) != max(0, min(5, int(all.Total)-5)) {
			t.Errorf("page 2 of 5: %+v (total %d)", small, all.Total)
		}
		if got := list("no such organisation"); got.Total != 0 || got.Records == nil {
			t.Errorf("nothing found: %+v", got)
		}

		o := detail(evergreen.OrganisationID)
		if len(o.HomeList) != 2 || o.HomeList[0].FacilityName != "Cedar Home AFH" || o.HomeList[1].TenantID != maple ||
			o.HomeList[0].State != shared.TenantEnabled || o.HomeList[0].Status == "" || o.HomeList[0].People == 0 {
			t.Errorf("evergreen homes: %+v", o.HomeList)
		}
		if o.PeopleTotal != len(o.PeopleList) || o.PeopleTotal != o.HomeList[0].People+o.HomeList[1].People {
			t.Errorf("evergreen people %d listed %d", o.PeopleTotal, len(o.PeopleList))
		}
		found := false
		for _, m := range o.PeopleList {
			if m.Account == "caregiver_maple1" && m.TenantID == maple && m.FacilityName == "Maple House AFH" && m.Role != "" && m.Name != "" {
				found = true
			}
			if m.TenantID == birch {
				t.Errorf("Birch's member listed in Evergreen: %+v", m)
			}
		}
		if !found {
			t.Errorf("caregiver_maple1 not among Evergreen's people: %+v", o.PeopleList)
		}

		// Bounds: 1 and 81 characters, control characters, a name that trims to 1; nothing is written.
		before := all.Total
		for i, name := range []string{"A", strings.Repeat("a", 81), "North\x00Homes", "North\nHomes", "North\tHomes", "  B  "} {
			if got := super.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: name}); got.Code != shared.CodeValidation {
				t.Errorf("create bound %d: %s %s", i, got.Code, got.Body)
			}
			if got := super.Post(t, sys+"/organization/rename", shared.RenameOrganisationRequest{OrganisationID: evergreen.OrganisationID, Name: name}); got.Code != shared.CodeValidation {
				t.Errorf("rename bound %d: %s %s", i, got.Code, got.Body)
			}
		}
		if got := list(""); got.Total != before {
			t.Errorf("refused names wrote organisations: %d, was %d", got.Total, before)
		}
		if got := detail(evergreen.OrganisationID); got.Name != "Evergreen Care" {
			t.Errorf("refused rename changed the name: %q", got.Name)
		}
		// Another organisation's name (letter case aside) is taken.
		super.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: "evergreen care"}).Is(t, http.StatusOK, shared.CodeConflict)

		// Create (trimmed, 80 characters allowed), rename.
		var north shared.OrganisationRow
		super.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: "  North Sound Homes  "}).OK(t).Into(t, &north)
		if north.Name != "North Sound Homes" || north.Homes != 0 || north.People != 0 || north.OrganisationID == "" {
			t.Fatalf("created: %+v", north)
		}
		super.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: strings.Repeat("z", 80)}).OK(t)
		var renamed shared.OrganisationRow
		super.Post(t, sys+"/organization/rename", shared.RenameOrganisationRequest{OrganisationID: north.OrganisationID, Name: "North Sound Care"}).OK(t).Into(t, &renamed)
		if renamed.Name != "North Sound Care" || renamed.OrganisationID != north.OrganisationID {
			t.Errorf("renamed: %+v", renamed)
		}
		super.Post(t, sys+"/organization/rename", shared.RenameOrganisationRequest{OrganisationID: north.OrganisationID, Name: "Evergreen Care"}).Is(t, http.StatusOK, shared.CodeConflict)
		// Its own name again, in another case, is no conflict.
		super.Post(t, sys+"/organization/rename", shared.RenameOrganisationRequest{OrganisationID: north.OrganisationID, Name: "NORTH SOUND CARE"}).OK(t)
		super.Post(t, sys+"/organization/rename", shared.RenameOrganisationRequest{OrganisationID: north.OrganisationID, Name: "North Sound Care"}).OK(t)

		// Move Cedar to North Sound and back; Evergreen keeps Maple.
		var moved shared.OrganisationDetail
		super.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: cedar, OrganisationID: north.OrganisationID}).OK(t).Into(t, &moved)
		if moved.Homes != 1 || len(moved.HomeList) != 1 || moved.HomeList[0].TenantID != cedar || moved.People == 0 {
			t.Errorf("moved: %+v", moved)
		}
		if got := detail(evergreen.OrganisationID); got.Homes != 1 || got.HomeList[0].TenantID != maple {
			t.Errorf("evergreen after the move: %+v", got)
		}
		var row shared.TenantRow
		super.Get(t, sys+"/tenant/getTenantDetail?tenantId="+cedar).OK(t).Into(t, &row)
		if row.OrganisationID != north.OrganisationID {
			t.Errorf("Cedar's organisation: %q", row.OrganisationID)
		}
		super.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: cedar, OrganisationID: north.OrganisationID}).Is(t, http.StatusOK, shared.CodeValidation)
		super.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: cedar, OrganisationID: evergreen.OrganisationID}).OK(t)
		// North Sound stays with no home.
		if got := detail(north.OrganisationID); got.Homes != 0 || len(got.HomeList) != 0 || got.People != 0 || len(got.PeopleList) != 0 {
			t.Errorf("emptied organisation: %+v", got)
		}
		if got := list("evergreen"); got.Records[0].Homes != 2 || got.Records[0].People != people {
			t.Errorf("evergreen back: %+v", got.Records[0])
		}

		// Unknown ids: 4004, nothing changed.
		super.Get(t, sys+"/organization/detail?organisationId=no-such-org").Is(t, http.StatusOK, shared.CodeNotFound)
		super.Post(t, sys+"/organization/rename", shared.RenameOrganisationRequest{OrganisationID: "no-such-org", Name: "Anything"}).Is(t, http.StatusOK, shared.CodeNotFound)
		super.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: "no-such-home", OrganisationID: north.OrganisationID}).Is(t, http.StatusOK, shared.CodeNotFound)
		super.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: cedar, OrganisationID: "no-such-org"}).Is(t, http.StatusOK, shared.CodeNotFound)

		// The audit rows.
		if audits("organisation.create", north.OrganisationID) != 1 || audits("organisation.rename", north.OrganisationID) != 3 ||
			audits("organisation.moveHome", cedar) != 2 {
			t.Errorf("audit rows: create %d rename %d move %d", audits("organisation.create", north.OrganisationID),
				audits("organisation.rename", north.OrganisationID), audits("organisation.moveHome", cedar))
		}
		var beforeJSON, afterJSON string
		if err := d.QueryRowContext(t.Context(), `SELECT before_json, after_json FROM audit_log WHERE action = 'organisation.moveHome' AND entity_id = ? ORDER BY created_at, id LIMIT 1`,
			cedar).Scan(&beforeJSON, &afterJSON); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(beforeJSON, evergreen.OrganisationID) || !strings.Contains(afterJSON, north.OrganisationID) {
			t.Errorf("move audit: %s → %s", beforeJSON, afterJSON)
		}

		// Everyone else: 4003 (owners, admins, caregivers), 401 signed out.
		routes := []func(c *servertest.Client) *servertest.Response{
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/organization/listByPage", shared.PageRequest[shared.OrganisationFilter]{Current: 1, Size: 20})
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Get(t, sys+"/organization/detail?organisationId="+evergreen.OrganisationID)
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/organization/create", shared.CreateOrganisationRequest{Name: "Sneaky Homes"})
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/organization/rename", shared.RenameOrganisationRequest{OrganisationID: evergreen.OrganisationID, Name: "Sneaky Homes"})
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/organization/moveHome", shared.MoveHomeRequest{TenantID: birch, OrganisationID: evergreen.OrganisationID})
			},
		}
		for _, who := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "owner_birch"),
			e.SignIn(t, "admin_maple"), e.SignIn(t, "caregiver_maple1")} {
			for i, r := range routes {
				if got := r(who); got.Status != http.StatusOK || got.Code != shared.CodeForbidden {
					t.Errorf("route %d: %d %s", i, got.Status, got.Code)
				}
			}
		}
		for i, r := range routes {
			if got := r(e.Client()); got.Status != http.StatusUnauthorized {
				t.Errorf("route %d signed out: %d", i, got.Status)
			}
		}
		if got := list("sneaky"); got.Total != 0 {
			t.Errorf("refused callers wrote: %+v", got)
		}
		if got := detail(evergreen.OrganisationID); got.Name != "Evergreen Care" || got.Homes != 2 {
			t.Errorf("refused callers changed Evergreen: %+v", got)
		}
	})
}
