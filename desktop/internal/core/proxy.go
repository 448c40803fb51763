package core

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"hearth/shared"
)

// The reverse proxy: every /api/ path the shell does not answer itself goes
// to the cloud with its path and query unchanged (the UI signed them). A GET
// the cloud answers with a JSON 0000 envelope is kept; when the cloud does
// not answer, the last kept answer comes back with OfflineSinceHeader.

// proxyCall is what the proxy knows about one request while it is under way.
type proxyCall struct {
	cacheable bool
	read      bool // a POST that only reads (readByPost): bounded like a GET
	who       string
	path      string
	query     string
	med       *medCall // a med write (logPass, logPrn, prnFollowUp): kept here when the cloud does not answer
	medDay    bool     // listMedicationLog: the kept med writes are laid over its answer
}

type proxyCallKey struct{}

// browserHeaders are what the webview adds that would confuse the cloud: it
// sees a client calling it directly, not a page of another origin.
var browserHeaders = []string{"Origin", "Referer", "Cookie", "Sec-Fetch-Site", "Sec-Fetch-Mode", "Sec-Fetch-Dest",
	"Sec-Fetch-User", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded"}

func (c *Core) newProxy() *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			base, _ := url.Parse(c.cloudURL()) // checked in serveProxy
			pr.Out.URL.Scheme, pr.Out.URL.Host = base.Scheme, base.Host
			if base.Path != "" { // a cloud under a path prefix; the /api/… part is untouched
				pr.Out.URL.Path = strings.TrimRight(base.Path, "/") + pr.In.URL.Path
				pr.Out.URL.RawPath = ""
				if pr.In.URL.RawPath != "" {
					pr.Out.URL.RawPath = strings.TrimRight(base.EscapedPath(), "/") + pr.In.URL.RawPath
				}
			}
			pr.Out.Host = ""
			for _, h := range browserHeaders {
				pr.Out.Header.Del(h)
			}
			for k := range pr.Out.Header {
				if strings.HasPrefix(k, "Sec-Ch-") {
					pr.Out.Header.Del(k)
				}
			}
			// The page's Accept-Encoding stays behind: the cloud gzips JSON answers, and the kept
			// answers must be JSON the cache can read. Without the header Go's Transport asks for
			// gzip itself and hands back the plain body (net/http Transport.DisableCompression doc).
			pr.Out.Header.Del("Accept-Encoding")
		},
		Transport:      headerTimeout{next: c.client.Transport, d: readTimeout},
		FlushInterval:  100 * time.Millisecond,
		ModifyResponse: c.proxyAnswered,
		ErrorHandler:   c.proxyFailed,
	}
}

// serveProxy passes one request to the cloud.
func (c *Core) serveProxy(w http.ResponseWriter, r *http.Request) {
	if _, err := url.Parse(c.cloudURL()); err != nil || c.cloudURL() == "" {
		c.fail(w, r, shared.CodeCloudUnreachable, "desktop.noCloud", nil, map[string]any{"detail": errNoCloudURL.Error()})
		return
	}
	call := &proxyCall{path: r.URL.Path, query: cacheQuery(r.URL.RawQuery), who: cacheWho(r.Header.Get("Authorization"))}
	if cred := r.Header.Get(kioskHeader); cred != "" { // a kiosk's call from the owner's window: kept apart per credential
		sum := sha256.Sum256([]byte(cred))
		call.who = whoKiosk + ":" + hex.EncodeToString(sum[:8])
	}
	call.cacheable = r.Method == http.MethodGet && call.who != "" && r.Header.Get("Upgrade") == "" &&
		r.Header.Get("Range") == "" && !strings.HasPrefix(r.URL.Path, "/api/system/files/")
	if personWho(call.who) && r.Header.Get(kioskHeader) == "" {
		c.noteToken(r, call.who) // the med outbox sends a person's writes with their own latest token
		if kind, ok := medKinds[r.URL.Path]; ok && r.Method == http.MethodPost {
			c.serveMedWrite(w, r, call, kind)
			return
		}
	}
	if r.Method == http.MethodPost && call.who != "" && readByPost.MatchString(r.URL.Path) && r.ContentLength <= readBodyMax {
		// The cloud's paged lists are POSTs that only read: kept like a GET,
		// under the question's body too.
		body, err := io.ReadAll(io.LimitReader(r.Body, readBodyMax+1))
		r.Body.Close()
		if err != nil {
			c.fail(w, r, shared.CodeBadRequest, "error.badRequest", map[string]any{"detail": err.Error()}, nil)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		if int64(len(body)) <= readBodyMax {
			sum := sha256.Sum256(body)
			call.query += "#body=" + hex.EncodeToString(sum[:])
			call.cacheable, call.read = true, true
			if r.URL.Path == medLogPath { // kept by what it asks (day, resident), so the shell's prefetch serves the page
				if key, ok := medDayKey(body); ok {
					call.query, call.medDay = cacheQuery(r.URL.RawQuery)+key, true
				}
			}
		}
	}
	if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/logout") && call.who != "" && call.who != whoPublic {
		// Signing out forgets what this computer kept for that person, even
		// when the cloud cannot be told.
		if err := c.cacheForget(r.Context(), call.who); err != nil {
			slog.Warn("desktop cache: forget on sign-out", "err", err)
		}
		c.forgetPerson(call.who) // their kept med writes stay, and wait for them to sign in here again
	}
	c.proxy.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), proxyCallKey{}, call)))
}

// readByPost names the cloud's POST calls that change nothing: the paged
// lists (…/list…ByPage), the attendance summary, and the eMAR's reads by
// POST — the /emars day, a resident's orders and the not-given record
// (cloud/feature/*/http.go; medication: listMedicationLog, listMedication,
// listNotGivenRecord answer and store nothing).
var readByPost = regexp.MustCompile(`/(list[A-Za-z]*ByPage|attendanceSummary|medication/(listMedicationLog|listMedication|listNotGivenRecord))$`)

// readBodyMax bounds the question of a read by POST that is kept.
const readBodyMax = 64 << 10

// errGateway is a gateway's answer standing in for the cloud's.
var errGateway = errors.New("the cloud's gateway answered instead of the cloud")

// proxyAnswered sees each answer of the cloud: online state, gateway
// failures, and the answers worth keeping.
func (c *Core) proxyAnswered(res *http.Response) error {
	if isGatewayStatus(res.StatusCode) {
		return errGateway // proxyFailed answers from the cache
	}
	c.noteCloudDate(res.Header)
	c.noteOnline()
	call, _ := res.Request.Context().Value(proxyCallKey{}).(*proxyCall)
	if call == nil || !call.cacheable || res.StatusCode != http.StatusOK ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		return nil
	}
	if res.ContentLength > cacheMaxEntry {
		return nil
	}
	head, err := io.ReadAll(io.LimitReader(res.Body, cacheMaxEntry+1))
	if err != nil {
		return wrap("cloud answer: read", err) // the cloud went away mid-answer: answer from the cache
	}
	if int64(len(head)) > cacheMaxEntry { // too big to keep: pass it on whole
		res.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(head), res.Body), res.Body}
		return nil
	}
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(head))
	var env struct {
		Code string `json:"code"`
	}
	if json.Unmarshal(head, &env) == nil && env.Code == shared.CodeOK {
		err := c.cachePut(context.WithoutCancel(res.Request.Context()), call.who, call.path, call.query, res.Header.Get("Content-Type"), head, c.now().UnixMilli())
		if err != nil {
			slog.Warn("desktop cache: keep answer", "path", call.path, "err", err)
		}
		if call.medDay { // kept as the cloud said it; shown with the writes still waiting here
			c.noteMedReader(call.who)
			if out, changed := c.overlayDay(context.WithoutCancel(res.Request.Context()), head, tenantOf(call.who), false); changed {
				res.Body = io.NopCloser(bytes.NewReader(out))
				res.ContentLength = int64(len(out))
				res.Header.Set("Content-Length", strconv.Itoa(len(out)))
			}
		}
	}
	return nil
}

// proxyFailed answers when the cloud did not: the kept answer of a read, or 4134.
func (c *Core) proxyFailed(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil { // the page gave up (navigated away): nobody to answer
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	c.noteOffline()
	call, _ := r.Context().Value(proxyCallKey{}).(*proxyCall)
	if call != nil && call.med != nil { // a med write the cloud did not answer: kept here (it may have arrived: sent again, stored once)
		c.queueMed(w, r, call, call.med, true)
		return
	}
	if call != nil && call.cacheable {
		ct, body, at, found, cerr := c.cacheGet(r.Context(), call.who, call.path, call.query)
		if cerr != nil {
			slog.Warn("desktop cache: read", "path", call.path, "err", cerr)
		}
		if found && call.medDay {
			body, _ = c.overlayDay(r.Context(), body, tenantOf(call.who), true)
		}
		if found {
			w.Header().Set("Content-Type", ct)
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set(shared.OfflineSinceHeader, strconv.FormatInt(at, 10))
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write(body)
			return
		}
	}
	c.fail(w, r, shared.CodeOffline, "desktop.offline", nil, map[string]any{"detail": err.Error()})
}

// headerTimeout gives a GET (or a read by POST, or a med write) d to get the cloud's headers (then
// the cache answers, or the med write is kept here); the body may take as long as it needs (downloads). Other
// methods are not bounded here: an upload or an AI answer can be slow.
type headerTimeout struct {
	next http.RoundTripper
	d    time.Duration
}

func (h headerTimeout) RoundTrip(r *http.Request) (*http.Response, error) {
	next := h.next
	if next == nil {
		next = http.DefaultTransport
	}
	call, _ := r.Context().Value(proxyCallKey{}).(*proxyCall)
	if (r.Method != http.MethodGet && (call == nil || (!call.read && call.med == nil))) || r.Header.Get("Upgrade") != "" {
		res, err := next.RoundTrip(r)
		if err != nil {
			return nil, wrap("cloud call "+r.URL.Path, err)
		}
		return res, nil
	}
	ctx, cancel := context.WithCancel(r.Context())
	timer := time.AfterFunc(h.d, cancel)
	res, err := next.RoundTrip(r.WithContext(ctx))
	if !timer.Stop() { // fired: the headers came too late
		if err == nil {
			res.Body.Close()
		}
		cancel()
		return nil, errors.New("the cloud did not answer within " + h.d.String())
	}
	if err != nil {
		cancel()
		return nil, wrap("cloud call "+r.URL.Path, err)
	}
	res.Body = cancelOnClose{res.Body, cancel}
	return res, nil
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return wrap("cloud answer: close", err)
}
