package shared

// Attendance: clock-in records, the weekly summary, the caregiver's kiosk PIN
// and the door kiosk (spec 001 §7.8 caregiverClockInRecord; issue 5 "Attendance";
// issue 6 the kiosk app). Times are epoch milliseconds UTC; days and weeks are
// computed in the facility's time zone, weeks starting on Sunday (spec 001 §9).

// PunchType is what a punch did. The server decides it from the caregiver's
// last punch: the next press after IN is OUT, and the other way round.
type PunchType string

const (
	PunchIn  PunchType = "IN"
	PunchOut PunchType = "OUT"
)

// PunchSource is where a punch was taken.
type PunchSource string

const (
	PunchFromBrowser PunchSource = "BROWSER" // a signed-in caregiver in /your-status
	PunchFromKiosk   PunchSource = "KIOSK"   // a registered door kiosk, with the caregiver's PIN
)

// PinCheck says how a kiosk punch proved the caregiver.
type PinCheck string

const (
	PinCheckedNone    PinCheck = ""        // a browser punch: the caregiver was signed in
	PinCheckedOnline  PinCheck = "ONLINE"  // the server checked the PIN
	PinCheckedOffline PinCheck = "OFFLINE" // the kiosk checked it against its synced verifier while offline
)

// KioskStatus is a kiosk device's state.
type KioskStatus string

const (
	KioskActive  KioskStatus = "ACTIVE"
	KioskRevoked KioskStatus = "REVOKED"
)

// Attendance limits (issue 5). A punch taken offline carries its own time.
const (
	PinMinLength = 4 // kiosk PIN: 4–6 digits
	PinMaxLength = 6
	// PinMaxFailures wrong PINs in a row lock that caregiver's kiosk punches
	// for PinLockMinutes and notify the facility's owner.
	PinMaxFailures = 5
	PinLockMinutes = 15
	// OfflinePunchMaxAgeDays: a punch older than this when it arrives is refused.
	OfflinePunchMaxAgeDays = 7
	// PunchClockSkewSeconds: a punch time up to this far ahead of the server's
	// clock is accepted (device clocks drift) and stored as the server's time.
	PunchClockSkewSeconds = 120
	// PunchLateAfterSeconds: a punch that arrives more than this after it
	// happened is flagged late (it was queued offline).
	PunchLateAfterSeconds = 300
	// AttendanceMaxRangeDays bounds one attendanceSummary.
	AttendanceMaxRangeDays = 93
	// KioskNameMax bounds a kiosk's name (spec 001 §9 input lengths: short 50).
	KioskNameMax = 50
	// ClientPunchIDMin/Max bound the random id a device gives each punch.
	ClientPunchIDMin = 8
	ClientPunchIDMax = 64
)

// KioskCredentialHeader carries a registered kiosk's device credential on the
// /api/care/kiosk/* calls (docs/api.md "Kiosk authentication"); the desktop
// shell adds it, the cloud's device routes read it.
const KioskCredentialHeader = "X-Kiosk-Credential"

// Error codes of the kiosk PIN (docs/api.md).
const (
	CodePinWrong  Code = "4120" // wrong PIN; data.attemptsLeft
	CodePinLocked Code = "4121" // too many wrong PINs; data.retryAfterSeconds
	CodePinNotSet Code = "4122" // the caregiver has no kiosk PIN yet (set it in /your-status)
)

// ClockInRecord is one punch.
type ClockInRecord struct {
	RecordID      string      `json:"recordId"`
	ClientPunchID string      `json:"clientPunchId" doc:"The id the client made; the server stores each once"`
	CaregiverID   string      `json:"caregiverId" doc:"The staff record's id (Caregiver.caregiverId); empty for someone with no staff record"`
	UserID        string      `json:"userId" doc:"The account that punched (Caregiver.userId)"`
	CaregiverName string      `json:"caregiverName"`
	PunchType     PunchType   `json:"punchType" enum:"IN,OUT"`
	PunchTime     int64       `json:"punchTime" doc:"Epoch ms: when it happened (the device's time for an offline punch)"`
	ReceivedTime  int64       `json:"receivedTime" doc:"Epoch ms: when the server stored it"`
	Source        PunchSource `json:"source" enum:"BROWSER,KIOSK"`
	DeviceID      string      `json:"deviceId,omitempty" doc:"The kiosk's id for a kiosk punch"`
	DeviceName    string      `json:"deviceName,omitempty"`
	PinCheck      PinCheck    `json:"pinCheck,omitempty" enum:",ONLINE,OFFLINE"`
	Late          bool        `json:"late" doc:"Arrived more than 5 minutes after it happened (queued offline)"`
}

// ClockInRequest is POST /api/care/caregiverClockInRecord/clockIn: the signed-in
// caregiver clocks in or out (decided from their last punch). Sending the same
// clientPunchId again answers the original record and stores nothing.
type ClockInRequest struct {
	ClientPunchID string `json:"clientPunchId" minLength:"8" maxLength:"64" limit:"ClientPunchIDMin,ClientPunchIDMax" pattern:"^[A-Za-z0-9_-]+$" doc:"A new random id per press; reuse it on retry"`
	PunchTime     int64  `json:"punchTime,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms when it happened, for a punch queued offline; 0 = now. At most 7 days old, not in the future (2 minutes of clock skew allowed)"`
}

// ClockInRecordFilter is the data of listRecordByPage. Caregivers always get
// their own records; owners and admins may name a caregiver.
type ClockInRecordFilter struct {
	CaregiverID string      `json:"caregiverId,omitempty" maxLength:"64" limit:"IDMax" doc:"Caregiver.caregiverId"`
	UserID      string      `json:"userId,omitempty" maxLength:"64" limit:"IDMax" doc:"Or Caregiver.userId"`
	StartTime   int64       `json:"startTime,omitempty" format:"date-ms" minimum:"0" doc:"Epoch ms, punchTime >= startTime"`
	EndTime     int64       `json:"endTime,omitempty" format:"date-ms" minimum:"0" doc:"Epoch ms, punchTime < endTime"`
	Source      PunchSource `json:"source,omitempty" enum:",BROWSER,KIOSK"`
	LateOnly    bool        `json:"lateOnly,omitempty"`
}

// AttendanceSummaryRequest is POST /api/care/caregiverClockInRecord/attendanceSummary.
// Dates are calendar days in the facility's zone; without them, this week
// (Sunday to Saturday). Caregivers always get their own hours.
type AttendanceSummaryRequest struct {
	StartDate   string `json:"startDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, first day (inclusive)"`
	EndDate     string `json:"endDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, last day (inclusive); at most 93 days after startDate"`
	CaregiverID string `json:"caregiverId,omitempty" maxLength:"64" limit:"IDMax" doc:"Owner/admin: one caregiver (Caregiver.caregiverId); empty = everyone"`
	UserID      string `json:"userId,omitempty" maxLength:"64" limit:"IDMax" doc:"Or by Caregiver.userId"`
}

// AttendanceDay is one caregiver's worked minutes on one day.
type AttendanceDay struct {
	Date    string `json:"date" doc:"YYYY-MM-DD in the facility's zone"`
	Minutes int    `json:"minutes"`
}

// AttendanceWeek is one caregiver's worked minutes in one week (Sunday to Saturday).
type AttendanceWeek struct {
	WeekStart string `json:"weekStart" doc:"YYYY-MM-DD of the week's Sunday"`
	Minutes   int    `json:"minutes"`
}

// AttendanceShift is one IN with its OUT; a shift across midnight is split
// between the days (and weeks) it covers in the totals.
type AttendanceShift struct {
	InTime  int64 `json:"inTime" doc:"Epoch ms"`
	OutTime int64 `json:"outTime,omitempty" doc:"Epoch ms; 0 while open"`
	Minutes int   `json:"minutes" doc:"Inside the asked range; an open shift counts up to now"`
	Open    bool  `json:"open" doc:"No OUT yet"`
}

// CaregiverAttendance is one caregiver's hours in the range.
type CaregiverAttendance struct {
	CaregiverID   string            `json:"caregiverId" doc:"Caregiver.caregiverId; empty for someone with no staff record"`
	UserID        string            `json:"userId"`
	CaregiverName string            `json:"caregiverName"`
	Color         string            `json:"color,omitempty"`
	TotalMinutes  int               `json:"totalMinutes"`
	Days          []AttendanceDay   `json:"days" doc:"Every day of the range, oldest first"`
	Weeks         []AttendanceWeek  `json:"weeks" doc:"Every week the range touches, oldest first"`
	Shifts        []AttendanceShift `json:"shifts"`
	OpenShift     bool              `json:"openShift" doc:"Clocked in and not out (flag it: maybe a forgotten clock-out)"`
	OpenSince     int64             `json:"openSince,omitempty" doc:"Epoch ms of the open shift's IN"`
}

// AttendanceSummary answers attendanceSummary.
type AttendanceSummary struct {
	TimeZone   TimeZone              `json:"timeZone"`
	StartDate  string                `json:"startDate"`
	EndDate    string                `json:"endDate"`
	Caregivers []CaregiverAttendance `json:"caregivers"`
}

// ClockInStatus is GET /api/care/caregiverClockInRecord/myStatus: what
// /your-status shows the signed-in caregiver.
type ClockInStatus struct {
	OpenShift      bool           `json:"openShift" doc:"The next press clocks OUT"`
	LastPunch      *ClockInRecord `json:"lastPunch,omitempty"`
	WeekStart      string         `json:"weekStart" doc:"YYYY-MM-DD, this week's Sunday in the facility's zone"`
	WeekMinutes    int            `json:"weekMinutes" doc:"Worked this week, an open shift up to now"`
	TimeZone       TimeZone       `json:"timeZone"`
	PinSet         bool           `json:"pinSet" doc:"A kiosk PIN is set"`
	PinLockedUntil int64          `json:"pinLockedUntil,omitempty" doc:"Epoch ms while kiosk punches are locked after wrong PINs"`
}

// SetPinRequest is POST /api/care/caregiverClockInRecord/setPin: the signed-in
// caregiver sets their kiosk PIN for the facility they are signed in to.
type SetPinRequest struct {
	Pin string `json:"pin" pattern:"^[0-9]{4,6}$" doc:"4 to 6 digits"`
}

// KioskDevice is a registered door kiosk as its owner sees it.
type KioskDevice struct {
	DeviceID     string      `json:"deviceId"`
	DeviceName   string      `json:"deviceName"`
	Status       KioskStatus `json:"status" enum:"ACTIVE,REVOKED"`
	CreatorName  string      `json:"creatorName"`
	CreateTime   int64       `json:"createTime" doc:"Epoch ms"`
	LastSeenTime int64       `json:"lastSeenTime,omitempty" doc:"Epoch ms of its last call"`
	RevokedTime  int64       `json:"revokedTime,omitempty" doc:"Epoch ms"`
}

// RegisterKioskRequest is POST /api/care/kioskDevice/register (owner).
type RegisterKioskRequest struct {
	DeviceName string `json:"deviceName" minLength:"1" maxLength:"50" limit:"KioskNameMax" doc:"e.g. Front door"`
}

// KioskRegistration answers register: the credential is shown this once;
// the server keeps only its hash.
type KioskRegistration struct {
	Device     KioskDevice `json:"device"`
	Credential string      `json:"credential" doc:"Send as the X-Kiosk-Credential header from the kiosk; shown once"`
}

// KioskDeviceIDQuery carries ?deviceId=.
type KioskDeviceIDQuery struct {
	DeviceID string `query:"deviceId" json:"deviceId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// KioskCaregiver is one enabled caregiver on the kiosk's start screen.
type KioskCaregiver struct {
	CaregiverID string `json:"caregiverId" doc:"Caregiver.caregiverId (the staff record)"`
	Name        string `json:"name"`
	Color       string `json:"color,omitempty"`
	AvatarURL   string `json:"avatarUrl,omitempty" doc:"Signed link, valid 10 minutes"`
	PinSet      bool   `json:"pinSet"`
	OnShift     bool   `json:"onShift" doc:"Clocked in now: the next punch is OUT"`
}

// KioskHome is GET /api/care/kiosk/caregivers: what the kiosk's start screen needs.
type KioskHome struct {
	DeviceID     string           `json:"deviceId"`
	DeviceName   string           `json:"deviceName"`
	FacilityName string           `json:"facilityName"`
	TimeZone     TimeZone         `json:"timeZone"`
	ServerTime   int64            `json:"serverTime" doc:"Epoch ms, to notice a drifting device clock"`
	Caregivers   []KioskCaregiver `json:"caregivers"`
}

// KioskPunchRequest is POST /api/care/kiosk/punch. Online, send the PIN: the
// server checks it (5 wrong in a row lock the caregiver's kiosk punches for 15
// minutes). A punch queued while offline sends pinCheckedOffline=true and no
// PIN: the kiosk checked it against its verifier (GET /kiosk/pinVerifiers).
type KioskPunchRequest struct {
	CaregiverID       string `json:"caregiverId" minLength:"1" maxLength:"64" limit:"IDMax" doc:"KioskCaregiver.caregiverId"`
	ClientPunchID     string `json:"clientPunchId" minLength:"8" maxLength:"64" limit:"ClientPunchIDMin,ClientPunchIDMax" pattern:"^[A-Za-z0-9_-]+$"`
	PunchTime         int64  `json:"punchTime,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms when it happened; 0 = now"`
	Pin               string `json:"pin,omitempty" pattern:"^([0-9]{4,6})?$"`
	PinCheckedOffline bool   `json:"pinCheckedOffline,omitempty" doc:"The kiosk verified the PIN offline; pin is then not sent"`
}

// KioskPunchResult answers a kiosk punch: only what the confirmation screen shows.
type KioskPunchResult struct {
	RecordID      string    `json:"recordId"`
	ClientPunchID string    `json:"clientPunchId"`
	CaregiverID   string    `json:"caregiverId"`
	CaregiverName string    `json:"caregiverName"`
	PunchType     PunchType `json:"punchType" enum:"IN,OUT"`
	PunchTime     int64     `json:"punchTime" doc:"Epoch ms"`
	Late          bool      `json:"late"`
	// Queued is set only by the desktop kiosk: the cloud did not answer, the
	// PIN was checked against this kiosk's verifier, and the punch is saved in
	// the kiosk's outbox to be sent later. RecordID is then empty and
	// PunchType is the kiosk's best guess from what it last knew.
	Queued bool `json:"queued,omitempty"`
}

// PinKDFAlgorithm names the function of a PinKDF.
type PinKDFAlgorithm string

// PinKDFArgon2id is argon2id (RFC 9106), the only one so far.
const PinKDFArgon2id PinKDFAlgorithm = "argon2id"

// PinKDF names the slow function a kiosk uses to check a PIN offline:
// verifier = argon2id(pin, salt = deviceSalt bytes + caregiverId bytes, time, memoryKiB, threads, keyLength).
type PinKDF struct {
	Algorithm string `json:"algorithm" enum:"argon2id" enumOf:"PinKDFAlgorithm"`
	Time      int    `json:"time"`
	MemoryKiB int    `json:"memoryKiB"`
	Threads   int    `json:"threads"`
	KeyLength int    `json:"keyLength"`
}

// PinVerifier is one caregiver's offline PIN check on one kiosk.
type PinVerifier struct {
	CaregiverID string `json:"caregiverId" doc:"KioskCaregiver.caregiverId, also the second part of the salt"`
	Verifier    string `json:"verifier" doc:"base64 (standard, padded) of the KDF output"`
	UpdateTime  int64  `json:"updateTime" doc:"Epoch ms"`
}

// KioskPinVerifiers is GET /api/care/kiosk/pinVerifiers: everything the kiosk
// needs to check PINs offline. A caregiver who has never punched online at
// this kiosk since setting the PIN may be missing until they do.
type KioskPinVerifiers struct {
	DeviceSalt string        `json:"deviceSalt" doc:"base64 (standard, padded)"`
	KDF        PinKDF        `json:"kdf"`
	Verifiers  []PinVerifier `json:"verifiers"`
}

// AttendanceExportQuery is GET /api/care/caregiverClockInRecord/export (owners
// and admins): the attendance of a range as CSV for payroll.
type AttendanceExportQuery struct {
	StartDate string `query:"startDate" json:"startDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, first day (inclusive); empty = as attendanceSummary"`
	EndDate   string `query:"endDate" json:"endDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, last day (inclusive); at most 93 days after startDate"`
}
