package shared

// Medications (spec 000 §3 "Medication"). The move-in wizard's eMAR step keeps
// a resident's medication list here; the eMAR (med schedules, passes, PRN,
// disposal) builds on the same records.

// MedicationType is how a medication is given (spec 000 §3). SNF is read as an
// order carried out under nurse delegation or by a licensed nurse.
type MedicationType string

const (
	MedicationRoutine MedicationType = "ROUTINE"
	MedicationPRN     MedicationType = "PRN" // as needed, with a reason and a follow-up
	MedicationSNF     MedicationType = "SNF"
)

// MedicationStatus: CURRENT or DISCONTINUED (spec 000 §3).
type MedicationStatus string

const (
	MedicationCurrent      MedicationStatus = "CURRENT"
	MedicationDiscontinued MedicationStatus = "DISCONTINUED"
)

// MedicationRoute is one of the spec's 23 routes (spec 000 §3 "Medication").
type MedicationRoute string

const (
	RouteOral            MedicationRoute = "ORAL"
	RouteSublingual      MedicationRoute = "SUBLINGUAL"
	RouteBuccal          MedicationRoute = "BUCCAL"
	RouteNasogastricTube MedicationRoute = "NASOGASTRIC_TUBE"
	RouteOrogastricTube  MedicationRoute = "OROGASTRIC_TUBE"
	RouteGastrostomy     MedicationRoute = "GASTROSTOMY"
	RouteJejunostomy     MedicationRoute = "JEJUNOSTOMY"
	RouteRectal          MedicationRoute = "RECTAL"
	RouteIntravenous     MedicationRoute = "INTRAVENOUS"
	RouteIntramuscular   MedicationRoute = "INTRAMUSCULAR"
	RouteSubcutaneous    MedicationRoute = "SUBCUTANEOUS"
	RouteIntradermal     MedicationRoute = "INTRADERMAL"
	RouteIntraosseous    MedicationRoute = "INTRAOSSEOUS"
	RouteIntrathecal     MedicationRoute = "INTRATHECAL"
	RouteEpidural        MedicationRoute = "EPIDURAL"
	RouteTransdermal     MedicationRoute = "TRANSDERMAL"
	RouteTopical         MedicationRoute = "TOPICAL"
	RouteOphthalmic      MedicationRoute = "OPHTHALMIC"
	RouteOtic            MedicationRoute = "OTIC"
	RouteNasal           MedicationRoute = "NASAL"
	RouteInhalation      MedicationRoute = "INHALATION"
	RouteNebulized       MedicationRoute = "NEBULIZED"
	RouteEndotracheal    MedicationRoute = "ENDOTRACHEAL"
)

// Medication limits.
const (
	MedicationNameMax = 100 // title
	MedicationDoseMax = 50  // short
	// MedicationTimesMax bounds the times of day one medication is given.
	MedicationTimesMax = 12
	// CheckInMedicationsMax bounds the medications one move-in eMAR step sends.
	CheckInMedicationsMax = 100
)

// Medication is one medication order of a resident.
type Medication struct {
	MedicationID string           `json:"medicationId"`
	ResidentID   string           `json:"residentId"`
	Name         string           `json:"name"`
	Type         MedicationType   `json:"type"`
	Dose         string           `json:"dose" doc:"e.g. 10 mg, 1 tablet"`
	Frequency    string           `json:"frequency" doc:"As prescribed, e.g. twice daily"`
	Route        MedicationRoute  `json:"route"`
	Instructions string           `json:"instructions"`
	Diagnosis    string           `json:"diagnosis"`
	RxNumber     string           `json:"rxNumber"`
	Physician    string           `json:"physician" doc:"The prescriber"`
	StartDate    string           `json:"startDate" doc:"YYYY-MM-DD"`
	EndDate      string           `json:"endDate" doc:"YYYY-MM-DD; empty = no end"`
	Times        []string         `json:"times" doc:"HH:mm, facility time; empty for PRN"`
	Status       MedicationStatus `json:"status"`
	CreateTime   int64            `json:"createTime"`
	UpdateTime   int64            `json:"updateTime" doc:"Epoch ms of the last change a person made"`

	// Optimistic versions (issue 26): every change a person makes raises it.
	Version       int    `json:"version" doc:"Send it back with a change (save): an order changed meanwhile answers 4009"`
	UpdatedByName string `json:"updatedByName" doc:"Who made the last change (empty when unknown)"`

	// The eMAR's part of the order (issue 15).
	Controlled   bool               `json:"controlled" doc:"A controlled substance: every given pass records the count before and after"`
	Vital        VitalSign          `json:"vital" doc:"The vital taken before each pass (hold limits and the sliding scale read it); empty = none"`
	HoldBelow    *float64           `json:"holdBelow" doc:"Hold (do not give) when the vital is below; null = no lower limit"`
	HoldAbove    *float64           `json:"holdAbove" doc:"Hold when the vital is above; null = no upper limit"`
	SlidingScale []SlidingScaleStep `json:"slidingScale" doc:"Doses by reading of the vital; empty = the dose"`
	SiteRequired bool               `json:"siteRequired" doc:"The route needs an application site on every given pass"`
	OnHold       bool               `json:"onHold" doc:"Held by the prescriber: passes show ON_HOLD"`
	HoldReason   string             `json:"holdReason"`
	HoldTime     int64              `json:"holdTime" doc:"Epoch ms the hold began; 0 when not on hold"`
	EndTime      int64              `json:"endTime" doc:"DISCONTINUED: epoch ms it stopped; else 0"`
	StopReason   string             `json:"stopReason" doc:"DISCONTINUED: why"`
}

// SaveMedicationRequest is one medication as a form sends it (medicationId empty = new).
type SaveMedicationRequest struct {
	MedicationID string          `json:"medicationId,omitempty" maxLength:"64" limit:"IDMax"`
	Version      int             `json:"version,omitempty" minimum:"0" doc:"POST /medication/save: the version a change was made on (required with medicationId); changed meanwhile answers 4009 with the order as it is now in data. Ignored by the move-in wizard"`
	Name         string          `json:"name" minLength:"1" maxLength:"100" limit:"MedicationNameMax"`
	Type         MedicationType  `json:"type" enum:"ROUTINE,PRN,SNF"`
	Dose         string          `json:"dose" minLength:"1" maxLength:"50" limit:"MedicationDoseMax"`
	Frequency    string          `json:"frequency,omitempty" maxLength:"50" limit:"ShortTextMax"`
	Route        MedicationRoute `json:"route" enum:"ORAL,SUBLINGUAL,BUCCAL,NASOGASTRIC_TUBE,OROGASTRIC_TUBE,GASTROSTOMY,JEJUNOSTOMY,RECTAL,INTRAVENOUS,INTRAMUSCULAR,SUBCUTANEOUS,INTRADERMAL,INTRAOSSEOUS,INTRATHECAL,EPIDURAL,TRANSDERMAL,TOPICAL,OPHTHALMIC,OTIC,NASAL,INHALATION,NEBULIZED,ENDOTRACHEAL"`
	Instructions string          `json:"instructions,omitempty" maxLength:"1000" limit:"DetailsMax"`
	Diagnosis    string          `json:"diagnosis,omitempty" maxLength:"300" limit:"SubDetailsMax"`
	RxNumber     string          `json:"rxNumber,omitempty" maxLength:"50" limit:"ShortTextMax"`
	Physician    string          `json:"physician,omitempty" maxLength:"50" limit:"PersonNameMax"`
	StartDate    string          `json:"startDate" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD"`
	EndDate      string          `json:"endDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD, not before startDate"`
	Times        []string        `json:"times,omitempty" maxItems:"12" limit:"MedicationTimesMax" doc:"HH:mm each; ROUTINE and SNF need at least one"`

	// The eMAR's part (issue 15); the move-in wizard may send them too.
	ResidentID   string             `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"POST /medication/save: the resident (a new order); ignored on a change and by the move-in wizard"`
	Controlled   bool               `json:"controlled,omitempty"`
	Vital        VitalSign          `json:"vital,omitempty" enum:",SYSTOLIC_BP,DIASTOLIC_BP,PULSE,BLOOD_GLUCOSE,TEMPERATURE,RESPIRATION,OXYGEN_SATURATION" doc:"Required with holdBelow, holdAbove or a sliding scale"`
	HoldBelow    *float64           `json:"holdBelow,omitempty" minimum:"0" maximum:"1000" limit:"VitalValueMax"`
	HoldAbove    *float64           `json:"holdAbove,omitempty" minimum:"0" maximum:"1000" limit:"VitalValueMax" doc:"Above holdBelow"`
	SlidingScale []SlidingScaleStep `json:"slidingScale,omitempty" maxItems:"12" limit:"SlidingScaleStepsMax"`
	// The change's record (med history; WAC 388-76-10475: date, logged call, written verification).
	ChangeNote         string `json:"changeNote,omitempty" maxLength:"300" limit:"PassReasonMax" doc:"The logged call: who ordered the change and why"`
	ChangeDate         string `json:"changeDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD the prescriber ordered it; empty = today"`
	VerificationFileID string `json:"verificationFileId,omitempty" maxLength:"64" limit:"IDMax" doc:"Your upload of category PHYSICIAN_ORDER: the written order"`
}

// The eMAR (issue 15): orders carry hold parameters, sliding scales, a
// controlled flag and an application site rule; each scheduled time of an
// order becomes a med pass in the facility's time zone; each pass is logged
// once (given, refused, held, not given) with time, staff and initials, as
// WAC 388-76-10475 asks a medication log to hold; PRN doses are logged on
// demand with a reason and an effectiveness follow-up; every change of an
// order is kept in the med history with its date, prescriber, logged call and
// verification file. docs/api.md "eMAR" has the calls and rules.

// VitalSign is a vital taken before a pass (hold parameters, sliding scales).
// Units: mmHg (blood pressure), beats/min (pulse), mg/dL (blood glucose),
// °F (temperature), breaths/min (respiration), % (oxygen saturation).
type VitalSign string

const (
	VitalSystolicBP       VitalSign = "SYSTOLIC_BP"
	VitalDiastolicBP      VitalSign = "DIASTOLIC_BP"
	VitalPulse            VitalSign = "PULSE"
	VitalBloodGlucose     VitalSign = "BLOOD_GLUCOSE"
	VitalTemperature      VitalSign = "TEMPERATURE"
	VitalRespiration      VitalSign = "RESPIRATION"
	VitalOxygenSaturation VitalSign = "OXYGEN_SATURATION"
)

// Plausible readings per vital: a value outside is a typing mistake (4022).
const (
	VitalSystolicMin    = 40
	VitalSystolicMax    = 300
	VitalDiastolicMin   = 20
	VitalDiastolicMax   = 200
	VitalPulseMin       = 20
	VitalPulseMax       = 250
	VitalGlucoseMin     = 10
	VitalGlucoseMax     = 800
	VitalTemperatureMin = 85 // °F
	VitalTemperatureMax = 110
	VitalRespirationMin = 4
	VitalRespirationMax = 80
	VitalOxygenMin      = 50
	VitalOxygenMax      = 100
	// VitalValueMax bounds any vital value a request carries (the per-vital ranges above are checked too).
	VitalValueMax = 1000
)

// AssistanceLevel is how a resident takes medications (WAC 388-76-10440
// independent, 388-76-10450 self-administration with assistance,
// 388-76-10460 medication administration, incl. nurse delegation).
type AssistanceLevel string

const (
	AssistanceIndependent        AssistanceLevel = "INDEPENDENT"
	AssistanceSelfWithAssistance AssistanceLevel = "SELF_WITH_ASSISTANCE"
	AssistanceAdministration     AssistanceLevel = "ADMINISTRATION"
)

// ApplicationSite is where a dose was applied or injected. Routes
// TRANSDERMAL, SUBCUTANEOUS, INTRAMUSCULAR, INTRADERMAL and TOPICAL need one
// on every given pass (spec 000 §5 "application site must be chosen").
type ApplicationSite string

const (
	SiteAbdomenLeft    ApplicationSite = "ABDOMEN_LEFT"
	SiteAbdomenRight   ApplicationSite = "ABDOMEN_RIGHT"
	SiteUpperArmLeft   ApplicationSite = "UPPER_ARM_LEFT"
	SiteUpperArmRight  ApplicationSite = "UPPER_ARM_RIGHT"
	SiteThighLeft      ApplicationSite = "THIGH_LEFT"
	SiteThighRight     ApplicationSite = "THIGH_RIGHT"
	SiteButtockLeft    ApplicationSite = "BUTTOCK_LEFT"
	SiteButtockRight   ApplicationSite = "BUTTOCK_RIGHT"
	SiteUpperBackLeft  ApplicationSite = "UPPER_BACK_LEFT"
	SiteUpperBackRight ApplicationSite = "UPPER_BACK_RIGHT"
	SiteChestLeft      ApplicationSite = "CHEST_LEFT"
	SiteChestRight     ApplicationSite = "CHEST_RIGHT"
	SiteAffectedArea   ApplicationSite = "AFFECTED_AREA" // topical: where the order says
	SiteOther          ApplicationSite = "OTHER"         // siteNote required
)

// SiteRoutes are the routes whose passes need an application site.
var SiteRoutes = []MedicationRoute{RouteTransdermal, RouteSubcutaneous, RouteIntramuscular, RouteIntradermal, RouteTopical}

// PassKind: a pass made from the order's times, or a PRN dose logged on demand.
type PassKind string

const (
	PassScheduled PassKind = "SCHEDULED"
	PassPRN       PassKind = "PRN"
)

// PassOutcome is what a caregiver logs for a pass.
type PassOutcome string

const (
	OutcomeGiven    PassOutcome = "GIVEN"
	OutcomeRefused  PassOutcome = "REFUSED"   // reason required
	OutcomeHeld     PassOutcome = "HELD"      // reason required; with the vital when the order has one
	OutcomeNotGiven PassOutcome = "NOT_GIVEN" // reason required (out of stock, resident away...)
)

// PassStatus is where a pass stands at the server's clock: an unlogged
// scheduled pass is UPCOMING until an hour before its time, DUE within ±60
// minutes of it (the peers' window) until 30 minutes past, WARNING for the
// 30 minutes before it becomes OVERDUE (spec 001 §9: 30-minute overdue
// warning window), then OVERDUE; a logged pass has its outcome; a pass of an
// order on hold is ON_HOLD. A PRN follow-up has the same clock from the
// dose: DUE at +60 minutes, WARNING at +90, OVERDUE at +120; DONE once documented.
type PassStatus string

const (
	PassUpcoming PassStatus = "UPCOMING"
	PassDue      PassStatus = "DUE"
	PassWarning  PassStatus = "WARNING"
	PassOverdue  PassStatus = "OVERDUE"
	PassGiven    PassStatus = "GIVEN"
	PassRefused  PassStatus = "REFUSED"
	PassHeld     PassStatus = "HELD"
	PassNotGiven PassStatus = "NOT_GIVEN"
	PassOnHold   PassStatus = "ON_HOLD"
	PassDone     PassStatus = "DONE" // a PRN follow-up documented
)

// PassColour is how the UI paints a pass: GREY upcoming or on hold, BLUE
// due, YELLOW warning, RED overdue (a pass or a PRN follow-up), GREEN given,
// ORANGE refused, held or not given.
type PassColour string

const (
	ColourGrey   PassColour = "GREY"
	ColourBlue   PassColour = "BLUE"
	ColourYellow PassColour = "YELLOW"
	ColourRed    PassColour = "RED"
	ColourGreen  PassColour = "GREEN"
	ColourOrange PassColour = "ORANGE"
)

// The pass clock, in minutes (spec 001 §9 "Medication overdue warning window": 30).
const (
	PassWindowMinutes        = 60  // due from 60 minutes before the time to 60 after
	PassWarningMinutes       = 30  // warned this long before a pass becomes overdue
	PrnFollowUpMinutes       = 60  // a PRN's effectiveness check is due an hour after the dose
	PrnFollowUpWindowMinutes = 60  // and overdue an hour after that
	WarningLookbackDays      = 7   // countWarningNum and the sidebar count red items of the last 7 days
	PassLogMaxAgeDays        = 7   // a pass logged offline may carry a time up to 7 days back
	PassClockSkewSeconds     = 120 // a time this far ahead of the server's is taken as now
)

// MedicationChangeKind is what a med history row records.
type MedicationChangeKind string

const (
	ChangeCreate      MedicationChangeKind = "CREATE"
	ChangeUpdate      MedicationChangeKind = "UPDATE"
	ChangeHold        MedicationChangeKind = "HOLD"
	ChangeResume      MedicationChangeKind = "RESUME"
	ChangeDiscontinue MedicationChangeKind = "DISCONTINUE"
	ChangeRestore     MedicationChangeKind = "RESTORE" // a discontinued order made current again
	ChangeRemove      MedicationChangeKind = "REMOVE"  // taken off the move-in wizard's list
)

// eMAR limits.
const (
	SlidingScaleStepsMax = 12  // rows of one sliding scale
	PassReasonMax        = 300 // refusal, hold, not-given and PRN reasons (sub details)
	PassNoteMax          = 300
	ControlledCountMax   = 100000 // a controlled-substance count
	ClientPassIDMin      = 8      // the random id a device gives each log
	ClientPassIDMax      = 64
	MedicationsListMax   = 200 // listMedication answers at most this many orders
	LogRangeDaysMax      = 93  // a record list's date range
)

// SlidingScaleStep is one row of a sliding scale: a reading from..to
// (inclusive) gives dose. Rows do not overlap.
type SlidingScaleStep struct {
	From float64 `json:"from" minimum:"0" maximum:"1000" limit:"VitalValueMax"`
	To   float64 `json:"to" minimum:"0" maximum:"1000" limit:"VitalValueMax" doc:"Not below from"`
	Dose string  `json:"dose" minLength:"1" maxLength:"50" limit:"MedicationDoseMax" doc:"e.g. 2 units"`
}

// MedicationFilter is the data of listMedication and listMedicationByPage.
type MedicationFilter struct {
	ResidentID string           `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Required by listMedication"`
	Name       string           `json:"name,omitempty" maxLength:"100" limit:"MedicationNameMax" doc:"Contains, any case"`
	Status     MedicationStatus `json:"status,omitempty" enum:",CURRENT,DISCONTINUED" doc:"Empty = both"`
	Type       MedicationType   `json:"type,omitempty" enum:",ROUTINE,PRN,SNF"`
}

// MedicationIDQuery carries ?medicationId=.
type MedicationIDQuery struct {
	MedicationID string `query:"medicationId" json:"medicationId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// MedicationChangeRequest is hold, resume (POST) and restore: an order change
// with its reason, the prescriber who ordered it, the date of the order and
// the verification (WAC 388-76-10475: date, logged call, written verification).
type MedicationChangeRequest struct {
	MedicationID       string `json:"medicationId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Reason             string `json:"reason" minLength:"1" maxLength:"300" limit:"PassReasonMax" doc:"The logged call: who ordered it and why"`
	Prescriber         string `json:"prescriber,omitempty" maxLength:"50" limit:"PersonNameMax" doc:"Empty = the order's physician"`
	ChangeDate         string `json:"changeDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD the prescriber ordered it; empty = today"`
	VerificationFileID string `json:"verificationFileId,omitempty" maxLength:"64" limit:"IDMax" doc:"Your upload of category PHYSICIAN_ORDER: the written order"`
}

// DiscontinueQuery is GET /medication/discontinue (spec 001 §7.7).
type DiscontinueQuery struct {
	MedicationID       string `query:"medicationId" json:"medicationId" minLength:"1" maxLength:"64" limit:"IDMax"`
	EndTime            int64  `query:"endTime" json:"endTime,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms the order stops; 0 = now. Passes from then on are removed unless logged"`
	Reason             string `query:"reason" json:"reason" minLength:"1" maxLength:"300" limit:"PassReasonMax"`
	Prescriber         string `query:"prescriber" json:"prescriber,omitempty" maxLength:"50" limit:"PersonNameMax"`
	ChangeDate         string `query:"changeDate" json:"changeDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax"`
	VerificationFileID string `query:"verificationFileId" json:"verificationFileId,omitempty" maxLength:"64" limit:"IDMax"`
}

// MedPass is one pass: a scheduled dose (dueTime) or a PRN dose logged on
// demand, with what happened. status and colour are worked out at the
// server's clock when answered.
type MedPass struct {
	PassID         string          `json:"passId"`
	MedicationID   string          `json:"medicationId"`
	ResidentID     string          `json:"residentId"`
	ResidentName   string          `json:"residentName"`
	MedicationName string          `json:"medicationName"`
	MedicationType MedicationType  `json:"medicationType" doc:"SNF passes are carried out under nurse delegation or by a licensed nurse"`
	Route          MedicationRoute `json:"route"`
	Dose           string          `json:"dose" doc:"The order's dose"`
	Kind           PassKind        `json:"kind"`
	Day            string          `json:"day" doc:"The facility day, YYYY-MM-DD"`
	TimeOfDay      string          `json:"timeOfDay" doc:"HH:mm in the facility's zone: the scheduled time, or when a PRN was given"`
	DueTime        int64           `json:"dueTime" doc:"Epoch ms; 0 for PRN"`
	Status         PassStatus      `json:"status"`
	Colour         PassColour      `json:"colour"`
	Warned         bool            `json:"warned" doc:"The on-shift caregivers were warned (30 minutes before overdue)"`

	Outcome     PassOutcome     `json:"outcome,omitempty" doc:"Empty while not logged"`
	GivenTime   int64           `json:"givenTime,omitempty" doc:"Epoch ms it happened (may be before it reached the server)"`
	LoggedTime  int64           `json:"loggedTime,omitempty" doc:"Epoch ms the server stored it"`
	Late        bool            `json:"late" doc:"Logged after the window closed (more than 60 minutes after its time)"`
	StaffID     string          `json:"staffId,omitempty" doc:"The user who logged it"`
	StaffName   string          `json:"staffName,omitempty"`
	Initials    string          `json:"initials,omitempty"`
	Reason      string          `json:"reason,omitempty"`
	Site        ApplicationSite `json:"site,omitempty"`
	SiteNote    string          `json:"siteNote,omitempty"`
	Vital       VitalSign       `json:"vital,omitempty" doc:"The vital the order asks for"`
	VitalValue  *float64        `json:"vitalValue,omitempty"`
	DoseGiven   string          `json:"doseGiven,omitempty" doc:"The sliding scale's dose for the reading, else the order's (or what a PRN log said)"`
	CountBefore *int            `json:"countBefore,omitempty" doc:"Controlled substances: the count before the pass"`
	CountAfter  *int            `json:"countAfter,omitempty"`
	Note        string          `json:"note,omitempty"`
	ClientID    string          `json:"clientId,omitempty"`

	FollowUpDueTime   int64      `json:"followUpDueTime,omitempty" doc:"PRN: epoch ms the effectiveness check is due (given + 60 min)"`
	FollowUpStatus    PassStatus `json:"followUpStatus,omitempty" doc:"PRN: UPCOMING, DUE, WARNING, OVERDUE or DONE"`
	FollowUpEffective *bool      `json:"followUpEffective,omitempty"`
	FollowUpNote      string     `json:"followUpNote,omitempty"`
	FollowUpTime      int64      `json:"followUpTime,omitempty"`
	FollowUpByName    string     `json:"followUpByName,omitempty"`

	AckTime   int64  `json:"ackTime,omitempty" doc:"A red item acknowledged by clearColourByStatusId: it no longer counts"`
	AckByName string `json:"ackByName,omitempty"`
	AckNote   string `json:"ackNote,omitempty"`
}

// LogPassRequest is POST /medication/logPass: a scheduled pass logged. The
// first log wins; a second answers 4009 with the first in data (MedPass).
// Sending the same clientId again answers the original and stores nothing.
type LogPassRequest struct {
	PassID      string          `json:"passId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ClientID    string          `json:"clientId" minLength:"8" maxLength:"64" limit:"ClientPassIDMin,ClientPassIDMax" pattern:"^[A-Za-z0-9_-]+$" doc:"A new random id per log; reuse it on retry"`
	Outcome     PassOutcome     `json:"outcome" enum:"GIVEN,REFUSED,HELD,NOT_GIVEN"`
	GivenTime   int64           `json:"givenTime,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms it happened, for a log queued offline; 0 = now. At most 7 days old, not ahead by more than 2 minutes"`
	Reason      string          `json:"reason,omitempty" maxLength:"300" limit:"PassReasonMax" doc:"Required unless GIVEN"`
	Site        ApplicationSite `json:"site,omitempty" enum:",ABDOMEN_LEFT,ABDOMEN_RIGHT,UPPER_ARM_LEFT,UPPER_ARM_RIGHT,THIGH_LEFT,THIGH_RIGHT,BUTTOCK_LEFT,BUTTOCK_RIGHT,UPPER_BACK_LEFT,UPPER_BACK_RIGHT,CHEST_LEFT,CHEST_RIGHT,AFFECTED_AREA,OTHER" doc:"Required when GIVEN by a route of SiteRoutes"`
	SiteNote    string          `json:"siteNote,omitempty" maxLength:"50" limit:"ShortTextMax" doc:"Required when site is OTHER"`
	VitalValue  *float64        `json:"vitalValue,omitempty" minimum:"0" maximum:"1000" limit:"VitalValueMax" doc:"Required for GIVEN and HELD when the order names a vital"`
	DoseGiven   string          `json:"doseGiven,omitempty" maxLength:"50" limit:"MedicationDoseMax" doc:"Empty = the order's dose; a sliding scale's dose is picked by the server"`
	CountBefore *int            `json:"countBefore,omitempty" minimum:"0" maximum:"100000" limit:"ControlledCountMax" doc:"Controlled: required when GIVEN"`
	CountAfter  *int            `json:"countAfter,omitempty" minimum:"0" maximum:"100000" limit:"ControlledCountMax" doc:"Controlled: required when GIVEN, not above countBefore"`
	Note        string          `json:"note,omitempty" maxLength:"300" limit:"PassNoteMax"`
}

// LogPrnRequest is POST /medication/logPrn: a PRN dose given on demand, with
// the reason; its effectiveness check falls due 60 minutes later.
type LogPrnRequest struct {
	MedicationID string          `json:"medicationId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ClientID     string          `json:"clientId" minLength:"8" maxLength:"64" limit:"ClientPassIDMin,ClientPassIDMax" pattern:"^[A-Za-z0-9_-]+$"`
	GivenTime    int64           `json:"givenTime,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms; 0 = now (same rules as logPass)"`
	Reason       string          `json:"reason" minLength:"1" maxLength:"300" limit:"PassReasonMax" doc:"Why it was needed"`
	Site         ApplicationSite `json:"site,omitempty" enum:",ABDOMEN_LEFT,ABDOMEN_RIGHT,UPPER_ARM_LEFT,UPPER_ARM_RIGHT,THIGH_LEFT,THIGH_RIGHT,BUTTOCK_LEFT,BUTTOCK_RIGHT,UPPER_BACK_LEFT,UPPER_BACK_RIGHT,CHEST_LEFT,CHEST_RIGHT,AFFECTED_AREA,OTHER"`
	SiteNote     string          `json:"siteNote,omitempty" maxLength:"50" limit:"ShortTextMax"`
	VitalValue   *float64        `json:"vitalValue,omitempty" minimum:"0" maximum:"1000" limit:"VitalValueMax"`
	DoseGiven    string          `json:"doseGiven,omitempty" maxLength:"50" limit:"MedicationDoseMax"`
	CountBefore  *int            `json:"countBefore,omitempty" minimum:"0" maximum:"100000" limit:"ControlledCountMax"`
	CountAfter   *int            `json:"countAfter,omitempty" minimum:"0" maximum:"100000" limit:"ControlledCountMax"`
	Note         string          `json:"note,omitempty" maxLength:"300" limit:"PassNoteMax"`
}

// PrnFollowUpRequest is POST /medication/prnFollowUp: the effectiveness of a
// PRN dose, documented once (a second answers 4009 with the first).
type PrnFollowUpRequest struct {
	PassID    string `json:"passId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Effective bool   `json:"effective"`
	Note      string `json:"note,omitempty" maxLength:"300" limit:"PassNoteMax" doc:"Required when not effective"`
}

// MedicationRecordFilter is the data of listMedicationRecordByPage (logged passes).
type MedicationRecordFilter struct {
	ResidentID   string      `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
	MedicationID string      `json:"medicationId,omitempty" maxLength:"64" limit:"IDMax"`
	Outcome      PassOutcome `json:"outcome,omitempty" enum:",GIVEN,REFUSED,HELD,NOT_GIVEN"`
	StartTime    int64       `json:"startTime,omitempty" format:"date-ms" minimum:"0" doc:"Epoch ms, givenTime >= startTime"`
	EndTime      int64       `json:"endTime,omitempty" format:"date-ms" minimum:"0" doc:"Epoch ms, givenTime < endTime; at most LogRangeDaysMax after startTime"`
}

// NotGivenFilter is the data of listNotGivenRecord: passes refused, held, not
// given, and scheduled passes missed (never logged, past their window).
type NotGivenFilter struct {
	ResidentID string `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
	StartTime  int64  `json:"startTime,omitempty" format:"date-ms" minimum:"0" doc:"Epoch ms (the pass's time)"`
	EndTime    int64  `json:"endTime,omitempty" format:"date-ms" minimum:"0"`
}

// MedicationLogRequest is POST /medication/listMedicationLog: a facility day's
// passes (what /emars shows), optionally one resident's.
type MedicationLogRequest struct {
	Day        string `json:"day,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD; empty = today in the facility's zone"`
	ResidentID string `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
}

// EmarResident is one resident's card on /emars: the orders (current,
// including on hold) and the day's passes by time.
type EmarResident struct {
	ResidentID      string          `json:"residentId"`
	Name            string          `json:"name"`
	Room            string          `json:"room"`
	Allergies       string          `json:"allergies"`
	AvatarFileID    string          `json:"avatarFileId"`
	AvatarURL       string          `json:"avatarUrl" doc:"Signed link to the photo; empty when none"`
	AssistanceLevel AssistanceLevel `json:"assistanceLevel" doc:"Empty until recorded"`
	RedCount        int             `json:"redCount" doc:"Red items of the day not acknowledged"`
	Medications     []Medication    `json:"medications"`
	Passes          []MedPass       `json:"passes" doc:"The day's scheduled passes and PRN doses, by time"`
}

// EmarColourCount counts a day's passes per colour.
type EmarColourCount struct {
	Grey   int `json:"grey"`
	Blue   int `json:"blue"`
	Yellow int `json:"yellow"`
	Red    int `json:"red"`
	Green  int `json:"green"`
	Orange int `json:"orange"`
}

// EmarDay answers listMedicationLog.
type EmarDay struct {
	Day       string          `json:"day"`
	Now       int64           `json:"now" doc:"The server's clock the statuses were worked out at"`
	Residents []EmarResident  `json:"residents" doc:"Residents who live here, by name"`
	Counts    EmarColourCount `json:"counts"`
}

// EmarColourQuery is GET /medication/emarsStatusColourCount.
type EmarColourQuery struct {
	Day        string `query:"day" json:"day,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD; empty = today"`
	ResidentID string `query:"residentId" json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
}

// ClearColourQuery is GET /medication/clearColourByStatusId: a red item
// acknowledged with a note (audited); the pass stays unlogged in the record.
type ClearColourQuery struct {
	StatusID string `query:"statusId" json:"statusId" minLength:"1" maxLength:"64" limit:"IDMax" doc:"The pass id"`
	Note     string `query:"note" json:"note" minLength:"1" maxLength:"300" limit:"PassNoteMax"`
}

// MedHistoryQuery is GET /medHistory/getMedHistory: a resident's order
// changes, newest first, optionally one medication's.
type MedHistoryQuery struct {
	ResidentID   string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	MedicationID string `query:"medicationId" json:"medicationId,omitempty" maxLength:"64" limit:"IDMax"`
	Current      int    `query:"current" json:"current,omitempty" minimum:"0" maximum:"100000" limit:"MaxPageNumber" doc:"Page; 0 = 1"`
	Size         int    `query:"size" json:"size,omitempty" minimum:"0" maximum:"100" limit:"MaxPageSize" doc:"0 = 20"`
}

// MedicationChange is one med history row.
type MedicationChange struct {
	ChangeID         string               `json:"changeId"`
	MedicationID     string               `json:"medicationId"`
	ResidentID       string               `json:"residentId"`
	MedicationName   string               `json:"medicationName"`
	Kind             MedicationChangeKind `json:"kind"`
	Before           *Medication          `json:"before" doc:"The order before; null for CREATE"`
	After            *Medication          `json:"after" doc:"The order after"`
	ChangeDate       string               `json:"changeDate" doc:"YYYY-MM-DD the prescriber ordered it"`
	Prescriber       string               `json:"prescriber"`
	Note             string               `json:"note" doc:"The logged call / reason"`
	VerificationFile *FileItem            `json:"verificationFile" doc:"The written order; null when none"`
	ActorID          string               `json:"actorId"`
	ActorName        string               `json:"actorName"`
	CreateTime       int64                `json:"createTime"`
}

// MedicationAssistance is a resident's medication assistance level.
type MedicationAssistance struct {
	ResidentID    string          `json:"residentId"`
	Level         AssistanceLevel `json:"level" doc:"Empty until recorded"`
	Note          string          `json:"note"`
	UpdateTime    int64           `json:"updateTime"`
	UpdatedByName string          `json:"updatedByName"`
}

// SaveAssistanceRequest is POST /medication/saveAssistance.
type SaveAssistanceRequest struct {
	ResidentID string          `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Level      AssistanceLevel `json:"level" enum:"INDEPENDENT,SELF_WITH_ASSISTANCE,ADMINISTRATION"`
	Note       string          `json:"note,omitempty" maxLength:"300" limit:"SubDetailsMax" doc:"e.g. nurse delegation in place, no hand-over-hand"`
}

// MarPaper is the sheet a printed MAR is laid out on: US homes print Letter.
type MarPaper string

const (
	PaperLetter MarPaper = "LETTER"
	PaperA4     MarPaper = "A4"
)

// MarMonthLength is the length of a month written YYYY-MM.
const MarMonthLength = 7

// PrintMarQuery is GET /medication/printMar: one resident's monthly MAR as a
// PDF (drugs × days with initials per pass, the codes, PRN doses and their
// results, refusals with reasons, the staff who initialled, signature lines).
type PrintMarQuery struct {
	ResidentID string   `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Month      string   `query:"month" json:"month" format:"month" minLength:"7" maxLength:"7" limit:"MarMonthLength" doc:"YYYY-MM, in the facility's zone"`
	Paper      MarPaper `query:"paper" json:"paper,omitempty" enum:"LETTER,A4" doc:"Empty = LETTER"`
}
