package svcpkg_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/feature/svcpkg"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	sys       = "/api/system"
	caregiver = "/api/care/caregiver/save"
	residents = "/api/care/resident/createResident"
)

func pkg(t *testing.T, admin *servertest.Client, id string) shared.ServicePackage {
	t.Helper()
	var p shared.ServicePackage
	admin.Get(t, sys+"/servicePackage/get?id="+id).OK(t).Into(t, &p)
	return p
}

func save(t *testing.T, admin *servertest.Client, p shared.ServicePackage) shared.ServicePackage {
	t.Helper()
	var out shared.ServicePackage
	admin.Post(t, sys+"/servicePackage/save", p).OK(t).Into(t, &out)
	return out
}

func newCaregiver(n int) shared.SaveCaregiverRequest {
	return shared.SaveCaregiverRequest{Account: fmt.Sprintf("maple_new%d", n), Name: "Lena Petrova", Email: fmt.Sprintf("new%d@maple.example", n),
		Phone: fmt.Sprintf("+1 360 555 01%02d", n), HireDate: "2026-01-05", BirthDate: "1991-08-19"}
}

func newResident(n int) shared.SaveResidentRequest {
	return shared.SaveResidentRequest{FirstName: "Ann", LastName: fmt.Sprintf("Number%c", 'A'+n), DOB: "1945-06-01", Gender: shared.GenderFemale,
		Room: fmt.Sprint(n), Language: shared.LanguageEnglish, DNR: shared.DNRUnknown}
}

// The seeded packages are the ones the homes name, with the limits the
// configuration gave by default; the super admin lists, adds and edits them
// within bounds; nobody else reads or changes them.
func TestServicePackages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		var list []shared.ServicePackage
		admin.Get(t, sys+"/servicePackage/list").OK(t).Into(t, &list)
		if len(list) != 3 || list[0].ID != shared.DefaultPackageID || list[0].Role != shared.PlanFree || list[0].PriceCents != 0 ||
			list[0].Limits.MaxResidents != 2 || list[0].Homes < 1 || list[1].ID != "ESSENTIAL_PACKAGE" || list[1].Limits.MaxResidents != 8 ||
			list[2].ID != "PREMIUM_PACKAGE" || list[2].Limits.MaxResidents != 0 || list[2].Limits.MaxFileMB != 20 {
			t.Fatalf("seeded packages: %+v", list)
		}

		gold := save(t, admin, shared.ServicePackage{Name: " Gold ", Role: shared.PlanPremium, PriceCents: 19900, ValidityPeriod: 1,
			ValidityUnit: shared.ValidityYear, Currency: "USD", Status: shared.PackageEnabled, Description: "A year of everything", Limits: shared.PackageLimits{MaxResidents: 20, MaxCaregivers: 15}})
		if gold.ID == "" || gold.Name != "Gold" || gold.Currency != "USD" || gold.Status != shared.PackageEnabled || gold.Limits.MaxCaregivers != 15 || gold.Homes != 0 {
			t.Fatalf("added: %+v", gold)
		}
		gold.Limits.MaxCaregivers = 0
		if got := save(t, admin, gold); got.Limits.MaxCaregivers != 0 || got.Limits.MaxResidents != 20 {
			t.Fatalf("edited: %+v", got)
		}
		// Refused: a taken name, bounds.
		dup := gold
		dup.ID = ""
		admin.Post(t, sys+"/servicePackage/save", dup).Is(t, http.StatusOK, shared.CodeValidation)
		for name, bad := range map[string]func(*shared.ServicePackage){
			"short name":    func(p *shared.ServicePackage) { p.Name = "G" },
			"long name":     func(p *shared.ServicePackage) { p.Name = strings.Repeat("g", 51) },
			"price":         func(p *shared.ServicePackage) { p.PriceCents = shared.PackagePriceMax + 1 },
			"negative":      func(p *shared.ServicePackage) { p.PriceCents = -1 },
			"limit":         func(p *shared.ServicePackage) { p.Limits.MaxResidents = shared.PackageLimitMax + 1 },
			"role":          func(p *shared.ServicePackage) { p.Role = "GOLD_PLAN" },
			"validity unit": func(p *shared.ServicePackage) { p.ValidityUnit = "week" },
		} {
			p := gold
			bad(&p)
			if r := admin.Post(t, sys+"/servicePackage/save", p); r.Code == string(shared.CodeOK) {
				t.Errorf("%s accepted", name)
			}
		}
		// Owners, admins and caregivers of a home are refused every call.
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "owner_birch"), e.SignIn(t, "caregiver_maple1")} {
			c.Get(t, sys+"/servicePackage/list").Is(t, http.StatusOK, shared.CodeForbidden)
			c.Get(t, sys+"/servicePackage/get?id=PREMIUM_PACKAGE").Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, sys+"/servicePackage/save", gold).Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, sys+"/servicePackage/assign", shared.AssignPackageRequest{TenantID: e.FacilityID(t, "Birch Cottage AFH"), PackageID: gold.ID}).
				Is(t, http.StatusOK, shared.CodeForbidden)
		}
		if got := pkg(t, admin, gold.ID); got.Limits.MaxResidents != 20 {
			t.Fatalf("changed by a refused call: %+v", got)
		}
	})
}

// 7005: a home at its package's caregiver limit cannot add a caregiver; under
// it, it can; raised on the package, the next call has room; an admin is not
// a caregiver; 0 is unlimited; another home on another package is unaffected.
func TestCaregiverLimit(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		var have int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM caregivers c JOIN memberships m ON m.tenant_id = c.tenant_id AND m.user_id = c.user_id
			WHERE c.tenant_id = ? AND c.deleted_at IS NULL AND m.role = 'CAREGIVER_STAFF'`, e.FacilityID(t, "Maple House AFH")).Scan(&have); err != nil {
			t.Fatal(err)
		}
		premium := pkg(t, admin, "PREMIUM_PACKAGE")
		premium.Limits.MaxCaregivers = have + 1
		premium = save(t, admin, premium)

		owner.Post(t, caregiver, newCaregiver(1)).OK(t) // under the limit
		r := owner.Post(t, caregiver, newCaregiver(2)).Is(t, http.StatusOK, shared.CodeMaxCaregivers)
		if !strings.Contains(r.Message, fmt.Sprint(have+1)) || !strings.Contains(r.Message, "caregivers") {
			t.Errorf("7005 message: %q", r.Message)
		}
		es := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		es.Language = "es-ES"
		if r := es.Post(t, caregiver, newCaregiver(2)).Is(t, http.StatusOK, shared.CodeMaxCaregivers); !strings.Contains(r.Message, "cuidadores") {
			t.Errorf("7005 in Spanish: %q", r.Message)
		}
		// A facility admin is not a caregiver; made one by a role change, she takes a caregiver's place: refused at the limit.
		adminReq := newCaregiver(3)
		adminReq.RoleType = shared.RoleFacilityAdmin
		var made shared.Caregiver
		owner.Post(t, caregiver, adminReq).OK(t).Into(t, &made)
		demote := "/api/care/caregiver/changeRoleType?caregiverId=" + made.CaregiverID + "&roleType=" + string(shared.RoleCaregiverStaff)
		owner.Get(t, demote).Is(t, http.StatusOK, shared.CodeMaxCaregivers)
		var still shared.Caregiver
		owner.Get(t, "/api/care/caregiver/getCaregiverById?caregiverId="+made.CaregiverID).OK(t).Into(t, &still)
		if still.RoleType != shared.RoleFacilityAdmin {
			t.Errorf("a refused role change changed the role: %s", still.RoleType)
		}
		// Another home (Cedar, essential) is not held to the premium package.
		e.SignIn(t, "owner_evergreen", "Cedar Home AFH").Post(t, caregiver, shared.SaveCaregiverRequest{Account: "cedar_new1", Name: "Ola Berg",
			Email: "ola@cedar.example", Phone: "+1 253 555 0177", HireDate: "2026-01-05", BirthDate: "1990-01-01"}).OK(t)

		premium.Limits.MaxCaregivers = have + 2
		save(t, admin, premium)
		owner.Post(t, caregiver, newCaregiver(2)).OK(t)
		owner.Post(t, caregiver, newCaregiver(4)).Is(t, http.StatusOK, shared.CodeMaxCaregivers)
		premium.Limits.MaxCaregivers = 0 // unlimited
		save(t, admin, premium)
		owner.Post(t, caregiver, newCaregiver(4)).OK(t)
		owner.Get(t, demote).OK(t) // with room, the admin becomes a caregiver
	})
}

// 7002 comes from the package: the free package's 2 residents; raised on the
// package, the next call has room; a home put on another package is held to
// that one's; a home with no package answers 7001.
func TestResidentLimitAndNoPackage(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		birchID := e.FacilityID(t, "Birch Cottage AFH")
		birch.Post(t, residents, newResident(1)).OK(t)
		birch.Post(t, residents, newResident(2)).OK(t)
		birch.Post(t, residents, newResident(3)).Is(t, http.StatusOK, shared.CodeMaxResidents)

		free := pkg(t, admin, shared.DefaultPackageID)
		free.Limits.MaxResidents = 3
		save(t, admin, free)
		birch.Post(t, residents, newResident(3)).OK(t)
		birch.Post(t, residents, newResident(4)).Is(t, http.StatusOK, shared.CodeMaxResidents)

		// Another free package with room for five: Birch is put on it.
		roomy := save(t, admin, shared.ServicePackage{Name: "Free plus", Role: shared.PlanFree, ValidityUnit: shared.ValidityMonth,
			Currency: "USD", Status: shared.PackageEnabled, Limits: shared.PackageLimits{MaxResidents: 5}})
		admin.Post(t, sys+"/servicePackage/assign", shared.AssignPackageRequest{TenantID: birchID, PackageID: roomy.ID}).OK(t)
		birch.Post(t, residents, newResident(4)).OK(t)
		if got := pkg(t, admin, roomy.ID); got.Homes != 1 {
			t.Errorf("homes on the new package: %d", got.Homes)
		}
		// A disabled package is given to nobody; an unknown home or package is refused.
		roomy.Status = shared.PackageDisabled
		save(t, admin, roomy)
		admin.Post(t, sys+"/servicePackage/assign", shared.AssignPackageRequest{TenantID: birchID, PackageID: roomy.ID}).Is(t, http.StatusOK, shared.CodeValidation)
		admin.Post(t, sys+"/servicePackage/assign", shared.AssignPackageRequest{TenantID: "nope", PackageID: free.ID}).Is(t, http.StatusOK, shared.CodeValidation)
		admin.Post(t, sys+"/servicePackage/assign", shared.AssignPackageRequest{TenantID: birchID, PackageID: "nope"}).Is(t, http.StatusOK, shared.CodeValidation)

		// No package: 7001 on the limited writes, while Maple is unaffected.
		if err := tenant.NewStore(d).SetPlan(t.Context(), birchID, shared.PlanFree, ""); err != nil {
			t.Fatal(err)
		}
		birch.Post(t, residents, newResident(5)).Is(t, http.StatusOK, shared.CodeNoSubscription)
		birch.Post(t, caregiver, shared.SaveCaregiverRequest{Account: "birch_new1", Name: "Sam Ortiz", Email: "sam@birch.example",
			Phone: "+1 208 555 0170", HireDate: "2026-01-05", BirthDate: "1988-09-09"}).Is(t, http.StatusOK, shared.CodeNoSubscription)
		e.SignIn(t, "owner_evergreen", "Maple House AFH").Post(t, residents, newResident(6)).OK(t)
	})
}

// A change of a package's role moves its homes' plan with it.
func TestRoleChangeMovesHomes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		essential := pkg(t, admin, "ESSENTIAL_PACKAGE")
		essential.Role = shared.PlanPremium
		save(t, admin, essential)
		var plan string
		if err := d.QueryRowContext(t.Context(), `SELECT subscription_plan FROM tenants WHERE id = ?`, e.FacilityID(t, "Cedar Home AFH")).Scan(&plan); err != nil {
			t.Fatal(err)
		}
		if plan != string(shared.PlanPremium) {
			t.Fatalf("Cedar's plan: %s", plan)
		}
	})
}

// HEARTH_PLAN_MAX_* seed the default package of each plan they name, until
// the super admin saves that package: then they are never read again.
func TestSeedDefaults(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		essential := pkg(t, admin, "ESSENTIAL_PACKAGE")
		essential.Limits.MaxResidents = 7
		save(t, admin, essential)
		seed := svcpkg.Seed{Residents: map[shared.Plan]int{shared.PlanFree: 4, shared.PlanEssential: 20},
			IncidentReports: map[shared.Plan]int{shared.PlanPremium: 200}}
		if err := e.Server.Packages.SeedDefaults(t.Context(), seed); err != nil {
			t.Fatal(err)
		}
		if got := pkg(t, admin, shared.DefaultPackageID).Limits; got.MaxResidents != 4 || got.MaxIncidentReports != 0 {
			t.Errorf("free, never saved: %+v", got)
		}
		if got := pkg(t, admin, "ESSENTIAL_PACKAGE").Limits; got.MaxResidents != 7 {
			t.Errorf("essential, saved by the super admin: %+v", got)
		}
		if got := pkg(t, admin, "PREMIUM_PACKAGE").Limits; got.MaxIncidentReports != 200 || got.MaxResidents != 0 {
			t.Errorf("premium: %+v", got)
		}
	})
}
