package iam_test

import (
	"net/http"
	"testing"
	"time"

	"hearth/cloud/feature/iam"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Whether an account name, e-mail or phone is taken is not told to anyone
// who asks: checkAccount (which registering a facility needs) takes a picture
// code each time from anyone but a manager and is limited per address;
// checkEmail and checkPhone answer managers only.
func TestCheckTaken(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		taken := func(r *servertest.Response) bool {
			t.Helper()
			var b bool
			r.OK(t).Into(t, &b)
			return b
		}
		check := func(c *servertest.Client, account, userID string, captcha bool) *servertest.Response {
			t.Helper()
			req := shared.CheckAccountRequest{Account: account, UserID: userID}
			if captcha {
				req.CaptchaID, req.CaptchaCode = addCaptcha(t, e, "k7m2p", e.Clock.Now().Add(time.Minute)), "k7m2p"
			}
			return c.Post(t, "/api/system/user/checkAccount", req)
		}

		anon := e.Client()
		check(anon, "caregiver_maple1", "", false).Is(t, http.StatusOK, shared.CodeCaptchaRequired)
		if !taken(check(anon, "caregiver_maple1", "", true)) || taken(check(anon, "new_person1", "", true)) {
			t.Error("checkAccount with a picture code answers wrongly")
		}
		// Only a manager may name the account being edited: anyone else's userId is ignored.
		if !taken(check(anon, "caregiver_maple1", e.UserID(t, "caregiver_maple1"), true)) {
			t.Error("an anonymous userId excused the account")
		}
		// A spent picture code does not work twice.
		req := shared.CheckAccountRequest{Account: "new_person1", CaptchaID: addCaptcha(t, e, "k7m2p", e.Clock.Now().Add(time.Minute)), CaptchaCode: "k7m2p"}
		anon.Post(t, "/api/system/user/checkAccount", req).OK(t)
		anon.Post(t, "/api/system/user/checkAccount", req).Is(t, http.StatusOK, shared.CodeCaptchaRequired)
		// One address asks at most CheckAddressLimit times in 15 minutes, picture code or not.
		for i := 6; i < iam.CheckAddressLimit; i++ { // six asked above
			check(anon, "new_person1", "", true).OK(t)
		}
		r := check(anon, "new_person1", "", true).Is(t, http.StatusOK, shared.CodeRateLimited)
		var retry shared.RetryInfo
		r.Into(t, &retry)
		if retry.RetryAfterSeconds <= 0 || retry.RetryAfterSeconds > 15*60 {
			t.Errorf("retry after %d s", retry.RetryAfterSeconds)
		}
		check(e.Client(), "new_person1", "", true).OK(t) // another address is not held up
		e.Clock.Advance(iam.FailureWindow + time.Second)
		check(anon, "new_person1", "", true).OK(t)

		// A caregiver is not a manager: picture code too; e-mail and phone refused.
		caregiver := e.SignIn(t, "caregiver_maple1")
		check(caregiver, "new_person1", "", false).Is(t, http.StatusOK, shared.CodeCaptchaRequired)
		email := shared.CheckEmailRequest{Email: e.Email(t, "caregiver_maple2")}
		phone := shared.CheckPhoneRequest{Phone: "(206) 555-0199"}
		for path, body := range map[string]any{"/api/system/user/checkEmail": email, "/api/system/user/checkPhone": phone} {
			e.Client().Post(t, path, body).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
			caregiver.Post(t, path, body).Is(t, http.StatusOK, shared.CodeForbidden)
		}
		// A manager asks freely, and may excuse the person being edited.
		admin := e.SignIn(t, "superadmin")
		for range iam.CheckAddressLimit + 1 {
			if !taken(check(admin, "caregiver_maple1", "", false)) {
				t.Fatal("manager: caregiver_maple1 free")
			}
		}
		if taken(check(admin, "caregiver_maple1", e.UserID(t, "caregiver_maple1"), false)) {
			t.Error("manager: the edited person's own name is taken")
		}
		if !taken(admin.Post(t, "/api/system/user/checkEmail", email)) {
			t.Error("manager: a colleague's e-mail is free")
		}
		taken(admin.Post(t, "/api/system/user/checkPhone", phone))
	})
}
