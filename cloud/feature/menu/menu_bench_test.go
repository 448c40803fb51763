package menu_test

import (
	"context"
	"testing"

	"hearth/cloud/feature/menu"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/param"
	"hearth/cloud/server/servertest"
	"hearth/frontend"
	"hearth/shared"
)

// BenchmarkMenu is the menu every screen loads, for caregiver_maple1 on both
// engines: "service/kept" is menu.Service.Tree answered from the trees kept
// per role set and plan (every call but the first of a process); "service/first"
// reads and sorts the menu rows as a fresh process does; "http" is the whole
// call through the real server over loopback.
func BenchmarkMenu(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		p := &auth.Principal{UserID: e.UserID(b, "caregiver_maple1"), TenantID: e.FacilityID(b, "Maple House AFH"),
			Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanPremium}
		kept := menu.New(d, param.NewVersions(d), frontend.Pages(), frontend.MenuNameKeys())
		if tree, err := kept.Tree(ctx, p); err != nil || len(tree) == 0 {
			b.Fatalf("menu: %v %v", tree, err)
		}

		b.Run("service/kept", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kept.Tree(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("service/first", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := menu.New(d, param.NewVersions(d), frontend.Pages(), frontend.MenuNameKeys()).Tree(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
		c := e.SignIn(b, "caregiver_maple1")
		b.Run("http", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.Get(b, "/api/system/menu/listUserMenuTree").OK(b)
			}
		})
	})
}
