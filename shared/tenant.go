package shared

// Facility details an owner keeps (spec 000 §2 "Layout": facility settings, owner only;
// spec 000 §5 lengths: facility name 2–80, facility address 10–200, business licence 6–10).
const (
	FacilityNameMin  = 2
	FacilityNameMax  = 80
	FacilityAddrMin  = 10
	FacilityAddrMax  = 200
	LicenceNumberMin = 6
	LicenceNumberMax = 10
)

// FacilityInfo answers GET /api/system/tenant/getMyFacility: the signed-in user's facility.
type FacilityInfo struct {
	TenantID      string   `json:"tenantId"`
	FacilityName  string   `json:"facilityName"`
	Address       string   `json:"address"`
	TimeZone      TimeZone `json:"timeZone"`
	LicenceNumber string   `json:"licenceNumber"`
	UpdateTime    int64    `json:"updateTime" doc:"Epoch ms"`
}

// UpdateFacilityRequest is POST /api/system/tenant/updateTenant: the owner's own facility (the token's).
type UpdateFacilityRequest struct {
	FacilityName  string   `json:"facilityName" minLength:"2" maxLength:"80" limit:"FacilityNameMin,FacilityNameMax"`
	Address       string   `json:"address" minLength:"10" maxLength:"200" limit:"FacilityAddrMin,FacilityAddrMax"`
	TimeZone      TimeZone `json:"timeZone" enum:"ET,CT,MT,PT,AKT,HAT"`
	LicenceNumber string   `json:"licenceNumber" minLength:"6" maxLength:"10" limit:"LicenceNumberMin,LicenceNumberMax"`
}
