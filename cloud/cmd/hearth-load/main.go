// Command hearth-load is Hearth's load benchmark: it signs in -clients times
// (one session each, as that many simulated people would), then keeps
// -clients concurrent workers calling, in turn, the two calls every screen
// makes — GET /api/system/menu/listUserMenuTree and GET
// /api/system/user/getUserInfo — and the two facility pages an admin opens all
// day — POST /api/care/resident/listResidentByPage and POST
// /api/care/caregiver/listCaregiverByPage, 20 per page — for -duration, each
// with a fresh t and matching Sign. -endpoints picks which of the four.
//
// The screen calls use the -clients sessions of -account (a caregiver). The
// facility pages use one session of -admin-account, signed in through its
// e-mailed code step: the code is read from the development outbox
// (HEARTH_DEV=1) as -superadmin.
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
	"regexp"
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

// endpoint is one call under load.
type endpoint struct {
	name   string // for -endpoints
	method string
	path   string
	body   []byte // JSON, POST only
	admin  bool   // sent with the admin's session, not a caregiver's
	public bool   // sent with no token (the /healthz baseline)
}

// firstPage is the list pages' body: page 1, 20 per page, no filter.
var firstPage = []byte(`{"current":1,"size":20,"data":{}}`)

// allEndpoints are the calls hearth-load knows, in the order they are sent.
var allEndpoints = []endpoint{
	{name: "menu", method: http.MethodGet, path: "/api/system/menu/listUserMenuTree"},
	{name: "userinfo", method: http.MethodGet, path: "/api/system/user/getUserInfo"},
	{name: "residents", method: http.MethodPost, path: "/api/care/resident/listResidentByPage", body: firstPage, admin: true},
	{name: "staff", method: http.MethodPost, path: "/api/care/caregiver/listCaregiverByPage", body: firstPage, admin: true},
}

// pickEndpoints resolves -endpoints (comma-separated names) in allEndpoints' order.
func pickEndpoints(list string) ([]endpoint, error) {
	want := map[string]bool{}
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			want[n] = true
		}
	}
	var out []endpoint
	for _, e := range allEndpoints {
		if want[e.name] {
			out = append(out, e)
			delete(want, e.name)
		}
	}
	if len(want) > 0 || len(out) == 0 {
		return nil, fmt.Errorf("-endpoints takes menu, userinfo, residents and/or staff, got %q", list)
	}
	return out, nil
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
	endpointList := flag.String("endpoints", "menu,userinfo,residents,staff", "calls to send in turn: menu, userinfo, residents, staff")
	healthzFor := flag.Duration("healthz", 0, "first load GET /healthz this long with the same workers, and report the mix's rate as a share of it (0: skip)")
	eachFor := flag.Duration("each", 0, "after the mix, load each of its endpoints alone this long, for its own server CPU per request (0: skip)")
	adminAccount := flag.String("admin-account", "admin_maple", "facility admin for the residents and staff pages (code step through the development outbox)")
	adminEmail := flag.String("admin-email", "admin@maple.example", "the admin's e-mail address, where its sign-in code goes")
	adminPassword := flag.String("admin-password", "Demo@2026x", "the admin's password")
	superAdmin := flag.String("superadmin", "superadmin", "account (no code step) that reads the development outbox")
	superPassword := flag.String("superadmin-password", "Demo@2026x", "its password")
	flag.Parse()

	endpoints, err := pickEndpoints(*endpointList)
	if err != nil {
		fail("%v", err)
	}
	needCaregiver, needAdmin := false, false
	for _, e := range endpoints {
		needAdmin = needAdmin || e.admin
		needCaregiver = needCaregiver || !e.admin
	}

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

	// Sign in once per simulated client, and the admin once.
	t0 := time.Now()
	hc := &http.Client{Timeout: 60 * time.Second}
	var sessions []session
	if needCaregiver {
		sessions = make([]session, *clients)
		if err := signInAll(hc, baseURL, *account, auth.EncodePassword([]byte(*aesKey), *password), sessions); err != nil {
			fail("sign-in: %v", err)
		}
		fmt.Printf("signed in %d sessions as %s in %s\n", len(sessions), *account, time.Since(t0).Round(time.Millisecond))
	}
	var admin session
	if needAdmin {
		t1 := time.Now()
		admin, err = signInWithCode(hc, baseURL, *adminAccount, *adminEmail, auth.EncodePassword([]byte(*aesKey), *adminPassword),
			*superAdmin, auth.EncodePassword([]byte(*aesKey), *superPassword))
		if err != nil {
			fail("sign-in of %s: %v", *adminAccount, err)
		}
		fmt.Printf("signed in 1 session as %s (code step through the development outbox) in %s\n", *adminAccount,
			time.Since(t1).Round(time.Millisecond))
	}
	hc.CloseIdleConnections()

	w := uint64(*clients)
	// An attacker is spent once its attack ends (vegeta closes its stop
	// channel), so each phase gets its own.
	newAttacker := func() *vegeta.Attacker {
		return vegeta.NewAttacker(
			vegeta.Workers(w), vegeta.MaxWorkers(w), // exactly -clients concurrent requests
			vegeta.Connections(*clients), // keep one idle keep-alive connection per worker
			vegeta.KeepAlive(true),
			vegeta.Timeout(30*time.Second),
			vegeta.Redirects(vegeta.NoFollow),
		)
	}
	// Freq 0 is unbounded: each worker goes again as soon as it is answered
	// (closed loop). A set rate is open loop, with at most -clients in flight.
	rate := vegeta.Rate{Freq: *rateFlag, Per: time.Second}
	pace, rateWord := "unbounded rate", "unbounded"
	if *rateFlag > 0 {
		pace, rateWord = fmt.Sprintf("%d requests/s", *rateFlag), fmt.Sprintf("%d/s", *rateFlag)
	}
	run := func(title string, eps []endpoint, d time.Duration) phase {
		fmt.Printf("\n== %s: %d workers, %s, %s, against %s\n", title, *clients, pace, d, baseURL)
		ph := attack(newAttacker(), targeterFor(baseURL, eps, sessions, admin), rate, d, eps, *serverPID)
		ph.title = title
		return ph
	}

	// /healthz first, under the same conditions, so the mix's rate can be read
	// against what the server answers with no work at all.
	var health phase
	if *healthzFor > 0 {
		health = run("GET /healthz (no sign-in, no database)", []endpoint{healthz}, *healthzFor)
	}
	mix := run("signed-in mix", endpoints, *duration)
	var each []phase
	if *eachFor > 0 && len(endpoints) > 1 {
		for _, e := range endpoints {
			each = append(each, run(e.name+" alone", []endpoint{e}, *eachFor))
		}
	}
	if health.all != nil || len(each) > 0 {
		compare(os.Stdout, health, mix, each)
	}
	o := mix.all.summary(mix.wall)
	fmt.Printf("\nSUMMARY clients=%d rate=%s duration=%s requests=%d rps=%.0f success=%.2f%% p50=%s p90=%s p99=%s max=%s",
		*clients, rateWord, *duration, o.requests, o.rps, 100*o.success, ms(o.p50), ms(o.p90), ms(o.p99), ms(o.max))
	if mix.serverPerRequest > 0 {
		fmt.Printf(" server_cpu=%.0fus", mix.serverPerRequest)
	}
	if health.all != nil {
		h := health.all.summary(health.wall)
		fmt.Printf(" healthz_rps=%.0f mix/healthz=%.1f%%", h.rps, 100*o.rps/h.rps)
	}
	fmt.Println()
	failed := o.requests == 0 || o.success < *minSuccess
	for _, ph := range append([]phase{health}, each...) {
		if ph.all != nil && ph.all.summary(ph.wall).success < *minSuccess {
			fmt.Fprintf(os.Stderr, "hearth-load: %s: success ratio below %.2f%%\n", ph.title, 100**minSuccess)
			failed = true
		}
	}
	if failed {
		fmt.Fprintf(os.Stderr, "hearth-load: success ratio %.2f%% is below %.2f%%\n", 100*o.success, 100**minSuccess)
		os.Exit(1)
	}
}

// healthz is the liveness probe: no sign-in, no database, no JSON.
var healthz = endpoint{name: "healthz", method: http.MethodGet, path: "/healthz", public: true}

// targeterFor makes the requests of eps: request n goes to eps[n%len] — the
// endpoints take turns — as caregiver session (n/len)%clients, so every
// session is used evenly; the facility pages go as the admin.
func targeterFor(baseURL string, eps []endpoint, sessions []session, admin session) vegeta.Targeter {
	var next atomic.Uint64
	return func(tgt *vegeta.Target) error {
		n := next.Add(1) - 1
		e := eps[n%uint64(len(eps))]
		tgt.Method = e.method
		tgt.Body = e.body
		if e.public {
			tgt.URL = baseURL + e.path
			tgt.Header = http.Header{"Cache-Control": {"no-cache"}}
			return nil
		}
		s := admin
		if !e.admin {
			s = sessions[(n/uint64(len(eps)))%uint64(len(sessions))]
		}
		t := strconv.FormatInt(time.Now().UnixMilli(), 10)
		tgt.URL = baseURL + e.path + "?t=" + t
		tgt.Header = http.Header{
			"Authorization":   {"Bearer " + s.token},
			"Sign":            {auth.Sign(s.token, t, auth.SignPath(e.path))},
			"X-Device-Id":     {s.device},
			"Accept-Language": {"en-US"},
			"Cache-Control":   {"no-cache"},
		}
		if e.body != nil {
			tgt.Header.Set("Content-Type", "application/json")
		}
		return nil
	}
}

// phase is one attack's results.
type phase struct {
	title            string
	all              *endpointStats
	wall             time.Duration
	serverPerRequest float64 // µs of the server's CPU per request; 0 when unknown
}

// attack runs one load phase and prints its report.
func attack(attacker *vegeta.Attacker, tr vegeta.Targeter, rate vegeta.Rate, d time.Duration, eps []endpoint, serverPID int) phase {
	stats := map[string]*endpointStats{}
	for _, e := range eps {
		stats[e.path] = &endpointStats{}
	}
	all := &endpointStats{}
	failures := map[string]int{}
	start := time.Now()
	cpu0 := sampleCPU(serverPID)
	for res := range attacker.Attack(tr, rate, d, "hearth") {
		path := endpointOf(res.URL)
		ok, why := judge(res, path == healthz.path)
		if !ok {
			failures[path+": "+why]++
		}
		if st := stats[path]; st != nil {
			st.add(res, ok)
		}
		all.add(res, ok)
	}
	wall := time.Since(start)
	cpu1 := sampleCPU(serverPID)

	report(os.Stdout, eps, stats, all, wall)
	ph := phase{all: all, wall: wall}
	ph.serverPerRequest = cpuReport(os.Stdout, cpu0, cpu1, serverPID, len(all.latencies))
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
	return ph
}

// compare prints the phases of one run side by side: the mix against
// /healthz, and each endpoint alone with its own server CPU per request.
func compare(w io.Writer, health, mix phase, each []phase) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\nphase\treq/s\tp50\tp99\tserver CPU/request\tof /healthz req/s\t\n")
	var h float64
	if health.all != nil {
		h = health.all.summary(health.wall).rps
	}
	for _, ph := range append([]phase{health, mix}, each...) {
		if ph.all == nil {
			continue
		}
		o := ph.all.summary(ph.wall)
		cpu, ratio := "?", "—"
		if ph.serverPerRequest > 0 {
			cpu = fmt.Sprintf("%.0f µs", ph.serverPerRequest)
		}
		if h > 0 {
			ratio = fmt.Sprintf("%.1f%%", 100*o.rps/h)
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%s\t%s\t\n", ph.title, o.rps, ms(o.p50), ms(o.p99), cpu, ratio)
	}
	tw.Flush()
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

// loginAnswer is what hearth-load reads of a sign-in answer.
type loginAnswer struct {
	Token                   string `json:"token"`
	TwoFactorAuthentication bool   `json:"twoFactorAuthentication"`
	ChallengeID             string `json:"challengeId"`
	LoginTenantList         []any  `json:"loginTenantList"`
}

// call sends one request (signed when s has a token) and decodes the
// envelope's data into out; an answer other than HTTP 200 with code 0000 is an error.
func call(hc *http.Client, baseURL, method, path string, body any, s session, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	t := strconv.FormatInt(time.Now().UnixMilli(), 10)
	target, sep := path, "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, baseURL+target+sep+"t="+t, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Device-Id", s.device)
	req.Header.Set("Accept-Language", "en-US")
	req.Header.Set("Cache-Control", "no-cache")
	if s.token != "" {
		p, _, _ := strings.Cut(path, "?")
		req.Header.Set("Authorization", "Bearer "+s.token)
		req.Header.Set("Sign", auth.Sign(s.token, t, auth.SignPath(p)))
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	var env struct {
		Code    string          `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("HTTP %d, unreadable answer: %.200s", resp.StatusCode, raw)
	}
	if resp.StatusCode != http.StatusOK || env.Code != "0000" {
		return fmt.Errorf("HTTP %d code %s: %s", resp.StatusCode, env.Code, env.Message)
	}
	if out != nil && len(env.Data) > 0 {
		return json.Unmarshal(env.Data, out)
	}
	return nil
}

func login(hc *http.Client, baseURL, account, encoded, device string) (*loginAnswer, error) {
	var a loginAnswer
	if err := call(hc, baseURL, http.MethodPost, "/api/system/user/login",
		map[string]string{"account": account, "password": encoded}, session{device: device}, &a); err != nil {
		return nil, err
	}
	if len(a.LoginTenantList) > 0 {
		return nil, fmt.Errorf("account %s belongs to several facilities; use an account with one", account)
	}
	return &a, nil
}

func signIn(hc *http.Client, baseURL, account, encoded, device string) (string, error) {
	a, err := login(hc, baseURL, account, encoded, device)
	switch {
	case err != nil:
		return "", err
	case a.TwoFactorAuthentication:
		return "", fmt.Errorf("account %s asks for a two-factor code; use an account without one (e.g. caregiver_maple1)", account)
	case a.Token == "":
		return "", errors.New("answer has no token")
	}
	return a.Token, nil
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// signInWithCode signs in an account that has the e-mailed code step: the
// password step, then the code, read from the development outbox (GET
// /api/system/dev/outbox, HEARTH_DEV=1 only) as the super admin.
func signInWithCode(hc *http.Client, baseURL, account, email, encoded, superAdmin, superEncoded string) (session, error) {
	s := session{device: randomID()}
	a, err := login(hc, baseURL, account, encoded, s.device)
	if err != nil {
		return s, err
	}
	if !a.TwoFactorAuthentication {
		if a.Token == "" {
			return s, errors.New("answer has no token")
		}
		s.token = a.Token
		return s, nil
	}
	sa := session{device: randomID()}
	if sa.token, err = signIn(hc, baseURL, superAdmin, superEncoded, sa.device); err != nil {
		return s, fmt.Errorf("%s (to read the development outbox): %w", superAdmin, err)
	}
	var mails []struct {
		Body string `json:"body"`
	}
	if err := call(hc, baseURL, http.MethodGet, "/api/system/dev/outbox?to="+url.QueryEscape(email), nil, sa, &mails); err != nil {
		return s, fmt.Errorf("development outbox (the server needs HEARTH_DEV=1): %w", err)
	}
	if len(mails) == 0 { // newest first
		return s, fmt.Errorf("no mail to %s in the development outbox", email)
	}
	// The newest mail with a code: the server may have mailed the person
	// something else since (a background job's reminder).
	var code []string
	for _, m := range mails {
		if code = sixDigits.FindStringSubmatch(m.Body); code != nil {
			break
		}
	}
	if code == nil {
		return s, fmt.Errorf("no mail to %s holds a 6-digit code", email)
	}
	var done loginAnswer
	if err := call(hc, baseURL, http.MethodPost, "/api/system/user/twoFactorAuthentication",
		map[string]string{"account": account, "verifyCode": code[1], "challengeId": a.ChallengeID}, s, &done); err != nil {
		return s, fmt.Errorf("code step: %w", err)
	}
	if done.Token == "" {
		return s, errors.New("code step answered no token")
	}
	s.token = done.Token
	return s, nil
}

// judge says whether a result is a success: no transport error, HTTP 200 and
// envelope code "0000".
func judge(r *vegeta.Result, plain bool) (bool, string) {
	if r.Error != "" && r.Code == 0 {
		return false, "transport: " + r.Error
	}
	if r.Code != http.StatusOK {
		return false, "HTTP " + strconv.Itoa(int(r.Code))
	}
	if plain { // /healthz answers "ok", not an envelope
		return true, ""
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

func report(w io.Writer, endpoints []endpoint, stats map[string]*endpointStats, all *endpointStats, wall time.Duration) {
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
	for _, e := range endpoints {
		line(e.method+" "+e.path, stats[e.path])
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
func cpuReport(w io.Writer, a, b cpuSample, serverPID, requests int) (serverPerRequest float64) {
	wall := b.at.Sub(a.at)
	self := b.self - a.self
	if !a.haveProc || !b.haveProc || b.total <= a.total {
		fmt.Fprintf(w, "\nload generator CPU: %.1f s over %.1f s\n", self.Seconds(), wall.Seconds())
		return 0
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
			serverPerRequest = per(server)
			fmt.Fprintf(w, ", hearth server %.0f µs", serverPerRequest)
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
	return serverPerRequest
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
