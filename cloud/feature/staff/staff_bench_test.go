package staff_test

import (
	"context"
	"hearth/cloud/platform/mail"
	"testing"

	"hearth/cloud/feature/staff"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// BenchmarkStaffPages is the staff list page and a caregiver's checklist on
// the demo's Maple House (3 staff, 5 to 11 credential records each), as
// admin_maple, on both engines. "service" calls the staff service directly;
// "http" is the whole request through the real server (guard, session check,
// JSON) over loopback, as the UI sends it.
func BenchmarkStaffPages(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		tenant := e.FacilityID(b, "Maple House AFH")
		p := &auth.Principal{UserID: e.UserID(b, "admin_maple"), TenantID: tenant, Roles: []shared.Role{shared.RoleFacilityAdmin}}
		s, err := staff.New(staff.Deps{DB: d, Files: e.Server.Files, Accounts: e.Server.IAM, Packages: e.Server.Packages, Mail: mail.New(e.Config.SMTP, d, nil), Announce: e.Server.Jobs.Announce, Now: e.Clock.Now})
		if err != nil {
			b.Fatal(err)
		}
		var caregiverID string
		if err := d.QueryRowContext(ctx, `SELECT id FROM caregivers WHERE tenant_id = ? AND user_id = ?`,
			tenant, e.UserID(b, "caregiver_maple1")).Scan(&caregiverID); err != nil {
			b.Fatal(err)
		}
		page := shared.PageRequest[shared.CaregiverFilter]{Current: 1, Size: 20}
		if got, err := s.List(ctx, p, page); err != nil || len(got.Records) != 3 {
			b.Fatalf("list: %v %+v", err, got)
		}

		b.Run("service/listCaregiverByPage", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.List(ctx, p, page); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("service/getCaregiverFileInspections", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Inspections(ctx, p, caregiverID); err != nil {
					b.Fatal(err)
				}
			}
		})

		admin := e.SignIn(b, "admin_maple")
		b.Run("http/listCaregiverByPage", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				admin.Post(b, base+"/listCaregiverByPage", page).OK(b)
			}
		})
		b.Run("http/getCaregiverFileInspections", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				admin.Get(b, base+"/getCaregiverFileInspections?caregiverId="+caregiverID).OK(b)
			}
		})
	})
}
