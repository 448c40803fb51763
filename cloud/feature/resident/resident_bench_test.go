package resident_test

import (
	"context"
	"testing"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// BenchmarkResidentPages is the residents list page (20 per page, the active
// residents) and one resident's profile, on the demo's Maple House plus three
// residents added here: 8 active residents and 1 moved out, each with
// contacts as the demo has them (no photos). As admin_maple, on both engines.
// "service" calls the residents service directly; "http" is the whole request
// through the real server (guard, session check, JSON) over loopback.
func BenchmarkResidentPages(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		p := &auth.Principal{UserID: e.UserID(b, "admin_maple"), TenantID: e.FacilityID(b, "Maple House AFH"),
			Roles: []shared.Role{shared.RoleFacilityAdmin}}
		s := e.Server.Residents
		for _, r := range []shared.SaveResidentRequest{
			newResident("Ruth", "Andersen", "7"), newResident("Samuel", "Okafor", "8"), newResident("Helen", "Yamada", "9"),
		} {
			if _, err := s.Create(ctx, p, r); err != nil {
				b.Fatal(err)
			}
		}
		page := shared.OptionPageRequest[shared.ResidentFilter]{Current: 1, Size: 20}
		list, err := s.List(ctx, p, page)
		if err != nil || len(list.Records) != 8 {
			b.Fatalf("list: %v %+v", err, list)
		}
		// The profile opened: the first of the list with an emergency contact (a demo resident).
		id := ""
		for _, rec := range list.Records {
			if r, err := s.Get(ctx, p, rec.ResidentID); err == nil && r.EmergencyContact != nil {
				id = r.ResidentID
				break
			}
		}
		if id == "" {
			b.Fatal("no resident with an emergency contact")
		}

		b.Run("service/listResidentByPage", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.List(ctx, p, page); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("service/getResidentById", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Get(ctx, p, id); err != nil {
					b.Fatal(err)
				}
			}
		})

		admin := e.SignIn(b, "admin_maple")
		b.Run("http/listResidentByPage", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				admin.Post(b, base+"/listResidentByPage", page).OK(b)
			}
		})
		b.Run("http/getResidentById", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				admin.Get(b, base+"/getResidentById?residentId="+id).OK(b)
			}
		})
	})
}
