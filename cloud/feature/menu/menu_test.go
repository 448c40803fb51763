package menu_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"hearth/cloud/feature/menu"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
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
		"AdminDashboard", "IAM(Organization,Tenant,User,Role,Menu,AuditLogs)", "SupportTicketManage", "AiConfig",
		"ParamsSetting", "TaskCreationRule",
		"BillingManagement(ChargeRecords,PromotionalCode,SubscriptionPlanManagement,ServicePackage,FunctionApi,FunctionPermission)",
	}
	ownerPremium = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars", "IncidentManagement",
		"StaffManagement", "ShiftManagement", "ShiftReport", "Message", "InspectionStatus", "Pricing(MySubscription,PaymentMethod)"}
	ownerEssential = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars",
		"StaffManagement", "ShiftManagement", "ShiftReport", "Message", "Pricing(MySubscription,PaymentMethod)"}
	ownerFree      = []string{"Dashboard", "HomeOwnerTasks", "ResidentManagement", "StaffManagement", "Pricing(MySubscription,PaymentMethod)"}
	adminPremium   = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars", "IncidentManagement", "StaffManagement", "ShiftManagement", "ShiftReport", "Message", "InspectionStatus"}
	adminEssential = []string{"Dashboard", "Calendar", "HomeOwnerTasks", "ResidentManagement", "Emars", "StaffManagement", "ShiftManagement", "ShiftReport", "Message"}
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
		s := menu.New(d)
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
