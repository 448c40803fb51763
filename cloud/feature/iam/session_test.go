package iam_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/iam"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func refresh(t *testing.T, c *servertest.Client, token string) *servertest.Response {
	t.Helper()
	return c.Post(t, "/api/system/user/refreshToken", shared.RefreshRequest{RefreshToken: token})
}

func menuCodes(t *testing.T, c *servertest.Client) []string {
	t.Helper()
	var items []shared.MenuItem
	c.Get(t, "/api/system/menu/listUserMenuTree").OK(t).Into(t, &items)
	var codes []string
	for _, it := range items {
		codes = append(codes, it.MenuCode)
	}
	return codes
}

// Access tokens are short; refresh tokens rotate on use, and a spent one
// presented again ends the whole sign-in (docs/api.md, ARCHITECTURE "Security model").
func TestSessions(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		const info = "/api/system/user/getUserInfo"

		t.Run("refresh rotation, the race grace, and reuse", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple1")
			other := e.SignIn(t, "caregiver_maple1") // the same person on another device
			first := c.Result

			var loginInfo shared.UserInfo
			c.Get(t, info).OK(t).Into(t, &loginInfo)

			e.Clock.Advance(time.Minute)
			second := loginResult(t, refresh(t, c, first.RefreshToken))
			if second.Token == "" || second.Token == first.Token || second.RefreshToken == first.RefreshToken {
				t.Fatalf("refresh did not give a new pair: %+v", second)
			}
			if second.SubscriptionPlan != shared.PlanPremium || second.LoginUserInfo.Roles != "CAREGIVER_STAFF" ||
				second.RefreshTokenExpireTime != e.Clock.Now().Add(auth.RefreshTokenTTL).UnixMilli() {
				t.Errorf("refresh answer %+v", second)
			}
			c.Use(second)
			var refreshedInfo shared.UserInfo
			c.Get(t, info).OK(t).Into(t, &refreshedInfo)
			if refreshedInfo.LoginTime != loginInfo.LoginTime {
				t.Errorf("loginTime moved on refresh: %d → %d", loginInfo.LoginTime, refreshedInfo.LoginTime)
			}

			// Two tabs refreshing at once: the spent token within 10 s gets a pair too.
			e.Clock.Advance(iam.RefreshRaceGrace - time.Second)
			third := loginResult(t, refresh(t, e.Client(), first.RefreshToken))
			if third.Token == "" || third.RefreshToken == second.RefreshToken {
				t.Fatalf("grace answer %+v", third)
			}
			for _, tok := range []string{second.Token, third.Token} {
				cl := *c
				cl.Token = tok
				cl.Get(t, info).OK(t)
			}

			// The spent token again after the grace: theft. The whole sign-in ends.
			e.Clock.Advance(2 * time.Second)
			refresh(t, e.Client(), first.RefreshToken).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			for _, tok := range []string{second.Token, third.Token} {
				cl := *c
				cl.Token = tok
				cl.Get(t, info).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			}
			for _, rt := range []string{second.RefreshToken, third.RefreshToken, first.RefreshToken} {
				refresh(t, e.Client(), rt).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			}
			// The same person's sign-in on the other device goes on.
			other.Get(t, info).OK(t)
			loginResult(t, refresh(t, other, other.RefreshToken))
		})

		t.Run("an unknown or expired refresh token is 401", func(t *testing.T) {
			refresh(t, e.Client(), "not-a-refresh-token").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
			e.Client().Post(t, "/api/system/user/refreshToken", map[string]string{}).Is(t, http.StatusOK, shared.CodeValidation)
		})

		t.Run("the device id is recorded on the session", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "caregiver_maple2")
			var device, ip string
			if err := d.QueryRowContext(ctx, `SELECT device_id, ip FROM sessions WHERE refresh_hash = ?`, auth.HashToken(c.RefreshToken)).
				Scan(&device, &ip); err != nil {
				t.Fatal(err)
			}
			if device != c.DeviceID || ip != c.IP {
				t.Errorf("session device %q ip %q, want %q %q", device, ip, c.DeviceID, c.IP)
			}
		})

		t.Run("logout ends the access and the refresh token", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			other := e.SignIn(t, "caregiver_maple2")
			c.Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: c.RefreshToken}).OK(t)
			c.Get(t, info).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			refresh(t, e.Client(), c.RefreshToken).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			// Logging out twice is harmless; the other device is still signed in.
			c.Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: c.RefreshToken}).OK(t)
			other.Get(t, info).OK(t)
		})

		t.Run("logout with the access token only", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			c.Post(t, "/api/system/user/logout", shared.LogoutRequest{}).OK(t)
			c.Get(t, info).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			refresh(t, e.Client(), c.RefreshToken).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		})

		t.Run("logout with the refresh token only", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			e.Client().Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: c.RefreshToken}).OK(t)
			c.Get(t, info).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		})

		t.Run("a plan change takes effect at the next refresh", func(t *testing.T) {
			ctx := t.Context()
			tenants := tenant.NewStore(d)
			birchID := e.FacilityID(t, birch)
			c := e.SignIn(t, "owner_birch")
			if c.Result.SubscriptionPlan != shared.PlanFree || slices.Contains(menuCodes(t, c), "Calendar") {
				t.Fatalf("before: %q %v", c.Result.SubscriptionPlan, menuCodes(t, c))
			}
			if err := tenants.SetPlan(ctx, birchID, shared.PlanPremium, "PREMIUM_PACKAGE"); err != nil {
				t.Fatal(err)
			}
			// The token still carries the old plan.
			if codes := menuCodes(t, c); slices.Contains(codes, "IncidentManagement") {
				t.Errorf("plan changed before the refresh: %v", codes)
			}
			lr := loginResult(t, refresh(t, c, c.RefreshToken))
			if lr.SubscriptionPlan != shared.PlanPremium {
				t.Errorf("refresh answer plan %q", lr.SubscriptionPlan)
			}
			c.Use(lr)
			if codes := menuCodes(t, c); !slices.Contains(codes, "IncidentManagement") || !slices.Contains(codes, "Calendar") {
				t.Errorf("after the refresh: %v", codes)
			}
			var ui shared.UserInfo
			c.Get(t, info).OK(t).Into(t, &ui)
			if ui.SubscriptionPlan != shared.PlanPremium || ui.PackageID != "PREMIUM_PACKAGE" {
				t.Errorf("user info %+v", ui)
			}

			// Losing the plan: the next refresh carries none, and the menu is empty.
			if err := tenants.SetPlan(ctx, birchID, "", ""); err != nil {
				t.Fatal(err)
			}
			lr = loginResult(t, refresh(t, c, c.RefreshToken))
			if lr.SubscriptionPlan != "" {
				t.Errorf("plan %q after it was removed", lr.SubscriptionPlan)
			}
			c.Use(lr)
			if codes := menuCodes(t, c); len(codes) != 0 {
				t.Errorf("menu without a plan: %v", codes)
			}
			if err := tenants.SetPlan(ctx, birchID, shared.PlanFree, shared.DefaultPackageID); err != nil {
				t.Fatal(err)
			}
		})

		t.Run("a disabled membership ends the caregiver's session in that facility", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "caregiver_cedar1")
			c.Get(t, info).OK(t)
			userID, cedarID := e.UserID(t, "caregiver_cedar1"), e.FacilityID(t, cedar)
			setMembership := func(status shared.UserStatus) {
				t.Helper()
				if _, err := d.ExecContext(ctx, `UPDATE memberships SET status = ? WHERE user_id = ? AND tenant_id = ?`,
					string(status), userID, cedarID); err != nil {
					t.Fatal(err)
				}
			}
			setMembership(shared.UserDisabled)
			// Changed behind Hearth's back (SQL): the kept session check lasts at
			// most iam.SessionCacheTTL, so the refusal comes within a second.
			if !eventually(t, 5*time.Second, func() bool { return c.Get(t, info).Status == http.StatusGone }) {
				t.Fatal("the session outlived its disabled membership")
			}
			c.Get(t, info).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			c.Get(t, "/api/system/menu/listUserMenuTree").Is(t, http.StatusGone, shared.CodeSessionRevoked)
			refresh(t, c, c.RefreshToken).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			e.Client().Login(t, "caregiver_cedar1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
			setMembership(shared.UserEnabled)
			// The refresh above ended the sign-in for good.
			refresh(t, c, c.RefreshToken).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			e.SignIn(t, "caregiver_cedar1").Get(t, info).OK(t)
		})

		t.Run("an owner's session in one facility ignores the other facility's membership", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "owner_evergreen", maple)
			if _, err := d.ExecContext(ctx, `UPDATE memberships SET status = 'disabled' WHERE user_id = ? AND tenant_id = ?`,
				e.UserID(t, "owner_evergreen"), e.FacilityID(t, cedar)); err != nil {
				t.Fatal(err)
			}
			c.Get(t, info).OK(t)
			if _, err := d.ExecContext(ctx, `UPDATE memberships SET status = 'enabled' WHERE user_id = ? AND tenant_id = ?`,
				e.UserID(t, "owner_evergreen"), e.FacilityID(t, cedar)); err != nil {
				t.Fatal(err)
			}
		})

		// Last: it moves the clock on by 30 days.
		t.Run("access tokens last 15 minutes, refresh tokens 30 days", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple1")
			e.Clock.Advance(auth.AccessTokenTTL - time.Minute)
			c.Get(t, info).OK(t)
			e.Clock.Advance(2 * time.Minute)
			c.Get(t, info).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
			c.Use(loginResult(t, refresh(t, c, c.RefreshToken)))
			c.Get(t, info).OK(t)

			e.Clock.Advance(auth.RefreshTokenTTL + time.Minute)
			refresh(t, c, c.RefreshToken).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		})
	})
}
