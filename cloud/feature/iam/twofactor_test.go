package iam_test

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/iam"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// challenge is one pending code step: who, which facility, and the code e-mailed.
type challenge struct {
	account, email, tenantID, id string
	resendAfter                  int // seconds, as the password step answered
	c                            *servertest.Client
}

// startCodeStep passes the password step of a 2FA account and returns the pending code step.
func startCodeStep(t *testing.T, e *servertest.Env, account, facility string) challenge {
	t.Helper()
	ch := challenge{account: account, email: e.Email(t, account), c: e.Client()}
	if facility != "" {
		ch.tenantID = e.FacilityID(t, facility)
	}
	lr := loginResult(t, ch.c.Login(t, account, demo.DemoPassword, ch.tenantID))
	if !lr.TwoFactorAuthentication || lr.ChallengeID == "" {
		t.Fatalf("no code step for %s: %+v", account, lr)
	}
	ch.id, ch.resendAfter = lr.ChallengeID, lr.ResendAfterSeconds
	return ch
}

func (ch challenge) enter(t *testing.T, code string) *servertest.Response {
	t.Helper()
	return ch.c.Do(t, ch.entry(code))
}

// entry is the call that enters code (made with Client.Try in a goroutine).
func (ch challenge) entry(code string) servertest.Request {
	return servertest.Request{Path: "/api/system/user/twoFactorAuthentication", Body: shared.TwoFactorRequest{
		Account: ch.account, VerifyCode: code, ChallengeID: ch.id, TenantID: ch.tenantID}}
}

func (ch challenge) resend(t *testing.T) *servertest.Response {
	t.Helper()
	return ch.c.Post(t, "/api/system/user/sendVerifyCode", shared.SendVerifyCodeRequest{
		Account: ch.account, ChallengeID: ch.id, TenantID: ch.tenantID, TwoFactorMethod: "EMAIL", SendEmailVerifyCode: true})
}

// wrongCode is a six-digit code that is not code.
func wrongCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

// The e-mailed code (spec 001 §9: valid 10 minutes, resend after 60 s, single use, 5 tries),
// delivered through the SMTP sender to an in-process SMTP server.
func TestTwoFactor(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)

		t.Run("the right code gives tokens", func(t *testing.T) {
			ch := startCodeStep(t, e, "admin_maple", "")
			code := e.Code(t, ch.email)
			if len(code) != 6 {
				t.Fatalf("code %q", code)
			}
			lr := loginResult(t, ch.enter(t, code))
			if lr.Token == "" || lr.LoginUserInfo.Roles != "FACILITY_ADMIN" || lr.SubscriptionPlan != shared.PlanPremium {
				t.Fatalf("%+v", lr)
			}
			ch.c.Use(lr)
			ch.c.Get(t, "/api/system/user/getUserInfo").OK(t)
		})

		t.Run("a used code cannot be used twice", func(t *testing.T) {
			ch := startCodeStep(t, e, "owner_birch", "")
			code := e.Code(t, ch.email)
			loginResult(t, ch.enter(t, code))
			r := ch.enter(t, code).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			if r.Message != "The verification code has expired or was already used. Please sign in again." {
				t.Errorf("message %q", r.Message)
			}
			// Nor can the used step be resent.
			e.Clock.Advance(iam.CodeResendAfter)
			ch.resend(t).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
		})

		t.Run("wrong codes count down, the fifth ends the step", func(t *testing.T) {
			ch := startCodeStep(t, e, "owner_evergreen", cedar)
			code := e.Code(t, ch.email)
			for left := iam.CodeMaxAttempts - 1; left >= 1; left-- {
				r := ch.enter(t, wrongCode(code)).Is(t, http.StatusOK, shared.CodeVerifyCodeWrong)
				if ri := retryInfo(t, r); ri.AttemptsLeft != left {
					t.Errorf("attemptsLeft %d, want %d", ri.AttemptsLeft, left)
				}
				if !strings.Contains(r.Message, "attempts left") {
					t.Errorf("message %q", r.Message)
				}
			}
			ch.enter(t, wrongCode(code)).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			// Out of tries: even the right code is refused, and no new code can be asked for.
			ch.enter(t, code).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			e.Clock.Advance(iam.CodeResendAfter)
			ch.resend(t).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			// Signing in again starts a new step.
			ch = startCodeStep(t, e, "owner_evergreen", cedar)
			loginResult(t, ch.enter(t, e.Code(t, ch.email)))
		})

		t.Run("a code expires after 10 minutes", func(t *testing.T) {
			ch := startCodeStep(t, e, "owner_evergreen", maple)
			code := e.Code(t, ch.email)
			e.Clock.Advance(iam.CodeTTL + time.Minute)
			ch.enter(t, code).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			ch.resend(t).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
		})

		t.Run("a code is still good just before 10 minutes", func(t *testing.T) {
			ch := startCodeStep(t, e, "owner_evergreen", maple)
			code := e.Code(t, ch.email)
			e.Clock.Advance(iam.CodeTTL - time.Second)
			loginResult(t, ch.enter(t, code))
		})

		t.Run("resend is refused for 60 s, then sends a new code that replaces the old", func(t *testing.T) {
			ch := startCodeStep(t, e, "admin_maple", "")
			first := e.Code(t, ch.email)
			sent := len(e.Mails(t, ch.email))

			r := ch.resend(t).Is(t, http.StatusOK, shared.CodeResendTooSoon)
			if ri := retryInfo(t, r); ri.RetryAfterSeconds != 60 {
				t.Errorf("retryAfterSeconds %d right after sending, want 60", ri.RetryAfterSeconds)
			}
			e.Clock.Advance(45 * time.Second)
			r = ch.resend(t).Is(t, http.StatusOK, shared.CodeResendTooSoon)
			if ri := retryInfo(t, r); ri.RetryAfterSeconds != 15 {
				t.Errorf("retryAfterSeconds %d after 45 s, want 15", ri.RetryAfterSeconds)
			}
			if !strings.Contains(r.Message, "15 seconds") {
				t.Errorf("message %q", r.Message)
			}
			if n := len(e.Mails(t, ch.email)); n != sent {
				t.Fatalf("a refused resend sent mail (%d → %d)", sent, n)
			}

			e.Clock.Advance(15 * time.Second)
			var res shared.SendCodeResult
			ch.resend(t).OK(t).Into(t, &res)
			if res.ResendAfterSeconds != 60 || res.MaskedEmail != "a***@maple.example" {
				t.Errorf("resend answer %+v", res)
			}
			if n := len(e.Mails(t, ch.email)); n != sent+1 {
				t.Fatalf("%d mails after the resend, want %d", n, sent+1)
			}
			second := e.Code(t, ch.email)
			if second == first {
				t.Skip("the new code happens to equal the old one (1 in a million)")
			}
			// The old code is dead, the new one works; the clock restarted with the resend.
			ch.enter(t, first).Is(t, http.StatusOK, shared.CodeVerifyCodeWrong)
			e.Clock.Advance(iam.CodeTTL - time.Minute)
			loginResult(t, ch.enter(t, second))
		})

		t.Run("a challenge belongs to its account and facility", func(t *testing.T) {
			owner := startCodeStep(t, e, "owner_birch", "")
			ownerCode := e.Code(t, owner.email)
			admin := startCodeStep(t, e, "admin_maple", "")
			adminCode := e.Code(t, admin.email)

			// Another account presenting the owner's challenge, even with the owner's code.
			for _, code := range []string{ownerCode, adminCode} {
				admin.c.Post(t, "/api/system/user/twoFactorAuthentication", shared.TwoFactorRequest{
					Account: "admin_maple", VerifyCode: code, ChallengeID: owner.id}).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			}
			e.Clock.Advance(iam.CodeResendAfter)
			admin.c.Post(t, "/api/system/user/sendVerifyCode", shared.SendVerifyCodeRequest{
				Account: "admin_maple", ChallengeID: owner.id}).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			// An unknown challenge.
			admin.c.Post(t, "/api/system/user/twoFactorAuthentication", shared.TwoFactorRequest{
				Account: "admin_maple", VerifyCode: adminCode, ChallengeID: "no-such-challenge"}).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			// The owner's challenge named with another facility.
			owner.c.Post(t, "/api/system/user/twoFactorAuthentication", shared.TwoFactorRequest{
				Account: "owner_birch", VerifyCode: ownerCode, ChallengeID: owner.id, TenantID: e.FacilityID(t, maple)}).
				Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)

			// The misuse spent none of the real steps.
			if lr := loginResult(t, owner.enter(t, ownerCode)); lr.LoginUserInfo.TenantID != e.FacilityID(t, birch) {
				t.Errorf("owner signed in to %s", lr.LoginUserInfo.TenantID)
			}
			loginResult(t, admin.enter(t, adminCode))
		})

		t.Run("the code mail is in the caller's language", func(t *testing.T) {
			ch := challenge{account: "owner_birch", email: "owner@birch.example", c: e.Client()}
			ch.c.Language = "es-ES"
			lr := loginResult(t, ch.c.Login(t, ch.account, demo.DemoPassword, ""))
			m := e.LastMail(t, ch.email)
			if m.Subject == "Your Hearth sign-in code" || !strings.Contains(m.Body, "Daniel Okafor") {
				t.Errorf("mail %+v", m)
			}
			ch.id = lr.ChallengeID
			loginResult(t, ch.enter(t, e.Code(t, ch.email)))
		})

		t.Run("a user disabled during the code step gets no tokens", func(t *testing.T) {
			ch := startCodeStep(t, e, "admin_maple", "")
			code := e.Code(t, ch.email)
			id := e.UserID(t, "admin_maple")
			if err := e.Server.IAM.SetUserStatus(t.Context(), id, shared.UserDisabled); err != nil {
				t.Fatal(err)
			}
			r := ch.enter(t, code)
			if r.Code == shared.CodeOK {
				t.Fatalf("a disabled user got tokens: %s", r.Body)
			}
			r.Is(t, http.StatusOK, shared.CodeAccountDisabled)
			if err := e.Server.IAM.SetUserStatus(t.Context(), id, shared.UserEnabled); err != nil {
				t.Fatal(err)
			}
		})
	})
}

// Wrong codes are counted per account across sign-ins and resends: the
// tenth within 15 minutes locks the sign-in with 4029 and e-mails the owner
// of the account, whatever challenge it came through.
func TestCodeLockPerAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		email := e.Email(t, "owner_birch")
		wrong := func(ch challenge, times int) {
			t.Helper()
			for range times {
				ch.enter(t, wrongCode(e.Code(t, email))).Is(t, http.StatusOK, shared.CodeVerifyCodeWrong)
			}
		}
		first := startCodeStep(t, e, "owner_birch", "")
		wrong(first, iam.CodeMaxAttempts-1)
		e.Clock.Advance(iam.CodeResendAfter + time.Second)
		first.resend(t).OK(t) // a fresh code gives the challenge its tries back, not the account
		wrong(first, iam.CodeMaxAttempts-1)
		second := startCodeStep(t, e, "owner_birch", "")
		wrong(second, iam.CodeAccountLockAfter-2*(iam.CodeMaxAttempts-1)-1)
		code := e.Code(t, email)
		r := second.enter(t, wrongCode(code)).Is(t, http.StatusOK, shared.CodeRateLimited)
		if !strings.Contains(r.Message, "15 minutes") {
			t.Errorf("lock message %q", r.Message)
		}
		m := e.LastMail(t, email)
		if m.Subject != "Your Hearth sign-in is locked" || !strings.Contains(m.Body, "10 wrong sign-in codes") {
			t.Errorf("owner's mail: %+v", m)
		}
		// Locked: the right code, a resend and a new sign-in are all refused.
		sent := len(e.Mails(t, email))
		second.enter(t, code).Is(t, http.StatusOK, shared.CodeRateLimited)
		e.Clock.Advance(iam.CodeResendAfter + time.Second)
		second.resend(t).Is(t, http.StatusOK, shared.CodeRateLimited)
		e.Client().Login(t, "owner_birch", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeRateLimited)
		if n := len(e.Mails(t, email)); n != sent {
			t.Errorf("%d codes sent while locked", n-sent)
		}
		// After the lock the account signs in again.
		e.Clock.Advance(iam.LockDuration)
		ch := startCodeStep(t, e, "owner_birch", "")
		if lr := loginResult(t, ch.enter(t, e.Code(t, email))); lr.Token == "" {
			t.Fatalf("after the lock: %+v", lr)
		}
	})
}

// Wrong codes sent at once over several sign-ins are each counted: the
// account locks once, with one mail, and no more than the limit get "wrong".
func TestCodeLockRace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		email := e.Email(t, "owner_birch")
		var chs []challenge
		for range 4 {
			chs = append(chs, startCodeStep(t, e, "owner_birch", ""))
		}
		before := len(e.Mails(t, email))
		codes, errs := make([]string, 4*iam.CodeMaxAttempts), make([]error, 4*iam.CodeMaxAttempts)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Go(func() {
				ch := chs[i%len(chs)]
				r, err := ch.c.Try(ch.entry("999999"))
				if errs[i] = err; err == nil {
					codes[i] = r.Code
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, c := range codes {
			count[c]++
		}
		if count[string(shared.CodeVerifyCodeWrong)] > iam.CodeAccountLockAfter-1 || count[string(shared.CodeRateLimited)] == 0 {
			t.Errorf("answers: %v", count)
		}
		locks := 0
		for _, m := range e.Mails(t, email)[before:] {
			if m.Subject == "Your Hearth sign-in is locked" {
				locks++
			}
		}
		if locks != 1 {
			t.Errorf("%d lock mails", locks)
		}
	})
}
