package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/go-chi/chi/v5"

	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

var ui = fstest.MapFS{
	"index.html":       {Data: []byte("<!doctype html><div id=root></div>")},
	"assets/app-1.js":  {Data: []byte("console.log(1)")},
	"favicon.svg":      {Data: []byte("<svg/>")},
	"assets/nested/ok": {Data: []byte("nested")},
}

func get(t *testing.T, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

func TestSPA(t *testing.T) {
	h := web.SPA(ui)
	for _, path := range []string{"/", "/index.html", "/login", "/resident-management/42/detail", "/assets/missing.js"} {
		rec := get(t, h, path)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "id=root") {
			t.Errorf("%s: %d %q, want the index page", path, rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("%s: Content-Type %q", path, ct)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: the index page is cached (%q)", path, cc)
		}
	}
	rec := get(t, h, "/assets/app-1.js")
	if rec.Body.String() != "console.log(1)" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("hashed asset: %q, Cache-Control %q", rec.Body, rec.Header().Get("Cache-Control"))
	}
	rec = get(t, h, "/favicon.svg")
	if rec.Body.String() != "<svg/>" || strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("favicon: %q, Cache-Control %q", rec.Body, rec.Header().Get("Cache-Control"))
	}
	// A directory is not listed; the index page answers.
	if rec := get(t, h, "/assets/"); !strings.Contains(rec.Body.String(), "id=root") {
		t.Errorf("/assets/ answered %q", rec.Body)
	}
	// Without a built UI the answer says so instead of an empty page.
	if rec := get(t, web.SPA(fstest.MapFS{}), "/"); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "make build") {
		t.Errorf("no UI: %d %q", rec.Code, rec.Body)
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := web.SecurityHeaders(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "x") }))
	for _, path := range []string{"/", "/api/system/config/public"} {
		rec := get(t, h, path)
		csp := rec.Header().Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("%s: CSP allows inline script", path)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", path, rec.Header())
		}
		if rec.Header().Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS sent over plain HTTP", path)
		}
	}
	if cc := get(t, h, "/api/x").Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("API answers may be cached: %q", cc)
	}
	if cc := get(t, h, "/").Header().Get("Cache-Control"); cc != "" {
		t.Errorf("UI Cache-Control set by the security layer: %q", cc)
	}
}

func TestClientIP(t *testing.T) {
	cases := []struct {
		remote, forwarded string
		trust             bool
		want              string
	}{
		{"192.0.2.7:5123", "", false, "192.0.2.7"},
		{"192.0.2.7:5123", "203.0.113.9", false, "192.0.2.7"}, // an untrusted header is ignored
		{"192.0.2.7:5123", "203.0.113.9, 10.0.0.1", true, "203.0.113.9"},
		{"192.0.2.7:5123", "", true, "192.0.2.7"},
		{"[2001:db8::1]:443", "", false, "2001:db8::1"},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.remote
		if c.forwarded != "" {
			r.Header.Set("X-Forwarded-For", c.forwarded)
		}
		if got := web.ClientIP(r, c.trust); got != c.want {
			t.Errorf("ClientIP(%s, %q, %v) = %q, want %q", c.remote, c.forwarded, c.trust, got, c.want)
		}
	}
}

// A route that forgets to declare who may call it does not start.
func TestRoutesDeclareAccess(t *testing.T) {
	mustPanic := func(name string, op web.Op) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: registered without a panic", name)
			}
		}()
		api := web.NewAPI(chi.NewRouter(), "test")
		web.Handle(api, op, func(context.Context, *web.None) (string, error) { return "", nil })
	}
	mustPanic("no access", web.Op{Service: web.System, Method: http.MethodGet, Path: "/x/noAccess"})
	mustPanic("no plan function", web.Op{Service: web.System, Method: http.MethodGet, Path: "/x/noFunction", Access: web.SignedIn})
}

// Registering routes logs no errors: an operator watching the log for
// "request failed" must not see one at every start.
func TestRegistrationLogsNoError(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(old) })

	api := web.NewAPI(chi.NewRouter(), "test")
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/x/public", Access: web.Public},
		func(context.Context, *web.None) (string, error) { return "ok", nil })
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/x/signedIn", Access: web.SignedIn, Function: web.AnyPlan},
		func(context.Context, *web.None) (string, error) { return "ok", nil })
	if buf.Len() > 0 {
		t.Errorf("registration logged:\n%s", buf.String())
	}
}

// A kept answer is sent as the same envelope Handle sends for the same data,
// gzipped only for a client that accepts gzip, with one Vary header, and an
// error is the usual envelope.
func TestHandleAnswer(t *testing.T) {
	type item struct {
		Name string `json:"name"`
		Note string `json:"note"`
	}
	big := make([]item, 40) // well over CompressMinSize of JSON
	for i := range big {
		big[i] = item{Name: "Resident <" + strings.Repeat("x", i%7) + ">", Note: "café & 饭"}
	}
	kept := web.NewAnswer(big)
	small := web.NewAnswer([]item{{Name: "one"}})
	r := chi.NewRouter()
	r.Use(web.Compress)
	api := web.NewAPI(r, "test")
	public := func(path string) web.Op {
		return web.Op{Service: web.System, Method: http.MethodGet, Path: path, Access: web.Public}
	}
	web.Handle(api, public("/x/typed"), func(context.Context, *web.None) ([]item, error) { return big, nil })
	web.HandleAnswer(api, public("/x/kept"), func(context.Context, *web.None) (*web.Answer[[]item], error) { return kept, nil })
	web.HandleAnswer(api, public("/x/small"), func(context.Context, *web.None) (*web.Answer[[]item], error) { return small, nil })
	web.HandleAnswer(api, public("/x/fails"), func(context.Context, *web.None) (*web.Answer[[]item], error) {
		return nil, problem.NotFound
	})

	send := func(path, accept string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/api/system"+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, req)
		return rec
	}
	typed := send("/x/typed", "")
	if typed.Code != http.StatusOK || len(typed.Body.Bytes()) < web.CompressMinSize {
		t.Fatalf("typed route: %d, %d bytes", typed.Code, typed.Body.Len())
	}
	for _, accept := range []string{"", "identity", "gzip", "gzip, deflate, br", "gzip;q=0", "*", "br"} {
		for range 2 { // the second time from the kept bytes
			rec := send("/x/kept", accept)
			body := rec.Body.Bytes()
			wantGzip := accept == "gzip" || accept == "gzip, deflate, br" || accept == "*"
			if got := rec.Header().Get("Content-Encoding") == "gzip"; got != wantGzip {
				t.Fatalf("Accept-Encoding %q: Content-Encoding %q", accept, rec.Header().Get("Content-Encoding"))
			}
			if wantGzip {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			if rec.Code != http.StatusOK || !bytes.Equal(body, typed.Body.Bytes()) {
				t.Fatalf("Accept-Encoding %q: %d\n%s\nwant the typed route's\n%s", accept, rec.Code, body, typed.Body)
			}
			if v := rec.Header().Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
				t.Errorf("Accept-Encoding %q: Vary %q", accept, v)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Accept-Encoding %q: Content-Type %q", accept, ct)
			}
		}
	}
	if rec := send("/x/small", "gzip"); rec.Header().Get("Content-Encoding") != "" ||
		rec.Body.String() != `{"code":"0000","message":"success","data":[{"name":"one","note":""}]}`+"\n" {
		t.Errorf("small answer: Content-Encoding %q, %q", rec.Header().Get("Content-Encoding"), rec.Body)
	}
	var env struct{ Code string }
	if rec := send("/x/fails", "gzip"); json.Unmarshal(rec.Body.Bytes(), &env) != nil || env.Code != string(shared.CodeNotFound) {
		t.Errorf("failing answer: %d %q", rec.Code, rec.Body)
	}
}

// A stamped answer is sent as Handle sends the same data with each call's own
// number in it, from the kept bytes: plain or gzipped (read back by the
// standard library's reader, as a browser's would), small or large.
func TestHandleStampedAnswer(t *testing.T) {
	type item struct {
		Name string `json:"name"`
	}
	type day struct {
		Day   string `json:"day"`
		Now   int64  `json:"now"`
		Items []item `json:"items"`
	}
	stamp := func(d *day, v int64) *day { c := *d; c.Now = v; return &c }
	big := &day{Day: "2026-11-29", Now: 1}
	for i := range 60 {
		big.Items = append(big.Items, item{Name: "Resident " + strings.Repeat("é", i%9)})
	}
	small := &day{Day: "2026-11-29", Now: 1}
	r := chi.NewRouter()
	r.Use(web.Compress)
	api := web.NewAPI(r, "test")
	public := func(path string) web.Op {
		return web.Op{Service: web.System, Method: http.MethodGet, Path: path, Access: web.Public}
	}
	var now atomic.Int64
	now.Store(1_700_000_000_000)
	keptBig, keptSmall := web.NewStampedAnswer(big, stamp), web.NewStampedAnswer(small, stamp)
	web.Handle(api, public("/x/typed"), func(context.Context, *web.None) (*day, error) { return stamp(big, now.Load()), nil })
	web.Handle(api, public("/x/typedSmall"), func(context.Context, *web.None) (*day, error) { return stamp(small, now.Load()), nil })
	web.HandleAnswer(api, public("/x/kept"), func(context.Context, *web.None) (*web.Answer[*day], error) { return keptBig.Stamp(now.Load()), nil })
	web.HandleAnswer(api, public("/x/keptSmall"), func(context.Context, *web.None) (*web.Answer[*day], error) { return keptSmall.Stamp(now.Load()), nil })
	send := func(path, accept string) []byte {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, "/api/system"+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		body := rec.Body.Bytes()
		if rec.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatalf("%s: the gzip does not read back: %v", path, err)
			}
		}
		return body
	}
	for _, v := range []int64{1_700_000_000_000, 1_800_000_123_456, 0, 7} {
		now.Store(v)
		for _, accept := range []string{"", "gzip"} {
			if got, want := send("/x/kept", accept), send("/x/typed", ""); !bytes.Equal(got, want) {
				t.Fatalf("now %d, Accept-Encoding %q:\n%s\nwant\n%s", v, accept, got, want)
			}
			if got, want := send("/x/keptSmall", accept), send("/x/typedSmall", ""); !bytes.Equal(got, want) {
				t.Fatalf("small, now %d, Accept-Encoding %q:\n%s\nwant\n%s", v, accept, got, want)
			}
		}
	}
	if keptBig.Data.Now != 1 {
		t.Errorf("stamping changed the kept data: now %d", keptBig.Data.Now)
	}
}
