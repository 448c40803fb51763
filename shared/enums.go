package shared

import (
	"sync"
	"time"
)

// Role of a user in a facility, or SUPER_ADMIN on the platform (spec 000 §3).
type Role string

const (
	RoleSuperAdmin            Role = "SUPER_ADMIN"
	RoleFacilityOwner         Role = "FACILITY_OWNER"
	RoleFacilityOwnerRegister Role = "FACILITY_OWNER_REGISTER"
	RoleFacilityAdmin         Role = "FACILITY_ADMIN"
	RoleCaregiverStaff        Role = "CAREGIVER_STAFF"
)

// Plan is a facility's subscription plan (spec 000 §3 "Login and session").
type Plan string

const (
	PlanFree      Plan = "FREE_PLAN"
	PlanEssential Plan = "ESSENTIAL_PLAN"
	PlanPremium   Plan = "PREMIUM_PLAN"
)

// DefaultPackageID is the package of a facility with no package given (spec 000 §3).
const DefaultPackageID = "BASE_PACKAGE"

// TimeZone is a facility's zone code (spec 000 §3).
type TimeZone string

const (
	TimeZoneET  TimeZone = "ET"
	TimeZoneCT  TimeZone = "CT"
	TimeZoneMT  TimeZone = "MT"
	TimeZonePT  TimeZone = "PT"
	TimeZoneAKT TimeZone = "AKT"
	TimeZoneHAT TimeZone = "HAT"
)

// IANA maps a zone code to its IANA name (../shared/docs/DOMAIN.md "Vocabulary").
var IANA = map[TimeZone]string{
	TimeZoneET:  "America/New_York",
	TimeZoneCT:  "America/Chicago",
	TimeZoneMT:  "America/Denver",
	TimeZonePT:  "America/Los_Angeles",
	TimeZoneAKT: "America/Anchorage",
	TimeZoneHAT: "Pacific/Honolulu",
}

// locations are the zones' locations, loaded once: time.LoadLocation reads the
// zone database from disk on every call.
var locations = sync.OnceValue(func() map[TimeZone]*time.Location {
	m := make(map[TimeZone]*time.Location, len(IANA))
	for z, name := range IANA {
		if l, err := time.LoadLocation(name); err == nil {
			m[z] = l
		}
	}
	return m
})

// Location is the zone's location; ok is false for an unknown code (or a zone
// database that lacks it), and the caller picks its fallback.
func (z TimeZone) Location() (loc *time.Location, ok bool) {
	loc, ok = locations()[z]
	return loc, ok
}

// TenantStatus is a facility's registration review state (spec 000 §4 "Tenant audit").
type TenantStatus string

const (
	TenantDraft     TenantStatus = "draft"
	TenantSubmitted TenantStatus = "submitted"
	TenantApproved  TenantStatus = "approved"
	TenantRefused   TenantStatus = "refused"
)

// UserStatus is an account's state (spec 000 §3 "Staff").
type UserStatus string

const (
	UserEnabled    UserStatus = "enabled"
	UserDisabled   UserStatus = "disabled"
	UserUnverified UserStatus = "unverified"
)

// Language is an interface language (spec 000 §1).
type Language string

const (
	LangEnUS Language = "en-US"
	LangEsES Language = "es-ES"
	LangZhCN Language = "zh-CN"
)
