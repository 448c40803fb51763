package core

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/md5"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/shared"
)

// The med pass offline, against the real cloud: orders are made through the
// eMAR's own calls by the Maple admin, passes are logged by the demo
// caregivers through the core (the owner window) and directly on the cloud
// (another device).

const demoPassword = "Demo@2026x" // cloud/feature/demo DemoPassword

// demoEmails are the demo accounts with two-factor sign-in (cloud/feature/demo Accounts).
var demoEmails = map[string]string{"admin_maple": "admin@maple.example", "owner_evergreen": "owner@evergreen.example"}

// person is someone signed in on the cloud: their token and device.
type person struct {
	name, account string
	token         string
	device        string
	who           string
}

// signIn signs account in on the cloud (the e-mailed code read from the dev
// outbox as the super admin when the account has two-factor sign-in).
func signIn(tb testing.TB, cloud *testCloud, account, name string) *person {
	tb.Helper()
	var cfg shared.PublicConfig
	cloudCall(tb, cloud, nil, "GET", "/api/system/config/public", nil).must(tb, shared.CodeOK).into(tb, &cfg)
	p := &person{name: name, account: account, device: "test-" + account}
	var lr shared.LoginResult
	cloudCall(tb, cloud, p, "POST", "/api/system/user/login", shared.LoginRequest{Account: account, Password: encodePassword(tb, cfg.LoginAESKey, demoPassword)}).
		must(tb, shared.CodeOK).into(tb, &lr)
	if lr.TwoFactorAuthentication {
		admin := signIn(tb, cloud, "superadmin", "Avery Platform")
		var mails []shared.OutboxMail
		cloudCall(tb, cloud, admin, "GET", "/api/system/dev/outbox?to="+demoEmails[account], nil).must(tb, shared.CodeOK).into(tb, &mails)
		code := ""
		for _, m := range mails { // newest first
			if sub := regexp.MustCompile(`\b(\d{6})\b`).FindStringSubmatch(m.Body); sub != nil {
				code = sub[1]
				break
			}
		}
		if code == "" {
			tb.Fatalf("no sign-in code mailed to %s", demoEmails[account])
		}
		challenge := lr.ChallengeID
		lr = shared.LoginResult{}
		cloudCall(tb, cloud, p, "POST", "/api/system/user/twoFactorAuthentication",
			shared.TwoFactorRequest{Account: account, VerifyCode: code, ChallengeID: challenge}).must(tb, shared.CodeOK).into(tb, &lr)
	}
	if lr.Token == "" {
		tb.Fatalf("%s: no token: %+v", account, lr)
	}
	p.token, p.who = lr.Token, cacheWho("Bearer "+lr.Token)
	return p
}

// encodePassword is the spec's password encoding (AES-128-ECB, PKCS#7,
// base64; docs/api.md "Sign-in"), written here again: the shell does not
// import the cloud.
func encodePassword(tb testing.TB, key, plain string) string {
	tb.Helper()
	block, err := aes.NewCipher([]byte(key))
	if err != nil {
		tb.Fatal(err)
	}
	pad := aes.BlockSize - len(plain)%aes.BlockSize
	in := append([]byte(plain), bytes.Repeat([]byte{byte(pad)}, pad)...)
	out := make([]byte, len(in))
	for i := 0; i < len(in); i += aes.BlockSize {
		block.Encrypt(out[i:i+aes.BlockSize], in[i:i+aes.BlockSize])
	}
	return base64.StdEncoding.EncodeToString(out)
}

// signed adds t, the token, Sign and the device to a request as the page does.
func (p *person) signed(req *http.Request) {
	ts := strconv.FormatInt(time.Now().UnixMilli(), 10)
	q := req.URL.Query()
	q.Set("t", ts)
	req.URL.RawQuery = q.Encode()
	req.Header.Set("Accept-Language", "en-US")
	if p == nil {
		return
	}
	req.Header.Set("X-Device-Id", p.device)
	if p.token != "" {
		sum := md5.Sum([]byte(p.token + ts + signPath(req.URL.Path)))
		req.Header.Set("Authorization", "Bearer "+p.token)
		req.Header.Set("Sign", hex.EncodeToString(sum[:]))
	}
}

// cloudCall sends one request straight to the cloud (another device).
func cloudCall(tb testing.TB, cloud *testCloud, p *person, method, path string, body any) *answer {
	tb.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, cloud.url+path, rd)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	p.signed(req)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := &answer{Status: res.StatusCode, Header: res.Header, Body: raw}
	if err := json.Unmarshal(raw, a); err != nil {
		tb.Fatalf("%s %s: %v: %s", method, path, err, raw)
	}
	return a
}

// via sends one request through the core, signed by p as the page does.
func (p *person) via(tb testing.TB, c *Core, method, path string, body any) *answer {
	tb.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	p.signed(req)
	rec := httptest.NewRecorder()
	c.Handler().ServeHTTP(rec, req)
	a := &answer{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	if err := json.Unmarshal(a.Body, a); err != nil {
		tb.Fatalf("%s %s: %v: %s", method, path, err, a.Body)
	}
	return a
}

// medWorld is a cloud with a resident's orders made for the test, and a core pointed at it.
type medWorld struct {
	cloud    *testCloud
	c        *Core
	dir      string
	admin    *person
	amina    *person
	wei      *person
	resident string
	day      string            // the facility day of the test's passes (today, on the facility's clock)
	tomorrow string            // the day after: its passes are never open yet
	routine  shared.Medication // ten times a day, all open now
	prn      shared.Medication
	bp       shared.Medication // held below a systolic of 100, open now
	passes   []shared.MedPass  // the routine order's ten passes of the day
	bpPass   shared.MedPass    // the blood-pressure order's pass of the day
	bpLater  shared.MedPass    // its pass of tomorrow, not open yet
}

// maple is the demo's Maple House zone (cloud/feature/demo: Pacific time).
var maple = func() *time.Location {
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		panic(err)
	}
	return loc
}()

// openTimes are ten times of day, five minutes apart, whose passes are all
// open now (a pass is charted from 60 minutes before its time) and all on
// today's facility day: from a minute ahead, or, in the last hour before
// midnight, from 55 minutes back (still inside the window, which closes an
// hour after the time).
func openTimes(now time.Time) []string {
	start := now.Add(time.Minute)
	if now.Hour() == 23 {
		start = now.Add(-55 * time.Minute)
	}
	out := make([]string, 10)
	for i := range out {
		out[i] = start.Add(time.Duration(i*5) * time.Minute).Format("15:04")
	}
	return out
}

func newMedWorld(t *testing.T) *medWorld {
	t.Helper()
	m := &medWorld{cloud: startCloud(t)}
	m.dir = filepath.Join(t.TempDir(), "Hearth")
	m.c, _ = openCore(t, m.dir)
	call(t, m.c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: m.cloud.url}).must(t, shared.CodeOK)
	m.admin = signIn(t, m.cloud, "admin_maple", "Grace Kim")
	m.amina = signIn(t, m.cloud, "caregiver_maple1", "Amina Njoroge")
	m.wei = signIn(t, m.cloud, "caregiver_maple2", "Wei Chen")

	var today shared.EmarDay
	cloudCall(t, m.cloud, m.admin, "POST", medLogPath, shared.MedicationLogRequest{}).must(t, shared.CodeOK).into(t, &today)
	if len(today.Residents) == 0 {
		t.Fatal("the demo facility has no resident on /emars")
	}
	m.resident = today.Residents[0].ResidentID
	now := time.UnixMilli(today.Now).In(maple)
	if now.Format(time.DateOnly) != today.Day {
		t.Fatalf("the day %s is not today on Maple's clock (%s)", today.Day, now)
	}
	times := openTimes(now)
	day, _ := time.Parse(time.DateOnly, today.Day)
	m.day, m.tomorrow = today.Day, day.AddDate(0, 0, 1).Format(time.DateOnly)
	order := func(req shared.SaveMedicationRequest) shared.Medication {
		req.ResidentID, req.StartDate, req.Route = m.resident, today.Day, shared.RouteOral
		var out shared.Medication
		cloudCall(t, m.cloud, m.admin, "POST", medPrefix+"save", req).must(t, shared.CodeOK).into(t, &out)
		return out
	}
	m.routine = order(shared.SaveMedicationRequest{Name: "Offline test metformin", Type: shared.MedicationRoutine, Dose: "500 mg",
		Times: times})
	m.prn = order(shared.SaveMedicationRequest{Name: "Offline test acetaminophen", Type: shared.MedicationPRN, Dose: "650 mg"})
	below := 100.0
	m.bp = order(shared.SaveMedicationRequest{Name: "Offline test lisinopril", Type: shared.MedicationRoutine, Dose: "10 mg",
		Times: times[:1], Vital: shared.VitalSystolicBP, HoldBelow: &below})
	m.passes = m.dayPasses(t, m.routine.MedicationID, m.day)
	if len(m.passes) != 10 {
		t.Fatalf("the routine order has %d passes today (%v)", len(m.passes), times)
	}
	bp := m.dayPasses(t, m.bp.MedicationID, m.day)
	later := m.dayPasses(t, m.bp.MedicationID, m.tomorrow)
	if len(bp) != 1 || len(later) != 1 {
		t.Fatalf("the blood-pressure order has %d passes today and %d tomorrow", len(bp), len(later))
	}
	m.bpPass, m.bpLater = bp[0], later[0]
	return m
}

// dayPasses are an order's passes of day on the cloud.
func (m *medWorld) dayPasses(t *testing.T, medicationID, day string) []shared.MedPass {
	t.Helper()
	var d shared.EmarDay
	cloudCall(t, m.cloud, m.admin, "POST", medLogPath, shared.MedicationLogRequest{Day: day}).must(t, shared.CodeOK).into(t, &d)
	var out []shared.MedPass
	for _, r := range d.Residents {
		for _, p := range r.Passes {
			if p.MedicationID == medicationID {
				out = append(out, p)
			}
		}
	}
	return out
}

// openMed is p opening /emars (today, then tomorrow) and their profile through the core, as the page does.
func (m *medWorld) openMed(t *testing.T, p *person) {
	t.Helper()
	p.via(t, m.c, "GET", "/api/system/user/getUserInfo", nil).must(t, shared.CodeOK)
	p.via(t, m.c, "POST", medLogPath, map[string]any{"day": m.tomorrow}).must(t, shared.CodeOK)
	p.via(t, m.c, "POST", medLogPath, map[string]any{"day": m.day}).must(t, shared.CodeOK)
}

// offlineDay is the test's day as the core serves it, and whether it came from the cache.
func (m *medWorld) offlineDay(t *testing.T, p *person) (shared.EmarDay, map[string]shared.DesktopMedPass, bool) {
	t.Helper()
	a := p.via(t, m.c, "POST", medLogPath, map[string]any{"day": m.day}).must(t, shared.CodeOK)
	var v dayView
	a.into(t, &v)
	passes := map[string]shared.DesktopMedPass{}
	for _, r := range v.Residents {
		for _, mp := range r.Passes {
			passes[mp.PassID] = mp
		}
	}
	return v.EmarDay, passes, a.Header.Get(shared.OfflineSinceHeader) != ""
}

// cloudPass is a pass row on the cloud.
type cloudPass struct {
	Outcome, StaffName, ClientID string
	GivenAt                      int64
	Logs                         int // audit rows medication.pass.log (or prn.log) for it
}

func (m *medWorld) cloudPass(t *testing.T, passID string) cloudPass {
	t.Helper()
	d := m.cloud.db()
	var p cloudPass
	var given sql.NullInt64
	var client sql.NullString
	if err := d.QueryRow(`SELECT outcome, staff_name, client_id, given_at FROM medication_passes WHERE id = ?`, passID).
		Scan(&p.Outcome, &p.StaffName, &client, &given); err != nil {
		t.Fatalf("pass %s: %v", passID, err)
	}
	p.ClientID, p.GivenAt = client.String, given.Int64
	if err := d.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE entity_id = ? AND action IN ('medication.pass.log', 'medication.prn.log')`, passID).
		Scan(&p.Logs); err != nil {
		t.Fatal(err)
	}
	return p
}

func (m *medWorld) status(t *testing.T) shared.DesktopStatus {
	t.Helper()
	var st shared.DesktopStatus
	call(t, m.c, "GET", "/api/desktop/status", nil).must(t, shared.CodeOK).into(t, &st)
	return st
}

// logTen logs the routine order's ten passes through the core while the cloud is away.
func (m *medWorld) logTen(t *testing.T) (ids []string, at []int64) {
	t.Helper()
	for i, mp := range m.passes {
		id := fmt.Sprintf("offline-%d-%02d", time.Now().UnixNano(), i)
		req := shared.LogPassRequest{PassID: mp.PassID, ClientID: id, Outcome: shared.OutcomeGiven}
		before := time.Now().UnixMilli()
		a := m.amina.via(t, m.c, "POST", medPrefix+"logPass", req).must(t, shared.CodeOK)
		var got shared.DesktopMedPass
		a.into(t, &got)
		if !got.Queued || got.Outcome != shared.OutcomeGiven || got.PassID != mp.PassID || got.StaffName != "Amina Njoroge" ||
			got.Initials != "AN" || got.GivenTime < before-3000 || got.Status != shared.PassGiven || got.Colour != shared.ColourGreen {
			t.Fatalf("queued answer %d: %+v", i, got)
		}
		if a.Msg != "Saved on this computer. It will be sent when the cloud answers again." {
			t.Fatalf("queued message %q", a.Msg)
		}
		ids, at = append(ids, id), append(at, got.GivenTime)
		time.Sleep(5 * time.Millisecond) // distinct times
	}
	return ids, at
}

// checkTenOnce: each of the ten passes is on the cloud once, Amina's, with the time it happened here.
func (m *medWorld) checkTenOnce(t *testing.T, ids []string, at []int64) {
	t.Helper()
	for i, mp := range m.passes {
		got := m.cloudPass(t, mp.PassID)
		if got.Outcome != string(shared.OutcomeGiven) || got.ClientID != ids[i] || got.StaffName != "Amina Njoroge" || got.Logs != 1 {
			t.Fatalf("pass %d on the cloud: %+v", i, got)
		}
		if d := got.GivenAt - at[i]; d < -1000 || d > 1000 {
			t.Fatalf("pass %d happened at %d here, the cloud says %d", i, at[i], got.GivenAt)
		}
	}
}

func TestMedReadsKeptPerPerson(t *testing.T) {
	for path, kept := range map[string]bool{
		medPrefix + "listMedicationLog": true, medPrefix + "listMedication": true, medPrefix + "listNotGivenRecord": true,
		medPrefix + "listMedicationRecordByPage": true, medPrefix + "listMedicationByPage": true,
		medPrefix + "logPass": false, medPrefix + "logPrn": false, medPrefix + "prnFollowUp": false, medPrefix + "save": false,
		medPrefix + "hold": false, medPrefix + "listMedicationLogs": false,
	} {
		if readByPost.MatchString(path) != kept {
			t.Errorf("%s kept = %v", path, !kept)
		}
	}
	if a, _ := medDayKey([]byte(`{}`)); a != "#emar=|" {
		t.Errorf("medDayKey({}) = %q", a)
	}
	a, _ := medDayKey([]byte(`{"day":"", "residentId": ""}`))
	b, _ := medDayKey(nil)
	if a != b {
		t.Errorf("the same question kept twice: %q %q", a, b)
	}
}

func TestOfflineMedPassesSentOnce(t *testing.T) {
	m := newMedWorld(t)
	m.openMed(t, m.amina)
	m.amina.via(t, m.c, "POST", medPrefix+"listMedication", shared.MedicationFilter{ResidentID: m.resident}).must(t, shared.CodeOK)
	m.amina.via(t, m.c, "GET", medPrefix+"getMedicationById?medicationId="+m.routine.MedicationID, nil).must(t, shared.CodeOK)
	runCore(t, m.c)
	m.cloud.stop()

	// The day, the orders and one order are read from what was kept, per person.
	day, before, cached := m.offlineDay(t, m.amina)
	if !cached || day.Day != m.day || before[m.passes[0].PassID].Outcome != "" {
		t.Fatalf("kept day: cached %v, %+v", cached, day)
	}
	var orders []shared.Medication
	kept := m.amina.via(t, m.c, "POST", medPrefix+"listMedication", shared.MedicationFilter{ResidentID: m.resident}).must(t, shared.CodeOK)
	kept.into(t, &orders)
	if kept.Header.Get(shared.OfflineSinceHeader) == "" || len(orders) < 3 {
		t.Fatalf("kept orders: %d", len(orders))
	}
	m.amina.via(t, m.c, "GET", medPrefix+"getMedicationById?medicationId="+m.routine.MedicationID, nil).must(t, shared.CodeOK)
	m.wei.via(t, m.c, "POST", medLogPath, map[string]any{"day": m.day}).must(t, shared.CodeOffline) // Wei never opened it here

	ids, at := m.logTen(t)
	if st := m.status(t); st.MedWaiting != 10 || st.Online {
		t.Fatalf("status offline: %+v", st)
	}

	t.Run("offline answers", func(t *testing.T) {
		// The page asks again with the same clientId: the same answer, nothing new kept.
		var again shared.DesktopMedPass
		m.amina.via(t, m.c, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: m.passes[0].PassID, ClientID: ids[0], Outcome: shared.OutcomeGiven}).
			must(t, shared.CodeOK).into(t, &again)
		if !again.Queued || again.GivenTime != at[0] {
			t.Fatalf("retried: %+v", again)
		}
		// A second log of a pass logged here: 4009 with who and when, as the cloud would say.
		dup := m.amina.via(t, m.c, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: m.passes[0].PassID, ClientID: "another-log-0001",
			Outcome: shared.OutcomeRefused, Reason: "asleep"}).must(t, shared.CodeConflict)
		var first shared.DesktopMedPass
		dup.into(t, &first)
		if !strings.HasPrefix(dup.Msg, "Amina Njoroge already logged this pass at ") || first.ClientID != ids[0] {
			t.Fatalf("second log: %s %+v", dup.Msg, first)
		}
		// The order's rules hold offline: a refusal needs a reason, the reading comes first, a low
		// blood pressure holds the dose. Nothing is kept.
		for _, tc := range []struct {
			req         shared.LogPassRequest
			field, rule string
		}{
			{shared.LogPassRequest{Outcome: shared.OutcomeRefused}, "reason", "required"},
			{shared.LogPassRequest{Outcome: shared.OutcomeGiven}, "vitalValue", "required"},
			{shared.LogPassRequest{Outcome: shared.OutcomeGiven, VitalValue: ptr(92.0)}, "outcome", "hold"},
			{shared.LogPassRequest{Outcome: shared.OutcomeHeld, VitalValue: ptr(400.0), Reason: "low"}, "vitalValue", "range"},
			// Counts sent with any log add up, as on the cloud (shared.PillCountRule), controlled or not.
			{shared.LogPassRequest{Outcome: shared.OutcomeRefused, Reason: "asleep", CountBefore: ptr(1), CountAfter: ptr(5)}, "countAfter", "maximum"},
			{shared.LogPassRequest{Outcome: shared.OutcomeRefused, Reason: "asleep", CountBefore: ptr(3)}, "countAfter", "required"},
		} {
			tc.req.PassID, tc.req.ClientID = m.bpPass.PassID, "refused-"+tc.field+"-"+tc.rule
			var fields []shared.FieldError
			m.amina.via(t, m.c, "POST", medPrefix+"logPass", tc.req).must(t, shared.CodeValidation).into(t, &fields)
			if len(fields) != 1 || fields[0].Field != tc.field || fields[0].Rule != tc.rule {
				t.Errorf("%+v: %+v", tc.req, fields)
			}
		}
		// Tomorrow's pass is not open: refused as the cloud refuses it, whatever the outcome (issue 26).
		for _, out := range []shared.PassOutcome{shared.OutcomeGiven, shared.OutcomeRefused} {
			var fields []shared.FieldError
			a := m.amina.via(t, m.c, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: m.bpLater.PassID, ClientID: "ahead-" + string(out),
				Outcome: out, Reason: "asleep", VitalValue: ptr(120.0)}).must(t, shared.CodeValidation)
			a.into(t, &fields)
			if len(fields) != 1 || fields[0].Field != "givenTime" || fields[0].Rule != "windowNotOpen" || !strings.HasPrefix(a.Msg, "This pass opens at ") {
				t.Errorf("tomorrow's pass %s offline: %s %+v", out, a.Msg, fields)
			}
		}
		// A PRN dose cannot predate its order (it starts today): refused as the cloud refuses it.
		dayStart, _ := time.ParseInLocation(time.DateOnly, m.day, maple)
		var early []shared.FieldError
		m.amina.via(t, m.c, "POST", medPrefix+"logPrn", shared.LogPrnRequest{MedicationID: m.prn.MedicationID, ClientID: "prn-before-order",
			Reason: "pain", GivenTime: dayStart.Add(-time.Minute).UnixMilli()}).must(t, shared.CodeValidation).into(t, &early)
		if len(early) != 1 || early[0].Field != "givenTime" || early[0].Rule != "beforeOrderStart" {
			t.Errorf("a PRN dose before its order offline: %+v", early)
		}
		if st := m.status(t); st.MedWaiting != 10 {
			t.Fatalf("refused writes were kept: %+v", st)
		}
	})

	// The kept day shows the ten as given (queued), recounted, for Amina and for anyone of the facility here.
	day, after, _ := m.offlineDay(t, m.amina)
	green := 0
	for _, mp := range m.passes {
		got := after[mp.PassID]
		if got.Outcome != shared.OutcomeGiven || !got.Queued || got.Colour != shared.ColourGreen || got.StaffName != "Amina Njoroge" {
			t.Fatalf("kept day, pass %s: %+v", mp.PassID, got)
		}
		green++
	}
	if day.Counts.Green < green {
		t.Fatalf("counts: %+v", day.Counts)
	}
	var entries []shared.DesktopMedEntry
	m.amina.via(t, m.c, "GET", "/api/desktop/medpasses", nil).must(t, shared.CodeOK).into(t, &entries)
	if len(entries) != 10 || entries[0].State != shared.OutboxWaiting || entries[0].MedicationName != m.routine.Name || entries[0].NeedsSignIn {
		t.Fatalf("med entries: %+v", entries)
	}

	m.cloud.start()
	waitFor(t, "the med outbox to drain", 60*time.Second, func() bool { return m.status(t).MedWaiting == 0 })
	m.checkTenOnce(t, ids, at)
	if st := m.status(t); st.MedAttention != 0 {
		t.Fatalf("status after sync: %+v", st)
	}

	t.Run("sending the whole outbox again stores nothing new", func(t *testing.T) {
		if _, err := m.c.db.Exec(`UPDATE med_outbox SET state = ? WHERE state = ?`, stateWaiting, stateSent); err != nil {
			t.Fatal(err)
		}
		m.c.pokeMed()
		waitFor(t, "the replay to drain", 60*time.Second, func() bool { return m.status(t).MedWaiting == 0 })
		m.checkTenOnce(t, ids, at)
		if st := m.status(t); st.MedAttention != 0 {
			t.Fatalf("replayed writes refused: %+v", st)
		}
	})
}

func ptr[T any](v T) *T { return &v }

func TestMedSyncSurvivesKill9(t *testing.T) {
	m := newMedWorld(t)
	m.openMed(t, m.amina)
	m.cloud.stop()
	ids, at := m.logTen(t)
	if err := m.c.Close(); err != nil {
		t.Fatal(err)
	}
	m.cloud.start()

	// The sync runs in a child process with Amina's token (as if her page had called), slowed
	// down, and dies by SIGKILL after a few writes went.
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), syncChildEnv+"="+m.dir, "HEARTH_CORE_SYNC_PACE=150ms",
		"HEARTH_CORE_SYNC_TOKEN="+m.amina.token, "HEARTH_CORE_SYNC_DEVICE="+m.amina.device)
	child.Stdout, child.Stderr = os.Stderr, os.Stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	local, err := sql.Open("sqlite3", "file:"+filepath.Join(m.dir, "cache.db")+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	sent := func() int {
		var n int
		_ = local.QueryRow(`SELECT COUNT(*) FROM med_outbox WHERE state = ?`, stateSent).Scan(&n)
		return n
	}
	onCloud := func() int {
		n := 0
		for _, mp := range m.passes {
			if m.cloudPass(t, mp.PassID).Outcome != "" {
				n++
			}
		}
		return n
	}
	waitFor(t, "a few writes sent by the child", 60*time.Second, func() bool { return sent() >= 3 })
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	atKill, there := sent(), onCloud()
	t.Logf("killed with %d writes marked sent, %d on the cloud", atKill, there)
	if atKill >= 10 || there < atKill || there > atKill+1 {
		t.Fatalf("kill landed badly: %d sent, %d on the cloud", atKill, there)
	}

	c2, _ := openCore(t, m.dir)
	m.c = c2
	runCore(t, c2)
	waitFor(t, "no token yet: nothing goes", 2*time.Second, func() bool { return m.status(t).MedWaiting == 10-atKill })
	if st := m.status(t); len(st.MedSignInNeeded) != 1 || st.MedSignInNeeded[0] != "Amina Njoroge" {
		t.Fatalf("after the restart, before Amina's page called: %+v", st)
	}
	m.amina.via(t, c2, "GET", "/api/system/user/getUserInfo", nil).must(t, shared.CodeOK) // her page's first call
	waitFor(t, "the med outbox to drain after the restart", 60*time.Second, func() bool { return m.status(t).MedWaiting == 0 })
	m.checkTenOnce(t, ids, at)
}

func TestMedConflictAndSignIn(t *testing.T) {
	m := newMedWorld(t)
	m.openMed(t, m.amina)
	m.openMed(t, m.wei)
	m.cloud.stop()
	m.offlineDay(t, m.amina) // the core learns the cloud is away

	x, y := m.passes[0], m.passes[1]
	var q shared.DesktopMedPass
	m.amina.via(t, m.c, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: x.PassID, ClientID: "amina-x-0001", Outcome: shared.OutcomeGiven}).
		must(t, shared.CodeOK).into(t, &q)
	m.amina.via(t, m.c, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: y.PassID, ClientID: "amina-y-0001",
		Outcome: shared.OutcomeRefused, Reason: "Asleep, will retry"}).must(t, shared.CodeOK)

	// Wei, on this computer, sees Amina's passes as logged (her writes wait here), and cannot log them again.
	_, seen, _ := m.offlineDay(t, m.wei)
	if seen[x.PassID].Outcome != shared.OutcomeGiven || !seen[x.PassID].Queued || seen[y.PassID].Outcome != shared.OutcomeRefused {
		t.Fatalf("Wei's kept day: %+v / %+v", seen[x.PassID], seen[y.PassID])
	}
	m.wei.via(t, m.c, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: x.PassID, ClientID: "wei-here-0001", Outcome: shared.OutcomeGiven}).
		must(t, shared.CodeConflict)

	// Amina signs out here while offline: her writes stay and wait for her.
	m.amina.via(t, m.c, "POST", "/api/system/user/logout", map[string]any{}).must(t, shared.CodeOffline)
	if st := m.status(t); st.MedWaiting != 2 || len(st.MedSignInNeeded) != 1 || st.MedSignInNeeded[0] != "Amina Njoroge" {
		t.Fatalf("after Amina signed out: %+v", st)
	}

	// Meanwhile on another device (the cloud is back, this computer does not know yet), Wei logs X.
	m.cloud.start()
	var weis shared.MedPass
	cloudCall(t, m.cloud, m.wei, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: x.PassID, ClientID: "wei-phone-0001",
		Outcome: shared.OutcomeGiven}).must(t, shared.CodeOK).into(t, &weis)

	runCore(t, m.c)
	m.wei.via(t, m.c, "GET", "/api/system/user/getUserInfo", nil).must(t, shared.CodeOK) // Wei is signed in here: his token is no use for Amina's
	time.Sleep(time.Second)
	if st := m.status(t); st.MedWaiting != 2 || !st.Online {
		t.Fatalf("Amina's writes went without her: %+v", st)
	}
	// Online, the cloud's day shows what still waits here: Y as Amina refused it; X as Wei logged it.
	_, online, cached := m.offlineDay(t, m.wei)
	if cached || online[y.PassID].Outcome != shared.OutcomeRefused || !online[y.PassID].Queued ||
		online[x.PassID].StaffName != "Wei Chen" || online[x.PassID].Queued {
		t.Fatalf("online day with writes waiting: X %+v / Y %+v", online[x.PassID], online[y.PassID])
	}
	var entries []shared.DesktopMedEntry
	m.wei.via(t, m.c, "GET", "/api/desktop/medpasses", nil).must(t, shared.CodeOK).into(t, &entries)
	if len(entries) != 2 || !entries[0].NeedsSignIn {
		t.Fatalf("entries waiting for Amina: %+v", entries)
	}

	amina := signIn(t, m.cloud, "caregiver_maple1", "Amina Njoroge") // she signs in again
	amina.via(t, m.c, "GET", "/api/system/user/getUserInfo", nil).must(t, shared.CodeOK)
	waitFor(t, "Amina's writes to go", 60*time.Second, func() bool { return m.status(t).MedWaiting == 0 })

	st := m.status(t)
	if st.MedAttention != 1 {
		t.Fatalf("status after the sync: %+v", st)
	}
	// X lost to Wei's log: a conflict with who and when; Wei's record is untouched. Y went.
	if got := m.cloudPass(t, x.PassID); got.StaffName != "Wei Chen" || got.ClientID != "wei-phone-0001" || got.Logs != 1 {
		t.Fatalf("Wei's record changed: %+v", got)
	}
	if got := m.cloudPass(t, y.PassID); got.StaffName != "Amina Njoroge" || got.Outcome != string(shared.OutcomeRefused) || got.Logs != 1 {
		t.Fatalf("Y on the cloud: %+v", got)
	}
	amina.via(t, m.c, "GET", "/api/desktop/medpasses", nil).must(t, shared.CodeOK).into(t, &entries)
	var conflict *shared.DesktopMedEntry
	for i := range entries {
		if entries[i].ClientID == "amina-x-0001" {
			conflict = &entries[i]
		}
	}
	if conflict == nil || conflict.State != shared.OutboxConflict || conflict.Other == nil || conflict.Other.StaffName != "Wei Chen" ||
		conflict.Other.GivenTime != weis.GivenTime || conflict.StaffName != "Amina Njoroge" || conflict.ResidentName == "" {
		t.Fatalf("conflict entry: %+v", conflict)
	}
	// The day shows Wei's log on X, marked with Amina's lost one.
	_, day, cached := m.offlineDay(t, amina)
	if cached || day[x.PassID].StaffName != "Wei Chen" || day[x.PassID].LocalConflict == nil || day[x.PassID].LocalConflict.StaffName != "Amina Njoroge" {
		t.Fatalf("online day, pass X: %+v", day[x.PassID])
	}
	// Never sent again.
	m.c.pokeMed()
	time.Sleep(500 * time.Millisecond)
	if got := m.cloudPass(t, x.PassID); got.ClientID != "wei-phone-0001" || got.Logs != 1 {
		t.Fatalf("the conflict was sent again: %+v", got)
	}
	// Seen: it stops counting, stays listed.
	amina.via(t, m.c, "POST", "/api/desktop/medpasses/seen", shared.DesktopMedSeenRequest{ClientIDs: []string{"amina-x-0001"}}).
		must(t, shared.CodeOK).into(t, &entries)
	if st := m.status(t); st.MedAttention != 0 || len(entries) != 2 {
		t.Fatalf("after seen: %+v, %d entries", st, len(entries))
	}
	// Online, a pass someone logged is the cloud's 4009, passed through, nothing kept.
	amina.via(t, m.c, "POST", medPrefix+"logPass", shared.LogPassRequest{PassID: x.PassID, ClientID: "amina-x-0002", Outcome: shared.OutcomeGiven}).
		must(t, shared.CodeConflict)
	if n, _, _ := m.c.medCounts(context.Background()); n != 0 {
		t.Fatalf("an online refusal was kept: %d waiting", n)
	}
}

func TestOfflinePrnAndItsCheck(t *testing.T) {
	m := newMedWorld(t)
	m.openMed(t, m.amina)
	// Today too: a PRN dose given now falls on today.
	m.amina.via(t, m.c, "POST", medLogPath, map[string]any{}).must(t, shared.CodeOK)
	runCore(t, m.c)
	m.cloud.stop()

	var dose shared.DesktopMedPass
	m.amina.via(t, m.c, "POST", medPrefix+"logPrn", shared.LogPrnRequest{MedicationID: m.prn.MedicationID, ClientID: "amina-prn-0001",
		Reason: "Headache"}).must(t, shared.CodeOK).into(t, &dose)
	if !dose.Queued || dose.PassID != shared.LocalPassPrefix+"amina-prn-0001" || dose.Kind != shared.PassPRN || dose.DoseGiven != "650 mg" ||
		dose.FollowUpDueTime != dose.GivenTime+60*60_000 || dose.MedicationName != m.prn.Name {
		t.Fatalf("queued PRN: %+v", dose)
	}
	// A PRN order's scheduled-pass rules and a non-PRN order are refused here as the cloud would.
	m.amina.via(t, m.c, "POST", medPrefix+"logPrn", shared.LogPrnRequest{MedicationID: m.routine.MedicationID, ClientID: "amina-prn-0002",
		Reason: "Pain"}).must(t, shared.CodeValidation)

	var check shared.DesktopMedPass
	m.amina.via(t, m.c, "POST", medPrefix+"prnFollowUp", shared.PrnFollowUpRequest{PassID: dose.PassID, Effective: true}).
		must(t, shared.CodeOK).into(t, &check)
	if !check.Queued || check.FollowUpStatus != shared.PassDone || check.FollowUpByName != "Amina Njoroge" {
		t.Fatalf("queued check: %+v", check)
	}
	m.amina.via(t, m.c, "POST", medPrefix+"prnFollowUp", shared.PrnFollowUpRequest{PassID: dose.PassID, Effective: false, Note: "no change"}).
		must(t, shared.CodeConflict)

	// Today's kept day shows the dose with its check.
	a := m.amina.via(t, m.c, "POST", medLogPath, map[string]any{"day": ""}).must(t, shared.CodeOK)
	var v dayView
	a.into(t, &v)
	var shown *shared.DesktopMedPass
	for i := range v.Residents {
		if p := passIn(&v.Residents[i], dose.PassID); p != nil {
			shown = p
		}
	}
	if a.Header.Get(shared.OfflineSinceHeader) == "" || shown == nil || shown.FollowUpTime == 0 || !shown.Queued {
		t.Fatalf("kept day, the PRN dose: %+v", shown)
	}

	m.cloud.start()
	waitFor(t, "the dose and its check to go", 60*time.Second, func() bool { return m.status(t).MedWaiting == 0 })
	row, err := m.c.medByClientID(context.Background(), "amina-prn-0001")
	if err != nil || row.State != stateSent || row.ServerPassID == "" {
		t.Fatalf("PRN row: %+v %v", row, err)
	}
	var effective sql.NullBool
	var by string
	if err := m.cloud.db().QueryRow(`SELECT follow_up_effective, follow_up_name FROM medication_passes WHERE id = ? AND client_id = ?`,
		row.ServerPassID, "amina-prn-0001").Scan(&effective, &by); err != nil {
		t.Fatal(err)
	}
	if !effective.Valid || !effective.Bool || by != "Amina Njoroge" {
		t.Fatalf("the check on the cloud: %v %q", effective, by)
	}
	if got := m.cloudPass(t, row.ServerPassID); got.Logs != 1 {
		t.Fatalf("the dose was logged %d times", got.Logs)
	}
	if st := m.status(t); st.MedAttention != 0 {
		t.Fatalf("status: %+v", st)
	}
}
