package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/param"
	"hearth/shared"
)

// Scheduled backups: `hearth serve` sweeps every SweepEvery (a periodic job,
// enqueued by one replica only: River's leader) and takes a backup when the
// latest slot of the schedule (parameters backup.everyHours and backup.hour)
// has none yet, into the destination (HEARTH_BACKUP_TO: a directory or the
// S3-compatible store), then deletes the archives the retention ladder does
// not keep. Every run, scheduled or by `hearth backup`, is a row of
// backup_runs; the owner's dashboard card and the super admin's status read it.

// Folder is where the archives are kept under the destination.
const Folder = "hearth-backups"

// Timing of the schedule.
const (
	// SweepEvery is how often the periodic job looks whether a backup is due.
	SweepEvery = 10 * time.Minute
	// RunTimeout bounds one backup; a run still marked running after it (its
	// replica was killed) is marked failed by the next sweep.
	RunTimeout = 3 * time.Hour
	// RetryAfter is the wait after a failed scheduled backup before the next try,
	// and RetriesPerSlot how many tries one slot of the schedule gets.
	RetryAfter     = time.Hour
	RetriesPerSlot = 3
)

// ErrRunning answers a backup asked for while another one runs (on any replica).
var ErrRunning = errors.New("backup: another backup is running")

// Settings are where scheduled backups go and whom they are encrypted to.
type Settings struct {
	Recipient string         // the owner's age public key (HEARTH_BACKUP_RECIPIENT); empty: no backups
	To        string         // a directory or s3://bucket/prefix (HEARTH_BACKUP_TO); empty: no backups
	S3        blob.S3Options // the HEARTH_S3_* settings, for an s3:// destination
}

// Configured reports whether backups can be taken.
func (s Settings) Configured() bool { return s.Recipient != "" && s.To != "" }

// Deps are the service's collaborators.
type Deps struct {
	DB          *db.DB
	Files       blob.Store
	JWTSecret   []byte
	LoginAESKey []byte // empty when it is the published development default
	Version     string
	Settings    Settings
	Params      *param.Params
	Log         *slog.Logger
	Now         func() time.Time
	Location    *time.Location // the schedule's clock; nil: the server's local time
	Scratch     string         // where the snapshot and the archive are made before they are stored (Source.Scratch)
}

// Service takes backups on the schedule and answers their status.
type Service struct {
	Deps
}

// New makes the service.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Location == nil {
		d.Location = time.Local
	}
	return &Service{Deps: d}
}

// RegisterJobs adds the schedule's sweep to the queue. Its timeout, RunTimeout,
// is longer than jobs.RescueAfter on purpose: a large backup may take longer
// than River waits before it takes a running job for a dead one. When the
// rescuer hands a slow backup's job back, its retry finds the run's row still
// running (TestReplicaKilledDuringABackup) and takes no second backup.
func (s *Service) RegisterJobs(q *jobs.Queue) {
	jobs.Periodic(q, "backup_scheduled", SweepEvery, s.Sweep, jobs.PeriodicOptions{Timeout: RunTimeout})
}

// Sweep takes a backup when one is due. Safe to run often and on any replica.
func (s *Service) Sweep(ctx context.Context) error {
	if !s.Settings.Configured() {
		return nil
	}
	now := s.Now()
	if err := s.markInterrupted(ctx, now); err != nil {
		return err
	}
	every := s.Params.Int(ctx, param.BackupEveryHours)
	if every <= 0 {
		return nil
	}
	due, err := s.due(ctx, now, LastSlot(now, every, s.Params.Int(ctx, param.BackupHour), s.Location))
	if err != nil || !due {
		return err
	}
	run, err := s.RunNow(ctx, shared.BackupBySchedule)
	if errors.Is(err, ErrRunning) {
		return nil
	}
	if err != nil {
		// Recorded as a failed run, shown to the owner and the super admin; the
		// sweep tries again after RetryAfter, so the job itself does not retry.
		s.Log.ErrorContext(ctx, "scheduled backup failed", "err", err)
		return nil
	}
	s.Log.InfoContext(ctx, "scheduled backup written", "archive", run.Archive, "bytes", run.SizeBytes, "files", run.Files, "pruned", run.Pruned)
	return nil
}

// due reports whether the slot has no good backup yet and may be tried now.
func (s *Service) due(ctx context.Context, now, slot time.Time) (bool, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT status, started_at FROM backup_runs WHERE started_at >= ? ORDER BY started_at DESC`, slot.UnixMilli())
	if err != nil {
		return false, db.Wrap("backup: read the runs", err)
	}
	defer rows.Close()
	failures := 0
	var latest int64
	for rows.Next() {
		var status string
		var started int64
		if err := rows.Scan(&status, &started); err != nil {
			return false, db.Wrap("backup: read the runs", err)
		}
		switch shared.BackupRunStatus(status) {
		case shared.BackupOK, shared.BackupRunning:
			return false, nil
		}
		failures++
		latest = max(latest, started)
	}
	if err := rows.Err(); err != nil {
		return false, db.Wrap("backup: read the runs", err)
	}
	if failures == 0 {
		return true, nil
	}
	return failures < RetriesPerSlot && now.Sub(time.UnixMilli(latest)) >= RetryAfter, nil
}

// markInterrupted fails the runs left running past RunTimeout (their replica died).
func (s *Service) markInterrupted(ctx context.Context, now time.Time) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE backup_runs SET status = ?, running = NULL, finished_at = ?, error = ?
		WHERE running = 1 AND started_at < ?`, string(shared.BackupFailed), now.UnixMilli(),
		"interrupted: the server stopped while it ran", now.Add(-RunTimeout-SweepEvery).UnixMilli())
	s.changed()
	return db.Wrap("backup: mark interrupted runs", err)
}

// LastSlot is the latest time at or before now the schedule takes a backup:
// every `every` hours from `hour` o'clock (loc) each day when every divides a
// day, every every/24 days at `hour` when it is whole days, else every
// `every` hours from 3 January 2000 at `hour`.
func LastSlot(now time.Time, every, hour int64, loc *time.Location) time.Time {
	l := now.In(loc)
	step := time.Duration(every) * time.Hour
	switch {
	case every%24 == 0:
		days := int(every / 24)
		epoch := time.Date(2000, 1, 3, 0, 0, 0, 0, time.UTC)
		idx := int(time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, time.UTC).Sub(epoch).Hours() / 24)
		idx -= ((idx % days) + days) % days
		for {
			d := epoch.AddDate(0, 0, idx)
			if slot := time.Date(d.Year(), d.Month(), d.Day(), int(hour), 0, 0, 0, loc); !slot.After(now) {
				return slot
			}
			idx -= days
		}
	case every < 24:
		anchor := time.Date(l.Year(), l.Month(), l.Day(), int(hour), 0, 0, 0, loc)
		if anchor.After(now) {
			anchor = time.Date(l.Year(), l.Month(), l.Day()-1, int(hour), 0, 0, 0, loc)
		}
		n := now.Sub(anchor) / step
		last := anchor.Add(n * step)
		// The day's slots start again at hour: the last one before the next day's anchor.
		return last
	default:
		anchor := time.Date(2000, 1, 3, int(hour), 0, 0, 0, loc)
		return anchor.Add(now.Sub(anchor) / step * step)
	}
}

// NextSlot is the first slot after now.
func NextSlot(now time.Time, every, hour int64, loc *time.Location) time.Time {
	last := LastSlot(now, every, hour, loc)
	for h := time.Duration(1); h <= time.Duration(every)+25; h++ {
		if s := LastSlot(now.Add(h*time.Hour), every, hour, loc); s.After(last) {
			return s
		}
	}
	return last.Add(time.Duration(every) * time.Hour)
}

// RunNow takes a backup into the destination now, records it, and applies the
// retention ladder. Only one runs at a time across replicas (ErrRunning).
func (s *Service) RunNow(ctx context.Context, trigger shared.BackupTrigger) (*shared.BackupRun, error) {
	if !s.Settings.Configured() {
		return nil, errors.New("backup: not set up: set HEARTH_BACKUP_RECIPIENT (make a key with `hearth backup keygen`) and HEARTH_BACKUP_TO")
	}
	run, err := s.begin(ctx, trigger)
	if err != nil {
		return nil, err
	}
	err = s.take(ctx, run)
	// The run's row is finished even when ctx ended (a timeout, a stop).
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if ferr := s.finish(fctx, run, err); ferr != nil && err == nil {
		err = ferr
	}
	if err != nil {
		return run, err
	}
	return run, nil
}

func (s *Service) begin(ctx context.Context, trigger shared.BackupTrigger) (*shared.BackupRun, error) {
	run := &shared.BackupRun{ID: uuid.Must(uuid.NewV7()).String(), Trigger: trigger, Status: shared.BackupRunning, StartedAt: s.Now().UnixMilli()}
	_, err := s.DB.ExecContext(ctx, `INSERT INTO backup_runs (id, trigger_kind, status, running, started_at) VALUES (?, ?, ?, 1, ?)`,
		run.ID, string(run.Trigger), string(run.Status), run.StartedAt)
	s.changed()
	if db.IsUniqueViolation(err) {
		return nil, ErrRunning
	}
	if err != nil {
		return nil, db.Wrap("backup: record the run", err)
	}
	return run, nil
}

func (s *Service) finish(ctx context.Context, run *shared.BackupRun, failure error) error {
	run.FinishedAt = s.Now().UnixMilli()
	run.Status = shared.BackupOK
	if failure != nil {
		run.Status, run.Error = shared.BackupFailed, failure.Error()
	}
	_, err := s.DB.ExecContext(ctx, `UPDATE backup_runs SET status = ?, running = NULL, finished_at = ?, archive = ?, size_bytes = ?,
		files = ?, schema_version = ?, pruned = ?, error = ? WHERE id = ?`, string(run.Status), run.FinishedAt, run.Archive, run.SizeBytes,
		run.Files, run.SchemaVersion, run.Pruned, run.Error, run.ID)
	s.changed()
	return db.Wrap("backup: record the run", err)
}

// changed makes this replica read the runs' version (VersionName) again at
// once after it wrote a run; the trigger has raised it, the other replicas
// hear of it by notification.
func (s *Service) changed() {
	if s.Params != nil {
		s.Params.Versions().Forget(VersionName)
	}
}

// take writes the archive to a scratch file, stores it at the destination
// under Folder, then prunes.
func (s *Service) take(ctx context.Context, run *shared.BackupRun) error {
	recipient, err := ParseRecipient(s.Settings.Recipient)
	if err != nil {
		return err
	}
	dest, err := blob.Open(s.Settings.To, s.Settings.S3) //nolint:contextcheck // opening reads only settings; every call after takes ctx
	if err != nil {
		return fmt.Errorf("backup: the destination %s: %w", s.Settings.To, err)
	}
	tmp, err := os.CreateTemp(s.Scratch, ".hearth-backup-*.age")
	if err != nil {
		return fmt.Errorf("backup: scratch file: %w", err)
	}
	defer func() {
		tmp.Close()
		os.Remove(tmp.Name())
	}()
	m, err := Create(ctx, Source{DB: s.DB, Files: s.Files, JWTSecret: s.JWTSecret, LoginAESKey: s.LoginAESKey, Version: s.Version, Now: s.Now, Scratch: s.Scratch}, recipient, tmp)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, 0); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	name := ArchiveName(m.Created)
	n, err := dest.Put(ctx, Folder+"/"+name, tmp)
	if err != nil {
		return fmt.Errorf("backup: store the archive at %s: %w", s.Settings.To, err)
	}
	run.Archive, run.SizeBytes, run.Files, run.SchemaVersion = name, n, m.Files, m.SchemaVersion
	pruned, err := s.prune(ctx, dest)
	run.Pruned = pruned
	if err != nil {
		// The archive is stored; a failed prune is retried by the next backup.
		s.Log.WarnContext(ctx, "backup: the retention ladder could not delete an old archive", "err", err)
	}
	return nil
}

// ArchiveName is the name of an archive made at t.
func ArchiveName(t time.Time) string {
	return "hearth-backup-" + t.UTC().Format(archiveTime) + ".age"
}

const archiveTime = "20060102T150405Z"

// listArchives are the archives under Folder of a destination, by the time
// their names hold, with their keys; other files there are left out.
func listArchives(ctx context.Context, dest blob.Store) (map[time.Time]string, error) {
	keys, err := dest.List(ctx, Folder+"/")
	if err != nil {
		return nil, fmt.Errorf("backup: list the archives: %w", err)
	}
	byTime := map[time.Time]string{}
	for _, k := range keys {
		if t, ok := archiveTimeOf(strings.TrimPrefix(k, Folder+"/")); ok {
			byTime[t] = k
		}
	}
	return byTime, nil
}

// archiveTimeOf reads the time of an archive's name.
func archiveTimeOf(name string) (time.Time, bool) {
	s, ok := strings.CutPrefix(name, "hearth-backup-")
	if !ok {
		return time.Time{}, false
	}
	s, ok = strings.CutSuffix(s, ".age")
	if !ok {
		return time.Time{}, false
	}
	t, err := time.Parse(archiveTime, s)
	return t, err == nil
}

// prune deletes the archives of the destination the ladder does not keep.
func (s *Service) prune(ctx context.Context, dest blob.Store) (int, error) {
	byTime, err := listArchives(ctx, dest)
	if err != nil {
		return 0, err
	}
	times := make([]time.Time, 0, len(byTime))
	for t := range byTime {
		times = append(times, t)
	}
	keep := Keep(times, int(s.Params.Int(ctx, param.BackupKeepDaily)), int(s.Params.Int(ctx, param.BackupKeepWeekly)),
		int(s.Params.Int(ctx, param.BackupKeepMonthly)))
	pruned := 0
	for _, t := range times {
		if keep[t] {
			continue
		}
		if err := dest.Delete(ctx, byTime[t]); err != nil {
			return pruned, fmt.Errorf("backup: delete %s: %w", byTime[t], err)
		}
		pruned++
	}
	return pruned, nil
}

// Keep is the retention ladder: of the archives made at times, the newest of
// each of the newest `daily` UTC days, `weekly` ISO weeks and `monthly`
// months that have one. The newest archive is always kept.
func Keep(times []time.Time, daily, weekly, monthly int) map[time.Time]bool {
	sorted := append([]time.Time(nil), times...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].After(sorted[j]) })
	keep := map[time.Time]bool{}
	if len(sorted) > 0 {
		keep[sorted[0]] = true
	}
	rung := func(n int, bucket func(time.Time) string) {
		seen := map[string]bool{}
		for _, t := range sorted {
			b := bucket(t.UTC())
			if seen[b] {
				continue
			}
			if len(seen) == n {
				return
			}
			seen[b] = true
			keep[t] = true
		}
	}
	rung(daily, func(t time.Time) string { return t.Format("2006-01-02") })
	rung(weekly, func(t time.Time) string { y, w := t.ISOWeek(); return fmt.Sprintf("%d-W%02d", y, w) })
	rung(monthly, func(t time.Time) string { return t.Format("2006-01") })
	return keep
}

// Record notes a backup `hearth backup --out DIR` took by hand (best effort:
// a database older than this table is left alone).
func Record(ctx context.Context, d *db.DB, now time.Time, path string, size int64, m *Manifest, failure error) {
	run := shared.BackupRun{ID: uuid.Must(uuid.NewV7()).String(), Status: shared.BackupOK}
	errText := ""
	if failure != nil {
		run.Status, errText = shared.BackupFailed, failure.Error()
	}
	var files int
	var schema int64
	if m != nil {
		files, schema = m.Files, m.SchemaVersion
	}
	_, _ = d.ExecContext(ctx, `INSERT INTO backup_runs (id, trigger_kind, status, started_at, finished_at, archive, size_bytes, files, schema_version, error)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, run.ID, string(shared.BackupByCommand), string(run.Status), now.UnixMilli(), time.Now().UnixMilli(),
		path, size, files, schema, errText)
}

// Status is the schedule, its settings and the newest runs.
func (s *Service) Status(ctx context.Context) (*shared.BackupStatus, error) {
	now := s.Now()
	st := &shared.BackupStatus{Configured: s.Settings.Configured(), Destination: s.Settings.To,
		EveryHours: s.Params.Int(ctx, param.BackupEveryHours), Hour: s.Params.Int(ctx, param.BackupHour),
		KeepDaily: s.Params.Int(ctx, param.BackupKeepDaily), KeepWeekly: s.Params.Int(ctx, param.BackupKeepWeekly),
		KeepMonthly: s.Params.Int(ctx, param.BackupKeepMonthly), Runs: []shared.BackupRun{}}
	if st.Configured && st.EveryHours > 0 {
		st.NextAt = NextSlot(now, st.EveryHours, st.Hour, s.Location).UnixMilli()
	}
	var err error
	if st.Runs, err = s.runs(ctx, "", shared.BackupRunsShown); err != nil {
		return nil, err
	}
	good, err := s.runs(ctx, string(shared.BackupOK), 1)
	if err != nil {
		return nil, err
	}
	if len(good) > 0 {
		st.LastGood = &good[0]
	}
	st.Stale = stale(now, st.LastGood, st.Runs)
	return st, nil
}

// stale: no good backup in BackupStaleHours, or the newest finished one failed.
func stale(now time.Time, good *shared.BackupRun, runs []shared.BackupRun) bool {
	if good == nil || now.Sub(time.UnixMilli(good.StartedAt)) > shared.BackupStaleHours*time.Hour {
		return true
	}
	for _, r := range runs {
		if r.Status != shared.BackupRunning {
			return r.Status == shared.BackupFailed
		}
	}
	return false
}

func (s *Service) runs(ctx context.Context, status string, limit int) ([]shared.BackupRun, error) {
	q := `SELECT id, trigger_kind, status, started_at, COALESCE(finished_at, 0), archive, size_bytes, files, schema_version, pruned, error
		FROM backup_runs`
	args := []any{}
	if status != "" {
		q += ` WHERE status = ?`
		args = append(args, status)
	}
	q += ` ORDER BY started_at DESC, id DESC LIMIT ?`
	args = append(args, limit)
	rows, err := s.DB.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, db.Wrap("backup: read the runs", err)
	}
	defer rows.Close()
	out := []shared.BackupRun{}
	for rows.Next() {
		var r shared.BackupRun
		var trigger, st string
		if err := rows.Scan(&r.ID, &trigger, &st, &r.StartedAt, &r.FinishedAt, &r.Archive, &r.SizeBytes, &r.Files, &r.SchemaVersion, &r.Pruned, &r.Error); err != nil {
			return nil, db.Wrap("backup: read the runs", err)
		}
		r.Trigger, r.Status = shared.BackupTrigger(trigger), shared.BackupRunStatus(st)
		out = append(out, r)
	}
	return out, db.Wrap("backup: read the runs", rows.Err())
}
