package medication_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// benchOrders are one resident's 8 orders: routine drugs once, twice and
// three times a day, a blood-pressure drug held below 100 systolic, insulin
// on a sliding scale, a controlled analgesic, an eye drop and a PRN.
func benchOrders(resident string) []shared.SaveMedicationRequest {
	o := func(name string, times ...string) shared.SaveMedicationRequest {
		return shared.SaveMedicationRequest{ResidentID: resident, Name: name, Type: shared.MedicationRoutine, Dose: "1 tablet",
			Route: shared.RouteOral, StartDate: "2027-05-01", Times: times, Instructions: "With water", Physician: "Dr Patel"}
	}
	bp := o("Metoprolol 25 mg", "08:00", "20:00")
	bp.Vital, bp.HoldBelow = shared.VitalSystolicBP, ptr(100.0)
	ins := o("Insulin lispro", "07:30", "11:30", "16:30")
	ins.Route, ins.Vital, ins.Dose = shared.RouteSubcutaneous, shared.VitalBloodGlucose, "per scale"
	ins.SlidingScale = []shared.SlidingScaleStep{{From: 70, To: 150, Dose: "0 units"}, {From: 151, To: 200, Dose: "2 units"}, {From: 201, To: 300, Dose: "4 units"}}
	oxy := o("Oxycodone 5 mg", "08:00", "14:00", "20:00")
	oxy.Controlled = true
	eye := o("Latanoprost", "21:00")
	eye.Route, eye.Dose = shared.RouteOphthalmic, "1 drop each eye"
	prn := o("Acetaminophen 500 mg")
	prn.Type, prn.Times = shared.MedicationPRN, nil
	return []shared.SaveMedicationRequest{o("Metformin 500 mg", "08:00", "18:00"), o("Donepezil 10 mg", "21:00"),
		o("Vitamin D3", "08:00"), bp, ins, oxy, eye, prn}
}

func pct(ds []time.Duration, p int) time.Duration {
	slices.Sort(ds)
	return ds[(len(ds)*p)/100]
}

// BenchmarkListMedicationLog is /emars's call for a facility of 8 residents
// × 8 orders (Maple House: its 5 residents who live there and 3 added;
// 13 scheduled passes and a PRN dose a resident on the day: 112), at 10:00
// with the morning passes logged, as a caregiver, on both engines: "service" calls the
// service, "http" the whole request through the real server (guard, session
// check, JSON) over loopback; p50-ms and p99-ms are of the http requests.
func BenchmarkListMedicationLog(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		setClock(e, local(2027, 5, 31, 10, 0))
		maple := e.FacilityID(b, "Maple House AFH")
		owner := &auth.Principal{UserID: e.UserID(b, "owner_evergreen"), TenantID: maple, Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanPremium}
		for i, first := range []string{"Ruth", "Samuel", "Helen"} {
			if _, err := e.Server.Residents.Create(ctx, owner, shared.SaveResidentRequest{FirstName: first, LastName: "Bench", DOB: "1940-01-01",
				Gender: shared.GenderFemale, Room: strconv.Itoa(7 + i), Language: shared.LanguageEnglish, DNR: shared.DNRUnknown}); err != nil {
				b.Fatal(err)
			}
		}
		rows, err := d.QueryContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND status IN ('NORMAL', 'GOING_OUT')`, maple)
		if err != nil {
			b.Fatal(err)
		}
		var residents []string
		for rows.Next() {
			var id string
			_ = rows.Scan(&id)
			residents = append(residents, id)
		}
		rows.Close()
		if len(residents) != 8 {
			b.Fatalf("%d residents", len(residents))
		}
		s := e.Server.Medications
		prns := map[string]string{}
		for _, r := range residents {
			for _, req := range benchOrders(r) {
				m, err := s.Save(ctx, owner, req)
				if err != nil {
					b.Fatal(err)
				}
				if m.Type == shared.MedicationPRN {
					prns[r] = m.MedicationID
				}
			}
		}
		// The morning: every pass due by 09:00 given (readings within limits), a PRN at 09:15.
		setClock(e, local(2027, 6, 1, 10, 0))
		carerP := &auth.Principal{UserID: e.UserID(b, "caregiver_maple1"), TenantID: maple, Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanPremium}
		day, err := s.Day(ctx, carerP, shared.MedicationLogRequest{Day: "2027-06-01"})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for i, r := range day.Residents {
			for _, p := range r.Passes {
				if p.DueTime > local(2027, 6, 1, 9, 0).UnixMilli() {
					continue
				}
				req := shared.LogPassRequest{PassID: p.PassID, ClientID: fmt.Sprintf("bench-%06d", n), Outcome: shared.OutcomeGiven,
					GivenTime: p.DueTime + 5*60*1000, VitalValue: ptr(120.0), Site: shared.SiteAbdomenLeft, CountBefore: ptr(30), CountAfter: ptr(29)}
				if p.Vital == "" {
					req.VitalValue = nil
				}
				if _, err := s.LogPass(ctx, carerP, req); err != nil {
					b.Fatalf("log %s %s: %v", p.MedicationName, p.TimeOfDay, err)
				}
				n++
			}
			if _, err := s.LogPrn(ctx, carerP, shared.LogPrnRequest{MedicationID: prns[r.ResidentID], ClientID: fmt.Sprintf("bench-prn-%02d", i),
				Reason: "Pain", GivenTime: local(2027, 6, 1, 9, 15).UnixMilli()}); err != nil {
				b.Fatal(err)
			}
		}
		carer := e.SignIn(b, "caregiver_maple1")
		first, err := s.Day(ctx, carerP, shared.MedicationLogRequest{})
		if err != nil {
			b.Fatal(err)
		}
		passes := 0
		for _, r := range first.Residents {
			passes += len(r.Passes)
		}
		raw := carer.Post(b, care+"/listMedicationLog", shared.MedicationLogRequest{}).OK(b).Body
		b.Logf("%s: %d residents, %d passes today (%d logged), %+v, %d bytes of JSON", d.Engine, len(first.Residents), passes, n+len(residents),
			first.Counts, len(raw))

		b.Run("service", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Day(ctx, carerP, shared.MedicationLogRequest{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("http", func(b *testing.B) {
			b.ReportAllocs()
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				carer.Post(b, care+"/listMedicationLog", shared.MedicationLogRequest{}).OK(b)
				took = append(took, time.Since(start))
			}
			b.ReportMetric(float64(pct(took, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(pct(took, 99).Microseconds())/1000, "p99-ms")
		})
	})
}
