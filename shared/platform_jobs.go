package shared

// The super admin's failed background jobs (/admin-jobs, issue 30 "failed
// background jobs — each card linking to its list"): River's jobs that were
// discarded after their last attempt or wait for another one, with "Retry now"
// and "Discard".

// FailedJobState is which failed jobs a list shows.
type FailedJobState string

const (
	// FailedJobDiscarded: failed on its last attempt; River keeps it until its cleaner removes it.
	FailedJobDiscarded FailedJobState = "DISCARDED"
	// FailedJobRetrying: failed and waits for another attempt.
	FailedJobRetrying FailedJobState = "RETRYING"
)

// FailedJobErrorMax is how many characters of a job's last error the list answers.
const FailedJobErrorMax = 2000

// FailedJobFilter filters POST /api/system/jobs/listFailed.
type FailedJobFilter struct {
	State FailedJobState `json:"state,omitempty" enum:"DISCARDED,RETRYING" doc:"Empty: both"`
}

// FailedJob is one failed background job.
type FailedJob struct {
	ID           int64          `json:"id" doc:"River's job id"`
	Kind         string         `json:"kind" doc:"The job's kind (the UI names it in the reader's language)"`
	State        FailedJobState `json:"state"`
	TenantID     string         `json:"tenantId" doc:"The home the job was for, when its arguments name one; empty otherwise"`
	FacilityName string         `json:"facilityName" doc:"That home's name; empty when none or the home is gone"`
	Attempt      int            `json:"attempt" doc:"Attempts made"`
	MaxAttempts  int            `json:"maxAttempts"`
	LastError    string         `json:"lastError" doc:"The last attempt's error, at most FailedJobErrorMax characters"`
	FailedAt     int64          `json:"failedAt" doc:"Epoch ms of the last failure"`
	NextAt       int64          `json:"nextAt" doc:"Epoch ms of the next attempt (RETRYING); 0 for a discarded job"`
}

// FailedJobRequest names one job (POST /api/system/jobs/retry, /jobs/discard).
type FailedJobRequest struct {
	ID int64 `json:"id" minimum:"1" doc:"River's job id"`
}
