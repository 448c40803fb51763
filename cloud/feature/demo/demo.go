// Package demo seeds the demonstration organisations, facilities and people
// that `make run` and the journeys use. Every demo password is DemoPassword.
package demo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hearth/cloud/feature/file"
	"hearth/cloud/feature/iam"
	"hearth/cloud/feature/medication"
	"hearth/cloud/feature/notification"
	"hearth/cloud/feature/taskrule"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// DemoPassword is the password of every demo account.
const DemoPassword = "Demo@2026x"

// Account is one demo sign-in, printed by `make run`.
type Account struct {
	Account, Email, Role, Facilities string
	TwoFactor                        bool
}

// Accounts lists the demo sign-ins.
var Accounts = []Account{
	{"superadmin", "superadmin@hearth.example", "SUPER_ADMIN", "(platform)", false},
	{"owner_evergreen", "owner@evergreen.example", "FACILITY_OWNER", "Maple House AFH, Cedar Home AFH", true},
	{"admin_maple", "admin@maple.example", "FACILITY_ADMIN", "Maple House AFH", true},
	{"caregiver_maple1", "caregiver_maple1@maple.example", "CAREGIVER_STAFF", "Maple House AFH", false},
	{"caregiver_maple2", "caregiver_maple2@maple.example", "CAREGIVER_STAFF", "Maple House AFH", false},
	{"caregiver_cedar1", "caregiver_cedar1@cedar.example", "CAREGIVER_STAFF", "Cedar Home AFH", false},
	{"owner_birch", "owner@birch.example", "FACILITY_OWNER", "Birch Cottage AFH", true},
}

// demoPerson is a demo account and its memberships, by facility key.
type demoPerson struct {
	account, email, phone, name string
	platform                    shared.Role
	roles                       map[string]shared.Role
}

var demoPeople = []demoPerson{
	{"superadmin", "superadmin@hearth.example", "+1 206 555 0100", "Avery Platform", shared.RoleSuperAdmin, nil},
	{"owner_evergreen", "owner@evergreen.example", "+1 360 555 0111", "Elena Martinez", "",
		map[string]shared.Role{"maple": shared.RoleFacilityOwner, "cedar": shared.RoleFacilityOwner}},
	{"admin_maple", "admin@maple.example", "+1 360 555 0122", "Grace Kim", "", map[string]shared.Role{"maple": shared.RoleFacilityAdmin}},
	{"caregiver_maple1", "caregiver_maple1@maple.example", "+1 360 555 0133", "Amina Njoroge", "", map[string]shared.Role{"maple": shared.RoleCaregiverStaff}},
	{"caregiver_maple2", "caregiver_maple2@maple.example", "+1 360 555 0144", "Wei Chen", "", map[string]shared.Role{"maple": shared.RoleCaregiverStaff}},
	{"caregiver_cedar1", "caregiver_cedar1@cedar.example", "+1 253 555 0155", "Maria Santos", "", map[string]shared.Role{"cedar": shared.RoleCaregiverStaff}},
	{"owner_birch", "owner@birch.example", "+1 208 555 0166", "Daniel Okafor", "", map[string]shared.Role{"birch": shared.RoleFacilityOwner}},
}

// demoName is a demo account's display name.
func demoName(account string) string {
	for _, p := range demoPeople {
		if p.account == account {
			return p.name
		}
	}
	return account
}

// seeding is one run of Seed: the transaction, the facilities' and accounts'
// ids by their demo keys, and the moment the data is dated from.
type seeding struct {
	Services
	tx          *db.Tx
	facilities  map[string]string // "maple" → tenant id
	users       map[string]string // account → user id
	residentIDs map[string]string // "maple/Margaret" → resident id (residents.go)
	now         time.Time
}

// ErrAlreadySeeded means the demo data is there already.
var ErrAlreadySeeded = errors.New("demo data already present")

// Services are the features the demo data is written through, and the clock
// it is dated by (the server's injected clock, so tests can move time).
type Services struct {
	People      *iam.Service
	Files       *file.Service
	Medications *medication.Service // the refused doses the disposal demo's clocks read
	Now         func() time.Time
}

// Seed adds the demo data in one transaction; it refuses to run twice.
// Everything is written through the features' own services or their narrow
// InsertDemo functions, never by SQL from this package.
func Seed(ctx context.Context, d *db.DB, s Services) error {
	people := s.People
	if id, err := people.UserIDByAccount(ctx, "superadmin"); err != nil {
		return err
	} else if id != "" {
		return ErrAlreadySeeded
	}
	tenants := tenant.NewStore(d)
	return d.InTx(ctx, func(tx *db.Tx) error {
		evergreen, err := tenants.CreateOrganisation(ctx, tx, "Evergreen Care")
		if err != nil {
			return err
		}
		birchOrg, err := tenants.CreateOrganisation(ctx, tx, "Birch Family Homes")
		if err != nil {
			return err
		}
		facilities := map[string]tenant.Facility{
			"maple": {OrganisationID: evergreen, Name: "Maple House AFH", TimeZone: shared.TimeZonePT, LicenceNumber: "751234",
				Address: "1423 Maple Street NE, Olympia, WA 98506", Status: shared.TenantApproved, Plan: shared.PlanPremium, PackageID: "PREMIUM_PACKAGE"},
			"cedar": {OrganisationID: evergreen, Name: "Cedar Home AFH", TimeZone: shared.TimeZonePT, LicenceNumber: "752468",
				Address: "88 Cedar Lane, Tacoma, WA 98405", Status: shared.TenantApproved, Plan: shared.PlanEssential, PackageID: "ESSENTIAL_PACKAGE"},
			"birch": {OrganisationID: birchOrg, Name: "Birch Cottage AFH", TimeZone: shared.TimeZoneMT, LicenceNumber: "410987",
				Address: "5 Birch Court, Boise, ID 83702", Status: shared.TenantApproved, Plan: shared.PlanFree, PackageID: shared.DefaultPackageID},
		}
		ids := map[string]string{}
		for key, f := range facilities {
			if ids[key], err = tenants.CreateFacility(ctx, tx, f); err != nil {
				return err
			}
		}
		accounts := map[string]string{} // account → user id
		for _, p := range demoPeople {
			id, err := people.CreateUser(ctx, tx, auth.NewUser{Account: p.account, Email: p.email, Phone: p.phone, Name: p.name,
				Password: DemoPassword, PlatformRole: p.platform})
			if err != nil {
				return fmt.Errorf("demo user %s: %w", p.account, err)
			}
			accounts[p.account] = id
			for key, role := range p.roles {
				if err := people.AddMembership(ctx, tx, ids[key], id, role); err != nil {
					return fmt.Errorf("demo membership %s: %w", p.account, err)
				}
			}
		}
		sd := seeding{Services: s, tx: tx, facilities: ids, now: s.Now(), users: accounts}
		if err := sd.staff(ctx); err != nil { // staff profiles and credentials (staff.go)
			return err
		}
		if err := sd.attendance(ctx); err != nil { // kiosk, PINs, punches, requests (attendance.go)
			return err
		}
		if err := sd.rules(ctx, taskrule.New(d, nil, s.Now)); err != nil { // platform task creation rules (rules.go)
			return err
		}
		if err := sd.residents(ctx); err != nil {
			return err
		}
		notes, err := notification.New(notification.Deps{DB: d, Push: notification.Quiet{}, Now: s.Now})
		if err != nil {
			return err
		}
		if err := sd.notifications(ctx, notes); err != nil { // the bell's what's-new note (notifications.go)
			return err
		}
		if err := sd.tasks(ctx); err != nil { // care plans and the day's work on them (tasks.go)
			return err
		}
		if err := sd.shifts(ctx); err != nil { // shift types, two weeks of schedules, shift reports (shifts.go)
			return err
		}
		if err := sd.medications(ctx, d); err != nil { // the eMAR, its month of passes and its disposals (medications.go)
			return err
		}
		if err := sd.incidents(ctx); err != nil { // a completed fall, a report pending review, a draft (incidents.go)
			return err
		}
		if err := sd.careRecords(ctx, d); err != nil { // progress notes, a month of readings, care records (carerecords.go)
			return err
		}
		return sd.chat(ctx) // Maple's channel and two direct chats, one note in Spanish (chat.go)
	})
}
