package shared

import (
	"strings"
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
	// RoleInspector is a state inspector signed in through an owner's
	// inspector link (issue 32): read-only, one home, the areas the link
	// shares, until the link ends. Only routes that name it admit it.
	RoleInspector Role = "INSPECTOR"
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

// PickLanguage chooses the interface language from an Accept-Language value
// (or a locale such as LANG=es_ES.UTF-8): the first tag we speak, else English.
// The cloud's messages and the desktop shell's both use it.
func PickLanguage(acceptLanguage string) Language {
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "es"):
			return LangEsES
		case strings.HasPrefix(tag, "zh"):
			return LangZhCN
		case strings.HasPrefix(tag, "en"):
			return LangEnUS
		}
	}
	return LangEnUS
}
