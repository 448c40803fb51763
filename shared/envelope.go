package shared

// Envelope wraps every API answer: {code, message, data}. Code "0000" is success.
type Envelope[T any] struct {
	Code    string `json:"code" doc:"0000 on success; see the error catalogue in docs/api.md"`
	Message string `json:"message" doc:"Human message in the caller's language"`
	Data    T      `json:"data"`
}

// Code is a business answer code carried in the envelope.
type Code = string

// Success and the spec's own codes (spec 001 §8).
const (
	CodeOK                 Code = "0000"
	CodeUnauthorized       Code = "4001" // token missing, invalid or expired (HTTP 401)
	CodeNoSubscription     Code = "7001"
	CodeMaxResidents       Code = "7002"
	CodeFunctionMissing    Code = "7003"
	CodeTimeLimit          Code = "7004"
	CodeMaxCaregivers      Code = "7005"
	CodeMaxShiftReports    Code = "7006"
	CodeMaxIncidentReports Code = "7007"
	CodeMaxUploadFiles     Code = "7008"
	CodeTotalUploadSize    Code = "7009"
	CodeSingleFileSize     Code = "7010"
	CodeUsageCount         Code = "7011"
)

// Hearth's own codes for failures the spec leaves unnumbered (docs/api.md).
const (
	CodeBadRequest       Code = "4000" // body or query could not be read
	CodeSessionRevoked   Code = "4002" // signed out elsewhere, disabled, or refresh reuse (HTTP 410)
	CodeForbidden        Code = "4003" // role does not allow this call
	CodeNotFound         Code = "4004" // no such record in the caller's facility
	CodeBadSignature     Code = "4005" // Sign header wrong or t outside the ±5 minute window
	CodeConflict         Code = "4009" // duplicate or state conflict
	CodeValidation       Code = "4022" // a field broke a rule; data lists each field and rule
	CodeRateLimited      Code = "4029" // too many attempts; data.retryAfterSeconds
	CodeLoginFailed      Code = "4101" // wrong account or password
	CodeCaptchaRequired  Code = "4102" // captcha missing or wrong; data.captchaRequired
	CodeVerifyCodeWrong  Code = "4103" // e-mailed code wrong; data.attemptsLeft
	CodeVerifyCodeExpire Code = "4104" // e-mailed code expired, used, or out of tries
	CodeResendTooSoon    Code = "4105" // a code was sent less than 60 s ago; data.retryAfterSeconds
	CodeAccountDisabled  Code = "4106" // the account or membership is disabled
	CodePendingApproval  Code = "4107" // the facility is under review (pending-approval dialog)
	CodeFacilityRefused  Code = "4108" // the facility's registration was refused
	CodeWrongPassword    Code = "4110" // original password wrong when changing it
	CodeTokenInvalid     Code = "4111" // e-mailed link expired or already used
	CodePasswordChange   Code = "4112" // a temporary password must be changed first
	CodeInternal         Code = "5000" // unexpected failure; details are in the server log
	CodeUnavailable      Code = "5003" // the database is not answering (restarting, failing over): nothing saved, try again (HTTP 503, data.retryAfterSeconds)
	CodeStorageFull      Code = "5007" // the server's disk is full: nothing saved; reading still works (HTTP 507)
)

// UnavailableRetrySeconds is the retryAfterSeconds of a CodeUnavailable answer.
const UnavailableRetrySeconds = 5

// FieldError names one field that broke one rule. Data of a CodeValidation answer is []FieldError.
type FieldError struct {
	Field   string `json:"field"`
	Rule    string `json:"rule" doc:"required, minLength, maxLength, pattern, enum, format, minimum, maximum, type, password"`
	Message string `json:"message"`
}

// RetryInfo is the data of rate-limit, resend and captcha answers.
type RetryInfo struct {
	RetryAfterSeconds int  `json:"retryAfterSeconds,omitempty"`
	CaptchaRequired   bool `json:"captchaRequired,omitempty"`
	AttemptsLeft      int  `json:"attemptsLeft,omitempty"`
}

// ServerTimeHeader carries the server's clock on every API answer (epoch ms as the request arrived): the UI
// reads "now" from it rather than from the device's own clock.
const ServerTimeHeader = "X-Server-Time"
