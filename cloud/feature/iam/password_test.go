package iam_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/iam"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/web"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func updatePassword(t *testing.T, c *servertest.Client, original, next string) *servertest.Response {
	t.Helper()
	return c.Post(t, "/api/system/user/updatePassword", shared.UpdatePasswordRequest{
		UserID: c.Result.LoginUserInfo.UserID, OriginalPassword: servertest.EncodePassword(original), Password: servertest.EncodePassword(next)})
}

func userInfo(t *testing.T, c *servertest.Client) shared.UserInfo {
	t.Helper()
	var ui shared.UserInfo
	c.Get(t, "/api/system/user/getUserInfo").OK(t).Into(t, &ui)
	return ui
}

func outboxCount(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM mail_outbox`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func verifyLink(t *testing.T, e *servertest.Env, token, password string) *servertest.Response {
	t.Helper()
	req := shared.EmailTokenVerifyRequest{Token: token}
	if password != "" {
		req.Password = servertest.EncodePassword(password)
	}
	return e.Client().Post(t, "/api/system/user/emailTokenVerify", req)
}

// Changing, postponing and resetting passwords. Mail goes to the development
// outbox here and is read back through GET /api/system/dev/outbox.
func TestPasswords(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		const newPassword = "Hearth#2027y"

		t.Run("the original password must be right", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			r := updatePassword(t, c, "Wrong@2026x", newPassword).Is(t, http.StatusOK, shared.CodeWrongPassword)
			if r.Message != "The current password is incorrect." {
				t.Errorf("message %q", r.Message)
			}
			// Five wrong tries lock password changes for a while, even with the right one.
			for range 4 {
				updatePassword(t, c, "Wrong@2026x", newPassword).Is(t, http.StatusOK, shared.CodeWrongPassword)
			}
			ri := retryInfo(t, updatePassword(t, c, demo.DemoPassword, newPassword).Is(t, http.StatusOK, shared.CodeRateLimited))
			if ri.RetryAfterSeconds < 1 || ri.RetryAfterSeconds > int(iam.LockDuration.Seconds()) {
				t.Errorf("retry info %+v", ri)
			}
			// The password did not change.
			e.SignIn(t, "caregiver_maple2")
		})

		t.Run("the new password must follow the rule", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple1")
			for _, weak := range []string{"Password1", "password1@", "Aa1@", "Aa1@" + strings.Repeat("a", 27)} {
				r := updatePassword(t, c, demo.DemoPassword, weak).Is(t, http.StatusOK, shared.CodeValidation)
				fes := fieldErrors(t, r)
				if len(fes) != 1 || fes[0].Field != "password" || fes[0].Rule != "password" || !strings.Contains(r.Message, "@#$%^&+=") {
					t.Errorf("%q: %s", weak, r.Body)
				}
			}
			// The same password again is refused too.
			r := updatePassword(t, c, demo.DemoPassword, demo.DemoPassword).Is(t, http.StatusOK, shared.CodeValidation)
			if fes := fieldErrors(t, r); fes[0].Field != "password" || !strings.Contains(r.Message, "differ") {
				t.Errorf("same password: %s", r.Body)
			}
			// A password that is not in the spec's encoding.
			r = c.Post(t, "/api/system/user/updatePassword", shared.UpdatePasswordRequest{
				OriginalPassword: demo.DemoPassword, Password: servertest.EncodePassword(newPassword)}).Is(t, http.StatusOK, shared.CodeValidation)
			if fes := fieldErrors(t, r); fes[0].Field != "originalPassword" || fes[0].Rule != "encoding" {
				t.Errorf("encoding: %s", r.Body)
			}
			// In Spanish.
			c.Language = "es-ES"
			r = updatePassword(t, c, demo.DemoPassword, "Password1").Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.HasPrefix(r.Message, "La contraseña debe tener") {
				t.Errorf("es-ES: %q", r.Message)
			}
		})

		t.Run("a change ends the user's other sessions, keeps this one, and is audited", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "caregiver_maple1")
			other := e.SignIn(t, "caregiver_maple1")
			e.Clock.Advance(24 * time.Hour)
			c.Use(loginResult(t, refresh(t, c, c.RefreshToken)))
			other.Use(loginResult(t, refresh(t, other, other.RefreshToken)))

			updatePassword(t, c, demo.DemoPassword, newPassword).OK(t)
			ui := userInfo(t, c)
			if want := e.Clock.Now().Add(90 * 24 * time.Hour).UnixMilli(); ui.NextUpdatePasswordTime != want {
				t.Errorf("nextUpdatePasswordTime %d, want now + 90 days = %d", ui.NextUpdatePasswordTime, want)
			}
			if ui.UseTempPassword {
				t.Error("useTempPassword after a change")
			}
			other.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)
			refresh(t, other, other.RefreshToken).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			c.Use(loginResult(t, refresh(t, c, c.RefreshToken)))
			c.Get(t, "/api/system/user/getUserInfo").OK(t)

			e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			e.SignInWith(t, "caregiver_maple1", newPassword)

			var tenantID, actorID, entity, entityID, before, after string
			err := d.QueryRowContext(ctx, `SELECT tenant_id, actor_id, entity, entity_id, before_json, after_json FROM audit_log
				WHERE action = 'password.change' AND entity_id = ?`, ui.UserID).Scan(&tenantID, &actorID, &entity, &entityID, &before, &after)
			if err != nil {
				t.Fatalf("audit row: %v", err)
			}
			if tenantID != e.FacilityID(t, maple) || actorID != ui.UserID || entity != "user" {
				t.Errorf("audit tenant %q actor %q entity %q", tenantID, actorID, entity)
			}
			var b, a map[string]any
			if json.Unmarshal([]byte(before), &b) != nil || json.Unmarshal([]byte(after), &a) != nil || b["tempPassword"] != false || a["tempPassword"] != false {
				t.Errorf("audit before %s after %s", before, after)
			}
			if strings.Contains(before+after, newPassword) || strings.Contains(before+after, "argon2") {
				t.Error("the audit row holds the password or its hash")
			}
		})

		t.Run("the password prompt can be postponed 90 days", func(t *testing.T) {
			c := e.SignIn(t, "admin_maple")
			e.Clock.Advance(30 * 24 * time.Hour)
			c.Use(loginResult(t, refresh(t, c, c.RefreshToken)))
			var res shared.PasswordTimeResult
			c.Get(t, "/api/system/user/extendNextUpdatePasswordTime?userId="+c.Result.LoginUserInfo.UserID).OK(t).Into(t, &res)
			want := e.Clock.Now().Add(iam.PasswordMaxAge).UnixMilli()
			if res.NextUpdatePasswordTime != want {
				t.Errorf("nextUpdatePasswordTime %d, want %d", res.NextUpdatePasswordTime, want)
			}
			if ui := userInfo(t, c); ui.NextUpdatePasswordTime != want {
				t.Errorf("user info says %d", ui.NextUpdatePasswordTime)
			}
			e.Client().Get(t, "/api/system/user/extendNextUpdatePasswordTime").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		})

		t.Run("forgot password: an unknown account answers the same and sends nothing", func(t *testing.T) {
			before := outboxCount(t, d)
			for _, login := range []string{"nobody_here", "nobody@example.com"} {
				r := e.Client().Post(t, "/api/system/user/sendRetrievePasswordEmailDTO", shared.RetrievePasswordRequest{Account: login}).OK(t)
				if string(r.Data) != "null" {
					t.Errorf("data %s", r.Data)
				}
			}
			if n := outboxCount(t, d); n != before {
				t.Errorf("%d mails sent for unknown accounts", n-before)
			}
		})

		t.Run("forgot password: the e-mailed link sets a new password once", func(t *testing.T) {
			const email = "caregiver_cedar1@cedar.example"
			signedIn := e.SignIn(t, "caregiver_cedar1")
			e.Client().Post(t, "/api/system/user/sendRetrievePasswordEmailDTO", shared.RetrievePasswordRequest{Account: email}).OK(t)
			m := e.LastMail(t, email)
			if m.Subject != "Reset your Hearth password" || !strings.Contains(m.Body, "http://hearth.test/change-password?token=") {
				t.Fatalf("mail %+v", m)
			}
			token := e.LinkToken(t, email)

			// A second request within a minute sends no second link.
			n := len(e.Mails(t, email))
			e.Client().Post(t, "/api/system/user/sendRetrievePasswordEmailDTO", shared.RetrievePasswordRequest{Account: "caregiver_cedar1"}).OK(t)
			if got := len(e.Mails(t, email)); got != n {
				t.Errorf("%d links within a minute", got-n+1)
			}

			var res shared.EmailTokenResult
			verifyLink(t, e, token, "").OK(t).Into(t, &res)
			if !res.Valid || res.Done || res.Account != "caregiver_cedar1" || res.Purpose != "reset" {
				t.Errorf("check %+v", res)
			}
			// A weak password is refused and the link stays usable.
			r := verifyLink(t, e, token, "weakpass").Is(t, http.StatusOK, shared.CodeValidation)
			if fes := fieldErrors(t, r); fes[0].Field != "password" || fes[0].Rule != "password" {
				t.Errorf("weak: %s", r.Body)
			}
			verifyLink(t, e, token, newPassword).OK(t).Into(t, &res)
			if !res.Done || !res.Valid {
				t.Errorf("set %+v", res)
			}
			e.Client().Login(t, "caregiver_cedar1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			e.SignInWith(t, "caregiver_cedar1", newPassword)
			// Sessions from before the reset are over.
			signedIn.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)

			// The link works once.
			r = verifyLink(t, e, token, "").Is(t, http.StatusOK, shared.CodeTokenInvalid)
			if r.Message != "This link has expired or was already used. Please ask for a new one." {
				t.Errorf("message %q", r.Message)
			}
			verifyLink(t, e, token, "Another#2027z").Is(t, http.StatusOK, shared.CodeTokenInvalid)
			verifyLink(t, e, "no-such-token", "").Is(t, http.StatusOK, shared.CodeTokenInvalid)

			// A minute later a new link can be asked for.
			e.Clock.Advance(iam.CodeResendAfter)
			e.Client().Post(t, "/api/system/user/sendRetrievePasswordEmailDTO", shared.RetrievePasswordRequest{Account: "caregiver_cedar1"}).OK(t)
			if next := e.LinkToken(t, email); next == token {
				t.Error("no new link after a minute")
			}
		})

		t.Run("forgot password: a link expires after an hour", func(t *testing.T) {
			const email = "owner@birch.example"
			e.Client().Post(t, "/api/system/user/sendRetrievePasswordEmailDTO", shared.RetrievePasswordRequest{Account: "owner_birch"}).OK(t)
			token := e.LinkToken(t, email)
			e.Clock.Advance(iam.ResetLinkTTL - time.Minute)
			verifyLink(t, e, token, "").OK(t)
			e.Clock.Advance(2 * time.Minute)
			verifyLink(t, e, token, "").Is(t, http.StatusOK, shared.CodeTokenInvalid)
			verifyLink(t, e, token, newPassword).Is(t, http.StatusOK, shared.CodeTokenInvalid)
			e.SignIn(t, "owner_birch") // the password did not change
		})

		t.Run("resendVerifyEmail sends only to accounts not yet activated", func(t *testing.T) {
			ctx := t.Context()
			id, err := e.Server.IAM.CreateUser(ctx, d, auth.NewUser{Account: "invited_two", Email: "invited2@maple.example",
				Phone: "+1 360 555 0903", Name: "Ivo Invited", Password: "Invite@2026x", Status: shared.UserUnverified})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Server.IAM.AddMembership(ctx, d, e.FacilityID(t, maple), id, shared.RoleCaregiverStaff); err != nil {
				t.Fatal(err)
			}
			before := outboxCount(t, d)
			e.Client().Post(t, "/api/system/user/resendVerifyEmail", shared.RetrievePasswordRequest{Account: "caregiver_maple1"}).OK(t)
			if outboxCount(t, d) != before {
				t.Error("an activation link went to an active account")
			}
			e.Client().Post(t, "/api/system/user/resendVerifyEmail", shared.RetrievePasswordRequest{Account: "invited_two"}).OK(t)
			m := e.LastMail(t, "invited2@maple.example")
			if m.Subject != "Activate your Hearth account" {
				t.Fatalf("mail %+v", m)
			}
			var res shared.EmailTokenResult
			verifyLink(t, e, e.LinkToken(t, "invited2@maple.example"), "Chosen#2027q").OK(t).Into(t, &res)
			if !res.Done || res.Purpose != "verify" {
				t.Errorf("%+v", res)
			}
			// Activated: the chosen password signs in.
			e.SignInWith(t, "invited_two", "Chosen#2027q")
		})
	})
}

// A temporary password must be changed before anything else, except by owners
// (spec 000 §4); the calls the UI needs to route to the change stay open.
func TestTemporaryPassword(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		// A signed-in route that, like every feature route, does not allow a temporary password.
		web.Handle(e.Server.API, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/test/tempPasswordProbe",
			Summary: "test route", Access: web.SignedIn, Function: web.AnyPlan},
			func(context.Context, *web.None) (string, error) { return "reached", nil })
		const probe = "/api/care/test/tempPasswordProbe"
		const temp, chosen = "Temp@2026x", "Chosen#2027q"

		newUser := func(t *testing.T, nu auth.NewUser, facility string, role shared.Role) {
			t.Helper()
			ctx := t.Context()
			nu.Password, nu.TempPassword = temp, true
			id, err := e.Server.IAM.CreateUser(ctx, d, nu)
			if err != nil {
				t.Fatal(err)
			}
			if facility != "" {
				if err := e.Server.IAM.AddMembership(ctx, d, e.FacilityID(t, facility), id, role); err != nil {
					t.Fatal(err)
				}
			}
		}

		t.Run("a caregiver must change it first", func(t *testing.T) {
			newUser(t, auth.NewUser{Account: "temp_carer", Email: "temp.carer@maple.example", Phone: "+1 360 555 0911", Name: "Tam Temp"},
				maple, shared.RoleCaregiverStaff)
			c := e.SignInWith(t, "temp_carer", temp)
			if ui := userInfo(t, c); !ui.UseTempPassword || ui.FacilityName != maple {
				t.Errorf("user info %+v", ui)
			}
			// The menu stays reachable so the UI can route to the change page.
			c.Get(t, "/api/system/menu/listUserMenuTree").OK(t)
			r := c.Get(t, probe).Is(t, http.StatusOK, shared.CodePasswordChange)
			if r.Message != "Please change your temporary password first." {
				t.Errorf("message %q", r.Message)
			}
			updatePassword(t, c, temp, chosen).OK(t)
			if ui := userInfo(t, c); ui.UseTempPassword {
				t.Error("still a temporary password")
			}
			var got string
			c.Get(t, probe).OK(t).Into(t, &got)
			if got != "reached" {
				t.Errorf("probe answered %q", got)
			}
		})

		t.Run("an owner is not held up", func(t *testing.T) {
			newUser(t, auth.NewUser{Account: "temp_owner", Email: "temp.owner@birch.example", Phone: "+1 208 555 0912", Name: "Olu Owner"},
				birch, shared.RoleFacilityOwner)
			c := e.SignInWith(t, "temp_owner", temp) // through the e-mailed code
			if ui := userInfo(t, c); !ui.UseTempPassword {
				t.Errorf("user info %+v", ui)
			}
			c.Get(t, probe).OK(t)
			c.Get(t, "/api/system/menu/listUserMenuTree").OK(t)
		})

		t.Run("a super admin must change it before using the outbox", func(t *testing.T) {
			newUser(t, auth.NewUser{Account: "temp_admin", Email: "temp.admin@hearth.example", Phone: "+1 206 555 0913", Name: "Ada Admin",
				PlatformRole: shared.RoleSuperAdmin}, "", "")
			c := e.SignInWith(t, "temp_admin", temp)
			c.Get(t, "/api/system/dev/outbox").Is(t, http.StatusOK, shared.CodePasswordChange)
			updatePassword(t, c, temp, chosen).OK(t)
			c.Get(t, "/api/system/dev/outbox").OK(t)
		})

		t.Run("a password of the rule that is not common is accepted", func(t *testing.T) {
			// No password in the common list meets the rule, so the list is checked directly.
			if !auth.IsCommonPassword("password") || auth.PasswordProblem("Password1@") != "" {
				t.Error("common-password check")
			}
		})
	})
}

// updatePassword changes only the caller's own password: a userId naming
// someone else is refused (4003) and changes nobody's password.
func TestUpdatePasswordOnlyForOneself(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		const next = "Hearth#2027y"
		for _, account := range []string{"caregiver_maple1", "owner_birch"} {
			c := e.SignIn(t, account)
			c.Post(t, "/api/system/user/updatePassword", shared.UpdatePasswordRequest{UserID: e.UserID(t, "caregiver_maple2"),
				OriginalPassword: servertest.EncodePassword(demo.DemoPassword), Password: servertest.EncodePassword(next)}).
				Is(t, http.StatusOK, shared.CodeForbidden)
			c.Get(t, "/api/system/user/getUserInfo").OK(t) // the caller's sign-ins go on
			e.Client().Login(t, account, next, "").Is(t, http.StatusOK, shared.CodeLoginFailed)
		}
		e.Client().Login(t, "caregiver_maple2", next, "").Is(t, http.StatusOK, shared.CodeLoginFailed)
		e.SignIn(t, "caregiver_maple2")

		// Naming oneself, or nobody, changes one's own password.
		c := e.SignIn(t, "caregiver_maple1")
		updatePassword(t, c, demo.DemoPassword, next).OK(t)
		e.SignInWith(t, "caregiver_maple1", next)
		c = e.SignIn(t, "caregiver_maple2")
		c.Post(t, "/api/system/user/updatePassword", shared.UpdatePasswordRequest{
			OriginalPassword: servertest.EncodePassword(demo.DemoPassword), Password: servertest.EncodePassword(next)}).OK(t)
		e.SignInWith(t, "caregiver_maple2", next)
	})
}

// Postponing the password prompt is about the caller's own password (the
// prompt is theirs, spec 000 §4): a userId naming someone else, of the same
// facility or of another tenant, is refused (4003) and moves nobody's prompt.
func TestExtendPasswordTimeOnlyForOneself(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		const path = "/api/system/user/extendNextUpdatePasswordTime?userId="
		prompt := func(account string) int64 {
			t.Helper()
			return userInfo(t, e.SignIn(t, account)).NextUpdatePasswordTime
		}
		maple2, birch := e.UserID(t, "caregiver_maple2"), e.UserID(t, "owner_birch")
		before := map[string]int64{"caregiver_maple2": prompt("caregiver_maple2"), "owner_birch": prompt("owner_birch")}
		e.Clock.Advance(24 * time.Hour)

		// A manager of the same facility, an owner of another tenant, and a
		// caregiver naming that other tenant's owner.
		for _, tc := range []struct{ caller, userID string }{
			{"admin_maple", maple2}, {"owner_birch", maple2}, {"caregiver_maple2", birch},
		} {
			c := e.SignIn(t, tc.caller)
			c.Get(t, path+tc.userID).Is(t, http.StatusOK, shared.CodeForbidden)
			c.Get(t, "/api/system/user/getUserInfo").OK(t) // the caller's sign-in goes on
		}
		for account, was := range before {
			if now := prompt(account); now != was {
				t.Errorf("%s's prompt moved from %d to %d", account, was, now)
			}
		}

		// Naming oneself, or nobody, moves one's own prompt.
		c := e.SignIn(t, "caregiver_maple2")
		want := e.Clock.Now().Add(iam.PasswordMaxAge).UnixMilli()
		for _, userID := range []string{maple2, ""} {
			var res shared.PasswordTimeResult
			c.Get(t, path+userID).OK(t).Into(t, &res)
			if res.NextUpdatePasswordTime != want {
				t.Errorf("userId %q: nextUpdatePasswordTime %d, want %d", userID, res.NextUpdatePasswordTime, want)
			}
		}
		if got := userInfo(t, c).NextUpdatePasswordTime; got != want {
			t.Errorf("user info says %d, want %d", got, want)
		}
	})
}
