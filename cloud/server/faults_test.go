package server_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// The faults a server meets in its life (issue 35): each test makes one and
// checks what a user sees. docs/operations.md says what each looks like.

const ticketsAPI = "/api/system/customerServiceTicket/saveTicket"

func ticket(n int, marker string) shared.SaveTicketRequest {
	return shared.SaveTicketRequest{Title: fmt.Sprintf("%s %d", marker, n), Type: shared.TicketType("OTHER"), Content: "Written while the server was in trouble."}
}

// countTickets counts the tickets a test wrote (their titles start with marker).
func countTickets(t *testing.T, d *db.DB, marker string) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM support_tickets WHERE title LIKE ?", marker+" %").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// moveToDataDir copies the demo server e's database and stored files into dir
// and opens the copy: a server of its own whose disk the test controls.
func moveToDataDir(t *testing.T, e *servertest.Env, dir string) *db.DB {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(dir, "hearth.db")
	if _, err := e.DB.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(dir, "files"), os.DirFS(filepath.Join(e.Config.DataDir, "files"))); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// fill writes a file into dir until the disk holds no more than leave bytes
// free (0: until ENOSPC) and returns its path.
func fill(t *testing.T, dir string, leave uint64) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	for {
		var st syscall.Statfs_t
		if err := syscall.Statfs(dir, &st); err != nil {
			t.Fatal(err)
		}
		free := st.Bavail * uint64(st.Bsize) //nolint:gosec // positive
		if leave > 0 && free <= leave {
			return path
		}
		n := len(chunk)
		if leave > 0 && free-leave < uint64(n) {
			n = int(free - leave) //nolint:gosec // under 64 KiB
		}
		if _, err := f.Write(chunk[:n]); err != nil {
			if errors.Is(err, syscall.ENOSPC) {
				return path
			}
			t.Fatal(err)
		}
	}
}

// A full disk (a 48 MB file system made for the test, the embedded SQLite
// server's data directory): uploads are refused while there is still room for
// care records, a write that finds no room answers 5007 (never 5000, never a
// driver's words) and changes nothing, reads go on, the database stays whole,
// and writes work again once space returns.
func TestFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("a full disk needs a file system made for the test: run as root (mount -t tmpfs)")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("mount is not permitted here, the full-disk test is skipped: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })

	demo := servertest.Start(t, dbtest.SQLite(t), servertest.Options{Outbox: true})
	d := moveToDataDir(t, demo, dir)
	e := servertest.Start(t, d, servertest.Options{NoDemo: true, Outbox: true, Config: func(c *config.Config) { c.DataDir = dir }})
	owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
	carer := e.SignIn(t, "caregiver_maple1")
	owner.Post(t, ticketsAPI, ticket(0, "disk")).OK(t)

	// Nearly full: 1 MB left, under the 5% kept for the database. An upload is refused, a ticket is still saved.
	filler := fill(t, dir, 1<<20)
	up := filetest.Upload(t, e, carer, shared.FileCarePlan, filetest.Part{Name: "plan.pdf", Data: filetest.PDF()})
	if up.Code != shared.CodeStorageFull || up.Status != http.StatusInsufficientStorage || strings.Contains(up.Message, "ENOSPC") {
		t.Fatalf("an upload on a nearly full disk: %d %s %s", up.Status, up.Code, up.Message)
	}
	owner.Post(t, ticketsAPI, ticket(1, "disk")).OK(t)

	// Full: every write either is saved (0000: SQLite's WAL had room) or answers 5007; reads go on.
	_ = fill(t, dir, 0)
	saved, refused := 2, 0
	for i := 2; i < 200 && refused < 5; i++ {
		r := owner.Post(t, ticketsAPI, ticket(i, "disk"))
		switch {
		case r.Code == shared.CodeOK:
			saved++
		case r.Code == shared.CodeStorageFull && r.Status == http.StatusInsufficientStorage:
			refused++
			if strings.Contains(r.Message, "sqlite") || strings.Contains(r.Message, "disk I/O") {
				t.Fatalf("a driver's words reached the user: %s", r.Message)
			}
		default:
			t.Fatalf("a write on a full disk answered %d %s %s", r.Status, r.Code, r.Message)
		}
		var page shared.Page[map[string]any]
		owner.Post(t, "/api/care/resident/listResidentByPage", map[string]any{"current": 1, "size": 20, "data": map[string]any{}}).OK(t).Into(t, &page)
		if page.Total == 0 {
			t.Fatal("reads stopped on a full disk")
		}
	}
	if refused == 0 {
		t.Fatalf("%d writes saved on a full disk, none refused", saved)
	}
	t.Logf("full disk: %d tickets saved before the disk filled, %d writes refused with 5007", saved, refused)

	// Space returns: writes work again, nothing acknowledged is lost, the database is whole.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for owner.Post(t, ticketsAPI, ticket(1000, "disk")).Code != shared.CodeOK {
		if time.Now().After(deadline) {
			t.Fatal("writes did not come back after space returned")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := countTickets(t, d, "disk"); n != saved+1 {
		t.Fatalf("%d tickets in the database, %d acknowledged", n, saved+1)
	}
	var check string
	if err := d.QueryRowContext(context.Background(), "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q %v", check, err)
	}
	filetest.Upload(t, e, carer, shared.FileCarePlan, filetest.Part{Name: "plan.pdf", Data: filetest.PDF()}).OK(t)
}

// freePort is a TCP port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// privatePostgres starts a PostgreSQL of the test's own (initdb and pg_ctl,
// as the postgres user, on its own port), never the shared one, and answers
// its URL and a function that restarts it. Skipped when the server programs
// are not there.
func privatePostgres(t *testing.T, port int) (url string, restart func(stopFor time.Duration)) {
	t.Helper()
	bin := "/usr/local/bin"
	if _, err := os.Stat(filepath.Join(bin, "pg_ctl")); err != nil {
		t.Skip("PostgreSQL's server programs (initdb, pg_ctl) are not in /usr/local/bin")
	}
	if os.Geteuid() != 0 {
		t.Skip("the private PostgreSQL is started as the postgres user: run as root")
	}
	dir, err := os.MkdirTemp("", "hearth-pg-fault-*")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	as := func(args ...string) error {
		out, err := exec.Command("runuser", append([]string{"-u", "postgres", "--"}, args...)...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %w: %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	if err := exec.Command("chown", "postgres", dir).Run(); err != nil {
		t.Skipf("chown to postgres: %v", err)
	}
	if err := as(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"); err != nil {
		t.Skipf("initdb: %v", err)
	}
	ctl := func(args ...string) error {
		return as(append([]string{filepath.Join(bin, "pg_ctl"), "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "30"}, args...)...)
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=on", port, dir)
	if err := ctl("-o", opts, "start"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ctl("-m", "immediate", "stop") })
	restart = func(stopFor time.Duration) {
		if err := ctl("-m", "fast", "stop"); err != nil {
			t.Error(err)
		}
		time.Sleep(stopFor)
		if err := ctl("-o", opts, "start"); err != nil {
			t.Error(err)
		}
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port), restart
}

// PostgreSQL restarted under load (a private instance, never the shared
// server): while it is down every request answers at once with 5003 and HTTP
// 503 (never a hang, never 5000 or a driver's words), the pool reconnects by
// itself once it is back, and every write acknowledged with 0000 is there.
func TestPostgresRestartUnderLoad(t *testing.T) {
	if _, err := exec.LookPath("pg_dump"); err != nil {
		t.Skip("pg_dump and pg_restore carry the demo into the private PostgreSQL")
	}
	url, restart := privatePostgres(t, freePort(t))
	ctx := context.Background()
	// The demo, from the shared server's template, into the private one.
	demo := servertest.Start(t, dbtest.Postgres(t), servertest.Options{Outbox: true})
	dump := filepath.Join(t.TempDir(), "demo.pgdump")
	if out, err := exec.Command("pg_dump", "--format=custom", "--no-owner", "--file="+dump, "--dbname="+demo.DB.Source()).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v %s", err, out)
	}
	if out, err := exec.Command("pg_restore", "--no-owner", "--single-transaction", "--dbname="+url, dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v %s", err, out)
	}
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	dataDir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dataDir, "files"), os.DirFS(filepath.Join(demo.Config.DataDir, "files"))); err != nil {
		t.Fatal(err)
	}
	e := servertest.Start(t, d, servertest.Options{NoDemo: true, Outbox: true, Config: func(c *config.Config) { c.DataDir = dataDir }})
	// A second replica, whose chat fan-out LISTENs on the same database: after the
	// restart a message pushed through the first reaches a socket on the second.
	two := servertest.Start(t, d, servertest.Options{NoDemo: true, Outbox: true, Config: func(c *config.Config) { c.DataDir = dataDir }})
	hubs, stopHubs := context.WithCancel(ctx)
	defer stopHubs()
	for _, r := range []*servertest.Env{e, two} {
		go func() { _ = r.Server.Realtime.Run(hubs) }()
		<-r.Server.Realtime.Listening()
	}
	carer := two.SignIn(t, "caregiver_maple1")
	socket := boundSocket(t, two, carer)

	const writers = 4
	var acked, unavailable, other atomic.Int64
	var slowest atomic.Int64
	var mu sync.Mutex
	var surprises []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range writers {
		c := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				began := time.Now()
				r, err := c.Try(servertest.Request{Method: http.MethodPost, Path: ticketsAPI, Body: ticket(w*100000+i, "restart")})
				took := time.Since(began)
				for {
					s := slowest.Load()
					if int64(took) <= s || slowest.CompareAndSwap(s, int64(took)) {
						break
					}
				}
				switch {
				case err != nil:
					other.Add(1)
					mu.Lock()
					surprises = append(surprises, err.Error())
					mu.Unlock()
				case r.Code == shared.CodeOK:
					acked.Add(1)
				case r.Code == shared.CodeUnavailable && r.Status == http.StatusServiceUnavailable:
					unavailable.Add(1)
					time.Sleep(50 * time.Millisecond)
				default:
					other.Add(1)
					mu.Lock()
					surprises = append(surprises, fmt.Sprintf("%d %s %s", r.Status, r.Code, r.Message))
					mu.Unlock()
				}
			}
		}()
	}
	time.Sleep(time.Second)
	before := acked.Load()
	began := time.Now()
	restart(2 * time.Second)
	restarted := time.Since(began)
	// The pool recovers by itself: acknowledged writes resume.
	resumed := acked.Load()
	deadline := time.Now().Add(15 * time.Second)
	for acked.Load() < resumed+20 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	recovered := time.Since(began)
	time.Sleep(500 * time.Millisecond)
	close(stop)
	wg.Wait()

	t.Logf("PostgreSQL down and back in %s: %d writes acknowledged (%d before the stop), %d answered 5003, %d otherwise; "+
		"writes flowing again %s after the stop began; slowest answer %s", restarted.Round(time.Millisecond), acked.Load(), before,
		unavailable.Load(), other.Load(), recovered.Round(time.Millisecond), time.Duration(slowest.Load()).Round(time.Millisecond))
	if len(surprises) > 0 {
		t.Fatalf("%d answers were neither 0000 nor 5003: %v", len(surprises), surprises[:min(5, len(surprises))])
	}
	if unavailable.Load() == 0 {
		t.Fatal("no request met the restart")
	}
	if acked.Load() < resumed+20 {
		t.Fatalf("writes did not resume within 15 s of the restart (%d acknowledged after it)", acked.Load()-resumed)
	}
	if s := time.Duration(slowest.Load()); s > 10*time.Second {
		t.Fatalf("an answer took %s", s)
	}
	// The fan-out's LISTEN connection dialled again by itself: a message pushed
	// through the first replica reaches the caregiver's socket on the second
	// (pushed again while the listener may still be reconnecting).
	boss := e.SignIn(t, "owner_evergreen", "Maple House AFH")
	var chat shared.Chat
	boss.Post(t, "/api/im/chat/start", shared.ChatStartRequest{MemberIDs: []string{carer.Result.LoginUserInfo.UserID}}).OK(t).Into(t, &chat)
	heard := make(chan struct{})
	go func() {
		defer close(heard)
		for {
			var f struct {
				Action shared.ImAction `json:"action"`
			}
			if err := socket.ReadJSON(&f); err != nil {
				return
			}
			if f.Action == shared.ImMessage {
				return
			}
		}
	}()
	_ = socket.SetReadDeadline(time.Now().Add(20 * time.Second))
	reached := false
	for i := 0; i < 15 && !reached; i++ {
		boss.Post(t, "/api/im/message/push", shared.MessagePushRequest{ChatID: chat.ID, TrackID: fmt.Sprintf("after-restart-%d", i),
			MessageType: shared.MessageText, Content: "After the restart"}).OK(t)
		select {
		case <-heard:
			reached = true
		case <-time.After(time.Second):
		}
	}
	if !reached {
		t.Fatal("no chat message reached the other replica's socket after the restart: its LISTEN did not come back")
	}

	// Every acknowledged write is there; a write whose answer was lost with its
	// connection may be there too (its commit raced the stop), never more.
	if n := int64(countTickets(t, d, "restart")); n < acked.Load() || n > acked.Load()+unavailable.Load() {
		t.Fatalf("%d tickets in the database, %d acknowledged, %d answered 5003", n, acked.Load(), unavailable.Load())
	}
}

// boundSocket opens c's chat socket on e and binds it.
func boundSocket(t *testing.T, e *servertest.Env, c *servertest.Client) *websocket.Conn {
	t.Helper()
	ws, resp, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(e.HTTP.URL, "http")+"/api/im/ws?token="+url.QueryEscape(c.Token), nil)
	if resp != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		t.Fatalf("dial the chat socket: %v", err)
	}
	t.Cleanup(func() { _ = ws.Close() })
	if err := ws.WriteJSON(shared.ImFrame{Action: shared.ImBind, Data: shared.ImBindRequest{UID: c.Result.LoginUserInfo.UserID, Channel: "web",
		AppVersion: "1.0.0", PackageName: "hearth-web", DeviceID: "fault-test", DeviceName: "Go test"}}); err != nil {
		t.Fatal(err)
	}
	var reply struct {
		Action shared.ImAction `json:"action"`
		Code   int             `json:"code"`
	}
	_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	if err := ws.ReadJSON(&reply); err != nil || reply.Action != shared.ImBind || reply.Code != shared.ImCodeOK {
		t.Fatalf("bind: %+v %v", reply, err)
	}
	return ws
}
