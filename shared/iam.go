package shared

// Password and account bounds (spec 001 §9 "Field bounds", spec 000 §5).
const (
	PasswordMinLength = 8  // the stricter of the spec's two readings (6–30 and "at least 8")
	PasswordMaxLength = 30 //
	PasswordSymbols   = "@#$%^&+="
	// EncodedPasswordMax bounds the AES/base64 form of a password of at most 30 characters.
	EncodedPasswordMax = 256
	VerifyCodeLength   = 6
)

// LoginRequest is POST /api/system/user/login. Password is AES-128-ECB/PKCS#7/base64 with the configured key.
type LoginRequest struct {
	Account     string `json:"account" minLength:"1" maxLength:"100" limit:"SignInAccountMax" doc:"Account name or e-mail"`
	Password    string `json:"password" minLength:"1" maxLength:"256" limit:"EncodedPasswordMax" doc:"Encoded password"`
	TenantID    string `json:"tenantId,omitempty" maxLength:"64" limit:"IDMax" doc:"Chosen facility when the account has several"`
	CaptchaID   string `json:"captchaId,omitempty" maxLength:"64" limit:"IDMax"`
	CaptchaCode string `json:"captchaCode,omitempty" maxLength:"10" limit:"CaptchaCodeMax"`
}

// LoginTenant is one facility the account may sign in to.
type LoginTenant struct {
	TenantID     string `json:"tenantId"`
	Account      string `json:"account"`
	FacilityName string `json:"facilityName"`
}

// LoginUserInfo describes the signed-in user in a login answer.
type LoginUserInfo struct {
	UserID     string `json:"userId,omitempty"`
	Roles      string `json:"roles" doc:"Comma-separated roles"`
	TimeZoneID string `json:"timeZoneId,omitempty"`
	TenantID   string `json:"tenantId,omitempty"`
	UserName   string `json:"userName,omitempty"`
	Email      string `json:"email,omitempty"`
}

// LoginResult is the answer of login, twoFactorAuthentication and refreshToken (spec 001 §7.2).
// Exactly one of three things happens: tokens are issued; loginTenantList asks for a facility;
// or twoFactorAuthentication asks for the e-mailed code (challengeId ties the code to this sign-in).
type LoginResult struct {
	Token                   string         `json:"token,omitempty"`
	RefreshToken            string         `json:"refreshToken,omitempty"`
	RefreshTokenExpireTime  int64          `json:"refreshTokenExpireTime,omitempty" doc:"Epoch ms"`
	LoginUserInfo           *LoginUserInfo `json:"loginUserInfo,omitempty"`
	SubscriptionPlan        Plan           `json:"subscriptionPlan,omitempty"`
	LoginTenantList         []LoginTenant  `json:"loginTenantList,omitempty"`
	TwoFactorAuthentication bool           `json:"twoFactorAuthentication"`
	SendEmailVerifyCode     bool           `json:"sendEmailVerifyCode"`
	ChallengeID             string         `json:"challengeId,omitempty"`
	MaskedEmail             string         `json:"maskedEmail,omitempty" doc:"Where the code was sent, e.g. o***@example.com"`
	ResendAfterSeconds      int            `json:"resendAfterSeconds,omitempty" doc:"With the code step: the wait before another code may be asked for (the parameter signIn.codeResendSeconds)"`
}

// SendVerifyCodeRequest is POST /api/system/user/sendVerifyCode: resend the e-mailed code.
type SendVerifyCodeRequest struct {
	Account             string `json:"account" minLength:"1" maxLength:"100" limit:"SignInAccountMax"`
	TwoFactorMethod     string `json:"twoFactorMethod,omitempty" enum:"EMAIL" enumOf:"TwoFactorMethod"`
	SendEmailVerifyCode bool   `json:"sendEmailVerifyCode,omitempty"`
	TenantID            string `json:"tenantId,omitempty" maxLength:"64" limit:"IDMax"`
	ChallengeID         string `json:"challengeId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// TwoFactorRequest is POST /api/system/user/twoFactorAuthentication.
type TwoFactorRequest struct {
	Account     string `json:"account" minLength:"1" maxLength:"100" limit:"SignInAccountMax"`
	VerifyCode  string `json:"verifyCode" pattern:"^[0-9]{6}$" doc:"Six digits"`
	TenantID    string `json:"tenantId,omitempty" maxLength:"64" limit:"IDMax"`
	ChallengeID string `json:"challengeId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// SendCodeResult answers a resend.
type SendCodeResult struct {
	ResendAfterSeconds int    `json:"resendAfterSeconds"`
	MaskedEmail        string `json:"maskedEmail"`
}

// RefreshRequest is POST /api/system/user/refreshToken.
type RefreshRequest struct {
	RefreshToken string `json:"refreshToken" minLength:"1" maxLength:"200" limit:"TokenMax"`
}

// LogoutRequest is POST /api/system/user/logout.
type LogoutRequest struct {
	RefreshToken string `json:"refreshToken,omitempty" maxLength:"200" limit:"TokenMax"`
}

// CaptchaResult is GET /api/system/user/getCaptcha.
type CaptchaResult struct {
	CaptchaID string `json:"captchaId"`
	Image     string `json:"image" doc:"data:image/png;base64,..."`
}

// UpdatePasswordRequest is POST /api/system/user/updatePassword; both passwords are encoded like login.
type UpdatePasswordRequest struct {
	UserID           string `json:"userId,omitempty" maxLength:"64" limit:"IDMax" doc:"The signed-in user's own id, or empty; anyone else's is refused (4003)"`
	OriginalPassword string `json:"originalPassword" minLength:"1" maxLength:"256" limit:"EncodedPasswordMax"`
	Password         string `json:"password" minLength:"1" maxLength:"256" limit:"EncodedPasswordMax"`
}

// UserIDQuery carries ?userId=.
type UserIDQuery struct {
	UserID string `query:"userId" maxLength:"64" limit:"IDMax"`
}

// RetrievePasswordRequest is POST /api/system/user/sendRetrievePasswordEmailDTO and /user/resendVerifyEmail.
type RetrievePasswordRequest struct {
	Account string `json:"account" minLength:"1" maxLength:"100" limit:"SignInAccountMax" doc:"Account name or e-mail"`
}

// EmailTokenVerifyRequest is POST /api/system/user/emailTokenVerify. Without a password it only checks the link;
// with one (encoded like login) it sets the password and, for an invited user, verifies the account.
type EmailTokenVerifyRequest struct {
	Token    string `json:"token" minLength:"1" maxLength:"200" limit:"TokenMax"`
	Password string `json:"password,omitempty" maxLength:"256" limit:"EncodedPasswordMax"`
}

// TwoFactorMethod is how a second-step code reaches the person.
type TwoFactorMethod string

// TwoFactorEmail: the code is e-mailed (the only method so far).
const TwoFactorEmail TwoFactorMethod = "EMAIL"

// EmailTokenPurpose is what an e-mailed link is for.
type EmailTokenPurpose string

const (
	EmailTokenReset  EmailTokenPurpose = "reset"  // forgotten password
	EmailTokenVerify EmailTokenPurpose = "verify" // a new account sets its first password
)

// EmailTokenResult answers emailTokenVerify.
type EmailTokenResult struct {
	Valid   bool   `json:"valid"`
	Account string `json:"account"`
	Purpose string `json:"purpose" enum:"reset,verify" enumOf:"EmailTokenPurpose"`
	Done    bool   `json:"done" doc:"True when the password was set"`
}

// CheckAccountRequest is POST /api/system/user/checkAccount (false = free).
// A facility's owner or admin is told about the people of their facility (the
// super admin about everyone); anyone else, such as someone registering a
// facility, solves a picture code for each question. Each address and caller
// may ask a limited number of times (docs/api.md, Limits).
type CheckAccountRequest struct {
	Account     string `json:"account" minLength:"6" maxLength:"20" limit:"AccountMin,AccountMax" pattern:"^[A-Za-z][A-Za-z0-9_]*$" doc:"Letters, digits and underscore; starts with a letter"`
	UserID      string `json:"userId,omitempty" maxLength:"64" limit:"IDMax" doc:"Managers only: the account being edited, whose own name counts as free"`
	CaptchaID   string `json:"captchaId,omitempty" maxLength:"64" limit:"IDMax" doc:"Without a manager's sign-in: from GET /user/getCaptcha"`
	CaptchaCode string `json:"captchaCode,omitempty" maxLength:"10" limit:"CaptchaCodeMax"`
}

// CheckEmailRequest is POST /api/system/user/checkEmail (false = free, within
// the caller's facility), for a facility's owner or admin and the super admin only.
type CheckEmailRequest struct {
	Email  string `json:"email" minLength:"5" maxLength:"100" limit:"MailMin,MailMax" format:"email"`
	UserID string `json:"userId,omitempty" maxLength:"64" limit:"IDMax"`
}

// CheckPhoneRequest is POST /api/system/user/checkPhone (false = free, within
// the caller's facility), for a facility's owner or admin and the super admin only.
type CheckPhoneRequest struct {
	Phone  string `json:"phone" minLength:"10" maxLength:"20" limit:"PhoneMin,PhoneMax" pattern:"^[0-9+()\\- ]+$"`
	UserID string `json:"userId,omitempty" maxLength:"64" limit:"IDMax"`
}

// UserInfo is GET /api/system/user/getUserInfo.
type UserInfo struct {
	UserID                 string   `json:"userId"`
	UserName               string   `json:"userName"`
	Account                string   `json:"account"`
	Email                  string   `json:"email"`
	Avatar                 string   `json:"avatar"`
	FacilityName           string   `json:"facilityName"`
	TenantID               string   `json:"tenantId"`
	TimeZone               TimeZone `json:"timeZone"`
	LoginTime              int64    `json:"loginTime" doc:"Epoch ms"`
	UseTempPassword        bool     `json:"useTempPassword"`
	NextUpdatePasswordTime int64    `json:"nextUpdatePasswordTime" doc:"Epoch ms"`
	Roles                  []Role   `json:"roles"`
	SubscriptionPlan       Plan     `json:"subscriptionPlan"`
	PackageID              string   `json:"packageId"`
}

// MenuItem is one node of GET /api/system/menu/listUserMenuTree. MenuName is an i18n key.
type MenuItem struct {
	MenuCode string     `json:"menuCode"`
	MenuName string     `json:"menuName"`
	MenuURL  string     `json:"menuUrl"`
	Icon     string     `json:"icon"`
	Children []MenuItem `json:"children"`
}

// OutboxMail is one message of GET /api/system/dev/outbox (development only).
type OutboxMail struct {
	ID       string `json:"id"`
	To       string `json:"to"`
	Subject  string `json:"subject"`
	Body     string `json:"body"`
	SentTime int64  `json:"sentTime"`
}

// OutboxQuery filters the development outbox.
type OutboxQuery struct {
	To string `query:"to" maxLength:"100" limit:"MailMax"`
}

// DevCaptchaQuery is GET /api/system/dev/captcha (development only).
type DevCaptchaQuery struct {
	CaptchaID string `query:"captchaId" json:"captchaId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// DevCaptcha is a picture code's answer on a development server.
type DevCaptcha struct {
	Answer string `json:"answer"`
}

// PublicConfig is GET /api/system/config/public (no auth): what the UI needs before sign-in.
type PublicConfig struct {
	LoginAESKey string `json:"loginAesKey" doc:"Key for the spec's password encoding (obfuscation; TLS protects the password)"`
	Version     string `json:"version"`
	Dev         bool   `json:"dev" doc:"True when the server runs with HEARTH_DEV=1 (demo accounts, dev outbox)"`
}

// PasswordTimeResult answers extendNextUpdatePasswordTime.
type PasswordTimeResult struct {
	NextUpdatePasswordTime int64 `json:"nextUpdatePasswordTime" doc:"Epoch ms"`
}

// Menu function codes: the menu codes that also name plan functions (spec 000 §6).
const (
	FnDashboard          = "Dashboard"
	FnCaregiverTask      = "CaregiverTask"
	FnHomeOwnerTasks     = "HomeOwnerTasks"
	FnCaregiverResidents = "CaregiverResidents"
	FnResidentManagement = "ResidentManagement"
	FnStaffManagement    = "StaffManagement"
	FnPricing            = "Pricing"
	FnIncidentManagement = "IncidentManagement"
	FnInspectionStatus   = "InspectionStatus"
	FnCaregiverIncident  = "CaregiverIncident"
	FnEmars              = "Emars" // the eMAR: med passes, orders, history, disposal
)

// MyFacility is one facility the signed-in user can work in (GET /user/listMyFacilities).
type MyFacility struct {
	TenantID     string `json:"tenantId"`
	FacilityName string `json:"facilityName"`
	Role         Role   `json:"role"`
	Current      bool   `json:"current" doc:"The facility this sign-in is working in"`
}

// SwitchFacilityRequest is POST /user/switchFacility: continue this sign-in in another of the user's facilities.
type SwitchFacilityRequest struct {
	TenantID string `json:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
}
