package iam_test

import (
	"net/http"
	"strings"
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

const (
	maple = "Maple House AFH"
	cedar = "Cedar Home AFH"
	birch = "Birch Cottage AFH"
)

func loginResult(t *testing.T, r *servertest.Response) shared.LoginResult {
	t.Helper()
	var lr shared.LoginResult
	r.OK(t).Into(t, &lr)
	return lr
}

func retryInfo(t *testing.T, r *servertest.Response) shared.RetryInfo {
	t.Helper()
	var ri shared.RetryInfo
	r.Into(t, &ri)
	return ri
}

func fieldErrors(t *testing.T, r *servertest.Response) []shared.FieldError {
	t.Helper()
	var fes []shared.FieldError
	r.Into(t, &fes)
	return fes
}

// addCaptcha stores a captcha whose answer is known: the picture cannot be read
// by a test, so the answer goes straight into the table GET /user/getCaptcha fills.
func addCaptcha(t *testing.T, e *servertest.Env, answer string, expires time.Time) string {
	t.Helper()
	id := "test-captcha-" + auth.NewOpaqueToken()[:12]
	if _, err := e.DB.ExecContext(t.Context(), `INSERT INTO captchas (id, answer_hash, expires_at) VALUES (?, ?, ?)`,
		id, auth.HashToken(answer), expires.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	return id
}

func loginWithCaptcha(t *testing.T, c *servertest.Client, account, password, captchaID, answer string) *servertest.Response {
	t.Helper()
	return c.Post(t, "/api/system/user/login", shared.LoginRequest{Account: account, Password: servertest.EncodePassword(password),
		CaptchaID: captchaID, CaptchaCode: answer})
}

// Every branch of the password step (spec 001 §7.2, docs/api.md "Sign-in").
func TestLogin(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		mapleID, cedarID, birchID := e.FacilityID(t, maple), e.FacilityID(t, cedar), e.FacilityID(t, birch)

		t.Run("one facility without a code gives tokens", func(t *testing.T) {
			now := e.Clock.Now()
			lr := loginResult(t, e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, ""))
			if lr.Token == "" || lr.RefreshToken == "" || lr.TwoFactorAuthentication || len(lr.LoginTenantList) > 0 {
				t.Fatalf("answer %+v", lr)
			}
			if lr.SubscriptionPlan != shared.PlanPremium {
				t.Errorf("plan %q, want PREMIUM_PLAN", lr.SubscriptionPlan)
			}
			info := lr.LoginUserInfo
			if info == nil || info.Roles != "CAREGIVER_STAFF" || info.TenantID != mapleID || info.TimeZoneID != "PT" ||
				info.UserName != "Amina Njoroge" || info.Email != "caregiver_maple1@maple.example" || info.UserID != e.UserID(t, "caregiver_maple1") {
				t.Errorf("loginUserInfo %+v", info)
			}
			if want := now.Add(auth.RefreshTokenTTL).UnixMilli(); lr.RefreshTokenExpireTime != want {
				t.Errorf("refreshTokenExpireTime %d, want %d (30 days)", lr.RefreshTokenExpireTime, want)
			}
			if len(e.Mails(t, "caregiver_maple1@maple.example")) != 0 {
				t.Error("a code was e-mailed to a caregiver")
			}
		})

		t.Run("account or e-mail, in any case", func(t *testing.T) {
			for _, login := range []string{"CAREGIVER_MAPLE1", " caregiver_maple1 ", "caregiver_maple1@maple.example", "Caregiver_Maple1@Maple.Example"} {
				lr := loginResult(t, e.Client().Login(t, login, demo.DemoPassword, ""))
				if lr.Token == "" || lr.LoginUserInfo.UserID != e.UserID(t, "caregiver_maple1") {
					t.Errorf("%q: %+v", login, lr)
				}
			}
		})

		t.Run("two facilities: choose one, then the e-mailed code", func(t *testing.T) {
			c := e.Client()
			lr := loginResult(t, c.Login(t, "owner_evergreen", demo.DemoPassword, ""))
			if lr.Token != "" || lr.RefreshToken != "" || lr.TwoFactorAuthentication {
				t.Fatalf("the facility choice gave more: %+v", lr)
			}
			got := map[string]string{}
			for _, f := range lr.LoginTenantList {
				got[f.FacilityName] = f.TenantID
				if f.Account != "owner_evergreen" {
					t.Errorf("tenant list account %q", f.Account)
				}
			}
			if len(got) != 2 || got[maple] != mapleID || got[cedar] != cedarID {
				t.Fatalf("loginTenantList %+v", lr.LoginTenantList)
			}
			if len(e.Mails(t, "owner@evergreen.example")) != 0 {
				t.Fatal("a code was sent before the facility was chosen")
			}

			lr = loginResult(t, c.Login(t, "owner_evergreen", demo.DemoPassword, cedarID))
			if !lr.TwoFactorAuthentication || !lr.SendEmailVerifyCode || lr.ChallengeID == "" || lr.Token != "" ||
				lr.MaskedEmail != "o***@evergreen.example" {
				t.Fatalf("code step %+v", lr)
			}
			mails := e.Mails(t, "owner@evergreen.example")
			if len(mails) != 1 || mails[0].Subject != "Your Hearth sign-in code" || !strings.Contains(mails[0].Body, "Elena Martinez") {
				t.Fatalf("mails %+v", mails)
			}
			m := e.Mail.To("owner@evergreen.example")[0]
			if m.From != "no-reply@hearth.test" || m.Header.Get("From") != "Hearth <no-reply@hearth.test>" ||
				!strings.HasPrefix(m.Header.Get("Content-Type"), "text/plain") {
				t.Errorf("SMTP envelope from %q, headers %v", m.From, m.Header)
			}
			code := e.Code(t, "owner@evergreen.example")

			lr = loginResult(t, c.Post(t, "/api/system/user/twoFactorAuthentication", shared.TwoFactorRequest{
				Account: "owner_evergreen", VerifyCode: code, ChallengeID: lr.ChallengeID, TenantID: cedarID}))
			if lr.Token == "" || lr.SubscriptionPlan != shared.PlanEssential || lr.LoginUserInfo.TenantID != cedarID ||
				lr.LoginUserInfo.Roles != "FACILITY_OWNER" {
				t.Fatalf("tokens %+v", lr)
			}
			c.Use(lr)
			var info shared.UserInfo
			c.Get(t, "/api/system/user/getUserInfo").OK(t).Into(t, &info)
			if info.FacilityName != cedar || info.SubscriptionPlan != shared.PlanEssential || info.PackageID != "ESSENTIAL_PACKAGE" ||
				len(info.Roles) != 1 || info.Roles[0] != shared.RoleFacilityOwner {
				t.Errorf("user info %+v", info)
			}
		})

		t.Run("the same owner on the other facility gets that facility's plan", func(t *testing.T) {
			c := e.SignIn(t, "owner_evergreen", maple)
			if c.Result.SubscriptionPlan != shared.PlanPremium || c.Result.LoginUserInfo.TenantID != mapleID {
				t.Errorf("%+v", c.Result)
			}
		})

		t.Run("super admin has no facility step", func(t *testing.T) {
			lr := loginResult(t, e.Client().Login(t, "superadmin", demo.DemoPassword, ""))
			if lr.Token == "" || len(lr.LoginTenantList) > 0 || lr.TwoFactorAuthentication || lr.SubscriptionPlan != "" ||
				lr.LoginUserInfo.Roles != "SUPER_ADMIN" || lr.LoginUserInfo.TenantID != "" {
				t.Errorf("%+v", lr)
			}
		})

		t.Run("wrong password and unknown account answer alike", func(t *testing.T) {
			wrong := e.Client().Login(t, "caregiver_cedar1", "Wrong@2026x", "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			unknown := e.Client().Login(t, "nobody_here", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			if wrong.Message != "Incorrect account or password." || unknown.Message != wrong.Message || string(unknown.Data) != string(wrong.Data) {
				t.Errorf("wrong password %s, unknown account %s", wrong.Body, unknown.Body)
			}
			if ri := retryInfo(t, wrong); ri.AttemptsLeft != iam.AccountLockAfter-1 || ri.CaptchaRequired {
				t.Errorf("retry info %+v", ri)
			}
			// A success clears the account's failures.
			loginResult(t, e.Client().Login(t, "caregiver_cedar1", demo.DemoPassword, ""))
			if ri := retryInfo(t, e.Client().Login(t, "caregiver_cedar1", "Wrong@2026x", "")); ri.AttemptsLeft != iam.AccountLockAfter-1 {
				t.Errorf("failures not cleared by a success: %+v", ri)
			}
			loginResult(t, e.Client().Login(t, "caregiver_cedar1", demo.DemoPassword, ""))
		})

		t.Run("a password not in the spec's encoding is 4022", func(t *testing.T) {
			for _, pw := range []string{demo.DemoPassword, "bm90LWFlcw==", "!!!"} {
				r := e.Client().Post(t, "/api/system/user/login", shared.LoginRequest{Account: "caregiver_maple1", Password: pw}).
					Is(t, http.StatusOK, shared.CodeValidation)
				if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != "password" || fes[0].Rule != "encoding" {
					t.Errorf("%q: %s", pw, r.Data)
				}
			}
		})

		t.Run("a facility that is not the user's is 4022", func(t *testing.T) {
			for _, tid := range []string{birchID, "no-such-facility"} {
				r := e.Client().Login(t, "owner_evergreen", demo.DemoPassword, tid).Is(t, http.StatusOK, shared.CodeValidation)
				if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != "tenantId" || r.Message != "Please choose one of your facilities." {
					t.Errorf("%s", r.Body)
				}
			}
			// Nobody is signed in to another facility by naming it.
			r := e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, cedarID).Is(t, http.StatusOK, shared.CodeValidation)
			if strings.Contains(string(r.Body), "token") {
				t.Errorf("answer carries a token: %s", r.Body)
			}
		})

		t.Run("after 3 failures the captcha is required", func(t *testing.T) {
			c := e.Client()
			for i := 1; i <= iam.AccountCaptchaFrom; i++ {
				ri := retryInfo(t, c.Login(t, "caregiver_maple2", "Wrong@2026x", "").Is(t, http.StatusOK, shared.CodeLoginFailed))
				if ri.AttemptsLeft != iam.AccountLockAfter-i || ri.CaptchaRequired != (i >= iam.AccountCaptchaFrom) {
					t.Errorf("failure %d: %+v", i, ri)
				}
			}
			// The fourth try, even with the right password and from another address, needs the captcha.
			for _, cl := range []*servertest.Client{c, e.Client()} {
				r := cl.Login(t, "caregiver_maple2", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeCaptchaRequired)
				if ri := retryInfo(t, r); !ri.CaptchaRequired || r.Message != "Please type the characters shown in the picture." {
					t.Errorf("%s", r.Body)
				}
			}

			var cap shared.CaptchaResult
			c.Get(t, "/api/system/user/getCaptcha").OK(t).Into(t, &cap)
			if cap.CaptchaID == "" || !strings.HasPrefix(cap.Image, "data:image/png;base64,") || len(cap.Image) < 1000 {
				t.Fatalf("captcha %+v", cap)
			}
			// The picture shows digits only, so letters are always wrong.
			r := loginWithCaptcha(t, c, "caregiver_maple2", demo.DemoPassword, cap.CaptchaID, "abcde").
				Is(t, http.StatusOK, shared.CodeCaptchaRequired)
			if r.Message != "The picture code is wrong. Please try again." {
				t.Errorf("wrong captcha: %s", r.Body)
			}
			// A captcha is answered once, right or wrong.
			known := addCaptcha(t, e, "12345", e.Clock.Now().Add(iam.CaptchaTTL))
			loginWithCaptcha(t, c, "caregiver_maple2", demo.DemoPassword, known, "99999").Is(t, http.StatusOK, shared.CodeCaptchaRequired)
			loginWithCaptcha(t, c, "caregiver_maple2", demo.DemoPassword, known, "12345").Is(t, http.StatusOK, shared.CodeCaptchaRequired)
			// An expired captcha is refused.
			old := addCaptcha(t, e, "12345", e.Clock.Now().Add(-time.Second))
			loginWithCaptcha(t, c, "caregiver_maple2", demo.DemoPassword, old, "12345").Is(t, http.StatusOK, shared.CodeCaptchaRequired)
			// A wrong password with a right captcha still counts as a failure.
			ok := addCaptcha(t, e, "12345", e.Clock.Now().Add(iam.CaptchaTTL))
			ri := retryInfo(t, loginWithCaptcha(t, c, "caregiver_maple2", "Wrong@2026x", ok, "12345").Is(t, http.StatusOK, shared.CodeLoginFailed))
			if ri.AttemptsLeft != iam.AccountLockAfter-iam.AccountCaptchaFrom-1 || !ri.CaptchaRequired {
				t.Errorf("retry info %+v", ri)
			}
			// The right captcha (with spaces, as typed) and the right password sign in.
			ok = addCaptcha(t, e, "12345", e.Clock.Now().Add(iam.CaptchaTTL))
			lr := loginResult(t, loginWithCaptcha(t, c, "caregiver_maple2", demo.DemoPassword, ok, " 12345 "))
			if lr.Token == "" {
				t.Fatalf("%+v", lr)
			}
			// Success cleared the failures: no captcha next time.
			loginResult(t, c.Login(t, "caregiver_maple2", demo.DemoPassword, ""))
		})

		t.Run("failures from one address require the captcha for every account", func(t *testing.T) {
			c := e.Client()
			for i := range iam.AddressCaptchaFrom {
				c.Login(t, "nobody_"+string(rune('a'+i)), "Wrong@2026x", "").Is(t, http.StatusOK, shared.CodeLoginFailed)
			}
			c.Login(t, "caregiver_maple1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeCaptchaRequired)
			// Another address is not affected.
			loginResult(t, e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, ""))
		})

		t.Run("a disabled account is 4106 and its live session ends", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "caregiver_cedar1")
			c.Get(t, "/api/system/user/getUserInfo").OK(t)
			id := e.UserID(t, "caregiver_cedar1")
			if err := e.Server.IAM.SetUserStatus(ctx, id, shared.UserDisabled); err != nil {
				t.Fatal(err)
			}
			c.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)
			c.Post(t, "/api/system/user/refreshToken", shared.RefreshRequest{RefreshToken: c.RefreshToken}).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			r := e.Client().Login(t, "caregiver_cedar1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
			if r.Message != "This account is disabled. Please contact your facility owner." {
				t.Errorf("message %q", r.Message)
			}
			// A wrong password still says only that the password is wrong.
			e.Client().Login(t, "caregiver_cedar1", "Wrong@2026x", "").Is(t, http.StatusOK, shared.CodeLoginFailed)

			if err := e.Server.IAM.SetUserStatus(ctx, id, shared.UserEnabled); err != nil {
				t.Fatal(err)
			}
			// Enabling again does not bring the ended session back; a new sign-in works.
			c.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)
			e.SignIn(t, "caregiver_cedar1").Get(t, "/api/system/user/getUserInfo").OK(t)
		})

		t.Run("an account not yet activated is 4106", func(t *testing.T) {
			ctx := t.Context()
			id, err := e.Server.IAM.CreateUser(ctx, d, auth.NewUser{Account: "invited_one", Email: "invited@maple.example",
				Phone: "+1 360 555 0901", Name: "Ines Invited", Password: "Invite@2026x", Status: shared.UserUnverified})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Server.IAM.AddMembership(ctx, d, mapleID, id, shared.RoleCaregiverStaff); err != nil {
				t.Fatal(err)
			}
			r := e.Client().Login(t, "invited_one", "Invite@2026x", "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
			if !strings.Contains(r.Message, "not activated") {
				t.Errorf("message %q", r.Message)
			}
		})

		t.Run("an account with no facility is 4106", func(t *testing.T) {
			ctx := t.Context()
			if _, err := e.Server.IAM.CreateUser(ctx, d, auth.NewUser{Account: "lonely_one", Email: "lonely@example.com",
				Phone: "+1 360 555 0902", Name: "Lee Lonely", Password: "Lonely@2026x"}); err != nil {
				t.Fatal(err)
			}
			r := e.Client().Login(t, "lonely_one", "Lonely@2026x", "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
			if r.Message != "This account is not a member of any facility." {
				t.Errorf("message %q", r.Message)
			}
		})

		t.Run("a facility under review is 4107, a refused one 4108", func(t *testing.T) {
			ctx := t.Context()
			tenants := tenant.NewStore(d)
			for st, code := range map[shared.TenantStatus]string{
				shared.TenantSubmitted: shared.CodePendingApproval,
				shared.TenantDraft:     shared.CodePendingApproval,
				shared.TenantRefused:   shared.CodeFacilityRefused,
			} {
				if err := tenants.SetStatus(ctx, birchID, st); err != nil {
					t.Fatal(err)
				}
				e.Client().Login(t, "owner_birch", demo.DemoPassword, "").Is(t, http.StatusOK, code)
			}
			if err := tenants.SetStatus(ctx, birchID, shared.TenantApproved); err != nil {
				t.Fatal(err)
			}
			if n := len(e.Mails(t, "owner@birch.example")); n != 0 {
				t.Errorf("%d codes sent for a facility that is not open", n)
			}
			e.SignIn(t, "owner_birch")
		})

		// Last: it moves the clock on by the lock's length.
		t.Run("10 failures lock the account, even against the right password", func(t *testing.T) {
			c := e.Client()
			var r *servertest.Response
			for i := 1; i <= iam.AccountLockAfter; i++ {
				captcha := ""
				if i > iam.AccountCaptchaFrom {
					captcha = addCaptcha(t, e, "12345", e.Clock.Now().Add(iam.CaptchaTTL))
				}
				r = loginWithCaptcha(t, c, "admin_maple", "Wrong@2026x", captcha, "12345")
				if i < iam.AccountLockAfter {
					r.Is(t, http.StatusOK, shared.CodeLoginFailed)
				}
			}
			r.Is(t, http.StatusOK, shared.CodeRateLimited)
			ri := retryInfo(t, r)
			if ri.RetryAfterSeconds < 899 || ri.RetryAfterSeconds > 901 || !ri.CaptchaRequired {
				t.Errorf("lock %+v, want about 900 s", ri)
			}
			if !strings.Contains(r.Message, "15 minutes") {
				t.Errorf("message %q", r.Message)
			}
			// The right password, with a right captcha, from anywhere: still locked.
			for _, cl := range []*servertest.Client{c, e.Client()} {
				captcha := addCaptcha(t, e, "12345", e.Clock.Now().Add(iam.CaptchaTTL))
				loginWithCaptcha(t, cl, "admin_maple", demo.DemoPassword, captcha, "12345").Is(t, http.StatusOK, shared.CodeRateLimited)
			}
			e.Clock.Advance(10 * time.Minute)
			ri = retryInfo(t, c.Login(t, "admin_maple", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeRateLimited))
			if ri.RetryAfterSeconds < 299 || ri.RetryAfterSeconds > 301 {
				t.Errorf("after 10 minutes: %+v, want about 300 s", ri)
			}
			// Other accounts are not locked.
			loginResult(t, e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, ""))

			e.Clock.Advance(5*time.Minute + time.Second)
			lr := loginResult(t, e.Client().Login(t, "admin_maple", demo.DemoPassword, ""))
			if !lr.TwoFactorAuthentication {
				t.Errorf("after the lock: %+v", lr)
			}
		})
	})
}
