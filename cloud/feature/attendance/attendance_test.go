package attendance_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/web"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	rec   = "/api/care/caregiverClockInRecord"
	kiosk = "/api/care/kiosk"
	dev   = "/api/care/kioskDevice"
)

var idSeq atomic.Int64

// newID is a fresh client punch id.
func newID(prefix string) string {
	return fmt.Sprintf("%s-%08d", prefix, idSeq.Add(1))
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func clockIn(t *testing.T, c *servertest.Client, req shared.ClockInRequest) *servertest.Response {
	t.Helper()
	return c.Post(t, rec+"/clockIn", req)
}

func punchOK(t *testing.T, c *servertest.Client, req shared.ClockInRequest) shared.ClockInRecord {
	t.Helper()
	var r shared.ClockInRecord
	clockIn(t, c, req).OK(t).Into(t, &r)
	return r
}

// kioskCall sends a request with only the kiosk credential.
func kioskCall(t *testing.T, e *servertest.Env, cred, method, path string, body any) *servertest.Response {
	t.Helper()
	return e.Client().Do(t, kioskRequest(cred, method, path, body))
}

// kioskRequest is a call of the kiosk with its device credential (made with
// Client.Try in a goroutine).
func kioskRequest(cred, method, path string, body any) servertest.Request {
	return servertest.Request{Method: method, Path: path, Body: body, Header: map[string]string{web.DeviceHeader: cred}}
}

func register(t *testing.T, owner *servertest.Client, name string) shared.KioskRegistration {
	t.Helper()
	var reg shared.KioskRegistration
	owner.Post(t, dev+"/register", shared.RegisterKioskRequest{DeviceName: name}).OK(t).Into(t, &reg)
	if reg.Credential == "" || reg.Device.Status != shared.KioskActive {
		t.Fatalf("registration: %+v", reg)
	}
	return reg
}

func home(t *testing.T, e *servertest.Env, cred string) shared.KioskHome {
	t.Helper()
	var h shared.KioskHome
	kioskCall(t, e, cred, http.MethodGet, kiosk+"/caregivers", nil).OK(t).Into(t, &h)
	return h
}

func caregiverID(t *testing.T, h shared.KioskHome, name string) string {
	t.Helper()
	for _, c := range h.Caregivers {
		if c.Name == name {
			return c.CaregiverID
		}
	}
	t.Fatalf("%s not on the kiosk: %+v", name, h.Caregivers)
	return ""
}

// The same client id sent 10 times makes one record and the same answer; new
// ids alternate IN and OUT.
func TestPunchIsStoredOnceAndAlternates(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		id := newID("same")
		first := punchOK(t, c, shared.ClockInRequest{ClientPunchID: id})
		if first.PunchType != shared.PunchIn || first.Source != shared.PunchFromBrowser || first.Late {
			t.Fatalf("first punch: %+v", first)
		}
		for range 9 {
			e.Clock.Advance(time.Second)
			again := punchOK(t, c, shared.ClockInRequest{ClientPunchID: id})
			if again != first {
				t.Fatalf("replay answered %+v, want %+v", again, first)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM clock_punches WHERE client_punch_id = ?`, id); n != 1 {
			t.Fatalf("%d records for one id", n)
		}
		want := []shared.PunchType{shared.PunchOut, shared.PunchIn, shared.PunchOut}
		for _, w := range want {
			e.Clock.Advance(time.Minute)
			if r := punchOK(t, c, shared.ClockInRequest{ClientPunchID: newID("alt")}); r.PunchType != w {
				t.Fatalf("got %s, want %s", r.PunchType, w)
			}
		}
		// The same id from a colleague is not theirs to replay.
		clockIn(t, e.SignIn(t, "caregiver_maple2"), shared.ClockInRequest{ClientPunchID: id}).Is(t, http.StatusOK, shared.CodeConflict)
		// Cedar may use the same id: ids are per facility.
		if r := punchOK(t, e.SignIn(t, "caregiver_cedar1"), shared.ClockInRequest{ClientPunchID: id}); r.RecordID == first.RecordID {
			t.Fatal("Cedar's punch answered Maple's record")
		}
		// Bad ids are refused before anything is stored.
		clockIn(t, c, shared.ClockInRequest{ClientPunchID: "short"}).Is(t, http.StatusOK, shared.CodeValidation)
		clockIn(t, c, shared.ClockInRequest{ClientPunchID: "has spaces in it"}).Is(t, http.StatusOK, shared.CodeValidation)
	})
}

// An offline punch carries its time: up to 7 days old, not in the future
// beyond 2 minutes of skew; one that arrives late is flagged.
func TestOfflinePunchBounds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple2")
		now := e.Clock.Now()
		at := func(d time.Duration) int64 { return now.Add(d).UnixMilli() }
		clockIn(t, c, shared.ClockInRequest{ClientPunchID: newID("old"), PunchTime: at(-8 * 24 * time.Hour)}).Is(t, http.StatusOK, shared.CodeValidation)
		clockIn(t, c, shared.ClockInRequest{ClientPunchID: newID("future"), PunchTime: at(time.Hour)}).Is(t, http.StatusOK, shared.CodeValidation)
		clockIn(t, c, shared.ClockInRequest{ClientPunchID: newID("future"), PunchTime: at(3 * time.Minute)}).Is(t, http.StatusOK, shared.CodeValidation)
		if n := count(t, d, `SELECT COUNT(*) FROM clock_punches WHERE client_punch_id LIKE 'old-%' OR client_punch_id LIKE 'future-%'`); n != 0 {
			t.Fatalf("%d refused punches stored", n)
		}
		r := punchOK(t, c, shared.ClockInRequest{ClientPunchID: newID("twodays"), PunchTime: at(-48 * time.Hour)})
		if !r.Late || r.PunchTime != at(-48*time.Hour) || r.ReceivedTime != now.UnixMilli() {
			t.Fatalf("2-day-old punch: %+v", r)
		}
		skew := punchOK(t, c, shared.ClockInRequest{ClientPunchID: newID("skew"), PunchTime: at(90 * time.Second)})
		if skew.PunchTime != now.UnixMilli() || skew.Late {
			t.Fatalf("a punch within the skew is stored at the server's time: %+v", skew)
		}
		fresh := punchOK(t, c, shared.ClockInRequest{ClientPunchID: newID("fresh"), PunchTime: at(-4 * time.Minute)})
		if fresh.Late {
			t.Fatalf("a punch 4 minutes old is not late: %+v", fresh)
		}
		// A stored punch replays even when it has since grown too old.
		e.Clock.Advance(6 * 24 * time.Hour)
		c = e.SignIn(t, "caregiver_maple2")
		if again := punchOK(t, c, shared.ClockInRequest{ClientPunchID: r.ClientPunchID, PunchTime: r.PunchTime}); again.RecordID != r.RecordID {
			t.Fatalf("replay of an old punch: %+v", again)
		}
	})
}

// Hours are split at midnight and at Sunday in the facility's zone (Maple is PT).
func TestSummaryInFacilityZone(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		la, _ := time.LoadLocation("America/Los_Angeles")
		// Move to a Sunday 03:00 in Los Angeles at least 20 days on, past the demo history.
		t0 := e.Clock.Now().Add(20 * 24 * time.Hour).In(la)
		sunday := time.Date(t0.Year(), t0.Month(), t0.Day()+(7-int(t0.Weekday()))%7, 3, 0, 0, 0, la)
		e.Clock.Advance(sunday.Sub(e.Clock.Now()))
		c := e.SignIn(t, "caregiver_maple2")
		satNight := sunday.Add(-5 * time.Hour) // Saturday 22:00
		punchOK(t, c, shared.ClockInRequest{ClientPunchID: newID("sat"), PunchTime: satNight.UnixMilli()})
		out := punchOK(t, c, shared.ClockInRequest{ClientPunchID: newID("sun"), PunchTime: sunday.Add(-time.Hour).UnixMilli()}) // Sunday 02:00
		if out.PunchType != shared.PunchOut {
			t.Fatalf("second punch: %+v", out)
		}
		sat, sun := satNight.Format("2006-01-02"), sunday.Format("2006-01-02")
		var sum shared.AttendanceSummary
		c.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{StartDate: sat, EndDate: sun}).OK(t).Into(t, &sum)
		if len(sum.Caregivers) != 1 {
			t.Fatalf("a caregiver sees only their own hours: %+v", sum.Caregivers)
		}
		cg := sum.Caregivers[0]
		if sum.TimeZone != shared.TimeZonePT || cg.TotalMinutes != 240 || len(cg.Days) != 2 ||
			cg.Days[0] != (shared.AttendanceDay{Date: sat, Minutes: 120}) || cg.Days[1] != (shared.AttendanceDay{Date: sun, Minutes: 120}) {
			t.Fatalf("days: %+v", cg)
		}
		satWeek := satNight.AddDate(0, 0, -6).Format("2006-01-02")
		if len(cg.Weeks) != 2 || cg.Weeks[0] != (shared.AttendanceWeek{WeekStart: satWeek, Minutes: 120}) ||
			cg.Weeks[1] != (shared.AttendanceWeek{WeekStart: sun, Minutes: 120}) {
			t.Fatalf("weeks (Sunday start): %+v", cg.Weeks)
		}
		if len(cg.Shifts) != 1 || cg.Shifts[0].Minutes != 240 || cg.OpenShift {
			t.Fatalf("shifts: %+v", cg)
		}
		// The default range is this week, Sunday to Saturday: only Sunday's 2 hours.
		var week shared.AttendanceSummary
		c.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{}).OK(t).Into(t, &week)
		if week.StartDate != sun || len(week.Caregivers[0].Days) != 7 || week.Caregivers[0].TotalMinutes != 120 {
			t.Fatalf("this week: %+v", week)
		}
		// Clocking in again leaves an open shift, counted up to now and flagged.
		punchOK(t, c, shared.ClockInRequest{ClientPunchID: newID("open")})
		e.Clock.Advance(90 * time.Minute)
		c = e.SignIn(t, "caregiver_maple2")
		var st shared.ClockInStatus
		c.Get(t, rec+"/myStatus").OK(t).Into(t, &st)
		if !st.OpenShift || st.WeekMinutes != 210 || st.WeekStart != sun || !st.PinSet {
			t.Fatalf("my status: %+v", st)
		}
		// The owner sees everyone of Maple, with the open shift flagged, and may pick one caregiver.
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		var all shared.AttendanceSummary
		ow.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{StartDate: sat, EndDate: sun}).OK(t).Into(t, &all)
		found := false
		for _, x := range all.Caregivers {
			if x.CaregiverName == "Maria Santos" {
				t.Fatal("Cedar's caregiver in Maple's summary")
			}
			if x.UserID == cg.UserID {
				found = x.OpenShift && x.OpenSince > 0 && x.TotalMinutes == 240+90
			}
		}
		if !found {
			t.Fatalf("owner's summary: %+v", all.Caregivers)
		}
		var one shared.AttendanceSummary
		ow.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{StartDate: sat, EndDate: sun, CaregiverID: cg.CaregiverID}).OK(t).Into(t, &one)
		if len(one.Caregivers) != 1 || one.Caregivers[0].UserID != cg.UserID {
			t.Fatalf("one caregiver: %+v", one)
		}
		// Bad ranges.
		c.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{StartDate: sun, EndDate: sat}).Is(t, http.StatusOK, shared.CodeValidation)
		c.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{StartDate: "2026-01-01", EndDate: "2026-12-31"}).Is(t, http.StatusOK, shared.CodeValidation)
		c.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{StartDate: "2026-02-30"}).Is(t, http.StatusOK, shared.CodeValidation)
	})
}

// PINs are 4–6 digits; 5 wrong PINs lock kiosk punches for 15 minutes and
// e-mail the owner; the verifier synced to the kiosk checks the PIN offline.
func TestPinLockout(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		reg := register(t, ow, "Back door")
		c := e.SignIn(t, "caregiver_maple1")
		for _, bad := range []string{"", "123", "1234567", "12a4", "12 34"} {
			c.Post(t, rec+"/setPin", shared.SetPinRequest{Pin: bad}).Is(t, http.StatusOK, shared.CodeValidation)
		}
		for _, good := range []string{"9753", "97531", "975310"} {
			var st shared.ClockInStatus
			c.Post(t, rec+"/setPin", shared.SetPinRequest{Pin: good}).OK(t).Into(t, &st)
			if !st.PinSet {
				t.Fatalf("PIN %s not set: %+v", good, st)
			}
		}
		h := home(t, e, reg.Credential)
		amina := caregiverID(t, h, "Amina Njoroge")
		// The new kiosk got a verifier when the PIN was set.
		var vs shared.KioskPinVerifiers
		kioskCall(t, e, reg.Credential, http.MethodGet, kiosk+"/pinVerifiers", nil).OK(t).Into(t, &vs)
		ok := false
		for _, v := range vs.Verifiers {
			if v.CaregiverID == amina {
				ok = attendance.CheckVerifier("975310", vs.DeviceSalt, amina, v.Verifier) &&
					!attendance.CheckVerifier("9753", vs.DeviceSalt, amina, v.Verifier)
			}
		}
		if !ok || vs.KDF.Algorithm != "argon2id" {
			t.Fatalf("verifiers: %+v", vs)
		}
		punch := func(pin string) *servertest.Response {
			return kioskCall(t, e, reg.Credential, http.MethodPost, kiosk+"/punch",
				shared.KioskPunchRequest{CaregiverID: amina, ClientPunchID: newID("k"), Pin: pin})
		}
		for i := range 4 {
			r := punch("000000").Is(t, http.StatusOK, shared.CodePinWrong)
			var info shared.RetryInfo
			r.Into(t, &info)
			if info.AttemptsLeft != 4-i {
				t.Fatalf("attempt %d: %d left", i+1, info.AttemptsLeft)
			}
		}
		ownerMail := e.Email(t, "owner_evergreen")
		before := len(e.Mails(t, ownerMail))
		punch("000000").Is(t, http.StatusOK, shared.CodePinLocked)
		mails := e.Mails(t, ownerMail)
		if len(mails) != before+1 || !strings.Contains(mails[len(mails)-1].Body, "Amina Njoroge") ||
			!strings.Contains(mails[len(mails)-1].Body, "Back door") {
			t.Fatalf("owner's mail: %+v", mails[before:])
		}
		// Locked: even the right PIN is refused, for 15 minutes.
		punch("975310").Is(t, http.StatusOK, shared.CodePinLocked)
		var st shared.ClockInStatus
		c.Get(t, rec+"/myStatus").OK(t).Into(t, &st)
		if st.PinLockedUntil == 0 {
			t.Fatalf("status shows no lock: %+v", st)
		}
		e.Clock.Advance(14 * time.Minute)
		punch("975310").Is(t, http.StatusOK, shared.CodePinLocked)
		e.Clock.Advance(2 * time.Minute)
		var res shared.KioskPunchResult
		punch("975310").OK(t).Into(t, &res)
		if res.CaregiverName != "Amina Njoroge" || res.CaregiverID != amina {
			t.Fatalf("punch: %+v", res)
		}
		// The count restarts after a right PIN: four wrong ones do not lock.
		for range 4 {
			punch("111111").Is(t, http.StatusOK, shared.CodePinWrong)
		}
		punch("975310").OK(t)
		// A caregiver with no PIN cannot punch at the kiosk.
		admin := caregiverID(t, h, "Grace Kim")
		kioskCall(t, e, reg.Credential, http.MethodPost, kiosk+"/punch",
			shared.KioskPunchRequest{CaregiverID: admin, ClientPunchID: newID("k"), Pin: "1234"}).Is(t, http.StatusOK, shared.CodePinNotSet)
	})
}

// The kiosk credential lists only its facility's enabled caregivers, punches
// with a PIN or an offline check, and opens nothing else; revoked, it opens nothing.
func TestKioskScope(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		cred := demo.DemoKioskCredential
		h := home(t, e, cred)
		if h.FacilityName != "Maple House AFH" || h.DeviceName != demo.DemoKioskName || h.TimeZone != shared.TimeZonePT {
			t.Fatalf("home: %+v", h)
		}
		names := map[string]bool{}
		for _, c := range h.Caregivers {
			names[c.Name] = true
			if c.Color == "" {
				t.Errorf("%s has no colour", c.Name)
			}
		}
		if !names["Amina Njoroge"] || !names["Wei Chen"] || names["Maria Santos"] || names["Elena Martinez"] {
			t.Fatalf("kiosk caregivers: %+v", h.Caregivers)
		}
		wei := caregiverID(t, h, "Wei Chen")
		// Online with the demo PIN, then a replay answers the same punch without a PIN check.
		id := newID("kiosk")
		var first, again shared.KioskPunchResult
		kioskCall(t, e, cred, http.MethodPost, kiosk+"/punch", shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: id,
			Pin: demo.DemoPins["caregiver_maple2"]}).OK(t).Into(t, &first)
		kioskCall(t, e, cred, http.MethodPost, kiosk+"/punch", shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: id,
			PinCheckedOffline: true}).OK(t).Into(t, &again)
		if first != again || first.PunchType != shared.PunchIn {
			t.Fatalf("kiosk replay: %+v vs %+v", first, again)
		}
		if h2 := home(t, e, cred); !onShift(h2, wei) {
			t.Fatal("the kiosk does not show Wei on shift")
		}
		// Offline: the kiosk vouches for the PIN; the punch is marked so.
		var off shared.KioskPunchResult
		kioskCall(t, e, cred, http.MethodPost, kiosk+"/punch", shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: newID("off"),
			PunchTime: e.Clock.Now().Add(-time.Hour).UnixMilli(), PinCheckedOffline: true}).OK(t).Into(t, &off)
		if !off.Late {
			t.Fatalf("offline punch: %+v", off)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM clock_punches WHERE id = ? AND pin_check = 'OFFLINE' AND source = 'KIOSK'`, off.RecordID); n != 1 {
			t.Fatal("offline punch not marked OFFLINE")
		}
		// Another facility's caregiver is unknown to this kiosk.
		cedarOwner := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		cedarKiosk := register(t, cedarOwner, "Cedar door")
		maria := caregiverID(t, home(t, e, cedarKiosk.Credential), "Maria Santos")
		kioskCall(t, e, cred, http.MethodPost, kiosk+"/punch", shared.KioskPunchRequest{CaregiverID: maria, ClientPunchID: newID("x"),
			Pin: "1234"}).Is(t, http.StatusOK, shared.CodeNotFound)
		// Cedar's new kiosk has no verifier for Maria: it cannot vouch offline.
		kioskCall(t, e, cedarKiosk.Credential, http.MethodPost, kiosk+"/punch", shared.KioskPunchRequest{CaregiverID: maria,
			ClientPunchID: newID("x"), PinCheckedOffline: true}).Is(t, http.StatusOK, shared.CodeForbidden)
		// The credential opens no other route, and no user token opens a kiosk route.
		for _, p := range []struct{ method, path string }{
			{http.MethodPost, "/api/care/resident/listResidentByPage"},
			{http.MethodGet, "/api/system/user/getUserInfo"},
			{http.MethodPost, rec + "/clockIn"},
			{http.MethodPost, rec + "/listRecordByPage"},
			{http.MethodGet, dev + "/list"},
			{http.MethodPost, "/api/care/applicationForm/listApplicationFormByPage"},
		} {
			body := any(nil)
			if p.method == http.MethodPost {
				body = map[string]any{"current": 1, "size": 20, "clientPunchId": newID("z")}
			}
			kioskCall(t, e, cred, p.method, p.path, body).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		}
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ow.Get(t, kiosk+"/caregivers").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		ow.Get(t, kiosk+"/pinVerifiers").Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		kioskCall(t, e, "hk_not-a-real-credential", http.MethodGet, kiosk+"/caregivers", nil).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		// Owners only manage kiosks, in their own facility.
		var list []shared.KioskDevice
		ow.Get(t, dev+"/list").OK(t).Into(t, &list)
		if len(list) != 1 || list[0].DeviceName != demo.DemoKioskName || list[0].LastSeenTime == 0 {
			t.Fatalf("Maple's kiosks: %+v", list)
		}
		e.SignIn(t, "admin_maple").Get(t, dev+"/revoke?deviceId="+list[0].DeviceID).Is(t, http.StatusOK, shared.CodeForbidden)
		e.SignIn(t, "caregiver_maple1").Post(t, dev+"/register", shared.RegisterKioskRequest{DeviceName: "Mine"}).Is(t, http.StatusOK, shared.CodeForbidden)
		cedarOwner.Get(t, dev+"/revoke?deviceId="+list[0].DeviceID).Is(t, http.StatusOK, shared.CodeNotFound)
		e.SignIn(t, "owner_birch").Post(t, dev+"/register", shared.RegisterKioskRequest{DeviceName: "Birch"}).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		// Revoked: refused at once; its punches stay.
		var revoked shared.KioskDevice
		ow.Get(t, dev+"/revoke?deviceId="+list[0].DeviceID).OK(t).Into(t, &revoked)
		if revoked.Status != shared.KioskRevoked {
			t.Fatalf("revoke: %+v", revoked)
		}
		ow.Get(t, dev+"/revoke?deviceId="+list[0].DeviceID).Is(t, http.StatusOK, shared.CodeConflict)
		kioskCall(t, e, cred, http.MethodGet, kiosk+"/caregivers", nil).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		kioskCall(t, e, cred, http.MethodPost, kiosk+"/punch", shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: newID("r"),
			Pin: demo.DemoPins["caregiver_maple2"]}).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		if n := count(t, d, `SELECT COUNT(*) FROM clock_punches WHERE id = ?`, first.RecordID); n != 1 {
			t.Fatal("revoking removed a punch")
		}
	})
}

func onShift(h shared.KioskHome, id string) bool {
	for _, c := range h.Caregivers {
		if c.CaregiverID == id {
			return c.OnShift
		}
	}
	return false
}

// Caregivers see their own punches; owners and admins their facility's; no
// one sees another facility's.
func TestRecordsTenantIsolation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple1 := e.SignIn(t, "caregiver_maple1")
		mine := punchOK(t, maple1, shared.ClockInRequest{ClientPunchID: newID("iso")})
		list := func(c *servertest.Client, f shared.ClockInRecordFilter) shared.Page[shared.ClockInRecord] {
			var p shared.Page[shared.ClockInRecord]
			c.Post(t, rec+"/listRecordByPage", shared.PageRequest[shared.ClockInRecordFilter]{Current: 1, Size: 100, Data: f}).OK(t).Into(t, &p)
			return p
		}
		// A caregiver's filter for someone else is ignored: only their own come back.
		maple2 := e.SignIn(t, "caregiver_maple2")
		for _, r := range list(maple2, shared.ClockInRecordFilter{UserID: mine.UserID}).Records {
			if r.UserID == mine.UserID {
				t.Fatal("a caregiver listed a colleague's punch")
			}
		}
		own := list(maple1, shared.ClockInRecordFilter{})
		if own.Total < 2 || own.Records[0].RecordID != mine.RecordID {
			t.Fatalf("own list: total %d, first %+v", own.Total, own.Records[0])
		}
		for _, r := range own.Records {
			if r.UserID != mine.UserID {
				t.Fatal("someone else's punch in a caregiver's list")
			}
		}
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		if p := list(ow, shared.ClockInRecordFilter{CaregiverID: mine.CaregiverID}); p.Total != own.Total {
			t.Fatalf("owner's view of one caregiver: %d, want %d", p.Total, own.Total)
		}
		if p := list(e.SignIn(t, "admin_maple"), shared.ClockInRecordFilter{LateOnly: true, Source: shared.PunchFromKiosk}); p.Total == 0 {
			t.Fatal("the demo's late kiosk punches are missing")
		}
		// Other facilities: 4004 for Maple's people, and nothing of Maple's in their lists.
		cedarOwner := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		cedarOwner.Post(t, rec+"/listRecordByPage", shared.PageRequest[shared.ClockInRecordFilter]{Current: 1, Size: 20,
			Data: shared.ClockInRecordFilter{CaregiverID: mine.CaregiverID}}).Is(t, http.StatusOK, shared.CodeNotFound)
		birch := e.SignIn(t, "owner_birch")
		birch.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{UserID: mine.UserID}).Is(t, http.StatusOK, shared.CodeNotFound)
		for _, r := range list(cedarOwner, shared.ClockInRecordFilter{}).Records {
			if r.UserID == mine.UserID {
				t.Fatal("Maple's punch in Cedar's list")
			}
		}
		var bs shared.AttendanceSummary
		birch.Post(t, rec+"/attendanceSummary", shared.AttendanceSummaryRequest{}).OK(t).Into(t, &bs) // staff management is in the free plan
		for _, x := range bs.Caregivers {
			if x.UserID == mine.UserID {
				t.Fatal("Maple's caregiver in Birch's summary")
			}
		}
		// Roles: a caregiver may not manage kiosks; the super admin has no facility attendance.
		maple1.Get(t, dev+"/list").Is(t, http.StatusOK, shared.CodeForbidden)
		e.SignIn(t, "superadmin").Post(t, rec+"/clockIn", shared.ClockInRequest{ClientPunchID: newID("sa")}).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}
