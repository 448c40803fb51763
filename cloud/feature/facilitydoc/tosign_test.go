package facilitydoc_test

import (
	"net/http"
	"slices"
	"testing"

	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The "Documents to sign" dashboard card: a caregiver named to sign sees how
// many documents wait for her and their names, linking to her own status page
// (an owner named to sign is sent to the inspection page); nobody else of the
// home, nobody of another home; it goes once she has signed; a free-plan home
// has no card and its calls answer 7003.
func TestToSignCard(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		carerID, ownerID := e.UserID(t, "caregiver_maple1"), e.UserID(t, "owner_evergreen")
		v := uploadDoc(t, e, owner, map[string]string{"category": "RULES_POLICIES", "name": "Resident rights policy", "signaturesRequired": "true", "signerIds": carerID})
		uploadDoc(t, e, owner, map[string]string{"category": "EMERGENCY_PREPAREDNESS", "name": "Evacuation plan", "signaturesRequired": "true", "signerIds": carerID + "," + ownerID})

		card := func(c *servertest.Client) *shared.DashboardCard {
			t.Helper()
			var cards []shared.DashboardCard
			c.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
			for i := range cards {
				if cards[i].Key == "facilityDocsToSign" {
					return &cards[i]
				}
			}
			return nil
		}
		carer := e.SignIn(t, "caregiver_maple1")
		c := card(carer)
		if c == nil || c.Link != "/your-status" || len(c.Items) != 1 || c.Items[0].Key != "facilityDocsToSign" || c.Items[0].Count != 2 ||
			c.Items[0].Tone != shared.ToneWarning || !slices.Equal(c.Items[0].Names, []string{"Resident rights policy", "Evacuation plan"}) {
			t.Fatalf("the caregiver's card: %+v", c)
		}
		if c := card(owner); c == nil || c.Link != "/inspection-status" || c.Items[0].Count != 1 || c.Items[0].Names[0] != "Evacuation plan" {
			t.Fatalf("the owner's card: %+v", c)
		}
		for _, who := range []*servertest.Client{e.SignIn(t, "caregiver_maple2"), e.SignIn(t, "admin_maple"), e.SignIn(t, "caregiver_cedar1"),
			e.SignIn(t, "owner_evergreen", "Cedar Home AFH")} {
			if c := card(who); c != nil {
				t.Errorf("not named, yet a card: %+v", c)
			}
		}
		carer.Post(t, base+"/signFacilityDocument", shared.FacilityDocSignRequest{VersionID: v.VersionID}).OK(t)
		if c := card(carer); c == nil || c.Items[0].Count != 1 || !slices.Equal(c.Items[0].Names, []string{"Evacuation plan"}) {
			t.Fatalf("after signing one: %+v", c)
		}

		// A home on the free plan has no inspection page: no card, and the calls answer 7003.
		if err := tenant.NewStore(d).SetPlan(t.Context(), e.FacilityID(t, "Maple House AFH"), shared.PlanFree, shared.DefaultPackageID); err != nil {
			t.Fatal(err)
		}
		free := e.SignIn(t, "caregiver_maple1")
		if c := card(free); c != nil {
			t.Errorf("free plan: %+v", c)
		}
		free.Get(t, base+"/listFacilityDocsToSign").Is(t, http.StatusOK, shared.CodeFunctionMissing)
		free.Post(t, base+"/signFacilityDocument", shared.FacilityDocSignRequest{VersionID: v.VersionID}).Is(t, http.StatusOK, shared.CodeFunctionMissing)
	})
}
