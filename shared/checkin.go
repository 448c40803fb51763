package shared

// The manual move-in wizard (spec 000 §2 /resident-management/move-in/{step};
// spec 001 §7.6 createResidentForCheckIn, createTaskForCheckIn,
// createEmarsForCheckIn, createContactForCheckIn, completeCheckIn). Steps:
// confirm resident → profile → care plan → eMARs → contacts → result. The
// resident is MOVING_IN until completeCheckIn: hidden from the resident list
// and making no task occurrences; a half-done move-in is resumed from
// getCheckIn. Each step's call carries multipart fields "data" (the JSON
// below) and "files" (documents for that step), and replaces what an earlier
// save of the same step stored.

// CheckInStep is a wizard step (the URL's {step}).
type CheckInStep string

const (
	StepConfirm     CheckInStep = "confirm"
	StepProfile     CheckInStep = "profile"
	StepCarePlan    CheckInStep = "care-plan"
	StepMedications CheckInStep = "emars"
	StepContacts    CheckInStep = "contacts"
	StepResult      CheckInStep = "result"
)

// CheckInSteps are the steps in order.
var CheckInSteps = []CheckInStep{StepConfirm, StepProfile, StepCarePlan, StepMedications, StepContacts, StepResult}

// CheckInContactsMax bounds the contacts one move-in contacts step sends.
const CheckInContactsMax = 50

// CheckInResidentData is the data of createResidentForCheckIn: the profile
// (residentId empty starts a move-in; given, it edits that MOVING_IN resident).
type CheckInResidentData struct {
	SaveResidentRequest `tstype:",extends"`
}

// CheckInTasksData is the data of createTaskForCheckIn: the care plan's tasks
// (each with residentId left empty; the resident's is used).
type CheckInTasksData struct {
	ResidentID string            `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Tasks      []SaveTaskRequest `json:"tasks" maxItems:"100" limit:"CheckInTasksMax"`
}

// CheckInMedicationsData is the data of createEmarsForCheckIn.
type CheckInMedicationsData struct {
	ResidentID  string                  `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Medications []SaveMedicationRequest `json:"medications" maxItems:"100" limit:"CheckInMedicationsMax"`
}

// CheckInContactsData is the data of createContactForCheckIn.
type CheckInContactsData struct {
	ResidentID string               `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Contacts   []SaveContactRequest `json:"contacts" maxItems:"50" limit:"CheckInContactsMax"`
}

// CheckIn is where a move-in stands: answered by every step call, by
// GET /api/care/resident/getCheckIn?residentId= and (resident Status NORMAL) by completeCheckIn.
type CheckIn struct {
	Resident    Resident          `json:"resident"`
	Step        CheckInStep       `json:"step" doc:"The first step not yet saved (result once complete)"`
	Tasks       []Task            `json:"tasks"`
	Medications []Medication      `json:"medications"`
	Contacts    []ResidentContact `json:"contacts"`
	Files       []ResidentFile    `json:"files" doc:"Documents uploaded in the wizard"`
	Completed   bool              `json:"completed"`
}

// CancelCheckInQuery is GET /api/care/resident/cancelCheckIn: abandons a move-in
// not yet complete (the family chose another home, it was started twice). The
// resident stays on record (care records are never deleted) but is hidden from
// every list and call; answers null.
type CancelCheckInQuery struct {
	ResidentID string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Reason     string `query:"reason" json:"reason" minLength:"1" maxLength:"300" limit:"SubDetailsMax" doc:"Why the move-in is abandoned (kept in the audit log)"`
}
