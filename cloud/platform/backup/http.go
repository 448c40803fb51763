package backup

import (
	"context"
	"net/http"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/shell"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// CardBackup is the owner's dashboard card about the server's backups.
const CardBackup = "backup"

// VersionName is the backup runs' name in platform_versions: a database
// trigger raises it with every write of backup_runs (migration 00072), so the
// owners' kept card (Card, cloud/platform/shell Card.Platform) follows them.
const VersionName = "backupRuns"

// Routes mounts the super admin's backup status.
func Routes(api *web.API, s *Service) {
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/backup/getBackupStatus", Access: web.SignedIn,
		Summary: "Super admin: the backup schedule, where archives go, the retention ladder, the last good backup and the newest runs with why any failed",
		Roles:   shared.SuperAdmins, Function: web.AnyPlan},
		func(ctx context.Context, _ *web.None) (*shared.BackupStatus, error) {
			if p := auth.From(ctx); p == nil || !p.IsSuperAdmin() {
				return nil, problem.Forbidden
			}
			return s.Status(ctx)
		})
}

// Card is the owner's dashboard card (issue 35): shown only when something
// needs the owner, i.e. the last good backup is older than two days, the newest
// backup failed, or (on the embedded SQLite server, which the owner runs) no
// backup is set up at all. Its lines say when the last good backup was taken
// and its size in MB.
func (s *Service) Card(ctx context.Context, _ *auth.Principal) (*shared.DashboardCard, error) {
	st, err := s.Status(ctx)
	if err != nil {
		return nil, err
	}
	if st.LastGood != nil { // it turns stale, and its time red, once older than BackupStaleHours
		shell.ChangesAt(ctx, time.UnixMilli(st.LastGood.StartedAt).Add(shared.BackupStaleHours*time.Hour+time.Nanosecond))
	}
	card := &shared.DashboardCard{}
	switch {
	case !st.Stale:
		return nil, nil
	case !st.Configured:
		if s.DB.Engine != db.SQLite && st.LastGood == nil {
			return nil, nil // the platform's operator backs it up another way (docs/operations.md)
		}
		card.Items = append(card.Items, shared.DashboardItem{Key: "backupNotSetUp", Status: true, Tone: shared.ToneWarning})
	}
	if len(st.Runs) > 0 && st.Runs[0].Status == shared.BackupFailed {
		card.Items = append(card.Items, shared.DashboardItem{Key: "backupFailed", Status: true, Tone: shared.ToneDanger, Time: st.Runs[0].StartedAt})
	}
	if st.LastGood == nil {
		card.Items = append(card.Items, shared.DashboardItem{Key: "backupNone", Status: true, Tone: shared.ToneDanger})
		return card, nil
	}
	tone := shared.ToneNone
	if s.Now().Sub(time.UnixMilli(st.LastGood.StartedAt)) > shared.BackupStaleHours*time.Hour {
		tone = shared.ToneDanger
	}
	card.Items = append(card.Items,
		shared.DashboardItem{Key: "backupLastGood", Status: true, Tone: tone, Time: st.LastGood.StartedAt},
		shared.DashboardItem{Key: "backupSizeMB", Count: int((st.LastGood.SizeBytes + (1<<20 - 1)) >> 20)})
	return card, nil
}
