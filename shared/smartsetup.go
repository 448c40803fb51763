package shared

// Smart setup: move a home's residents in from the papers it already has
// (issue 33; spec 000 §1, §2 /resident-management/batch-upload/{step} "batch
// setup with job details", §4 smart-setup job states; spec 001 §7.6
// getAITaskProgress, forceClearAITaskProgress; §8 smart move-in messages; §9
// at most 5 setup steps). Files uploaded for the home form a batch; they are
// grouped by resident (by the name read in them, or by hand); each group has
// one job per step. The result is a draft of the move-in wizard's fields, each
// value with where it was read: nothing enters the resident list, the eMAR or
// the task list until the owner confirms the move-in.

// SmartSetupStep is one step of a group's setup (at most SmartSetupStepsMax).
type SmartSetupStep string

const (
	SmartStepText        SmartSetupStep = "TEXT"        // the files' text: PDF text layer, OCR for scans and photos
	SmartStepProfile     SmartSetupStep = "PROFILE"     // resident and profile (diagnoses, allergies)
	SmartStepCarePlan    SmartSetupStep = "CARE_PLAN"   // the care plan's tasks
	SmartStepMedications SmartSetupStep = "MEDICATIONS" // medication orders
	SmartStepContacts    SmartSetupStep = "CONTACTS"    // contacts
)

// SmartSetupSteps are the steps in order.
var SmartSetupSteps = []SmartSetupStep{SmartStepText, SmartStepProfile, SmartStepCarePlan, SmartStepMedications, SmartStepContacts}

// SmartSetupStepsMax: spec 001 §9 "Smart move-in: at most 5 setup steps".
const SmartSetupStepsMax = 5

// SmartSetupState is a job's state (spec 000 §4).
type SmartSetupState string

const (
	SmartDraft       SmartSetupState = "DRAFT"       // uploaded, not started
	SmartPending     SmartSetupState = "PENDING"     // queued
	SmartProgressing SmartSetupState = "PROGRESSING" // running
	SmartCompleted   SmartSetupState = "COMPLETED"
	SmartFailed      SmartSetupState = "FAILED"
	SmartStopped     SmartSetupState = "STOPPED" // stopped by the owner, cleared when stuck, or a file uploaded again
)

// SmartSetupMethod says how a step's fields were filled.
type SmartSetupMethod string

const (
	SmartByAI    SmartSetupMethod = "AI"
	SmartByRules SmartSetupMethod = "RULES" // no AI provider answered: simple rules filled what they could
)

// Bounds of smart setup.
const (
	SmartSetupFilesMax    = 50  // files of one upload call
	SmartSetupGroupsMax   = 100 // resident groups of one batch
	SmartSetupMaxPages    = 20  // pages read of one file (the rest is left out and said)
	SmartSetupQuoteMax    = 200 // characters of a value's quote
	SmartSetupItemsMax    = 100 // tasks, medications or contacts of one draft
	SmartSetupValueMax    = 1000
	SmartSetupPageTextMax = 20000
)

// SmartSetupLowConfidence: a value below it is marked for review; a dose or
// frequency below it is left empty rather than guessed.
const SmartSetupLowConfidence = 0.6

// SmartSetupFile is one file of a batch.
type SmartSetupFile struct {
	ID           string `json:"id" doc:"The batch's file id (moveFile)"`
	FileID       string `json:"fileId" doc:"The stored file; empty when the file was refused"`
	Name         string `json:"name"`
	ContentType  string `json:"contentType"`
	Size         int64  `json:"size"`
	GroupID      string `json:"groupId" doc:"Empty for a refused file"`
	ErrorMessage string `json:"errorMessage" doc:"Why this file was refused or could not be read, in the caller's language; empty when it was read"`
	TotalPages   int    `json:"totalPages"`
	OCRPages     int    `json:"ocrPages"`
	DetectedName string `json:"detectedName" doc:"The resident's name read in the file"`
	UploadTime   int64  `json:"uploadTime"`
}

// SmartSetupJob is one job: a group's step (getAITaskProgress answers these).
type SmartSetupJob struct {
	JobID        string                 `json:"jobId"`
	GroupID      string                 `json:"groupId"`
	Step         SmartSetupStep         `json:"step"`
	State        SmartSetupState        `json:"state"`
	Progress     int                    `json:"progress" doc:"0-100"`
	NeedsRetry   bool                   `json:"needsRetry" doc:"A file of the group was uploaded again or moved after this step ran"`
	Method       SmartSetupMethod       `json:"method,omitempty"`
	RulesReason  FacilityDocRulesReason `json:"rulesReason,omitempty" doc:"Why the rules filled the fields (method RULES)"`
	ErrorMessage string                 `json:"errorMessage"`
	StartTime    int64                  `json:"startTime"`
	FinishTime   int64                  `json:"finishTime"`
	CanStop      bool                   `json:"canStop"`
	CanContinue  bool                   `json:"canContinue"`
	CanRetry     bool                   `json:"canRetry"`
	CanDelete    bool                   `json:"canDelete"`
}

// SmartSetupGroup is a resident's files and jobs.
type SmartSetupGroup struct {
	GroupID string `json:"groupId"`
	Name    string `json:"name" doc:"The resident's name read in the files, or the first file's name"`
	ByHand  bool   `json:"byHand" doc:"A file was moved into or out of it by hand"`
	// ResidentID is the resident moved in from this group's draft (confirm); empty until then.
	ResidentID  string           `json:"residentId"`
	ConfirmTime int64            `json:"confirmTime"`
	Files       []SmartSetupFile `json:"files"`
	Jobs        []SmartSetupJob  `json:"jobs"`
}

// SmartSetupBatch is a batch with its groups.
type SmartSetupBatch struct {
	BatchID     string            `json:"batchId"`
	Started     bool              `json:"started"`
	Finished    bool              `json:"finished" doc:"Every resident confirmed and the batch closed (finish)"`
	Unconfirmed int               `json:"unconfirmed" doc:"Groups with a stored file and no resident confirmed yet"`
	Groups      []SmartSetupGroup `json:"groups"`
	Refused     []SmartSetupFile  `json:"refused" doc:"Files refused at upload, each with its message"`
	CreateTime  int64             `json:"createTime"`
}

// SmartSetupProgress is GET /api/care/resident/getAITaskProgress: every job of the batch.
type SmartSetupProgress struct {
	BatchID  string          `json:"batchId"`
	Progress int             `json:"progress" doc:"The batch's progress, 0-100 (jobs not deleted)"`
	Done     bool            `json:"done" doc:"No job is pending or progressing"`
	Jobs     []SmartSetupJob `json:"jobs"`
}

// SmartSetupBatchQuery carries ?batchId=.
type SmartSetupBatchQuery struct {
	BatchID string `query:"batchId" json:"batchId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// SmartSetupGroupQuery carries ?groupId=.
type SmartSetupGroupQuery struct {
	GroupID string `query:"groupId" json:"groupId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// SmartSetupJobQuery carries ?jobId= (forceClearAITaskProgress).
type SmartSetupJobQuery struct {
	JobID string `query:"jobId" json:"jobId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// SmartSetupBatchRequest is POST /smartSetup/start.
type SmartSetupBatchRequest struct {
	BatchID string `json:"batchId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// SmartSetupConfirmRequest is POST /smartSetup/confirm: the resident the owner
// moved in with the wizard (completeCheckIn) from this group's draft.
type SmartSetupConfirmRequest struct {
	GroupID    string `json:"groupId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ResidentID string `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// SmartSetupJobRequest is POST /smartSetup/stopJob, continueJob, retryJob, deleteJob.
type SmartSetupJobRequest struct {
	JobID string `json:"jobId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// SmartSetupMoveFileRequest is POST /smartSetup/moveFile: a file to another
// group of its batch, or (groupId empty) to a new group.
type SmartSetupMoveFileRequest struct {
	ID      string `json:"id" minLength:"1" maxLength:"64" limit:"IDMax" doc:"The batch's file id"`
	GroupID string `json:"groupId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty: a new group"`
	Name    string `json:"name,omitempty" maxLength:"101" limit:"ResidentFullNameMax" doc:"The new group's name (groupId empty)"`
}

// SmartSetupValue is one value read from the files.
type SmartSetupValue struct {
	Value      string  `json:"value"`
	Page       int     `json:"page" doc:"The draft's page number (pages) it was read on; 0 when none"`
	Quote      string  `json:"quote" doc:"The words of the page it was read from"`
	Confidence float64 `json:"confidence" doc:"0-1"`
	Low        bool    `json:"low" doc:"Below SmartSetupLowConfidence, or its quote is not on the page: to be checked"`
}

// SmartSetupProfile is the wizard's profile step as read.
type SmartSetupProfile struct {
	FirstName  SmartSetupValue `json:"firstName"`
	LastName   SmartSetupValue `json:"lastName"`
	DOB        SmartSetupValue `json:"dob" doc:"YYYY-MM-DD"`
	Gender     SmartSetupValue `json:"gender" doc:"FEMALE, MALE, OTHER or empty"`
	Allergies  SmartSetupValue `json:"allergies"`
	Diagnoses  SmartSetupValue `json:"diagnoses"`
	Diet       SmartSetupValue `json:"diet"`
	Mobility   SmartSetupValue `json:"mobility"`
	DNR        SmartSetupValue `json:"dnr" doc:"YES, NO or empty"`
	Physician  SmartSetupValue `json:"physician"`
	Pharmacy   SmartSetupValue `json:"pharmacy"`
	Preference SmartSetupValue `json:"preferences"`
}

// SmartSetupTask is one care-plan task as read.
type SmartSetupTask struct {
	Title   SmartSetupValue `json:"title"`
	Details SmartSetupValue `json:"details"`
	Session SmartSetupValue `json:"session" doc:"MORNING, MIDDAY, AFTERNOON, EVENING, NIGHT or empty"`
}

// SmartSetupMedication is one medication order as read. Never active until
// the owner confirms it in the wizard; an unsure dose or frequency is empty.
type SmartSetupMedication struct {
	Name      SmartSetupValue `json:"name"`
	Dose      SmartSetupValue `json:"dose"`
	Route     SmartSetupValue `json:"route"`
	Frequency SmartSetupValue `json:"frequency"`
	Times     SmartSetupValue `json:"times" doc:"HH:MM, comma-separated"`
	PRN       SmartSetupValue `json:"prn" doc:"true or false"`
	Hold      SmartSetupValue `json:"hold" doc:"Hold parameters, as written"`
}

// SmartSetupContact is one contact as read.
type SmartSetupContact struct {
	Name         SmartSetupValue `json:"name"`
	Relationship SmartSetupValue `json:"relationship"`
	Phone        SmartSetupValue `json:"phone"`
	Email        SmartSetupValue `json:"email"`
}

// SmartSetupPage is one page of the group's text, numbered across its files.
type SmartSetupPage struct {
	Page     int    `json:"page"`
	FileID   string `json:"fileId" doc:"The batch's file id"`
	FilePage int    `json:"filePage"`
	OCR      bool   `json:"ocr"`
	Text     string `json:"text"`
}

// SmartSetupDraft is GET /smartSetup/getDraft: what the steps read for one
// resident, for the move-in wizard to show beside the text and prefill.
type SmartSetupDraft struct {
	GroupID     string                 `json:"groupId"`
	Name        string                 `json:"name"`
	RulesOnly   bool                   `json:"rulesOnly" doc:"No AI provider answered: only simple rules filled fields (name, date of birth, allergies line, medication lines)"`
	Steps       []SmartSetupJob        `json:"steps"`
	Profile     SmartSetupProfile      `json:"profile"`
	Tasks       []SmartSetupTask       `json:"tasks"`
	Medications []SmartSetupMedication `json:"medications"`
	Contacts    []SmartSetupContact    `json:"contacts"`
	Pages       []SmartSetupPage       `json:"pages"`
}
