//go:build desktop

package main

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	wailsassets "github.com/wailsapp/wails/v2/pkg/assetserver"

	"hearth/frontend"
)

// fakeRuntime stands in for Wails' generated runtime scripts.
type fakeRuntime struct{}

func (fakeRuntime) DesktopIPC() []byte       { return []byte("/*ipc*/") }
func (fakeRuntime) WebsocketIPC() []byte     { return []byte("/*ws*/") }
func (fakeRuntime) RuntimeDesktopJS() []byte { return []byte("/*runtime*/") }

// TestWindowPages sends requests through Wails' own AssetServer with the
// window's options, as the web view does.
func TestWindowPages(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"api":"`+r.Method+" "+r.URL.Path+`"}`)
	})
	srv, err := wailsassets.NewAssetServer("", *assetOptions(api), false, nil, fakeRuntime{})
	if err != nil {
		t.Fatal(err)
	}
	get := func(method, path string) (int, string, string) {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader("{}")))
		return rec.Code, rec.Header().Get("Content-Type"), rec.Body.String()
	}
	tests := []struct {
		name, method, path string
		wantType, wantBody string
	}{
		{"start page has Wails' scripts", "GET", "/", "text/html", `<script src="/wails/runtime.js">`},
		{"a route reloaded has them too", "GET", "/residents", "text/html", `<script src="/wails/runtime.js">`},
		{"the kiosk route", "GET", "/kiosk", "text/html", `<script src="/wails/ipc.js">`},
		{"API GET goes to the core", "GET", "/api/desktop/status", "application/json", `"GET /api/desktop/status"`},
		{"API POST goes to the core", "POST", "/api/care/kiosk/punch", "application/json", `"POST /api/care/kiosk/punch"`},
		{"a UI file", "GET", "/favicon.svg", "image/svg+xml", "<svg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, ctype, body := get(tt.method, tt.path)
			if code != 200 || !strings.Contains(ctype, tt.wantType) || !strings.Contains(body, tt.wantBody) {
				t.Fatalf("%s %s: %d %q, body %.300q; want %s with %q", tt.method, tt.path, code, ctype, body, tt.wantType, tt.wantBody)
			}
			if strings.Count(body, "/wails/runtime.js") > 1 {
				t.Fatalf("runtime.js twice:\n%s", body)
			}
		})
	}
}

// TestServePages: --serve gives a browser the same pages, without Wails' scripts.
func TestServePages(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "api "+r.URL.Path) })
	h := uiHandler(api, false)
	for path, want := range map[string]string{"/": `<div id="root">`, "/kiosk": `<div id="root">`, "/api/x": "api /api/x"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), want) || strings.Contains(rec.Body.String(), "/wails/") {
			t.Errorf("GET %s: %d %.200q; want %q and no Wails scripts", path, rec.Code, rec.Body.String(), want)
		}
	}
}

// TestWindowScripts: the build's .br and .gz copies sit beside each script;
// the window still gets the script itself, as JavaScript.
func TestWindowScripts(t *testing.T) {
	scripts, err := fs.Glob(frontend.Dist(), "assets/*.js")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts in the built UI (make ui): %v", err)
	}
	want, err := fs.ReadFile(frontend.Dist(), scripts[0])
	if err != nil {
		t.Fatal(err)
	}
	api := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { t.Error("a script went to the core") })
	srv, err := wailsassets.NewAssetServer("", *assetOptions(api), false, nil, fakeRuntime{})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/"+scripts[0], nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Type"), "javascript") ||
		rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), want) {
		t.Fatalf("GET /%s: %d %q encoding %q, %d bytes; want the %d bytes of the script", scripts[0], rec.Code,
			rec.Header().Get("Content-Type"), rec.Header().Get("Content-Encoding"), rec.Body.Len(), len(want))
	}
}
