package menu_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/menu"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/param"
	"hearth/cloud/server/servertest"
	"hearth/frontend"
	"hearth/shared"
)

// tree renders a menu as "Code" or "Code(Child,Child)" entries, in order.
func tree(items []shared.MenuItem) []string {
	out := []string{}
	for _, it := range items {
		s := it.MenuCode
		if len(it.Children) > 0 {
			var cs []string
			for _, c := range it.Children {
				cs = append(cs, c.MenuCode)
			}
			s += "(" + strings.Join(cs, ",") + ")"
		}
		out = append(out, s)
	}
	return out
}

func menuOf(t *testing.T, c *servertest.Client) []shared.MenuItem {
	t.Helper()
	var items []shared.MenuItem
	c.Get(t, "/api/system/menu/listUserMenuTree?userId="+c.Result.LoginUserInfo.UserID).OK(t).Into(t, &items)
	return items
}

var (
	platformMenu = []string{
		"AdminDashboard", "FailedJobs", "IAM(Organization,Tenant,User,Role,Menu,AuditLogs)", "SupportTicketManage", "AiConfig",
		"ParamsSetting", "FacilityDocRequirements", "TaskCreationRule",
		"BillingManagement(ChargeRecords,PromotionalCode,SubscriptionPlanManagement,ServicePackage,FunctionApi,FunctionPermission)",
	}
	ownerPremium = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars", "IncidentManagement",
		"StaffManagement", "ShiftManagement", "ShiftReport", "Message", "InspectionStatus", "Pricing(MySubscription,PaymentMethod)"}
	ownerEssential = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars",
		"StaffManagement", "ShiftManagement", "ShiftReport", "Message", "InspectionStatus", "Pricing(MySubscription,PaymentMethod)"}
	ownerFree      = []string{"Dashboard", "HomeOwnerTasks", "ResidentManagement", "StaffManagement", "Pricing(MySubscription,PaymentMethod)"}
	adminPremium   = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars", "IncidentManagement", "StaffManagement", "ShiftManagement", "ShiftReport", "Message", "InspectionStatus"}
	adminEssential = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars", "StaffManagement", "ShiftManagement", "ShiftReport", "Message", "InspectionStatus"}
	adminFree      = []string{"Dashboard", "HomeOwnerTasks", "ResidentManagement", "StaffManagement"}
	carerPremium   = []string{"Dashboard", "Calendar", "CaregiverTask", "CaregiverResidents", "Emars", "CaregiverIncident", "ShiftReport", "Message", "YourStatus"}
	carerEssential = []string{"Dashboard", "Calendar", "CaregiverTask", "CaregiverResidents", "Emars", "ShiftReport", "Message", "YourStatus"}
	carerFree      = []string{"Dashboard", "CaregiverTask", "CaregiverResidents"}
)

// Each signed-in person sees the menus of their role, narrowed by their
// facility's plan (spec 000 §6), as the UI receives them.
func TestMenusBySignIn(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		cases := []struct {
			name, account, facility string
			want                    []string
		}{
			{"super admin: platform menus only", "superadmin", "", platformMenu},
			{"owner on Maple (premium)", "owner_evergreen", "Maple House AFH", ownerPremium},
			{"owner on Cedar (essential)", "owner_evergreen", "Cedar Home AFH", ownerEssential},
			{"owner on Birch (free)", "owner_birch", "", ownerFree},
			{"admin on Maple (premium)", "admin_maple", "", adminPremium},
			{"caregiver on Maple (premium)", "caregiver_maple1", "", carerPremium},
			{"caregiver on Cedar (essential)", "caregiver_cedar1", "", carerEssential},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				var cl *servertest.Client
				if c.facility != "" {
					cl = e.SignIn(t, c.account, c.facility)
				} else {
					cl = e.SignIn(t, c.account)
				}
				items := menuOf(t, cl)
				if got := tree(items); !slices.Equal(got, c.want) {
					t.Errorf("menu\n got %v\nwant %v", got, c.want)
				}
				for _, it := range items {
					if it.MenuName == "" || !strings.HasPrefix(it.MenuName, "menu.") || it.Icon == "" {
						t.Errorf("entry %+v", it)
					}
					if it.MenuURL == "" && len(it.Children) == 0 {
						t.Errorf("%s leads nowhere", it.MenuCode)
					}
				}
			})
		}

		t.Run("the super admin sees no facility menu; facility people no platform menu", func(t *testing.T) {
			admin := tree(menuOf(t, e.SignIn(t, "superadmin")))
			if slices.Contains(admin, "Dashboard") {
				t.Errorf("super admin menu has Dashboard: %v", admin)
			}
			carer := tree(menuOf(t, e.SignIn(t, "caregiver_maple1")))
			for _, owner := range []string{"HomeOwnerTasks", "ResidentManagement", "StaffManagement", "IncidentManagement", "Pricing", "AdminDashboard"} {
				if slices.ContainsFunc(carer, func(s string) bool { return strings.HasPrefix(s, owner) }) {
					t.Errorf("caregiver menu has %s", owner)
				}
			}
		})

		t.Run("a facility with no plan has an empty menu", func(t *testing.T) {
			tenants := tenant.NewStore(d)
			birchID := e.FacilityID(t, "Birch Cottage AFH")
			if err := tenants.SetPlan(context.Background(), birchID, "", ""); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = tenants.SetPlan(context.Background(), birchID, shared.PlanFree, shared.DefaultPackageID) })
			c := e.SignIn(t, "owner_birch")
			if c.Result.SubscriptionPlan != "" {
				t.Errorf("plan %q", c.Result.SubscriptionPlan)
			}
			r := c.Get(t, "/api/system/menu/listUserMenuTree").OK(t)
			if string(r.Data) != "[]" {
				t.Errorf("menu %s, want []", r.Data)
			}
		})
	})
}

// Every role × plan, straight from the menu service, on both engines.
func TestMenuTree(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := menu.New(d, param.NewVersions(d), frontend.Pages(), frontend.MenuNameKeys())
		cases := []struct {
			role shared.Role
			plan shared.Plan
			want []string
		}{
			{shared.RoleSuperAdmin, "", platformMenu},
			{shared.RoleSuperAdmin, shared.PlanFree, platformMenu},
			{shared.RoleFacilityOwner, shared.PlanPremium, ownerPremium},
			{shared.RoleFacilityOwner, shared.PlanEssential, ownerEssential},
			{shared.RoleFacilityOwner, shared.PlanFree, ownerFree},
			{shared.RoleFacilityOwner, "", nil},
			{shared.RoleFacilityOwnerRegister, shared.PlanPremium, ownerPremium},
			{shared.RoleFacilityOwnerRegister, shared.PlanFree, ownerFree},
			{shared.RoleFacilityAdmin, shared.PlanPremium, adminPremium},
			{shared.RoleFacilityAdmin, shared.PlanEssential, adminEssential},
			{shared.RoleFacilityAdmin, shared.PlanFree, adminFree},
			{shared.RoleCaregiverStaff, shared.PlanPremium, carerPremium},
			{shared.RoleCaregiverStaff, shared.PlanEssential, carerEssential},
			{shared.RoleCaregiverStaff, shared.PlanFree, carerFree},
			{shared.RoleCaregiverStaff, "", nil},
			{"UNKNOWN_ROLE", shared.PlanPremium, nil},
		}
		for _, c := range cases {
			items, err := s.Tree(context.Background(), &auth.Principal{UserID: "u", TenantID: "t", Roles: []shared.Role{c.role}, Plan: c.plan, SessionID: "s"})
			if err != nil {
				t.Fatal(err)
			}
			if items == nil {
				t.Errorf("%s/%s: nil menu, want an empty list", c.role, c.plan)
			}
			want := c.want
			if want == nil {
				want = []string{}
			}
			if got := tree(items); !slices.Equal(got, want) {
				t.Errorf("%s/%s:\n got %v\nwant %v", c.role, c.plan, got, want)
			}
		}
	})
}

// The super admin edits the tree: a URL the UI has no page for is refused
// with its reason; an added entry shows in the owner's next menu, on this
// server and (PostgreSQL) on another one on the same database; a group with
// children cannot be removed; only the super admin edits; each change is audited.
func TestMenuEditor(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		var editor shared.MenuEditorData
		admin.Get(t, "/api/system/menu/listAll").OK(t).Into(t, &editor)
		if !slices.Contains(editor.Pages, "/emars") || !slices.Contains(editor.NameKeys, "menu.emars") || len(editor.Rows) < 30 {
			t.Fatalf("editor data: %d rows, pages %v", len(editor.Rows), editor.Pages)
		}
		entry := shared.MenuRow{Code: "MedPassShortcut", NameKey: "menu.emars", URL: "/no-such-page", Icon: "pill", Sort: 99,
			Roles: []shared.Role{shared.RoleFacilityOwner}}
		r := admin.Post(t, "/api/system/menu/add", entry).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(r.Message, "/no-such-page") {
			t.Fatalf("refusal does not name the URL: %s", r.Message)
		}
		bad := entry
		bad.URL, bad.NameKey = "/emars", "menu.nothing"
		admin.Post(t, "/api/system/menu/add", bad).Is(t, http.StatusOK, shared.CodeValidation)
		bad.NameKey, bad.ParentCode = "menu.emars", "Emars-nope"
		admin.Post(t, "/api/system/menu/add", bad).Is(t, http.StatusOK, shared.CodeValidation)
		owner.Post(t, "/api/system/menu/add", shared.MenuRow{Code: "X", NameKey: "menu.emars", URL: "/emars", Icon: "pill",
			Roles: []shared.Role{shared.RoleFacilityOwner}}).Is(t, http.StatusOK, shared.CodeForbidden)

		var other *servertest.Env
		var ownerThere *servertest.Client
		if d.Engine == db.Postgres {
			other = servertest.Start(t, d, servertest.Options{NoDemo: true})
			ownerThere = other.SignIn(t, "owner_evergreen", "Maple House AFH")
			menuOf(t, ownerThere) // its trees are kept before the change
		}
		menuOf(t, owner)
		entry.URL = "/emars"
		admin.Post(t, "/api/system/menu/add", entry).OK(t)
		if got := tree(menuOf(t, owner)); !slices.Contains(got, "MedPassShortcut") {
			t.Fatalf("owner's menu after the add: %v", got)
		}
		if other != nil {
			deadline := time.Now().Add(5 * param.VersionTTL)
			for !slices.Contains(tree(menuOf(t, ownerThere)), "MedPassShortcut") {
				if time.Now().After(deadline) {
					t.Fatal("the other server never showed the new entry")
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		entry.Roles = []shared.Role{shared.RoleCaregiverStaff}
		admin.Post(t, "/api/system/menu/update", entry).OK(t)
		if got := tree(menuOf(t, owner)); slices.Contains(got, "MedPassShortcut") {
			t.Fatalf("owner still sees the entry given to caregivers: %v", got)
		}
		admin.Post(t, "/api/system/menu/delete", shared.MenuCodeRequest{Code: "IAM"}).Is(t, http.StatusOK, shared.CodeConflict)
		admin.Post(t, "/api/system/menu/delete", shared.MenuCodeRequest{Code: "NoSuchMenu"}).Is(t, http.StatusOK, shared.CodeNotFound)
		admin.Post(t, "/api/system/menu/delete", shared.MenuCodeRequest{Code: "MedPassShortcut"}).OK(t)
		var audited int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE entity = 'menu' AND entity_id = 'MedPassShortcut'`).Scan(&audited); err != nil || audited != 3 {
			t.Fatalf("audit rows %d %v", audited, err)
		}
	})
}
