// Package servertest runs the real Hearth server for tests: a migrated
// database (SQLite or PostgreSQL, see dbtest.Each) with the demo data, a
// clock the test moves, mail delivered to an in-process SMTP server (or kept
// in the development outbox), and a client that signs its requests the way
// the UI does.
package servertest

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/mail/mailtest"
	"hearth/cloud/server"
	"hearth/shared"
)

// JWTSecret is the test server's token secret (at least 32 bytes).
const JWTSecret = "servertest-jwt-secret-0123456789abcdef"

// Clock is the server's clock; tests move it to make codes, links and tokens expire.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Options change how the server is started.
type Options struct {
	// Outbox keeps mail in the development outbox instead of sending it to the SMTP test server.
	Outbox bool
	// NoDemo starts with an empty database (no demo organisations, facilities or people).
	NoDemo bool
	// UI is the built frontend the server serves outside /api (nil: none).
	UI fs.FS
	// NotDev runs without HEARTH_DEV=1 (the development outbox route is not mounted).
	NotDev bool
	// Config changes the test configuration before the server is built (e.g. the HEARTH_AI_* seed).
	Config func(*config.Config)
	// LogTo also receives the server's log (warnings and errors), for a test of what is logged.
	LogTo io.Writer
}

// Env is one running server and what the test needs around it. Its
// background jobs are not worked on their own (Server.Run is not started, so
// no worker races the test's clock): the test works them with DrainJobs.
type Env struct {
	DB     *db.DB
	Config *config.Config
	Clock  *Clock
	Mail   *mailtest.Server // nil with Options.Outbox
	Server *server.Server
	HTTP   *httptest.Server

	clients atomic.Int32
	admin   *Client // super admin that reads the development outbox
}

// Start builds the server on d with a real configuration, starts it on a local
// port, and (unless opts.NoDemo) seeds the demo data.
func Start(tb testing.TB, d *db.DB, opts ...Options) *Env {
	tb.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	if !o.NoDemo {
		// The demo data is seeded once per test binary and engine into a
		// template; the test's database becomes a copy of it.
		dbtest.Become(tb, d, "demo", seedDemo)
	}
	e := &Env{DB: d, Clock: NewClock(time.Now().Truncate(time.Millisecond))}
	e.Config = testConfig(tb.TempDir(), !o.NotDev)
	if !o.NoDemo { // and the demo's stored files beside it
		if dir, ok := demoDirs.Load(d.Engine); ok {
			if err := os.CopyFS(e.Config.DataDir, os.DirFS(dir.(string))); err != nil {
				tb.Fatalf("copy the demo's files: %v", err)
			}
		}
	}
	if !o.Outbox {
		e.Mail = mailtest.Start(tb)
		e.Config.SMTP = e.Mail.Config()
	}
	if o.Config != nil {
		o.Config(e.Config)
	}
	var logTo io.Writer = &testWriter{t: tb}
	if o.LogTo != nil {
		logTo = io.MultiWriter(logTo, o.LogTo)
	}
	log := slog.New(slog.NewTextHandler(logTo, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv, err := server.New(server.Deps{Config: e.Config, DB: d, Log: log, UI: o.UI, Now: e.Clock.Now})
	if err != nil {
		tb.Fatalf("server.New: %v", err)
	}
	e.Server = srv
	e.HTTP = httptest.NewServer(srv.Handler)
	tb.Cleanup(e.HTTP.Close)
	return e
}

// testConfig is the server's configuration in tests.
func testConfig(dataDir string, dev bool) *config.Config {
	return &config.Config{
		Addr: "127.0.0.1:0", DataDir: dataDir,
		JWTSecret: []byte(JWTSecret), LoginAESKey: []byte(config.DevLoginAESKey),
		Dev: dev, PublicURL: "http://hearth.test",
		// Each test client sends its own X-Forwarded-For address, so the
		// per-address sign-in limits of one client do not reach another.
		TrustProxy:     true,
		TwoFactorRoles: []shared.Role{shared.RoleFacilityOwner, shared.RoleFacilityOwnerRegister, shared.RoleFacilityAdmin},
	}
}

// demoDirs holds, per engine, the data directory with the files the demo
// seeded along with its template database.
var demoDirs sync.Map

// seedDemo seeds the demo data into a template database, through a server
// built on it the way `hearth seed --demo` does.
func seedDemo(ctx context.Context, d *db.DB) error {
	base, err := dbtest.Dir()
	if err != nil {
		return err
	}
	dir := filepath.Join(base, "demo-files-"+string(d.Engine))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	demoDirs.Store(d.Engine, dir)
	srv, err := server.New(server.Deps{Config: testConfig(dir, true), DB: d, Log: slog.New(slog.DiscardHandler), Now: time.Now}) //nolint:contextcheck // server.New only builds handlers; each runs on its own request's context
	if err != nil {
		return err
	}
	if err := demo.Seed(ctx, d, demo.Services{People: srv.IAM, Files: srv.Files, Medications: srv.Medications, Now: time.Now}); err != nil {
		return fmt.Errorf("demo.Seed: %w", err)
	}
	return nil
}

// DrainJobs works every background job due by the test's clock (retries and
// scheduled jobs once the clock has passed them, and one run of each periodic
// job) and returns when none is left: jobs.Queue.Drain on Server.Jobs.
func (e *Env) DrainJobs(tb testing.TB) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := e.Server.Jobs.Drain(ctx); err != nil {
		tb.Fatalf("drain background jobs: %v", err)
	}
}

// FacilityID is the tenant id of a facility by name ("Maple House AFH").
func (e *Env) FacilityID(tb testing.TB, name string) string {
	tb.Helper()
	var id string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT id FROM tenants WHERE facility_name = ?`, name).Scan(&id); err != nil {
		tb.Fatalf("facility %q: %v", name, err)
	}
	return id
}

// UserID is the id of an account.
func (e *Env) UserID(tb testing.TB, account string) string {
	tb.Helper()
	var id string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT id FROM users WHERE account_key = ?`, strings.ToLower(account)).Scan(&id); err != nil {
		tb.Fatalf("account %q: %v", account, err)
	}
	return id
}

// Email is the e-mail address of an account.
func (e *Env) Email(tb testing.TB, account string) string {
	tb.Helper()
	var email string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT email FROM users WHERE account_key = ?`, strings.ToLower(account)).Scan(&email); err != nil {
		tb.Fatalf("account %q: %v", account, err)
	}
	return email
}

// Mail is one e-mail as the recipient sees it.
type Mail struct {
	To, Subject, Body string
}

// Mails returns the mail sent to addr so far, oldest first: from the SMTP test
// server, or with Options.Outbox from GET /api/system/dev/outbox as the super admin.
func (e *Env) Mails(tb testing.TB, addr string) []Mail {
	tb.Helper()
	var out []Mail
	if e.Mail != nil {
		for _, m := range e.Mail.To(addr) {
			out = append(out, Mail{To: addr, Subject: m.Subject, Body: m.Body})
		}
		return out
	}
	path := "/api/system/dev/outbox?to=" + url.QueryEscape(addr)
	var r *Response
	if e.admin != nil {
		r = e.admin.Get(tb, path)
	}
	if r == nil || r.Status != http.StatusOK { // not yet signed in, or the test moved the clock past the token
		e.admin = e.SignIn(tb, "superadmin")
		r = e.admin.Get(tb, path)
	}
	var kept []shared.OutboxMail
	r.OK(tb).Into(tb, &kept)
	for _, m := range slices.Backward(kept) {
		out = append(out, Mail{To: m.To, Subject: m.Subject, Body: m.Body})
	}
	return out
}

// LastMail is the newest mail to addr; the test fails when there is none.
func (e *Env) LastMail(tb testing.TB, addr string) Mail {
	tb.Helper()
	ms := e.Mails(tb, addr)
	if len(ms) == 0 {
		tb.Fatalf("no mail to %s", addr)
	}
	return ms[len(ms)-1]
}

var (
	codePattern = regexp.MustCompile(`\b(\d{6})\b`)
	linkPattern = regexp.MustCompile(`\?token=([A-Za-z0-9_-]+)`)
)

// Code is the sign-in code in the newest mail to addr that holds one (a
// background job may have mailed a digest since).
func (e *Env) Code(tb testing.TB, addr string) string {
	tb.Helper()
	ms := e.Mails(tb, addr)
	for i := len(ms) - 1; i >= 0; i-- {
		if sub := codePattern.FindStringSubmatch(ms[i].Body); sub != nil {
			return sub[1]
		}
	}
	tb.Fatalf("no mail to %s holds a 6-digit code (%d mails)", addr, len(ms))
	return ""
}

// LinkToken is the token of the link in the newest mail to addr.
func (e *Env) LinkToken(tb testing.TB, addr string) string {
	tb.Helper()
	m := e.LastMail(tb, addr)
	sub := linkPattern.FindStringSubmatch(m.Body)
	if sub == nil {
		tb.Fatalf("no ?token= link in the mail to %s: %q", addr, m.Body)
	}
	return sub[1]
}

// testWriter sends the server's log to the test log while the test runs.
type testWriter struct {
	t testing.TB
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
