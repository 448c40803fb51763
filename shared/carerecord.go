package shared

// The resident's record over time (spec 000 §2 resident profile tabs
// "progress notes", "health monitor", "care monitor" and the PDF export
// dialog with print range; §3 "Progress note", "Health metrics"; spec 001
// §7.7 progressNote, healthMonitor, careMonitor; §8 range messages; §9 print
// range). Calls under /api/care; docs/api.md "Progress notes, health monitor
// and care monitor".
//
// A progress note is never deleted. Its author may edit it in place within
// ProgressNoteEditHours of writing it; after that (or by anyone else) a
// correction is an addendum with author, time and reason, the original left
// as written (charting practice: a late entry or addendum is dated when it is
// written and refers to the original, which is never altered or obliterated —
// e.g. AHIMA "Amendments in the Electronic Health Record").

// ProgressNoteType is what a progress note is about (spec 000 §3 "Progress
// note": 19 types).
type ProgressNoteType string

const (
	NoteBehaviorMoodChanges        ProgressNoteType = "BEHAVIOR_MOOD_CHANGES"
	NoteCarePlanRenewal            ProgressNoteType = "CARE_PLAN_RENEWAL"
	NoteDiscontinuedMedications    ProgressNoteType = "DISCONTINUED_MEDICATIONS"
	NoteFamilyCommunication        ProgressNoteType = "FAMILY_COMMUNICATION"
	NoteHealthcareProvidersUpdate  ProgressNoteType = "HEALTHCARE_PROVIDERS_UPDATE"
	NoteHospitalSnfAdmissions      ProgressNoteType = "HOSPITAL_SNF_ADMISSIONS"
	NoteHygienePersonalCare        ProgressNoteType = "HYGIENE_PERSONAL_CARE"
	NoteMedicationDiagnosisChanges ProgressNoteType = "MEDICATION_DIAGNOSIS_CHANGES"
	NoteMissedMedication           ProgressNoteType = "MISSED_MEDICATION"
	NoteMobilityActivities         ProgressNoteType = "MOBILITY_ACTIVITIES"
	NoteNewSymptomsComplaints      ProgressNoteType = "NEW_SYMPTOMS_COMPLAINTS"
	NoteNutritionHydration         ProgressNoteType = "NUTRITION_HYDRATION"
	NoteOverdueVitalSigns          ProgressNoteType = "OVERDUE_VITAL_SIGNS"
	NotePrnMedications             ProgressNoteType = "PRN_MEDICATIONS"
	NoteRefusedMedications         ProgressNoteType = "REFUSED_MEDICATIONS"
	NoteTherapistVisits            ProgressNoteType = "THERAPIST_VISITS"
	NoteReturnedToFacility         ProgressNoteType = "RETURNED_TO_FACILITY"
	NoteSleepPatterns              ProgressNoteType = "SLEEP_PATTERNS"
	NoteOther                      ProgressNoteType = "OTHER"
)

// ProgressNoteTypes are the 19 types in the spec's order.
var ProgressNoteTypes = []ProgressNoteType{
	NoteBehaviorMoodChanges, NoteCarePlanRenewal, NoteDiscontinuedMedications, NoteFamilyCommunication,
	NoteHealthcareProvidersUpdate, NoteHospitalSnfAdmissions, NoteHygienePersonalCare,
	NoteMedicationDiagnosisChanges, NoteMissedMedication, NoteMobilityActivities, NoteNewSymptomsComplaints,
	NoteNutritionHydration, NoteOverdueVitalSigns, NotePrnMedications, NoteRefusedMedications,
	NoteTherapistVisits, NoteReturnedToFacility, NoteSleepPatterns, NoteOther,
}

// Progress note limits.
const (
	// ProgressNoteEditHours: the author may edit a note in place this long
	// after writing it; later corrections are addenda (see above).
	ProgressNoteEditHours = 24
	// ProgressNoteTextMax bounds a note's text (spec 001 §9 long details).
	ProgressNoteTextMax = 4096
	// ProgressNoteBatchMax bounds the notes one batchSave carries: an
	// end-of-shift screen of a home's residents (an adult family home has at
	// most 8, WAC 388-76-10025) with room for several notes each.
	ProgressNoteBatchMax = 20
	// AddendumReasonMax bounds an addendum's reason (sub details).
	AddendumReasonMax = 300
	// AddendumTextMax bounds an addendum's text (long details).
	AddendumTextMax = 4096
	// ProgressNoteAddendaMax bounds the addenda one note takes.
	ProgressNoteAddendaMax = 50
	// NoteClientIDMin and NoteClientIDMax bound the random id a device gives
	// each note or reading (the same id again stores nothing new).
	NoteClientIDMin = 8
	NoteClientIDMax = 64
	// RecordRangeDaysMax bounds a list filter's or a print's date range (a year and a day).
	RecordRangeDaysMax = 366
)

// ProgressNoteAddendum is a correction or addition to a note, dated when it
// was written; the note's text stays as first written.
type ProgressNoteAddendum struct {
	AddendumID string `json:"addendumId"`
	Author     string `json:"author" doc:"User id"`
	AuthorName string `json:"authorName"`
	Time       int64  `json:"time" doc:"Epoch ms it was written"`
	Reason     string `json:"reason" doc:"Why the note is corrected or added to"`
	Text       string `json:"text"`
}

// ProgressNote is one progress note of a resident (spec 000 §3).
type ProgressNote struct {
	NoteID        string                 `json:"noteId"`
	ResidentID    string                 `json:"residentId"`
	ResidentName  string                 `json:"residentName"`
	ReportDate    int64                  `json:"reportDate" doc:"Epoch ms the note reports on"`
	Notes         string                 `json:"notes" doc:"The text as written"`
	NoteType      ProgressNoteType       `json:"noteType"`
	Language      Language               `json:"language" doc:"The language the note was written in"`
	EnglishNotes  string                 `json:"englishNotes" doc:"An English rendering by the AI provider; empty until one is configured (show notes)"`
	AuthorID      string                 `json:"authorId" doc:"User id; empty for a note the system wrote (an event)"`
	AuthorName    string                 `json:"authorName"`
	Automatic     bool                   `json:"automatic" doc:"Written by the system on an event (going out, a refused dose, an overdue vital check)"`
	CreatedAt     int64                  `json:"createdAt"`
	UpdatedAt     int64                  `json:"updatedAt" doc:"Last in-place edit by the author; equals createdAt when never edited"`
	EditableUntil int64                  `json:"editableUntil" doc:"Epoch ms until which the author may edit it in place (createdAt + ProgressNoteEditHours)"`
	Editable      bool                   `json:"editable" doc:"The caller may edit it in place now (the author, within the window)"`
	Read          bool                   `json:"read" doc:"The caller has opened it (or wrote it)"`
	Addenda       []ProgressNoteAddendum `json:"addenda" doc:"Oldest first"`
}

// ProgressNoteFilter is the data of listProgressNoteByPage.
type ProgressNoteFilter struct {
	ResidentID string           `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = every resident of the facility"`
	NoteType   ProgressNoteType `json:"noteType,omitempty" enum:",BEHAVIOR_MOOD_CHANGES,CARE_PLAN_RENEWAL,DISCONTINUED_MEDICATIONS,FAMILY_COMMUNICATION,HEALTHCARE_PROVIDERS_UPDATE,HOSPITAL_SNF_ADMISSIONS,HYGIENE_PERSONAL_CARE,MEDICATION_DIAGNOSIS_CHANGES,MISSED_MEDICATION,MOBILITY_ACTIVITIES,NEW_SYMPTOMS_COMPLAINTS,NUTRITION_HYDRATION,OVERDUE_VITAL_SIGNS,PRN_MEDICATIONS,REFUSED_MEDICATIONS,THERAPIST_VISITS,RETURNED_TO_FACILITY,SLEEP_PATTERNS,OTHER"`
	StartDate  string           `json:"startDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD, facility day of reportDate, inclusive"`
	EndDate    string           `json:"endDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD inclusive, not before startDate"`
	Unread     bool             `json:"unread,omitempty" doc:"Only notes the caller has not opened"`
}

// ProgressNoteInput is one note of a batchSave.
type ProgressNoteInput struct {
	ClientID   string           `json:"clientId,omitempty" maxLength:"64" limit:"NoteClientIDMax" pattern:"^[A-Za-z0-9_-]*$" doc:"A random id per note, at least NoteClientIDMin long; sent again, the stored note is answered and nothing new is written"`
	ResidentID string           `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ReportDate int64            `json:"reportDate,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms; 0 = now; not in the future"`
	NoteType   ProgressNoteType `json:"noteType" enum:"BEHAVIOR_MOOD_CHANGES,CARE_PLAN_RENEWAL,DISCONTINUED_MEDICATIONS,FAMILY_COMMUNICATION,HEALTHCARE_PROVIDERS_UPDATE,HOSPITAL_SNF_ADMISSIONS,HYGIENE_PERSONAL_CARE,MEDICATION_DIAGNOSIS_CHANGES,MISSED_MEDICATION,MOBILITY_ACTIVITIES,NEW_SYMPTOMS_COMPLAINTS,NUTRITION_HYDRATION,OVERDUE_VITAL_SIGNS,PRN_MEDICATIONS,REFUSED_MEDICATIONS,THERAPIST_VISITS,RETURNED_TO_FACILITY,SLEEP_PATTERNS,OTHER"`
	Notes      string           `json:"notes" minLength:"1" maxLength:"4096" limit:"ProgressNoteTextMax"`
	Language   Language         `json:"language,omitempty" enum:",en-US,es-ES,zh-CN" doc:"The language it is written in; empty = detected from the text (CJK → zh-CN), else the author's language"`
}

// BatchSaveProgressNotesRequest is POST /care/progressNote/batchSave: the
// end-of-shift notes of one or more residents, all stored or none (a bad
// note answers its code with the message naming it, "Note 2 (Rose Park): ...",
// and, for 4022, data [{field: "notes[1].notes", rule}] (0-based index).
type BatchSaveProgressNotesRequest struct {
	Notes []ProgressNoteInput `json:"notes" minItems:"1" maxItems:"20" limit:"ProgressNoteBatchMax"`
}

// BatchSaveProgressNotesResult answers batchSave: the stored notes in the request's order.
type BatchSaveProgressNotesResult struct {
	Notes []ProgressNote `json:"notes"`
}

// UpdateProgressNoteRequest is POST /care/progressNote/update: the author
// edits a note in place within ProgressNoteEditHours of writing it; later, or
// by anyone else, 4003 (use addAddendum).
type UpdateProgressNoteRequest struct {
	NoteID     string           `json:"noteId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ReportDate int64            `json:"reportDate,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms; 0 = unchanged"`
	NoteType   ProgressNoteType `json:"noteType" enum:"BEHAVIOR_MOOD_CHANGES,CARE_PLAN_RENEWAL,DISCONTINUED_MEDICATIONS,FAMILY_COMMUNICATION,HEALTHCARE_PROVIDERS_UPDATE,HOSPITAL_SNF_ADMISSIONS,HYGIENE_PERSONAL_CARE,MEDICATION_DIAGNOSIS_CHANGES,MISSED_MEDICATION,MOBILITY_ACTIVITIES,NEW_SYMPTOMS_COMPLAINTS,NUTRITION_HYDRATION,OVERDUE_VITAL_SIGNS,PRN_MEDICATIONS,REFUSED_MEDICATIONS,THERAPIST_VISITS,RETURNED_TO_FACILITY,SLEEP_PATTERNS,OTHER"`
	Notes      string           `json:"notes" minLength:"1" maxLength:"4096" limit:"ProgressNoteTextMax"`
}

// AddAddendumRequest is POST /care/progressNote/addAddendum: a correction or
// addition to a note, by anyone of the facility, at any time.
type AddAddendumRequest struct {
	NoteID string `json:"noteId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Reason string `json:"reason" minLength:"1" maxLength:"300" limit:"AddendumReasonMax" doc:"e.g. wrong time recorded, late entry, added detail"`
	Text   string `json:"text" minLength:"1" maxLength:"4096" limit:"AddendumTextMax"`
}

// ProgressNoteIDQuery carries ?noteId= (getProgressNoteById marks it read for the caller).
type ProgressNoteIDQuery struct {
	NoteID string `query:"noteId" json:"noteId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// UnreadQuery is GET /care/progressNote/countUnReadProgressNote and POST
// markAllRead: optionally one resident's notes.
type UnreadQuery struct {
	ResidentID string `query:"residentId" json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = every resident of the facility"`
}

// UnreadCount answers countUnReadProgressNote: notes of the facility's
// residents written by others (or by the system) that the caller has not opened.
type UnreadCount struct {
	Count int `json:"count"`
}

// MarkAllReadRequest is POST /care/progressNote/markAllRead.
type MarkAllReadRequest struct {
	ResidentID string `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = every resident's notes"`
}

// MarkAllReadResult answers markAllRead: how many notes were marked read.
type MarkAllReadResult struct {
	Marked int `json:"marked"`
}

// HealthMetric is one measurement of the health monitor (spec 000 §3 "Health metrics").
type HealthMetric string

const (
	MetricSystolicBP       HealthMetric = "SYSTOLIC_BP"       // mmHg
	MetricDiastolicBP      HealthMetric = "DIASTOLIC_BP"      // mmHg
	MetricHeartRate        HealthMetric = "HEART_RATE"        // beats/min
	MetricRespiratoryRate  HealthMetric = "RESPIRATORY_RATE"  // breaths/min
	MetricWeight           HealthMetric = "WEIGHT"            // lb
	MetricTemperature      HealthMetric = "TEMPERATURE"       // °F
	MetricOxygenSaturation HealthMetric = "OXYGEN_SATURATION" // % SpO2
	MetricBloodGlucose     HealthMetric = "BLOOD_GLUCOSE"     // mg/dL
	MetricPain             HealthMetric = "PAIN"              // 0–10 numeric rating scale
	MetricINR              HealthMetric = "INR"               // international normalized ratio (no unit)
	MetricFluidIntake      HealthMetric = "FLUID_INTAKE"      // mL taken at one time
	MetricFoodIntake       HealthMetric = "FOOD_INTAKE"       // % of a meal eaten
	MetricBowel            HealthMetric = "BOWEL"             // one movement: its Bristol stool form type 1–7
	MetricUrine            HealthMetric = "URINE"             // mL voided (0 = voided, not measured)
	MetricMenstruation     HealthMetric = "MENSTRUATION"      // flow 0 none, 1 spotting, 2 light, 3 moderate, 4 heavy
)

// HealthMetrics are the metrics in the order the monitor shows them.
var HealthMetrics = []HealthMetric{
	MetricSystolicBP, MetricDiastolicBP, MetricHeartRate, MetricRespiratoryRate, MetricWeight, MetricTemperature,
	MetricOxygenSaturation, MetricBloodGlucose, MetricPain, MetricINR, MetricFluidIntake, MetricFoodIntake,
	MetricBowel, MetricUrine, MetricMenstruation,
}

// HealthUnit is the unit a metric is recorded in (US care homes: lb, °F, mg/dL).
type HealthUnit string

const (
	UnitMmHg          HealthUnit = "mmHg"
	UnitBeatsPerMin   HealthUnit = "bpm"
	UnitBreathsPerMin HealthUnit = "/min"
	UnitPound         HealthUnit = "lb"
	UnitFahrenheit    HealthUnit = "°F"
	UnitPercent       HealthUnit = "%"
	UnitMgDl          HealthUnit = "mg/dL"
	UnitScore10       HealthUnit = "/10"
	UnitRatio         HealthUnit = "INR"
	UnitMl            HealthUnit = "mL"
	UnitBristol       HealthUnit = "type"
	UnitFlow          HealthUnit = "flow"
)

// Plausible readings per metric: a value outside is a typing mistake and is
// refused (4022, e.g. 400/20 mmHg). The vitals the eMAR also reads use its
// bounds (VitalSystolicMin … in medication.go).
const (
	HealthWeightMin       = 40  // lb
	HealthWeightMax       = 700 // lb
	HealthPainMin         = 0   // 0–10 numeric rating scale
	HealthPainMax         = 10
	HealthINRMin          = 0.5
	HealthINRMax          = 10
	HealthFluidIntakeMax  = 3000 // mL at one time
	HealthFoodIntakeMax   = 100  // % eaten
	HealthBowelMin        = 1    // Bristol stool form scale types 1–7 (Lewis & Heaton 1997)
	HealthBowelMax        = 7
	HealthUrineMax        = 2000 // mL in one void
	HealthMenstruationMax = 4    // heavy
	// HealthValueMax bounds any value a request carries (the per-metric ranges are checked too).
	HealthValueMax = 10000
)

// Default normal ranges: a reading outside is flagged, not refused. A
// resident may have own ranges (saveNormalRange). Sources: adult blood
// pressure below 140/90 and above 90/60 (AHA); resting heart rate 60–100
// (AHA); respiratory rate 12–20; oral temperature 97–99.5 °F; SpO2 95–100 %;
// glucose 70–180 mg/dL (ADA targets for older adults); pain above 3 is
// moderate (NRS); INR 2–3 (the usual warfarin target); a meal less than half
// eaten; Bristol types 3–5 (1–2 constipation, 6–7 diarrhoea). Weight,
// fluids, urine and menstruation have no default range.
const (
	NormalSystolicLow        = 90
	NormalSystolicHigh       = 140
	NormalDiastolicLow       = 60
	NormalDiastolicHigh      = 90
	NormalHeartRateLow       = 60
	NormalHeartRateHigh      = 100
	NormalRespiratoryLow     = 12
	NormalRespiratoryHigh    = 20
	NormalTemperatureLow     = 97
	NormalTemperatureHigh    = 99.5
	NormalOxygenLow          = 95
	NormalOxygenHigh         = 100
	NormalGlucoseLow         = 70
	NormalGlucoseHigh        = 180
	NormalPainLow            = 0
	NormalPainHigh           = 3
	NormalINRLow             = 2
	NormalINRHigh            = 3
	NormalFoodIntakeLow      = 50
	NormalFoodIntakeHigh     = 100
	NormalBowelLow           = 3
	NormalBowelHigh          = 5
	HealthReadingsPerSaveMax = 15 // every metric once
	// HealthSeriesPointsMax bounds the points listSeries answers per metric
	// (several readings a day for a year); beyond it the answer says truncated.
	HealthSeriesPointsMax = 5000
)

// ReadingSource is where a reading or care record came from.
type ReadingSource string

const (
	SourceDirect ReadingSource = "DIRECT" // entered on the health or care monitor
	SourceTask   ReadingSource = "TASK"   // with a completed vital-check, health-monitoring or ADL task
	SourceEmar   ReadingSource = "EMAR"   // the vital taken before a med pass
)

// HealthMetricInfo describes a metric for forms and charts: unit, the
// plausible bounds (outside: refused) and the normal range (outside: flagged).
type HealthMetricInfo struct {
	Metric     HealthMetric `json:"metric"`
	Unit       HealthUnit   `json:"unit"`
	Min        float64      `json:"min" doc:"Plausible minimum; below is refused"`
	Max        float64      `json:"max" doc:"Plausible maximum; above is refused"`
	Step       float64      `json:"step" doc:"The smallest step a form offers (0.1 for temperature, weight and INR, else 1)"`
	NormalLow  *float64     `json:"normalLow" doc:"Below is flagged; null = no lower bound"`
	NormalHigh *float64     `json:"normalHigh" doc:"Above is flagged; null = no upper bound"`
	Own        bool         `json:"own" doc:"The range is the resident's own (saveNormalRange), not the default"`
}

// HealthMetricsQuery is GET /care/healthMonitor/listMetrics: every metric,
// with the resident's own normal ranges when residentId is given.
type HealthMetricsQuery struct {
	ResidentID string `query:"residentId" json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
}

// SaveNormalRangeRequest is POST /care/healthMonitor/saveNormalRange: a
// resident's own normal range of a metric (both null = back to the default).
// Managers only. Later readings are flagged against it; earlier keep their flag.
type SaveNormalRangeRequest struct {
	ResidentID string       `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Metric     HealthMetric `json:"metric" enum:"SYSTOLIC_BP,DIASTOLIC_BP,HEART_RATE,RESPIRATORY_RATE,WEIGHT,TEMPERATURE,OXYGEN_SATURATION,BLOOD_GLUCOSE,PAIN,INR,FLUID_INTAKE,FOOD_INTAKE,BOWEL,URINE,MENSTRUATION"`
	NormalLow  *float64     `json:"normalLow" minimum:"0" maximum:"10000" limit:"HealthValueMax" doc:"Within the metric's plausible bounds"`
	NormalHigh *float64     `json:"normalHigh" minimum:"0" maximum:"10000" limit:"HealthValueMax" doc:"Not below normalLow"`
}

// HealthReading is one measurement of a resident.
type HealthReading struct {
	ReadingID      string        `json:"readingId"`
	ResidentID     string        `json:"residentId"`
	ResidentName   string        `json:"residentName"`
	Metric         HealthMetric  `json:"metric"`
	Value          float64       `json:"value"`
	Unit           HealthUnit    `json:"unit"`
	TakenAt        int64         `json:"takenAt" doc:"Epoch ms it was measured"`
	Source         ReadingSource `json:"source"`
	SourceID       string        `json:"sourceId" doc:"The task record or med pass id; empty for DIRECT"`
	Flagged        bool          `json:"flagged" doc:"Outside the normal range in force when recorded"`
	NormalLow      *float64      `json:"normalLow" doc:"The range it was judged against"`
	NormalHigh     *float64      `json:"normalHigh"`
	RecordedBy     string        `json:"recordedBy" doc:"User id"`
	RecordedByName string        `json:"recordedByName"`
	Note           string        `json:"note"`
	CreatedAt      int64         `json:"createdAt"`
}

// HealthReadingInput is one metric's value (blood pressure: SYSTOLIC_BP and
// DIASTOLIC_BP together, systolic above diastolic).
type HealthReadingInput struct {
	Metric HealthMetric `json:"metric" enum:"SYSTOLIC_BP,DIASTOLIC_BP,HEART_RATE,RESPIRATORY_RATE,WEIGHT,TEMPERATURE,OXYGEN_SATURATION,BLOOD_GLUCOSE,PAIN,INR,FLUID_INTAKE,FOOD_INTAKE,BOWEL,URINE,MENSTRUATION"`
	Value  float64      `json:"value" minimum:"0" maximum:"10000" limit:"HealthValueMax" doc:"Within the metric's plausible bounds (listMetrics)"`
}

// SaveHealthReadingsRequest is POST /care/healthMonitor/save: several
// metrics of one resident taken at one time, all stored or none.
type SaveHealthReadingsRequest struct {
	ClientID   string               `json:"clientId,omitempty" maxLength:"64" limit:"NoteClientIDMax" pattern:"^[A-Za-z0-9_-]*$" doc:"A random id per save; sent again, the stored readings are answered"`
	ResidentID string               `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	TakenAt    int64                `json:"takenAt,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms; 0 = now; not in the future"`
	Readings   []HealthReadingInput `json:"readings" minItems:"1" maxItems:"15" limit:"HealthReadingsPerSaveMax" doc:"Each metric at most once"`
	Note       string               `json:"note,omitempty" maxLength:"300" limit:"SubDetailsMax"`
}

// SaveHealthReadingsResult answers healthMonitor/save.
type SaveHealthReadingsResult struct {
	Readings []HealthReading `json:"readings"`
	Flagged  int             `json:"flagged" doc:"How many are outside the normal range"`
}

// HealthMonitorFilter is the data of listHealthMonitorByPage (newest first).
type HealthMonitorFilter struct {
	ResidentID  string         `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = every resident of the facility"`
	Metrics     []HealthMetric `json:"metrics,omitempty" maxItems:"15" limit:"HealthReadingsPerSaveMax" doc:"Empty = every metric"`
	StartDate   string         `json:"startDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD facility day of takenAt, inclusive"`
	EndDate     string         `json:"endDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD inclusive"`
	FlaggedOnly bool           `json:"flaggedOnly,omitempty"`
}

// HealthSeriesRequest is POST /care/healthMonitor/listSeries: one resident's
// readings per metric over a range, oldest first, for the charts.
type HealthSeriesRequest struct {
	ResidentID string         `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Metrics    []HealthMetric `json:"metrics,omitempty" maxItems:"15" limit:"HealthReadingsPerSaveMax" doc:"Empty = every metric with readings"`
	StartDate  string         `json:"startDate" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD inclusive"`
	EndDate    string         `json:"endDate" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD inclusive; at most RecordRangeDaysMax days"`
}

// HealthPoint is one reading on a chart.
type HealthPoint struct {
	ReadingID string  `json:"readingId"`
	TakenAt   int64   `json:"takenAt"`
	Value     float64 `json:"value"`
	Flagged   bool    `json:"flagged"`
}

// HealthMetricSeries is one metric's line with its current normal band.
type HealthMetricSeries struct {
	HealthMetricInfo `tstype:",extends"`
	Points           []HealthPoint `json:"points"`
	Truncated        bool          `json:"truncated" doc:"More than HealthSeriesPointsMax readings: the newest are shown"`
}

// HealthSeries answers listSeries.
type HealthSeries struct {
	ResidentID string               `json:"residentId"`
	StartDate  string               `json:"startDate"`
	EndDate    string               `json:"endDate"`
	Series     []HealthMetricSeries `json:"series" doc:"In HealthMetrics order; only metrics asked for or with readings"`
}

// CareActivity is an activity of daily living the care monitor records.
type CareActivity string

const (
	CareBathing       CareActivity = "BATHING"
	CareToileting     CareActivity = "TOILETING"
	CareRepositioning CareActivity = "REPOSITIONING"
	CareMeals         CareActivity = "MEALS" // value: % eaten 0–100
	CareSleep         CareActivity = "SLEEP" // value: hours slept 0–24
	CareDressing      CareActivity = "DRESSING"
	CareOralCare      CareActivity = "ORAL_CARE"
	CareGrooming      CareActivity = "GROOMING"
	// CareMobility: walking, exercise and repositioning done as care-plan
	// tasks of the MOBILITY area (issue 29: exercise done showed nothing).
	CareMobility CareActivity = "MOBILITY"
)

// CareActivities are the activities in the grid's order.
var CareActivities = []CareActivity{CareBathing, CareToileting, CareRepositioning, CareMobility, CareMeals, CareSleep, CareDressing, CareOralCare, CareGrooming}

// CareAssistance is the help an activity needed (the ADL self-performance
// scale of the CMS Minimum Data Set 3.0, section G).
type CareAssistance string

const (
	AssistIndependent CareAssistance = "INDEPENDENT"
	AssistSupervision CareAssistance = "SUPERVISION"
	AssistLimited     CareAssistance = "LIMITED"
	AssistExtensive   CareAssistance = "EXTENSIVE"
	AssistTotal       CareAssistance = "TOTAL_DEPENDENCE"
	AssistRefused     CareAssistance = "REFUSED" // the resident declined the care
)

// Care monitor limits.
const (
	CareMealPercentMax = 100 // MEALS value: % eaten
	CareSleepHoursMax  = 24  // SLEEP value: hours
	// CareGridDaysMax bounds listResidentCareRecord's range.
	CareGridDaysMax = 31
	// CareGridDaysDefault is its range when no start is given: the last week.
	CareGridDaysDefault = 7
)

// CareRecord is one ADL care given to a resident.
type CareRecord struct {
	RecordID       string         `json:"recordId"`
	ResidentID     string         `json:"residentId"`
	ResidentName   string         `json:"residentName"`
	Activity       CareActivity   `json:"activity"`
	Day            string         `json:"day" doc:"Facility day, YYYY-MM-DD"`
	Time           int64          `json:"time" doc:"Epoch ms it was given"`
	Value          *float64       `json:"value" doc:"MEALS: % eaten; SLEEP: hours; else null"`
	Assistance     CareAssistance `json:"assistance" doc:"Empty when not recorded"`
	Note           string         `json:"note"`
	Source         ReadingSource  `json:"source" doc:"DIRECT or TASK"`
	SourceID       string         `json:"sourceId" doc:"The task record id for TASK"`
	RecordedBy     string         `json:"recordedBy"`
	RecordedByName string         `json:"recordedByName"`
	CreatedAt      int64          `json:"createdAt"`
}

// SaveCareRecordRequest is POST /care/careMonitor/save: one care given.
type SaveCareRecordRequest struct {
	ClientID   string         `json:"clientId,omitempty" maxLength:"64" limit:"NoteClientIDMax" pattern:"^[A-Za-z0-9_-]*$" doc:"Sent again, the stored record is answered"`
	ResidentID string         `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Activity   CareActivity   `json:"activity" enum:"BATHING,TOILETING,REPOSITIONING,MOBILITY,MEALS,SLEEP,DRESSING,ORAL_CARE,GROOMING"`
	Time       int64          `json:"time,omitempty" format:"event-ms" minimum:"0" doc:"Epoch ms; 0 = now; not in the future"`
	Value      *float64       `json:"value,omitempty" minimum:"0" maximum:"100" limit:"CareMealPercentMax" doc:"Required for MEALS (0–100 %) and SLEEP (0–24 h); refused for others"`
	Assistance CareAssistance `json:"assistance,omitempty" enum:",INDEPENDENT,SUPERVISION,LIMITED,EXTENSIVE,TOTAL_DEPENDENCE,REFUSED"`
	Note       string         `json:"note,omitempty" maxLength:"300" limit:"SubDetailsMax"`
}

// CareMonitorFilter is the data of listCareMonitorByPage (newest first).
type CareMonitorFilter struct {
	ResidentID string       `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
	Activity   CareActivity `json:"activity,omitempty" enum:",BATHING,TOILETING,REPOSITIONING,MOBILITY,MEALS,SLEEP,DRESSING,ORAL_CARE,GROOMING"`
	StartDate  string       `json:"startDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD inclusive"`
	EndDate    string       `json:"endDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax"`
}

// CareGridQuery is GET /care/careMonitor/listResidentCareRecord.
type CareGridQuery struct {
	ResidentID string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	StartDate  string `query:"startDate" json:"startDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD; empty = CareGridDaysDefault days before endDate"`
	EndDate    string `query:"endDate" json:"endDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD; empty = today; at most CareGridDaysMax days"`
}

// CareGridCell is one activity on one day.
type CareGridCell struct {
	Activity CareActivity `json:"activity"`
	Count    int          `json:"count" doc:"Records that day"`
	Value    *float64     `json:"value" doc:"MEALS: average % eaten; SLEEP: total hours; else null"`
	Refused  int          `json:"refused" doc:"Records with assistance REFUSED"`
}

// CareGridDay is one day's row of the grid.
type CareGridDay struct {
	Day   string         `json:"day"`
	Cells []CareGridCell `json:"cells" doc:"One per CareActivities, in order"`
}

// ResidentCareGrid answers listResidentCareRecord: days (oldest first) × activities.
type ResidentCareGrid struct {
	ResidentID string         `json:"residentId"`
	StartDate  string         `json:"startDate"`
	EndDate    string         `json:"endDate"`
	Activities []CareActivity `json:"activities"`
	Days       []CareGridDay  `json:"days"`
}

// PrintContent is what a printed record holds.
type PrintContent string

const (
	PrintNotes    PrintContent = "NOTES"
	PrintReadings PrintContent = "READINGS"
	PrintBoth     PrintContent = "BOTH"
)

// PrintRecordQuery is GET /care/progressNote/print and
// /care/healthMonitor/print: a resident's notes and/or readings of a range as
// a PDF in the reader's language. Start and end required, start not after
// end; nothing in range answers 4004 "no progress notes in range" (or "no
// data in range"); more than PrintMaxRecords answers 4022 asking to narrow it.
type PrintRecordQuery struct {
	ResidentID string       `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	StartDate  string       `query:"startDate" json:"startDate" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD inclusive"`
	EndDate    string       `query:"endDate" json:"endDate" format:"date-or-empty" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD inclusive"`
	Include    PrintContent `query:"include" json:"include,omitempty" enum:",NOTES,READINGS,BOTH" doc:"Empty = NOTES on progressNote/print, READINGS on healthMonitor/print"`
	Paper      MarPaper     `query:"paper" json:"paper,omitempty" enum:"LETTER,A4" doc:"Empty = LETTER"`
}
