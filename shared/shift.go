package shared

// Shifts (spec 000 §2 /shift-management, /shift-management/shift-scheduling/
// {shiftTypeId}, /shift-report, "Caregiver shifts, reminders and schedule";
// §3 "Shift report, shift and shift type"; §4 shift report states; §5
// "Shift"; spec 001 §8 7006, §9 "Weeks start on Sunday; shifts only for today
// or later"). Calls under /api/care/shiftType, /shiftSchedule, /shiftReport
// and /shiftHours (the spec gives no paths; docs/api.md "Shifts").
//
// A ShiftType is a recurring part of the day (Day 07:00–15:00, Night
// 23:00–07:00, which crosses midnight). A ShiftSchedule is one week (Sunday to
// Saturday) of one shift type: the caregivers assigned to each day. A shift
// is one assignment: one caregiver, one day, one shift type; a night shift
// belongs to the day it starts on. Times of day are the facility's wall
// clock; dates are the facility's days (its time zone).

// Plan functions (menu codes, spec 000 §6) of the shift pages.
const (
	// FnShiftManagement: shift types, the week's schedules, publishing, and
	// scheduled-versus-worked hours (owners and admins).
	FnShiftManagement = "ShiftManagement"
	// FnShiftReport: shift reports, and a caregiver's own shifts (every facility role).
	FnShiftReport = "ShiftReport"
)

// ScheduleStatus is where a week's schedule stands. Caregivers see only
// PUBLISHED schedules; reminders are sent only for them.
type ScheduleStatus string

const (
	ScheduleDraft     ScheduleStatus = "DRAFT"
	SchedulePublished ScheduleStatus = "PUBLISHED"
)

// ShiftReportStatus is a shift report's state (spec 000 §4: DRAFT -> SUBMIT).
type ShiftReportStatus string

const (
	ShiftReportDraft  ShiftReportStatus = "DRAFT"  // only its author sees and edits it
	ShiftReportSubmit ShiftReportStatus = "SUBMIT" // read-only; every caregiver of the facility and the owners see it
)

// ShiftConflictKind is why a caregiver cannot work a shift.
type ShiftConflictKind string

const (
	ConflictLeave      ShiftConflictKind = "LEAVE"      // an approved leave covers the shift
	ConflictOverlap    ShiftConflictKind = "OVERLAP"    // another shift of theirs overlaps it (a night shift runs into the next day)
	ConflictDisabled   ShiftConflictKind = "DISABLED"   // the caregiver's account is disabled (or no longer on staff)
	ConflictCredential ShiftConflictKind = "CREDENTIAL" // the shift type's required credential is overdue or missing
	ConflictPast       ShiftConflictKind = "PAST"       // copyLastWeek: the day is before today (not copied)
	// ConflictOverHours: the caregiver's shifts of the week add up to more than
	// ShiftWeekHoursMax (a warning in listByWeek; saves are not refused for it).
	ConflictOverHours ShiftConflictKind = "OVER_HOURS"
)

// ShiftReportItemKind is what one prefilled hand-over line is about.
type ShiftReportItemKind string

const (
	PrefillMedHeld     ShiftReportItemKind = "MED_HELD"      // a med pass held
	PrefillMedRefused  ShiftReportItemKind = "MED_REFUSED"   // a med pass refused by the resident
	PrefillMedNotGiven ShiftReportItemKind = "MED_NOT_GIVEN" // a med pass not given (or missed: still not logged after its window)
	PrefillTaskOpen    ShiftReportItemKind = "TASK_OPEN"     // a task still pending or expired undone
	PrefillConcern     ShiftReportItemKind = "CONCERN"       // a resident with held/refused meds or expired tasks that day
	PrefillIncident    ShiftReportItemKind = "INCIDENT"      // an incident report (none until incidents exist)
)

// EventShift is a published shift in the facility calendar (task.CalendarSource):
// title "<caregiver> · <shift type>", in the caregiver's staff colour.
const EventShift CalendarEventKind = "SHIFT"

// NotificationShift: shift reminders, schedule changes and new shift reports
// (the in-app notification's kind; shared/notification.go lists the others).
const NotificationShift NotificationKind = "SHIFT"

// Message keys of the shift notifications (the UI's notification catalogue,
// frontend/src/features/notifications/locales). Params: shiftType (name),
// startAt and endAt (epoch ms as decimal strings), day (YYYY-MM-DD); a report's
// author (name) and shiftDate.
const (
	// NotifyShiftTomorrow…: the evening before (ShiftReminderEveningHour).
	NotifyShiftTomorrowTitle = "notification.shift.tomorrow.title"
	NotifyShiftTomorrowBody  = "notification.shift.tomorrow.body"
	// NotifyShiftSoon…: ShiftReminderBeforeMinutes before the shift starts.
	NotifyShiftSoonTitle = "notification.shift.soon.title"
	NotifyShiftSoonBody  = "notification.shift.soon.body"
	// NotifyShiftAdded… / Removed…: an owner changed a published schedule.
	NotifyShiftAddedTitle   = "notification.shift.added.title"
	NotifyShiftAddedBody    = "notification.shift.added.body"
	NotifyShiftRemovedTitle = "notification.shift.removed.title"
	NotifyShiftRemovedBody  = "notification.shift.removed.body"
	// NotifyShiftReport…: a shift report was submitted (to every other
	// caregiver and owner of the facility).
	NotifyShiftReportTitle = "notification.shiftReport.submitted.title"
	NotifyShiftReportBody  = "notification.shiftReport.submitted.body"
)

// Shift limits and clocks.
const (
	// ShiftTypeNameMax bounds a shift type's name (spec 001 §9 short: 50).
	ShiftTypeNameMax = 50
	// ShiftStaffMax bounds a shift type's minimum staff (an adult family
	// home has at most 8 residents, WAC 388-76-10035; 20 leaves room for larger homes).
	ShiftStaffMax = 20
	// ShiftTypesMax bounds the shift types of one facility.
	ShiftTypesMax = 20
	// ScheduleNameMax bounds a schedule's name (spec 001 §9 title: 100).
	ScheduleNameMax = 100
	// ScheduleDaysMax: a schedule is one week, Sunday to Saturday (spec 001 §9).
	ScheduleDaysMax = 7
	// ShiftCaregiversMax bounds the caregivers assigned to one shift type on one day.
	ShiftCaregiversMax = 50
	// ShiftReminderEveningHour: the evening-before reminder is sent at 19:00 facility time.
	ShiftReminderEveningHour = 19
	// ShiftReminderBeforeMinutes: the second reminder is sent an hour before the shift.
	ShiftReminderBeforeMinutes = 60
	// ShiftSiteMinStaff: every hour of the week needs at least one caregiver on
	// site (a qualified caregiver around the clock; issue 19), even where no
	// shift type is scheduled.
	ShiftSiteMinStaff = 1
	// ShiftLateGraceMinutes: clocking in more than this after a shift's start is
	// a late arrival; clocking out more than this before its end an early leave.
	ShiftLateGraceMinutes = 5
	// ShiftReportSectionMax bounds each hand-over section and the free text
	// (spec 001 §9 long details: 4096).
	ShiftReportSectionMax = 4096
	// ShiftHoursRangeDaysMax bounds the hours report's range (about a quarter, as attendanceSummary).
	ShiftHoursRangeDaysMax = 93
	// ShiftWeekHoursMax: scheduled hours in one week above which the roster
	// warns (overtime is due past 40 hours in a workweek, RCW 49.46.130).
	ShiftWeekHoursMax = 40
	// MyShiftsWeeks: my shifts lists this week and next.
	MyShiftsWeeks = 2
	// ShiftPrefillItemsMax bounds each prefilled section's items.
	ShiftPrefillItemsMax = 200
)

// ShiftType is one shift of the facility's day (spec 000 §3 "Shift type").
type ShiftType struct {
	ShiftTypeID        string         `json:"shiftTypeId"`
	Name               string         `json:"name"`
	StartTime          string         `json:"startTime" doc:"HH:mm, facility time"`
	EndTime            string         `json:"endTime" doc:"HH:mm, facility time; at or before startTime = the next day (a night shift)"`
	CrossesMidnight    bool           `json:"crossesMidnight" doc:"endTime is on the next day"`
	DurationMinutes    int            `json:"durationMinutes" doc:"On a day without a clock change"`
	Color              string         `json:"color" doc:"#RRGGBB"`
	MinStaff           int            `json:"minStaff" doc:"Caregivers needed on this shift every day"`
	RequiredCredential CredentialType `json:"requiredCredential" doc:"A credential every caregiver of this shift must hold, not overdue; empty = none"`
	Active             bool           `json:"active" doc:"Inactive types are kept for past weeks but take no new schedules"`
	Scheduled          bool           `json:"scheduled" doc:"Some week has a schedule of this type (then it can be disabled, not deleted)"`
	UpdateTime         int64          `json:"updateTime" doc:"Epoch ms"`
}

// SaveShiftTypeRequest is POST /api/care/shiftType/save: a new shift type
// (shiftTypeId empty) or an edit.
type SaveShiftTypeRequest struct {
	ShiftTypeID        string         `json:"shiftTypeId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = a new shift type"`
	Name               string         `json:"name" minLength:"1" maxLength:"50" limit:"ShiftTypeNameMax" doc:"Unique in the facility"`
	StartTime          string         `json:"startTime" maxLength:"5" limit:"TimeOfDayMax" pattern:"^([01][0-9]|2[0-3]):[0-5][0-9]$" doc:"HH:mm"`
	EndTime            string         `json:"endTime" maxLength:"5" limit:"TimeOfDayMax" pattern:"^([01][0-9]|2[0-3]):[0-5][0-9]$" doc:"HH:mm; at or before startTime = the next day"`
	Color              string         `json:"color" pattern:"^#[0-9A-Fa-f]{6}$" doc:"#RRGGBB"`
	MinStaff           int            `json:"minStaff" minimum:"0" maximum:"20" limit:"ShiftStaffMax"`
	RequiredCredential CredentialType `json:"requiredCredential,omitempty" enum:",HCA_CERTIFICATION,BASIC_TRAINING_75H,NURSING_ASSISTANT,CPR_FIRST_AID,FOOD_WORKER_CARD,FOOD_SAFETY_CE,TB_TEST_STEP1,TB_TEST_STEP2,BACKGROUND_CHECK_NAME_DOB,BACKGROUND_CHECK_FINGERPRINT,SPECIALTY_DEMENTIA,SPECIALTY_MENTAL_HEALTH,SPECIALTY_DEVELOPMENTAL_DISABILITY,NURSE_DELEGATION_CORE,NURSE_DELEGATION_DIABETES,ORIENTATION_SAFETY,CONTINUING_EDUCATION,OTHER" doc:"Empty = none"`
	Active             bool           `json:"active" doc:"false disables the type"`
}

// ShiftTypeIDQuery carries ?shiftTypeId= (shiftType/delete).
type ShiftTypeIDQuery struct {
	ShiftTypeID string `query:"shiftTypeId" json:"shiftTypeId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ShiftTypeFilter is the body of shiftType/list.
type ShiftTypeFilter struct {
	ActiveOnly bool `json:"activeOnly,omitempty"`
}

// ShiftCaregiver is a caregiver as the schedule shows them.
type ShiftCaregiver struct {
	CaregiverID string     `json:"caregiverId" doc:"Caregiver.caregiverId"`
	UserID      string     `json:"userId"`
	Name        string     `json:"name"`
	Color       string     `json:"color" doc:"The caregiver's colour (#RRGGBB)"`
	Status      UserStatus `json:"status"`
}

// ShiftAssignment is one day of a schedule: who works the shift that day.
type ShiftAssignment struct {
	Day          string           `json:"day" doc:"YYYY-MM-DD, inside the schedule's week"`
	CaregiverIDs []string         `json:"caregiverIds"`
	Caregivers   []ShiftCaregiver `json:"caregivers" doc:"The same caregivers with their names and colours"`
	Start        int64            `json:"start" doc:"Epoch ms: the shift's start that day"`
	End          int64            `json:"end" doc:"Epoch ms: its end (the next day for a night shift)"`
	Past         bool             `json:"past" doc:"The day is before the facility's today: read-only"`
}

// ShiftSchedule is one week of one shift type (spec 000 §5 "Shift").
type ShiftSchedule struct {
	ScheduleID    string            `json:"scheduleId"`
	ShiftTypeID   string            `json:"shiftTypeId"`
	ShiftTypeName string            `json:"shiftTypeName"`
	Name          string            `json:"name"`
	StartDate     string            `json:"startDate" doc:"YYYY-MM-DD, a Sunday"`
	EndDate       string            `json:"endDate" doc:"YYYY-MM-DD, at most the Saturday after startDate"`
	Status        ScheduleStatus    `json:"status" enum:"DRAFT,PUBLISHED"`
	Assignments   []ShiftAssignment `json:"assignments" doc:"One per day that has caregivers, oldest first"`
	Version       int               `json:"version" doc:"Send it back with save and publish: a schedule changed meanwhile answers 4009"`
	PublishedAt   int64             `json:"publishedAt" doc:"Epoch ms of the last publish; 0 = never"`
	UpdatedByName string            `json:"updatedByName"`
	UpdateTime    int64             `json:"updateTime"`
}

// ShiftAssignmentInput is one day of a schedule as the owner sends it.
type ShiftAssignmentInput struct {
	Day          string   `json:"day" format:"date" doc:"YYYY-MM-DD inside startDate..endDate"`
	CaregiverIDs []string `json:"caregiverIds" maxItems:"50" limit:"ShiftCaregiversMax" doc:"Caregiver.caregiverId of each; empty = nobody that day"`
}

// SaveScheduleRequest is POST /api/care/shiftSchedule/save: a new week
// (scheduleId empty; one schedule per shift type and week) or an edit
// (scheduleId and version). Days before the facility's today cannot change:
// send them as they are (or leave them out: they are kept). Every caregiver is
// checked for leave, overlapping shifts, a disabled account and the shift
// type's credential; the first conflict is refused (4022) naming the caregiver
// and day. Saving a PUBLISHED schedule keeps it published and notifies the
// caregivers added and removed.
type SaveScheduleRequest struct {
	ScheduleID  string                 `json:"scheduleId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = a new schedule"`
	Version     int                    `json:"version,omitempty" doc:"The version the edit was made on (edits only)"`
	ShiftTypeID string                 `json:"shiftTypeId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Name        string                 `json:"name,omitempty" maxLength:"100" limit:"ScheduleNameMax" doc:"Empty = the shift type's name and the week (\"Day · week of 11/29/2026\")"`
	StartDate   string                 `json:"startDate" format:"date" doc:"YYYY-MM-DD; must be a Sunday"`
	EndDate     string                 `json:"endDate" format:"date" doc:"YYYY-MM-DD; startDate to the Saturday after it"`
	Assignments []ShiftAssignmentInput `json:"assignments" maxItems:"7" limit:"ScheduleDaysMax" doc:"At least one caregiver on at least one day"`
}

// CopyLastWeekRequest is POST /api/care/shiftSchedule/copyLastWeek: the
// previous week's schedule of the shift type copied into weekStart's week as a
// DRAFT (same name with the new dates). Days before today and caregivers with a
// conflict are left out and listed in the answer's skipped. The week must not
// have a schedule of the type yet (4009).
type CopyLastWeekRequest struct {
	ShiftTypeID string `json:"shiftTypeId" minLength:"1" maxLength:"64" limit:"IDMax"`
	WeekStart   string `json:"weekStart" format:"date" doc:"YYYY-MM-DD, a Sunday: the week to fill"`
}

// PublishRequest is POST /api/care/shiftSchedule/publish: the schedule becomes
// visible to its caregivers and their reminders start. Publishing with
// coverage gaps is allowed; the answer lists them (the screen shows them
// before the owner confirms, from listByWeek).
type PublishRequest struct {
	ScheduleID string `json:"scheduleId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Version    int    `json:"version" doc:"The version shown: a schedule changed meanwhile answers 4009"`
}

// ListByWeekRequest is POST /api/care/shiftSchedule/listByWeek.
type ListByWeekRequest struct {
	WeekStart string `json:"weekStart,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, a Sunday; empty = this week"`
}

// CoverageGap is a run of hours of the week with fewer caregivers on shift than
// needed: needed is the sum of minStaff of the shift types whose hours touch
// the hour, at least ShiftSiteMinStaff; a caregiver counts for an hour when
// their shift covers all of it. Hours are real hours in the facility's zone
// (a clock-change day has 23 or 25).
type CoverageGap struct {
	Start        int64    `json:"start" doc:"Epoch ms, on the hour"`
	End          int64    `json:"end" doc:"Epoch ms"`
	Day          string   `json:"day" doc:"YYYY-MM-DD of start, facility time"`
	StartTime    string   `json:"startTime" doc:"HH:mm of start, facility time"`
	EndTime      string   `json:"endTime" doc:"HH:mm of end, facility time"`
	Hours        int      `json:"hours"`
	Assigned     int      `json:"assigned"`
	Required     int      `json:"required"`
	ShiftTypeIDs []string `json:"shiftTypeIds" doc:"The shift types whose hours these are (empty: no shift type covers them)"`
}

// ShiftConflict is one caregiver who cannot work one shift.
type ShiftConflict struct {
	Kind          ShiftConflictKind `json:"kind" enum:"LEAVE,OVERLAP,DISABLED,CREDENTIAL,PAST,OVER_HOURS"`
	ScheduleID    string            `json:"scheduleId"`
	ShiftTypeID   string            `json:"shiftTypeId"`
	ShiftTypeName string            `json:"shiftTypeName"`
	Day           string            `json:"day" doc:"YYYY-MM-DD"`
	CaregiverID   string            `json:"caregiverId"`
	CaregiverName string            `json:"caregiverName"`
	Message       string            `json:"message" doc:"In the caller's language, naming the caregiver and the day"`
}

// WeekSchedule answers listByWeek: every shift type of the facility with its
// schedule of the week (if any), and the week's gaps and conflicts (drafts
// and published schedules alike).
type WeekSchedule struct {
	WeekStart  string          `json:"weekStart" doc:"YYYY-MM-DD, Sunday"`
	WeekEnd    string          `json:"weekEnd" doc:"YYYY-MM-DD, Saturday"`
	Today      string          `json:"today" doc:"The facility's today: days before it are read-only"`
	TimeZone   TimeZone        `json:"timeZone"`
	ShiftTypes []ShiftType     `json:"shiftTypes" doc:"Active types, and inactive ones that have a schedule this week"`
	Schedules  []ShiftSchedule `json:"schedules" doc:"At most one per shift type"`
	Gaps       []CoverageGap   `json:"gaps"`
	Conflicts  []ShiftConflict `json:"conflicts" doc:"Saved assignments that now conflict (leave approved later, a credential gone overdue, a disabled account)"`
}

// ScheduleResult answers save, copyLastWeek and publish: the schedule, the
// week's coverage gaps after it, and (copyLastWeek) the assignments left out.
type ScheduleResult struct {
	Schedule ShiftSchedule   `json:"schedule"`
	Gaps     []CoverageGap   `json:"gaps"`
	Skipped  []ShiftConflict `json:"skipped" doc:"copyLastWeek: caregivers not copied (a conflict or a past day)"`
}

// MyShift is one published shift of the signed-in caregiver.
type MyShift struct {
	ScheduleID    string   `json:"scheduleId"`
	ShiftTypeID   string   `json:"shiftTypeId"`
	ShiftTypeName string   `json:"shiftTypeName"`
	Color         string   `json:"color" doc:"The shift type's colour"`
	Day           string   `json:"day" doc:"YYYY-MM-DD the shift starts on"`
	StartTime     string   `json:"startTime" doc:"HH:mm"`
	EndTime       string   `json:"endTime" doc:"HH:mm"`
	Start         int64    `json:"start" doc:"Epoch ms"`
	End           int64    `json:"end" doc:"Epoch ms"`
	Coworkers     []string `json:"coworkers" doc:"Names of the others on the same shift"`
	Past          bool     `json:"past" doc:"It has ended"`
}

// MyShifts answers GET /api/care/shiftSchedule/myShifts: the caller's
// published shifts this week and next (MyShiftsWeeks), oldest first.
type MyShifts struct {
	WeekStart string    `json:"weekStart" doc:"This week's Sunday"`
	TimeZone  TimeZone  `json:"timeZone"`
	Next      *MyShift  `json:"next" doc:"The next shift not yet ended, or null"`
	Shifts    []MyShift `json:"shifts"`
}

// ShiftReport is one hand-over report (spec 000 §3 "Shift report").
type ShiftReport struct {
	ReportID           string            `json:"reportId"`
	Status             ShiftReportStatus `json:"status" enum:"DRAFT,SUBMIT"`
	ShiftDate          string            `json:"shiftDate" doc:"YYYY-MM-DD the shift started on"`
	ShiftTypeID        string            `json:"shiftTypeId" doc:"Empty = no particular shift type"`
	ShiftTypeName      string            `json:"shiftTypeName"`
	AuthorID           string            `json:"authorId" doc:"User id"`
	AuthorName         string            `json:"authorName"`
	ResidentsOfConcern string            `json:"residentsOfConcern"`
	MedsGivenHeld      string            `json:"medsGivenHeld"`
	Incidents          string            `json:"incidents"`
	TasksLeftOpen      string            `json:"tasksLeftOpen"`
	FreeText           string            `json:"freeText"`
	Read               bool              `json:"read" doc:"The caller has opened it (their own reports count as read)"`
	ReadCount          int               `json:"readCount" doc:"How many people have opened it"`
	SubmittedAt        int64             `json:"submittedAt" doc:"Epoch ms; 0 for a draft"`
	Version            int               `json:"version" doc:"Send it back with save and submit: changed meanwhile answers 4009"`
	CreateTime         int64             `json:"createTime"`
	UpdateTime         int64             `json:"updateTime"`
	Editable           bool              `json:"editable" doc:"A draft of the caller's"`
}

// SaveShiftReportRequest is POST /api/care/shiftReport/save (a draft; new when
// reportId is empty) and POST /api/care/shiftReport/submit (saves and submits
// in one, all or nothing; a new report may be submitted at once). Only the
// author edits a draft; a submitted report is read-only. Submitting needs
// something written in some section.
type SaveShiftReportRequest struct {
	ReportID           string `json:"reportId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = a new report"`
	Version            int    `json:"version,omitempty" doc:"The version the edit was made on (edits only)"`
	ShiftDate          string `json:"shiftDate" format:"date" doc:"YYYY-MM-DD, not after the facility's today"`
	ShiftTypeID        string `json:"shiftTypeId,omitempty" maxLength:"64" limit:"IDMax"`
	ResidentsOfConcern string `json:"residentsOfConcern,omitempty" maxLength:"4096" limit:"ShiftReportSectionMax"`
	MedsGivenHeld      string `json:"medsGivenHeld,omitempty" maxLength:"4096" limit:"ShiftReportSectionMax"`
	Incidents          string `json:"incidents,omitempty" maxLength:"4096" limit:"ShiftReportSectionMax"`
	TasksLeftOpen      string `json:"tasksLeftOpen,omitempty" maxLength:"4096" limit:"ShiftReportSectionMax"`
	FreeText           string `json:"freeText,omitempty" maxLength:"4096" limit:"ShiftReportSectionMax"`
}

// ShiftReportIDQuery carries ?reportId= (getById marks it read for the caller).
type ShiftReportIDQuery struct {
	ReportID string `query:"reportId" json:"reportId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ListShiftReportFilter is the data of shiftReport/listByPage: submitted
// reports and the caller's own drafts, unread first, then newest first.
type ListShiftReportFilter struct {
	Status      ShiftReportStatus `json:"status,omitempty" enum:",DRAFT,SUBMIT" doc:"DRAFT = the caller's drafts"`
	StartDate   string            `json:"startDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"shiftDate >= startDate"`
	EndDate     string            `json:"endDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"shiftDate <= endDate"`
	ShiftTypeID string            `json:"shiftTypeId,omitempty" maxLength:"64" limit:"IDMax"`
	AuthorID    string            `json:"authorId,omitempty" maxLength:"64" limit:"IDMax" doc:"User id"`
	UnreadOnly  bool              `json:"unreadOnly,omitempty"`
}

// ShiftReportUnread answers GET /api/care/shiftReport/countUnread (the sidebar badge).
type ShiftReportUnread struct {
	Count int `json:"count"`
}

// ShiftReportPrefillRequest is POST /api/care/shiftReport/prefill: the day's
// data for the hand-over sections, within the shift's hours when a shift type
// is named (else the whole facility day).
type ShiftReportPrefillRequest struct {
	ShiftDate   string `json:"shiftDate" format:"date" doc:"YYYY-MM-DD"`
	ShiftTypeID string `json:"shiftTypeId,omitempty" maxLength:"64" limit:"IDMax"`
}

// ShiftReportPrefillItem is one prefilled hand-over line; the UI writes it
// into the section in the reader's language.
type ShiftReportPrefillItem struct {
	Kind         ShiftReportItemKind `json:"kind" enum:"MED_HELD,MED_REFUSED,MED_NOT_GIVEN,TASK_OPEN,CONCERN,INCIDENT"`
	ResidentID   string              `json:"residentId"`
	ResidentName string              `json:"residentName"`
	Title        string              `json:"title" doc:"The medication's or task's name; empty for a concern"`
	Detail       string              `json:"detail" doc:"Passes: the reason logged (why held, refused, not given; empty for a missed pass). Tasks: EXPIRED, or empty while pending. Concerns: the counts, \"meds:N tasks:M\""`
	Time         int64               `json:"time" doc:"Epoch ms: the pass's or task's due time"`
}

// ShiftReportPrefill answers prefill.
type ShiftReportPrefill struct {
	ShiftDate          string                   `json:"shiftDate"`
	ShiftTypeID        string                   `json:"shiftTypeId"`
	From               int64                    `json:"from" doc:"Epoch ms: the window the data is from"`
	To                 int64                    `json:"to" doc:"Epoch ms"`
	ResidentsOfConcern []ShiftReportPrefillItem `json:"residentsOfConcern"`
	MedsGivenHeld      []ShiftReportPrefillItem `json:"medsGivenHeld" doc:"Passes held, refused or not given (given ones are the norm and left out)"`
	MedsGivenCount     int                      `json:"medsGivenCount" doc:"Passes given in the window"`
	Incidents          []ShiftReportPrefillItem `json:"incidents" doc:"Always empty until incident reports exist"`
	TasksLeftOpen      []ShiftReportPrefillItem `json:"tasksLeftOpen"`
}

// HoursReportRequest is POST /api/care/shiftHours/report: scheduled versus
// worked minutes per caregiver for a range of facility days.
type HoursReportRequest struct {
	StartDate   string `json:"startDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD; empty = this week's Sunday"`
	EndDate     string `json:"endDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD inclusive; empty = startDate + 6; at most ShiftHoursRangeDaysMax days"`
	CaregiverID string `json:"caregiverId,omitempty" maxLength:"64" limit:"IDMax" doc:"One caregiver (the staff detail); empty = everyone"`
}

// HoursWeek is one week of a caregiver's hours.
type HoursWeek struct {
	WeekStart             string `json:"weekStart" doc:"YYYY-MM-DD, Sunday"`
	ScheduledMinutes      int    `json:"scheduledMinutes"`
	ScheduledSoFarMinutes int    `json:"scheduledSoFarMinutes" doc:"Of scheduledMinutes, the part up to now"`
	WorkedMinutes         int    `json:"workedMinutes"`
}

// CaregiverHours is one caregiver's scheduled and worked time in the range.
// Scheduled time is from PUBLISHED schedules; worked time from the clock-in
// punches (an open punch counts up to now), both clipped to the range. The
// difference is against the scheduled time up to now (a shift in progress
// counts up to now), so a week under way is not shown short of its later shifts.
type CaregiverHours struct {
	CaregiverID           string      `json:"caregiverId"`
	UserID                string      `json:"userId"`
	Name                  string      `json:"name"`
	Color                 string      `json:"color"`
	ScheduledMinutes      int         `json:"scheduledMinutes" doc:"The whole range's plan, later shifts included"`
	ScheduledSoFarMinutes int         `json:"scheduledSoFarMinutes" doc:"Scheduled time up to now (a shift in progress counts up to now)"`
	WorkedMinutes         int         `json:"workedMinutes"`
	DifferenceMinutes     int         `json:"differenceMinutes" doc:"worked - scheduledSoFar"`
	ScheduledShifts       int         `json:"scheduledShifts"`
	LateArrivals          int         `json:"lateArrivals" doc:"Ended shifts clocked in more than ShiftLateGraceMinutes after the start"`
	EarlyLeaves           int         `json:"earlyLeaves" doc:"Ended shifts clocked out more than ShiftLateGraceMinutes before the end"`
	NoShows               int         `json:"noShows" doc:"Ended shifts with no clocked time in them"`
	UnscheduledMinutes    int         `json:"unscheduledMinutes" doc:"Worked outside any scheduled shift of theirs"`
	Weeks                 []HoursWeek `json:"weeks" doc:"Every week the range touches, oldest first"`
}

// HoursReport answers shiftHours/report.
type HoursReport struct {
	TimeZone            TimeZone         `json:"timeZone"`
	StartDate           string           `json:"startDate"`
	EndDate             string           `json:"endDate"`
	Caregivers          []CaregiverHours `json:"caregivers" doc:"Every caregiver with scheduled or worked time, or on staff; by name"`
	TotalScheduled      int              `json:"totalScheduled" doc:"Minutes"`
	TotalScheduledSoFar int              `json:"totalScheduledSoFar" doc:"Minutes scheduled up to now"`
	TotalWorked         int              `json:"totalWorked" doc:"Minutes"`
}

// HoursExportQuery is GET /api/care/shiftHours/export: the scheduled versus
// worked report of a range as CSV (payroll), one row per caregiver.
type HoursExportQuery struct {
	StartDate string `query:"startDate" json:"startDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD; empty = this week's Sunday"`
	EndDate   string `query:"endDate" json:"endDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD inclusive; empty = startDate + 6; at most ShiftHoursRangeDaysMax days"`
}
