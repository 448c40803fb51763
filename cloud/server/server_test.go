package server_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

var ui = fstest.MapFS{
	"index.html":      {Data: []byte("<!doctype html><title>Hearth</title><div id=root></div>")},
	"assets/app-1.js": {Data: []byte("console.log('hearth')")},
}

// answer is what fetch and getEncoded read of a response, its body closed.
type answer struct {
	StatusCode int
	Header     http.Header
}

func fetch(t *testing.T, e *servertest.Env, method, path string) (answer, string) {
	t.Helper()
	req, err := http.NewRequest(method, e.HTTP.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := e.HTTP.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{StatusCode: resp.StatusCode, Header: resp.Header}, string(b)
}

func TestProbesHeadersAndUI(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{UI: ui, NoDemo: true})

		t.Run("healthz", func(t *testing.T) {
			resp, body := fetch(t, e, http.MethodGet, "/healthz")
			if resp.StatusCode != http.StatusOK || body != "ok\n" {
				t.Errorf("/healthz: %d %q", resp.StatusCode, body)
			}
		})
		t.Run("readyz", func(t *testing.T) {
			resp, body := fetch(t, e, http.MethodGet, "/readyz")
			if resp.StatusCode != http.StatusOK || body != "ready\n" {
				t.Errorf("/readyz: %d %q", resp.StatusCode, body)
			}
		})
		t.Run("metrics count API answers by envelope code", func(t *testing.T) {
			e.Client().Get(t, "/api/system/config/public").OK(t)
			e.Client().Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
			// Not on the API's listener: anyone could read them there.
			if resp, body := fetch(t, e, http.MethodGet, "/metrics"); resp.StatusCode != http.StatusNotFound || strings.Contains(body, "go_goroutines") {
				t.Fatalf("/metrics on the API listener: %d", resp.StatusCode)
			}
			// On their own address (HEARTH_METRICS_ADDR).
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			addr := ln.Addr().String()
			ln.Close()
			if err := server.ServeMetrics(ctx, addr, e.Server.Metrics, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			resp, err := http.Get("http://" + addr + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			body := string(raw)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("/metrics: %d", resp.StatusCode)
			}
			for _, want := range []string{
				`hearth_http_requests_total{code="0000",method="GET",route="/api/system/config/public",status="200"}`,
				`hearth_http_requests_total{code="4001",method="GET",route="/api/system/user/getUserInfo",status="401"}`,
				"hearth_http_request_duration_seconds_bucket",
				"go_goroutines",
			} {
				if !strings.Contains(body, want) {
					t.Errorf("/metrics lacks %s", want)
				}
			}
		})
		t.Run("security headers on every answer", func(t *testing.T) {
			for _, path := range []string{"/healthz", "/", "/some/deep/route", "/api/system/config/public", "/api/nope"} {
				resp, _ := fetch(t, e, http.MethodGet, path)
				csp := resp.Header.Get("Content-Security-Policy")
				if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "default-src 'self'") {
					t.Errorf("%s: CSP %q", path, csp)
				}
				if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
					t.Errorf("%s: no X-Content-Type-Options nosniff", path)
				}
				if resp.Header.Get("X-Request-Id") == "" {
					t.Errorf("%s: no X-Request-Id", path)
				}
			}
		})
		t.Run("every API answer carries the server's clock, the UI's now", func(t *testing.T) {
			e.Clock.Advance(7 * time.Hour) // a server clock hours from the device's
			want := strconv.FormatInt(e.Clock.Now().UnixMilli(), 10)
			for _, path := range []string{"/api/system/config/public", "/api/system/user/getUserInfo", "/api/system/menu/listUserMenuTree"} {
				resp, _ := fetch(t, e, http.MethodGet, path)
				if got := resp.Header.Get(shared.ServerTimeHeader); got != want {
					t.Errorf("%s: %s %q, want %s", path, shared.ServerTimeHeader, got, want)
				}
			}
		})
		t.Run("UI routes answer the index page", func(t *testing.T) {
			for _, path := range []string{"/", "/login", "/some/deep/route", "/resident-management/01H/detail?tab=2"} {
				resp, body := fetch(t, e, http.MethodGet, path)
				if resp.StatusCode != http.StatusOK || !strings.Contains(body, "<div id=root>") {
					t.Errorf("%s: %d %q", path, resp.StatusCode, body)
				}
				if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
					t.Errorf("%s: Content-Type %q", path, resp.Header.Get("Content-Type"))
				}
			}
			resp, body := fetch(t, e, http.MethodGet, "/assets/app-1.js")
			if resp.StatusCode != http.StatusOK || body != "console.log('hearth')" {
				t.Errorf("asset: %d %q", resp.StatusCode, body)
			}
		})
		t.Run("unknown API paths answer the envelope, never the UI", func(t *testing.T) {
			for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
				for _, path := range []string{"/api/nope", "/api/system/user/nope", "/api/care/no/such/route"} {
					resp, body := fetch(t, e, method, path)
					var env shared.Envelope[any]
					if err := json.Unmarshal([]byte(body), &env); err != nil {
						t.Errorf("%s %s: not JSON: %q", method, path, body)
						continue
					}
					if resp.StatusCode != http.StatusOK || env.Code != shared.CodeNotFound || env.Message == "" ||
						resp.Header.Get("Content-Type") != "application/json" {
						t.Errorf("%s %s: %d %q", method, path, resp.StatusCode, body)
					}
				}
			}
			// A known path with the wrong method is not found either.
			e.Client().Get(t, "/api/system/user/login").Is(t, http.StatusOK, shared.CodeNotFound)
		})
		t.Run("readyz fails when the database is gone", func(t *testing.T) {
			if err := d.Close(); err != nil {
				t.Fatal(err)
			}
			resp, _ := fetch(t, e, http.MethodGet, "/readyz")
			if resp.StatusCode != http.StatusServiceUnavailable {
				t.Errorf("/readyz with the database closed: %d", resp.StatusCode)
			}
			resp, body := fetch(t, e, http.MethodGet, "/healthz")
			if resp.StatusCode != http.StatusOK || body != "ok\n" {
				t.Errorf("/healthz with the database closed: %d", resp.StatusCode)
			}
		})
	})
}

// Without a UI (go run without a build) unknown paths are plain 404s, and the API still works.
func TestNoUI(t *testing.T) {
	t.Parallel()
	e := servertest.Start(t, dbtest.SQLite(t), servertest.Options{NoDemo: true})
	resp, _ := fetch(t, e, http.MethodGet, "/some/deep/route")
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("/some/deep/route without a UI: %d", resp.StatusCode)
	}
	var cfg shared.PublicConfig
	e.Client().Get(t, "/api/system/config/public").OK(t).Into(t, &cfg)
	if cfg.LoginAESKey != "HearthLoginKey16" || cfg.Version == "" || !cfg.Dev {
		t.Errorf("public config %+v", cfg)
	}
}

// The served document states every route's access and refusals, and keeps
// what Redocly's recommended rules ask (make lint runs Redocly on it too).
func TestOpenAPIDocument(t *testing.T) {
	t.Parallel()
	componentName := regexp.MustCompile(`^[A-Za-z0-9._-]+$`)
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{NoDemo: true})
		resp, body := fetch(t, e, http.MethodGet, "/api/openapi.json")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("/api/openapi.json: %d", resp.StatusCode)
		}
		var doc struct {
			OpenAPI string `json:"openapi"`
			Servers []struct {
				URL string `json:"url"`
			} `json:"servers"`
			Paths map[string]map[string]struct {
				OperationID string `json:"operationId"`
				Description string `json:"description"`
				// A pointer tells `security: []` (no sign-in, said) from no security at all.
				Security  *[]map[string][]string     `json:"security"`
				Responses map[string]json.RawMessage `json:"responses"`
			} `json:"paths"`
			Components struct {
				Schemas   map[string]json.RawMessage `json:"schemas"`
				Responses map[string]json.RawMessage `json:"responses"`
			} `json:"components"`
		}
		if err := json.Unmarshal([]byte(body), &doc); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		if !strings.HasPrefix(doc.OpenAPI, "3.1.") {
			t.Errorf("openapi %q, want 3.1.x", doc.OpenAPI)
		}
		if len(doc.Servers) == 0 {
			t.Error("the document names no servers")
		}
		for name := range doc.Components.Schemas {
			if !componentName.MatchString(name) {
				t.Errorf("schema name %q is not a valid component name", name)
			}
		}
		for name := range doc.Components.Responses {
			if !componentName.MatchString(name) {
				t.Errorf("response name %q is not a valid component name", name)
			}
		}
		refuses := func(method, path string, responses map[string]json.RawMessage, statuses ...string) {
			for _, s := range statuses {
				if responses[s] == nil {
					t.Errorf("%s %s can answer HTTP %s but does not declare it", method, path, s)
				}
			}
		}
		ops := 0
		for path, methods := range doc.Paths {
			if !strings.HasPrefix(path, "/api/system/") && !strings.HasPrefix(path, "/api/care/") &&
				!strings.HasPrefix(path, "/api/ai/") && !strings.HasPrefix(path, "/api/im/") {
				t.Errorf("%s is outside the four service prefixes", path)
			}
			if strings.HasSuffix(path, "/") {
				t.Errorf("%s ends with a slash: document it without, and serve the spec's spelling as an alias (web.Op.Alias)", path)
			}
			for method, op := range methods {
				ops++
				switch {
				case strings.HasPrefix(op.Description, "Public"):
					if op.Security == nil || len(*op.Security) > 0 {
						t.Errorf("%s %s is public but does not say security: []", method, path)
					}
					// The two refreshes (a person's and an inspector's) answer 401/410 when the session has ended.
					if path == "/api/system/user/refreshToken" || path == "/api/system/inspector/refreshInspectorToken" {
						refuses(method, path, op.Responses, "401", "410")
					} else if op.Responses["401"] != nil || op.Responses["410"] != nil {
						t.Errorf("%s %s is public but declares 401 or 410", method, path)
					}
				case strings.HasPrefix(op.Description, "Roles:"):
					if op.Security == nil || len(*op.Security) == 0 {
						t.Errorf("%s %s needs a sign-in but declares no bearer security", method, path)
					}
					if !strings.Contains(op.Description, "Plan function:") {
						t.Errorf("%s %s does not state its plan function: %q", method, path, op.Description)
					}
					refuses(method, path, op.Responses, "401", "410")
				case strings.HasPrefix(op.Description, "Device:"): // the kiosk's routes (web.HandleDevice)
					if op.Security == nil || len(*op.Security) != 1 || (*op.Security)[0]["kiosk"] == nil {
						t.Errorf("%s %s is a device route but declares no kiosk security", method, path)
					}
					refuses(method, path, op.Responses, "401")
				default:
					t.Errorf("%s %s does not declare its access: %q", method, path, op.Description)
				}
			}
		}
		for _, want := range []string{"/api/system/user/login", "/api/system/user/getUserInfo", "/api/system/menu/listUserMenuTree", "/api/system/dev/outbox", "/api/im/dashboard"} {
			if _, ok := doc.Paths[want]; !ok {
				t.Errorf("the document lacks %s", want)
			}
		}
		if ops < 15 {
			t.Errorf("only %d operations documented", ops)
		}
		if d := doc.Paths["/api/system/dev/outbox"]["get"].Description; !strings.Contains(d, "SUPER_ADMIN") {
			t.Errorf("dev outbox description %q does not name its role", d)
		}
		if d := doc.Paths["/api/im/dashboard"]["get"].Description; !strings.Contains(d, "/api/im/dashboard/") {
			t.Errorf("the chat dashboard's description %q does not name the spec's path", d)
		}
	})
}

// The spec's GET /api/im/dashboard/ (spec 001 §7.11), which the UI calls, is
// served as the documented /api/im/dashboard is.
func TestSpecPathAlias(t *testing.T) {
	t.Parallel()
	e := servertest.Start(t, dbtest.SQLite(t))
	amina := e.SignIn(t, "caregiver_maple1")
	var spec, documented shared.ImDashboard
	amina.Get(t, "/api/im/dashboard/").OK(t).Into(t, &spec)
	amina.Get(t, "/api/im/dashboard").OK(t).Into(t, &documented)
	if spec != documented {
		t.Errorf("/api/im/dashboard/ answered %+v, /api/im/dashboard %+v", spec, documented)
	}
	e.Client().Get(t, "/api/im/dashboard/").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
}

// Without HEARTH_DEV the development outbox and the picture codes' answers do not exist.
func TestDevOutboxOnlyInDevelopment(t *testing.T) {
	t.Parallel()
	e := servertest.Start(t, dbtest.SQLite(t), servertest.Options{NotDev: true, Outbox: true})
	admin := e.SignIn(t, "superadmin")
	admin.Get(t, "/api/system/dev/outbox").Is(t, http.StatusOK, shared.CodeNotFound)
	var pic shared.CaptchaResult
	e.Client().Get(t, "/api/system/user/getCaptcha").OK(t).Into(t, &pic)
	admin.Get(t, "/api/system/dev/captcha?captchaId="+pic.CaptchaID).Is(t, http.StatusOK, shared.CodeNotFound)
	var cfg shared.PublicConfig
	e.Client().Get(t, "/api/system/config/public").OK(t).Into(t, &cfg)
	if cfg.Dev {
		t.Error("public config says dev")
	}
}

// On a development server the super admin reads a picture code's answer (browser journeys pass the sign-up
// with it); nobody else does, and an unknown code has none.
func TestDevCaptchaAnswer(t *testing.T) {
	t.Parallel()
	e := servertest.Start(t, dbtest.SQLite(t))
	var pic shared.CaptchaResult
	e.Client().Get(t, "/api/system/user/getCaptcha").OK(t).Into(t, &pic)
	var got shared.DevCaptcha
	e.SignIn(t, "superadmin").Get(t, "/api/system/dev/captcha?captchaId="+pic.CaptchaID).OK(t).Into(t, &got)
	if got.Answer == "" {
		t.Fatal("no answer")
	}
	e.SignIn(t, "superadmin").Get(t, "/api/system/dev/captcha?captchaId=unknown").Is(t, http.StatusOK, shared.CodeNotFound)
	e.SignIn(t, "owner_birch").Get(t, "/api/system/dev/captcha?captchaId="+pic.CaptchaID).Is(t, http.StatusOK, shared.CodeForbidden)
	e.Client().Get(t, "/api/system/dev/captcha?captchaId="+pic.CaptchaID).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
	// The answer passes the picture code of a sign-in check.
	var taken bool
	e.Client().Post(t, "/api/system/user/checkAccount", shared.CheckAccountRequest{Account: "someone_new", CaptchaID: pic.CaptchaID, CaptchaCode: got.Answer}).
		OK(t).Into(t, &taken)
	if taken {
		t.Error("someone_new is taken")
	}
}
