package web

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"

	"hearth/shared"
)

// Answer is a route's data whose encoded envelope is kept with it. A service
// that serves the same answer to many callers (a kept list page, a menu tree)
// returns the same *Answer each time, and the route sends the bytes encoded
// and compressed when it was first sent instead of encoding and compressing
// the data on every call. An Answer and its Data must not change once made.
//
// A stamped answer (NewStampedAnswer) differs from call to call by one
// number (the eMAR day's "now", the call's own clock): Stamp gives each call
// its copy, sent as the kept bytes with that number put in.
type Answer[O any] struct {
	Data O

	kept *keptBytes[O]
	at   int64 // Stamp's number
}

// keptBytes are an Answer's encoded envelope, shared by its stamped copies.
type keptBytes[O any] struct {
	once  sync.Once
	enc   encoded
	stamp func(O, int64) O // nil: not stamped
}

// NewAnswer wraps data to be kept and served as bytes.
func NewAnswer[O any](data O) *Answer[O] { return &Answer[O]{Data: data, kept: &keptBytes[O]{}} }

// NewStampedAnswer wraps data to be kept and served as bytes but for one
// number, which stamp puts in a copy of the data (a copy: data is shared).
func NewStampedAnswer[O any](data O, stamp func(O, int64) O) *Answer[O] {
	return &Answer[O]{Data: data, kept: &keptBytes[O]{stamp: stamp}}
}

// Stamp is a stamped answer's copy for one call, carrying v.
func (a *Answer[O]) Stamp(v int64) *Answer[O] {
	return &Answer[O]{Data: a.kept.stamp(a.Data, v), kept: a.kept, at: v}
}

// AnswerOf wraps the maker of a kept answer (keep.Timed) so that what is kept
// is an Answer: made once, encoded and compressed once, sent as those bytes.
func AnswerOf[O any](make func(context.Context) (O, error)) func(context.Context) (*Answer[O], error) {
	return func(ctx context.Context) (*Answer[O], error) {
		v, err := make(ctx)
		if err != nil {
			return nil, err
		}
		return NewAnswer(v), nil
	}
}

// encoded is an envelope's JSON and, when it is at least CompressMinSize, its
// gzip made once, at the level levelFor chooses by its size. A stamped answer's JSON
// is cut where its number goes: json is what comes before it and after what
// comes after, gzip the raw deflate of after alone (stampedBody).
type encoded struct {
	json    []byte
	after   []byte
	gzip    []byte
	stamped bool
	err     error
}

// stampMark stands for a stamped answer's number while it is encoded: a value
// no answer holds, found once in the JSON.
const stampMark = int64(-7_340_066_123_457_019)

func (a *Answer[O]) encoded(api huma.API) *encoded {
	k := a.kept
	k.once.Do(func() {
		data := a.Data
		if k.stamp != nil {
			data = k.stamp(data, stampMark)
		}
		var body bytes.Buffer
		env := shared.Envelope[O]{Code: shared.CodeOK, Message: "success", Data: data}
		if k.enc.err = api.Marshal(&body, "application/json", env); k.enc.err != nil {
			return
		}
		k.enc.json = body.Bytes()
		if k.stamp != nil {
			mark := []byte(strconv.FormatInt(stampMark, 10))
			at := bytes.Index(k.enc.json, mark)
			if at < 0 || bytes.Contains(k.enc.json[at+len(mark):], mark) {
				k.enc.err = errors.New("web: a stamped answer's number is not found once in its JSON")
				return
			}
			k.enc.json, k.enc.after, k.enc.stamped = k.enc.json[:at], k.enc.json[at+len(mark):], true
			if len(k.enc.json)+len(k.enc.after) >= CompressMinSize {
				k.enc.gzip = deflated(k.enc.after)
			}
			return
		}
		if len(k.enc.json) < CompressMinSize {
			return
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, levelFor(len(k.enc.json))) // the level is valid
		_, _ = zw.Write(k.enc.json)                                  // writes to memory do not fail
		if zw.Close() == nil {
			k.enc.gzip = gz.Bytes()
		}
	})
	return &k.enc
}

// levelFor is the compression level of a kept answer of n bytes: the best
// for a small one (a menu, a user's info), whose extra time is paid once; the
// fastest for a larger one (a day of passes, a week of occurrences), which a
// write to the home makes again at its next read. Measured on this machine
// with klauspost/compress: a week of occurrences (~700 KB) took 43 ms at the
// best level against 2-5 ms; the shift mix's server CPU per call fell from
// 762 to 604 µs with the fastest level for answers of 8 KB or more, for
// bodies about a third larger (docs/performance.md "Kept bytes").
func levelFor(n int) int {
	if n < 8<<10 {
		return gzip.BestCompression
	}
	return gzip.BestSpeed
}

// deflated is b as a raw deflate stream (levelFor), ended by its final block.
func deflated(b []byte) []byte {
	var out bytes.Buffer
	zw, _ := flate.NewWriter(&out, levelFor(len(b))) // the level is valid
	_, _ = zw.Write(b)                               // writes to memory do not fail
	if zw.Close() != nil {
		return nil
	}
	return out.Bytes()
}

// stampedBody is a stamped answer's JSON with v put in, and its gzip when
// enc has the deflate of the part after v: a gzip member (RFC 1952) whose
// deflate stream (RFC 1951) is one stored block of the part up to v, not
// final, then the kept stream of the rest, which ends with the final block.
// A stored block starts at a byte and ends on one, so the two join as they
// are; no back-reference of the kept stream reaches before its own start.
func stampedBody(enc *encoded, v int64, gzipped bool) []byte {
	head := strconv.AppendInt(slices.Clip(enc.json), v, 10)
	if !gzipped {
		return append(head, enc.after...)
	}
	size := len(head) + len(enc.after)
	out := make([]byte, 0, 10+5+len(head)+len(enc.gzip)+8)
	out = append(out, 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff) // gzip, deflate, no flags, no time, unknown OS
	n := uint16(len(head))                                   // a stamped answer's head is far below 64 KiB (stampedHeadMax)
	out = append(out, 0, byte(n), byte(n>>8), byte(^n), byte(^n>>8))
	out = append(out, head...)
	out = append(out, enc.gzip...)
	sum := crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, enc.after)
	out = binary.LittleEndian.AppendUint32(out, sum)
	return binary.LittleEndian.AppendUint32(out, uint32(size))
}

// stampedHeadMax: the JSON before a stamped number fits one stored block.
const stampedHeadMax = 65535 - 20

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
		if enc.err == nil && enc.stamped && len(enc.json) > stampedHeadMax {
			enc = &encoded{err: errors.New("web: a stamped answer's number comes too far into its JSON")}
		}
		if enc.err != nil {
			return nil, toEnvelopeError(ctx, enc.err)
		}
		noteCode(ctx, shared.CodeOK)
		at := ans.at
		return &answerOutput{Body: func(hctx huma.Context) { writeEncoded(hctx, enc, at) }}, nil
	})
}

// writeEncoded sends an encoded answer (a stamped one with at put in), its
// gzip when the client accepts it.
func writeEncoded(hctx huma.Context, enc *encoded, at int64) {
	_, w := humachi.Unwrap(hctx)
	h := w.Header()
	h.Set("Content-Type", "application/json")
	body := enc.json
	gzipped := false
	if enc.gzip != nil {
		if !headerHas(h.Values("Vary"), "Accept-Encoding") { // the API's gzip middleware may have said so already
			h.Add("Vary", "Accept-Encoding")
		}
		if acceptedEncodings(hctx.Header("Accept-Encoding"))["gzip"] {
			h.Set("Content-Encoding", "gzip") // the gzip middleware leaves an encoded answer alone
			body, gzipped = enc.gzip, true
		}
	}
	if enc.stamped {
		body = stampedBody(enc, at, gzipped)
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
