package shared

// Platform administration (issue 30): run-time parameters, the audit log,
// the menu editor, function APIs and function permissions.

// ParamKind is how a parameter's value is written.
type ParamKind string

const (
	ParamInt  ParamKind = "INT"  // a whole number between Min and Max
	ParamBool ParamKind = "BOOL" // "true" or "false"
	ParamText ParamKind = "TEXT" // text of Min to Max characters
)

// ParamValueMax bounds a parameter's value as sent.
const ParamValueMax = 200

// Param is one run-time parameter (GET /api/system/params/list).
type Param struct {
	Key          string    `json:"key"`
	Group        string    `json:"group"`
	Kind         ParamKind `json:"kind"`
	Value        string    `json:"value" doc:"The value in force (the default when none is set)"`
	DefaultValue string    `json:"defaultValue"`
	Min          int64     `json:"min" doc:"INT: the least value; TEXT: the fewest characters"`
	Max          int64     `json:"max" doc:"INT: the greatest value; TEXT: the most characters"`
	Unit         string    `json:"unit" doc:"An i18n key naming the unit (minutes, days...), or empty"`
	Description  string    `json:"description" doc:"In the caller's language"`
	Roles        []Role    `json:"roles" doc:"Who may change it"`
	IsDefault    bool      `json:"isDefault"`
	UpdatedBy    string    `json:"updatedBy"`
	UpdateTime   int64     `json:"updateTime" doc:"Epoch ms; 0 when never changed"`
}

// UpdateParamRequest is POST /api/system/params/update.
type UpdateParamRequest struct {
	Key   string `json:"key" minLength:"1" maxLength:"100" limit:"TitleMax"`
	Value string `json:"value" maxLength:"200" limit:"ParamValueMax"`
}

// ParamKeyRequest is POST /api/system/params/reset: back to the default.
type ParamKeyRequest struct {
	Key string `json:"key" minLength:"1" maxLength:"100" limit:"TitleMax"`
}

// PublicParams is GET /api/system/params/public (no sign-in): what the sign-in page shows.
type PublicParams struct {
	HelpPhone string `json:"helpPhone" doc:"Customer service's phone, shown with the pending-approval dialog"`
}

// AuditLogFilter narrows /IAM/audit-logs. Times are epoch ms, From inclusive, To exclusive.
type AuditLogFilter struct {
	TenantID string `json:"tenantId,omitempty" maxLength:"64" limit:"IDMax"`
	UserID   string `json:"userId,omitempty" maxLength:"64" limit:"IDMax"`
	Action   string `json:"action,omitempty" maxLength:"100" limit:"TitleMax"`
	Entity   string `json:"entity,omitempty" maxLength:"100" limit:"TitleMax"`
	EntityID string `json:"entityId,omitempty" maxLength:"64" limit:"IDMax"`
	From     int64  `json:"from,omitempty" format:"date-ms" minimum:"0"`
	To       int64  `json:"to,omitempty" format:"date-ms" minimum:"0"`
}

// AuditLogPageRequest is POST /api/system/auditLog/list: a page of rows, newest
// first, after the cursor of the previous page (keyset paging: as fast at row
// 1,000,000 as at row 1).
type AuditLogPageRequest struct {
	Size   int            `json:"size" enum:"5,10,20,50,100" enumOf:"PageSize" default:"20"`
	After  string         `json:"after,omitempty" maxLength:"100" limit:"TitleMax" doc:"The previous page's next; empty for the first page"`
	Filter AuditLogFilter `json:"filter"`
}

// AuditLogPage is one page of audit rows; Next is empty on the last page.
type AuditLogPage struct {
	Records []AuditLogEntry `json:"records"`
	Next    string          `json:"next"`
}

// AuditLogEntry is one row of the audit log. Before and After are the JSON the
// change wrote (empty when none).
type AuditLogEntry struct {
	ID           string `json:"id"`
	TenantID     string `json:"tenantId"`
	FacilityName string `json:"facilityName"`
	ActorID      string `json:"actorId"`
	ActorName    string `json:"actorName"`
	Action       string `json:"action"`
	Entity       string `json:"entity"`
	EntityID     string `json:"entityId"`
	Before       string `json:"before"`
	After        string `json:"after"`
	CreateTime   int64  `json:"createTime"`
}

// AuditLogIDQuery names one audit row.
type AuditLogIDQuery struct {
	ID string `query:"id" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// AuditLogExportQuery is GET /api/system/auditLog/export: the filter as query parameters.
type AuditLogExportQuery struct {
	TenantID string `query:"tenantId" maxLength:"64" limit:"IDMax"`
	UserID   string `query:"userId" maxLength:"64" limit:"IDMax"`
	Action   string `query:"action" maxLength:"100" limit:"TitleMax"`
	Entity   string `query:"entity" maxLength:"100" limit:"TitleMax"`
	EntityID string `query:"entityId" maxLength:"64" limit:"IDMax"`
	From     int64  `query:"from" format:"date-ms" minimum:"0"`
	To       int64  `query:"to" format:"date-ms" minimum:"0"`
}

// MenuURLMax bounds a menu entry's URL; MenuCodeMax its code and name key.
const (
	MenuURLMax   = 100
	MenuCodeMax  = 50
	MenuSortMax  = 100000
	MenuRolesMax = 5 // the five roles of enums.go

	FunctionNameMin       = 2
	FunctionLimitCountMax = 1000000000
)

// MenuRow is one editable entry of the menu tree (/IAM/menu).
type MenuRow struct {
	Code       string `json:"code" minLength:"1" maxLength:"50" limit:"MenuCodeMax" pattern:"^[A-Za-z][A-Za-z0-9]*$"`
	ParentCode string `json:"parentCode" maxLength:"50" limit:"MenuCodeMax" doc:"Empty for a top-level entry"`
	NameKey    string `json:"nameKey" minLength:"1" maxLength:"50" limit:"MenuCodeMax" doc:"The UI's i18n key of the entry's name (menu.*)"`
	URL        string `json:"url" maxLength:"100" limit:"MenuURLMax" doc:"A page the UI has, or empty for a group"`
	Icon       string `json:"icon" minLength:"1" maxLength:"50" limit:"MenuCodeMax"`
	Sort       int    `json:"sort" minimum:"0" maximum:"100000" limit:"MenuSortMax"`
	Roles      []Role `json:"roles" minItems:"1" maxItems:"5" limit:"MenuRolesMax"`
	Function   string `json:"function" doc:"The plan function that shows it: the top-level entry's code (spec 000 §6)"`
}

// MenuCodeRequest names one menu entry.
type MenuCodeRequest struct {
	Code string `json:"code" minLength:"1" maxLength:"50" limit:"MenuCodeMax"`
}

// MenuEditorData is GET /api/system/menu/listAll: every entry and what may be chosen.
type MenuEditorData struct {
	Rows     []MenuRow `json:"rows"`
	Pages    []string  `json:"pages" doc:"The URLs the UI has pages for"`
	NameKeys []string  `json:"nameKeys" doc:"The menu name keys the UI has (menu.*)"`
}

// Function permission types and states (spec 000 §3 "Function permission").
type FunctionPermissionType string

const (
	PermissionDisabled     FunctionPermissionType = "DISABLED"
	PermissionTimeLimited  FunctionPermissionType = "TIME_LIMITED"
	PermissionUsageLimited FunctionPermissionType = "USAGE_LIMITED"
)

// FunctionKind is what a function API does (spec 000 §3 "Function API").
type FunctionKind string

const (
	FunctionAdd    FunctionKind = "add"
	FunctionDelete FunctionKind = "delete"
	FunctionUpdate FunctionKind = "update"
	FunctionQuery  FunctionKind = "query"
	FunctionOther  FunctionKind = "other"
)

// FunctionTypes of a function API, in the order the pages list them.
var FunctionTypes = []string{string(FunctionAdd), string(FunctionDelete), string(FunctionUpdate), string(FunctionQuery), string(FunctionOther)}

// FunctionPermissionStatus switches a function permission on or off.
type FunctionPermissionStatus string

const (
	FunctionPermissionEnabled  FunctionPermissionStatus = "ENABLED"
	FunctionPermissionDisabled FunctionPermissionStatus = "DISABLED"
)

// FunctionAPI is one row of /function-api-management: a call whose use a
// package can switch off, time-limit or count. APIPath is the route's path
// under /api (e.g. /care/incident/save).
type FunctionAPI struct {
	FunctionID   string `json:"functionId"`
	FunctionName string `json:"functionName" minLength:"2" maxLength:"100" limit:"FunctionNameMin,TitleMax"`
	APIPath      string `json:"apiPath" minLength:"2" maxLength:"100" limit:"FunctionNameMin,TitleMax"`
	BusinessType string `json:"businessType" maxLength:"50" limit:"ShortTextMax"`
	FunctionType string `json:"functionType" enum:"add,delete,update,query,other" enumOf:"FunctionKind"`
	Description  string `json:"description" maxLength:"300" limit:"SubDetailsMax"`
	CreateTime   int64  `json:"createTime"`
}

// FunctionIDRequest names one function API.
type FunctionIDRequest struct {
	FunctionID string `json:"functionId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// FunctionPermission is one package's rule for one function API
// (/function-permission-management). A package is a plan code (FREE_PLAN,
// ESSENTIAL_PLAN, PREMIUM_PLAN) until the billing issue adds packages.
// LimitTime is epoch ms (TIME_LIMITED: usable until then); LimitCount is the
// calls a facility may make per calendar month, UTC (USAGE_LIMITED).
type FunctionPermission struct {
	ID             string                 `json:"id"`
	FunctionID     string                 `json:"functionId" minLength:"1" maxLength:"64" limit:"IDMax"`
	FunctionName   string                 `json:"functionName"`
	APIPath        string                 `json:"apiPath"`
	PackageID      string                 `json:"packageId" enum:"FREE_PLAN,ESSENTIAL_PLAN,PREMIUM_PLAN" enumOf:"Plan"`
	PermissionType FunctionPermissionType `json:"permissionType" enum:"DISABLED,TIME_LIMITED,USAGE_LIMITED"`
	LimitCount     int64                  `json:"limitCount" minimum:"0" maximum:"1000000000" limit:"FunctionLimitCountMax"`
	LimitTime      int64                  `json:"limitTime" format:"date-ms" minimum:"0"`
	Status         string                 `json:"status" enum:"ENABLED,DISABLED" enumOf:"FunctionPermissionStatus"`
	UpdateTime     int64                  `json:"updateTime" format:"date-ms" doc:"Set by the server"`
}

// FunctionPermissionIDRequest names one function permission.
type FunctionPermissionIDRequest struct {
	ID string `json:"id" minLength:"1" maxLength:"64" limit:"IDMax"`
}
