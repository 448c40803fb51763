package shared

// Service packages (spec 000 §3 "Service package", "Global limits"; §2
// /service-package-management; issue 31 "Packages and limits"). A home's
// package (tenants.package_id) decides its limits: 7002 residents, 7005
// caregivers, 7006 shift reports and 7007 incident reports a month, 7008–7010
// files; a home with no package answers 7001. Spec 001 §9: a price of 0 is
// free, a validity of 0 is permanent, a limit of 0 is unlimited; USD.

// Bounds of a package (spec 000 §5 gives none: a person's name's 2–50 for its
// name, a price up to one million dollars, limits up to 100,000).
const (
	PackageNameMin     = 2
	PackageNameMax     = 50
	PackagePriceMax    = 100_000_000 // cents: 1,000,000 USD
	PackageValidityMax = 1000        // days, months or years
	PackageLimitMax    = 100_000
)

// ValidityUnit is the unit of a package's validity period.
type ValidityUnit string

const (
	ValidityDay   ValidityUnit = "day"
	ValidityMonth ValidityUnit = "month"
	ValidityYear  ValidityUnit = "year"
)

// PackageStatus: an ENABLED package can be given to a home; a DISABLED one
// is kept by the homes that have it.
type PackageStatus string

const (
	PackageEnabled  PackageStatus = "ENABLED"
	PackageDisabled PackageStatus = "DISABLED"
)

// PackageLimits are a package's global limits (spec 000 §3 "Global limits");
// 0 means unlimited. File sizes are in MB (1024 × 1024 bytes).
type PackageLimits struct {
	MaxResidents          int `json:"maxResidents" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"Active residents (7002); 0 = unlimited"`
	MaxCaregivers         int `json:"maxCaregivers" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"Caregivers employed (7005); 0 = unlimited"`
	MaxIncidentReports    int `json:"maxIncidentReports" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"Incident reports a calendar month of the home (7007); 0 = unlimited"`
	MaxShiftReports       int `json:"maxShiftReports" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"Shift reports a calendar month of the home (7006); 0 = unlimited"`
	ExtraResidentQuantity int `json:"extraResidentQuantity" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"Extra residents a subscription may buy beyond maxResidents; 0 = unlimited"`
	MaxUploadFiles        int `json:"maxUploadFiles" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"Files in one upload (7008); 0 = unlimited"`
	MaxFileMB             int `json:"maxFileMb" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"One file, MB (7010); 0 = unlimited"`
	MaxTotalFileMB        int `json:"maxTotalFileMb" minimum:"0" maximum:"100000" limit:"PackageLimitMax" doc:"All of a home's files, MB (7009); 0 = unlimited"`
}

// ServicePackage is one row of /service-package-management. Its function
// permissions are those of its role at /function-permission-management.
type ServicePackage struct {
	ID             string        `json:"id" maxLength:"64" limit:"IDMax" doc:"Empty to add a package"`
	Name           string        `json:"name" minLength:"2" maxLength:"50" limit:"PackageNameMin,PackageNameMax"`
	Role           Plan          `json:"role" enum:"FREE_PLAN,ESSENTIAL_PLAN,PREMIUM_PLAN" doc:"The plan the package gives: its menus and function permissions"`
	PriceCents     int64         `json:"priceCents" minimum:"0" maximum:"100000000" limit:"PackagePriceMax" doc:"USD cents; 0 = free"`
	ValidityPeriod int           `json:"validityPeriod" minimum:"0" maximum:"1000" limit:"PackageValidityMax" doc:"0 = permanent"`
	ValidityUnit   ValidityUnit  `json:"validityUnit" enum:"day,month,year"`
	Currency       string        `json:"currency" enum:"USD" enumOf:"PackageCurrency"`
	Description    string        `json:"description" maxLength:"300" limit:"SubDetailsMax"`
	Status         PackageStatus `json:"status" enum:"ENABLED,DISABLED"`
	Limits         PackageLimits `json:"limits"`
	Homes          int           `json:"homes" doc:"Homes on the package; set by the server"`
	UpdateTime     int64         `json:"updateTime" doc:"Epoch ms; set by the server"`
}

// PackageCurrency is the currency of a package's price.
type PackageCurrency string

// CurrencyUSD is the only currency (spec 001 §9).
const CurrencyUSD PackageCurrency = "USD"

// AssignPackageRequest is POST /api/system/servicePackage/assign: the super
// admin puts a home on a package (its plan becomes the package's role).
type AssignPackageRequest struct {
	TenantID  string `json:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
	PackageID string `json:"packageId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ServicePackageIDQuery names one package.
type ServicePackageIDQuery struct {
	ID string `query:"id" minLength:"1" maxLength:"64" limit:"IDMax"`
}
