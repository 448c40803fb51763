package shared

// The inspector's link (issue 32 "Beyond the peers: the inspector's link"): an
// owner or admin issues a time-limited, read-only link for a named inspector,
// scoped to the home and to the areas chosen. The inspector signs in with a
// code e-mailed to the address the link names and reads what was shared;
// every page view and download is audited and listed for the owner.

// InspectorArea is one part of the home's records a link may share.
type InspectorArea string

const (
	InspectorAreaResidents InspectorArea = "RESIDENTS"     // residents' records (face sheet, files)
	InspectorAreaMARs      InspectorArea = "MARS"          // medication orders and the MAR of the last 30 days
	InspectorAreaNotes     InspectorArea = "NOTES"         // progress notes
	InspectorAreaIncidents InspectorArea = "INCIDENTS"     // incident reports
	InspectorAreaStaff     InspectorArea = "STAFF"         // staff files (credentials)
	InspectorAreaDocuments InspectorArea = "FACILITY_DOCS" // the home's facility documents
)

// InspectorAreas lists the areas in the order the pages show them.
var InspectorAreas = []InspectorArea{InspectorAreaResidents, InspectorAreaMARs, InspectorAreaNotes,
	InspectorAreaIncidents, InspectorAreaStaff, InspectorAreaDocuments}

// InspectorLinkStatus is where a link stands.
type InspectorLinkStatus string

const (
	InspectorLinkActive  InspectorLinkStatus = "ACTIVE"
	InspectorLinkExpired InspectorLinkStatus = "EXPIRED"
	InspectorLinkRevoked InspectorLinkStatus = "REVOKED"
)

// Inspector link bounds.
const (
	// InspectorLinkMaxDays: a link lasts at most 14 days (issue 32).
	InspectorLinkMaxDays = 14
	// InspectorCodeMinutes: an e-mailed code is good this long (the sign-in code's 10 minutes).
	InspectorCodeMinutes = 10
	// InspectorCodeResendSeconds: the wait before another code may be asked for.
	InspectorCodeResendSeconds = 60
	// InspectorCodesPerHour: codes one link may have mailed in an hour.
	InspectorCodesPerHour = 5
	// InspectorCodeTries: wrong tries one code allows before it is spent.
	InspectorCodeTries = 5
	// InspectorListMax bounds the rows one inspector list answers.
	InspectorListMax = 500
	// InspectorAreasMax: a link shares at most every area there is (InspectorAreas).
	InspectorAreasMax = 6
)

// InspectorActivityAction is what an inspector did through a link.
type InspectorActivityAction string

const (
	InspectorSignedIn   InspectorActivityAction = "SIGN_IN"
	InspectorViewed     InspectorActivityAction = "VIEW"
	InspectorDownloaded InspectorActivityAction = "DOWNLOAD"
)

// InspectorLinkRequest is createInspectorLink.
type InspectorLinkRequest struct {
	InspectorName string          `json:"inspectorName" minLength:"1" maxLength:"50" limit:"PersonNameMax" doc:"The inspector's name"`
	Email         string          `json:"email" minLength:"5" maxLength:"100" limit:"MailMin,MailMax" doc:"Where the sign-in codes go"`
	Days          int             `json:"days" minimum:"1" maximum:"14" limit:"InspectorLinkMaxDays" doc:"How many days the link works (at most 14)"`
	Areas         []InspectorArea `json:"areas" minItems:"1" maxItems:"6" limit:"InspectorAreasMax" doc:"What the inspector may read"`
	Downloads     bool            `json:"downloads" doc:"Whether the inspector may download files"`
}

// InspectorLink is one link as its owner sees it.
type InspectorLink struct {
	ID            string              `json:"id"`
	InspectorName string              `json:"inspectorName"`
	Email         string              `json:"email"`
	Areas         []InspectorArea     `json:"areas"`
	Downloads     bool                `json:"downloads"`
	Status        InspectorLinkStatus `json:"status"`
	ExpiresAt     int64               `json:"expiresAt" doc:"Epoch ms"`
	RevokedAt     int64               `json:"revokedAt,omitempty" doc:"Epoch ms"`
	CreatedAt     int64               `json:"createdAt" doc:"Epoch ms"`
	CreatedBy     string              `json:"createdBy" doc:"Who issued it"`
	Views         int                 `json:"views" doc:"Pages viewed and files downloaded through it"`
	LastSeenAt    int64               `json:"lastSeenAt,omitempty" doc:"Epoch ms of the latest view"`
	// URL is the link itself, answered once, when it is issued (only its hash is kept).
	URL string `json:"url,omitempty"`
}

// InspectorLinkID names one link.
type InspectorLinkID struct {
	ID string `json:"id" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// InspectorActivity is one page view or download through a link.
type InspectorActivity struct {
	At      int64         `json:"at" doc:"Epoch ms"`
	Action  string        `json:"action" enum:"VIEW,DOWNLOAD,SIGN_IN" enumOf:"InspectorActivityAction"`
	Area    InspectorArea `json:"area,omitempty"`
	Page    string        `json:"page" doc:"What was read: a page key (residents, resident, mar, notes, incidents, incident, staff, documents, download)"`
	Subject string        `json:"subject,omitempty" doc:"Whose record or which file, by name"`
}

// InspectorCodeRequest is requestInspectorCode: the token of the link.
type InspectorCodeRequest struct {
	Token string `json:"token" minLength:"1" maxLength:"200" limit:"TokenMax"`
}

// InspectorCodeSent says where the code went.
type InspectorCodeSent struct {
	MaskedEmail        string `json:"maskedEmail"`
	ResendAfterSeconds int    `json:"resendAfterSeconds"`
}

// InspectorSignInRequest is inspectorSignIn: the link's token and the e-mailed code.
type InspectorSignInRequest struct {
	Token string `json:"token" minLength:"1" maxLength:"200" limit:"TokenMax"`
	Code  string `json:"code" minLength:"1" maxLength:"10" limit:"CaptchaCodeMax"`
}

// InspectorRefreshRequest is refreshInspectorToken.
type InspectorRefreshRequest struct {
	RefreshToken string `json:"refreshToken" minLength:"1" maxLength:"200" limit:"TokenMax"`
}

// InspectorSession is the answer of a sign-in or a refresh.
type InspectorSession struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
	TokenExpires int64  `json:"tokenExpires" doc:"Epoch ms when the access token ends"`
}

// InspectorGrant is what the signed-in inspector may read.
type InspectorGrant struct {
	FacilityName  string          `json:"facilityName"`
	InspectorName string          `json:"inspectorName"`
	Areas         []InspectorArea `json:"areas"`
	Downloads     bool            `json:"downloads"`
	ExpiresAt     int64           `json:"expiresAt" doc:"Epoch ms"`
}

// InspectorID names one record the inspector asks for.
type InspectorID struct {
	ID string `query:"id" json:"id" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// InspectorFile is a file the inspector may see listed (and download when allowed).
type InspectorFile struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	What string `json:"what,omitempty" doc:"The file's category or credential"`
}

// InspectorResident is one line of the residents' list.
type InspectorResident struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Room     string `json:"room"`
	Status   string `json:"status"`
	MoveInOn string `json:"moveInOn,omitempty"`
}

// InspectorResidentRecord is a resident's record (area RESIDENTS).
type InspectorResidentRecord struct {
	InspectorResident `tstype:",extends"`
	DOB               string          `json:"dob"`
	Gender            string          `json:"gender"`
	Language          string          `json:"language"`
	Allergies         string          `json:"allergies"`
	DNR               string          `json:"dnr"`
	Diagnoses         string          `json:"diagnoses"`
	Diet              string          `json:"diet"`
	Mobility          string          `json:"mobility"`
	Files             []InspectorFile `json:"files"`
}

// InspectorMedication is one medication order with its MAR (area MARS).
type InspectorMedication struct {
	ID        string             `json:"id"`
	Name      string             `json:"name"`
	Dose      string             `json:"dose"`
	Route     string             `json:"route"`
	Frequency string             `json:"frequency"`
	Physician string             `json:"physician"`
	StartDate string             `json:"startDate"`
	EndDate   string             `json:"endDate,omitempty"`
	Status    string             `json:"status"`
	Passes    []InspectorMARPass `json:"passes"`
}

// InspectorMARPass is one line of a MAR.
type InspectorMARPass struct {
	Day       string `json:"day"`
	Time      string `json:"time"`
	Outcome   string `json:"outcome" doc:"Empty when nothing was recorded"`
	GivenAt   int64  `json:"givenAt,omitempty" doc:"Epoch ms"`
	StaffName string `json:"staffName,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// InspectorMAR is a resident's MAR for the last 30 days.
type InspectorMAR struct {
	Resident    InspectorResident     `json:"resident"`
	From        string                `json:"from"`
	Medications []InspectorMedication `json:"medications"`
}

// InspectorNote is one progress note (area NOTES).
type InspectorNote struct {
	At       int64  `json:"at" doc:"Epoch ms"`
	Type     string `json:"type"`
	Text     string `json:"text"`
	English  string `json:"english,omitempty"`
	Author   string `json:"author,omitempty"`
	Language string `json:"language"`
}

// InspectorNotes is a resident's progress notes, newest first.
type InspectorNotes struct {
	Resident InspectorResident `json:"resident"`
	Notes    []InspectorNote   `json:"notes"`
}

// InspectorIncident is one incident report (area INCIDENTS).
type InspectorIncident struct {
	ID         string            `json:"id"`
	Group      string            `json:"group"`
	Type       string            `json:"type"`
	State      string            `json:"state"`
	Resident   string            `json:"resident,omitempty"`
	OccurredAt int64             `json:"occurredAt,omitempty" doc:"Epoch ms"`
	Details    map[string]string `json:"details,omitempty" doc:"The report's written fields (the detail call only)"`
}

// InspectorStaffMember is one caregiver's file (area STAFF).
type InspectorStaffMember struct {
	ID          string                `json:"id"`
	Name        string                `json:"name"`
	HireDate    string                `json:"hireDate"`
	Credentials []InspectorCredential `json:"credentials"`
}

// InspectorCredential is one credential on a staff file.
type InspectorCredential struct {
	Type       string          `json:"type"`
	Name       string          `json:"name,omitempty"`
	IssueDate  string          `json:"issueDate"`
	ExpiryDate string          `json:"expiryDate,omitempty"`
	Files      []InspectorFile `json:"files"`
}

// InspectorDocument is one facility document version (area FACILITY_DOCS).
type InspectorDocument struct {
	Category   FacilityDocCategory `json:"category"`
	Name       string              `json:"name"`
	Version    int                 `json:"version"`
	ValidFrom  string              `json:"validFrom,omitempty"`
	ExpiresOn  string              `json:"expiresOn,omitempty"`
	UploadedOn string              `json:"uploadedOn"`
	File       InspectorFile       `json:"file"`
}
