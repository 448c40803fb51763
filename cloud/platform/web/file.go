package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// File is a download: the answer is the bytes themselves, not an envelope
// (errors before the first byte still are envelopes).
type File struct {
	Name        string // the name the user sees (Content-Disposition)
	ContentType string
	Size        int64 // -1 when unknown
	Inline      bool  // show in the browser (preview) instead of saving
	Body        io.ReadCloser
	// MaxAge lets the browser keep the answer privately this long (signed
	// image URLs); 0 means no-store.
	MaxAge time.Duration
}

// HandleFile registers a typed route that answers a File. It declares access,
// roles and plan like Handle, and its errors become envelopes like Handle's.
func HandleFile[I any](a *API, op Op, fn func(ctx context.Context, in *I) (*File, error)) {
	a.bounded(reflect.TypeFor[*I]())
	hop := operation(a, op)
	hop.Responses = map[string]*huma.Response{
		"200": {Description: "The file's bytes. Failures answer the JSON envelope instead.",
			Content: map[string]*huma.MediaType{"application/octet-stream": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}},
	}
	huma.Register(a.huma, hop, func(ctx context.Context, in *I) (*huma.StreamResponse, error) {
		if err := checkBounds(in); err != nil {
			return nil, toEnvelopeError(ctx, err)
		}
		f, err := fn(ctx, in)
		if err != nil {
			return nil, toEnvelopeError(ctx, err)
		}
		noteCode(ctx, shared.CodeOK)
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			defer f.Body.Close()
			hctx.SetHeader("Content-Type", f.ContentType)
			hctx.SetHeader("Content-Disposition", ContentDisposition(f.Inline, f.Name))
			hctx.SetHeader("X-Content-Type-Options", "nosniff")
			// The UI's preview page may frame a file of its own origin; nothing else may.
			if _, w := humachi.Unwrap(hctx); w.Header().Get("Content-Security-Policy") != "" {
				w.Header().Set("Content-Security-Policy",
					strings.Replace(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'", "frame-ancestors 'self'", 1))
				w.Header().Set("X-Frame-Options", "SAMEORIGIN")
			}
			if f.MaxAge > 0 {
				hctx.SetHeader("Cache-Control", "private, max-age="+strconv.Itoa(int(f.MaxAge.Seconds())))
			} else {
				hctx.SetHeader("Cache-Control", "no-store")
			}
			if f.Size >= 0 {
				hctx.SetHeader("Content-Length", strconv.FormatInt(f.Size, 10))
			}
			hctx.SetStatus(http.StatusOK)
			_, _ = io.Copy(hctx.BodyWriter(), f.Body)
		}}, nil
	})
}

// ContentDisposition is the header value for a download named name (RFC 6266):
// an ASCII fallback in filename= and the exact UTF-8 name in filename*= (RFC 5987).
func ContentDisposition(inline bool, name string) string {
	kind := "attachment"
	if inline {
		kind = "inline"
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	if name == "" {
		return kind
	}
	var ascii, ext strings.Builder
	for _, r := range name {
		if r > 0x7e || r == '"' || r == '\\' || r == '%' {
			ascii.WriteByte('_')
		} else {
			ascii.WriteRune(r)
		}
	}
	for _, b := range []byte(name) {
		if isAttrChar(b) {
			ext.WriteByte(b)
		} else {
			fmt.Fprintf(&ext, "%%%02X", b)
		}
	}
	return kind + `; filename="` + ascii.String() + `"; filename*=UTF-8''` + ext.String()
}

// isAttrChar is RFC 5987's attr-char: letters, digits and !#$&+-.^_`|~.
func isAttrChar(b byte) bool {
	switch {
	case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9':
		return true
	}
	return strings.IndexByte("!#$&+-.^_`|~", b) >= 0
}

// errTooLarge answers a body over the route's MaxBodyBytes.
var errTooLarge = problem.New(shared.CodeBadRequest, "error.tooLarge")

// limitBody refuses a body longer than max before it is read, and stops one
// that grows past max while it is read (chunked bodies give no length).
func limitBody(max int64) func(huma.Context, func(huma.Context)) {
	return func(hctx huma.Context, next func(huma.Context)) {
		r, w := humachi.Unwrap(hctx)
		if r.ContentLength > max {
			_ = writeEnvelope(hctx, fail(hctx.Context(), errTooLarge.With(map[string]any{"max": (max + 1<<20 - 1) >> 20})))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, max)
		next(hctx)
	}
}
