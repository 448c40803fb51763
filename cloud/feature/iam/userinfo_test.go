package iam_test

import (
	"context"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// User info is kept between calls (every screen asks for it), yet the next
// call after any change to what it shows shows the change, even one made by
// hand in SQL; and each person, in each facility, gets their own.
func TestUserInfoShowsEveryChangeAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		info := func(c *servertest.Client) shared.UserInfo {
			t.Helper()
			var ui shared.UserInfo
			c.Get(t, userInfoPath).OK(t).Into(t, &ui)
			return ui
		}
		exec := func(query string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, query, args...); err != nil {
				t.Fatal(err)
			}
		}
		amina, grace, cedar := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "admin_maple"), e.SignIn(t, "caregiver_cedar1")
		first := info(amina)
		if again := info(amina); again.UserName != first.UserName || again.FacilityName != first.FacilityName {
			t.Fatalf("the kept answer differs: %+v then %+v", first, again)
		}
		if g := info(grace); g.UserID == first.UserID || g.UserName == first.UserName || g.TenantID != first.TenantID {
			t.Fatalf("the admin of the same facility got %+v (the caregiver's is %+v)", g, first)
		}
		cedarBefore := info(cedar)

		exec(`UPDATE users SET name = 'Amina Yusuf-Okafor' WHERE id = ?`, first.UserID)
		if got := info(amina).UserName; got != "Amina Yusuf-Okafor" {
			t.Errorf("after a rename the user info says %q", got)
		}
		exec(`UPDATE tenants SET facility_name = 'Maple House AFH (north)', package_id = 'pkg-2' WHERE id = ?`, first.TenantID)
		if got := info(amina); got.FacilityName != "Maple House AFH (north)" || got.PackageID != "pkg-2" {
			t.Errorf("after the facility changed the user info says %q, package %q", got.FacilityName, got.PackageID)
		}
		if got := info(grace).FacilityName; got != "Maple House AFH (north)" {
			t.Errorf("the admin's user info says %q", got)
		}
		exec(`UPDATE users SET temp_password = ? WHERE id = ?`, true, cedarBefore.UserID)
		if got := info(cedar); !got.UseTempPassword || got.FacilityName != cedarBefore.FacilityName {
			t.Errorf("another facility's caregiver: temporary password %v, facility %q", got.UseTempPassword, got.FacilityName)
		}
	})
}
