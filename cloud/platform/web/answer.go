package web

import (
	"bytes"
	"context"
	"net/http"
	"reflect"
	"strings"
	"sync"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/klauspost/compress/gzip"

	"hearth/shared"
)

// Answer is a route's data whose encoded envelope is kept with it. A service
// that serves the same answer to many callers (a kept list page, a menu tree)
// returns the same *Answer each time, and the route sends the bytes encoded
// and compressed when it was first sent instead of encoding and compressing
// the data on every call. An Answer and its Data must not change once made.
type Answer[O any] struct {
	Data O

	once sync.Once
	enc  encoded
}

// NewAnswer wraps data to be kept and served as bytes.
func NewAnswer[O any](data O) *Answer[O] { return &Answer[O]{Data: data} }

// encoded is an envelope's JSON and, when it is at least CompressMinSize, its
// gzip made once at the best level (kept answers are sent many times; made
// once, the smaller body is worth the slower level).
type encoded struct {
	json []byte
	gzip []byte
	err  error
}

func (a *Answer[O]) encoded(api huma.API) *encoded {
	a.once.Do(func() {
		var body bytes.Buffer
		env := shared.Envelope[O]{Code: shared.CodeOK, Message: "success", Data: a.Data}
		if a.enc.err = api.Marshal(&body, "application/json", env); a.enc.err != nil {
			return
		}
		a.enc.json = body.Bytes()
		if len(a.enc.json) < CompressMinSize {
			return
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // the level is valid
		_, _ = zw.Write(a.enc.json)                             // writes to memory do not fail
		if zw.Close() == nil {
			a.enc.gzip = gz.Bytes()
		}
	})
	return &a.enc
}

type answerOutput struct {
	Body func(huma.Context)
}

// HandleAnswer registers a typed route whose handler returns a kept Answer.
// The OpenAPI document describes it as Handle would describe a route answering
// O; the answer is sent as its kept bytes, gzipped when the client accepts
// gzip and the answer is large enough (with Vary: Accept-Encoding).
func HandleAnswer[I, O any](a *API, op Op, fn func(ctx context.Context, in *I) (*Answer[O], error)) {
	a.bounded(reflect.TypeFor[*I]())
	hop := operation(a, op)
	schema := a.huma.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[shared.Envelope[O]](), true, hop.OperationID+"Response")
	hop.Responses = map[string]*huma.Response{"200": {Description: http.StatusText(http.StatusOK),
		Content: map[string]*huma.MediaType{"application/json": {Schema: schema}}}}
	huma.Register(a.huma, hop, func(ctx context.Context, in *I) (*answerOutput, error) {
		if err := checkBounds(in); err != nil {
			return nil, toEnvelopeError(ctx, err)
		}
		ans, err := fn(ctx, in)
		if err != nil {
			return nil, toEnvelopeError(ctx, err)
		}
		enc := ans.encoded(a.huma)
		if enc.err != nil {
			return nil, toEnvelopeError(ctx, enc.err)
		}
		noteCode(ctx, shared.CodeOK)
		return &answerOutput{Body: func(hctx huma.Context) { writeEncoded(hctx, enc) }}, nil
	})
}

// writeEncoded sends an encoded answer, its gzip when the client accepts it.
func writeEncoded(hctx huma.Context, enc *encoded) {
	_, w := humachi.Unwrap(hctx)
	h := w.Header()
	h.Set("Content-Type", "application/json")
	body := enc.json
	if enc.gzip != nil {
		if !headerHas(h.Values("Vary"), "Accept-Encoding") { // the API's gzip middleware may have said so already
			h.Add("Vary", "Accept-Encoding")
		}
		if acceptedEncodings(hctx.Header("Accept-Encoding"))["gzip"] {
			h.Set("Content-Encoding", "gzip") // the gzip middleware leaves an encoded answer alone
			body = enc.gzip
		}
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

func headerHas(values []string, token string) bool {
	for _, v := range values {
		for part := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(part), token) {
				return true
			}
		}
	}
	return false
}
