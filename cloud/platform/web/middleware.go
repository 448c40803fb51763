package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

func jsonEncode(w io.Writer, v any) error {
	if err := json.NewEncoder(w).Encode(v); err != nil {
		return fmt.Errorf("write json: %w", err)
	}
	return nil
}

// requestInfo is filled in while a request runs and read by the access log.
type requestInfo struct {
	id       string
	code     string
	userID   string
	tenantID string
}

type infoKey struct{}

func info(ctx context.Context) *requestInfo {
	ri, _ := ctx.Value(infoKey{}).(*requestInfo)
	return ri
}

// RequestID is the id of the request in ctx (also sent back as X-Request-Id).
func RequestID(ctx context.Context) string {
	if ri := info(ctx); ri != nil {
		return ri.id
	}
	return ""
}

func noteCode(ctx context.Context, code string) {
	if ri := info(ctx); ri != nil {
		ri.code = code
	}
}

func noteUser(ctx context.Context, p *auth.Principal) {
	if ri := info(ctx); ri != nil {
		ri.userID, ri.tenantID = p.UserID, p.TenantID
	}
}

var (
	requestsTotal = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "hearth_http_requests_total", Help: "HTTP requests by route, method, status and envelope code.",
	}, []string{"route", "method", "status", "code"})
	requestSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "hearth_http_request_duration_seconds", Help: "HTTP request latency by route.",
		Buckets: []float64{.001, .0025, .005, .01, .02, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"route", "method"})
)

// RegisterMetrics adds the HTTP metrics to reg.
func RegisterMetrics(reg prometheus.Registerer) {
	reg.MustRegister(requestsTotal, requestSeconds)
}

// Observe gives every request an id and a language, logs it as one JSON line,
// records metrics, and turns a panic into a 5000 envelope.
func Observe(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			id := r.Header.Get("X-Request-Id")
			if id == "" || len(id) > 64 {
				id = auth.NewOpaqueToken()[:16]
			}
			ri := &requestInfo{id: id}
			ctx := context.WithValue(r.Context(), infoKey{}, ri)
			ctx = msg.WithLanguage(ctx, msg.Pick(r.Header.Get("Accept-Language")))
			r = r.WithContext(ctx)
			w.Header().Set("X-Request-Id", id)
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			defer func() {
				if rec := recover(); rec != nil {
					if err, ok := rec.(error); ok && errors.Is(err, http.ErrAbortHandler) {
						panic(rec)
					}
					log.ErrorContext(ctx, "panic", "request_id", id, "panic", rec, "stack", string(debug.Stack()))
					if ww.Status() == 0 {
						WriteProblem(ww, r, problem.Internal)
					}
				}
				route := "unmatched"
				if rc := chi.RouteContext(ctx); rc != nil && rc.RoutePattern() != "" {
					route = rc.RoutePattern()
				}
				if !strings.HasPrefix(r.URL.Path, "/api/") {
					route = "ui"
				}
				status := ww.Status()
				if status == 0 {
					status = http.StatusOK
				}
				d := time.Since(start)
				requestsTotal.WithLabelValues(route, r.Method, strconv.Itoa(status), ri.code).Inc()
				requestSeconds.WithLabelValues(route, r.Method).Observe(d.Seconds())
				if r.URL.Path == "/healthz" || r.URL.Path == "/metrics" {
					return
				}
				log.LogAttrs(ctx, slog.LevelInfo, "request",
					slog.String("request_id", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
					slog.Int("status", status), slog.String("code", ri.code), slog.Int64("ms", d.Milliseconds()),
					slog.String("user_id", ri.userID), slog.String("tenant_id", ri.tenantID))
			}()
			next.ServeHTTP(ww, r)
		})
	}
}

// SecurityHeaders sets the headers every answer carries. The CSP allows no
// inline script; inline style attributes stay allowed because Blueprint
// positions popovers with them.
func SecurityHeaders(next http.Handler) http.Handler {
	return SecurityHeadersAllowing(CSPSources{})(next)
}

// CSPSources are other origins the CSP lets the UI load from, each list added
// to its directive.
type CSPSources struct {
	Script, Frame, Connect []string
}

// StripeCSP is what Stripe.js and Elements need (Stripe's docs, "Content
// Security Policy": script-src and frame-src https://js.stripe.com, frame-src
// https://hooks.stripe.com for 3-D Secure, connect-src https://api.stripe.com);
// the server adds them only when Stripe billing is configured.
var StripeCSP = CSPSources{Script: []string{"https://js.stripe.com"}, Frame: []string{"https://js.stripe.com", "https://hooks.stripe.com"},
	Connect: []string{"https://api.stripe.com"}}

// SecurityHeadersAllowing is SecurityHeaders with the extra sources.
func SecurityHeadersAllowing(extra CSPSources) func(http.Handler) http.Handler {
	add := func(list []string) string {
		if len(list) == 0 {
			return ""
		}
		return " " + strings.Join(list, " ")
	}
	csp := "default-src 'self'; script-src 'self'" + add(extra.Script) + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:" + add(extra.Connect) + "; media-src 'self' blob:; " +
		"frame-src 'self' blob:" + add(extra.Frame) + "; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "same-origin")
			if r.TLS != nil {
				h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
			}
			if strings.HasPrefix(r.URL.Path, "/api/") {
				h.Set("Cache-Control", "no-store")
			}
			next.ServeHTTP(w, r)
		})
	}
}

// authState is what Authenticate found; the route's guard decides what it means.
type authState struct {
	principal *auth.Principal
	err       error
}

type authKey struct{}

func pendingAuth(ctx context.Context) *authState {
	s, _ := ctx.Value(authKey{}).(*authState)
	return s
}

// ServerTime stamps every API answer with the server's clock as the request
// arrived (shared.ServerTimeHeader, epoch ms). The UI takes "now" from it
// (frontend/src/lib/time/serverClock.ts): a phone whose clock is off still
// signs its calls inside the window and opens the routine session it is.
func ServerTime(now func() time.Time) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set(shared.ServerTimeHeader, strconv.FormatInt(now().UnixMilli(), 10))
			next.ServeHTTP(w, r)
		})
	}
}

// Authenticate reads the bearer token, the Sign header and t (spec 001 §7.1)
// and leaves the verdict for the route's guard: public routes ignore it.
func Authenticate(tokens *auth.Tokens, now func() time.Time) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			st := &authState{}
			if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
				token := strings.TrimPrefix(h, "Bearer ")
				p, err := tokens.Verify(token)
				switch {
				case err != nil:
					st.err = problem.Unauthorized
				case !signOK(r, token, now()):
					st.err = problem.BadSignature
				default:
					p.DeviceID = r.Header.Get("X-Device-Id")
					st.principal = p
				}
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), authKey{}, st)))
		})
	}
}

func signOK(r *http.Request, token string, now time.Time) bool {
	t := r.URL.Query().Get("t")
	ms, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return false
	}
	skew := now.Sub(time.UnixMilli(ms))
	if skew < -auth.SignWindow || skew > auth.SignWindow {
		return false
	}
	want := auth.Sign(token, t, auth.SignPath(r.URL.Path))
	return strings.EqualFold(r.Header.Get("Sign"), want)
}

// ClientIP is the caller's address: the first X-Forwarded-For hop when the
// server runs behind a trusted proxy (HEARTH_TRUST_PROXY=1), else the peer.
func ClientIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if f := r.Header.Get("X-Forwarded-For"); f != "" {
			return strings.TrimSpace(strings.Split(f, ",")[0])
		}
	}
	host := r.RemoteAddr
	if i := strings.LastIndexByte(host, ':'); i > 0 {
		host = host[:i]
	}
	return strings.Trim(host, "[]")
}
