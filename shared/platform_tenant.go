package shared

// Platform administration of facilities (tenants): sign-up, review, the super
// admin's list and actions (spec 001 §7.3, spec 000 §4 "Tenant audit", §5 bounds).

// Sign-up bounds of spec 000 §5 beyond those of tenant.go.
const (
	ZipCodeMin         = 5
	ZipCodeMax         = 15
	IntroductionMin    = 10
	IntroductionMax    = 500
	RefuseReasonMin    = 5
	RefuseReasonMax    = 300
	SignupAddressLimit = 5 // sign-ups one address may send per hour
)

// TenantState is whether a facility's people may use Hearth: enabled,
// disabled by the super admin, or deleted (soft; restorable).
type TenantState string

const (
	TenantEnabled  TenantState = "ENABLED"
	TenantDisabled TenantState = "DISABLED"
	TenantDeleted  TenantState = "DELETED"
)

// TenantSort is a column the tenant list sorts by.
type TenantSort string

const (
	TenantSortName    TenantSort = "facilityName"
	TenantSortCreated TenantSort = "createTime"
	TenantSortStatus  TenantSort = "status"
	TenantSortPlan    TenantSort = "plan"
)

// RegisterFacilityRequest is POST /api/system/tenant/registerFacility: a new
// owner signs a home up from the sign-in page. The owner's account is made
// unverified; the e-mailed link sets its password. The home waits for review.
type RegisterFacilityRequest struct {
	FacilityName  string   `json:"facilityName" minLength:"2" maxLength:"80" limit:"FacilityNameMin,FacilityNameMax"`
	OwnerName     string   `json:"ownerName" minLength:"2" maxLength:"50" limit:"PersonNameMin,PersonNameMax"`
	Account       string   `json:"account" minLength:"6" maxLength:"20" limit:"AccountMin,AccountMax" pattern:"^[A-Za-z][A-Za-z0-9_]*$" doc:"Letters, digits and underscore; starts with a letter"`
	Email         string   `json:"email" minLength:"5" maxLength:"100" limit:"MailMin,MailMax" format:"email"`
	Phone         string   `json:"phone" minLength:"10" maxLength:"20" limit:"PhoneMin,PhoneMax" pattern:"^[0-9+()\\- ]+$"`
	Address       string   `json:"address" minLength:"10" maxLength:"200" limit:"FacilityAddrMin,FacilityAddrMax"`
	ZipCode       string   `json:"zipCode" minLength:"5" maxLength:"15" limit:"ZipCodeMin,ZipCodeMax"`
	LicenceNumber string   `json:"businessLicense" minLength:"6" maxLength:"10" limit:"LicenceNumberMin,LicenceNumberMax"`
	Introduction  string   `json:"introduction" minLength:"10" maxLength:"500" limit:"IntroductionMin,IntroductionMax"`
	TimeZone      TimeZone `json:"timeZone" enum:"ET,CT,MT,PT,AKT,HAT"`
	Language      Language `json:"language,omitempty" enum:"en-US,es-ES,zh-CN" doc:"The language of the e-mails (default: the request's)"`
	CaptchaID     string   `json:"captchaId" maxLength:"64" limit:"IDMax"`
	CaptchaCode   string   `json:"captchaCode" maxLength:"10" limit:"CaptchaCodeMax"`
}

// RegisterFacilityResult answers a sign-up: the new home, under review.
type RegisterFacilityResult struct {
	TenantID string       `json:"tenantId"`
	Status   TenantStatus `json:"status"`
}

// NewFacilityRequest is POST /api/system/tenant/registerNewFacility: a signed-in
// owner adds another home to their organisation (reviewed like a sign-up).
type NewFacilityRequest struct {
	FacilityName  string   `json:"facilityName" minLength:"2" maxLength:"80" limit:"FacilityNameMin,FacilityNameMax"`
	Address       string   `json:"address" minLength:"10" maxLength:"200" limit:"FacilityAddrMin,FacilityAddrMax"`
	ZipCode       string   `json:"zipCode" minLength:"5" maxLength:"15" limit:"ZipCodeMin,ZipCodeMax"`
	LicenceNumber string   `json:"businessLicense" minLength:"6" maxLength:"10" limit:"LicenceNumberMin,LicenceNumberMax"`
	Introduction  string   `json:"introduction" minLength:"10" maxLength:"500" limit:"IntroductionMin,IntroductionMax"`
	TimeZone      TimeZone `json:"timeZone" enum:"ET,CT,MT,PT,AKT,HAT"`
}

// FacilityLookupQuery is GET /api/system/tenant/getFacilityInfo: is a home with
// this licence and zip code registered already?
type FacilityLookupQuery struct {
	LicenceNumber string `query:"businessLicense" minLength:"6" maxLength:"10" limit:"LicenceNumberMin,LicenceNumberMax"`
	ZipCode       string `query:"zipCode" minLength:"5" maxLength:"15" limit:"ZipCodeMin,ZipCodeMax"`
}

// FacilityLookup answers getFacilityInfo: Registered with the home's name when one is.
type FacilityLookup struct {
	Registered   bool   `json:"registered"`
	FacilityName string `json:"facilityName,omitempty"`
}

// ResubmitQuery is GET /api/system/tenant/getRegistration: the refused sign-up a fix link opens.
type ResubmitQuery struct {
	Token string `query:"token" minLength:"1" maxLength:"200" limit:"TokenMax"`
}

// Registration is a home's sign-up as its owner fixes it.
type Registration struct {
	TenantID      string       `json:"tenantId"`
	FacilityName  string       `json:"facilityName"`
	OwnerName     string       `json:"ownerName"`
	Address       string       `json:"address"`
	ZipCode       string       `json:"zipCode"`
	LicenceNumber string       `json:"businessLicense"`
	Introduction  string       `json:"introduction"`
	TimeZone      TimeZone     `json:"timeZone"`
	Status        TenantStatus `json:"status"`
	RefuseReason  string       `json:"refuseReason"`
}

// ResubmitRequest is POST /api/system/tenant/save: the owner of a refused
// sign-up fixes it and sends it for review again (the token of the fix link
// or of the refused sign-in).
type ResubmitRequest struct {
	Token         string   `json:"token" minLength:"1" maxLength:"200" limit:"TokenMax"`
	FacilityName  string   `json:"facilityName" minLength:"2" maxLength:"80" limit:"FacilityNameMin,FacilityNameMax"`
	Address       string   `json:"address" minLength:"10" maxLength:"200" limit:"FacilityAddrMin,FacilityAddrMax"`
	ZipCode       string   `json:"zipCode" minLength:"5" maxLength:"15" limit:"ZipCodeMin,ZipCodeMax"`
	LicenceNumber string   `json:"businessLicense" minLength:"6" maxLength:"10" limit:"LicenceNumberMin,LicenceNumberMax"`
	Introduction  string   `json:"introduction" minLength:"10" maxLength:"500" limit:"IntroductionMin,IntroductionMax"`
	TimeZone      TimeZone `json:"timeZone" enum:"ET,CT,MT,PT,AKT,HAT"`
}

// RefusedInfo is the data of a refused sign-in (4108): why, and a token that
// opens the sign-up to fix and resubmit it.
type RefusedInfo struct {
	RefuseReason string `json:"refuseReason"`
	FixToken     string `json:"fixToken"`
}

// TenantFilter filters POST /api/system/tenant/listTenantsByPage.
type TenantFilter struct {
	Name          string       `json:"name,omitempty" maxLength:"80" limit:"FacilityNameMax" doc:"Part of the facility's name"`
	LicenceNumber string       `json:"businessLicense,omitempty" maxLength:"10" limit:"LicenceNumberMax" doc:"Start of the licence number"`
	Plan          Plan         `json:"plan,omitempty" enum:"FREE_PLAN,ESSENTIAL_PLAN,PREMIUM_PLAN"`
	Status        TenantStatus `json:"status,omitempty" enum:"draft,submitted,approved,refused" doc:"Review status"`
	State         TenantState  `json:"state,omitempty" enum:"ENABLED,DISABLED,DELETED" doc:"Default: enabled and disabled (not deleted)"`
	SortBy        TenantSort   `json:"sortBy,omitempty" enum:"facilityName,createTime,status,plan" doc:"Default createTime"`
	SortDesc      bool         `json:"sortDesc,omitempty"`
}

// TenantRow is one facility in the super admin's list.
type TenantRow struct {
	TenantID       string       `json:"tenantId"`
	OrganisationID string       `json:"organisationId"`
	FacilityName   string       `json:"facilityName"`
	LicenceNumber  string       `json:"businessLicense"`
	ZipCode        string       `json:"zipCode"`
	Address        string       `json:"address"`
	TimeZone       TimeZone     `json:"timeZone"`
	OwnerName      string       `json:"ownerName"`
	OwnerEmail     string       `json:"ownerEmail"`
	Phone          string       `json:"phone"`
	Introduction   string       `json:"introduction"`
	Status         TenantStatus `json:"status"`
	State          TenantState  `json:"state"`
	Plan           Plan         `json:"plan"`
	PackageID      string       `json:"packageId"`
	RefuseReason   string       `json:"refuseReason"`
	People         int          `json:"people" doc:"Memberships"`
	CreateTime     int64        `json:"createTime" doc:"Epoch ms"`
	UpdateTime     int64        `json:"updateTime" doc:"Epoch ms"`
	DeletedAt      int64        `json:"deletedAt,omitempty" doc:"Epoch ms of the soft delete; absent when not deleted"`
	PurgedAt       int64        `json:"purgedAt,omitempty" doc:"Epoch ms of the purge; absent when not purged (a purged home stays DELETED)"`
}

// TenantIDQuery names one facility (GET /tenant/delete, /tenant/restore, /tenant/getTenantDetail).
type TenantIDQuery struct {
	TenantID string `query:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// PurgeTenantRequest is POST /api/system/tenant/purge: the super admin removes
// a deleted home's rows and files for good, once the records' retention has
// passed (docs/operations.md "Records kept"). ConfirmName must be the home's name exactly.
type PurgeTenantRequest struct {
	TenantID    string `json:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ConfirmName string `json:"confirmName" minLength:"1" maxLength:"80" limit:"FacilityNameMax" doc:"The home's name, typed exactly"`
}

// TenantPurgeDate is GET /api/system/tenant/getPurgeDate: when a deleted home
// may be purged, and the retention periods that date comes from.
type TenantPurgeDate struct {
	TenantID       string `json:"tenantId"`
	DeletedAt      int64  `json:"deletedAt,omitempty" doc:"Epoch ms; absent when the home is not deleted"`
	PurgeFrom      int64  `json:"purgeFrom,omitempty" doc:"Epoch ms (00:00 UTC) from which the purge is allowed; absent when the home is not deleted or already purged"`
	PurgedAt       int64  `json:"purgedAt,omitempty" doc:"Epoch ms of the purge; absent when not purged"`
	Allowed        bool   `json:"allowed" doc:"Deleted, not purged, and PurgeFrom has come"`
	ResidentYears  int    `json:"residentYears" doc:"retention.residentYears: years a resident's records are kept after discharge or death"`
	PersonnelYears int    `json:"personnelYears" doc:"retention.personnelYears: years a personnel file is kept after the employment ends"`
}

// TenantPurgeResult answers a purge: how many rows each table lost and how many stored files were removed.
type TenantPurgeResult struct {
	TenantID     string           `json:"tenantId"`
	FacilityName string           `json:"facilityName"`
	PurgedAt     int64            `json:"purgedAt" doc:"Epoch ms"`
	Rows         map[string]int64 `json:"rows" doc:"Rows removed, by table"`
	Files        int              `json:"files" doc:"Stored files (and their resized copies) removed"`
}

// ChangeTenantStatusRequest is POST /api/system/tenant/changeTenantStatus.
type ChangeTenantStatusRequest struct {
	TenantID string      `json:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Status   TenantState `json:"status" enum:"ENABLED,DISABLED"`
}

// AuditFacilityQuery is GET /api/system/tenant/auditFacility: the super admin
// approves or refuses a submitted home (a refusal carries the reason).
type AuditFacilityQuery struct {
	TenantID string       `query:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Status   TenantStatus `query:"status" enum:"approved,refused"`
	Reason   string       `query:"reason" maxLength:"300" limit:"RefuseReasonMax" doc:"Required (5 characters at least) when refused"`
}

// CreateFacilityAccountRequest is POST /api/system/tenant/createFacilityAccount:
// the super admin makes a home (approved) and its owner, who is e-mailed a link to set a password.
type CreateFacilityAccountRequest struct {
	FacilityName  string   `json:"facilityName" minLength:"2" maxLength:"80" limit:"FacilityNameMin,FacilityNameMax"`
	OwnerName     string   `json:"ownerName" minLength:"2" maxLength:"50" limit:"PersonNameMin,PersonNameMax"`
	Account       string   `json:"account" minLength:"6" maxLength:"20" limit:"AccountMin,AccountMax" pattern:"^[A-Za-z][A-Za-z0-9_]*$" doc:"Letters, digits and underscore; starts with a letter"`
	Email         string   `json:"email" minLength:"5" maxLength:"100" limit:"MailMin,MailMax" format:"email"`
	Phone         string   `json:"phone" minLength:"10" maxLength:"20" limit:"PhoneMin,PhoneMax" pattern:"^[0-9+()\\- ]+$"`
	Address       string   `json:"address" minLength:"10" maxLength:"200" limit:"FacilityAddrMin,FacilityAddrMax"`
	ZipCode       string   `json:"zipCode" minLength:"5" maxLength:"15" limit:"ZipCodeMin,ZipCodeMax"`
	LicenceNumber string   `json:"businessLicense" minLength:"6" maxLength:"10" limit:"LicenceNumberMin,LicenceNumberMax"`
	Introduction  string   `json:"introduction,omitempty" maxLength:"500" limit:"IntroductionMax"`
	TimeZone      TimeZone `json:"timeZone" enum:"ET,CT,MT,PT,AKT,HAT"`
}

// TenantWeek is one week of sign-ups and approvals (tenantDateSummary).
type TenantWeek struct {
	WeekStart  int64 `json:"weekStart" doc:"Epoch ms of the week's Sunday 00:00 UTC"`
	Registered int   `json:"registered"`
	Approved   int   `json:"approved"`
	Refused    int   `json:"refused"`
}

// TenantDetailsSummary counts facilities by review status, plan and state (tenantDetailsSummary).
type TenantDetailsSummary struct {
	Total    int                  `json:"total"`
	ByStatus map[TenantStatus]int `json:"byStatus"`
	ByPlan   map[string]int       `json:"byPlan" doc:"Plan code; NONE for no plan"`
	ByState  map[TenantState]int  `json:"byState"`
}

// Platform administration of people (spec 000 §2 /IAM/user).

// UserSearchMax bounds the user search's text.
const UserSearchMax = 100

// UserFilter filters POST /api/system/user/listUsersByPage (every facility's people).
type UserFilter struct {
	Keyword  string     `json:"keyword,omitempty" maxLength:"100" limit:"UserSearchMax" doc:"Part of the name, account or e-mail"`
	Role     Role       `json:"role,omitempty" enum:"SUPER_ADMIN,FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN,CAREGIVER_STAFF"`
	TenantID string     `json:"tenantId,omitempty" maxLength:"64" limit:"IDMax" doc:"People of this facility"`
	Status   UserStatus `json:"status,omitempty" enum:"enabled,disabled,unverified"`
	Locked   bool       `json:"locked,omitempty" doc:"Only people whose sign-in is locked now"`
}

// UserRow is one person in the super admin's list.
type UserRow struct {
	UserID       string     `json:"userId"`
	Account      string     `json:"account"`
	Name         string     `json:"name"`
	Email        string     `json:"email"`
	Phone        string     `json:"phone"`
	Status       UserStatus `json:"status"`
	PlatformRole Role       `json:"platformRole,omitempty"`
	Facilities   int        `json:"facilities" doc:"Memberships"`
	LockedUntil  int64      `json:"lockedUntil" doc:"Epoch ms; 0 when sign-in is not locked"`
	TempPassword bool       `json:"useTempPassword"`
	CreateTime   int64      `json:"createTime" doc:"Epoch ms"`
}

// UserMembership is a person's place in one facility.
type UserMembership struct {
	TenantID     string     `json:"tenantId"`
	FacilityName string     `json:"facilityName"`
	Role         Role       `json:"role"`
	Status       UserStatus `json:"status"`
}

// UserSignIn is one sign-in (a session family) of a person.
type UserSignIn struct {
	LoginAt      int64  `json:"loginAt" doc:"Epoch ms"`
	FacilityName string `json:"facilityName"`
	IP           string `json:"ip"`
	UserAgent    string `json:"userAgent"`
	Live         bool   `json:"live"`
}

// UserDetail answers GET /api/system/user/getUserDetail.
type UserDetail struct {
	User        UserRow          `json:"user"`
	Memberships []UserMembership `json:"memberships"`
	SignIns     []UserSignIn     `json:"signIns" doc:"The latest 20"`
}

// UserIDRequest names one person (unlock, reset password, sign out everywhere).
type UserIDRequest struct {
	UserID string `json:"userId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ChangeUserStatusRequest is POST /api/system/user/changeUserStatus.
type ChangeUserStatusRequest struct {
	UserID string     `json:"userId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Status UserStatus `json:"status" enum:"enabled,disabled"`
}
