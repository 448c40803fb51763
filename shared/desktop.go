package shared

// The desktop shell's own calls (issue 6). The Wails shell (desktop/) answers
// every /api/desktop/* path itself and never sends it to the cloud; every
// other /api/ path is proxied to the configured cloud URL, with a local cache
// for reads and an outbox for kiosk punches. A browser has no /api/desktop/
// (the cloud answers 404), so the UI asks for it only inside the shell.

// DesktopMode is what the shell is running as.
type DesktopMode string

const (
	DesktopOwner DesktopMode = "OWNER" // the normal app in a window
	DesktopKiosk DesktopMode = "KIOSK" // fullscreen clock-in terminal at the facility door
)

// Desktop headers and limits.
const (
	// OfflineSinceHeader is set on an answer the shell served from its cache
	// because the cloud did not answer: epoch ms when that data was fetched.
	// The UI shows "offline — showing data from HH:MM".
	OfflineSinceHeader = "X-Hearth-Offline-Since"
	// KioskExitPinMin/Max bound the owner's PIN that leaves kiosk mode.
	KioskExitPinMin = 4
	KioskExitPinMax = 8
	// KioskLocalMaxFailures wrong PINs in a row at a kiosk that is offline lock
	// that caregiver's punches at this kiosk for PinLockMinutes (the cloud's
	// own lock cannot be reached offline).
	KioskLocalMaxFailures = PinMaxFailures
	// KioskConfirmSeconds: the punch confirmation stays this long, then the
	// start screen comes back with nothing of the previous person on it.
	KioskConfirmSeconds = 5
	// CloudURLMax bounds the configured cloud URL (spec 001 §9: long input 255).
	CloudURLMax = 255
	// KioskCredentialMin/Max bound the device credential pasted at kiosk setup.
	KioskCredentialMin = 8
	KioskCredentialMax = 128
)

// Error codes answered by the desktop shell itself (docs/api.md "Desktop shell").
const (
	CodeCloudUnreachable  Code = "4130" // the cloud URL did not answer /healthz; data.detail
	CodeKioskNotSetUp     Code = "4131" // this computer is not registered as a door kiosk
	CodeNoOfflinePinCheck Code = "4132" // offline, and this kiosk holds no PIN verifier for the caregiver
	CodeExitPinWrong      Code = "4133" // wrong owner PIN to leave kiosk mode; data.attemptsLeft
	CodeOffline           Code = "4134" // the cloud did not answer and nothing is cached for this read
)

// DesktopStatus is GET /api/desktop/status.
type DesktopStatus struct {
	Mode            DesktopMode `json:"mode" enum:"OWNER,KIOSK"`
	Version         string      `json:"version"`
	CloudURL        string      `json:"cloudUrl" doc:"Empty until the first-run setup saved one"`
	DefaultCloudURL string      `json:"defaultCloudUrl" doc:"From HEARTH_CLOUD_URL or the build; prefilled on the setup screen"`
	Online          bool        `json:"online" doc:"The cloud answered the last call or health check"`
	LastOnlineTime  int64       `json:"lastOnlineTime,omitempty" doc:"Epoch ms the cloud last answered"`
	KioskSetUp      bool        `json:"kioskSetUp" doc:"A kiosk credential is stored on this computer"`
	DeviceName      string      `json:"deviceName,omitempty" doc:"The kiosk's name as registered"`
	FacilityName    string      `json:"facilityName,omitempty" doc:"The kiosk's facility"`
	OutboxWaiting   int         `json:"outboxWaiting" doc:"Punches saved here and not yet on the cloud"`
	OutboxFailed    int         `json:"outboxFailed" doc:"Punches the cloud refused for good (shown to the owner)"`
	SyncError       string      `json:"syncError,omitempty" doc:"Why waiting punches are not being sent (the cloud refused this kiosk's credential); empty while they go"`
	AudioCapture    bool        `json:"audioCapture" doc:"The shell can record from the microphone (window.go.main.App.RecordAudio)"`
	MedWaiting      int         `json:"medWaiting" doc:"Med passes, PRN doses and effect checks saved on this computer and not yet on the cloud"`
	MedAttention    int         `json:"medAttention" doc:"Med writes the cloud refused or someone else logged first, not yet marked seen (GET /api/desktop/medpasses)"`
	MedSignInNeeded []string    `json:"medSignInNeeded,omitempty" doc:"Names of people whose waiting med writes can go only once they sign in again on this computer"`
}

// SetCloudRequest is POST /api/desktop/cloud: the first-run setup (and later
// changes) of the cloud URL; the shell checks that <url>/healthz answers.
type SetCloudRequest struct {
	CloudURL string `json:"cloudUrl" minLength:"1" maxLength:"255" limit:"CloudURLMax" pattern:"^https?://" doc:"e.g. https://hearth.example.org"`
}

// KioskSetupRequest is POST /api/desktop/kiosk/setup: make this computer the
// door kiosk. The credential comes from POST /api/care/kioskDevice/register
// (the owner's desktop app can call it first); the shell checks it against
// the cloud, stores it only on this computer, and switches to kiosk mode.
type KioskSetupRequest struct {
	Credential string `json:"credential" minLength:"8" maxLength:"128" limit:"KioskCredentialMin,KioskCredentialMax" pattern:"^hk_[A-Za-z0-9_-]+$"`
	ExitPin    string `json:"exitPin" pattern:"^[0-9]{4,8}$" doc:"The owner's PIN to leave kiosk mode, kept here as an argon2id hash"`
}

// KioskLeaveRequest is POST /api/desktop/kiosk/leave: back to the owner's
// window with the exit PIN. forget=true also removes the kiosk credential,
// its cache and its PIN verifiers from this computer (waiting punches stay
// and are still sent).
type KioskLeaveRequest struct {
	ExitPin string `json:"exitPin" pattern:"^[0-9]{4,8}$"`
	Forget  bool   `json:"forget,omitempty"`
}

// OutboxState is where a punch queued at a kiosk stands.
type OutboxState string

const (
	OutboxWaiting OutboxState = "WAITING" // not yet accepted by the cloud
	OutboxSent    OutboxState = "SENT"    // the cloud has it
	OutboxRefused OutboxState = "REFUSED" // the cloud refused it for good (LastError says why)
)

// DesktopOutboxEntry is one punch in GET /api/desktop/outbox (owner mode and
// the kiosk's status line): what is waiting or was refused, never a PIN.
type DesktopOutboxEntry struct {
	ClientPunchID string `json:"clientPunchId"`
	CaregiverName string `json:"caregiverName"`
	PunchTime     int64  `json:"punchTime" doc:"Epoch ms when it happened at the kiosk"`
	State         string `json:"state" enum:"WAITING,SENT,REFUSED" enumOf:"OutboxState"`
	Attempts      int    `json:"attempts"`
	LastError     string `json:"lastError,omitempty" doc:"The cloud's code and message, or the network error"`
}

// OutboxConflict: a med write the cloud refused because someone else logged
// the same pass (or documented the same effect) first; never sent again.
const OutboxConflict OutboxState = "CONFLICT"

// The desktop med pass outbox (issue 15, docs/api.md "Desktop shell", "Med
// passes offline"): logPass, logPrn and prnFollowUp made in the owner's
// window while the cloud does not answer are kept on this computer and sent
// once it answers again, each with its own person's token.
const (
	// LocalPassPrefix starts the pass id of a PRN dose kept on this computer
	// and not yet on the cloud ("local-" + its clientId); a prnFollowUp may
	// name it, and the shell sends that check after the dose.
	LocalPassPrefix = "local-"
	// MedSeenMax bounds the entries one POST /api/desktop/medpasses/seen marks.
	MedSeenMax = 100
)

// MedOutboxKind is which eMAR call a kept med write is.
type MedOutboxKind string

const (
	MedOutboxPass     MedOutboxKind = "PASS"      // POST /api/care/medication/logPass
	MedOutboxPrn      MedOutboxKind = "PRN"       // POST /api/care/medication/logPrn
	MedOutboxFollowUp MedOutboxKind = "FOLLOW_UP" // POST /api/care/medication/prnFollowUp
)

// DesktopMedPass is a pass as the desktop shell answers it in owner mode:
// the cloud's MedPass, plus what this computer knows that the cloud does not
// yet. The answer to a med write the shell kept (code 0000, the message
// says it was saved on this computer) is one, with queued true; the passes
// of a listMedicationLog day carry queued or localConflict too.
type DesktopMedPass struct {
	MedPass
	Queued        bool                `json:"queued,omitempty" doc:"Saved on this computer and not yet on the cloud: it will be sent when the cloud answers"`
	LocalConflict *DesktopMedConflict `json:"localConflict,omitempty" doc:"A log of this pass made on this computer while offline that the cloud refused because someone logged it first (the pass shows theirs)"`
}

// DesktopMedConflict is this computer's log that lost to another device's.
type DesktopMedConflict struct {
	ClientID  string      `json:"clientId"`
	StaffName string      `json:"staffName" doc:"Who logged it on this computer"`
	Outcome   PassOutcome `json:"outcome,omitempty" doc:"What they logged (empty for an effect check)"`
	GivenTime int64       `json:"givenTime" doc:"Epoch ms it happened on this computer"`
}

// DesktopMedEntry is one med write in GET /api/desktop/medpasses: kept on
// this computer, sent, refused, or lost to someone else's log (CONFLICT).
type DesktopMedEntry struct {
	ClientID       string        `json:"clientId" doc:"The write's clientId (an effect check has none: the shell makes one)"`
	Kind           MedOutboxKind `json:"kind" enum:"PASS,PRN,FOLLOW_UP"`
	PassID         string        `json:"passId" doc:"The pass (a PRN dose kept here: local-<clientId> until sent)"`
	MedicationID   string        `json:"medicationId"`
	ResidentID     string        `json:"residentId"`
	ResidentName   string        `json:"residentName"`
	MedicationName string        `json:"medicationName"`
	DueTime        int64         `json:"dueTime" doc:"Epoch ms of a scheduled pass; 0 otherwise"`
	Outcome        PassOutcome   `json:"outcome,omitempty" doc:"PASS and PRN: what was logged"`
	Effective      *bool         `json:"effective,omitempty" doc:"FOLLOW_UP: whether the dose helped"`
	HappenedTime   int64         `json:"happenedTime" doc:"Epoch ms it happened on this computer (the givenTime sent)"`
	StaffName      string        `json:"staffName" doc:"Who logged it here"`
	State          OutboxState   `json:"state" enum:"WAITING,SENT,REFUSED,CONFLICT"`
	NeedsSignIn    bool          `json:"needsSignIn" doc:"WAITING only because its person must sign in again on this computer (their session ended)"`
	Attempts       int           `json:"attempts"`
	LastError      string        `json:"lastError,omitempty" doc:"The cloud's code and message, or why it waits"`
	SentTime       int64         `json:"sentTime,omitempty" doc:"Epoch ms the cloud answered (SENT, REFUSED, CONFLICT)"`
	Other          *MedPass      `json:"other,omitempty" doc:"CONFLICT: the record on the cloud (who logged it first and when)"`
	Seen           bool          `json:"seen" doc:"A CONFLICT or REFUSED entry someone marked seen (it no longer counts in medAttention)"`
}

// DesktopMedSeenRequest is POST /api/desktop/medpasses/seen: the caregiver
// or owner has read these conflicts and refusals.
type DesktopMedSeenRequest struct {
	ClientIDs []string `json:"clientIds" minItems:"1" maxItems:"100" limit:"MedSeenMax"`
}
