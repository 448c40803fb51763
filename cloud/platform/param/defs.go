package param

import (
	"strconv"

	"hearth/shared"
)

// Def is one parameter: its key, how its value is written, its bounds, its
// default and who may change it. Its description is the message
// "param.<key>" in messages/ (three languages).
type Def struct {
	Key     string
	Group   string
	Kind    shared.ParamKind
	Min     int64 // INT: least value; TEXT: fewest characters
	Max     int64 // INT: greatest value; TEXT: most characters
	Default string
	Unit    string // "minutes", "seconds", "days", "years", "mb", "count" or ""
	Roles   []shared.Role
}

// IntKey, BoolKey and TextKey name a parameter of one kind; features read
// them through Params.Int, Bool and Text.
type (
	IntKey  struct{ def *Def }
	BoolKey struct{ def *Def }
	TextKey struct{ def *Def }
)

// Key is the parameter's key.
func (k IntKey) Key() string { return k.def.Key }

// Key is the parameter's key.
func (k BoolKey) Key() string { return k.def.Key }

// Key is the parameter's key.
func (k TextKey) Key() string { return k.def.Key }

// Default is the parameter's default value.
func (k IntKey) Default() int64 { n, _ := strconv.ParseInt(k.def.Default, 10, 64); return n }

// defs are every parameter, in the order /params-setting lists them.
var defs []*Def

func define(d Def) *Def {
	if d.Roles == nil {
		d.Roles = shared.SuperAdmins
	}
	p := &d
	defs = append(defs, p)
	return p
}

func defineInt(group, key, unit string, lo, hi, def int64) IntKey {
	return IntKey{define(Def{Key: key, Group: group, Kind: shared.ParamInt, Min: lo, Max: hi, Default: strconv.FormatInt(def, 10), Unit: unit})}
}

func defineText(group, key string, lo, hi int64, def string) TextKey {
	return TextKey{define(Def{Key: key, Group: group, Kind: shared.ParamText, Min: lo, Max: hi, Default: def})}
}

// Lookup is the definition of key.
func Lookup(key string) (*Def, bool) {
	for _, d := range defs {
		if d.Key == key {
			return d, true
		}
	}
	return nil, false
}

// The parameters. Defaults are the values the product had in code or
// environment before they became parameters. Only tunables a feature reads
// through Params are listed: a parameter nobody reads would mislead the
// operator who changes it.
var (
	// LockAfterFailures wrong passwords of one account within 15 minutes
	// lock its sign-in for LockMinutes (the captcha is asked from the 3rd).
	LockAfterFailures = defineInt("signIn", "signIn.lockAfterFailures", "count", 3, 50, 10)
	// LockMinutes is how long a lock by wrong passwords or wrong e-mailed codes lasts.
	LockMinutes = defineInt("signIn", "signIn.lockMinutes", "minutes", 1, 1440, 15)
	// CodeValidMinutes is how long an e-mailed sign-in code works (spec 001 §9: 10 minutes).
	CodeValidMinutes = defineInt("signIn", "signIn.codeValidMinutes", "minutes", 1, 60, 10)
	// CodeResendSeconds is the wait before another code (or e-mailed link)
	// may be sent (spec 001 §9: 60 seconds).
	CodeResendSeconds = defineInt("signIn", "signIn.codeResendSeconds", "seconds", 30, 600, 60)
	// PasswordMaxAgeDays is when a password-change prompt comes after a
	// password is set, and how far closing it moves it (spec 001 §9: 90 days).
	PasswordMaxAgeDays = defineInt("password", "password.maxAgeDays", "days", 7, 365, 90)
	// ChatRecallSeconds is how long a sender may recall a chat message; its
	// default is HEARTH_CHAT_RECALL_SECONDS (shared.ChatRecallSeconds unset).
	ChatRecallSeconds = defineInt("chat", "chat.recallSeconds", "seconds", 10, 86400, shared.ChatRecallSeconds)
	// PrintMaxRecords bounds the records one printed report holds; the
	// operator may lower spec 001 §9's 1000, never raise it.
	PrintMaxRecords = defineInt("report", "report.printMaxRecords", "count", 1, shared.PrintMaxRecords, shared.PrintMaxRecords)
	// HelpPhone is customer service's phone, shown on the sign-in page's
	// pending-approval dialog (spec 001 §8); empty shows none.
	HelpPhone = defineText("support", "support.helpPhone", 0, shared.PhoneMax, "")
	// ResidentYears is how long a resident's records are kept after the
	// resident leaves the home or dies, before a deleted home may be purged.
	// Source: WAC 388-76-10315(1)(f), "kept for three years after the resident
	// leaves the home or death of the resident"; the minimum is that legal floor.
	ResidentYears = defineInt("retention", "retention.residentYears", "years", 3, 50, 3)
	// PersonnelYears is how long a staff member's personnel file is kept after
	// the employment ends (employment plus 2 years, ../shared/docs/DOMAIN.md
	// "records"); the minimum is that legal floor.
	PersonnelYears = defineInt("retention", "retention.personnelYears", "years", 2, 50, 2)
	// FacilityDocsExpiringSoonDays is how many days before a facility
	// document's expiry its checklist item turns EXPIRING_SOON (issue 32: 30 days).
	FacilityDocsExpiringSoonDays = defineInt("facilityDocs", "facilityDocs.expiringSoonDays", "days", 1, 365, shared.FacilityDocExpiringSoonDays)
	// BillingGraceDays is how long a home whose renewal was not paid keeps
	// its plan before its limited writes answer 7001 (issue 31).
	BillingGraceDays = defineInt("billing", "billing.graceDays", "days", 0, 60, 7)
	// BillingExtraResidentCents is the price of one extra resident for one
	// package period, in US cents (issue 31: package price × period + extra residents).
	BillingExtraResidentCents = defineInt("billing", "billing.extraResidentCents", "", 0, 10_000_000, 1500)
)

// Scheduled backups (issue 35, cloud/platform/backup): how often `hearth
// serve` takes one, at what hour of the server's local time the first of each
// day's runs falls, and the retention ladder (the newest archive of each of the
// last KeepDaily days, KeepWeekly weeks and KeepMonthly months is kept, the
// others deleted). BackupEveryHours 0 takes none on a schedule.
var (
	BackupEveryHours  = defineInt("backup", "backup.everyHours", "hours", 0, 168, 24)
	BackupHour        = defineInt("backup", "backup.hour", "", 0, 23, 2)
	BackupKeepDaily   = defineInt("backup", "backup.keepDaily", "count", 1, 60, 7)
	BackupKeepWeekly  = defineInt("backup", "backup.keepWeekly", "count", 0, 52, 4)
	BackupKeepMonthly = defineInt("backup", "backup.keepMonthly", "count", 0, 120, 12)
)

// Two-factor sign-in per role (issue 30): whether a person signing in with a
// role is asked for the e-mailed code after the password. Defaults come from
// HEARTH_2FA_ROLES (config.TwoFactorRoles: owners, registering owners and
// admins unless set), so a deployment keeps its setting until the super admin
// changes one here. A person's own two-factor setting, when set, still rules.
var (
	TwoFactorSuperAdmin    = defineBool("signIn", "signIn.twoFactor.SUPER_ADMIN", false)
	TwoFactorOwner         = defineBool("signIn", "signIn.twoFactor.FACILITY_OWNER", true)
	TwoFactorOwnerRegister = defineBool("signIn", "signIn.twoFactor.FACILITY_OWNER_REGISTER", true)
	TwoFactorAdmin         = defineBool("signIn", "signIn.twoFactor.FACILITY_ADMIN", true)
	TwoFactorCaregiver     = defineBool("signIn", "signIn.twoFactor.CAREGIVER_STAFF", false)
)

func defineBool(group, key string, def bool) BoolKey {
	return BoolKey{define(Def{Key: key, Group: group, Kind: shared.ParamBool, Default: strconv.FormatBool(def)})}
}

// TwoFactor is the parameter that says whether role signs in with the e-mailed
// code; false for a role that has none.
func TwoFactor(role shared.Role) (BoolKey, bool) {
	k, ok := map[shared.Role]BoolKey{
		shared.RoleSuperAdmin:            TwoFactorSuperAdmin,
		shared.RoleFacilityOwner:         TwoFactorOwner,
		shared.RoleFacilityOwnerRegister: TwoFactorOwnerRegister,
		shared.RoleFacilityAdmin:         TwoFactorAdmin,
		shared.RoleCaregiverStaff:        TwoFactorCaregiver,
	}[role]
	return k, ok
}

// TwoFactorDefaults are the two-factor parameters' defaults for a server whose
// HEARTH_2FA_ROLES lists roles: true for a role listed, false for the others.
func TwoFactorDefaults(roles []shared.Role) Defaults {
	out := Defaults{}
	for _, role := range []shared.Role{shared.RoleSuperAdmin, shared.RoleFacilityOwner, shared.RoleFacilityOwnerRegister,
		shared.RoleFacilityAdmin, shared.RoleCaregiverStaff} {
		k, _ := TwoFactor(role)
		on := false
		for _, r := range roles {
			on = on || r == role
		}
		out[k.Key()] = strconv.FormatBool(on)
	}
	return out
}
