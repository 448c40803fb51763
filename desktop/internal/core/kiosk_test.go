package core

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/alexedwards/argon2id"

	"hearth/desktop/internal/settings"
	"hearth/shared"
)

func TestKioskPinChecks(t *testing.T) {
	cloud := startCloud(t)
	c, _ := openCore(t, "")
	home := setUpKiosk(t, c, cloud)
	amina, wei := caregiverID(t, home, "Amina Njoroge"), caregiverID(t, home, "Wei Chen")

	t.Run("online the cloud checks the PIN", func(t *testing.T) {
		var res shared.KioskPunchResult
		call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: amina, ClientPunchID: "online-right-1", Pin: pinAmina}).
			must(t, shared.CodeOK).into(t, &res)
		if res.Queued || res.RecordID == "" || res.PunchType != shared.PunchIn {
			t.Fatalf("%+v", res)
		}
		got := cloud.punches([]string{"online-right-1"})
		if len(got) != 1 || got[0].PinCheck != string(shared.PinCheckedOnline) {
			t.Fatalf("cloud row: %+v", got)
		}
		var info shared.RetryInfo
		call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: "online-wrong-1", Pin: "9753"}).
			must(t, shared.CodePinWrong).into(t, &info)
		if info.AttemptsLeft != shared.PinMaxFailures-1 {
			t.Fatalf("attempts left %d", info.AttemptsLeft)
		}
		if row, _ := c.outboxByClientID(t.Context(), "online-wrong-1"); row != nil {
			t.Fatal("a refused punch stayed in the outbox")
		}
	})

	t.Run("kiosk mode opens nothing else", func(t *testing.T) {
		for _, p := range []struct{ method, path string }{
			{"GET", "/api/system/user/getUserInfo?t=1"},
			{"GET", kioskVerifiersPath},
			{"POST", "/api/care/caregiverClockInRecord/clockIn"},
			{"POST", "/api/desktop/cloud"},
			{"POST", "/api/desktop/kiosk/setup"},
		} {
			call(t, c, p.method, p.path, map[string]any{}).must(t, shared.CodeForbidden)
		}
		// The app's start-up call for the public configuration is let through.
		var pub struct {
			Version string `json:"version"`
		}
		call(t, c, "GET", publicConfigPath+"?t=1", nil).must(t, shared.CodeOK).into(t, &pub)
		if pub.Version == "" {
			t.Fatal("public config without a version")
		}
		call(t, c, "GET", publicConfigPath+"?t=2", nil, "Authorization", "Bearer "+fakeToken("u", "t")).must(t, shared.CodeForbidden)
	})

	cloud.stop()

	t.Run("offline a wrong PIN is counted here", func(t *testing.T) {
		for i := 1; i < shared.KioskLocalMaxFailures; i++ {
			var info shared.RetryInfo
			a := call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: amina, ClientPunchID: "offline-wrong-" + string(rune('a'+i)), Pin: "1111"},
				"Accept-Language", "es-ES")
			a.must(t, shared.CodePinWrong).into(t, &info)
			if info.AttemptsLeft != shared.KioskLocalMaxFailures-i {
				t.Fatalf("try %d: attempts left %d", i, info.AttemptsLeft)
			}
			if a.Msg == tr(shared.LangEnUS, "desktop.pinWrong", map[string]any{"left": info.AttemptsLeft}) {
				t.Fatalf("message not in Spanish: %s", a.Msg)
			}
		}
		var info shared.RetryInfo
		call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: amina, ClientPunchID: "offline-wrong-last", Pin: "1111"}).
			must(t, shared.CodePinLocked).into(t, &info)
		if info.RetryAfterSeconds < shared.PinLockMinutes*60-5 || info.RetryAfterSeconds > shared.PinLockMinutes*60 {
			t.Fatalf("retry after %d s", info.RetryAfterSeconds)
		}
		// Locked: even the right PIN waits.
		call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: amina, ClientPunchID: "offline-right-locked", Pin: pinAmina}).
			must(t, shared.CodePinLocked)
		if n := c.waitingCount(t); n != 0 {
			t.Fatalf("%d punches waiting after refusals", n)
		}
	})

	t.Run("offline without a verifier", func(t *testing.T) {
		call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: caregiverID(t, home, "Grace Kim"), ClientPunchID: "no-verifier-1", Pin: "2580"}).
			must(t, shared.CodeNoOfflinePinCheck)
	})

	t.Run("offline the right PIN queues", func(t *testing.T) {
		var res shared.KioskPunchResult
		call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: "offline-right-1", Pin: pinWei}).
			must(t, shared.CodeOK).into(t, &res)
		if !res.Queued || res.PunchType != shared.PunchIn || res.CaregiverName != "Wei Chen" {
			t.Fatalf("%+v", res)
		}
		// The page retried the same press: the same answer, one row.
		var again shared.KioskPunchResult
		call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: "offline-right-1", Pin: pinWei}).
			must(t, shared.CodeOK).into(t, &again)
		if again != res || c.waitingCount(t) != 1 {
			t.Fatalf("retry: %+v, %d waiting", again, c.waitingCount(t))
		}
	})

	t.Run("exit PIN", func(t *testing.T) {
		var info shared.RetryInfo
		call(t, c, "POST", "/api/desktop/kiosk/leave", shared.KioskLeaveRequest{ExitPin: "0000"}).must(t, shared.CodeExitPinWrong).into(t, &info)
		if info.AttemptsLeft != shared.PinMaxFailures-1 || c.Mode() != shared.DesktopKiosk {
			t.Fatalf("attempts left %d, mode %s", info.AttemptsLeft, c.Mode())
		}
		var st shared.DesktopStatus
		call(t, c, "POST", "/api/desktop/kiosk/leave", shared.KioskLeaveRequest{ExitPin: testExitPin}).must(t, shared.CodeOK).into(t, &st)
		if st.Mode != shared.DesktopOwner || c.Mode() != shared.DesktopOwner || !st.KioskSetUp {
			t.Fatalf("status after leaving: %+v", st)
		}
		if m := <-c.ModeChanged(); m != shared.DesktopOwner {
			t.Fatalf("mode notice %s", m)
		}
	})

	t.Run("files are private", func(t *testing.T) {
		for name, want := range map[string]os.FileMode{"": 0o700, "settings.json": 0o600, "cache.db": 0o600} {
			fi, err := os.Stat(filepath.Join(c.opts.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != want {
				t.Errorf("%q is %o, want %o", name, got, want)
			}
		}
		raw, _ := os.ReadFile(filepath.Join(c.opts.Dir, "settings.json"))
		var s map[string]any
		if err := json.Unmarshal(raw, &s); err != nil || s["kioskCredential"] != demoCredential || s["exitPinHash"] == "" {
			t.Fatalf("settings: %v %s", err, raw)
		}
	})
}

func TestExitPinLocks(t *testing.T) {
	c, _ := openCore(t, "")
	// A kiosk set up earlier: only the exit PIN's hash matters here.
	if err := c.updateSettings(func(s *settings.Settings) { s.ExitPinHash = mustHash(t, testExitPin) }); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < shared.PinMaxFailures; i++ {
		call(t, c, "POST", "/api/desktop/kiosk/leave", shared.KioskLeaveRequest{ExitPin: "11111"}).must(t, shared.CodeExitPinWrong)
	}
	var info shared.RetryInfo
	call(t, c, "POST", "/api/desktop/kiosk/leave", shared.KioskLeaveRequest{ExitPin: "11111"}).must(t, shared.CodePinLocked).into(t, &info)
	if info.RetryAfterSeconds <= 0 {
		t.Fatalf("%+v", info)
	}
	call(t, c, "POST", "/api/desktop/kiosk/leave", shared.KioskLeaveRequest{ExitPin: testExitPin}).must(t, shared.CodePinLocked)
	// The lock is in the settings: a restart does not lift it.
	c.Close()
	c2, _ := openCore(t, c.opts.Dir)
	call(t, c2, "POST", "/api/desktop/kiosk/leave", shared.KioskLeaveRequest{ExitPin: testExitPin}).must(t, shared.CodePinLocked)
}

func TestKioskSetupRefusals(t *testing.T) {
	cloud := startCloud(t)
	c, _ := openCore(t, "")
	call(t, c, "POST", "/api/desktop/kiosk/setup", shared.KioskSetupRequest{Credential: demoCredential, ExitPin: testExitPin}).
		must(t, shared.CodeCloudUnreachable) // no cloud URL yet
	var fields []shared.FieldError
	call(t, c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: "ftp://x"}).must(t, shared.CodeValidation).into(t, &fields)
	if len(fields) != 1 || fields[0].Field != "cloudUrl" || fields[0].Rule != "pattern" || fields[0].Message == "" {
		t.Fatalf("%+v", fields)
	}
	call(t, c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: "http://127.0.0.1:1"}).must(t, shared.CodeCloudUnreachable)
	call(t, c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: cloud.url}).must(t, shared.CodeOK)
	call(t, c, "POST", "/api/desktop/kiosk/setup", shared.KioskSetupRequest{Credential: "hk_not-a-real-kiosk-credential", ExitPin: testExitPin}).
		must(t, shared.CodeKioskNotSetUp)
	call(t, c, "POST", "/api/desktop/kiosk/setup", shared.KioskSetupRequest{Credential: "nope", ExitPin: "12"}).must(t, shared.CodeValidation).into(t, &fields)
	if len(fields) != 2 {
		t.Fatalf("%+v", fields)
	}
	if c.Mode() != shared.DesktopOwner || c.kioskCredential() != "" {
		t.Fatal("a refused setup changed the mode")
	}
}

func mustHash(tb testing.TB, pin string) string {
	tb.Helper()
	h, err := argon2id.CreateHash(pin, argon2id.DefaultParams)
	if err != nil {
		tb.Fatal(err)
	}
	return h
}
