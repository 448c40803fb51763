package iam_test

import (
	"net/http"
	"regexp"
	"testing"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/iam"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

var tempPasswordPattern = regexp.MustCompile(`\n\n(\S{12,})\n\n`)

// The super admin finds a locked person and unlocks them, disables and
// enables, forces a password reset and signs a person out everywhere; he
// cannot disable himself nor the last super admin; nobody else reaches these calls.
func TestUserAdministration(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		const sys = "/api/system"
		list := func(f shared.UserFilter) shared.Page[shared.UserRow] {
			t.Helper()
			var p shared.Page[shared.UserRow]
			super.Post(t, sys+"/user/listUsersByPage", shared.PageRequest[shared.UserFilter]{Current: 1, Size: 20, Data: f}).OK(t).Into(t, &p)
			return p
		}

		// Search: by text, role, facility and status.
		if got := list(shared.UserFilter{Keyword: "caregiver_maple1"}); got.Total != 1 || got.Records[0].Account != "caregiver_maple1" {
			t.Fatalf("by account: %+v", got)
		}
		maple := e.FacilityID(t, "Maple House AFH")
		byHome := list(shared.UserFilter{TenantID: maple, Role: shared.RoleCaregiverStaff})
		if byHome.Total < 1 {
			t.Errorf("Maple's caregivers: %d", byHome.Total)
		}
		for _, r := range byHome.Records {
			if r.Facilities < 1 {
				t.Errorf("row without facilities: %+v", r)
			}
		}
		if got := list(shared.UserFilter{Role: shared.RoleSuperAdmin}); got.Total != 1 {
			t.Errorf("super admins: %d", got.Total)
		}
		if got := list(shared.UserFilter{Keyword: "100%_"}); got.Total != 0 {
			t.Errorf("LIKE characters match literally: %d", got.Total)
		}

		// A caregiver locks their sign-in; the super admin finds and unlocks them.
		// (After three failures the sign-in asks for the picture code; the lock after ten is as the login tests leave it.)
		now := e.Clock.Now()
		if _, err := d.ExecContext(t.Context(), `INSERT INTO login_failures (key, window_start, failures, locked_until) VALUES (?, ?, 0, ?)`,
			"acct:caregiver_maple1", now.UnixMilli(), now.Add(iam.LockDuration).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeRateLimited)
		locked := list(shared.UserFilter{Locked: true})
		if locked.Total != 1 || locked.Records[0].Account != "caregiver_maple1" || locked.Records[0].LockedUntil == 0 {
			t.Fatalf("locked: %+v", locked)
		}
		id := locked.Records[0].UserID
		super.Post(t, sys+"/user/unlockUser", shared.UserIDRequest{UserID: id}).OK(t)
		if got := list(shared.UserFilter{Locked: true}); got.Total != 0 {
			t.Errorf("still locked: %+v", got)
		}
		caregiver := e.SignIn(t, "caregiver_maple1")

		var detail shared.UserDetail
		super.Get(t, sys+"/user/getUserDetail?userId="+id).OK(t).Into(t, &detail)
		if len(detail.Memberships) == 0 || len(detail.SignIns) == 0 || !detail.SignIns[0].Live || detail.SignIns[0].FacilityName == "" {
			t.Errorf("detail: %+v", detail)
		}
		super.Get(t, sys+"/user/getUserDetail?userId=nobody").Is(t, http.StatusOK, shared.CodeNotFound)

		// Sign out everywhere: the caregiver's sign-in ends at once.
		super.Post(t, sys+"/user/signOutEverywhere", shared.UserIDRequest{UserID: id}).OK(t)
		caregiver.Get(t, sys+"/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)

		// Disable: no sign-in; enable again.
		caregiver = e.SignIn(t, "caregiver_maple1")
		super.Post(t, sys+"/user/changeUserStatus", shared.ChangeUserStatusRequest{UserID: id, Status: shared.UserDisabled}).OK(t)
		caregiver.Get(t, sys+"/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)
		e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
		super.Post(t, sys+"/user/changeUserStatus", shared.ChangeUserStatusRequest{UserID: id, Status: shared.UserEnabled}).OK(t)

		// Forced reset: a temporary password is e-mailed; the old one no longer works.
		super.Post(t, sys+"/user/resetUserPassword", shared.UserIDRequest{UserID: id}).OK(t)
		m := e.LastMail(t, e.Email(t, "caregiver_maple1"))
		sub := tempPasswordPattern.FindStringSubmatch(m.Body)
		if sub == nil {
			t.Fatalf("no temporary password in %q", m.Body)
		}
		e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeLoginFailed)
		temp := e.SignInWith(t, "caregiver_maple1", sub[1])
		var info shared.UserInfo
		temp.Get(t, sys+"/user/getUserInfo").OK(t).Into(t, &info)
		if !info.UseTempPassword {
			t.Errorf("temporary password not flagged: %+v", info)
		}

		// The super admin keeps himself, and the platform keeps a super admin.
		self := e.UserID(t, "superadmin")
		super.Post(t, sys+"/user/changeUserStatus", shared.ChangeUserStatusRequest{UserID: self, Status: shared.UserDisabled}).Is(t, http.StatusOK, shared.CodeConflict)

		// Bounds and other callers.
		super.Post(t, sys+"/user/changeUserStatus", shared.ChangeUserStatusRequest{UserID: id, Status: shared.UserUnverified}).Is(t, http.StatusOK, shared.CodeValidation)
		super.Post(t, sys+"/user/unlockUser", shared.UserIDRequest{}).Is(t, http.StatusOK, shared.CodeValidation)
		routes := []func(c *servertest.Client) *servertest.Response{
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/user/listUsersByPage", shared.PageRequest[shared.UserFilter]{Current: 1, Size: 20})
			},
			func(c *servertest.Client) *servertest.Response { return c.Get(t, sys+"/user/getUserDetail?userId="+id) },
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/user/changeUserStatus", shared.ChangeUserStatusRequest{UserID: id, Status: shared.UserDisabled})
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/user/unlockUser", shared.UserIDRequest{UserID: id})
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/user/resetUserPassword", shared.UserIDRequest{UserID: id})
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/user/signOutEverywhere", shared.UserIDRequest{UserID: id})
			},
		}
		for _, who := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "owner_birch"), e.SignIn(t, "admin_maple")} {
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
	})
}
