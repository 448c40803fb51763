package shared

// ResidentStatus is where a resident stands (spec 000 §3/§4 "Resident"):
// NORMAL ↔ GOING_OUT; MOVED_OUT and DECEASED are final.
type ResidentStatus string

const (
	ResidentNormal   ResidentStatus = "NORMAL"
	ResidentGoingOut ResidentStatus = "GOING_OUT"
	ResidentMovedOut ResidentStatus = "MOVED_OUT"
	ResidentDeceased ResidentStatus = "DECEASED"
	// ResidentMovingIn: the move-in wizard is not finished (shared/checkin.go);
	// hidden from every list but MOVING_IN, and no tasks run for the resident.
	ResidentMovingIn ResidentStatus = "MOVING_IN"
)

// ResidentStatusFilter is the list's status filter: one status, or a group.
// Empty means ACTIVE (moved-out and deceased residents are hidden by default).
type ResidentStatusFilter string

const (
	ResidentFilterActive   ResidentStatusFilter = "ACTIVE"   // NORMAL and GOING_OUT (the default)
	ResidentFilterInactive ResidentStatusFilter = "INACTIVE" // MOVED_OUT and DECEASED
	ResidentFilterAll      ResidentStatusFilter = "ALL"
	ResidentFilterNormal   ResidentStatusFilter = "NORMAL"
	ResidentFilterGoingOut ResidentStatusFilter = "GOING_OUT"
	ResidentFilterMovedOut ResidentStatusFilter = "MOVED_OUT"
	ResidentFilterDeceased ResidentStatusFilter = "DECEASED"
	ResidentFilterMovingIn ResidentStatusFilter = "MOVING_IN" // move-ins in progress (owners and admins)
)

// MoveOutDestination is where a resident went (spec 000 §3 "Resident").
type MoveOutDestination string

const (
	MoveOutSNF            MoveOutDestination = "SNF"
	MoveOutHospital       MoveOutDestination = "HOSPITAL"
	MoveOutFamilyHome     MoveOutDestination = "FAMILY_HOME"
	MoveOutAssistedLiving MoveOutDestination = "ASSISTED_LIVING"
	MoveOutAnotherAFH     MoveOutDestination = "ANOTHER_AFH"
	MoveOutOther          MoveOutDestination = "OTHER" // destinationOther is then required
)

// DNR is the resident's do-not-resuscitate order (DOMAIN.md "Vocabulary").
type DNR string

const (
	DNRYes     DNR = "YES"
	DNRNo      DNR = "NO"
	DNRUnknown DNR = "UNKNOWN"
)

// Gender of a resident.
type Gender string

const (
	GenderFemale      Gender = "FEMALE"
	GenderMale        Gender = "MALE"
	GenderOther       Gender = "OTHER"
	GenderUndisclosed Gender = "UNDISCLOSED"
)

// ResidentLanguage is a resident's spoken language: the live translator's nine
// (spec 001 §9) plus OTHER, with languageOther naming it.
type ResidentLanguage string

const (
	LanguageEnglish  ResidentLanguage = "ENGLISH"
	LanguageChinese  ResidentLanguage = "CHINESE"
	LanguageSpanish  ResidentLanguage = "SPANISH"
	LanguageSwahili  ResidentLanguage = "SWAHILI"
	LanguageTagalog  ResidentLanguage = "TAGALOG"
	LanguageRomanian ResidentLanguage = "ROMANIAN"
	LanguageRussian  ResidentLanguage = "RUSSIAN"
	LanguagePunjabi  ResidentLanguage = "PUNJABI"
	LanguageHindi    ResidentLanguage = "HINDI"
	LanguageOther    ResidentLanguage = "OTHER"
)

// HeightUnit says what a resident's height is measured in.
type HeightUnit string

const (
	HeightCM HeightUnit = "CM"
	HeightIN HeightUnit = "IN"
)

// WeightUnit says what a resident's weight is measured in.
type WeightUnit string

const (
	WeightKG WeightUnit = "KG"
	WeightLB WeightUnit = "LB"
)

// ContactGroup is a resident contact's group (spec 000 §3 "Contact").
type ContactGroup string

const (
	ContactEmergency     ContactGroup = "EMERGENCY"
	ContactProvider      ContactGroup = "PROVIDER"
	ContactFamilyFriends ContactGroup = "FAMILY_FRIENDS"
	ContactOther         ContactGroup = "OTHER"
)

// Resident limits (the residents issue; spec 001 §9 input lengths: short 50,
// sub details 300, details 1000, long details 4096; phone 10-20).
const (
	ResidentNameMax       = 50
	ResidentRoomMax       = 20
	ResidentPhoneMin      = 10
	ResidentPhoneMax      = 20
	ResidentDetailsMax    = 1000
	ResidentBackgroundMax = 4096
	// ResidentFullNameMax bounds "First Last", typed to confirm a move-out or a death.
	ResidentFullNameMax         = 101
	ResidentDestinationOtherMax = 100
	ResidentHeightMax           = 300  // cm or in
	ResidentWeightMax           = 1000 // kg or lb
	// ResidentFilesMax is how many files one uploadResidentFiles call takes at most
	// (the file service's configured count limit, 7008, may be lower).
	ResidentFilesMax = 20
	// CarePlanReviewMonths: reassess at least every 12 months (WAC 388-76-10130, DOMAIN.md).
	CarePlanReviewMonths = 12
)

// CareProvider is a resident's physician or pharmacy: a structured contact.
// Optional fields may be sent empty; a non-empty phone or fax has 10-20 characters.
type CareProvider struct {
	Name    string `json:"name" maxLength:"50" limit:"PersonNameMax"`
	Phone   string `json:"phone" maxLength:"20" limit:"PhoneMax" doc:"10-20 characters when given"`
	Fax     string `json:"fax" maxLength:"20" limit:"PhoneMax" doc:"10-20 characters when given"`
	Email   string `json:"email" maxLength:"100" limit:"MailMax" doc:"A valid e-mail address when given"`
	Address string `json:"address" maxLength:"300" limit:"SubDetailsMax"`
}

// Resident is one resident as a facility member sees it (spec 000 §3 "Resident").
type Resident struct {
	ResidentID    string           `json:"residentId"`
	FirstName     string           `json:"firstName"`
	LastName      string           `json:"lastName"`
	PreferredName string           `json:"preferredName"`
	Name          string           `json:"name" doc:"First and last name, for display and for the move-out/deceased confirmation"`
	DOB           string           `json:"dob" doc:"Date of birth, YYYY-MM-DD"`
	Age           int              `json:"age" doc:"Whole years today (UTC)"`
	Gender        Gender           `json:"gender"`
	Room          string           `json:"room"`
	Phone         string           `json:"phone"`
	Language      ResidentLanguage `json:"language"`
	LanguageOther string           `json:"languageOther" doc:"The language when language is OTHER"`
	Height        *float64         `json:"height" doc:"In heightUnit; null when unknown"`
	HeightUnit    HeightUnit       `json:"heightUnit"`
	Weight        *float64         `json:"weight" doc:"In weightUnit; null when unknown"`
	WeightUnit    WeightUnit       `json:"weightUnit"`
	Allergies     string           `json:"allergies" doc:"Empty when none are known (the list's allergy badge shows when not empty)"`
	DNR           DNR              `json:"dnr"`
	Diagnoses     string           `json:"diagnoses"`
	Diet          string           `json:"diet"`
	Mobility      string           `json:"mobility"`
	Hygiene       string           `json:"hygiene"`
	Toileting     string           `json:"toileting"`
	Hearing       string           `json:"hearing"`
	Vision        string           `json:"vision"`
	Physician     CareProvider     `json:"physician"`
	Pharmacy      CareProvider     `json:"pharmacy"`
	// EmergencyContact is the first contact of group EMERGENCY (detail only; null in lists or when none).
	EmergencyContact   *ResidentContact `json:"emergencyContact"`
	PersonalBackground string           `json:"personalBackground"`
	Preferences        string           `json:"preferences"`
	MoveInDate         string           `json:"moveInDate" doc:"YYYY-MM-DD, empty when not recorded"`
	AvatarFileID       string           `json:"avatarFileId"`
	Avatar             *FileItem        `json:"avatar" doc:"The photo with a signed url; null when none"`

	Status             ResidentStatus     `json:"status"`
	ReturnDate         int64              `json:"returnDate" doc:"GOING_OUT: expected return, epoch ms; else 0"`
	GoingOutReason     string             `json:"goingOutReason"`
	MoveOutDestination MoveOutDestination `json:"moveOutDestination" doc:"MOVED_OUT only"`
	DestinationOther   string             `json:"destinationOther" doc:"MOVED_OUT to OTHER: where"`
	StatusTime         int64              `json:"statusTime" doc:"When the status last changed, epoch ms"`
	CarePlanUpdateTime int64              `json:"carePlanUpdateTime" doc:"Epoch ms; 0 when never recorded"`
	Editable           bool               `json:"editable" doc:"The caller may edit this resident (owner/admin, and the status is not final)"`
	CreateTime         int64              `json:"createTime"`
	UpdateTime         int64              `json:"updateTime"`
}

// SaveResidentRequest is POST /api/care/resident/createResident (residentId
// ignored) and /api/care/resident/updateResident (residentId required; every
// field is replaced). Omitted optional fields are stored empty.
type SaveResidentRequest struct {
	ResidentID         string           `json:"residentId,omitempty" maxLength:"64" limit:"IDMax" doc:"updateResident only"`
	FirstName          string           `json:"firstName" minLength:"1" maxLength:"50" limit:"ResidentNameMax"`
	LastName           string           `json:"lastName" minLength:"1" maxLength:"50" limit:"ResidentNameMax"`
	PreferredName      string           `json:"preferredName,omitempty" maxLength:"50" limit:"ResidentNameMax"`
	DOB                string           `json:"dob" format:"date" doc:"YYYY-MM-DD, in the past"`
	Gender             Gender           `json:"gender" enum:"FEMALE,MALE,OTHER,UNDISCLOSED"`
	Room               string           `json:"room" minLength:"1" maxLength:"20" limit:"ResidentRoomMax"`
	Phone              string           `json:"phone,omitempty" maxLength:"20" limit:"ResidentPhoneMax" doc:"10-20 characters when given"`
	Language           ResidentLanguage `json:"language" enum:"ENGLISH,CHINESE,SPANISH,SWAHILI,TAGALOG,ROMANIAN,RUSSIAN,PUNJABI,HINDI,OTHER"`
	LanguageOther      string           `json:"languageOther,omitempty" maxLength:"50" limit:"ShortTextMax" doc:"Required when language is OTHER"`
	Height             *float64         `json:"height,omitempty" minimum:"1" maximum:"300" limit:"ResidentHeightMax" doc:"In heightUnit (CM: 30-300, IN: 12-120)"`
	HeightUnit         HeightUnit       `json:"heightUnit,omitempty" enum:"CM,IN" doc:"Required with height"`
	Weight             *float64         `json:"weight,omitempty" minimum:"1" maximum:"1000" limit:"ResidentWeightMax" doc:"In weightUnit (KG: 10-400, LB: 20-900)"`
	WeightUnit         WeightUnit       `json:"weightUnit,omitempty" enum:"KG,LB" doc:"Required with weight"`
	Allergies          string           `json:"allergies,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	DNR                DNR              `json:"dnr" enum:"YES,NO,UNKNOWN"`
	Diagnoses          string           `json:"diagnoses,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	Diet               string           `json:"diet,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	Mobility           string           `json:"mobility,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	Hygiene            string           `json:"hygiene,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	Toileting          string           `json:"toileting,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	Hearing            string           `json:"hearing,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	Vision             string           `json:"vision,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	Physician          CareProvider     `json:"physician,omitempty"`
	Pharmacy           CareProvider     `json:"pharmacy,omitempty"`
	PersonalBackground string           `json:"personalBackground,omitempty" maxLength:"4096" limit:"ResidentBackgroundMax"`
	Preferences        string           `json:"preferences,omitempty" maxLength:"1000" limit:"ResidentDetailsMax"`
	MoveInDate         string           `json:"moveInDate,omitempty" format:"date-or-empty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD, not in the future"`
	AvatarFileID       string           `json:"avatarFileId,omitempty" maxLength:"64" limit:"IDMax" doc:"Your JPEG/PNG upload of category AVATAR (POST /api/system/files/upload); empty removes the photo"`
}

// ResidentFilter is the data of listResidentByPage.
type ResidentFilter struct {
	Name   string               `json:"name,omitempty" maxLength:"50" limit:"ResidentNameMax" doc:"Contained in the first, last or preferred name, any case"`
	Status ResidentStatusFilter `json:"status,omitempty" enum:",ACTIVE,INACTIVE,ALL,NORMAL,GOING_OUT,MOVED_OUT,DECEASED,MOVING_IN" doc:"Empty = ACTIVE; ALL never includes MOVING_IN"`
	Room   string               `json:"room,omitempty" maxLength:"20" limit:"ResidentRoomMax" doc:"Exact room, any case"`
}

// ResidentIDQuery carries ?residentId=.
type ResidentIDQuery struct {
	ResidentID string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ResidentAuditExportQuery is GET /api/care/resident/auditExport (owners and
// admins): the audit trail of one resident of the caller's facility in a
// period (the facility's days, inclusive) as CSV: the rows of the resident and
// of its records (contacts, medications and passes, disposals, notes, care
// records, tasks and their records, incidents). The period is required, at
// most the parameter report.printMaxRecords rows (spec 001 §5 "Print or export
// range"; §9).
type ResidentAuditExportQuery struct {
	ResidentID string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	StartDate  string `query:"startDate" json:"startDate" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, first day (inclusive); required"`
	EndDate    string `query:"endDate" json:"endDate" format:"date-or-empty" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"YYYY-MM-DD, last day (inclusive); required, not before startDate"`
}

// GoingOutRequest is POST /api/care/resident/goingOut: NORMAL → GOING_OUT.
type GoingOutRequest struct {
	ResidentID string `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ReturnDate int64  `json:"returnDate" format:"event-ms" minimum:"1" doc:"Expected return, epoch ms, in the future"`
	Reason     string `json:"reason,omitempty" maxLength:"300" limit:"SubDetailsMax"`
}

// MoveOutRequest is POST /api/care/resident/moveOut: final, cannot be undone.
type MoveOutRequest struct {
	ResidentID       string             `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Destination      MoveOutDestination `json:"destination" enum:"SNF,HOSPITAL,FAMILY_HOME,ASSISTED_LIVING,ANOTHER_AFH,OTHER"`
	DestinationOther string             `json:"destinationOther,omitempty" maxLength:"100" limit:"ResidentDestinationOtherMax" doc:"Required when destination is OTHER"`
	ConfirmName      string             `json:"confirmName" minLength:"1" maxLength:"101" limit:"ResidentFullNameMax" doc:"The resident's name retyped (spec 000 §5); compared ignoring case and spaces at the ends"`
}

// DeceasedQuery is GET /api/care/resident/deceased: final, cannot be undone.
type DeceasedQuery struct {
	ResidentID  string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ConfirmName string `query:"confirmName" json:"confirmName" minLength:"1" maxLength:"101" limit:"ResidentFullNameMax" doc:"The resident's name retyped"`
}

// CarePlanUpdateTime answers getCarePlanUpdateTime.
type CarePlanUpdateTime struct {
	ResidentID         string `json:"residentId"`
	CarePlanUpdateTime int64  `json:"carePlanUpdateTime" doc:"Epoch ms; 0 when never recorded"`
	NextReviewTime     int64  `json:"nextReviewTime" doc:"12 months after the update (WAC 388-76-10130); 0 when never recorded"`
	ReviewOverdue      bool   `json:"reviewOverdue" doc:"nextReviewTime has passed (a warning, not a block)"`
}

// SaveCarePlanUpdateTimeRequest is POST /api/care/resident/saveCarePlanUpdateTime.
type SaveCarePlanUpdateTimeRequest struct {
	ResidentID         string `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	CarePlanUpdateTime int64  `json:"carePlanUpdateTime" format:"event-ms" minimum:"1" doc:"Epoch ms, not in the future"`
}

// ResidentFilesQuery is GET /api/care/resident/listResidentFiles.
type ResidentFilesQuery struct {
	ResidentID string       `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Category   FileCategory `query:"category" json:"category,omitempty" enum:",CARE_PLAN,ASSESSMENT,MEDICAL_RECORD,PHYSICIAN_ORDER,INSURANCE,IDENTIFICATION,OTHER"`
}

// ResidentFileQuery is GET /api/care/resident/deleteResidentFile: one of a resident's documents.
type ResidentFileQuery struct {
	ResidentID string `query:"residentId" json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	FileID     string `query:"fileId" json:"fileId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ResidentFileCategories are the categories a resident document may have.
var ResidentFileCategories = []FileCategory{FileCarePlan, FileAssessment, FileMedicalRecord,
	FilePhysicianOrder, FileInsurance, FileIdentification, FileOther}

// ResidentFile is one of a resident's documents: the file item, who uploaded it, and when.
type ResidentFile struct {
	FileItem     `tstype:",extends"`
	ResidentID   string `json:"residentId"`
	UploaderID   string `json:"uploaderId"`
	UploaderName string `json:"uploaderName"`
}

// ResidentRoom is one room's occupancy (active residents only).
type ResidentRoom struct {
	Room      string   `json:"room"`
	Residents []string `json:"residents" doc:"Names of the active residents in the room"`
}

// ResidentDashboard answers getDashboardData.
type ResidentDashboard struct {
	NormalCount   int            `json:"normalCount"`
	GoingOutCount int            `json:"goingOutCount"`
	MovedOutCount int            `json:"movedOutCount"`
	DeceasedCount int            `json:"deceasedCount"`
	ActiveCount   int            `json:"activeCount" doc:"NORMAL + GOING_OUT"`
	MaxResidents  int            `json:"maxResidents" doc:"The plan's limit of active residents; 0 = unlimited"`
	RoomCount     int            `json:"roomCount" doc:"Rooms with at least one active resident"`
	Rooms         []ResidentRoom `json:"rooms" doc:"Occupied rooms, by room name"`
}

// ResidentContact is one of a resident's contacts (spec 000 §3 "Contact").
type ResidentContact struct {
	ContactID    string       `json:"contactId"`
	ResidentID   string       `json:"residentId"`
	Group        ContactGroup `json:"group"`
	Name         string       `json:"name"`
	Phone        string       `json:"phone"`
	Address      string       `json:"address"`
	Role         string       `json:"role" doc:"e.g. Primary care physician, Case manager"`
	Email        string       `json:"email"`
	Fax          string       `json:"fax"`
	Relationship string       `json:"relationship" doc:"e.g. Daughter, Friend"`
	CreateTime   int64        `json:"createTime"`
	UpdateTime   int64        `json:"updateTime"`
}

// SaveContactRequest is POST /api/care/residentContact/save: create, or with contactId edit.
type SaveContactRequest struct {
	ContactID    string       `json:"contactId,omitempty" maxLength:"64" limit:"IDMax"`
	ResidentID   string       `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Group        ContactGroup `json:"group" enum:"EMERGENCY,PROVIDER,FAMILY_FRIENDS,OTHER"`
	Name         string       `json:"name" minLength:"1" maxLength:"50" limit:"PersonNameMax"`
	Phone        string       `json:"phone" minLength:"10" maxLength:"20" limit:"PhoneMin,PhoneMax"`
	Address      string       `json:"address,omitempty" maxLength:"300" limit:"SubDetailsMax"`
	Role         string       `json:"role,omitempty" maxLength:"50" limit:"ShortTextMax"`
	Email        string       `json:"email,omitempty" maxLength:"100" limit:"MailMax" doc:"A valid e-mail address when given"`
	Fax          string       `json:"fax,omitempty" maxLength:"20" limit:"PhoneMax" doc:"10-20 characters when given"`
	Relationship string       `json:"relationship,omitempty" maxLength:"50" limit:"ShortTextMax"`
}

// ContactFilter is the data of listContactByPage.
type ContactFilter struct {
	ResidentID string       `json:"residentId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Group      ContactGroup `json:"group,omitempty" enum:",EMERGENCY,PROVIDER,FAMILY_FRIENDS,OTHER"`
}

// ContactIDQuery carries ?contactId=.
type ContactIDQuery struct {
	ContactID string `query:"contactId" json:"contactId" minLength:"1" maxLength:"64" limit:"IDMax"`
}
