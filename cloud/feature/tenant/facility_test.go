package tenant_test

import (
	"net/http"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	getFacility    = "/api/system/tenant/getMyFacility"
	updateFacility = "/api/system/tenant/updateTenant"
)

func facility(t *testing.T, c *servertest.Client) shared.FacilityInfo {
	t.Helper()
	var f shared.FacilityInfo
	c.Get(t, getFacility).OK(t).Into(t, &f)
	return f
}

// The owner keeps their facility's details; nobody else changes them, and no
// one reaches another facility's.
func TestFacilitySettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		f := facility(t, owner)
		if f.FacilityName != "Maple House AFH" || f.TimeZone != shared.TimeZonePT || f.LicenceNumber != "751234" ||
			f.Address != "1423 Maple Street NE, Olympia, WA 98506" {
			t.Fatalf("Maple: %+v", f)
		}
		req := shared.UpdateFacilityRequest{FacilityName: "Maple House AFH II", Address: "1425 Maple Street NE, Olympia, WA 98506",
			TimeZone: shared.TimeZonePT, LicenceNumber: "7512345"}

		// Admins and caregivers read it but do not change it (role); the super admin has no facility.
		if got := facility(t, e.SignIn(t, "caregiver_maple1")); got.FacilityName != "Maple House AFH" {
			t.Errorf("caregiver reads %+v", got)
		}
		e.SignIn(t, "admin_maple").Post(t, updateFacility, req).Is(t, http.StatusOK, shared.CodeForbidden)
		e.SignIn(t, "caregiver_maple1").Post(t, updateFacility, req).Is(t, http.StatusOK, shared.CodeForbidden)
		super := e.SignIn(t, "superadmin")
		super.Post(t, updateFacility, req).Is(t, http.StatusOK, shared.CodeForbidden)
		super.Get(t, getFacility).Is(t, http.StatusOK, shared.CodeForbidden)
		// Another tenant's owner changes only their own facility, whatever the body says.
		birch := e.SignIn(t, "owner_birch")
		var b shared.FacilityInfo
		birch.Post(t, updateFacility, shared.UpdateFacilityRequest{FacilityName: "Birch Cottage", Address: "5 Birch Court, Boise, ID 83702",
			TimeZone: shared.TimeZoneMT, LicenceNumber: "410987"}).OK(t).Into(t, &b)
		if b.TenantID != e.FacilityID(t, "Birch Cottage") || facility(t, owner).FacilityName != "Maple House AFH" {
			t.Fatalf("Birch's update: %+v", b)
		}

		// Rules: lengths (spec 000 §5) and the zone codes.
		bad := req
		bad.Address = "short"
		owner.Post(t, updateFacility, bad).Is(t, http.StatusOK, shared.CodeValidation)
		bad = req
		bad.LicenceNumber = "   12   "
		owner.Post(t, updateFacility, bad).Is(t, http.StatusOK, shared.CodeValidation)
		bad = req
		bad.TimeZone = "UTC"
		owner.Post(t, updateFacility, bad).Is(t, http.StatusOK, shared.CodeValidation)

		// The owner's change: answered, read back, shown at sign-in, audited.
		var saved shared.FacilityInfo
		owner.Post(t, updateFacility, req).OK(t).Into(t, &saved)
		if saved.FacilityName != req.FacilityName || saved.LicenceNumber != "7512345" || facility(t, owner).Address != req.Address {
			t.Errorf("saved %+v", saved)
		}
		var info shared.UserInfo
		owner.Get(t, "/api/system/user/getUserInfo").OK(t).Into(t, &info)
		if info.FacilityName != req.FacilityName {
			t.Errorf("user info after the rename: %+v", info)
		}
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE action = 'tenant.update' AND tenant_id = ? AND actor_id = ?`,
			saved.TenantID, e.UserID(t, "owner_evergreen")).Scan(&n); err != nil || n != 1 {
			t.Errorf("audit rows: %d %v", n, err)
		}
	})
}
