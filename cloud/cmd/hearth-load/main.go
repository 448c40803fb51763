// Command hearth-load is Hearth's load benchmark: it signs in -clients times
// (one session each, as that many simulated people would), then keeps
// -clients concurrent workers calling the two calls every screen makes —
// GET /api/system/menu/listUserMenuTree and GET /api/system/user/getUserInfo —
// alternately for -duration, each with a fresh t and matching Sign.
//
// The attack is closed-loop and unbounded (vegeta's Rate{Freq: 0} with exactly
// -clients workers): every worker sends its next request as soon as the last
// one answered, so requests/s is what the server sustains at that concurrency.
// A request counts as a success only with HTTP 200 and envelope code "0000".
// It exits 1 when the overall success ratio is below 99%.
//
// Point it only at a server on this machine (loopback); see build/bench.sh.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"hearth/cloud/platform/auth"
)

// The two endpoints under load, hit alternately.
var endpoints = []string{
	"/api/system/menu/listUserMenuTree",
	"/api/system/user/getUserInfo",
}

type session struct {
	token  string
	device string
}

func main() {
	base := flag.String("url", "http://127.0.0.1:18090", "server base URL")
	clients := flag.Int("clients", 50, "simulated clients: sign-ins and concurrent workers")
	duration := flag.Duration("duration", 30*time.Second, "how long to keep the load on")
	account := flag.String("account", "caregiver_maple1", "account to sign in as (must have no two-factor step)")
	password := flag.String("password", "Demo@2026x", "its password")
	aesKey := flag.String("aeskey", "HearthLoginKey16", "login AES key (HEARTH_LOGIN_AES_KEY), 16 bytes")
	minSuccess := flag.Float64("min-success", 0.99, "exit 1 when the overall success ratio is below this")
	rateFlag := flag.Int("rate", 0, "requests per second in all; 0 (the default) is unbounded: each worker goes again as soon as it is answered")
	serverPID := flag.Int("server-pid", 0, "the server's process id, to report its CPU use during the load (Linux; optional)")
	flag.Parse()

	if *clients < 1 {
		fail("-clients must be at least 1")
	}
	if len(*aesKey) != 16 {
		fail("-aeskey must be exactly 16 bytes")
	}
	if *rateFlag < 0 {
		fail("-rate must be 0 (unbounded) or more")
	}
	if *duration <= 0 || *duration > 15*time.Minute {
		// Access tokens live 15 minutes (auth.AccessTokenTTL) and this tool does not refresh them.
		fail("-duration must be above 0 and at most 15m (the access-token lifetime)")
	}
	baseURL := strings.TrimRight(*base, "/")

	// Sign in once per simulated client.
	t0 := time.Now()
	encoded := auth.EncodePassword([]byte(*aesKey), *password)
	hc := &http.Client{Timeout: 60 * time.Second}
	sessions := make([]session, *clients)
	if err := signInAll(hc, baseURL, *account, encoded, sessions); err != nil {
		fail("sign-in: %v", err)
	}
	hc.CloseIdleConnections()
	fmt.Printf("signed in %d sessions as %s in %s\n", len(sessions), *account, time.Since(t0).Round(time.Millisecond))

	// Request n goes to endpoints[n%2] as session (n/2)%clients: both
	// endpoints alternate, every session is used evenly.
	var next atomic.Uint64
	targeter := vegeta.Targeter(func(tgt *vegeta.Target) error {
		n := next.Add(1) - 1
		path := endpoints[n%uint64(len(endpoints))]
		s := sessions[(n/uint64(len(endpoints)))%uint64(len(sessions))]
		t := strconv.FormatInt(time.Now().UnixMilli(), 10)
		tgt.Method = http.MethodGet
		tgt.URL = baseURL + path + "?t=" + t
		tgt.Body = nil
		tgt.Header = http.Header{
			"Authorization":   {"Bearer " + s.token},
			"Sign":            {auth.Sign(s.token, t, auth.SignPath(path))},
			"X-Device-Id":     {s.device},
			"Accept-Language": {"en-US"},
			"Cache-Control":   {"no-cache"},
		}
		return nil
	})

	w := uint64(*clients)
	attacker := vegeta.NewAttacker(
		vegeta.Workers(w), vegeta.MaxWorkers(w), // exactly -clients concurrent requests
		vegeta.Connections(*clients), // keep one idle keep-alive connection per worker
		vegeta.KeepAlive(true),
		vegeta.Timeout(30*time.Second),
		vegeta.Redirects(vegeta.NoFollow),
	)
	// Freq 0 is unbounded: each worker goes again as soon as it is answered
	// (closed loop). A set rate is open loop, with at most -clients in flight.
	rate := vegeta.Rate{Freq: *rateFlag, Per: time.Second}
	pace, rateWord := "unbounded rate", "unbounded"
	if *rateFlag > 0 {
		pace, rateWord = fmt.Sprintf("%d requests/s", *rateFlag), fmt.Sprintf("%d/s", *rateFlag)
	}

	stats := map[string]*endpointStats{}
	for _, p := range endpoints {
		stats[p] = &endpointStats{}
	}
	all := &endpointStats{}
	failures := map[string]int{}

	fmt.Printf("load: %d workers, %s, %s, against %s\n", *clients, pace, *duration, baseURL)
	start := time.Now()
	cpu0 := sampleCPU(*serverPID)
	for res := range attacker.Attack(targeter, rate, *duration, "hearth") {
		path := endpointOf(res.URL)
		ok, why := judge(res)
		if !ok {
			failures[path+": "+why]++
		}
		if st := stats[path]; st != nil {
			st.add(res, ok)
		}
		all.add(res, ok)
	}
	wall := time.Since(start)
	cpu1 := sampleCPU(*serverPID)

	report(os.Stdout, stats, all, wall)
	cpuReport(os.Stdout, cpu0, cpu1, *serverPID, len(all.latencies))
	if len(failures) > 0 {
		fmt.Println("\nfailures:")
		keys := make([]string, 0, len(failures))
		for k := range failures {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Printf("  %6d  %s\n", failures[k], k)
		}
	}
	o := all.summary(wall)
	fmt.Printf("\nSUMMARY clients=%d rate=%s duration=%s requests=%d rps=%.0f success=%.2f%% p50=%s p90=%s p99=%s max=%s\n",
		*clients, rateWord, *duration, o.requests, o.rps, 100*o.success, ms(o.p50), ms(o.p90), ms(o.p99), ms(o.max))
	if o.requests == 0 || o.success < *minSuccess {
		fmt.Fprintf(os.Stderr, "hearth-load: success ratio %.2f%% is below %.2f%%\n", 100*o.success, 100**minSuccess)
		os.Exit(1)
	}
}

// signInAll signs in once per session, a few at a time: each sign-in runs the
// server's password hash, which is slow on purpose.
func signInAll(hc *http.Client, baseURL, account, encoded string, sessions []session) error {
	const parallel = 4
	sem := make(chan struct{}, parallel)
	errs := make([]error, len(sessions))
	var failed atomic.Bool
	var wg sync.WaitGroup
	for i := range sessions {
		sem <- struct{}{}
		if failed.Load() { // one failure is enough: don't try the rest
			<-sem
			break
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			device := randomID()
			token, err := signIn(hc, baseURL, account, encoded, device)
			if err != nil {
				errs[i] = fmt.Errorf("session %d: %w", i+1, err)
				failed.Store(true)
				return
			}
			sessions[i] = session{token: token, device: device}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func signIn(hc *http.Client, baseURL, account, encoded, device string) (string, error) {
	body, _ := json.Marshal(map[string]string{"account": account, "password": encoded})
	u := baseURL + "/api/system/user/login?t=" + strconv.FormatInt(time.Now().UnixMilli(), 10)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Device-Id", device)
	req.Header.Set("Accept-Language", "en-US")
	req.Header.Set("Cache-Control", "no-cache")
	resp, err := hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", err
	}
	var env struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Data    struct {
			Token                   string `json:"token"`
			TwoFactorAuthentication bool   `json:"twoFactorAuthentication"`
			LoginTenantList         []any  `json:"loginTenantList"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return "", fmt.Errorf("HTTP %d, unreadable answer: %.200s", resp.StatusCode, raw)
	}
	switch {
	case resp.StatusCode != http.StatusOK || env.Code != "0000":
		return "", fmt.Errorf("HTTP %d code %s: %s", resp.StatusCode, env.Code, env.Message)
	case env.Data.TwoFactorAuthentication:
		return "", fmt.Errorf("account %s asks for a two-factor code; use an account without one (e.g. caregiver_maple1)", account)
	case len(env.Data.LoginTenantList) > 0:
		return "", fmt.Errorf("account %s belongs to several facilities; use an account with one", account)
	case env.Data.Token == "":
		return "", errors.New("answer has no token")
	}
	return env.Data.Token, nil
}

// judge says whether a result is a success: no transport error, HTTP 200 and
// envelope code "0000".
func judge(r *vegeta.Result) (bool, string) {
	if r.Error != "" && r.Code == 0 {
		return false, "transport: " + r.Error
	}
	if r.Code != http.StatusOK {
		return false, "HTTP " + strconv.Itoa(int(r.Code))
	}
	code, err := envelopeCode(r.Body)
	if err != nil {
		return false, "unreadable envelope: " + err.Error()
	}
	if code != "0000" {
		return false, "code " + code
	}
	return true, ""
}

// envelopeCode reads the top-level "code" of a JSON envelope, stopping as soon
// as it has it (the server writes code first, so the rest is not scanned).
func envelopeCode(body []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", errors.New("not a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", err
		}
		key, _ := tok.(string)
		if key == "code" {
			var code string
			if err := dec.Decode(&code); err != nil {
				return "", err
			}
			return code, nil
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return "", err
		}
	}
	return "", errors.New("no code")
}

func endpointOf(rawURL string) string {
	if u, err := url.Parse(rawURL); err == nil {
		return u.Path
	}
	return rawURL
}

// endpointStats keeps every latency (exact percentiles, not estimates) and
// feeds vegeta's Metrics for the time span and status codes.
type endpointStats struct {
	m         vegeta.Metrics
	latencies []time.Duration
	ok        int
}

func (s *endpointStats) add(r *vegeta.Result, ok bool) {
	r.Body = nil // not kept
	s.m.Add(r)
	s.latencies = append(s.latencies, r.Latency)
	if ok {
		s.ok++
	}
}

type summary struct {
	requests           int
	rps, success       float64
	p50, p90, p99, max time.Duration
}

func (s *endpointStats) summary(wall time.Duration) summary {
	s.m.Close()
	out := summary{requests: len(s.latencies)}
	if out.requests == 0 {
		return out
	}
	slices.Sort(s.latencies)
	q := func(p float64) time.Duration {
		// nearest-rank percentile
		i := int(p*float64(len(s.latencies))+0.999999) - 1
		return s.latencies[max(0, min(i, len(s.latencies)-1))]
	}
	out.rps = float64(out.requests) / wall.Seconds()
	out.success = float64(s.ok) / float64(out.requests)
	out.p50, out.p90, out.p99, out.max = q(0.50), q(0.90), q(0.99), s.latencies[len(s.latencies)-1]
	return out
}

func report(w io.Writer, stats map[string]*endpointStats, all *endpointStats, wall time.Duration) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\nendpoint\trequests\treq/s\tsuccess\tp50\tp90\tp99\tmax\tHTTP codes\t\n")
	line := func(name string, s *endpointStats) {
		o := s.summary(wall)
		codes := make([]string, 0, len(s.m.StatusCodes))
		for c, n := range s.m.StatusCodes {
			codes = append(codes, c+":"+strconv.Itoa(n))
		}
		slices.Sort(codes)
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.2f%%\t%s\t%s\t%s\t%s\t%s\t\n", name, o.requests, o.rps, 100*o.success,
			ms(o.p50), ms(o.p90), ms(o.p99), ms(o.max), strings.Join(codes, " "))
	}
	for _, p := range endpoints {
		line("GET "+p, stats[p])
	}
	line("all", all)
	tw.Flush()
}

// cpuSample is where the machine's CPU time has gone so far. The generator
// shares the machine with the server (and, for PostgreSQL, the database), so
// the report says who used what during the load. Linux only: on other systems,
// or without /proc, only self is known.
type cpuSample struct {
	at                  time.Time
	self                time.Duration // this process (getrusage)
	server, postgres    time.Duration // -server-pid; every process named postgres
	busy, total         time.Duration // all cores, from /proc/stat
	irq                 time.Duration // interrupt and softirq time (loopback networking), not charged to any process
	haveProc, haveServe bool
}

// userHZ is the unit of /proc's CPU times (USER_HZ, 100 on every Linux ABI Go supports).
const userHZ = 100

func ticks(n int64) time.Duration { return time.Duration(n) * time.Second / userHZ }

func sampleCPU(serverPID int) cpuSample {
	s := cpuSample{at: time.Now()}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		s.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		f := strings.Fields(line) // cpu user nice system idle iowait irq softirq steal ...
		if len(f) >= 9 && f[0] == "cpu" {
			var v [8]int64
			for i := range v {
				v[i], _ = strconv.ParseInt(f[i+1], 10, 64)
			}
			s.total = ticks(v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7])
			s.busy = s.total - ticks(v[3]+v[4])
			s.irq = ticks(v[5] + v[6])
			s.haveProc = true
		}
	}
	if !s.haveProc {
		return s
	}
	if serverPID > 0 {
		if name, cpu, ok := procCPU(strconv.Itoa(serverPID)); ok && name != "" {
			s.server, s.haveServe = cpu, true
		}
	}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		if name, cpu, ok := procCPU(e.Name()); ok && name == "postgres" {
			s.postgres += cpu
		}
	}
	return s
}

// procCPU reads a process's name and user+system CPU from /proc/PID/stat.
func procCPU(pid string) (string, time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return "", 0, false
	}
	open, closing := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 0 || closing < open {
		return "", 0, false
	}
	f := strings.Fields(string(b[closing+1:])) // state ppid ... utime(12th) stime(13th)
	if len(f) < 13 {
		return "", 0, false
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return string(b[open+1 : closing]), ticks(u + st), true
}

// cpuReport says where the CPU went between a and b: the server, this
// generator, PostgreSQL, everything else on the machine, and idle time.
func cpuReport(w io.Writer, a, b cpuSample, serverPID, requests int) {
	wall := b.at.Sub(a.at)
	self := b.self - a.self
	if !a.haveProc || !b.haveProc || b.total <= a.total {
		fmt.Fprintf(w, "\nload generator CPU: %.1f s over %.1f s\n", self.Seconds(), wall.Seconds())
		return
	}
	total, busy := b.total-a.total, b.busy-a.busy
	share := func(d time.Duration) string {
		return fmt.Sprintf("%5.1f s (%3.0f%%)", d.Seconds(), 100*d.Seconds()/total.Seconds())
	}
	server, pg := b.server-a.server, b.postgres-a.postgres
	if pg < 0 { // a backend ended during the run; its time is lost
		pg = 0
	}
	irq := b.irq - a.irq
	other := max(0, busy-self-server-pg-irq)
	fmt.Fprintf(w, "\nCPU during the load: %.1f s wall, %.1f core-seconds on the machine\n", wall.Seconds(), total.Seconds())
	if a.haveServe && b.haveServe {
		fmt.Fprintf(w, "  hearth server   %s\n", share(server))
	} else if serverPID > 0 {
		fmt.Fprintf(w, "  hearth server   (pid %d not readable)\n", serverPID)
	}
	fmt.Fprintf(w, "  hearth-load     %s\n", share(self))
	if pg > 0 {
		fmt.Fprintf(w, "  postgres        %s\n", share(pg))
	}
	fmt.Fprintf(w, "  kernel irq      %s (softirq: loopback networking)\n", share(irq))
	fmt.Fprintf(w, "  other processes %s\n", share(other))
	fmt.Fprintf(w, "  idle            %s\n", share(max(0, total-busy)))
	if requests > 0 {
		per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(requests) }
		fmt.Fprintf(w, "CPU per request: hearth-load %.0f µs", per(self))
		if a.haveServe && b.haveServe {
			fmt.Fprintf(w, ", hearth server %.0f µs", per(server))
		}
		if pg > 0 {
			fmt.Fprintf(w, ", postgres %.0f µs", per(pg))
		}
		fmt.Fprintln(w)
	}
	if other.Seconds() > 0.05*total.Seconds() {
		fmt.Fprintf(w, "WARNING: other processes used %.0f%% of the machine during the load: these figures are disturbed; run again on a quiet machine\n",
			100*other.Seconds()/total.Seconds())
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }

func randomID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return "hearth-load-" + hex.EncodeToString(b)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "hearth-load: "+format+"\n", args...)
	os.Exit(2)
}
