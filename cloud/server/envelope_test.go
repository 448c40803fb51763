package server_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/web"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The envelope and its codes as a client meets them (docs/api.md "Every answer").
func TestEnvelopeCodes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)

		t.Run("success is 0000 with data", func(t *testing.T) {
			r := e.Client().Get(t, "/api/system/config/public").OK(t)
			if r.Message == "" || len(r.Data) == 0 || r.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("answer %s, Cache-Control %q", r.Body, r.Header.Get("Cache-Control"))
			}
		})
		t.Run("unknown API path is 4004", func(t *testing.T) {
			r := e.Client().Get(t, "/api/system/no/such/call").Is(t, http.StatusOK, shared.CodeNotFound)
			if r.Message != "The record was not found." {
				t.Errorf("message %q", r.Message)
			}
		})
		t.Run("signed-in route without a token is HTTP 401 code 4001", func(t *testing.T) {
			for _, path := range []string{"/api/system/user/getUserInfo", "/api/system/menu/listUserMenuTree", "/api/system/dev/outbox"} {
				r := e.Client().Get(t, path).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
				if r.Message != "Login has expired, please try again." {
					t.Errorf("%s: message %q", path, r.Message)
				}
			}
		})
		t.Run("a token that is not ours is HTTP 401 code 4001", func(t *testing.T) {
			c := e.Client()
			other, _ := auth.NewTokens([]byte("some-other-server-secret-of-32-bytes"), nil)
			forged, _, _ := other.Issue(auth.Principal{UserID: e.UserID(t, "superadmin"), Roles: []shared.Role{shared.RoleSuperAdmin}, SessionID: "x"})
			for _, token := range []string{"garbage", forged} {
				c.Token = token
				c.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
			}
		})
		t.Run("an expired access token is HTTP 401 code 4001; refreshing recovers", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			c.Get(t, "/api/system/user/getUserInfo").OK(t)
			e.Clock.Advance(auth.AccessTokenTTL + 10*time.Second)
			c.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
			var lr shared.LoginResult
			c.Post(t, "/api/system/user/refreshToken", shared.RefreshRequest{RefreshToken: c.RefreshToken}).OK(t).Into(t, &lr)
			c.Use(lr)
			c.Get(t, "/api/system/user/getUserInfo").OK(t)
		})
		t.Run("a revoked session is HTTP 410 code 4002", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_cedar1")
			c.Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: c.RefreshToken}).OK(t)
			r := c.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)
			if r.Message != "This session has ended. Please sign in again." {
				t.Errorf("message %q", r.Message)
			}
		})
		t.Run("malformed JSON is 4000", func(t *testing.T) {
			for _, raw := range []string{"{bad", `{"account": "x", "password": `, `[1, 2]`, `"text"`} {
				r := e.Client().Do(t, servertest.Request{Method: http.MethodPost, Path: "/api/system/user/login", Raw: raw})
				if r.Status != http.StatusOK || (r.Code != shared.CodeBadRequest && r.Code != shared.CodeValidation) {
					t.Errorf("%q: HTTP %d %s", raw, r.Status, r.Body)
				}
			}
			e.Client().Do(t, servertest.Request{Method: http.MethodPost, Path: "/api/system/user/login", Raw: "{bad"}).
				Is(t, http.StatusOK, shared.CodeBadRequest)
			// A POST without any body cannot be read either.
			e.Client().Do(t, servertest.Request{Method: http.MethodPost, Path: "/api/system/user/login"}).
				Is(t, http.StatusOK, shared.CodeBadRequest)
		})
		t.Run("a wrong field type is 4022 rule type", func(t *testing.T) {
			r := e.Client().Do(t, servertest.Request{Method: http.MethodPost, Path: "/api/system/user/login", Raw: `{"account": 12, "password": "x"}`}).
				Is(t, http.StatusOK, shared.CodeValidation)
			var fes []shared.FieldError
			r.Into(t, &fes)
			if !hasField(fes, "account", "type") {
				t.Errorf("data %s", r.Data)
			}
		})
	})
}

func hasField(fes []shared.FieldError, field, rule string) bool {
	for _, fe := range fes {
		if fe.Field == field && fe.Rule == rule {
			return true
		}
	}
	return false
}

// Validation answers 4022 with [{field, rule, message}], and the message names
// the field and the rule in the caller's language.
func TestValidationMessages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		// checkEmail and checkPhone are for managers (docs/api.md, Limits).
		admin := e.SignIn(t, "superadmin")
		type want struct{ field, rule string }
		cases := []struct {
			name     string
			path     string
			body     any
			fields   []want
			messages map[string]string // language → envelope message
		}{
			{
				name: "checkAccount with 1ab", path: "/api/system/user/checkAccount",
				body:   shared.CheckAccountRequest{Account: "1ab"},
				fields: []want{{"account", "minLength"}, {"account", "pattern"}},
				messages: map[string]string{
					"en-US": "Account must be at least 6 characters.",
					"es-ES": "Cuenta debe tener al menos 6 caracteres.",
					"zh-CN": "账号至少需要 6 个字符。",
				},
			},
			{
				name: "checkAccount with a bad pattern only", path: "/api/system/user/checkAccount",
				body:   shared.CheckAccountRequest{Account: "1abcdefg"},
				fields: []want{{"account", "pattern"}},
				messages: map[string]string{
					"en-US": "Account has an invalid format.",
					"es-ES": "Cuenta tiene un formato no válido.",
					"zh-CN": "账号格式无效。",
				},
			},
			{
				name: "checkEmail with bad", path: "/api/system/user/checkEmail",
				body:   shared.CheckEmailRequest{Email: "bad"},
				fields: []want{{"email", "format"}},
				messages: map[string]string{
					"en-US": "E-mail must be at least 5 characters.",
					"es-ES": "Correo electrónico debe tener al menos 5 caracteres.",
					"zh-CN": "电子邮件至少需要 5 个字符。",
				},
			},
			{
				name: "checkEmail with no at sign", path: "/api/system/user/checkEmail",
				body:   shared.CheckEmailRequest{Email: "not-an-address"},
				fields: []want{{"email", "format"}},
				messages: map[string]string{
					"en-US": "E-mail must be a valid e-mail address.",
					"es-ES": "Correo electrónico debe ser una dirección de correo válida.",
					"zh-CN": "电子邮件必须是有效的电子邮件地址。",
				},
			},
			{
				name: "login with an empty account", path: "/api/system/user/login",
				body:   map[string]string{"account": "", "password": "x"},
				fields: []want{{"account", "minLength"}},
				messages: map[string]string{
					"en-US": "Account must not be empty.",
					"es-ES": "El campo Cuenta no puede estar vacío.",
					"zh-CN": "账号不能为空。",
				},
			},
			{
				name: "login without an account", path: "/api/system/user/login",
				body:   map[string]string{"password": "x"},
				fields: []want{{"account", "required"}},
				messages: map[string]string{
					"en-US": "Account is required.",
					"es-ES": "Cuenta es obligatorio.",
					"zh-CN": "账号为必填项。",
				},
			},
			{
				name: "a code that is not six digits", path: "/api/system/user/twoFactorAuthentication",
				body:   shared.TwoFactorRequest{Account: "someone", VerifyCode: "12ab", ChallengeID: "x"},
				fields: []want{{"verifyCode", "pattern"}},
				messages: map[string]string{
					"en-US": "Verification code has an invalid format.",
					"es-ES": "Código de verificación tiene un formato no válido.",
					"zh-CN": "验证码格式无效。",
				},
			},
			{
				name: "a phone with letters", path: "/api/system/user/checkPhone",
				body:   shared.CheckPhoneRequest{Phone: "call me maybe"},
				fields: []want{{"phone", "pattern"}},
				messages: map[string]string{
					"en-US": "Phone has an invalid format.",
					"es-ES": "Teléfono tiene un formato no válido.",
					"zh-CN": "电话格式无效。",
				},
			},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				for lang, message := range c.messages {
					cl := e.Client()
					if strings.Contains(c.path, "/user/check") {
						signedIn := *admin
						cl = &signedIn
					}
					cl.Language = lang
					r := cl.Post(t, c.path, c.body).Is(t, http.StatusOK, shared.CodeValidation)
					if r.Message != message {
						t.Errorf("%s: message %q, want %q", lang, r.Message, message)
					}
					var fes []shared.FieldError
					r.Into(t, &fes)
					for _, w := range c.fields {
						if !hasField(fes, w.field, w.rule) {
							t.Errorf("%s: data %s lacks {%s %s}", lang, r.Data, w.field, w.rule)
						}
					}
					for _, fe := range fes {
						if fe.Message == "" {
							t.Errorf("%s: %s/%s has no message", lang, fe.Field, fe.Rule)
						}
					}
					if fes[0].Message != r.Message {
						t.Errorf("%s: envelope message %q is not the first field's %q", lang, r.Message, fes[0].Message)
					}
				}
			})
		}
		t.Run("valid values answer 0000 false (free)", func(t *testing.T) {
			for path, body := range map[string]any{
				"/api/system/user/checkAccount": shared.CheckAccountRequest{Account: "new_person1"},
				"/api/system/user/checkEmail":   shared.CheckEmailRequest{Email: "new.person@example.com"},
				"/api/system/user/checkPhone":   shared.CheckPhoneRequest{Phone: "(206) 555-0199"},
			} {
				var taken bool
				admin.Post(t, path, body).OK(t).Into(t, &taken)
				if taken {
					t.Errorf("%s: taken", path)
				}
			}
		})
		t.Run("Accept-Language picks the message language of other answers too", func(t *testing.T) {
			for lang, want := range map[string]string{
				"en-US":          "Login has expired, please try again.",
				"es-ES,es;q=0.9": "",
				"zh-CN":          "",
			} {
				cl := e.Client()
				cl.Language = lang
				r := cl.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
				if want != "" && r.Message != want {
					t.Errorf("%s: %q", lang, r.Message)
				}
				if want == "" && (r.Message == "Login has expired, please try again." || strings.TrimSpace(r.Message) == "") {
					t.Errorf("%s: message %q is not translated", lang, r.Message)
				}
			}
		})
	})
}

// An unexpected failure answers 5000 with the request id the log carries, and
// the server goes on serving.
func TestInternalErrors(t *testing.T) {
	t.Parallel()
	e := servertest.Start(t, dbtest.SQLite(t), servertest.Options{NoDemo: true})
	web.Handle(e.Server.API, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/test/failingProbe", Summary: "test route", Access: web.Public},
		func(context.Context, *web.None) (string, error) { return "", errors.New("disk on fire") })
	web.Handle(e.Server.API, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/test/panickingProbe", Summary: "test route", Access: web.Public},
		func(context.Context, *web.None) (string, error) { panic("unexpected") })
	for _, path := range []string{"/api/care/test/failingProbe", "/api/care/test/panickingProbe"} {
		c := e.Client()
		c.Language = "es-ES"
		r := c.Do(t, servertest.Request{Path: path, Header: map[string]string{"X-Request-Id": "req-" + path[len(path)-12:]}}).
			Is(t, http.StatusOK, shared.CodeInternal)
		id := r.Header.Get("X-Request-Id")
		if id == "" || !strings.Contains(r.Message, id) {
			t.Errorf("%s: message %q does not carry the request id %q", path, r.Message, id)
		}
		if strings.Contains(r.Message, "fire") || strings.Contains(r.Message, "unexpected") || strings.Contains(r.Message, "Something went wrong") {
			t.Errorf("%s: message %q shows internals or is not in Spanish", path, r.Message)
		}
	}
	e.Client().Get(t, "/api/system/config/public").OK(t)
}
