package iam_test

import (
	"net/http"
	"testing"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/param"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Two-factor sign-in is a run-time parameter per role (signIn.twoFactor.<ROLE>):
// its default is the server's HEARTH_2FA_ROLES (the test server's: owners and
// admins); turned off for facility admins, an admin signs in with the password
// alone; turned on again, the code is asked; turned on for caregivers, they are
// asked too. Only the super admin may change it.
func TestTwoFactorPerRoleParameter(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		mapleID := e.FacilityID(t, maple)
		asked := func(account string) bool {
			t.Helper()
			var lr shared.LoginResult
			e.Client().Login(t, account, demo.DemoPassword, mapleID).OK(t).Into(t, &lr)
			if !lr.TwoFactorAuthentication && lr.Token == "" {
				t.Fatalf("%s: neither a code step nor a token: %+v", account, lr)
			}
			return lr.TwoFactorAuthentication
		}

		var list []shared.Param
		admin.Get(t, "/api/system/params/list").OK(t).Into(t, &list)
		want := map[string]string{"signIn.twoFactor.FACILITY_OWNER": "true", "signIn.twoFactor.FACILITY_OWNER_REGISTER": "true",
			"signIn.twoFactor.FACILITY_ADMIN": "true", "signIn.twoFactor.CAREGIVER_STAFF": "false", "signIn.twoFactor.SUPER_ADMIN": "false"}
		for _, p := range list {
			if w, ok := want[p.Key]; ok {
				if p.Kind != shared.ParamBool || p.Value != w || p.DefaultValue != w || !p.IsDefault || p.Group != "signIn" || p.Description == "" {
					t.Errorf("%s: %+v, want the default %s", p.Key, p, w)
				}
				delete(want, p.Key)
			}
		}
		if len(want) != 0 {
			t.Errorf("parameters not listed: %v", want)
		}

		if !asked("admin_maple") || !asked("owner_evergreen") || asked("caregiver_maple1") {
			t.Fatal("the defaults of HEARTH_2FA_ROLES are not what sign-in asks")
		}
		setParam(t, admin, "signIn.twoFactor.FACILITY_ADMIN", "false")
		if asked("admin_maple") {
			t.Error("two-factor off for facility admins: the code is still asked")
		}
		if !asked("owner_evergreen") {
			t.Error("two-factor off for admins only: the owner is no longer asked")
		}
		setParam(t, admin, "signIn.twoFactor.FACILITY_ADMIN", "true")
		if !asked("admin_maple") {
			t.Error("two-factor on again for facility admins: no code asked")
		}
		setParam(t, admin, "signIn.twoFactor.CAREGIVER_STAFF", "true")
		if !asked("caregiver_maple1") {
			t.Error("two-factor on for caregivers: no code asked")
		}
		// And the code asked for works: the admin ends signed in.
		e.SignIn(t, "admin_maple", maple)

		admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "signIn.twoFactor.FACILITY_ADMIN", Value: "yes"}).
			Is(t, http.StatusOK, shared.CodeValidation)
		owner := e.SignIn(t, "owner_evergreen", maple)
		owner.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "signIn.twoFactor.FACILITY_OWNER", Value: "false"}).
			Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

// HEARTH_2FA_ROLES gives each role's default: true for a role listed.
func TestTwoFactorDefaults(t *testing.T) {
	t.Parallel()
	got := param.TwoFactorDefaults([]shared.Role{shared.RoleFacilityAdmin, shared.RoleSuperAdmin})
	want := param.Defaults{"signIn.twoFactor.SUPER_ADMIN": "true", "signIn.twoFactor.FACILITY_OWNER": "false",
		"signIn.twoFactor.FACILITY_OWNER_REGISTER": "false", "signIn.twoFactor.FACILITY_ADMIN": "true", "signIn.twoFactor.CAREGIVER_STAFF": "false"}
	if len(got) != len(want) {
		t.Fatalf("defaults: %v", got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
}
