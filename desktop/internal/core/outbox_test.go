package core

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"hearth/shared"
)

// punchPlan is twenty punches queued at a kiosk whose cloud is away.
type punchPlan struct {
	ids     []string
	who     []string
	at      []int64
	guesses []shared.PunchType
}

// queueTwenty punches Amina and Wei in turn, a minute apart in the recent
// past (after each one's last punch on the cloud), while the cloud is away.
func queueTwenty(t *testing.T, c *Core, clock *testClock, cloud *testCloud, home *shared.KioskHome) punchPlan {
	t.Helper()
	amina, wei := caregiverID(t, home, "Amina Njoroge"), caregiverID(t, home, "Wei Chen")
	now := time.Now()
	start := now.Add(-25 * time.Minute)
	if last := max(cloud.lastPunchAt(amina), cloud.lastPunchAt(wei)); last+60_000 > start.UnixMilli() {
		start = time.UnixMilli(last + 60_000)
	}
	step := time.Minute
	if span := now.Add(-5 * time.Second).Sub(start); span < 20*step {
		step = span / 20 // the demo's last shift ended minutes ago
	}
	var plan punchPlan
	for i := range 20 {
		who, pin := amina, pinAmina
		if i%2 == 1 {
			who, pin = wei, pinWei
		}
		at := start.Add(time.Duration(i) * step)
		clock.Set(at)
		id := fmt.Sprintf("test-%d-%02d", now.UnixNano(), i)
		var res shared.KioskPunchResult
		call(t, c, "POST", kioskPunchPath+"?t=1", shared.KioskPunchRequest{CaregiverID: who, ClientPunchID: id, Pin: pin}).
			must(t, shared.CodeOK).into(t, &res)
		if !res.Queued || res.PunchTime != at.UnixMilli() || res.ClientPunchID != id {
			t.Fatalf("punch %d: %+v", i, res)
		}
		plan.ids, plan.who, plan.at = append(plan.ids, id), append(plan.who, who), append(plan.at, at.UnixMilli())
		plan.guesses = append(plan.guesses, res.PunchType)
	}
	clock.Set(time.Time{})
	return plan
}

// checkTwenty: exactly the twenty punches are on the cloud, in order, with
// their own times, checked offline, IN and OUT alternating per caregiver.
func checkTwenty(t *testing.T, cloud *testCloud, plan punchPlan) {
	t.Helper()
	got := cloud.punches(plan.ids)
	if len(got) != len(plan.ids) {
		t.Fatalf("the cloud has %d of the %d punches", len(got), len(plan.ids))
	}
	next := map[string]string{}
	for i, p := range got {
		if p.ClientID != plan.ids[i] || p.At != plan.at[i] {
			t.Fatalf("punch %d on the cloud is %s at %d, want %s at %d", i, p.ClientID, p.At, plan.ids[i], plan.at[i])
		}
		if p.PinCheck != string(shared.PinCheckedOffline) || p.Source != string(shared.PunchFromKiosk) {
			t.Fatalf("punch %d: pinCheck %q source %q", i, p.PinCheck, p.Source)
		}
		want := next[p.UserID]
		if want == "" {
			want = "IN" // the demo leaves nobody clocked in
		}
		if p.Type != want {
			t.Fatalf("punch %d of %s is %s, want %s", i, p.UserID, p.Type, want)
		}
		if string(plan.guesses[i]) != p.Type {
			t.Fatalf("punch %d: the kiosk guessed %s, the cloud decided %s", i, plan.guesses[i], p.Type)
		}
		next[p.UserID] = map[string]string{"IN": "OUT", "OUT": "IN"}[p.Type]
	}
}

func runCore(t *testing.T, c *Core) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

func TestOfflinePunchesSyncInOrder(t *testing.T) {
	cloud := startCloud(t)
	c, clock := openCore(t, "")
	home := setUpKiosk(t, c, cloud)
	runCore(t, c)
	cloud.stop()

	plan := queueTwenty(t, c, clock, cloud, home)
	var st shared.DesktopStatus
	call(t, c, "GET", "/api/desktop/status", nil).must(t, shared.CodeOK).into(t, &st)
	if st.OutboxWaiting != 20 || st.Online {
		t.Fatalf("status while the cloud is away: %+v", st)
	}
	var entries []shared.DesktopOutboxEntry
	call(t, c, "GET", "/api/desktop/outbox", nil).must(t, shared.CodeOK).into(t, &entries)
	if len(entries) != 20 || entries[0].State != stateWaiting || entries[0].CaregiverName == "" {
		t.Fatalf("outbox: %+v", entries)
	}
	var offlineHome shared.KioskHome
	a := call(t, c, "GET", kioskHomePath, nil).must(t, shared.CodeOK)
	a.into(t, &offlineHome)
	if a.Header.Get(shared.OfflineSinceHeader) == "" {
		t.Fatal("the kept start screen does not say it is offline")
	}

	cloud.start()
	waitFor(t, "the outbox to drain", 30*time.Second, func() bool { return c.waitingCount(t) == 0 })
	checkTwenty(t, cloud, plan)

	t.Run("replaying the whole outbox stores nothing new", func(t *testing.T) {
		if _, err := c.db.Exec(`UPDATE outbox SET state = ? WHERE state = ?`, stateWaiting, stateSent); err != nil {
			t.Fatal(err)
		}
		c.poke()
		waitFor(t, "the replay to drain", 30*time.Second, func() bool { return c.waitingCount(t) == 0 })
		checkTwenty(t, cloud, plan)
		_, refused, _ := c.outboxCounts(context.Background())
		if refused != 0 {
			t.Fatalf("%d replayed punches refused", refused)
		}
	})
}

func TestSyncSurvivesKill9(t *testing.T) {
	cloud := startCloud(t)
	dir := filepath.Join(t.TempDir(), "Hearth")
	c, clock := openCore(t, dir)
	home := setUpKiosk(t, c, cloud)
	cloud.stop()
	plan := queueTwenty(t, c, clock, cloud, home)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	cloud.start()

	// The sync runs in a child process, slowed down, and dies by SIGKILL after a few punches.
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), syncChildEnv+"="+dir, "HEARTH_CORE_SYNC_PACE=150ms")
	child.Stdout, child.Stderr = os.Stderr, os.Stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	local, err := sql.Open("sqlite3", "file:"+filepath.Join(dir, "cache.db")+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	sent := func() int {
		var n int
		_ = local.QueryRow(`SELECT COUNT(*) FROM outbox WHERE state = ?`, stateSent).Scan(&n)
		return n
	}
	waitFor(t, "a few punches sent by the child", 30*time.Second, func() bool { return sent() >= 4 })
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	atKill := sent()
	onCloud := len(cloud.punches(plan.ids))
	t.Logf("killed with %d punches marked sent, %d on the cloud", atKill, onCloud)
	if atKill >= 20 || onCloud < atKill || onCloud > atKill+1 {
		t.Fatalf("kill landed badly: %d sent, %d on the cloud", atKill, onCloud)
	}

	c2, _ := openCore(t, dir)
	runCore(t, c2)
	waitFor(t, "the outbox to drain after the restart", 30*time.Second, func() bool { return c2.waitingCount(t) == 0 })
	checkTwenty(t, cloud, plan)
}

func TestForgottenKioskStillSendsItsPunches(t *testing.T) {
	cloud := startCloud(t)
	c, _ := openCore(t, "")
	home := setUpKiosk(t, c, cloud)
	wei := caregiverID(t, home, "Wei Chen")
	cloud.stop()
	var res shared.KioskPunchResult
	call(t, c, "POST", kioskPunchPath, shared.KioskPunchRequest{CaregiverID: wei, ClientPunchID: "forget-" + strconv.FormatInt(time.Now().UnixNano(), 10), Pin: pinWei}).
		must(t, shared.CodeOK).into(t, &res)
	if !res.Queued {
		t.Fatalf("%+v", res)
	}
	var st shared.DesktopStatus
	call(t, c, "POST", "/api/desktop/kiosk/leave", shared.KioskLeaveRequest{ExitPin: testExitPin, Forget: true}).must(t, shared.CodeOK).into(t, &st)
	if st.KioskSetUp || st.Mode != shared.DesktopOwner || st.OutboxWaiting != 1 {
		t.Fatalf("status after forget: %+v", st)
	}
	if v, _ := c.verifierFor(context.Background(), wei); v != nil {
		t.Fatal("the verifiers survived forget")
	}
	if _, _, found, _ := c.cachedKioskHome(context.Background()); found {
		t.Fatal("the start screen survived forget")
	}
	cloud.start()
	runCore(t, c)
	waitFor(t, "the forgotten kiosk's punch to go out", 30*time.Second, func() bool { return c.waitingCount(t) == 0 })
	if got := cloud.punches([]string{res.ClientPunchID}); len(got) != 1 {
		t.Fatalf("the cloud has %d copies", len(got))
	}
	waitFor(t, "the outbox credential to go", 5*time.Second, func() bool { return c.settingsNow().OutboxCredential == "" })
}
