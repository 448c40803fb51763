package iam

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the sign-in and account calls of the system service (spec 001 §7.2).
func Routes(api *web.API, s *Service) {
	client := func(ctx context.Context) Client {
		r := web.Request(ctx)
		c := Client{IP: web.ClientIP(r, s.cfg.TrustProxy), DeviceID: r.Header.Get("X-Device-Id"), UserAgent: r.UserAgent()}
		if h := r.Header.Get("Accept-Language"); h != "" {
			c.Language = msg.Pick(h)
		}
		return c
	}
	public := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.Public}
	}
	signedIn := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Function: web.AnyPlan, AllowTempPassword: true}
	}

	web.Handle(api, public(http.MethodGet, "/config/public", "What the UI needs before sign-in"),
		func(ctx context.Context, _ *web.None) (shared.PublicConfig, error) {
			return shared.PublicConfig{LoginAESKey: string(s.cfg.LoginAESKey), Version: config.Version, Dev: s.cfg.Dev}, nil
		})
	web.Handle(api, public(http.MethodPost, "/user/login", "Sign in: password step"),
		func(ctx context.Context, in *web.Body[shared.LoginRequest]) (*shared.LoginResult, error) {
			return s.Login(ctx, in.Body, client(ctx))
		})
	web.Handle(api, public(http.MethodPost, "/user/sendVerifyCode", "E-mail a new sign-in code"),
		func(ctx context.Context, in *web.Body[shared.SendVerifyCodeRequest]) (*shared.SendCodeResult, error) {
			return s.SendVerifyCode(ctx, in.Body)
		})
	web.Handle(api, public(http.MethodPost, "/user/twoFactorAuthentication", "Sign in: code step"),
		func(ctx context.Context, in *web.Body[shared.TwoFactorRequest]) (*shared.LoginResult, error) {
			return s.TwoFactor(ctx, in.Body, client(ctx))
		})
	refresh := public(http.MethodPost, "/user/refreshToken", "Spend a refresh token for a new token pair")
	refresh.SignInAgain = true // 401 expired or unknown, 410 revoked or reused
	web.Handle(api, refresh,
		func(ctx context.Context, in *web.Body[shared.RefreshRequest]) (*shared.LoginResult, error) {
			return s.Refresh(ctx, in.Body.RefreshToken, client(ctx))
		})
	web.Handle(api, public(http.MethodPost, "/user/logout", "Sign out: ends the sign-in of the refresh token"),
		func(ctx context.Context, in *web.Body[shared.LogoutRequest]) (*struct{}, error) {
			return nil, s.Logout(ctx, in.Body.RefreshToken, web.OptionalPrincipal(ctx))
		})
	web.Handle(api, public(http.MethodGet, "/user/getCaptcha", "A picture code for sign-in after repeated failures"),
		func(ctx context.Context, _ *web.None) (*shared.CaptchaResult, error) { return s.Captcha(ctx) })
	web.Handle(api, public(http.MethodPost, "/user/sendRetrievePasswordEmailDTO", "E-mail a password-reset link"),
		func(ctx context.Context, in *web.Body[shared.RetrievePasswordRequest]) (*struct{}, error) {
			return nil, s.SendResetLink(ctx, in.Body.Account)
		})
	web.Handle(api, public(http.MethodPost, "/user/resendVerifyEmail", "E-mail a new activation link"),
		func(ctx context.Context, in *web.Body[shared.RetrievePasswordRequest]) (*struct{}, error) {
			return nil, s.ResendVerifyLink(ctx, in.Body.Account)
		})
	web.Handle(api, public(http.MethodPost, "/user/emailTokenVerify", "Check an e-mailed link; with a password, set it"),
		func(ctx context.Context, in *web.Body[shared.EmailTokenVerifyRequest]) (*shared.EmailTokenResult, error) {
			return s.EmailTokenVerify(ctx, in.Body)
		})
	web.Handle(api, public(http.MethodPost, "/user/checkAccount",
		"Is the account name taken? (false = free) A manager is told about their own facility; anyone else sends a picture code each time. Limited per address and caller"),
		func(ctx context.Context, in *web.Body[shared.CheckAccountRequest]) (bool, error) {
			return s.CheckAccount(ctx, web.OptionalPrincipal(ctx), in.Body, client(ctx))
		})
	// E-mail and phone are asked about only while adding or editing a person,
	// and only about the caller's own facility (Service.Taken): sign-in and
	// password reset never tell whether an address has an account.
	managers := func(path, summary string) web.Op {
		op := signedIn(http.MethodPost, path, summary)
		op.AllowTempPassword = false
		op.Roles = CheckRoles
		return op
	}
	web.Handle(api, managers("/user/checkEmail", "Is the e-mail taken in the caller's facility? (false = free) Limited per address and caller"),
		func(ctx context.Context, in *web.Body[shared.CheckEmailRequest]) (bool, error) {
			return s.Taken(ctx, auth.From(ctx), "email", in.Body.Email, in.Body.UserID, client(ctx))
		})
	web.Handle(api, managers("/user/checkPhone", "Is the phone number taken in the caller's facility? (false = free) Limited per address and caller"),
		func(ctx context.Context, in *web.Body[shared.CheckPhoneRequest]) (bool, error) {
			return s.Taken(ctx, auth.From(ctx), "phone", in.Body.Phone, in.Body.UserID, client(ctx))
		})

	web.HandleAnswer(api, signedIn(http.MethodGet, "/user/getUserInfo", "The signed-in user, facility and plan"),
		func(ctx context.Context, _ *web.None) (*web.Answer[*shared.UserInfo], error) {
			return s.UserInfoAnswer(ctx, auth.From(ctx))
		})
	web.Handle(api, signedIn(http.MethodPost, "/user/updatePassword", "Change the signed-in user's password"),
		func(ctx context.Context, in *web.Body[shared.UpdatePasswordRequest]) (*struct{}, error) {
			return nil, s.UpdatePassword(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, signedIn(http.MethodGet, "/user/extendNextUpdatePasswordTime",
		"Postpone the caller's own password-change prompt by the parameter password.maxAgeDays (default 90 days); a userId naming anyone else answers 4003"),
		func(ctx context.Context, in *shared.UserIDQuery) (*shared.PasswordTimeResult, error) {
			return s.ExtendPasswordTime(ctx, auth.From(ctx), in.UserID)
		})

	switchRoutes(api, s, client)

	if s.cfg.Dev {
		web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/dev/outbox", Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan,
			Summary: "Development only (HEARTH_DEV=1): mail kept by the development outbox"},
			func(ctx context.Context, in *shared.OutboxQuery) ([]shared.OutboxMail, error) {
				return mail.List(ctx, s.db, in.To, 50)
			})
		web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/dev/captcha", Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan,
			Summary: "Development only (HEARTH_DEV=1): the answer of a picture code, for browser journeys"},
			func(_ context.Context, in *shared.DevCaptchaQuery) (*shared.DevCaptcha, error) {
				answer, ok := s.dev.answer(in.CaptchaID)
				if !ok {
					return nil, problem.NotFound
				}
				return &shared.DevCaptcha{Answer: answer}, nil
			})
	}
}
