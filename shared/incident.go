package shared

// Incident reports (spec 000 §2 /incident-management and /incident, §3
// "Incident report", §4 incident states, §6 premium; spec 001 §7.9
// incidentReport calls, §8 7007). Calls under /api/care/incidentReport
// (docs/api.md "Incident reports"). Caregivers write and submit; owners and
// admins review: they tick the reporting duties, run the AI analyses and
// approve. A completed report is read-only for ever.

// IncidentGroup is the report's group (spec 000 §3).
type IncidentGroup string

const (
	IncidentGroupResident IncidentGroup = "RESIDENT"
	IncidentGroupFacility IncidentGroup = "FACILITY"
)

// IncidentType is what happened (spec 000 §3: resident and facility groups).
type IncidentType string

const (
	// Resident group (a resident is named).
	IncidentFall                IncidentType = "FALL"
	IncidentMedicationError     IncidentType = "MEDICATION_ERROR"
	IncidentElopement           IncidentType = "ELOPEMENT" // a missing resident
	IncidentInjuryUnknownSource IncidentType = "INJURY_UNKNOWN_SOURCE"
	IncidentUnexpectedDeath     IncidentType = "UNEXPECTED_DEATH"
	IncidentExploitation        IncidentType = "EXPLOITATION"
	IncidentResidentToResident  IncidentType = "RESIDENT_TO_RESIDENT"
	IncidentStaffToResident     IncidentType = "STAFF_TO_RESIDENT"
	IncidentResidentOther       IncidentType = "RESIDENT_OTHER"
	// Facility group (no resident).
	IncidentPowerOutage     IncidentType = "POWER_OUTAGE"
	IncidentNaturalDisaster IncidentType = "NATURAL_DISASTER"
	IncidentFire            IncidentType = "FIRE"
	IncidentFacilityOther   IncidentType = "FACILITY_OTHER"
)

// IncidentResidentTypes and IncidentFacilityTypes list each group's types in the form's order.
var (
	IncidentResidentTypes = []IncidentType{IncidentFall, IncidentMedicationError, IncidentElopement,
		IncidentInjuryUnknownSource, IncidentUnexpectedDeath, IncidentExploitation, IncidentResidentToResident,
		IncidentStaffToResident, IncidentResidentOther}
	IncidentFacilityTypes = []IncidentType{IncidentPowerOutage, IncidentNaturalDisaster, IncidentFire, IncidentFacilityOther}
)

// GroupOf is the group a type belongs to ("" for an unknown type).
func (t IncidentType) GroupOf() IncidentGroup {
	for _, r := range IncidentResidentTypes {
		if r == t {
			return IncidentGroupResident
		}
	}
	for _, f := range IncidentFacilityTypes {
		if f == t {
			return IncidentGroupFacility
		}
	}
	return ""
}

// IncidentState is where a report is (spec 000 §4): DRAFT → PENDING_REVIEW
// (submit) → COMPLETED (approval; irreversible).
type IncidentState string

const (
	IncidentDraft         IncidentState = "DRAFT"
	IncidentPendingReview IncidentState = "PENDING_REVIEW"
	IncidentCompleted     IncidentState = "COMPLETED"
)

// IncidentParty is who is notified of an incident or must be.
type IncidentParty string

const (
	PartyPhysician      IncidentParty = "PHYSICIAN"
	PartyFamily         IncidentParty = "FAMILY" // family or representative
	PartyCaseManager    IncidentParty = "CASE_MANAGER"
	PartyDSHS           IncidentParty = "DSHS" // the DSHS complaint hotline
	PartyLawEnforcement IncidentParty = "LAW_ENFORCEMENT"
)

// IncidentAnalysisKind is which of the two analyses (spec 000 §4 second reading).
type IncidentAnalysisKind string

const (
	AnalysisPreliminary IncidentAnalysisKind = "PRELIMINARY" // made on submit
	AnalysisFinal       IncidentAnalysisKind = "FINAL"       // on request during review
)

// IncidentAnalysisProvider is what wrote an analysis.
type IncidentAnalysisProvider string

const (
	AnalysisByAI    IncidentAnalysisProvider = "ai"    // the AI service
	AnalysisByRules IncidentAnalysisProvider = "rules" // no AI provider: Hearth's checklist
)

// IncidentDutyCode names a reporting duty (the rule that made it; the UI words
// it in the reader's language, the source is the citation).
type IncidentDutyCode string

const (
	DutyDSHSHotline       IncidentDutyCode = "DSHS_HOTLINE"        // report to the DSHS complaint hotline 1-800-562-6078
	DutyLawEnforcement    IncidentDutyCode = "LAW_ENFORCEMENT"     // report to law enforcement
	DutyNotifyFamily      IncidentDutyCode = "NOTIFY_FAMILY"       // notify family or representative
	DutyNotifyPhysician   IncidentDutyCode = "NOTIFY_PHYSICIAN"    // notify the resident's physician
	DutyNotifyCaseManager IncidentDutyCode = "NOTIFY_CASE_MANAGER" // notify the DSHS case manager
	DutyReviewMedications IncidentDutyCode = "REVIEW_MEDICATIONS"  // a medication error: the physician reviews
)

// IncidentTimelineAction is what a timeline entry records.
type IncidentTimelineAction string

const (
	TimelineCreated       IncidentTimelineAction = "CREATED"
	TimelineUpdated       IncidentTimelineAction = "UPDATED"
	TimelineSubmitted     IncidentTimelineAction = "SUBMITTED"
	TimelineDutyChecked   IncidentTimelineAction = "DUTY_CHECKED"
	TimelineDutyUnchecked IncidentTimelineAction = "DUTY_UNCHECKED"
	TimelineAnalysis      IncidentTimelineAction = "ANALYSIS"
	TimelineApproved      IncidentTimelineAction = "APPROVED"
)

// Notifications of incident reports (UI message keys, see shared/notification.go).
const (
	// NotifyIncidentSubmitted…: a report was submitted for review (to the
	// facility's owners and admins). Params: type (an IncidentType), resident
	// (name, "" for a facility incident), author (name), discoveredAt (epoch ms).
	NotifyIncidentSubmittedTitle = "notification.incident.submitted.title"
	NotifyIncidentSubmittedBody  = "notification.incident.submitted.body"
)

// Incident limits.
const (
	// IncidentBodyLocationsMax bounds the body locations one report names.
	IncidentBodyLocationsMax = 20
	// IncidentNotificationsMax bounds the notifications one report lists.
	IncidentNotificationsMax = 20
	// IncidentStaffMax bounds the staff involved one report names.
	IncidentStaffMax = 20
	// IncidentFilesMax bounds the photos and documents attached to one report.
	IncidentFilesMax = 20
	// IncidentWaiversMax bounds the waivers one approval carries.
	IncidentWaiversMax = 10
	// IncidentPromptVersion is the version of the fixed analysis prompt;
	// every stored analysis names the version it was made with.
	IncidentPromptVersion = "incident-analysis-v1"
)

// IncidentNotification is one party told of the incident, when and by whom.
type IncidentNotification struct {
	Party      IncidentParty `json:"party" enum:"PHYSICIAN,FAMILY,CASE_MANAGER,DSHS,LAW_ENFORCEMENT"`
	NotifiedAt int64         `json:"notifiedAt" format:"event-ms" doc:"Epoch ms"`
	By         string        `json:"by" maxLength:"50" limit:"ShortTextMax" doc:"Who told them"`
	Note       string        `json:"note,omitempty" maxLength:"300" limit:"SubDetailsMax"`
}

// IncidentDuty is one reporting duty the law sets for the report: what, by
// when, the rule's source, and who did it or why it was waived.
type IncidentDuty struct {
	DutyID       string           `json:"dutyId"`
	Code         IncidentDutyCode `json:"code" enum:"DSHS_HOTLINE,LAW_ENFORCEMENT,NOTIFY_FAMILY,NOTIFY_PHYSICIAN,NOTIFY_CASE_MANAGER,REVIEW_MEDICATIONS"`
	Mandatory    bool             `json:"mandatory" doc:"Approval needs it done or waived with a reason"`
	DueBy        int64            `json:"dueBy" doc:"Epoch ms; \"immediately\" = when it was discovered"`
	Source       string           `json:"source" doc:"The citation, e.g. RCW 74.34.035; WAC 388-76-10225"`
	DoneBy       string           `json:"doneBy" doc:"Name of who checked it; empty while open"`
	DoneAt       int64            `json:"doneAt" doc:"Epoch ms; 0 while open"`
	WaivedReason string           `json:"waivedReason" doc:"Set at approval when a mandatory duty was not done"`
	Overdue      bool             `json:"overdue" doc:"Open and past dueBy"`
	Reference    string           `json:"reference" doc:"The confirmation number the hotline or agency gave when it was done; empty if none"`
}

// IncidentAnalysis is one AI (or rules) analysis: a suggestion a human accepts or edits.
type IncidentAnalysis struct {
	Kind            IncidentAnalysisKind     `json:"kind" enum:"PRELIMINARY,FINAL"`
	Provider        IncidentAnalysisProvider `json:"provider" enum:"ai,rules"`
	Model           string                   `json:"model" doc:"Empty for rules"`
	PromptVersion   string                   `json:"promptVersion"`
	CreatedAt       int64                    `json:"createdAt"`
	Causes          []string                 `json:"causes" doc:"Possible causes"`
	Factors         []string                 `json:"factors" doc:"Contributing factors"`
	Prevention      []string                 `json:"prevention" doc:"Prevention measures"`
	CarePlanChanges []string                 `json:"carePlanChanges" doc:"Care plan changes to consider"`
	Reportable      bool                     `json:"reportable" doc:"The facts suggest a reportable event"`
	ReportableWhy   string                   `json:"reportableWhy"`
	Accepted        bool                     `json:"accepted" doc:"The reviewer accepted it at approval (final analysis)"`
	EditedText      string                   `json:"editedText" doc:"The reviewer's edited care plan changes, one a line"`
}

// IncidentTimelineEntry is one step of the report's history.
type IncidentTimelineEntry struct {
	At     int64                  `json:"at"`
	Who    string                 `json:"who" doc:"Name"`
	Action IncidentTimelineAction `json:"action" enum:"CREATED,UPDATED,SUBMITTED,DUTY_CHECKED,DUTY_UNCHECKED,ANALYSIS,APPROVED"`
	Detail string                 `json:"detail" doc:"A duty code or analysis kind"`
}

// IncidentReport is one incident report.
type IncidentReport struct {
	IncidentID       string                  `json:"incidentId"`
	Group            IncidentGroup           `json:"group" enum:"RESIDENT,FACILITY"`
	Type             IncidentType            `json:"type"`
	ResidentID       string                  `json:"residentId" doc:"Empty for a facility incident"`
	ResidentName     string                  `json:"residentName"`
	OccurredAt       int64                   `json:"occurredAt" doc:"Epoch ms; 0 = not yet known"`
	DiscoveredAt     int64                   `json:"discoveredAt" doc:"Epoch ms"`
	Location         string                  `json:"location"`
	Narrative        string                  `json:"narrative"`
	Injuries         string                  `json:"injuries" doc:"Empty = no injury"`
	BodyLocations    []string                `json:"bodyLocations"`
	ImmediateActions string                  `json:"immediateActions"`
	Notifications    []IncidentNotification  `json:"notifications"`
	Witnesses        string                  `json:"witnesses"`
	StaffInvolvedIDs []string                `json:"staffInvolvedIds" doc:"User ids"`
	FileIDs          []string                `json:"fileIds"`
	Files            []FileItem              `json:"files" doc:"The attached files with signed links (photos, PDFs)"`
	ReviewerID       string                  `json:"reviewerId" doc:"Who approved it"`
	ReviewerName     string                  `json:"reviewerName"`
	SexualAssault    bool                    `json:"sexualAssault" doc:"Suspected sexual assault"`
	PhysicalAssault  bool                    `json:"physicalAssault" doc:"Suspected physical assault causing bodily injury"`
	State            IncidentState           `json:"state" enum:"DRAFT,PENDING_REVIEW,COMPLETED"`
	AuthorID         string                  `json:"authorId"`
	AuthorName       string                  `json:"authorName"`
	CreatedAt        int64                   `json:"createdAt"`
	SubmittedAt      int64                   `json:"submittedAt" doc:"0 while a draft"`
	CompletedAt      int64                   `json:"completedAt" doc:"0 until approved"`
	Version          int                     `json:"version" doc:"Send it back with an edit: changed meanwhile answers 4009"`
	Duties           []IncidentDuty          `json:"duties" doc:"Computed on submit from the type and answers; a draft shows what submit will ask"`
	Analyses         []IncidentAnalysis      `json:"analyses" doc:"Newest last; at most one of each kind"`
	Timeline         []IncidentTimelineEntry `json:"timeline"`
	OverdueDuties    int                     `json:"overdueDuties"`
	Editable         bool                    `json:"editable" doc:"The caller may edit it now"`
	AnalysisRunning  bool                    `json:"analysisRunning" doc:"The preliminary analysis is still being made"`
}

// SaveIncidentDraftRequest is POST /api/care/incidentReport/saveIncidentDraft:
// a new draft. Type is chosen first; the rest may be filled in later.
type SaveIncidentDraftRequest struct {
	Type             IncidentType           `json:"type" enum:"FALL,MEDICATION_ERROR,ELOPEMENT,INJURY_UNKNOWN_SOURCE,UNEXPECTED_DEATH,EXPLOITATION,RESIDENT_TO_RESIDENT,STAFF_TO_RESIDENT,RESIDENT_OTHER,POWER_OUTAGE,NATURAL_DISASTER,FIRE,FACILITY_OTHER"`
	ResidentID       string                 `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Required to submit a resident-group report; empty for the facility group"`
	OccurredAt       int64                  `json:"occurredAt,omitempty" format:"event-ms" doc:"Epoch ms, not in the future"`
	DiscoveredAt     int64                  `json:"discoveredAt,omitempty" format:"event-ms" doc:"Epoch ms, not in the future; required to submit"`
	Location         string                 `json:"location,omitempty" maxLength:"100" limit:"TitleMax"`
	Narrative        string                 `json:"narrative,omitempty" maxLength:"4096" limit:"LongDetailsMax" doc:"Required to submit"`
	Injuries         string                 `json:"injuries,omitempty" maxLength:"1000" limit:"DetailsMax"`
	BodyLocations    []string               `json:"bodyLocations,omitempty" maxItems:"20" limit:"IncidentBodyLocationsMax" doc:"Each at most ShortTextMax"`
	ImmediateActions string                 `json:"immediateActions,omitempty" maxLength:"1000" limit:"DetailsMax"`
	Notifications    []IncidentNotification `json:"notifications,omitempty" maxItems:"20" limit:"IncidentNotificationsMax"`
	Witnesses        string                 `json:"witnesses,omitempty" maxLength:"300" limit:"SubDetailsMax"`
	StaffInvolvedIDs []string               `json:"staffInvolvedIds,omitempty" maxItems:"20" limit:"IncidentStaffMax"`
	FileIDs          []string               `json:"fileIds,omitempty" maxItems:"20" limit:"IncidentFilesMax" doc:"Uploaded through the file service with category OTHER by the caller (files already on the report may stay)"`
	SexualAssault    bool                   `json:"sexualAssault,omitempty"`
	PhysicalAssault  bool                   `json:"physicalAssault,omitempty"`
}

// UpdateIncidentReportRequest is POST /api/care/incidentReport/updateIncidentReport:
// the whole report again. The author edits a draft; owners and admins edit a
// draft or a report pending review; a completed report answers 4003.
type UpdateIncidentReportRequest struct {
	IncidentID               string `json:"incidentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Version                  int    `json:"version" doc:"The version the edit was made on: changed meanwhile answers 4009"`
	SaveIncidentDraftRequest `tstype:",extends"`
}

// IncidentIDQuery carries ?incidentId= (submit, analyses, delete, getById, print).
type IncidentIDQuery struct {
	IncidentID string `query:"incidentId" json:"incidentId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// IncidentWaiver records why a mandatory duty was not done.
type IncidentWaiver struct {
	DutyID string `json:"dutyId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Reason string `json:"reason" minLength:"1" maxLength:"300" limit:"SubDetailsMax"`
}

// IncidentApprovalRequest is POST /api/care/incidentReport/approval: closes
// the report (owners and admins). Every mandatory duty must be done or
// waived here with a reason (else 4022 naming the duty).
type IncidentApprovalRequest struct {
	IncidentID            string           `json:"incidentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Version               int              `json:"version"`
	Waivers               []IncidentWaiver `json:"waivers,omitempty" maxItems:"10" limit:"IncidentWaiversMax"`
	AcceptCarePlanChanges bool             `json:"acceptCarePlanChanges,omitempty" doc:"Make tasks of the latest analysis's care plan changes"`
	EditedCarePlanChanges string           `json:"editedCarePlanChanges,omitempty" maxLength:"4096" limit:"LongDetailsMax" doc:"The reviewer's wording, one change a line; empty = the analysis's"`
}

// IncidentDutyCheckRequest is POST /api/care/incidentReport/checkDuty: ticks
// (or unticks) a duty of a report pending review.
type IncidentDutyCheckRequest struct {
	IncidentID string `json:"incidentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	DutyID     string `json:"dutyId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Done       bool   `json:"done"`
	DoneAt     int64  `json:"doneAt,omitempty" format:"event-ms" doc:"Epoch ms it was done; 0 = now"`
	Reference  string `json:"reference,omitempty" maxLength:"50" limit:"ShortTextMax" doc:"The confirmation number the hotline or agency gave (done only)"`
}

// IncidentFilter is the data of listIncidentReport. Caregivers see their
// own reports; owners and admins every submitted report and their own drafts.
type IncidentFilter struct {
	ResidentID string        `json:"residentId,omitempty" maxLength:"64" limit:"IDMax"`
	Type       IncidentType  `json:"type,omitempty" enum:",FALL,MEDICATION_ERROR,ELOPEMENT,INJURY_UNKNOWN_SOURCE,UNEXPECTED_DEATH,EXPLOITATION,RESIDENT_TO_RESIDENT,STAFF_TO_RESIDENT,RESIDENT_OTHER,POWER_OUTAGE,NATURAL_DISASTER,FIRE,FACILITY_OTHER"`
	State      IncidentState `json:"state,omitempty" enum:",DRAFT,PENDING_REVIEW,COMPLETED"`
	From       int64         `json:"from,omitempty" format:"date-ms" doc:"discoveredAt >= from (epoch ms)"`
	To         int64         `json:"to,omitempty" format:"date-ms" doc:"discoveredAt < to (epoch ms)"`
}

// IncidentExportQuery is GET /api/care/incidentReport/export (owners and
// admins): the reports the list's filters select, found in a period (the
// facility's days, inclusive), as CSV. The period is required, at most the
// parameter report.printMaxRecords reports (spec 001 §5 "Print or export
// range"; §9).
type IncidentExportQuery struct {
	StartDate  string        `query:"startDate" json:"startDate" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, first day found (inclusive); required"`
	EndDate    string        `query:"endDate" json:"endDate" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, last day found (inclusive); required, not before startDate"`
	ResidentID string        `query:"residentId" json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"Empty = every resident and the facility's incidents"`
	Type       IncidentType  `query:"type" json:"type,omitempty" enum:",FALL,MEDICATION_ERROR,ELOPEMENT,INJURY_UNKNOWN_SOURCE,UNEXPECTED_DEATH,EXPLOITATION,RESIDENT_TO_RESIDENT,STAFF_TO_RESIDENT,RESIDENT_OTHER,POWER_OUTAGE,NATURAL_DISASTER,FIRE,FACILITY_OTHER"`
	State      IncidentState `query:"state" json:"state,omitempty" enum:",DRAFT,PENDING_REVIEW,COMPLETED"`
}

// IncidentReminders answers GET countReminders: reports waiting for the
// caller's review (owners and admins; the sidebar's incidentReportCount),
// open duties past due, and the caller's own drafts.
type IncidentReminders struct {
	PendingReview int `json:"pendingReview"`
	OverdueDuties int `json:"overdueDuties"`
	MyDrafts      int `json:"myDrafts"`
}
