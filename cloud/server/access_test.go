package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/web"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Who may call what: each route's roles and plan function, enforced in one place.
func TestRoleAndPlanAccess(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		// Two routes shaped like the feature routes to come: one for owners and
		// admins on the premium-only incident function, one for any role.
		web.Handle(e.Server.API, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/test/incidentProbe", Summary: "test route",
			Access: web.SignedIn, Roles: []shared.Role{shared.RoleFacilityOwner, shared.RoleFacilityAdmin}, Function: shared.FnIncidentManagement},
			func(ctx context.Context, _ *web.None) (string, error) { return auth.From(ctx).TenantID, nil })
		web.Handle(e.Server.API, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/test/dashboardProbe", Summary: "test route",
			Access: web.SignedIn, Function: shared.FnDashboard},
			func(ctx context.Context, _ *web.None) (string, error) { return auth.From(ctx).TenantID, nil })
		const incident, dashboard = "/api/care/test/incidentProbe", "/api/care/test/dashboardProbe"

		superadmin := e.SignIn(t, "superadmin")
		ownerMaple := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ownerCedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		ownerBirch := e.SignIn(t, "owner_birch")
		adminMaple := e.SignIn(t, "admin_maple")
		carerMaple := e.SignIn(t, "caregiver_maple1")
		carerCedar := e.SignIn(t, "caregiver_cedar1")

		t.Run("the development outbox is for the super admin only", func(t *testing.T) {
			for name, c := range map[string]*servertest.Client{
				"caregiver": carerMaple, "owner": ownerMaple, "admin": adminMaple, "free-plan owner": ownerBirch, "Cedar caregiver": carerCedar,
			} {
				r := c.Get(t, "/api/system/dev/outbox").Is(t, http.StatusOK, shared.CodeForbidden)
				if r.Message != "Your role does not allow this action." || string(r.Data) != "null" {
					t.Errorf("%s: %s", name, r.Body)
				}
			}
			var all, owners []shared.OutboxMail
			superadmin.Get(t, "/api/system/dev/outbox").OK(t).Into(t, &all)
			superadmin.Get(t, "/api/system/dev/outbox?to=OWNER@evergreen.example").OK(t).Into(t, &owners)
			if len(owners) != 2 || len(all) != 4 { // four code mails: the owner twice, owner_birch, admin_maple
				t.Fatalf("outbox: %d in all, %d to the owner", len(all), len(owners))
			}
			for _, m := range owners {
				if m.To != "owner@evergreen.example" || m.Subject != "Your Hearth sign-in code" || m.SentTime == 0 {
					t.Errorf("outbox mail %+v", m)
				}
			}
		})

		t.Run("roles", func(t *testing.T) {
			for _, c := range []*servertest.Client{carerMaple, carerCedar} {
				c.Get(t, incident).Is(t, http.StatusOK, shared.CodeForbidden)
			}
			var tid string
			adminMaple.Get(t, incident).OK(t).Into(t, &tid)
			if tid != e.FacilityID(t, "Maple House AFH") {
				t.Errorf("admin acted in %q", tid)
			}
			// Every role may call a route that names none.
			for _, c := range []*servertest.Client{carerMaple, carerCedar, ownerBirch, adminMaple, superadmin} {
				c.Get(t, dashboard).OK(t)
			}
		})

		t.Run("plans", func(t *testing.T) {
			var tid string
			ownerMaple.Get(t, incident).OK(t).Into(t, &tid)
			if tid != e.FacilityID(t, "Maple House AFH") {
				t.Errorf("owner acted in %q", tid)
			}
			r := ownerCedar.Get(t, incident).Is(t, http.StatusOK, shared.CodeFunctionMissing)
			if r.Message != "Your subscription package does not include this function." {
				t.Errorf("message %q", r.Message)
			}
			ownerBirch.Get(t, incident).Is(t, http.StatusOK, shared.CodeFunctionMissing)
			// The super admin is not bound by plans.
			superadmin.Get(t, dashboard).OK(t)
		})

		t.Run("no plan", func(t *testing.T) {
			tenants := tenant.NewStore(d)
			birchID := e.FacilityID(t, "Birch Cottage AFH")
			if err := tenants.SetPlan(context.Background(), birchID, "", ""); err != nil {
				t.Fatal(err)
			}
			c := e.SignIn(t, "owner_birch")
			r := c.Get(t, dashboard).Is(t, http.StatusOK, shared.CodeNoSubscription)
			if !strings.Contains(r.Message, "subscription") {
				t.Errorf("message %q", r.Message)
			}
			// Signing in, the user info and the menu still work, so the UI can offer a plan.
			c.Get(t, "/api/system/user/getUserInfo").OK(t)
			c.Get(t, "/api/system/menu/listUserMenuTree").OK(t)
			if err := tenants.SetPlan(context.Background(), birchID, shared.PlanFree, shared.DefaultPackageID); err != nil {
				t.Fatal(err)
			}
		})
	})
}
