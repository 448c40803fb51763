package shared

// Staff and credentials (spec 000 §3 "Staff", spec 001 §7.8 "caregiver"):
// caregiver accounts in a facility, their colour, role and status, their
// certificate and continuing-education records, and the checklist the
// credential rules engine computes from them (../shared/docs/DOMAIN.md).

// FnYourStatus is the caregiver's own status page (menu YourStatus, spec 000 §2
// /your-status): the plan function of the caregiver's self routes.
const FnYourStatus = "YourStatus"

// Staff field bounds (spec 001 §9 "Field bounds": account 6–20, mail 5–100,
// phone 10–20, owner name 2–50; "Input lengths" short 50, sub details 300).
const (
	StaffNameMin       = 2
	StaffNameMax       = 50
	CredentialNameMax  = 100
	CredentialMaxFiles = 5   // files of one credential record
	CEHoursMax         = 100 // one record's continuing-education hours
	// CaregiverSpecialtiesMax: a caregiver may have each specialty once.
	CaregiverSpecialtiesMax = 3
	// ExpiringSoonDays: an item due or expiring within this many days is EXPIRING_SOON (issue 5).
	ExpiringSoonDays = 30
)

// StaffColors is the palette a new caregiver's colour is picked from when none
// is given (the first one not used in the facility); any #RRGGBB may be chosen.
var StaffColors = []string{"#2F80ED", "#27AE60", "#EB5757", "#F2994A", "#9B51E0", "#00A3A3",
	"#D6336C", "#8D6E63", "#5C6BC0", "#C0A000", "#43A047", "#E91E63", "#1E88E5", "#6D4C41",
	"#FB8C00", "#3949AB", "#00897B", "#7CB342", "#8E24AA", "#F4511E"}

// Specialty is a specialty training a caregiver needs before serving such
// residents (DOMAIN.md "staff credentials": dementia, mental health,
// developmental disability).
type Specialty string

const (
	SpecialtyDementia                Specialty = "DEMENTIA"
	SpecialtyMentalHealth            Specialty = "MENTAL_HEALTH"
	SpecialtyDevelopmentalDisability Specialty = "DEVELOPMENTAL_DISABILITY"
)

// CredentialType is the kind of a certificate or continuing-education record.
type CredentialType string

const (
	CredHCACertification          CredentialType = "HCA_CERTIFICATION"         // home care aide certification
	CredBasicTraining             CredentialType = "BASIC_TRAINING_75H"        // the 75-hour HCA basic training
	CredNursingAssistant          CredentialType = "NURSING_ASSISTANT"         // NA-C / NA-R (exempt from HCA certification)
	CredCPRFirstAid               CredentialType = "CPR_FIRST_AID"             // CPR and first aid card
	CredFoodWorkerCard            CredentialType = "FOOD_WORKER_CARD"          // food worker card
	CredFoodSafetyCE              CredentialType = "FOOD_SAFETY_CE"            // 30-minute food-safety CE (instead of the card)
	CredTBTestStep1               CredentialType = "TB_TEST_STEP1"             // TB test, first step
	CredTBTestStep2               CredentialType = "TB_TEST_STEP2"             // TB test, second step
	CredBackgroundNameDOB         CredentialType = "BACKGROUND_CHECK_NAME_DOB" // name and date-of-birth background check
	CredBackgroundFingerprint     CredentialType = "BACKGROUND_CHECK_FINGERPRINT"
	CredDementiaSpecialty         CredentialType = "SPECIALTY_DEMENTIA"
	CredMentalHealthSpecialty     CredentialType = "SPECIALTY_MENTAL_HEALTH"
	CredDevelopmentalDisabilities CredentialType = "SPECIALTY_DEVELOPMENTAL_DISABILITY"
	CredNurseDelegationCore       CredentialType = "NURSE_DELEGATION_CORE"
	CredNurseDelegationDiabetes   CredentialType = "NURSE_DELEGATION_DIABETES"
	CredOrientationSafety         CredentialType = "ORIENTATION_SAFETY"
	CredContinuingEducation       CredentialType = "CONTINUING_EDUCATION"
	CredOther                     CredentialType = "OTHER"
)

// CredentialTypes lists every credential type (an upload's type must be one).
var CredentialTypes = []CredentialType{CredHCACertification, CredBasicTraining, CredNursingAssistant, CredCPRFirstAid,
	CredFoodWorkerCard, CredFoodSafetyCE, CredTBTestStep1, CredTBTestStep2, CredBackgroundNameDOB, CredBackgroundFingerprint,
	CredDementiaSpecialty, CredMentalHealthSpecialty, CredDevelopmentalDisabilities, CredNurseDelegationCore,
	CredNurseDelegationDiabetes, CredOrientationSafety, CredContinuingEducation, CredOther}

// InspectionState is where one checklist item stands on the day it is computed.
type InspectionState string

const (
	InspectionOK           InspectionState = "OK"            // on record and valid beyond the next 30 days
	InspectionDue          InspectionState = "DUE"           // not yet on record, due later than 30 days from today
	InspectionExpiringSoon InspectionState = "EXPIRING_SOON" // due or expiring within 30 days
	InspectionOverdue      InspectionState = "OVERDUE"       // past its due or expiry date
)

// InspectionItem is one line of a caregiver's credential checklist
// (getCaregiverFileInspections). Dates are 'YYYY-MM-DD' in the facility's days.
type InspectionItem struct {
	Rule           string          `json:"rule" doc:"Rule code, e.g. TB_TEST_STEP1, CONTINUING_EDUCATION; i18n key staff.rule.<rule>"`
	CredentialType CredentialType  `json:"credentialType" doc:"The type of record that satisfies the rule"`
	State          InspectionState `json:"state" enum:"OK,DUE,EXPIRING_SOON,OVERDUE"`
	DueDate        string          `json:"dueDate" doc:"When the record is (or was) needed, or when the one on record expires; empty when nothing is due"`
	CompletedDate  string          `json:"completedDate" doc:"Issue date of the record that satisfies the rule, if any"`
	ExpiryDate     string          `json:"expiryDate" doc:"Expiry of the record that satisfies the rule, if any"`
	CredentialID   string          `json:"credentialId" doc:"The record that satisfies the rule, if any"`
	HoursDone      float64         `json:"hoursDone,omitempty" doc:"Continuing education: hours in the current period"`
	HoursRequired  float64         `json:"hoursRequired,omitempty" doc:"Continuing education: hours needed by the due date"`
	Source         string          `json:"source" doc:"Where the rule comes from (WAC/RCW section)"`
	Note           string          `json:"note" doc:"Why the item is in its state, as an i18n key staff.note.<note>; may be empty"`
}

// CaregiverInspections is getCaregiverFileInspections: the checklist and its counts.
type CaregiverInspections struct {
	CaregiverID       string           `json:"caregiverId"`
	Today             string           `json:"today" doc:"The day the checklist was computed for (facility time zone)"`
	Items             []InspectionItem `json:"items"`
	OverdueCount      int              `json:"overdueCount"`
	ExpiringSoonCount int              `json:"expiringSoonCount"`
	DueCount          int              `json:"dueCount"`
}

// Caregiver is one staff member of the facility (staff list and detail).
type Caregiver struct {
	CaregiverID        string          `json:"caregiverId"`
	UserID             string          `json:"userId"`
	Account            string          `json:"account"`
	Name               string          `json:"name"`
	Email              string          `json:"email"`
	Phone              string          `json:"phone"`
	Avatar             string          `json:"avatar" doc:"Signed URL of the avatar thumbnail, or empty"`
	RoleType           Role            `json:"roleType" enum:"FACILITY_ADMIN,CAREGIVER_STAFF"`
	Status             UserStatus      `json:"status" enum:"enabled,disabled,unverified"`
	Color              string          `json:"color" doc:"#RRGGBB, distinct within the facility"`
	HireDate           string          `json:"hireDate" doc:"YYYY-MM-DD"`
	BirthDate          string          `json:"birthDate" doc:"YYYY-MM-DD, or empty"`
	Specialties        []Specialty     `json:"specialties"`
	NurseDelegation    bool            `json:"nurseDelegation"`
	DiabetesDelegation bool            `json:"diabetesDelegation"`
	OverdueCount       int             `json:"overdueCount" doc:"Credential checklist items overdue (the list's warning)"`
	ExpiringSoonCount  int             `json:"expiringSoonCount"`
	CreateTime         int64           `json:"createTime" doc:"Epoch ms"`
	WorstState         InspectionState `json:"worstState" doc:"The worst checklist state: OVERDUE, EXPIRING_SOON, DUE or OK"`
}

// CaregiverBaseInfo is one option of listCaregiverBaseInfoByPage (option lists, size up to 9999).
type CaregiverBaseInfo struct {
	CaregiverID string     `json:"caregiverId"`
	UserID      string     `json:"userId"`
	Name        string     `json:"name"`
	Color       string     `json:"color"`
	Avatar      string     `json:"avatar"`
	RoleType    Role       `json:"roleType"`
	Status      UserStatus `json:"status"`
}

// SaveCaregiverRequest is POST /api/care/caregiver/save: creates the account
// (unverified, with a temporary password) and the membership, and e-mails the invite.
type SaveCaregiverRequest struct {
	Account            string      `json:"account" minLength:"6" maxLength:"20" limit:"AccountMin,AccountMax" pattern:"^[A-Za-z][A-Za-z0-9_]*$" doc:"Letters, digits and underscore; starts with a letter"`
	Name               string      `json:"name" minLength:"2" maxLength:"50" limit:"StaffNameMin,StaffNameMax"`
	Email              string      `json:"email" minLength:"5" maxLength:"100" limit:"MailMin,MailMax" format:"email"`
	Phone              string      `json:"phone" minLength:"10" maxLength:"20" limit:"PhoneMin,PhoneMax" pattern:"^[0-9+()\\- ]+$"`
	RoleType           Role        `json:"roleType,omitempty" enum:"FACILITY_ADMIN,CAREGIVER_STAFF" doc:"Default CAREGIVER_STAFF; FACILITY_ADMIN only by the owner"`
	Color              string      `json:"color,omitempty" pattern:"^#[0-9A-Fa-f]{6}$" doc:"#RRGGBB; empty picks a free colour"`
	HireDate           string      `json:"hireDate" format:"date" doc:"YYYY-MM-DD"`
	BirthDate          string      `json:"birthDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD (the continuing-education deadline is each birthday)"`
	Specialties        []Specialty `json:"specialties,omitempty" maxItems:"3" limit:"CaregiverSpecialtiesMax" enum:"DEMENTIA,MENTAL_HEALTH,DEVELOPMENTAL_DISABILITY" doc:"Specialty trainings needed for the residents served"`
	NurseDelegation    bool        `json:"nurseDelegation,omitempty" doc:"Performs nurse-delegated tasks"`
	DiabetesDelegation bool        `json:"diabetesDelegation,omitempty" doc:"Performs delegated insulin injections"`
	Language           Language    `json:"language,omitempty" enum:"en-US,es-ES,zh-CN" doc:"The language the person reads Hearth in: the invite is written in it (default: the manager's)"`
}

// UpdateCaregiverRequest is POST /api/care/caregiver/update. The account name
// and the role are not changed here (changeRoleType changes the role).
type UpdateCaregiverRequest struct {
	CaregiverID        string      `json:"caregiverId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Name               string      `json:"name" minLength:"2" maxLength:"50" limit:"StaffNameMin,StaffNameMax"`
	Email              string      `json:"email" minLength:"5" maxLength:"100" limit:"MailMin,MailMax" format:"email"`
	Phone              string      `json:"phone" minLength:"10" maxLength:"20" limit:"PhoneMin,PhoneMax" pattern:"^[0-9+()\\- ]+$"`
	Color              string      `json:"color" pattern:"^#[0-9A-Fa-f]{6}$"`
	HireDate           string      `json:"hireDate" format:"date"`
	BirthDate          string      `json:"birthDate,omitempty" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$"`
	Specialties        []Specialty `json:"specialties,omitempty" maxItems:"3" limit:"CaregiverSpecialtiesMax" enum:"DEMENTIA,MENTAL_HEALTH,DEVELOPMENTAL_DISABILITY"`
	NurseDelegation    bool        `json:"nurseDelegation,omitempty"`
	DiabetesDelegation bool        `json:"diabetesDelegation,omitempty"`
}

// CaregiverIDQuery carries ?caregiverId=.
type CaregiverIDQuery struct {
	CaregiverID string `query:"caregiverId" json:"caregiverId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ChangeRoleTypeQuery is GET /api/care/caregiver/changeRoleType (owner only).
type ChangeRoleTypeQuery struct {
	CaregiverID string `query:"caregiverId" json:"caregiverId" minLength:"1" maxLength:"64" limit:"IDMax"`
	RoleType    Role   `query:"roleType" json:"roleType" enum:"FACILITY_ADMIN,CAREGIVER_STAFF"`
}

// CheckColorRequest is POST /api/care/caregiver/checkSystemColor (false = free).
// When editing, the caregiver's own id is sent so their colour counts as free.
type CheckColorRequest struct {
	Color       string `json:"color" pattern:"^#[0-9A-Fa-f]{6}$"`
	CaregiverID string `json:"caregiverId,omitempty" maxLength:"64" limit:"IDMax"`
}

// CaregiverFilter is the data of listCaregiverByPage and listCaregiverBaseInfoByPage.
type CaregiverFilter struct {
	Name     string     `json:"name,omitempty" maxLength:"50" limit:"StaffNameMax" doc:"Contained in the name, any case"`
	Status   UserStatus `json:"status,omitempty" enum:",enabled,disabled,unverified"`
	RoleType Role       `json:"roleType,omitempty" enum:",FACILITY_ADMIN,CAREGIVER_STAFF"`
}

// CaregiverFile is one certificate or continuing-education record with its files.
type CaregiverFile struct {
	CredentialID   string         `json:"credentialId"`
	CaregiverID    string         `json:"caregiverId"`
	CredentialType CredentialType `json:"credentialType"`
	Name           string         `json:"name"`
	IssueDate      string         `json:"issueDate" doc:"YYYY-MM-DD: when it was issued or completed"`
	ExpiryDate     string         `json:"expiryDate" doc:"YYYY-MM-DD, or empty when it does not expire"`
	CEHours        float64        `json:"ceHours" doc:"Continuing-education hours it counts for"`
	Files          []FileItem     `json:"files"`
	UploaderID     string         `json:"uploaderId"`
	CreateTime     int64          `json:"createTime" doc:"Epoch ms"`
}

// CaregiverFilesQuery is GET /api/care/caregiver/listCaregiverFiles.
type CaregiverFilesQuery struct {
	CaregiverID    string         `query:"caregiverId" json:"caregiverId" minLength:"1" maxLength:"64" limit:"IDMax"`
	CredentialType CredentialType `query:"credentialType" json:"credentialType,omitempty" doc:"Only this type; empty: all"`
}

// CaregiverCredentialFields are the form fields of POST
// /api/care/caregiver/uploadCaregiverFiles (multipart, with one or more
// `files`): one record of one type with its files. Published for the UI; the
// server reads the same names from the form.
type CaregiverCredentialFields struct {
	CaregiverID    string         `json:"caregiverId"`
	CredentialType CredentialType `json:"credentialType"`
	Name           string         `json:"name,omitempty" doc:"Shown name; default the type's name"`
	IssueDate      string         `json:"issueDate" doc:"YYYY-MM-DD"`
	ExpiryDate     string         `json:"expiryDate,omitempty" doc:"YYYY-MM-DD"`
	CEHours        float64        `json:"ceHours,omitempty" doc:"0 to 100, in steps of a minute"`
}
