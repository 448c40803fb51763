package backup_test

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"filippo.io/age"

	"hearth/cloud/platform/backup"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/blob/s3test"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/param"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The retention ladder keeps the newest archive of each of the last 7 days,
// 4 weeks and 12 months; everything else goes.
func TestKeepIsTheLadder(t *testing.T) {
	start := time.Date(2025, 1, 1, 2, 0, 0, 0, time.UTC)
	var times []time.Time
	for d := 0; d < 500; d++ { // nightly for 500 days, and a second backup by hand on the last day
		times = append(times, start.AddDate(0, 0, d))
	}
	last := times[len(times)-1]
	times = append(times, last.Add(3*time.Hour))
	keep := backup.Keep(times, 7, 4, 12)
	var kept []time.Time
	for _, t := range times {
		if keep[t] {
			kept = append(kept, t)
		}
	}
	// 7 days (the newest of the last day is the one by hand), the Sundays'...
	// Distinct: 7 daily + up to 4 weekly + up to 12 monthly, overlapping.
	if len(kept) < 12 || len(kept) > 7+4+12 {
		t.Fatalf("kept %d: %v", len(kept), kept)
	}
	if !keep[last.Add(3*time.Hour)] || keep[last] {
		t.Fatal("the newest of the last day is the one kept for it")
	}
	for d := 1; d < 7; d++ {
		if !keep[last.AddDate(0, 0, -d)] {
			t.Errorf("day -%d not kept", d)
		}
	}
	if keep[last.AddDate(0, 0, -8)] && last.AddDate(0, 0, -8).Weekday() != time.Sunday {
		t.Error("day -8 kept though it ends no week")
	}
	months := map[string]bool{}
	for _, k := range kept {
		months[k.Format("2006-01")] = true
	}
	if len(months) != 12 {
		t.Errorf("%d months kept: %v", len(months), months)
	}
	if oldest := kept[0]; last.Sub(oldest) > 366*24*time.Hour {
		t.Errorf("kept an archive of %s, over a year old", oldest)
	}
	if k := backup.Keep(nil, 7, 4, 12); len(k) != 0 {
		t.Fatal("nothing to keep")
	}
	if k := backup.Keep(times[:1], 1, 0, 0); !k[times[0]] {
		t.Fatal("the only archive is kept")
	}
}

// The schedule's slots: nightly at 2 in the home's zone (through a DST
// change), every 6 hours from 2, weekly on Mondays at 2.
func TestScheduleSlots(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, la)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		now         string
		every, hour int64
		last, next  string
	}{
		{"2026-03-07 01:00", 24, 2, "2026-03-06 02:00", "2026-03-07 02:00"},
		{"2026-03-07 02:00", 24, 2, "2026-03-07 02:00", "2026-03-08 01:00"}, // 2 AM does not exist on 8 March: Go's time.Date takes 1 AM PST
		{"2026-03-09 12:00", 24, 2, "2026-03-09 02:00", "2026-03-10 02:00"},
		{"2026-03-07 21:00", 6, 2, "2026-03-07 20:00", "2026-03-08 01:00"},
		{"2026-03-04 10:00", 6, 2, "2026-03-04 08:00", "2026-03-04 14:00"},
		{"2026-03-04 10:00", 168, 2, "2026-03-02 02:00", "2026-03-09 02:00"}, // Mondays
	} {
		now := at(c.now)
		if got := backup.LastSlot(now, c.every, c.hour, la); !got.Equal(at(c.last)) {
			t.Errorf("every %dh from %d, at %s: last slot %s, want %s", c.every, c.hour, c.now, got.In(la), c.last)
		}
		if got := backup.NextSlot(now, c.every, c.hour, la); !got.Equal(at(c.next)) {
			t.Errorf("every %dh from %d, at %s: next slot %s, want %s", c.every, c.hour, c.now, got.In(la), c.next)
		}
	}
}

type fixture struct {
	svc   *backup.Service
	dest  string
	clock *servertest.Clock
	id    *age.X25519Identity
}

func newFixture(t *testing.T, d *db.DB, to string) *fixture {
	t.Helper()
	files, err := blob.NewLocal(filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := files.Put(t.Context(), "tenant1/f1/original", strings.NewReader("a care plan")); err != nil {
		t.Fatal(err)
	}
	id, recipient := keys(t)
	if to == "" {
		to = filepath.Join(t.TempDir(), "backups")
	}
	clock := servertest.NewClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	log := slog.New(slog.DiscardHandler)
	svc := backup.New(backup.Deps{DB: d, Files: files, JWTSecret: []byte(strings.Repeat("s", 32)), Version: "test",
		Params: param.New(d, param.NewVersions(d), log, nil), Log: log, Now: clock.Now, Location: time.UTC,
		Settings: backup.Settings{Recipient: recipient.(*age.X25519Recipient).String(), To: to}})
	return &fixture{svc: svc, dest: to, clock: clock, id: id}
}

func (f *fixture) archives(t *testing.T) []string {
	t.Helper()
	got, err := filepath.Glob(filepath.Join(f.dest, backup.Folder, "hearth-backup-*.age"))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// Nightly for 40 days: one backup per night whatever the sweeps, the ladder
// keeps 7 + the weeks' + the months', the status names the last good one and
// the next, and the newest archive restores.
func TestScheduledBackupsAndRetention(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Engine == db.Postgres {
			if _, err := lookPgDump(); err != nil {
				t.Skip(err)
			}
		}
		ctx := context.Background()
		f := newFixture(t, d, "")
		for day := 0; day < 40; day++ {
			for sweep := 0; sweep < 3; sweep++ { // a sweep every 10 minutes: the later ones find the night done
				if err := f.svc.Sweep(ctx); err != nil {
					t.Fatal(err)
				}
				f.clock.Advance(backup.SweepEvery)
			}
			f.clock.Advance(24*time.Hour - 3*backup.SweepEvery)
		}
		var runs int
		if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM backup_runs WHERE status = 'OK' AND trigger_kind = 'SCHEDULE'").Scan(&runs); err != nil {
			t.Fatal(err)
		}
		if runs != 40 {
			t.Fatalf("%d scheduled backups in 40 days", runs)
		}
		kept := f.archives(t)
		// 1 March .. 9 April: the last 7 days, the newest of 4 ISO weeks, of March and April.
		if len(kept) < 7 || len(kept) > 7+4+2 {
			t.Fatalf("%d archives kept: %v", len(kept), kept)
		}
		st, err := f.svc.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Configured || st.Stale || st.LastGood == nil || st.LastGood.SizeBytes == 0 || st.LastGood.Files != 1 || st.NextAt <= f.clock.Now().UnixMilli() ||
			len(st.Runs) != shared.BackupRunsShown || st.KeepDaily != 7 || st.KeepWeekly != 4 || st.KeepMonthly != 12 {
			t.Fatalf("status %+v", st)
		}
		newest := filepath.Join(f.dest, backup.Folder, st.LastGood.Archive)
		r, err := os.Open(newest)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		target := backup.Target{Into: filepath.Join(t.TempDir(), "restored")}
		if d.Engine == db.Postgres {
			target.DatabaseURL = emptyPostgres(t, d)
		}
		rep, err := backup.Restore(ctx, r, []age.Identity{f.id}, target)
		if err != nil || rep.Files != 1 {
			t.Fatalf("restore of the newest scheduled archive: %+v, %v", rep, err)
		}
	})
}

// A failed backup is recorded with its reason, tried again after an hour, at
// most three times a night; the owner's card says so; the next night's good
// one clears it. Two replicas asked at once take one backup.
func TestScheduledBackupFailsAndRecovers(t *testing.T) {
	ctx := context.Background()
	d := dbtest.SQLite(t)
	f := newFixture(t, d, "")
	// The destination is a file, not a directory: every backup fails.
	if err := os.WriteFile(f.dest, []byte("in the way"), 0o600); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ { // five hours of sweeps
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(backup.SweepEvery)
	}
	var failed int
	var reason string
	if err := d.QueryRowContext(ctx, "SELECT COUNT(*), MAX(error) FROM backup_runs WHERE status = 'FAILED'").Scan(&failed, &reason); err != nil {
		t.Fatal(err)
	}
	if failed != backup.RetriesPerSlot || !strings.Contains(reason, f.dest) {
		t.Fatalf("%d failed runs (want %d), reason %q", failed, backup.RetriesPerSlot, reason)
	}
	st, err := f.svc.Status(ctx)
	if err != nil || !st.Stale || st.LastGood != nil || st.Runs[0].Status != shared.BackupFailed {
		t.Fatalf("status %+v (%v)", st, err)
	}
	card, err := f.svc.Card(ctx, nil)
	if err != nil || card == nil || !hasLine(card, "backupFailed") || !hasLine(card, "backupNone") {
		t.Fatalf("card %+v (%v)", card, err)
	}

	// The disk is fixed; the next night's backup is good and the card goes away.
	if err := os.Remove(f.dest); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(24 * time.Hour)
	if err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if len(f.archives(t)) != 1 {
		t.Fatalf("archives %v", f.archives(t))
	}
	if card, err := f.svc.Card(ctx, nil); err != nil || card != nil {
		t.Fatalf("card after a good backup: %+v (%v)", card, err)
	}

	// Three days without a backup (the schedule turned off): the card says how old the last good one is.
	f.clock.Advance(72 * time.Hour)
	card, err = f.svc.Card(ctx, nil)
	if err != nil || card == nil || !hasLine(card, "backupLastGood") || !hasLine(card, "backupSizeMB") {
		t.Fatalf("card of a stale backup: %+v (%v)", card, err)
	}

	// Two replicas at once: one backup, the other told one runs.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.svc.RunNow(ctx, shared.BackupByCommand)
		}()
	}
	wg.Wait()
	running := 0
	for _, err := range errs {
		if errors.Is(err, backup.ErrRunning) {
			running++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if len(f.archives(t)) > 2 || (running == 0 && len(f.archives(t)) != 2) {
		t.Logf("both ran one after the other (the first ended before the second began): %v", errs)
	}
}

func hasLine(c *shared.DashboardCard, key string) bool {
	for _, it := range c.Items {
		if it.Key == key {
			return true
		}
	}
	return false
}

// Backups to the S3-compatible store: archives under hearth-backups/, pruned there too.
func TestScheduledBackupToS3(t *testing.T) {
	ctx := context.Background()
	d := dbtest.SQLite(t)
	s3 := s3test.Start(t, "backups")
	f := newFixture(t, d, "s3://backups/home1")
	f.svc.Settings.S3 = s3.Options()
	for day := 0; day < 10; day++ {
		if _, err := f.svc.RunNow(ctx, shared.BackupBySchedule); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(24 * time.Hour)
	}
	store := s3.Open(t, "s3://backups/home1")
	keys, err := store.List(ctx, backup.Folder+"/")
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) < 7 || len(keys) > 9 {
		t.Fatalf("%d archives in the bucket: %v", len(keys), keys)
	}
	// hearth restore --from the destination reads its newest archive; --archive or a URL ending in a name picks one.
	newest := strings.TrimPrefix(keys[len(keys)-1], backup.Folder+"/")
	rc, where, err := backup.OpenArchive(ctx, "s3://backups/home1", "", s3.Options())
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if where != "s3://backups/home1/"+backup.Folder+"/"+newest {
		t.Errorf("the newest archive read from %s, want %s", where, newest)
	}
	if _, err := backup.Restore(ctx, rc, []age.Identity{f.id}, backup.Target{Into: filepath.Join(t.TempDir(), "r")}); err != nil {
		t.Fatal(err)
	}
	oldest := strings.TrimPrefix(keys[0], backup.Folder+"/")
	for _, from := range [][2]string{{"s3://backups/home1", oldest}, {"s3://backups/home1/" + backup.Folder + "/" + oldest, ""}} {
		rc, where, err := backup.OpenArchive(ctx, from[0], from[1], s3.Options())
		if err != nil || !strings.HasSuffix(where, "/"+oldest) {
			t.Fatalf("open %v: %s %v", from, where, err)
		}
		rc.Close()
	}
	for _, bad := range [][2]string{{"s3://backups/home1", "hearth-backup-20000101T000000Z.age"}, {"s3://backups/home1", "notes.txt"}, {"s3://backups/elsewhere", ""}} {
		if _, _, err := backup.OpenArchive(ctx, bad[0], bad[1], s3.Options()); err == nil {
			t.Errorf("open %v: no error", bad)
		}
	}
}

func lookPgDump() (string, error) { return exec.LookPath("pg_dump") }

// `hearth serve` takes the backup through its periodic job (one run however
// often the jobs are drained within the night), the owner's dashboard card
// shows until it is taken, and the status is the super admin's alone.
func TestServeTakesBackupsOnItsSchedule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if _, err := lookPgDump(); err != nil && d.Engine == db.Postgres {
			t.Skip(err)
		}
		_, recipient := keys(t)
		to := filepath.Join(t.TempDir(), "backups")
		e := servertest.Start(t, d, servertest.Options{Outbox: true, Config: func(c *config.Config) {
			c.Backup = config.Backup{Recipient: recipient.(*age.X25519Recipient).String(), To: to}
		}})
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		if !ownerCard(t, owner) {
			t.Fatal("no backup yet: the owner's card should say so")
		}
		for range 2 {
			e.DrainJobs(t)
		}
		archives, _ := filepath.Glob(filepath.Join(to, backup.Folder, "*.age"))
		if len(archives) != 1 {
			t.Fatalf("archives after draining twice: %v", archives)
		}
		if ownerCard(t, owner) {
			t.Fatal("the owner's card stays after a good backup")
		}
		var st shared.BackupStatus
		e.SignIn(t, "superadmin").Get(t, "/api/system/backup/getBackupStatus").OK(t).Into(t, &st)
		if st.LastGood == nil || st.LastGood.Files == 0 || st.LastGood.Trigger != shared.BackupBySchedule || st.Destination != to || st.Stale {
			t.Fatalf("status %+v", st)
		}
		for _, who := range []*servertest.Client{owner, e.SignIn(t, "owner_birch"), e.SignIn(t, "caregiver_maple1")} {
			if got := who.Get(t, "/api/system/backup/getBackupStatus"); got.Code != shared.CodeForbidden || strings.Contains(string(got.Body), to) {
				t.Fatalf("a facility user read the backup status: %s %s", got.Code, got.Body)
			}
		}
		// Three days on with the schedule stopped by the super admin: the owner's card is back.
		e.SignIn(t, "superadmin").Post(t, "/api/system/params/update", map[string]any{"key": "backup.everyHours", "value": "0"}).OK(t)
		e.Clock.Advance(72 * time.Hour)
		var cards []shared.DashboardCard
		e.SignIn(t, "owner_evergreen", "Maple House AFH").Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
		found := false
		for _, c := range cards {
			if c.Key == backup.CardBackup {
				found = true
				if !hasLine(&c, "backupLastGood") || !hasLine(&c, "backupSizeMB") || hasLine(&c, "backupNotSetUp") {
					t.Fatalf("the card of a three-day-old backup, the schedule turned off: %+v", c)
				}
			}
		}
		if !found {
			t.Fatal("a three-day-old backup: the owner's card should say so")
		}
	})
}

func ownerCard(t *testing.T, c *servertest.Client) bool {
	t.Helper()
	var cards []shared.DashboardCard
	c.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
	for _, card := range cards {
		if card.Key == backup.CardBackup {
			return true
		}
	}
	return false
}

// A replica killed in the middle of the nightly backup leaves its run marked
// running: the other replica's sweeps take no second backup beside it while
// it could still be running, then mark it interrupted and take the night's
// backup, once.
func TestReplicaKilledDuringABackup(t *testing.T) {
	ctx := context.Background()
	d := dbtest.Postgres(t)
	if _, err := lookPgDump(); err != nil {
		t.Skip(err)
	}
	f := newFixture(t, d, "")
	killedAt := f.clock.Now()
	if _, err := d.ExecContext(ctx, `INSERT INTO backup_runs (id, trigger_kind, status, running, started_at) VALUES ('killed', 'SCHEDULE', 'RUNNING', 1, ?)`,
		killedAt.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	for f.clock.Now().Sub(killedAt) < backup.RunTimeout+backup.SweepEvery {
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := len(f.archives(t)); n != 0 {
			t.Fatalf("a second backup beside the running one, %s after it began", f.clock.Now().Sub(killedAt))
		}
		f.clock.Advance(backup.SweepEvery)
	}
	for range 3 {
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(backup.SweepEvery)
	}
	if n := len(f.archives(t)); n != 1 {
		t.Fatalf("%d backups after the killed one was given up", n)
	}
	var status, reason string
	if err := d.QueryRowContext(ctx, "SELECT status, error FROM backup_runs WHERE id = 'killed'").Scan(&status, &reason); err != nil || status != "FAILED" || !strings.Contains(reason, "interrupted") {
		t.Fatalf("the killed run: %s %q (%v)", status, reason, err)
	}
}
