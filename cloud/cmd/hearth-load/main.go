// Command hearth-load is Hearth's load benchmark. It signs in -clients times
// as a caregiver (-account: one session each, as that many people would),
// once as a facility admin and once as the owner (both through their e-mailed
// code step, read from the development outbox as -superadmin, HEARTH_DEV=1),
// reads what the calls need of the caregiver's facility (its day, residents,
// chats, the passes open now, the tasks due), and then keeps -clients
// concurrent workers sending the calls of -endpoints for -duration.
//
// The calls are what the UI's pages send when they open and on their refresh
// timers, per role (calls.go names each with the page it comes from), and the
// writes of a shift, each with valid data made at run time (a pass open now,
// a PRN dose and then its check, a task due completed and then corrected, a
// note, a vital, a care record, a chat message, a punch, an incident draft;
// unique client ids). -endpoints takes call names and sets: "shift" is the
// weighted mix of an hour of a home on shift (page opens, timers and writes
// at their share), "pages" every page call in turn, "writes", a role, a page;
// -list prints them. The first figures' four calls keep their names (menu,
// userinfo, residents, staff: the default).
//
// A page call is kept only for a role whose menu has its page. Before the
// load every call is sent once and must succeed (the first failing answer is
// printed). The attack is closed-loop and unbounded (vegeta's Rate{Freq: 0}
// with exactly -clients workers) unless -rate is set. A request counts as a
// success only with HTTP 200 and envelope code "0000"; a write that fails is
// a failure. -healthz first loads GET /healthz for the mix's share of its
// rate; -each then loads every call alone (a write at most -each-writes
// times) for its own server CPU per request (/proc/<-server-pid>/stat). The
// server's resident memory (VmRSS) is sampled during each phase. It exits 1
// when a phase's success ratio is below -min-success.
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

type session struct {
	token  string
	device string
}

func main() {
	base := flag.String("url", "http://127.0.0.1:18090", "server base URL")
	clients := flag.Int("clients", 50, "simulated clients: caregiver sign-ins and concurrent workers")
	duration := flag.Duration("duration", 30*time.Second, "how long to keep the load on")
	account := flag.String("account", "caregiver_maple1", "caregiver account to sign in as (must have no two-factor step)")
	password := flag.String("password", "Demo@2026x", "its password")
	aesKey := flag.String("aeskey", "HearthLoginKey16", "login AES key (HEARTH_LOGIN_AES_KEY), 16 bytes")
	minSuccess := flag.Float64("min-success", 0.99, "exit 1 when a phase's success ratio is below this")
	rateFlag := flag.Int("rate", 0, "requests per second in all; 0 (the default) is unbounded: each worker goes again as soon as it is answered")
	serverPID := flag.Int("server-pid", 0, "the server's process id, to report its CPU and memory during the load (Linux; optional)")
	endpointList := flag.String("endpoints", strings.Join(legacy, ","), "calls and sets to send (-list prints them); \"shift\" is the weighted shift mix")
	healthzFor := flag.Duration("healthz", 0, "first load GET /healthz this long with the same workers, and report the mix's rate as a share of it (0: skip)")
	eachFor := flag.Duration("each", 0, "after the mix, load each of its calls alone this long, for its own server CPU per request (0: skip)")
	eachWrites := flag.Int("each-writes", 300, "a write alone is sent at most this many times (each adds rows)")
	eachList := flag.String("each-endpoints", "", "calls and sets to load alone with -each (default: every call of the mix)")
	list := flag.Bool("list", false, "print the calls and sets and exit")
	flag.StringVar(&postgresDB, "postgres-db", "", "count the CPU of the PostgreSQL backends of this database only (\"\": every postgres process; \"none\": none, as for SQLite)")
	adminAccount := flag.String("admin-account", "admin_maple", "facility admin (code step through the development outbox)")
	adminEmail := flag.String("admin-email", "admin@maple.example", "the admin's e-mail address, where its sign-in code goes")
	adminPassword := flag.String("admin-password", "Demo@2026x", "the admin's password")
	ownerAccount := flag.String("owner-account", "owner_evergreen", "facility owner, signed in to the caregiver's facility (code step through the development outbox)")
	ownerEmail := flag.String("owner-email", "owner@evergreen.example", "the owner's e-mail address")
	ownerPassword := flag.String("owner-password", "Demo@2026x", "the owner's password")
	superAdmin := flag.String("superadmin", "superadmin", "account (no code step) that reads the development outbox")
	superPassword := flag.String("superadmin-password", "Demo@2026x", "its password")
	flag.Parse()

	all := catalogue()
	if *list {
		printList(os.Stdout, all)
		return
	}
	calls, weighted, err := pickCalls(all, *endpointList)
	if err != nil {
		fail("%v", err)
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
	need := map[role]bool{}
	for _, c := range calls {
		need[c.role] = true
	}
	needWorld := slices.ContainsFunc(calls, func(c *loadCall) bool { return !slices.Contains(legacy, c.name) })
	need[caregiver] = need[caregiver] || needWorld

	// Sign in once per simulated caregiver, the admin and the owner once.
	t0 := time.Now()
	hc := &http.Client{Timeout: 60 * time.Second}
	enc := func(pw string) string { return auth.EncodePassword([]byte(*aesKey), pw) }
	var st state
	st.sessions = map[role][]session{}
	if need[caregiver] {
		sessions := make([]session, *clients)
		if err := signInAll(hc, baseURL, *account, enc(*password), sessions); err != nil {
			fail("sign-in: %v", err)
		}
		st.sessions[caregiver] = sessions
		fmt.Printf("signed in %d sessions as %s in %s\n", len(sessions), *account, time.Since(t0).Round(time.Millisecond))
	}
	tenant := ""
	if need[caregiver] {
		var me struct {
			TenantID string `json:"tenantId"`
		}
		if err := call(hc, baseURL, http.MethodGet, "/api/system/user/getUserInfo", nil, st.sessions[caregiver][0], &me); err != nil {
			fail("user info of %s: %v", *account, err)
		}
		tenant = me.TenantID
	}
	for _, m := range []struct {
		r                        role
		account, email, password string
	}{{admin, *adminAccount, *adminEmail, *adminPassword}, {owner, *ownerAccount, *ownerEmail, *ownerPassword}} {
		if !need[m.r] {
			continue
		}
		t1 := time.Now()
		s, err := signInWithCode(hc, baseURL, m.account, m.email, enc(m.password), tenant, *superAdmin, enc(*superPassword))
		if err != nil {
			fail("sign-in of %s: %v", m.account, err)
		}
		st.sessions[m.r] = []session{s}
		fmt.Printf("signed in 1 session as %s (code step through the development outbox) in %s\n", m.account, time.Since(t1).Round(time.Millisecond))
	}

	// Keep each role's page calls only where its menu has the page.
	if needWorld {
		calls = byMenu(hc, baseURL, st.sessions, calls)
		others := map[role]session{}
		for _, r := range []role{admin, owner} {
			if s := st.sessions[r]; len(s) > 0 {
				others[r] = s[0]
			}
		}
		if st.world, err = learn(hc, baseURL, st.sessions[caregiver][0], others); err != nil {
			fail("reading the facility: %v", err)
		}
		w := st.world
		fmt.Printf("facility day %s; profile of resident %s; %d passes to chart (%d open now), %d tasks due, %d as-needed tasks, %d PRN orders, %d chats\n",
			w.day, w.residentID, w.passes.size(), countReady(&w.passes), w.tasks.size(), len(w.asNeeded), len(w.prnOrders), len(w.chatIDs))
		calls = slices.DeleteFunc(calls, func(c *loadCall) bool {
			if strings.HasSuffix(c.name, ".chat.messages") || strings.HasSuffix(c.name, ".chat.readAll") {
				if w.chatOf[c.role] == "" {
					fmt.Printf("left out %s: %s has no chat\n", c.name, c.role)
					return true
				}
			}
			return false
		})
	}
	if len(calls) == 0 {
		fail("no call left to send")
	}
	// Every call once, before the load: each must succeed.
	if err := st.check(hc, baseURL, calls); err != nil {
		fail("%v", err)
	}
	hc.CloseIdleConnections()

	// An attacker is spent once its attack ends (vegeta closes its stop
	// channel), so each phase gets its own.
	newAttacker := func(w uint64) *vegeta.Attacker {
		return vegeta.NewAttacker(
			vegeta.Workers(w), vegeta.MaxWorkers(w), // exactly -clients concurrent requests
			vegeta.Connections(int(w)), // keep one idle keep-alive connection per worker
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
	run := func(title string, cs []*loadCall, weighted bool, d time.Duration, limit, workers int) phase {
		if workers <= 0 || workers > *clients {
			workers = *clients
		}
		fmt.Printf("\n== %s: %d workers, %s, %s, against %s\n", title, workers, pace, d, baseURL)
		tr := st.targeter(baseURL, wheel(cs, weighted), limit)
		ph := st.attack(newAttacker(uint64(workers)), tr, rate, d, cs, *serverPID)
		ph.title = title
		return ph
	}

	// /healthz first, under the same conditions, so the mix's rate can be read
	// against what the server answers with no work at all.
	var health phase
	if *healthzFor > 0 {
		health = run("GET /healthz (no sign-in, no database)", []*loadCall{healthz}, false, *healthzFor, 0, 0)
	}
	mixTitle := "signed-in mix"
	if weighted {
		mixTitle = "shift mix"
		fmt.Printf("\nshift mix, share of calls (%d calls; the rest below 0.5%%): %s\n", len(calls), strings.Join(shares(wheel(calls, true)), ", "))
	}
	if st.world != nil {
		// The mix leaves half of each finite pool to the call's own phase.
		st.world.passes.keepHalf()
		st.world.tasks.keepHalf()
	}
	mix := run(mixTitle, calls, weighted, *duration, 0, 0)
	var each []phase
	if *eachFor > 0 && (len(calls) > 1 || *eachList != "") {
		if st.world != nil {
			st.world.passes.release()
			st.world.tasks.release()
		}
		// Reads first, then the writes in the order their inputs are made
		// (a PRN dose before its check, a completion before its correction).
		order := slices.Clone(calls)
		if *eachList != "" {
			alone, _, err := pickCalls(all, *eachList)
			if err != nil {
				fail("-each-endpoints: %v", err)
			}
			order = slices.DeleteFunc(order, func(c *loadCall) bool { return !slices.Contains(alone, c) })
		}
		slices.SortStableFunc(order, func(a, b *loadCall) int {
			switch {
			case a.write == b.write:
				return 0
			case a.write:
				return 1
			}
			return -1
		})
		for _, c := range order {
			limit, workers := 0, 0
			if c.write {
				limit = *eachWrites
			}
			if c.aloneWorkers != nil && st.world != nil {
				workers = max(1, c.aloneWorkers(st.world))
			}
			each = append(each, run(c.name+" alone", []*loadCall{c}, false, *eachFor, limit, workers))
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
	if mix.rssMax > 0 {
		fmt.Printf(" server_rss_max=%.0fMB", float64(mix.rssMax)/(1<<20))
	}
	if health.all != nil {
		h := health.all.summary(health.wall)
		fmt.Printf(" healthz_rps=%.0f mix/healthz=%.1f%%", h.rps, 100*o.rps/h.rps)
	}
	fmt.Println()
	failed := false
	if o.requests == 0 || o.success < *minSuccess {
		fmt.Fprintf(os.Stderr, "hearth-load: mix success ratio %.2f%%, wanted at least %.2f%%\n", 100*o.success, 100**minSuccess)
		failed = true
	}
	for _, ph := range append([]phase{health}, each...) {
		// A write alone with no input left (no pass open now) sent nothing: not a failure.
		if ph.all != nil && len(ph.all.latencies) > 0 && ph.all.summary(ph.wall).success < *minSuccess {
			fmt.Fprintf(os.Stderr, "hearth-load: %s: success ratio below %.2f%%\n", ph.title, 100**minSuccess)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

func countReady(p *pool[passInput]) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, v := range p.items {
		if p.ready(v) {
			n++
		}
	}
	return n
}

// printList prints every call (role, page, method, path, share of an hour) and the sets.
func printList(out io.Writer, all []*loadCall) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "call\trole\tpage (menu)\trequest\tper person-hour\t\n")
	for _, c := range all {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s %s\t%.2f\t\n", c.name, c.role, c.page, c.method, c.path, c.perHour)
	}
	tw.Flush()
	fmt.Fprintln(out, "\nsets: shift (the weighted mix: per person-hour × people on shift: caregiver 2, admin 0.5, owner 0.25),")
	fmt.Fprintln(out, "      pages (every page call in turn), writes, caregiver, admin, owner (a role's page calls),")
	fmt.Fprintln(out, "      a page (shell, dashboard, emars, task, calendar, residents, profile, notes, health, care, incidents,")
	fmt.Fprintln(out, "      shiftReport, schedule, hours, staff, chat), a name prefix ending in '.' (caregiver.emars.)")
}

// byMenu keeps a role's page calls when its menu has the page.
func byMenu(hc *http.Client, baseURL string, sessions map[role][]session, calls []*loadCall) []*loadCall {
	menus := map[role]map[string]bool{}
	for r, s := range sessions {
		var tree []menuItem
		if err := call(hc, baseURL, http.MethodGet, "/api/system/menu/listUserMenuTree", nil, s[0], &tree); err != nil {
			fail("menu of the %s: %v", r, err)
		}
		menus[r] = map[string]bool{}
		var walk func([]menuItem)
		walk = func(items []menuItem) {
			for _, m := range items {
				menus[r][m.MenuURL] = true
				walk(m.Children)
			}
		}
		walk(tree)
	}
	var dropped []string
	out := slices.DeleteFunc(calls, func(c *loadCall) bool {
		if c.page == "" || c.role == public || menus[c.role][c.page] {
			return false
		}
		dropped = append(dropped, c.name)
		return true
	})
	if len(dropped) > 0 {
		fmt.Printf("left out (the role's menu has no such page): %s\n", strings.Join(dropped, ", "))
	}
	return out
}

type menuItem struct {
	MenuURL  string     `json:"menuUrl"`
	Children []menuItem `json:"children"`
}

// state is what the phases share: the sessions and the facility's world.
type state struct {
	sessions map[role][]session
	world    *world
}

// healthz is the liveness probe: no sign-in, no database, no JSON.
var healthz = &loadCall{name: "healthz", role: public, method: http.MethodGet, path: "/healthz"}

// request makes call c's URL, headers and body as session s; false when a
// write has no valid input left.
func (st *state) request(c *loadCall, s session, baseURL string) (target string, h http.Header, body []byte, ok bool) {
	if c.role == public {
		return baseURL + c.path + "#" + c.name, http.Header{"Cache-Control": {"no-cache"}}, nil, true
	}
	tag := ""
	switch {
	case c.next != nil:
		if body, ok = c.next(st.world); !ok {
			return "", nil, nil, false
		}
	case c.tagged != nil:
		if body, tag, ok = c.tagged(st.world); !ok {
			return "", nil, nil, false
		}
	case c.body != nil:
		body = c.body(st.world)
	}
	t := strconv.FormatInt(time.Now().UnixMilli(), 10)
	target = baseURL + c.path + "?t=" + t
	if c.query != nil {
		target += "&" + c.query(st.world).Encode()
	}
	// The fragment names the call (and the input it was lent) in its result; it is not sent.
	target += "#" + c.name
	if tag != "" {
		target += "/" + tag
	}
	h = http.Header{
		"Authorization":   {"Bearer " + s.token},
		"Sign":            {auth.Sign(s.token, t, auth.SignPath(c.path))},
		"X-Device-Id":     {s.device},
		"Accept-Language": {"en-US"},
		"Cache-Control":   {"no-cache"},
	}
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	return target, h, body, true
}

// check sends every call once; the first failing answer stops the run.
func (st *state) check(hc *http.Client, baseURL string, calls []*loadCall) error {
	skipped := []string{}
	for _, c := range calls {
		s := session{}
		if c.role != public {
			s = st.sessions[c.role][0]
		}
		target, h, body, ok := st.request(c, s, baseURL)
		if !ok {
			skipped = append(skipped, c.name)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		req, err := http.NewRequestWithContext(ctx, c.method, target, bytes.NewReader(body))
		if err != nil {
			cancel()
			return err
		}
		req.Header = h
		resp, err := hc.Do(req)
		if err != nil {
			cancel()
			return fmt.Errorf("%s (%s %s): %w", c.name, c.method, c.path, err)
		}
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		cancel()
		if _, tag := callOf(target); tag != "" && c.release != nil {
			c.release(st.world, tag)
		}
		res := &vegeta.Result{Code: uint16(resp.StatusCode), Body: raw}
		if ok, why := judge(res, c.role == public); !ok {
			return fmt.Errorf("%s (%s %s as the %s, body %s) failed: %s; answer: %.600s", c.name, c.method, c.path, c.role, body, why, raw)
		}
		if c.answered != nil {
			c.answered(st.world, dataOf(raw))
		}
	}
	fmt.Printf("checked %d calls: each answered 0000", len(calls)-len(skipped))
	if len(skipped) > 0 {
		fmt.Printf(" (no input left to check: %s)", strings.Join(skipped, ", "))
	}
	fmt.Println()
	return nil
}

func dataOf(raw []byte) json.RawMessage {
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal(raw, &env)
	return env.Data
}

// targeter sends the calls of wh in turn, as caregiver session n%clients
// (admin and owner: their one session). A write without input left is
// passed over in a mix; alone (a one-call wheel) it ends the phase, as does
// reaching limit requests (0: none).
func (st *state) targeter(baseURL string, wh []*loadCall, limit int) vegeta.Targeter {
	var next, sent atomic.Uint64
	return func(tgt *vegeta.Target) error {
		for tries := 0; tries < len(wh); tries++ {
			n := next.Add(1) - 1
			c := wh[n%uint64(len(wh))]
			var s session
			if c.role != public {
				ss := st.sessions[c.role]
				s = ss[(n/uint64(len(wh)))%uint64(len(ss))]
			}
			if limit > 0 && sent.Load() >= uint64(limit) {
				return vegeta.ErrNoTargets
			}
			target, h, body, ok := st.request(c, s, baseURL)
			if !ok {
				if st.world != nil {
					st.world.skipped(c.name)
				}
				continue
			}
			sent.Add(1)
			tgt.Method, tgt.URL, tgt.Header, tgt.Body = c.method, target, h, body
			return nil
		}
		return vegeta.ErrNoTargets
	}
}

// phase is one attack's results.
type phase struct {
	title              string
	all                *endpointStats
	wall               time.Duration
	serverPerRequest   float64 // µs of the server's CPU per request; 0 when unknown
	postgresPerRequest float64 // µs of the database's PostgreSQL backends' CPU per request (ticks); 0 when none
	rssMax             int64   // bytes; 0 when unknown
}

// attack runs one load phase and prints its report.
func (st *state) attack(attacker *vegeta.Attacker, tr vegeta.Targeter, rate vegeta.Rate, d time.Duration, cs []*loadCall, serverPID int) phase {
	stats := map[string]*endpointStats{}
	byName := map[string]*loadCall{}
	for _, c := range cs {
		stats[c.name] = &endpointStats{}
		byName[c.name] = c
	}
	all := &endpointStats{}
	failures := map[string]int{}
	firstFailure := ""
	var skippedBefore map[string]int
	if st.world != nil {
		skippedBefore = st.world.skips()
	}
	rss := watchRSS(serverPID)
	start := time.Now()
	cpu0 := sampleCPU(serverPID)
	for res := range attacker.Attack(tr, rate, d, "hearth") {
		if res.Error == vegeta.ErrNoTargets.Error() && res.Code == 0 {
			continue // a finite write's inputs ran out: not a request
		}
		name, tag := callOf(res.URL)
		c := byName[name]
		if tag != "" && c != nil && c.release != nil {
			c.release(st.world, tag)
		}
		ok, why := judge(res, c != nil && c.role == public)
		if !ok {
			failures[name+": "+why]++
			if firstFailure == "" {
				firstFailure = fmt.Sprintf("%s %s: %s; answer: %.600s", res.Method, res.URL, why, res.Body)
			}
		} else if c != nil && c.answered != nil {
			c.answered(st.world, dataOf(res.Body))
		}
		if s := stats[name]; s != nil {
			s.add(res, ok)
		}
		all.add(res, ok)
	}
	wall := time.Since(start)
	cpu1 := sampleCPU(serverPID)
	rssMax := rss()

	report(os.Stdout, cs, stats, all, wall)
	ph := phase{all: all, wall: wall, rssMax: rssMax}
	ph.serverPerRequest, ph.postgresPerRequest = cpuReport(os.Stdout, cpu0, cpu1, serverPID, len(all.latencies))
	if rssMax > 0 {
		fmt.Printf("server memory: at most %.0f MB resident during the phase\n", float64(rssMax)/(1<<20))
	}
	if st.world != nil {
		var passed []string
		for name, n := range st.world.skips() {
			if n > skippedBefore[name] {
				passed = append(passed, fmt.Sprintf("%s %d", name, n-skippedBefore[name]))
			}
		}
		slices.Sort(passed)
		if len(passed) > 0 {
			fmt.Printf("passed over (no valid input left: passes open now, tasks due, a PRN dose without its check): %s\n", strings.Join(passed, ", "))
		}
	}
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
		fmt.Printf("first failure: %s\n", firstFailure)
	}
	return ph
}

// watchRSS samples the server's resident memory every 100 ms until the
// returned function is called, which answers the most seen (bytes; 0 when
// unknown).
func watchRSS(pid int) func() int64 {
	if pid <= 0 {
		return func() int64 { return 0 }
	}
	var most atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	sample := func() {
		if v := rssOf(pid); v > most.Load() {
			most.Store(v)
		}
	}
	go func() {
		defer close(done)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			sample()
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-done
		sample()
		return most.Load()
	}
}

// rssOf reads VmRSS of /proc/PID/status (bytes; 0 when unknown).
func rssOf(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

// compare prints the phases of one run side by side: the mix against
// /healthz, and each call alone with its own server CPU per request.
func compare(w io.Writer, health, mix phase, each []phase) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\nphase\trequests\treq/s\tp50\tp99\tserver CPU/request\tpostgres CPU/request\tof /healthz req/s\tserver RSS max\t\n")
	var h float64
	if health.all != nil {
		h = health.all.summary(health.wall).rps
	}
	for _, ph := range append([]phase{health, mix}, each...) {
		if ph.all == nil {
			continue
		}
		o := ph.all.summary(ph.wall)
		if o.requests == 0 {
			fmt.Fprintf(tw, "%s\t0\t\t\t\t(no valid input left)\t\t\t\t\n", ph.title)
			continue
		}
		cpu, pg, ratio, rss := "?", "—", "—", "?"
		if ph.serverPerRequest > 0 {
			cpu = fmt.Sprintf("%.0f µs", ph.serverPerRequest)
		}
		if ph.postgresPerRequest > 0 {
			pg = fmt.Sprintf("%.0f µs", ph.postgresPerRequest)
		}
		if h > 0 {
			ratio = fmt.Sprintf("%.1f%%", 100*o.rps/h)
		}
		if ph.rssMax > 0 {
			rss = fmt.Sprintf("%.0f MB", float64(ph.rssMax)/(1<<20))
		}
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\t\n", ph.title, o.requests, o.rps, ms(o.p50), ms(o.p99), cpu, pg, ratio, rss)
	}
	tw.Flush()
}

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
	Token                   string        `json:"token"`
	TwoFactorAuthentication bool          `json:"twoFactorAuthentication"`
	ChallengeID             string        `json:"challengeId"`
	LoginTenantList         []loginTenant `json:"loginTenantList"`
}

type loginTenant struct {
	TenantID string `json:"tenantId"`
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

func login(hc *http.Client, baseURL, account, encoded, tenant, device string) (*loginAnswer, error) {
	var a loginAnswer
	body := map[string]string{"account": account, "password": encoded}
	if err := call(hc, baseURL, http.MethodPost, "/api/system/user/login", body, session{device: device}, &a); err != nil {
		return nil, err
	}
	if len(a.LoginTenantList) > 0 {
		// Several facilities: the one the caregiver works in.
		if tenant == "" || !slices.ContainsFunc(a.LoginTenantList, func(t loginTenant) bool { return t.TenantID == tenant }) {
			return nil, fmt.Errorf("account %s belongs to several facilities, none of them the caregiver's", account)
		}
		body["tenantId"] = tenant
		a = loginAnswer{}
		if err := call(hc, baseURL, http.MethodPost, "/api/system/user/login", body, session{device: device}, &a); err != nil {
			return nil, err
		}
	}
	return &a, nil
}

func signIn(hc *http.Client, baseURL, account, encoded, device string) (string, error) {
	a, err := login(hc, baseURL, account, encoded, "", device)
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
func signInWithCode(hc *http.Client, baseURL, account, email, encoded, tenant, superAdmin, superEncoded string) (session, error) {
	s := session{device: randomID()}
	a, err := login(hc, baseURL, account, encoded, tenant, s.device)
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

// callOf is the call a result's URL names in its fragment, and the input it was lent.
func callOf(rawURL string) (name, tag string) {
	if u, err := url.Parse(rawURL); err == nil {
		if u.Fragment != "" {
			name, tag, _ = strings.Cut(u.Fragment, "/")
			return name, tag
		}
		return u.Path, ""
	}
	return rawURL, ""
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

func report(w io.Writer, cs []*loadCall, stats map[string]*endpointStats, all *endpointStats, wall time.Duration) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\ncall\trequests\treq/s\tsuccess\tp50\tp90\tp99\tmax\tHTTP codes\t\n")
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
	for _, c := range cs {
		line(c.name, stats[c.name])
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
	server, postgres    time.Duration // -server-pid; the postgres processes of -postgres-db
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
			// Nanoseconds where the kernel has them: a write alone may be a few
			// calls (the passes open now), too few for 10 ms ticks.
			if ns, ok := threadsCPU(serverPID); ok {
				s.server = ns
			}
		}
	}
	if postgresDB == "none" {
		return s
	}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		if name, cpu, ok := procCPU(e.Name()); ok && name == "postgres" && ourBackend(e.Name()) {
			s.postgres += cpu
		}
	}
	return s
}

// postgresDB is -postgres-db: whose PostgreSQL backends count as the
// server's database ("" every postgres process, "none" none).
var postgresDB string

// ourBackend says whether postgres process pid serves postgresDB: a
// backend's title (its cmdline) is "postgres: [CLUSTER: ]USER DATABASE HOST(PORT) ..."
// (Debian's packages add the cluster name).
func ourBackend(pid string) bool {
	if postgresDB == "" {
		return true
	}
	b, err := os.ReadFile("/proc/" + pid + "/cmdline")
	if err != nil {
		return false
	}
	f := strings.Fields(strings.ReplaceAll(string(b), "\x00", " "))
	if len(f) < 3 || f[0] != "postgres:" {
		return false
	}
	return slices.Contains(f[2:min(len(f), 4)], postgresDB)
}

// threadsCPU sums the time on CPU of a process's threads from
// /proc/PID/task/*/schedstat (its first field, in nanoseconds; the kernel's
// scheduler statistics). A thread that ended takes its time with it: Go's
// runtime seldom ends one.
func threadsCPU(pid int) (time.Duration, bool) {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, false
	}
	var sum time.Duration
	for _, e := range entries {
		b, err := os.ReadFile(dir + "/" + e.Name() + "/schedstat")
		if err != nil {
			continue // the thread ended meanwhile
		}
		f := strings.Fields(string(b))
		if len(f) == 0 {
			return 0, false
		}
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, false
		}
		sum += time.Duration(ns)
	}
	return sum, sum > 0
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
func cpuReport(w io.Writer, a, b cpuSample, serverPID, requests int) (serverPerRequest, postgresPerRequest float64) {
	wall := b.at.Sub(a.at)
	self := b.self - a.self
	if !a.haveProc || !b.haveProc || b.total <= a.total {
		fmt.Fprintf(w, "\nload generator CPU: %.1f s over %.1f s\n", self.Seconds(), wall.Seconds())
		return 0, 0
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
			postgresPerRequest = per(pg)
			fmt.Fprintf(w, ", postgres %.0f µs", postgresPerRequest)
		}
		fmt.Fprintln(w)
	}
	if other.Seconds() > 0.05*total.Seconds() {
		fmt.Fprintf(w, "WARNING: other processes used %.0f%% of the machine during the load: these figures are disturbed; run again on a quiet machine\n",
			100*other.Seconds()/total.Seconds())
	}
	return serverPerRequest, postgresPerRequest
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
