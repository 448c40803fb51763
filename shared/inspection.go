package shared

// The inspection readiness page's residents and staff areas (issue 32, spec
// 000 §2 /inspection-status, spec 001 §7.6 getResidentFileInspections): for
// each resident (or staff member) one item per rule an inspector checks, in
// order or not, each gap with the UI route where it is fixed. The rules live
// in the features that own the records (cloud/platform/inspection gathers them).

// InspectionArea is one area of the readiness page.
type InspectionArea string

const (
	InspectionResidents InspectionArea = "RESIDENTS"
	InspectionStaff     InspectionArea = "STAFF"
)

// Inspection rules: the i18n key of each is inspection.rule.<rule>.
const (
	RuleAssessment     = "ASSESSMENT"      // an assessment on file
	RuleCarePlan       = "CARE_PLAN"       // negotiated care plan within 30 days of move-in, reviewed every 12 months
	RulePhysicianOrder = "PHYSICIAN_ORDER" // every current medication names its prescriber
	RuleMarComplete    = "MAR_COMPLETE"    // no scheduled pass of the last 30 days without an outcome
	RuleDisposal       = "DISPOSAL"        // no medication disposal past its clock
	RuleIncidentDuty   = "INCIDENT_DUTY"   // no incident reporting duty past due
	RuleCredentials    = "CREDENTIALS"     // no staff credential overdue
)

// InspectionMarDays: MAR completeness looks at the scheduled passes of the last 30 days.
const InspectionMarDays = 30

// InspectionCheck is one rule for one resident or staff member.
type InspectionCheck struct {
	Rule    string `json:"rule" doc:"ASSESSMENT, CARE_PLAN, PHYSICIAN_ORDER, MAR_COMPLETE, DISPOSAL, INCIDENT_DUTY or CREDENTIALS; i18n key inspection.rule.<rule>"`
	InOrder bool   `json:"inOrder"`
	Count   int    `json:"count" doc:"How many things are missing or overdue (blank passes, medications without a prescriber, ...); 0 when in order"`
	DueDate string `json:"dueDate,omitempty" doc:"YYYY-MM-DD: when the missing thing was due, when the rule has one"`
	Link    string `json:"link,omitempty" doc:"The UI route where the gap is fixed; empty when in order"`
}

// InspectionSubject is one resident or staff member with their checks.
type InspectionSubject struct {
	ID      string            `json:"id" doc:"The resident's id (residents area) or the caregiver's (staff area)"`
	Name    string            `json:"name"`
	Checks  []InspectionCheck `json:"checks"`
	InOrder int               `json:"inOrder" doc:"Checks in order"`
	Total   int               `json:"total"`
}

// AreaInspections is one area of the readiness page: getResidentFileInspections
// (residents) and getStaffFileInspections (staff).
type AreaInspections struct {
	Area     InspectionArea      `json:"area" enum:"RESIDENTS,STAFF"`
	Subjects []InspectionSubject `json:"subjects"`
	InOrder  int                 `json:"inOrder" doc:"Checks in order across the area"`
	Total    int                 `json:"total" doc:"Checks across the area (subjects × rules)"`
	Score    int                 `json:"score" doc:"Percentage of checks in order, 0 to 100, rounded down; 100 with nothing to check"`
}

// ResidentInspectionsQuery is getResidentFileInspections' query.
type ResidentInspectionsQuery struct {
	ResidentID string `query:"residentId" json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"One resident; empty: every resident who lives in the home"`
}

// InspectionPrintQuery is GET /care/inspection/print: the whole readiness
// page (scores, residents, staff, facility documents) as a PDF to hand over.
type InspectionPrintQuery struct {
	Lang  Language `query:"lang" json:"lang,omitempty" enum:",en-US,es-ES,zh-CN" doc:"The reader's language; empty = the caller's (Accept-Language). Labels in another language keep the English beside them"`
	Paper MarPaper `query:"paper" json:"paper,omitempty" enum:",LETTER,A4" doc:"Empty = LETTER"`
}
