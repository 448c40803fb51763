package shared

// Organisations: an owner's group of homes (spec 000 §1 super admin, §2
// /IAM/organization). The super admin lists, creates and renames them and
// moves a home from one to another; an organisation left with no home stays.

// OrganisationPeopleMax is how many people an organisation's detail lists (peopleTotal counts them all).
const OrganisationPeopleMax = 500

// OrganisationFilter filters POST /api/system/organization/listByPage.
type OrganisationFilter struct {
	Name string `json:"name,omitempty" maxLength:"80" limit:"FacilityNameMax" doc:"Part of the organisation's name"`
}

// OrganisationRow is one organisation in the super admin's list.
type OrganisationRow struct {
	OrganisationID string `json:"organisationId"`
	Name           string `json:"name"`
	Homes          int    `json:"homes" doc:"Homes not deleted"`
	People         int    `json:"people" doc:"Distinct people with a membership in those homes"`
	CreateTime     int64  `json:"createTime" doc:"Epoch ms"`
}

// OrganisationIDQuery names one organisation (GET /organization/detail).
type OrganisationIDQuery struct {
	OrganisationID string `query:"organisationId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// OrganisationHome is one home of an organisation.
type OrganisationHome struct {
	TenantID     string       `json:"tenantId"`
	FacilityName string       `json:"facilityName"`
	Status       TenantStatus `json:"status" doc:"Review status"`
	State        TenantState  `json:"state"`
	Plan         Plan         `json:"plan" doc:"Empty: no plan"`
	People       int          `json:"people" doc:"Memberships"`
}

// OrganisationPerson is one membership in a home of an organisation (a person
// in two homes is listed twice).
type OrganisationPerson struct {
	UserID       string `json:"userId"`
	Name         string `json:"name"`
	Account      string `json:"account"`
	Role         Role   `json:"role"`
	TenantID     string `json:"tenantId"`
	FacilityName string `json:"facilityName"`
	Status       string `json:"status" doc:"The membership's status: enabled or disabled"`
}

// OrganisationDetail is GET /api/system/organization/detail.
type OrganisationDetail struct {
	OrganisationRow `tstype:",extends"`
	HomeList        []OrganisationHome   `json:"homeList" doc:"Every home, deleted ones too (state DELETED)"`
	PeopleList      []OrganisationPerson `json:"peopleList" doc:"By name, at most OrganisationPeopleMax"`
	PeopleTotal     int                  `json:"peopleTotal" doc:"Memberships in all; more than peopleList holds when it is cut"`
}

// CreateOrganisationRequest is POST /api/system/organization/create.
type CreateOrganisationRequest struct {
	Name string `json:"name" minLength:"2" maxLength:"80" limit:"FacilityNameMin,FacilityNameMax" doc:"Trimmed; no control characters"`
}

// RenameOrganisationRequest is POST /api/system/organization/rename.
type RenameOrganisationRequest struct {
	OrganisationID string `json:"organisationId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Name           string `json:"name" minLength:"2" maxLength:"80" limit:"FacilityNameMin,FacilityNameMax" doc:"Trimmed; no control characters"`
}

// MoveHomeRequest is POST /api/system/organization/moveHome: the home goes to another organisation.
type MoveHomeRequest struct {
	TenantID       string `json:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
	OrganisationID string `json:"organisationId" minLength:"1" maxLength:"64" limit:"IDMax" doc:"The organisation it moves to"`
}

// DeleteOrganisationRequest is POST /api/system/organization/delete: an
// organisation with no home (deleted and purged homes count: their rows still
// name it) is removed; one with homes is refused (4009 organisation.hasHomes).
type DeleteOrganisationRequest struct {
	OrganisationID string `json:"organisationId" minLength:"1" maxLength:"64" limit:"IDMax"`
}
