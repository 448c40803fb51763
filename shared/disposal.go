package shared

// Medication disposal (spec 000 §2 /resident/medication-disposal/{residentId},
// §3 "Medication disposal record", §5 "Medication disposal"; spec 001 §9
// "Disposal methods"). Calls under /api/care/medicationDisposal (the spec
// gives no paths; docs/api.md "Medication disposal"). A record is never
// deleted; each change keeps the record before and after (its history).

// DisposalMethod is how a medication was disposed of (spec 001 §9).
type DisposalMethod string

const (
	DisposalMailBack        DisposalMethod = "MAIL_BACK_PROGRAM"
	DisposalDeactivationKit DisposalMethod = "DEACTIVATION_KIT"
	DisposalMethodOther     DisposalMethod = "OTHER" // customMethod required
)

// DisposalReason is why a medication was disposed of (spec 001 §9).
type DisposalReason string

const (
	DisposalPatientRefused DisposalReason = "PATIENT_REFUSED"
	DisposalDiscontinued   DisposalReason = "DISCONTINUED"
	DisposalReasonOther    DisposalReason = "OTHER" // customReason required
)

// Disposal limits.
const (
	// DisposalPillsMin and DisposalPillsMax bound the pills (tablets, capsules,
	// patches, doses) counted in one disposal: a month's supply of a few
	// times a day is far below the maximum, which catches a mistyped count.
	DisposalPillsMin = 1
	DisposalPillsMax = 9999
	// DisposalCustomTextMax bounds the custom method and the custom reason (title).
	DisposalCustomTextMax = 100
	// DisposalRemarksMax bounds the remarks of a disposal (sub details).
	DisposalRemarksMax = 300
	// DisposalHistoryMax bounds the changes one history answer lists, newest first.
	DisposalHistoryMax = 200
)

// Disposal clocks (WAC 388-76-10490 as amended by WSR 25-05-021, in force
// since 10 March 2025; ../shared/docs/DOMAIN.md "disposal"), in calendar days
// of the facility.
const (
	// DisposalWithinDays: a discontinued, expired or refused drug of a current
	// resident within 30 days of the discontinuation, expiry or refusal; every
	// drug of a deceased resident within 30 days of the death.
	DisposalWithinDays = 30
	// DisposalStopDeliveriesDays: a discharged resident's prescriptions stop
	// being filled, delivered and received within 10 days.
	DisposalStopDeliveriesDays = 10
	// DisposalLeftoverDays: a discharged resident's medications still at the
	// home are disposed of after 90 days.
	DisposalLeftoverDays = 90
	// DisposalDueSoonDays: a due item this close to its date shows as due soon.
	DisposalDueSoonDays = 7
)

// DisposalRuleEffective is the day the disposal clocks took effect; an event
// before it starts its clock on this day.
const DisposalRuleEffective = "2025-03-10"

// MedicationDisposal is one medication disposal record (spec 000 §3): the
// medication as it was ordered (copied when the record is made), how, why,
// when and how many were disposed of.
type MedicationDisposal struct {
	RecordID         string           `json:"recordId"`
	ResidentID       string           `json:"residentId"`
	ResidentName     string           `json:"residentName"`
	MedicationID     string           `json:"medicationId"`
	TaskID           string           `json:"taskId" doc:"The task the disposal was done for, if any"`
	MedicationName   string           `json:"medicationName"`
	MedicationType   MedicationType   `json:"medicationType"`
	Dose             string           `json:"dose"`
	Route            MedicationRoute  `json:"route"`
	Instructions     string           `json:"instructions"`
	Diagnosis        string           `json:"diagnosis"`
	RxNumber         string           `json:"rxNumber"`
	StartDate        string           `json:"startDate" doc:"YYYY-MM-DD"`
	EndDate          string           `json:"endDate" doc:"YYYY-MM-DD; empty = no end"`
	MedicationStatus MedicationStatus `json:"medicationStatus" doc:"The medication's status now (CURRENT or DISCONTINUED)"`
	DisposalMethod   DisposalMethod   `json:"disposalMethod"`
	CustomMethod     string           `json:"customMethod" doc:"The method in words when disposalMethod is OTHER"`
	DisposalReason   DisposalReason   `json:"disposalReason"`
	CustomReason     string           `json:"customReason" doc:"The reason in words when disposalReason is OTHER"`
	DisposalTime     int64            `json:"disposalTime" doc:"When it was disposed of, epoch ms"`
	PillsNumber      int              `json:"pillsNumber"`
	Remarks          string           `json:"remarks"`
	Version          int              `json:"version" doc:"Send it back with an edit: a record changed meanwhile answers 4009"`
	CreatedByName    string           `json:"createdByName"`
	CreateTime       int64            `json:"createTime"`
	UpdatedByName    string           `json:"updatedByName"`
	UpdateTime       int64            `json:"updateTime"`
	Editable         bool             `json:"editable" doc:"The caller may edit the record (owners and admins)"`
}

// SaveDisposalRequest is POST /api/care/medicationDisposal/save: a new record
// (recordId empty) or an edit (recordId and version). The medication's fields
// are copied from the medication chosen.
type SaveDisposalRequest struct {
	RecordID       string         `json:"recordId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = a new record"`
	Version        int            `json:"version,omitempty" doc:"The version the edit was made on (edits only)"`
	ResidentID     string         `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	MedicationID   string         `json:"medicationId,omitempty" maxLength:"64" limit:"IDMax" doc:"Required: one of the resident's medications, current or discontinued"`
	TaskID         string         `json:"taskId,omitempty" maxLength:"64" limit:"IDMax" doc:"A task of the resident's the disposal was done for"`
	DisposalMethod DisposalMethod `json:"disposalMethod,omitempty" enum:"MAIL_BACK_PROGRAM,DEACTIVATION_KIT,OTHER" doc:"Required"`
	CustomMethod   string         `json:"customMethod,omitempty" maxLength:"100" limit:"DisposalCustomTextMax" doc:"Required when disposalMethod is OTHER"`
	DisposalReason DisposalReason `json:"disposalReason,omitempty" enum:"PATIENT_REFUSED,DISCONTINUED,OTHER" doc:"Required"`
	CustomReason   string         `json:"customReason,omitempty" maxLength:"100" limit:"DisposalCustomTextMax" doc:"Required when disposalReason is OTHER"`
	DisposalTime   int64          `json:"disposalTime,omitempty" format:"event-ms" doc:"Required; epoch ms, not in the future"`
	PillsNumber    int            `json:"pillsNumber,omitempty" maximum:"9999" limit:"DisposalPillsMax" doc:"Required; DisposalPillsMin to DisposalPillsMax"`
	Remarks        string         `json:"remarks,omitempty" maxLength:"300" limit:"DisposalRemarksMax"`
}

// QuickDisposalRequest is POST /api/care/medicationDisposal/quickCreate: a
// record for a medication that is due for disposal (listDue), its fields
// copied from the medication. Without a reason the due item's is used
// (discontinued, refused; a death or a move-out is written as the custom reason).
type QuickDisposalRequest struct {
	MedicationID   string         `json:"medicationId" minLength:"1" maxLength:"64" limit:"IDMax"`
	DisposalMethod DisposalMethod `json:"disposalMethod,omitempty" enum:"MAIL_BACK_PROGRAM,DEACTIVATION_KIT,OTHER" doc:"Required"`
	CustomMethod   string         `json:"customMethod,omitempty" maxLength:"100" limit:"DisposalCustomTextMax" doc:"Required when disposalMethod is OTHER"`
	DisposalReason DisposalReason `json:"disposalReason,omitempty" enum:"PATIENT_REFUSED,DISCONTINUED,OTHER" doc:"Empty = the due item's reason"`
	CustomReason   string         `json:"customReason,omitempty" maxLength:"100" limit:"DisposalCustomTextMax"`
	DisposalTime   int64          `json:"disposalTime,omitempty" format:"event-ms" doc:"Epoch ms, not in the future; 0 = now"`
	PillsNumber    int            `json:"pillsNumber,omitempty" maximum:"9999" limit:"DisposalPillsMax" doc:"Required; DisposalPillsMin to DisposalPillsMax"`
	Remarks        string         `json:"remarks,omitempty" maxLength:"300" limit:"DisposalRemarksMax"`
}

// DisposalFilter filters listByPage: one resident's records, optionally one
// medication's or one method or reason.
type DisposalFilter struct {
	ResidentID     string         `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	MedicationID   string         `json:"medicationId,omitempty" maxLength:"64" limit:"IDMax"`
	DisposalMethod DisposalMethod `json:"disposalMethod,omitempty" enum:"MAIL_BACK_PROGRAM,DEACTIVATION_KIT,OTHER"`
	DisposalReason DisposalReason `json:"disposalReason,omitempty" enum:"PATIENT_REFUSED,DISCONTINUED,OTHER"`
}

// DisposalRecordQuery carries ?recordId= (getById, history).
type DisposalRecordQuery struct {
	RecordID string `query:"recordId" json:"recordId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// DisposalChangeAction is what a change of a record did.
type DisposalChangeAction string

const (
	DisposalCreated DisposalChangeAction = "CREATE"
	DisposalUpdated DisposalChangeAction = "UPDATE"
)

// DisposalChange is one change of a record: who, when, and the record
// before (null for its creation) and after, with the fields that changed.
type DisposalChange struct {
	ChangeID      string               `json:"changeId"`
	RecordID      string               `json:"recordId"`
	Action        DisposalChangeAction `json:"action"`
	ChangedBy     string               `json:"changedBy" doc:"User id"`
	ChangedByName string               `json:"changedByName"`
	ChangeTime    int64                `json:"changeTime"`
	Fields        []string             `json:"fields" doc:"JSON names of the fields that changed; every field for a creation"`
	Before        *MedicationDisposal  `json:"before"`
	After         *MedicationDisposal  `json:"after"`
}

// DisposalDueKind is why a medication must be disposed of (WAC 388-76-10490).
type DisposalDueKind string

const (
	DisposalDueDiscontinued DisposalDueKind = "DISCONTINUED" // the order was discontinued
	DisposalDueEnded        DisposalDueKind = "ENDED"        // the order's end date has passed
	DisposalDueRefused      DisposalDueKind = "REFUSED"      // the resident refused a dose
	DisposalDueDeceased     DisposalDueKind = "DECEASED"     // the resident died
	DisposalDueMovedOut     DisposalDueKind = "MOVED_OUT"    // the resident was discharged
)

// DisposalDueState is how near a due item's date is.
type DisposalDueState string

const (
	DisposalStateDue     DisposalDueState = "DUE"
	DisposalStateDueSoon DisposalDueState = "DUE_SOON" // within DisposalDueSoonDays
	DisposalStateOverdue DisposalDueState = "OVERDUE"  // past its date: red
)

// DisposalDueItem is one medication that must be disposed of, and by when.
// It leaves the list once a disposal record names its medication (for a
// refusal: a disposal at or after the refusal).
type DisposalDueItem struct {
	ResidentID       string           `json:"residentId"`
	ResidentName     string           `json:"residentName"`
	MedicationID     string           `json:"medicationId"`
	MedicationName   string           `json:"medicationName"`
	MedicationType   MedicationType   `json:"medicationType"`
	Dose             string           `json:"dose"`
	Route            MedicationRoute  `json:"route"`
	RxNumber         string           `json:"rxNumber"`
	Kind             DisposalDueKind  `json:"kind"`
	Since            string           `json:"since" doc:"Facility date of the event the clock runs from (YYYY-MM-DD)"`
	DueDate          string           `json:"dueDate" doc:"Facility date by which it must be disposed of (YYYY-MM-DD)"`
	DaysLeft         int              `json:"daysLeft" doc:"Days from the facility's today to dueDate; negative when overdue"`
	State            DisposalDueState `json:"state"`
	StopDeliveriesBy string           `json:"stopDeliveriesBy,omitempty" doc:"MOVED_OUT: the date pharmacy deliveries must have ended"`
	Reason           DisposalReason   `json:"reason" doc:"The reason a quick create records"`
}

// DisposalDueFilter is POST /api/care/medicationDisposal/listDue: one
// resident's due items, or (empty) the facility's.
type DisposalDueFilter struct {
	ResidentID string `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
}

// DisposalDueList answers listDue: the items, most urgent first, and their counts.
type DisposalDueList struct {
	Items        []DisposalDueItem `json:"items"`
	OverdueCount int               `json:"overdueCount"`
	DueSoonCount int               `json:"dueSoonCount"`
}
