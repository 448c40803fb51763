package server_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/web"
	"hearth/cloud/server/servertest"
)

const appJS = "console.log('hearth, the whole script');"

// brJS stands for the build's brotli copy: the server never decodes it.
var brJS = []byte("\x1b\x27\x00brotli-bytes")

func gz(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = io.WriteString(w, s)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// getEncoded sends a GET with the given Accept-Encoding ("" sends none) and returns the body as it came.
func getEncoded(t *testing.T, e *servertest.Env, path, acceptEncoding string) (answer, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.HTTP.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", acceptEncoding)
	// DisableCompression: the transport neither asks for gzip itself nor decodes the answer.
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{StatusCode: resp.StatusCode, Header: resp.Header}, b
}

// A phone gets the UI's scripts compressed the best way it accepts, and the API's larger answers gzipped.
func TestCompressedAnswers(t *testing.T) {
	ui := fstest.MapFS{
		"index.html":       {Data: []byte("<!doctype html><title>Hearth</title><div id=root></div>")},
		"assets/x-1.js":    {Data: []byte(appJS)},
		"assets/x-1.js.br": {Data: brJS}, // the server sends the build's copy as it is
		"assets/x-1.js.gz": {Data: gz(t, appJS)},
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{UI: ui})

		for _, tt := range []struct{ accept, encoding string }{
			{"gzip, deflate, br, zstd", "br"},
			{"br;q=0.5, gzip", "br"},
			{"gzip", "gzip"},
			{"gzip, br;q=0", "gzip"},
			{"*", "br"},
			{"", ""},
			{"identity", ""},
			{"deflate", ""},
		} {
			resp, body := getEncoded(t, e, "/assets/x-1.js", tt.accept)
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != tt.encoding {
				t.Errorf("Accept-Encoding %q: %d, Content-Encoding %q; want %q", tt.accept, resp.StatusCode, resp.Header.Get("Content-Encoding"), tt.encoding)
				continue
			}
			var got []byte
			switch tt.encoding {
			case "br":
				if bytes.Equal(body, brJS) {
					got = []byte(appJS)
				}
			case "gzip":
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatalf("Accept-Encoding %q: %v", tt.accept, err)
				}
				got, _ = io.ReadAll(zr)
			default:
				got = body
			}
			if string(got) != appJS {
				t.Errorf("Accept-Encoding %q: the script decodes to %q", tt.accept, got)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
				t.Errorf("Accept-Encoding %q: Content-Type %q", tt.accept, ct)
			}
			if v := resp.Header.Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
				t.Errorf("Accept-Encoding %q: Vary %q", tt.accept, v)
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
				t.Errorf("Accept-Encoding %q: Cache-Control %q", tt.accept, cc)
			}
		}

		for _, path := range []string{"/", "/login", "/index.html"} {
			resp, body := getEncoded(t, e, path, "gzip, br")
			if resp.Header.Get("Cache-Control") != "no-cache" || !strings.Contains(string(body), "id=root") {
				t.Errorf("%s: Cache-Control %q, body %q", path, resp.Header.Get("Cache-Control"), body)
			}
		}

		// A facility admin's first page of residents is well over a kilobyte of JSON.
		c := e.SignIn(t, "admin_maple")
		page := map[string]any{"current": 1, "size": 20, "data": map[string]any{}}
		const residents = "/api/care/resident/listResidentByPage"
		plain := c.Do(t, servertest.Request{Path: residents, Body: page, Header: map[string]string{"Accept-Encoding": "identity"}}).OK(t)
		if len(plain.Body) < web.CompressMinSize || plain.Header.Get("Content-Encoding") != "" {
			t.Fatalf("residents without gzip: %d bytes, Content-Encoding %q", len(plain.Body), plain.Header.Get("Content-Encoding"))
		}
		zipped := c.Do(t, servertest.Request{Path: residents, Body: page, Header: map[string]string{"Accept-Encoding": "gzip"}})
		if zipped.Status != http.StatusOK || zipped.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("residents with gzip: %d, Content-Encoding %q, Vary %q", zipped.Status, zipped.Header.Get("Content-Encoding"), zipped.Header.Get("Vary"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped.Body))
		if err != nil {
			t.Fatal(err)
		}
		unzipped, _ := io.ReadAll(zr)
		var env struct{ Code string }
		if err := json.Unmarshal(unzipped, &env); err != nil || env.Code != "0000" || len(zipped.Body) >= len(unzipped) {
			t.Fatalf("residents gzipped: %d bytes for %d, code %q, %v", len(zipped.Body), len(unzipped), env.Code, err)
		}

		// A small answer is sent as it is.
		small := e.Client().Do(t, servertest.Request{Path: "/api/system/config/public", Header: map[string]string{"Accept-Encoding": "gzip"}}).OK(t)
		if len(small.Body) >= web.CompressMinSize || small.Header.Get("Content-Encoding") != "" {
			t.Errorf("public config: %d bytes, Content-Encoding %q", len(small.Body), small.Header.Get("Content-Encoding"))
		}
	})
}
