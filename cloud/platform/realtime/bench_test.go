package realtime_test

// Chat socket benchmarks (docs/performance.md, "Chat sockets"): the server
// (a hub behind httptest, real token verification, the session check
// answered without a database) runs in the benchmark's process; the clients
// (gorilla/websocket) run in a child process (this test binary again, in
// TestLoadClients), so the server's memory is measured alone and each
// process stays under the machine's 20,000 open files.
//
//	make bench-chat
//	cd cloud && go test -run '^$' -bench ChatSockets -benchtime 1x ./platform/realtime/
//
// HEARTH_CHAT_IDLE (default 10000) and HEARTH_CHAT_BROADCAST (default 5000)
// set the socket counts, HEARTH_CHAT_ROUNDS (default 50) the broadcasts.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/realtime"
	"hearth/shared"
)

const benchSecret = "bench-secret-0123456789abcdef0123456789"

// liveSessions answers every session check "live" (no users in a database).
type liveSessions struct{}

func (liveSessions) CheckSession(context.Context, *auth.Principal) (bool, error) { return false, nil }

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// benchServer is a hub on a local port and n users with their tokens.
type benchServer struct {
	hub    *realtime.Hub
	http   *httptest.Server
	users  []string
	tokens []string
}

func startBench(tb testing.TB, n int) *benchServer {
	tb.Helper()
	tokens, err := auth.NewTokens([]byte(benchSecret), nil)
	if err != nil {
		tb.Fatal(err)
	}
	hub := realtime.New(dbtest.SQLite(tb), tokens, liveSessions{}, slog.New(slog.DiscardHandler))
	s := &benchServer{hub: hub, http: httptest.NewServer(hub)}
	tb.Cleanup(func() { hub.Close(); s.http.Close() })
	for i := range n {
		uid := fmt.Sprintf("user-%05d", i)
		tok, _, err := tokens.Issue(auth.Principal{UserID: uid, TenantID: "bench-facility",
			Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanPremium, SessionID: "s-" + uid})
		if err != nil {
			tb.Fatal(err)
		}
		s.users, s.tokens = append(s.users, uid), append(s.tokens, tok)
	}
	return s
}

// clients starts the child process with the clients of s in mode; it answers
// once every client is bound.
type clients struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
}

func startClients(b *testing.B, s *benchServer, mode string) *clients {
	b.Helper()
	f, err := os.CreateTemp(b.TempDir(), "tokens")
	if err != nil {
		b.Fatal(err)
	}
	for i := range s.users {
		fmt.Fprintf(f, "%s %s\n", s.users[i], s.tokens[i])
	}
	f.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadClients$", "-test.count=1")
	cmd.Env = append(os.Environ(), "HEARTH_CHAT_LOAD_URL=ws"+strings.TrimPrefix(s.http.URL, "http")+realtime.Path,
		"HEARTH_CHAT_LOAD_TOKENS="+f.Name(), "HEARTH_CHAT_LOAD_MODE="+mode)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	c := &clients{cmd: cmd, in: in, lines: bufio.NewScanner(out)}
	b.Cleanup(func() { _ = in.Close(); _ = cmd.Wait() })
	c.expect(b, "READY")
	if got := s.hub.Count(); got != len(s.users) {
		b.Fatalf("the hub holds %d sockets, want %d", got, len(s.users))
	}
	return c
}

// expect reads the child's lines until one starting with prefix, and answers the rest of it.
func (c *clients) expect(b *testing.B, prefix string) string {
	b.Helper()
	for c.lines.Scan() {
		if rest, ok := strings.CutPrefix(c.lines.Text(), prefix); ok {
			return strings.TrimSpace(rest)
		}
	}
	b.Fatalf("the clients ended before %q: %v", prefix, c.lines.Err())
	return ""
}

// serverMemory is what the Go heap and goroutine stacks hold after a full GC.
func serverMemory() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}

// rss is the process's resident memory (Linux /proc/self/status VmRSS).
func rss() uint64 {
	data, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// BenchmarkChatSocketsIdle: n idle, bound sockets; the server's memory per socket.
func BenchmarkChatSocketsIdle(b *testing.B) {
	n := envInt("HEARTH_CHAT_IDLE", 10000)
	for range b.N {
		s := startBench(b, n)
		heap0, rss0 := serverMemory(), rss()
		c := startClients(b, s, "idle")
		heap1, rss1 := serverMemory(), rss()
		perHeap := float64(heap1-heap0) / float64(n)
		perRSS := float64(int64(rss1)-int64(rss0)) / float64(n)
		b.ReportMetric(float64(n), "sockets")
		b.ReportMetric(perHeap, "heap+stack-B/socket")
		b.ReportMetric(perRSS, "rss-B/socket")
		b.ReportMetric(float64(1<<30)/math.Max(perHeap, perRSS), "sockets/GiB")
		_ = c.in.Close()
	}
}

// BenchmarkChatSocketsBroadcast: one frame to n connected sockets (one
// person each), rounds times; the delay from Publish to each client's read.
func BenchmarkChatSocketsBroadcast(b *testing.B) {
	n, rounds := envInt("HEARTH_CHAT_BROADCAST", 5000), envInt("HEARTH_CHAT_ROUNDS", 50)
	ctx := context.Background()
	for range b.N {
		s := startBench(b, n)
		c := startClients(b, s, "broadcast")
		d := dbtest.SQLite(b)
		cpu0 := cpuTime()
		for r := range rounds {
			frame := shared.ImFrame{Action: shared.ImChat, Data: map[string]int64{"r": int64(r), "s": time.Now().UnixNano()}}
			if err := s.hub.Publish(ctx, d, s.users, frame); err != nil {
				b.Fatal(err)
			}
			c.expect(b, fmt.Sprintf("GOT %d", r))
		}
		serverCPU := cpuTime() - cpu0
		_ = c.in.Close()
		var st latencyStats
		if err := json.Unmarshal([]byte(c.expect(b, "STATS")), &st); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(n), "sockets")
		b.ReportMetric(float64(st.P50)/1e6, "p50-ms")
		b.ReportMetric(float64(st.P99)/1e6, "p99-ms")
		b.ReportMetric(float64(st.Max)/1e6, "max-ms")
		b.ReportMetric(float64(serverCPU)/1e6/float64(rounds), "server-cpu-ms/broadcast")
		b.ReportMetric(float64(st.CPU)/1e6/float64(rounds), "clients-cpu-ms/broadcast")
	}
}

type latencyStats struct {
	P50, P99, Max int64 // nanoseconds
	Count         int
	CPU           int64 // the client process's CPU time while receiving, ns
}

// cpuTime is the process's CPU time (user + system), in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// TestLoadClients is the benchmarks' client process (it does nothing unless
// HEARTH_CHAT_LOAD_URL is set): it dials and binds one socket per line of
// HEARTH_CHAT_LOAD_TOKENS, says READY, then in mode "broadcast" reads frames
// and says GOT <round> when every socket has that round's, and at the end
// (its stdin closed) STATS with the delays; in mode "idle" it only waits.
func TestLoadClients(t *testing.T) {
	base := os.Getenv("HEARTH_CHAT_LOAD_URL")
	if base == "" {
		t.Skip("the chat benchmarks' client process")
	}
	data, err := os.ReadFile(os.Getenv("HEARTH_CHAT_LOAD_TOKENS"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(data))
	n := len(lines) / 2
	dialer := websocket.Dialer{ReadBufferSize: 1024, WriteBufferSize: 1024, HandshakeTimeout: time.Minute}
	conns := make([]*websocket.Conn, n)
	var wg sync.WaitGroup
	work := make(chan int)
	var failed atomic.Int32
	for range 32 {
		wg.Go(func() {
			for i := range work {
				uid, tok := lines[2*i], lines[2*i+1]
				var ws *websocket.Conn
				var err error
				for try := 0; try < 5; try++ { // a full accept queue refuses a few at first
					var resp *http.Response
					ws, resp, err = dialer.Dial(base+"?token="+tok, nil)
					if resp != nil {
						_ = resp.Body.Close()
					}
					if err == nil {
						break
					}
					time.Sleep(100 * time.Millisecond)
				}
				if err != nil {
					t.Errorf("dial %s: %v", uid, err)
					failed.Add(1)
					continue
				}
				var reply shared.ImFrame
				if err := ws.WriteJSON(shared.ImFrame{Action: shared.ImBind, Data: shared.ImBindRequest{UID: uid, Channel: "web"}}); err != nil {
					t.Errorf("bind %s: %v", uid, err)
				} else if err := ws.ReadJSON(&reply); err != nil || reply.Code != shared.ImCodeOK {
					t.Errorf("bind %s: %+v %v", uid, reply, err)
				}
				conns[i] = ws
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	if failed.Load() > 0 || t.Failed() {
		t.FailNow()
	}
	var mu sync.Mutex
	var delays []int64
	got := map[int64]int{}
	if os.Getenv("HEARTH_CHAT_LOAD_MODE") == "broadcast" {
		delays = make([]int64, 0, n*64)
		for _, ws := range conns {
			go func() {
				for {
					_, data, err := ws.ReadMessage()
					if err != nil {
						return
					}
					at := time.Now().UnixNano()
					r, s := field(data, `"r":`), field(data, `"s":`) // cheaper than JSON: the client's cost is in the figure
					if s == 0 {
						continue
					}
					mu.Lock()
					delays = append(delays, at-s)
					got[r]++
					if got[r] == n {
						fmt.Printf("GOT %d\n", r)
					}
					mu.Unlock()
				}
			}()
		}
	}
	cpu0 := cpuTime()
	fmt.Println("READY")
	_, _ = io.Copy(io.Discard, os.Stdin) // until the benchmark closes it
	mu.Lock()
	defer mu.Unlock()
	if len(delays) > 0 {
		slices.Sort(delays)
		st := latencyStats{P50: delays[len(delays)/2], P99: delays[len(delays)*99/100], Max: delays[len(delays)-1], Count: len(delays), CPU: cpuTime() - cpu0}
		out, _ := json.Marshal(st)
		fmt.Printf("STATS %s\n", out)
	}
	for _, ws := range conns {
		_ = ws.Close()
	}
}

// field is the integer after key in a frame, or 0.
func field(frame []byte, key string) int64 {
	i := bytes.Index(frame, []byte(key))
	if i < 0 {
		return 0
	}
	var v int64
	for _, c := range frame[i+len(key):] {
		if c < '0' || c > '9' {
			break
		}
		v = v*10 + int64(c-'0')
	}
	return v
}
