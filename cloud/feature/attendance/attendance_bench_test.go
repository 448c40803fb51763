package attendance_test

import (
	"context"
	"fmt"
	"hearth/cloud/platform/mail"
	"testing"
	"time"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// BenchmarkAttendance is the attendance calls on the demo's Maple House, on
// both engines: the owner's or admin's summary of the last 7 days (the demo
// has two weeks of punches for 3 people, so the summary also reads the week
// before for shifts that began there), then a caregiver's clock-in from the
// browser, new and replayed. The summary runs first, before the clock-in
// benchmarks add punches.
func BenchmarkAttendance(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		tenant := e.FacilityID(b, "Maple House AFH")
		s, err := attendance.New(attendance.Deps{DB: d, Mail: mail.New(e.Config.SMTP, d, nil), Avatars: e.Server.Files, Now: e.Clock.Now})
		if err != nil {
			b.Fatal(err)
		}
		admin := &auth.Principal{UserID: e.UserID(b, "admin_maple"), TenantID: tenant, Roles: []shared.Role{shared.RoleFacilityAdmin}}
		caregiver := &auth.Principal{UserID: e.UserID(b, "caregiver_maple1"), TenantID: tenant, Roles: []shared.Role{shared.RoleCaregiverStaff}}

		loc, err := time.LoadLocation("America/Los_Angeles")
		if err != nil {
			b.Fatal(err)
		}
		today := e.Clock.Now().In(loc)
		week := shared.AttendanceSummaryRequest{StartDate: today.AddDate(0, 0, -7).Format(time.DateOnly),
			EndDate: today.AddDate(0, 0, -1).Format(time.DateOnly)}
		sum, err := s.Summary(ctx, admin, week)
		if err != nil || len(sum.Caregivers) < 3 || sum.Caregivers[0].TotalMinutes == 0 {
			b.Fatalf("summary: %v %+v", err, sum)
		}

		b.Run("attendanceSummary", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Summary(ctx, admin, week); err != nil {
					b.Fatal(err)
				}
			}
		})
		n := 0
		b.Run("clockIn/new", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				n++
				// A minute between punches, as in life: with the clock held still every
				// punch would tie on punched_at and finding the last one would scan them all.
				e.Clock.Advance(time.Minute)
				if _, err := s.ClockIn(ctx, caregiver, shared.ClockInRequest{ClientPunchID: fmt.Sprintf("bench-new-%09d", n)}); err != nil {
					b.Fatal(err)
				}
			}
		})
		replayed := shared.ClockInRequest{ClientPunchID: "bench-replayed-punch"}
		first, err := s.ClockIn(ctx, caregiver, replayed)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("clockIn/replay", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, err := s.ClockIn(ctx, caregiver, replayed)
				if err != nil || r.RecordID != first.RecordID {
					b.Fatalf("replay: %v %+v", err, r)
				}
			}
		})
	})
}
