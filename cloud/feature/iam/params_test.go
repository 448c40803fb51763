package iam_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/iam"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// setParam changes a run-time parameter as the super admin does at /params-setting.
func setParam(t *testing.T, admin *servertest.Client, key, value string) {
	t.Helper()
	var p shared.Param
	admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: key, Value: value}).OK(t).Into(t, &p)
	if p.Value != value || p.IsDefault {
		t.Fatalf("%s after update: %+v", key, p)
	}
}

// The sign-in rules are run-time parameters: a change made at /params-setting
// rules the next sign-in, code or password change; out of bounds it is
// refused with the bounds named, and only a super admin may change it.
func TestSignInParameters(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")

		t.Run("bounds and who may change them", func(t *testing.T) {
			r := admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "signIn.lockAfterFailures", Value: "2"}).
				Is(t, http.StatusOK, shared.CodeValidation)
			if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != "value" || !strings.Contains(fes[0].Message, "3 to 50") {
				t.Errorf("below the least: %q %+v", r.Message, fes)
			}
			for _, bad := range []string{"51", "ten", "1.5", ""} {
				admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "signIn.lockAfterFailures", Value: bad}).
					Is(t, http.StatusOK, shared.CodeValidation)
			}
			admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "signIn.codeValidMinutes", Value: "61"}).
				Is(t, http.StatusOK, shared.CodeValidation)
			admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "chat.recallSeconds", Value: "9"}).
				Is(t, http.StatusOK, shared.CodeValidation)
			// Facility owners (of two organisations) and a facility admin: not theirs to change.
			for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", maple), e.SignIn(t, "owner_birch"), e.SignIn(t, "admin_maple")} {
				c.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "signIn.lockAfterFailures", Value: "5"}).
					Is(t, http.StatusOK, shared.CodeForbidden)
				c.Get(t, "/api/system/params/list").Is(t, http.StatusOK, shared.CodeForbidden)
			}
			var list []shared.Param
			admin.Get(t, "/api/system/params/list").OK(t).Into(t, &list)
			groups := map[string]string{}
			for _, p := range list {
				groups[p.Key] = p.Group
				if p.Description == "" || !p.IsDefault {
					t.Errorf("%s: %+v", p.Key, p)
				}
			}
			for key, group := range map[string]string{"signIn.lockAfterFailures": "signIn", "signIn.lockMinutes": "signIn",
				"signIn.codeValidMinutes": "signIn", "signIn.codeResendSeconds": "signIn", "password.maxAgeDays": "password",
				"chat.recallSeconds": "chat", "support.helpPhone": "support"} {
				if groups[key] != group {
					t.Errorf("%s: group %q, want %q", key, groups[key], group)
				}
			}
		})

		t.Run("the lock comes after the failures set, for the minutes set", func(t *testing.T) {
			setParam(t, admin, "signIn.lockAfterFailures", "3")
			setParam(t, admin, "signIn.lockMinutes", "2")
			c := e.Client()
			r := c.Login(t, "caregiver_maple1", "Wrong@2026x", "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			if ri := retryInfo(t, r); ri.AttemptsLeft != 2 {
				t.Errorf("first failure: %+v, want 2 attempts left", ri)
			}
			c.Login(t, "caregiver_maple1", "Wrong@2026x", "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			captcha := addCaptcha(t, e, "12345", e.Clock.Now().Add(iam.CaptchaTTL))
			r = loginWithCaptcha(t, c, "caregiver_maple1", "Wrong@2026x", captcha, "12345").Is(t, http.StatusOK, shared.CodeRateLimited)
			if ri := retryInfo(t, r); ri.RetryAfterSeconds < 119 || ri.RetryAfterSeconds > 121 {
				t.Errorf("lock %+v, want about 120 s", ri)
			}
			if !strings.Contains(r.Message, "2 minutes") {
				t.Errorf("message %q", r.Message)
			}
			e.Clock.Advance(2*time.Minute + time.Second)
			loginResult(t, e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, ""))
			// Back to the default: 10 failures again.
			admin.Post(t, "/api/system/params/reset", shared.ParamKeyRequest{Key: "signIn.lockAfterFailures"}).OK(t)
			r = e.Client().Login(t, "caregiver_maple1", "Wrong@2026x", "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			if ri := retryInfo(t, r); ri.AttemptsLeft != iam.AccountLockAfter-1 {
				t.Errorf("after reset: %+v", ri)
			}
		})

		t.Run("the code's validity and resend wait", func(t *testing.T) {
			setParam(t, admin, "signIn.codeValidMinutes", "3")
			setParam(t, admin, "signIn.codeResendSeconds", "30")
			ch := startCodeStep(t, e, "owner_evergreen", maple)
			if ch.resendAfter != 30 {
				t.Errorf("the code step says resend after %d s, want 30", ch.resendAfter)
			}
			e.Code(t, ch.email) // the first code has arrived
			r := ch.resend(t).Is(t, http.StatusOK, shared.CodeResendTooSoon)
			if ri := retryInfo(t, r); ri.RetryAfterSeconds != 30 {
				t.Errorf("resend too soon: %+v, want 30 s", ri)
			}
			e.Clock.Advance(30 * time.Second)
			var sent shared.SendCodeResult
			ch.resend(t).OK(t).Into(t, &sent)
			if sent.ResendAfterSeconds != 30 {
				t.Errorf("resent: %+v", sent)
			}
			code := e.Code(t, ch.email)
			e.Clock.Advance(3*time.Minute + time.Second) // past the 3 minutes set, within the default 10
			ch.enter(t, code).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
		})

		t.Run("the password prompt comes after the days set", func(t *testing.T) {
			setParam(t, admin, "password.maxAgeDays", "30")
			c := e.SignIn(t, "caregiver_cedar1")
			var got shared.PasswordTimeResult
			c.Get(t, "/api/system/user/extendNextUpdatePasswordTime").OK(t).Into(t, &got)
			if want := e.Clock.Now().Add(30 * 24 * time.Hour).UnixMilli(); got.NextUpdatePasswordTime != want {
				t.Errorf("next prompt %d, want %d (30 days)", got.NextUpdatePasswordTime, want)
			}
		})
	})
}
