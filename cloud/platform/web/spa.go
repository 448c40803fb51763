package web

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// SPA serves the built UI from dist: real files as they are (hashed assets
// cached for a year), every other path the index page so the React router
// can show the route or its 404.
//
// Files outside assets/ keep their names from build to build (the phone
// app's service worker sw.js, manifest.webmanifest, icons, favicon): they are
// answered with no-cache, so a browser asks again and sees a new build's
// worker (issue 34; the worker then fetches what changed).
//
// The build puts a brotli (x.js.br) and a gzip (x.js.gz) copy beside every
// text asset over 1 KB (frontend/vite.config.ts); a browser that accepts one
// gets it, brotli first, with Vary: Accept-Encoding so caches keep each apart.
func SPA(dist fs.FS) http.Handler {
	files := http.FileServer(http.FS(dist))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if p != "" && p != "index.html" {
			if st, err := fs.Stat(dist, p); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				if ctype, ok := extraTypes[path.Ext(p)]; ok {
					w.Header().Set("Content-Type", ctype)
				}
				if servePrecompressed(w, r, dist, p) {
					return
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		index, err := fs.ReadFile(dist, "index.html")
		if err != nil {
			http.Error(w, "UI not built: run make build", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
}

// extraTypes are the content types Go's mime table lacks
// (https://www.w3.org/TR/appmanifest/#media-type-registration).
var extraTypes = map[string]string{".webmanifest": "application/manifest+json"}

// precompressed are the copies the build makes, in order of preference.
var precompressed = []struct{ coding, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// servePrecompressed answers with the brotli or gzip copy of dist's file p
// when the build made one and the request accepts it; false when it did not
// answer (then the file is served as it is).
func servePrecompressed(w http.ResponseWriter, r *http.Request, dist fs.FS, p string) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	var found bool
	for _, c := range precompressed {
		if _, err := fs.Stat(dist, p+c.ext); err == nil {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	// The answer depends on Accept-Encoding whichever copy is sent, the raw one included.
	w.Header().Add("Vary", "Accept-Encoding")
	accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	for _, c := range precompressed {
		if !accepted[c.coding] {
			continue
		}
		f, err := dist.Open(p + c.ext)
		if err != nil {
			continue
		}
		defer f.Close()
		rs, ok := f.(io.ReadSeeker)
		if !ok {
			return false
		}
		ctype := extraTypes[path.Ext(p)]
		if ctype == "" {
			ctype = mime.TypeByExtension(path.Ext(p))
		}
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Encoding", c.coding)
		// ServeContent answers ranges and HEAD; embedded files have no modification time.
		http.ServeContent(w, r, p, time.Time{}, rs)
		return true
	}
	return false
}

// acceptedEncodings reads an Accept-Encoding header: the codings it names
// with a q-value above 0 (RFC 9110 §12.5.3; "*" stands for any other coding).
func acceptedEncodings(header string) map[string]bool {
	named := map[string]bool{}
	ok := map[string]bool{}
	star := false
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := 1.0
		for _, param := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(param), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		if coding == "*" {
			star = q > 0
			continue
		}
		named[coding] = true
		ok[coding] = q > 0
	}
	if star {
		for _, c := range precompressed {
			if !named[c.coding] {
				ok[c.coding] = true
			}
		}
	}
	return ok
}
