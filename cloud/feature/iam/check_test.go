package iam_test

import (
	"context"
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
		// The super admin, who sees every facility, asks without a picture code
		// about every account, and may excuse the person being edited.
		admin := e.SignIn(t, "superadmin")
		if !taken(check(admin, "caregiver_maple1", "", false)) {
			t.Fatal("super admin: caregiver_maple1 free")
		}
		if taken(check(admin, "caregiver_maple1", e.UserID(t, "caregiver_maple1"), false)) {
			t.Error("super admin: the edited person's own name is taken")
		}
		if !taken(admin.Post(t, "/api/system/user/checkEmail", email)) {
			t.Error("super admin: a caregiver's e-mail is free")
		}
		taken(admin.Post(t, "/api/system/user/checkPhone", phone))
	})
}

// A facility's owner or admin is told only about the people of the facility
// they are signed in to: another facility's (or organisation's) accounts,
// e-mails and phones read as free, and a value used elsewhere is refused at
// save without saying whose it is.
func TestCheckTakenTellsOnlyOwnFacility(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		// The demo people's account, e-mail and phone, as the staff form asks them.
		person := func(account string) map[string]any {
			var phone string
			if err := d.QueryRowContext(context.Background(), `SELECT phone FROM users WHERE account = ?`, account).Scan(&phone); err != nil {
				t.Fatal(err)
			}
			return map[string]any{
				"/api/system/user/checkAccount": shared.CheckAccountRequest{Account: account},
				"/api/system/user/checkEmail":   shared.CheckEmailRequest{Email: e.Email(t, account)},
				"/api/system/user/checkPhone":   shared.CheckPhoneRequest{Phone: phone},
			}
		}
		expect := func(c *servertest.Client, who, account string, want bool) {
			t.Helper()
			for path, body := range person(account) {
				var got bool
				c.Post(t, path, body).OK(t).Into(t, &got)
				if got != want {
					t.Errorf("%s asks %s about %s: taken = %v, want %v", who, path, account, got, want)
				}
			}
		}
		birch := e.SignIn(t, "owner_birch") // another organisation
		expect(birch, "Birch's owner", "owner_birch", true)
		for _, account := range []string{"caregiver_maple1", "admin_maple", "caregiver_cedar1", "owner_evergreen"} {
			expect(birch, "Birch's owner", account, false)
		}
		maple := e.SignIn(t, "admin_maple")
		expect(maple, "Maple's admin", "caregiver_maple1", true)
		expect(maple, "Maple's admin", "caregiver_cedar1", false) // same organisation, another facility
		expect(maple, "Maple's admin", "owner_birch", false)
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		expect(cedar, "the owner in Cedar", "caregiver_cedar1", true)
		expect(cedar, "the owner in Cedar", "caregiver_maple1", false)

		// Saving a person with an e-mail someone elsewhere has is refused on
		// the field, naming neither the person nor their facility.
		r := maple.Post(t, "/api/care/caregiver/save", shared.SaveCaregiverRequest{Account: "lena_petrova", Name: "Lena Petrova",
			Email: e.Email(t, "caregiver_cedar1"), Phone: "+1 360 555 0199", HireDate: e.Clock.Now().AddDate(0, 0, -10).Format(time.DateOnly)}).
			Is(t, http.StatusOK, shared.CodeValidation)
		var fes []shared.FieldError
		r.Into(t, &fes)
		if len(fes) != 1 || fes[0].Field != "email" || fes[0].Rule != "unique" || fes[0].Message != "E-mail is already in use by another person. Please use a different one." {
			t.Errorf("save with Cedar's e-mail: %s", r.Body)
		}
	})
}

// Signed-in checks are limited like anonymous ones: CheckAddressLimit
// questions per caller and per address within iam.FailureWindow, over the
// three routes, then 4029 with the seconds to wait.
func TestCheckTakenLimitsManagers(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		bodies := []struct {
			path string
			body any
		}{
			{"/api/system/user/checkAccount", shared.CheckAccountRequest{Account: "new_person1"}},
			{"/api/system/user/checkEmail", shared.CheckEmailRequest{Email: "new.person@example.com"}},
			{"/api/system/user/checkPhone", shared.CheckPhoneRequest{Phone: "(206) 555-0199"}},
		}
		ask := func(c *servertest.Client, i int) *servertest.Response {
			t.Helper()
			b := bodies[i%len(bodies)]
			return c.Post(t, b.path, b.body)
		}
		limited := func(r *servertest.Response) {
			t.Helper()
			var retry shared.RetryInfo
			r.Is(t, http.StatusOK, shared.CodeRateLimited).Into(t, &retry)
			if retry.RetryAfterSeconds <= 0 || retry.RetryAfterSeconds > int(iam.FailureWindow/time.Second) {
				t.Errorf("retry after %d s", retry.RetryAfterSeconds)
			}
		}

		birch := e.SignIn(t, "owner_birch")
		for i := range iam.CheckAddressLimit {
			ask(birch, i).OK(t)
		}
		for i := range len(bodies) {
			limited(ask(birch, i))
		}
		// Per caller: a new sign-in from another address is held up too.
		limited(ask(e.SignIn(t, "owner_birch"), 0))
		// Per address: another manager at that address is held up, and so is
		// anyone asking there without a sign-in; elsewhere they ask freely.
		maple := e.SignIn(t, "admin_maple")
		ask(maple, 0).OK(t)
		maple.IP = birch.IP
		limited(ask(maple, 1))
		anon := e.Client()
		anon.IP = birch.IP
		limited(anon.Post(t, "/api/system/user/checkAccount", shared.CheckAccountRequest{Account: "new_person1"}))

		e.Clock.Advance(iam.FailureWindow + time.Second)
		ask(birch, 0).OK(t)
	})
}
