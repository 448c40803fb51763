package core

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"hearth/desktop/internal/settings"
	"hearth/shared"
)

// The tests run the real cloud: `hearth` is built once per test binary, the
// demo is seeded once into a template directory, and each test serves a
// fresh copy of it on its own port. No network beyond 127.0.0.1, no display.

const (
	demoCredential = "hk_demo-maple-front-door-kiosk-credential-2026" // cloud/feature/demo/attendance.go
	pinAmina       = "2468"                                           // caregiver_maple1
	pinWei         = "1357"                                           // caregiver_maple2
	testExitPin    = "8642"
)

// syncChildEnv makes the test binary run only the outbox sync on a directory
// (the kill -9 test's child process).
const syncChildEnv = "HEARTH_CORE_SYNC_CHILD"

var (
	cloudBin  string // the built cloud binary
	demoSeed  string // a data directory with the demo seeded
	buildDir  string
	setupOnce sync.Once
	setupErr  error
)

func TestMain(m *testing.M) {
	shortenTimings()
	flag.Parse()
	if !testing.Verbose() {
		slog.SetDefault(slog.New(slog.DiscardHandler)) // expected warnings (cloud stopped on purpose)
	}
	if dir := os.Getenv(syncChildEnv); dir != "" {
		os.Exit(runSyncChild(dir))
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// shortenTimings makes the offline checks and retries fast enough for tests.
func shortenTimings() {
	healthEvery = 150 * time.Millisecond
	backoffMin = 20 * time.Millisecond
	backoffMax = 300 * time.Millisecond
	readTimeout = 3 * time.Second
}

// runSyncChild runs the outbox sync on dir until killed (or 60 s).
func runSyncChild(dir string) int {
	if d, err := time.ParseDuration(os.Getenv("HEARTH_CORE_SYNC_PACE")); err == nil {
		syncPace = d
	}
	c, err := Open(Options{Dir: dir, Version: "sync-child"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "sync child:", err)
		return 1
	}
	if tok := os.Getenv("HEARTH_CORE_SYNC_TOKEN"); tok != "" { // the med outbox's person, as their page's call would show
		r := httptest.NewRequest(http.MethodGet, "/api/system/user/getUserInfo", nil)
		r.Header.Set("Authorization", "Bearer "+tok)
		r.Header.Set("X-Device-Id", os.Getenv("HEARTH_CORE_SYNC_DEVICE"))
		c.noteToken(r, cacheWho("Bearer "+tok))
	}
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer cancel()
	ctx, cancel2 := context.WithTimeout(ctx, 60*time.Second)
	defer cancel2()
	c.Run(ctx)
	c.Close()
	return 0
}

// buildCloud builds the cloud and seeds the demo once.
func buildCloud(tb testing.TB) {
	tb.Helper()
	setupOnce.Do(func() {
		buildDir, setupErr = os.MkdirTemp("", "hearth-core-test-")
		if setupErr != nil {
			return
		}
		cloudBin = filepath.Join(buildDir, "hearth")
		cmd := exec.Command("go", "build", "-o", cloudBin, "hearth/cloud/cmd/hearth") // through go.work
		if out, err := cmd.CombinedOutput(); err != nil {
			setupErr = fmt.Errorf("build the cloud: %w\n%s", err, out)
			return
		}
		demoSeed = filepath.Join(buildDir, "seed")
		cmd = exec.Command(cloudBin, "seed", "--demo")
		cmd.Env = cloudEnv(demoSeed, "127.0.0.1:1")
		if out, err := cmd.CombinedOutput(); err != nil {
			setupErr = fmt.Errorf("seed the demo: %w\n%s", err, out)
		}
	})
	if setupErr != nil {
		tb.Fatal(setupErr)
	}
}

func cloudEnv(dir, addr string) []string {
	return append(os.Environ(), "HEARTH_DEV=1", "HEARTH_DATA_DIR="+dir, "HEARTH_ADDR="+addr, "HEARTH_PUBLIC_URL=http://"+addr)
}

// testCloud is one real cloud server on a copy of the demo.
type testCloud struct {
	t    testing.TB
	dir  string
	addr string
	url  string
	cmd  *exec.Cmd
	log  *bytes.Buffer
}

// startCloud serves a fresh copy of the demo on a free port.
func startCloud(tb testing.TB) *testCloud {
	tb.Helper()
	buildCloud(tb)
	dir := tb.TempDir()
	if err := os.CopyFS(dir, os.DirFS(demoSeed)); err != nil {
		tb.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	tc := &testCloud{t: tb, dir: dir, addr: addr, url: "http://" + addr}
	tc.start()
	tb.Cleanup(tc.stop)
	return tc
}

// start serves the cloud (again) on its address and waits for /readyz.
func (tc *testCloud) start() {
	tc.t.Helper()
	tc.log = &bytes.Buffer{}
	tc.cmd = exec.Command(cloudBin, "serve")
	tc.cmd.Env = cloudEnv(tc.dir, tc.addr)
	tc.cmd.Stdout, tc.cmd.Stderr = tc.log, tc.log
	if err := tc.cmd.Start(); err != nil {
		tc.t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(tc.url + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	tc.stop()
	tc.t.Fatalf("the cloud did not start:\n%s", tc.log)
}

// stop ends the cloud process (the port then refuses connections).
func (tc *testCloud) stop() {
	if tc.cmd == nil || tc.cmd.Process == nil {
		return
	}
	_ = tc.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = tc.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = tc.cmd.Process.Kill()
		<-done
	}
	tc.cmd = nil
}

// db opens the cloud's SQLite file read-only.
func (tc *testCloud) db() *sql.DB {
	tc.t.Helper()
	d, err := sql.Open("sqlite3", "file:"+filepath.Join(tc.dir, "hearth.db")+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		tc.t.Fatal(err)
	}
	tc.t.Cleanup(func() { d.Close() })
	return d
}

// cloudPunch is one row of the cloud's clock_punches.
type cloudPunch struct {
	ClientID, UserID, Type, PinCheck, Source string
	At                                       int64
}

// punches are the cloud's punches with these client ids, in punch time order.
func (tc *testCloud) punches(ids []string) []cloudPunch {
	tc.t.Helper()
	d := tc.db()
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	rows, err := d.Query(`SELECT client_punch_id, user_id, punch_type, pin_check, source, punched_at FROM clock_punches ORDER BY punched_at, received_at`)
	if err != nil {
		tc.t.Fatal(err)
	}
	defer rows.Close()
	var out []cloudPunch
	for rows.Next() {
		var p cloudPunch
		if err := rows.Scan(&p.ClientID, &p.UserID, &p.Type, &p.PinCheck, &p.Source, &p.At); err != nil {
			tc.t.Fatal(err)
		}
		if want[p.ClientID] {
			out = append(out, p)
		}
	}
	if err := rows.Err(); err != nil {
		tc.t.Fatal(err)
	}
	return out
}

// lastPunchAt is a caregiver's latest punch time on the cloud (staff id).
func (tc *testCloud) lastPunchAt(caregiverID string) int64 {
	tc.t.Helper()
	var at sql.NullInt64
	err := tc.db().QueryRow(`SELECT MAX(p.punched_at) FROM clock_punches p JOIN caregivers c ON c.user_id = p.user_id AND c.tenant_id = p.tenant_id
		WHERE c.id = ?`, caregiverID).Scan(&at)
	if err != nil {
		tc.t.Fatal(err)
	}
	return at.Int64
}

// answer is one response of the core's handler.
type answer struct {
	Status int
	Header http.Header
	Code   string          `json:"code"`
	Msg    string          `json:"message"`
	Data   json.RawMessage `json:"data"`
	Body   []byte
}

// call sends one request through the core's handler.
func call(tb testing.TB, c *Core, method, target string, body any, headers ...string) *answer {
	tb.Helper()
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			tb.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	c.Handler().ServeHTTP(rec, req)
	a := &answer{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(a.Body, a); err != nil {
			tb.Fatalf("%s %s: %v: %s", method, target, err, a.Body)
		}
	}
	return a
}

// must fails the test unless the answer has code.
func (a *answer) must(tb testing.TB, code string) *answer {
	tb.Helper()
	if a.Code != code {
		tb.Fatalf("want code %s, got HTTP %d %s", code, a.Status, a.Body)
	}
	return a
}

func (a *answer) into(tb testing.TB, v any) {
	tb.Helper()
	if err := json.Unmarshal(a.Data, v); err != nil {
		tb.Fatalf("%v: %s", err, a.Data)
	}
}

// openCore opens a core on dir (a new temp dir when empty) with a settable clock.
func openCore(tb testing.TB, dir string) (*Core, *testClock) {
	tb.Helper()
	if dir == "" {
		dir = filepath.Join(tb.TempDir(), "Hearth")
	}
	c, err := Open(Options{Dir: dir, Version: "test"})
	if err != nil {
		tb.Fatal(err)
	}
	clock := &testClock{}
	c.now = clock.Now
	tb.Cleanup(func() { c.Close() })
	return c, clock
}

// testClock is the real time unless a test pins it.
type testClock struct {
	mu sync.Mutex
	at time.Time
}

func (k *testClock) Now() time.Time {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.at.IsZero() {
		return time.Now()
	}
	return k.at
}

func (k *testClock) Set(at time.Time) {
	k.mu.Lock()
	k.at = at
	k.mu.Unlock()
}

// setUpKiosk points the core at the cloud and makes it the demo's door kiosk.
func setUpKiosk(tb testing.TB, c *Core, cloud *testCloud) *shared.KioskHome {
	tb.Helper()
	call(tb, c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: cloud.url}).must(tb, shared.CodeOK)
	var st shared.DesktopStatus
	call(tb, c, "POST", "/api/desktop/kiosk/setup", shared.KioskSetupRequest{Credential: demoCredential, ExitPin: testExitPin}).
		must(tb, shared.CodeOK).into(tb, &st)
	if st.Mode != shared.DesktopKiosk || !st.KioskSetUp || st.FacilityName != "Maple House AFH" {
		tb.Fatalf("status after setup: %+v", st)
	}
	select {
	case m := <-c.ModeChanged():
		if m != shared.DesktopKiosk {
			tb.Fatalf("mode notice %s", m)
		}
	default:
		tb.Fatal("no mode notice after the kiosk setup")
	}
	var home shared.KioskHome
	call(tb, c, "GET", kioskHomePath+"?t=1", nil).must(tb, shared.CodeOK).into(tb, &home)
	return &home
}

// caregiverID finds a caregiver of the start screen by name.
func caregiverID(tb testing.TB, home *shared.KioskHome, name string) string {
	tb.Helper()
	for _, kc := range home.Caregivers {
		if kc.Name == name {
			return kc.CaregiverID
		}
	}
	tb.Fatalf("no caregiver %q on the kiosk", name)
	return ""
}

// waitFor polls cond until it holds or the time is up.
func waitFor(tb testing.TB, what string, d time.Duration, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	tb.Fatalf("timed out waiting for %s", what)
}

func (c *Core) waitingCount(tb testing.TB) int {
	tb.Helper()
	n, _, err := c.outboxCounts(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

type settingsS = settings.Settings

// deadURL is a local address nothing listens on (connections are refused at once).
func deadURL(tb testing.TB) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	u := "http://" + l.Addr().String()
	l.Close()
	return u
}

func readAll(r *http.Request) ([]byte, error) { return io.ReadAll(r.Body) }
