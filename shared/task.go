package shared

// Care plans and daily tasks (spec 000 §2 /task, /calendar, /task-creation-rule;
// §3 "Task", "Task creation rule", "Facility routine sessions"; §5 task
// completion; spec 001 §7.6, §7.8). A Task is the plan ("help Mrs Lee bathe,
// Tuesdays, morning"); a TaskRecord is one occurrence of it (this Tuesday's
// morning), with its due window, who completed it, when, and why late.

// TaskType is what kind of work a task is (spec 000 §3 "Task" types).
type TaskType string

const (
	TaskRoutine          TaskType = "ROUTINE" // an activity of daily living (ADL)
	TaskOther            TaskType = "OTHER"
	TaskAsNeeded         TaskType = "AS_NEEDED"
	TaskMandatory        TaskType = "MANDATORY"
	TaskNonMandatory     TaskType = "NON_MANDATORY"
	TaskVitalCheck       TaskType = "VITAL_CHECK"
	TaskHealthMonitoring TaskType = "HEALTH_MONITORING"
)

// TaskFrequency is how often a task recurs (spec 000 §3 "Task" frequencies).
type TaskFrequency string

const (
	FrequencyOnce         TaskFrequency = "ONCE"
	FrequencyHourly       TaskFrequency = "HOURLY"
	FrequencyDaily        TaskFrequency = "DAILY"
	FrequencyWeekdays     TaskFrequency = "WEEKDAYS" // Monday to Friday
	FrequencyWeekends     TaskFrequency = "WEEKENDS" // Saturday and Sunday
	FrequencyWeekly       TaskFrequency = "WEEKLY"   // on daysOfWeek
	FrequencyBiweekly     TaskFrequency = "BIWEEKLY" // every two weeks, on daysOfWeek
	FrequencyMonthly      TaskFrequency = "MONTHLY"
	FrequencyQuarterly    TaskFrequency = "QUARTERLY"    // every three months
	FrequencySemiannually TaskFrequency = "SEMIANNUALLY" // every six months
	FrequencyYearly       TaskFrequency = "YEARLY"
	FrequencyCustom       TaskFrequency = "CUSTOM"    // every repeatInterval days
	FrequencyAnytime      TaskFrequency = "AS_NEEDED" // anytime: no schedule, logged when done
)

// TimeSession is a part of the facility's day (spec 000 §3 "Task" sessions and
// "Facility routine sessions").
type TimeSession string

const (
	SessionMorning   TimeSession = "MORNING"   // wake to breakfast
	SessionMidday    TimeSession = "MIDDAY"    // breakfast to lunch
	SessionAfternoon TimeSession = "AFTERNOON" // lunch to dinner
	SessionEvening   TimeSession = "EVENING"   // dinner to bed
	SessionNight     TimeSession = "NIGHT"     // bed to wake (crosses midnight)
	SessionMidnight  TimeSession = "MIDNIGHT"
)

// TimeSessions are the sessions in the day's order.
var TimeSessions = []TimeSession{SessionMorning, SessionMidday, SessionAfternoon, SessionEvening, SessionNight, SessionMidnight}

// TaskCategory groups today's work (spec 000 §2 /task categories).
type TaskCategory string

const (
	CategoryOnGoing      TaskCategory = "onGoing"      // in a session or any time of the day
	CategoryTimeSpecific TaskCategory = "timeSpecific" // at its own time of day
	CategoryMedication   TaskCategory = "medication"   // med passes (the eMAR)
)

// CareArea is the part of the care plan a task belongs to (the ADLs of the
// negotiated care plan, WAC 388-76-10355).
type CareArea string

const (
	AreaBathing   CareArea = "BATHING"
	AreaDressing  CareArea = "DRESSING"
	AreaToileting CareArea = "TOILETING"
	AreaMobility  CareArea = "MOBILITY"
	AreaEating    CareArea = "EATING"
	AreaHygiene   CareArea = "HYGIENE"
	AreaBehavior  CareArea = "BEHAVIOR"
	AreaSleep     CareArea = "SLEEP"
	AreaOther     CareArea = "OTHER"
)

// CareAreas are the areas in the care plan's order.
var CareAreas = []CareArea{AreaBathing, AreaDressing, AreaToileting, AreaMobility, AreaEating, AreaHygiene, AreaBehavior, AreaSleep, AreaOther}

// TaskRunStatus: a STOPPED task makes no occurrences (spec 000 §4).
type TaskRunStatus string

const (
	RunNormal  TaskRunStatus = "NORMAL"
	RunStopped TaskRunStatus = "STOPPED"
)

// TaskRecordStatus is where one occurrence stands.
type TaskRecordStatus string

const (
	RecordPending   TaskRecordStatus = "PENDING"   // due now or later
	RecordCompleted TaskRecordStatus = "COMPLETED" // done (late when completed after its window)
	RecordExpired   TaskRecordStatus = "EXPIRED"   // its window closed undone
	RecordCleared   TaskRecordStatus = "CLEARED"   // an owner cleared it as expired, with a reason (audited, never deleted)
)

// TaskBusinessType says what made a task: the care plan, or a business event
// through a task creation rule (spec 000 §3 "Task creation rule").
type TaskBusinessType string

const (
	BusinessCarePlan        TaskBusinessType = "CARE_PLAN" // written by hand (or in the move-in wizard)
	BusinessResident        TaskBusinessType = "RESIDENT"  // a resident moved in
	BusinessCreateCaregiver TaskBusinessType = "CREATE_CAREGIVER"
	BusinessIncidentReport  TaskBusinessType = "INCIDENT_REPORT"
	BusinessShiftReport     TaskBusinessType = "SHIFT_REPORT"
)

// LateReason is why an expired task was done late (spec 000 §5: "other" with a remark).
type LateReason string

const (
	LateResidentRefused LateReason = "RESIDENT_REFUSED"
	LateResidentAway    LateReason = "RESIDENT_AWAY"
	LateResidentAsleep  LateReason = "RESIDENT_ASLEEP"
	LateOther           LateReason = "OTHER" // remark required ("Remark is required")
)

// ExpiredKind is a group of a resident's expired data that an owner clears at
// once (spec 001 §7.6 clearCarePlanExpiredData, clearRecordExpiredData,
// clearMedicationExpiredData; clearAllExpiredTask clears every group).
type ExpiredKind string

const (
	ExpiredCarePlan   ExpiredKind = "CARE_PLAN"  // routine, other, mandatory and non-mandatory tasks
	ExpiredRecord     ExpiredKind = "RECORD"     // vital checks and health monitoring
	ExpiredMedication ExpiredKind = "MEDICATION" // med passes
)

// FnCalendar is the Calendar menu's plan function (spec 000 §2 /calendar;
// not in the free plan, spec 000 §6).
const FnCalendar = "Calendar"

// CalendarEventKind is what a calendar entry is.
type CalendarEventKind string

const (
	EventTask           CalendarEventKind = "TASK"
	EventLeave          CalendarEventKind = "LEAVE"             // approved leave of a caregiver
	EventGoingOut       CalendarEventKind = "GOING_OUT"         // a resident out, until the expected return
	EventCarePlanReview CalendarEventKind = "CARE_PLAN_REVIEW"  // the 12-month review is due
	EventInitialPlanDue CalendarEventKind = "INITIAL_CARE_PLAN" // the 30-day negotiated care plan is due
)

// Task limits and clocks.
const (
	TaskTitleMax   = 100  // spec 001 §9 title
	TaskContentMax = 1000 // details
	// TaskCommentMax bounds a completion comment, a late remark and a clearing reason (sub details).
	TaskCommentMax = 300
	// TaskRepeatIntervalMax bounds a custom frequency's interval in days.
	TaskRepeatIntervalMax = 366
	// TaskTimeGraceMinutes: a time-specific task is due from its time until this many minutes after it
	// (the ±1 hour pass window care homes use for scheduled care).
	TaskTimeGraceMinutes = 60
	// TaskFutureDays is how far ahead occurrences are made and "future tasks" reach.
	TaskFutureDays = 7
	// CalendarTaskRangeDays bounds listCalendarTask (a month grid shows six weeks).
	CalendarTaskRangeDays = 42
	// CalendarRangeDays bounds listCalendarData (the year view).
	CalendarRangeDays = 366
	// InitialCarePlanDays: the negotiated care plan is due within 30 days of move-in (WAC 388-76-10355).
	InitialCarePlanDays = 30
	// CheckInTasksMax bounds the tasks one move-in care-plan step sends.
	CheckInTasksMax = 100
	// TaskRecordUpdateHours: who completed a task may correct its comment for this long.
	TaskRecordUpdateHours = 24
)

// Task is one care-plan or facility task (spec 000 §3 "Task"). Times of day are
// the facility's wall clock; dates are the facility's days.
type Task struct {
	TaskID          string           `json:"taskId"`
	ResidentID      string           `json:"residentId" doc:"Empty for a facility task (e.g. a new caregiver's orientation)"`
	ResidentName    string           `json:"residentName"`
	CaregiverID     string           `json:"caregiverId" doc:"The caregiver it is assigned to; empty = whoever is on shift"`
	CaregiverName   string           `json:"caregiverName"`
	Title           string           `json:"title"`
	Type            TaskType         `json:"type"`
	Area            CareArea         `json:"area"`
	Content         string           `json:"content" doc:"Instructions, shown in the memo"`
	Category        TaskCategory     `json:"category" doc:"timeSpecific when timeOfDay is set, else onGoing"`
	TimeSession     TimeSession      `json:"timeSession" doc:"The session it is due in; empty when timeOfDay is set or it is due any time of the day"`
	TimeOfDay       string           `json:"timeOfDay" doc:"HH:mm, facility time; empty unless time-specific"`
	StartDate       string           `json:"startDate" doc:"YYYY-MM-DD, the first day (the spec's startTime)"`
	EndDate         string           `json:"endDate" doc:"YYYY-MM-DD, the last day; empty = no end (the spec's endTime)"`
	Frequency       TaskFrequency    `json:"frequency"`
	DaysOfWeek      []int            `json:"daysOfWeek" doc:"WEEKLY and BIWEEKLY: 0 = Sunday … 6 = Saturday"`
	RepeatInterval  int              `json:"repeatInterval" doc:"CUSTOM: every this many days; HOURLY: every this many hours (1 when 0)"`
	NextExecuteTime int64            `json:"nextExecuteTime" doc:"Epoch ms of the next occurrence's start; 0 when none"`
	RunStatus       TaskRunStatus    `json:"runStatus"`
	BusinessType    TaskBusinessType `json:"businessType"`
	Remarks         string           `json:"remarks"`
	CreatorName     string           `json:"creatorName"`
	CreateTime      int64            `json:"createTime"`
	UpdateTime      int64            `json:"updateTime"`
}

// SaveTaskRequest is POST /api/care/taskInfo/createTask (taskId ignored) and
// updateTask (taskId required). An update changes the occurrences from now on;
// completed, expired and cleared records are never rewritten.
type SaveTaskRequest struct {
	TaskID         string        `json:"taskId,omitempty" maxLength:"64" limit:"IDMax" doc:"updateTask only"`
	ResidentID     string        `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty for a facility task"`
	CaregiverID    string        `json:"caregiverId,omitempty" maxLength:"64" limit:"IDMax"`
	Title          string        `json:"title" minLength:"1" maxLength:"100" limit:"TaskTitleMax"`
	Type           TaskType      `json:"type" enum:"ROUTINE,OTHER,AS_NEEDED,MANDATORY,NON_MANDATORY,VITAL_CHECK,HEALTH_MONITORING"`
	Area           CareArea      `json:"area,omitempty" enum:",BATHING,DRESSING,TOILETING,MOBILITY,EATING,HYGIENE,BEHAVIOR,SLEEP,OTHER" doc:"Empty = OTHER"`
	Content        string        `json:"content,omitempty" maxLength:"1000" limit:"TaskContentMax"`
	TimeSession    TimeSession   `json:"timeSession,omitempty" enum:",MORNING,MIDDAY,AFTERNOON,EVENING,NIGHT,MIDNIGHT" doc:"Not with timeOfDay"`
	TimeOfDay      string        `json:"timeOfDay,omitempty" maxLength:"5" limit:"TimeOfDayMax" doc:"HH:mm; not with timeSession; HOURLY needs it (the first hour)"`
	StartDate      string        `json:"startDate" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD; not before today on create"`
	EndDate        string        `json:"endDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD, not before startDate"`
	Frequency      TaskFrequency `json:"frequency" enum:"ONCE,HOURLY,DAILY,WEEKDAYS,WEEKENDS,WEEKLY,BIWEEKLY,MONTHLY,QUARTERLY,SEMIANNUALLY,YEARLY,CUSTOM,AS_NEEDED"`
	DaysOfWeek     []int         `json:"daysOfWeek,omitempty" maxItems:"7" limit:"DaysOfWeekMax" doc:"WEEKLY/BIWEEKLY: at least one of 0-6"`
	RepeatInterval int           `json:"repeatInterval,omitempty" minimum:"0" maximum:"366" limit:"TaskRepeatIntervalMax" doc:"CUSTOM: days (1 or more); HOURLY: hours"`
	RunStatus      TaskRunStatus `json:"runStatus,omitempty" enum:",NORMAL,STOPPED" doc:"Empty = NORMAL"`
	Remarks        string        `json:"remarks,omitempty" maxLength:"300" limit:"TaskCommentMax"`
}

// Time and week bounds of the task forms.
const (
	TimeOfDayMax   = 5  // HH:mm
	DateTextLength = 10 // YYYY-MM-DD
	DaysOfWeekMax  = 7
)

// TaskFilter is the data of listTasksByPage (the care plan's task list).
type TaskFilter struct {
	ResidentID string        `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
	Title      string        `json:"title,omitempty" maxLength:"100" limit:"TaskTitleMax" doc:"Contained in the title, any case"`
	Type       TaskType      `json:"type,omitempty" enum:",ROUTINE,OTHER,AS_NEEDED,MANDATORY,NON_MANDATORY,VITAL_CHECK,HEALTH_MONITORING"`
	Area       CareArea      `json:"area,omitempty" enum:",BATHING,DRESSING,TOILETING,MOBILITY,EATING,HYGIENE,BEHAVIOR,SLEEP,OTHER"`
	RunStatus  TaskRunStatus `json:"runStatus,omitempty" enum:",NORMAL,STOPPED"`
}

// TaskIDQuery carries ?taskId=.
type TaskIDQuery struct {
	TaskID string `query:"taskId" json:"taskId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// TaskRecordIDQuery carries ?recordId=.
type TaskRecordIDQuery struct {
	RecordID string `query:"recordId" json:"recordId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// TaskRecord is one occurrence of a task.
type TaskRecord struct {
	RecordID        string           `json:"recordId"`
	TaskID          string           `json:"taskId"`
	ResidentID      string           `json:"residentId"`
	ResidentName    string           `json:"residentName"`
	ResidentRoom    string           `json:"residentRoom"`
	CaregiverID     string           `json:"caregiverId"`
	CaregiverName   string           `json:"caregiverName"`
	CaregiverColor  string           `json:"caregiverColor" doc:"The assigned caregiver's staff colour (calendar), else empty"`
	Title           string           `json:"title"`
	Content         string           `json:"content"`
	Type            TaskType         `json:"type"`
	Area            CareArea         `json:"area"`
	Category        TaskCategory     `json:"category"`
	TimeSession     TimeSession      `json:"timeSession"`
	TimeOfDay       string           `json:"timeOfDay"`
	Day             string           `json:"day" doc:"YYYY-MM-DD, the facility day it belongs to"`
	DueStart        int64            `json:"dueStart" doc:"Epoch ms the window opens"`
	DueEnd          int64            `json:"dueEnd" doc:"Epoch ms the window closes; after it the record expires"`
	Status          TaskRecordStatus `json:"status"`
	Overdue         bool             `json:"overdue" doc:"PENDING and its window has closed (the expiry job has not run yet), or EXPIRED"`
	CompletedBy     string           `json:"completedBy" doc:"User id"`
	CompletedByName string           `json:"completedByName"`
	CompletedAt     int64            `json:"completedAt" doc:"Epoch ms; 0 when not done"`
	Comment         string           `json:"comment"`
	Late            bool             `json:"late" doc:"Completed after dueEnd"`
	LateReason      LateReason       `json:"lateReason"`
	Remark          string           `json:"remark"`
	ClearedByName   string           `json:"clearedByName"`
	ClearedAt       int64            `json:"clearedAt"`
	ClearReason     string           `json:"clearReason"`
	// AlreadyCompleted is set on a completeTask answer when someone (maybe you, from another device)
	// had completed it first: nothing was changed and completedByName/completedAt say who and when.
	AlreadyCompleted bool `json:"alreadyCompleted,omitempty"`
}

// TodayTaskRequest is POST /api/care/taskInfo/listTodayTask: today's special
// tasks in the facility's day, or another day's (future tasks up to TaskFutureDays ahead).
type TodayTaskRequest struct {
	ResidentID string       `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
	Category   TaskCategory `json:"category,omitempty" enum:",onGoing,timeSpecific,medication"`
	Day        string       `json:"day,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD; empty = today"`
	Mine       bool         `json:"mine,omitempty" doc:"Only tasks assigned to me or to nobody"`
}

// TodayTasks answers listTodayTask.
type TodayTasks struct {
	Day       string       `json:"day" doc:"YYYY-MM-DD, facility time"`
	Records   []TaskRecord `json:"records" doc:"By due time, then resident"`
	AsNeeded  []Task       `json:"asNeeded" doc:"Anytime/as-needed tasks, logged when done"`
	Total     int          `json:"total"`
	Completed int          `json:"completed"`
	Expired   int          `json:"expired"`
}

// CompleteTaskRequest is POST /api/care/taskInfo/completeTask. Either recordId
// (a scheduled occurrence) or taskId (an anytime/as-needed task, logged now).
// A comment is required (spec 000 §5); an expired occurrence also needs a
// lateReason, and OTHER needs a remark ("Remark is required").
type CompleteTaskRequest struct {
	RecordID   string     `json:"recordId,omitempty" maxLength:"64" limit:"IDMax"`
	TaskID     string     `json:"taskId,omitempty" maxLength:"64" limit:"IDMax" doc:"As-needed tasks only"`
	Comment    string     `json:"comment" minLength:"1" maxLength:"300" limit:"TaskCommentMax"`
	LateReason LateReason `json:"lateReason,omitempty" enum:",RESIDENT_REFUSED,RESIDENT_AWAY,RESIDENT_ASLEEP,OTHER"`
	Remark     string     `json:"remark,omitempty" maxLength:"300" limit:"TaskCommentMax"`
	// Readings taken with a VITAL_CHECK or HEALTH_MONITORING task: saved on
	// the health monitor (source TASK) with the completion, all or nothing.
	Readings []HealthReadingInput `json:"readings,omitempty" maxItems:"15" limit:"HealthReadingsPerSaveMax" doc:"VITAL_CHECK and HEALTH_MONITORING tasks only; each metric at most once"`
}

// UpdateTaskRecordRequest is POST /api/care/taskInfo/updateTaskRecord: who
// completed a record corrects its comment or remark within TaskRecordUpdateHours.
type UpdateTaskRecordRequest struct {
	RecordID string `json:"recordId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Comment  string `json:"comment" minLength:"1" maxLength:"300" limit:"TaskCommentMax"`
	Remark   string `json:"remark,omitempty" maxLength:"300" limit:"TaskCommentMax"`
}

// ExpiredTaskFilter is the data of listExpiredTasks.
type ExpiredTaskFilter struct {
	ResidentID string      `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
	Kind       ExpiredKind `json:"kind,omitempty" enum:",CARE_PLAN,RECORD,MEDICATION"`
}

// ResidentExpiredData answers /api/care/resident/listResidentExpiredData.
type ResidentExpiredData struct {
	ResidentID      string       `json:"residentId"`
	CarePlanCount   int          `json:"carePlanCount"`
	RecordCount     int          `json:"recordCount"`
	MedicationCount int          `json:"medicationCount"`
	Records         []TaskRecord `json:"records" doc:"The expired records, oldest first"`
}

// ClearExpiredQuery is GET /api/care/resident/clearCarePlanExpiredData,
// clearRecordExpiredData, clearMedicationExpiredData and clearAllExpiredTask
// (owners and admins): the resident's expired records of that group become
// CLEARED with the reason, audited; nothing is deleted.
type ClearExpiredQuery struct {
	ResidentID string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Reason     string `query:"reason" json:"reason" minLength:"1" maxLength:"300" limit:"TaskCommentMax"`
}

// ClearExpiredResult answers the clear calls.
type ClearExpiredResult struct {
	Cleared int `json:"cleared"`
}

// CarePlanArea is one area of a resident's care plan.
type CarePlanArea struct {
	Area  CareArea `json:"area"`
	Tasks []Task   `json:"tasks"`
}

// CarePlan answers /api/care/resident/residentTaskList: the resident's
// current tasks grouped by area, with the care plan clocks.
type CarePlan struct {
	ResidentID         string         `json:"residentId"`
	Areas              []CarePlanArea `json:"areas" doc:"Areas with at least one task, in CareAreas order"`
	CarePlanUpdateTime int64          `json:"carePlanUpdateTime" doc:"Epoch ms; 0 when never recorded"`
	NextReviewTime     int64          `json:"nextReviewTime" doc:"12 months after the update; 0 when never recorded"`
	ReviewOverdue      bool           `json:"reviewOverdue"`
	InitialPlanDue     int64          `json:"initialPlanDue" doc:"Move-in + 30 days when no care plan was recorded yet; else 0"`
	InitialPlanOverdue bool           `json:"initialPlanOverdue"`
}

// CalendarRange is the data of listCalendarData and listCalendarTask.
type CalendarRange struct {
	Start      string `json:"start" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD, first facility day"`
	End        string `json:"end" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD, last facility day (inclusive)"`
	ResidentID string `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
}

// CalendarDay is one day's task figures.
type CalendarDay struct {
	Day       string `json:"day" doc:"YYYY-MM-DD"`
	Total     int    `json:"total"`
	Completed int    `json:"completed"`
	Expired   int    `json:"expired"`
	Pending   int    `json:"pending"`
}

// CalendarEvent is a non-task calendar entry (leave, going out, care plan due).
type CalendarEvent struct {
	ID         string            `json:"id"`
	Kind       CalendarEventKind `json:"kind"`
	Title      string            `json:"title" doc:"A person's name; the UI names the kind"`
	Start      int64             `json:"start" doc:"Epoch ms"`
	End        int64             `json:"end" doc:"Epoch ms"`
	AllDay     bool              `json:"allDay"`
	Color      string            `json:"color" doc:"Staff colour for leave; empty otherwise"`
	ResidentID string            `json:"residentId,omitempty"`
	UserID     string            `json:"userId,omitempty"`
}

// CalendarData answers listCalendarData: per-day task figures and the other events.
type CalendarData struct {
	Days   []CalendarDay   `json:"days"`
	Events []CalendarEvent `json:"events"`
}

// FacilityRoutine is /api/care/routineTime/get and /routineTime/save (the
// spec's facilityConfig): the sessions' windows and the med-prep button flag.
type FacilityRoutine struct {
	MedicationPrepButtonEnabled bool             `json:"medicationPrepButtonEnabled"`
	Sessions                    []RoutineSession `json:"sessions" minItems:"6" maxItems:"6" limit:"RoutineSessionsLength" doc:"One per TimeSession"`
}

// RoutineSessionsLength: every session has its window.
const RoutineSessionsLength = 6

// RoutineSession is one session's window; it may cross midnight (NIGHT).
type RoutineSession struct {
	Session   TimeSession `json:"session" enum:"MORNING,MIDDAY,AFTERNOON,EVENING,NIGHT,MIDNIGHT"`
	StartTime string      `json:"startTime" minLength:"5" maxLength:"5" limit:"TimeOfDayLength" doc:"HH:mm"`
	EndTime   string      `json:"endTime" minLength:"5" maxLength:"5" limit:"TimeOfDayLength" doc:"HH:mm, not equal to startTime"`
}

// TimeOfDayLength: HH:mm.
const TimeOfDayLength = 5

// TaskCreationRule is a platform rule (super admin, /task-creation-rule): when
// its business event happens in a facility, a task is made there.
type TaskCreationRule struct {
	RuleID         string           `json:"ruleId"`
	Title          string           `json:"title"`
	BusinessType   TaskBusinessType `json:"businessType"`
	TaskType       TaskType         `json:"taskType"`
	Frequency      TaskFrequency    `json:"frequency"`
	TimeSession    TimeSession      `json:"timeSession"`
	RepeatInterval int              `json:"repeatInterval"`
	DaysOfWeek     []int            `json:"daysOfWeek"`
	DurationDays   int              `json:"durationDays" doc:"The task runs for this many days from its first (7: the first week); 0 = no end"`
	Enabled        bool             `json:"enabled"`
	CreateTime     int64            `json:"createTime"`
	UpdateTime     int64            `json:"updateTime"`
}

// SaveTaskCreationRuleRequest is POST /api/care/taskCreationRule/save (ruleId empty = new).
type SaveTaskCreationRuleRequest struct {
	RuleID         string           `json:"ruleId,omitempty" maxLength:"64" limit:"IDMax"`
	Title          string           `json:"title" minLength:"1" maxLength:"100" limit:"TaskTitleMax"`
	BusinessType   TaskBusinessType `json:"businessType" enum:"RESIDENT,CREATE_CAREGIVER,INCIDENT_REPORT,SHIFT_REPORT"`
	TaskType       TaskType         `json:"taskType" enum:"ROUTINE,OTHER,AS_NEEDED,MANDATORY,NON_MANDATORY,VITAL_CHECK,HEALTH_MONITORING"`
	Frequency      TaskFrequency    `json:"frequency" enum:"ONCE,HOURLY,DAILY,WEEKDAYS,WEEKENDS,WEEKLY,BIWEEKLY,MONTHLY,QUARTERLY,SEMIANNUALLY,YEARLY,CUSTOM,AS_NEEDED"`
	TimeSession    TimeSession      `json:"timeSession,omitempty" enum:",MORNING,MIDDAY,AFTERNOON,EVENING,NIGHT,MIDNIGHT"`
	RepeatInterval int              `json:"repeatInterval,omitempty" minimum:"0" maximum:"366" limit:"TaskRepeatIntervalMax"`
	DaysOfWeek     []int            `json:"daysOfWeek,omitempty" maxItems:"7" limit:"DaysOfWeekMax"`
	DurationDays   int              `json:"durationDays,omitempty" minimum:"0" maximum:"366" limit:"TaskRuleDurationMax" doc:"The task runs for this many days from its first; 0 or omitted = no end"`
	Enabled        bool             `json:"enabled"`
}

// TaskRuleDurationMax bounds a rule's durationDays (a year).
const TaskRuleDurationMax = 366

// TaskCreationRuleFilter is the data of /api/care/taskCreationRule/listByPage.
type TaskCreationRuleFilter struct {
	Title        string           `json:"title,omitempty" maxLength:"100" limit:"TaskTitleMax"`
	BusinessType TaskBusinessType `json:"businessType,omitempty" enum:",RESIDENT,CREATE_CAREGIVER,INCIDENT_REPORT,SHIFT_REPORT"`
}

// RuleIDQuery carries ?ruleId=.
type RuleIDQuery struct {
	RuleID string `query:"ruleId" json:"ruleId" minLength:"1" maxLength:"64" limit:"IDMax"`
}
