package shared

// BackupRunStatus is how one backup ended (or that it is still running).
type BackupRunStatus string

const (
	BackupRunning BackupRunStatus = "RUNNING"
	BackupOK      BackupRunStatus = "OK"
	BackupFailed  BackupRunStatus = "FAILED"
)

// BackupTrigger says who took a backup: the server's schedule or `hearth backup` by hand.
type BackupTrigger string

const (
	BackupBySchedule BackupTrigger = "SCHEDULE"
	BackupByCommand  BackupTrigger = "COMMAND"
)

// BackupStaleHours is how old the last good backup may be before the owner's
// dashboard says so (issue 35: "older than two days").
const BackupStaleHours = 48

// BackupRun is one backup, scheduled or by hand.
type BackupRun struct {
	ID            string          `json:"id"`
	Trigger       BackupTrigger   `json:"trigger" enum:"SCHEDULE,COMMAND"`
	Status        BackupRunStatus `json:"status" enum:"RUNNING,OK,FAILED"`
	StartedAt     int64           `json:"startedAt" doc:"Epoch ms"`
	FinishedAt    int64           `json:"finishedAt" doc:"Epoch ms; 0 while it runs"`
	Archive       string          `json:"archive" doc:"The archive's name at the destination"`
	SizeBytes     int64           `json:"sizeBytes" doc:"The encrypted archive's size"`
	Files         int             `json:"files" doc:"Stored files in the archive"`
	SchemaVersion int64           `json:"schemaVersion"`
	Pruned        int             `json:"pruned" doc:"Older archives the retention ladder deleted after it"`
	Error         string          `json:"error" doc:"Why it failed (the server's words, in English)"`
}

// BackupStatus answers GET /api/system/backup/getBackupStatus (super admin).
type BackupStatus struct {
	Configured  bool        `json:"configured" doc:"A recipient key and a destination are set (HEARTH_BACKUP_RECIPIENT, HEARTH_BACKUP_TO)"`
	Destination string      `json:"destination" doc:"The directory or s3:// location the archives go to"`
	EveryHours  int64       `json:"everyHours" doc:"Parameter backup.everyHours; 0: none on a schedule"`
	Hour        int64       `json:"hour" doc:"Parameter backup.hour, the server's local time"`
	KeepDaily   int64       `json:"keepDaily"`
	KeepWeekly  int64       `json:"keepWeekly"`
	KeepMonthly int64       `json:"keepMonthly"`
	NextAt      int64       `json:"nextAt" doc:"Epoch ms of the next scheduled backup; 0 when none is scheduled"`
	LastGood    *BackupRun  `json:"lastGood" doc:"The newest backup that ended well; null when none has"`
	Stale       bool        `json:"stale" doc:"No good backup in the last BackupStaleHours hours, or the newest backup failed"`
	Runs        []BackupRun `json:"runs" doc:"The newest BackupRunsShown backups, newest first"`
}

// BackupRunsShown bounds BackupStatus.Runs.
const BackupRunsShown = 20
