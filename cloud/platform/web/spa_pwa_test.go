package web_test

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"hearth/cloud/platform/web"
)

// The phone app's files (issue 34): the worker and the manifest keep their names from build to build, so a
// browser must ask for them again (no-cache, never immutable) and read the manifest as a manifest.
func TestSPAServesThePhoneAppFiles(t *testing.T) {
	manifest := `{"name":"Hearth","icons":[` + strings.Repeat(`{"src":"/icons/icon-192.png"},`, 60) + `{}]}`
	h := web.SPA(fstest.MapFS{
		"index.html":              {Data: []byte("<!doctype html>")},
		"sw.js":                   {Data: []byte("self.addEventListener('fetch',()=>{})")},
		"manifest.webmanifest":    {Data: []byte(manifest)},
		"manifest.webmanifest.gz": {Data: gzipped(t, manifest)},
		"icons/icon-192.png":      {Data: []byte("\x89PNG")},
		"assets/app-1.js":         {Data: []byte("console.log(1)")},
	})
	for _, tc := range []struct{ path, ctype string }{
		{"/sw.js", "text/javascript; charset=utf-8"},
		{"/manifest.webmanifest", "application/manifest+json"},
		{"/icons/icon-192.png", "image/png"},
	} {
		rec := get(t, h, tc.path)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", tc.path, rec.Code)
		}
		if got := rec.Header().Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.ctype)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", tc.path, got)
		}
	}
	// The gzip copy of the manifest keeps the manifest's type.
	req := httptest.NewRequest(http.MethodGet, "/manifest.webmanifest", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Content-Type") != "application/manifest+json" || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("gzip manifest: %v", rec.Header())
	}
	// Hashed assets stay immutable.
	if got := get(t, h, "/assets/app-1.js").Header().Get("Cache-Control"); !strings.Contains(got, "immutable") {
		t.Errorf("asset Cache-Control %q", got)
	}
}

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
