package medication_test

import (
	"context"
	"errors"
	"testing"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/problem"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func med(name string, times ...string) shared.SaveMedicationRequest {
	return shared.SaveMedicationRequest{Name: name, Type: shared.MedicationRoutine, Dose: "1 tablet", Route: shared.RouteOral,
		StartDate: "2026-11-01", Times: times}
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A list saved again replaces the earlier one: kept ids change in place,
// missing ones are kept as deleted, new ones are added; every write is audited;
// a bad medication stores nothing of its batch.
func TestReplaceCheckIn(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		tenant := e.FacilityID(t, "Maple House AFH")
		var resident string
		if err := d.QueryRowContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND first_name = 'Margaret'`, tenant).Scan(&resident); err != nil {
			t.Fatal(err)
		}
		owner := &auth.Principal{UserID: e.UserID(t, "owner_evergreen"), TenantID: tenant, Roles: []shared.Role{shared.RoleFacilityOwner}}
		s := e.Server.Medications
		replace := func(p *auth.Principal, reqs ...shared.SaveMedicationRequest) ([]shared.Medication, error) {
			var out []shared.Medication
			err := d.InTx(ctx, func(tx *db.Tx) error {
				var err error
				out, err = s.ReplaceCheckIn(ctx, tx, p, resident, reqs)
				return err
			})
			return out, err
		}

		demo, err := s.ListByResident(ctx, d, tenant, resident) // the demo's orders of hers, removed by the first save
		if err != nil {
			t.Fatal(err)
		}
		first, err := replace(owner, med("Metformin", "08:00", "20:00"), med("Lisinopril", "08:00"), med("Donepezil", "21:00"))
		if err != nil {
			t.Fatal(err)
		}
		if len(first) != 3 || first[0].Name != "Metformin" || first[0].Status != shared.MedicationCurrent || len(first[0].Times) != 2 {
			t.Fatalf("first save: %+v", first)
		}
		// Saved again: Metformin changed, Lisinopril unchanged, Donepezil gone, Aspirin new.
		keep := med("Metformin", "08:00")
		keep.MedicationID, keep.Dose = first[0].MedicationID, "1000 mg"
		same := med("Lisinopril", "08:00")
		same.MedicationID = first[1].MedicationID
		second, err := replace(owner, keep, same, med("Aspirin", "08:00"))
		if err != nil {
			t.Fatal(err)
		}
		if len(second) != 3 || second[0].MedicationID != first[0].MedicationID || second[0].Dose != "1000 mg" ||
			second[1].MedicationID != first[1].MedicationID || second[2].Name != "Aspirin" {
			t.Fatalf("second save: %+v", second)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM medications WHERE id = ? AND deleted_at IS NOT NULL`, first[2].MedicationID); n != 1 {
			t.Errorf("Donepezil is kept as deleted: %d", n)
		}
		for action, want := range map[string]int{"medication.create": 4, "medication.update": 1, "medication.delete": 1 + len(demo)} {
			if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = ? AND tenant_id = ?`, action, tenant); n != want {
				t.Errorf("%s audit rows: %d, want %d", action, n, want)
			}
		}

		// One bad medication in three: nothing of the batch is stored.
		bad := med("Warfarin")
		_, err = replace(owner, med("Vitamin D", "08:00"), bad, med("Calcium", "12:00"))
		p, ok := problem.As(err)
		if !ok || p.Code != shared.CodeValidation || p.Args["n"] != 2 {
			t.Fatalf("a routine medication without times: %v", err)
		}
		list, err := s.ListByResident(ctx, d, tenant, resident)
		if err != nil || len(list) != 3 || list[2].Name != "Aspirin" {
			t.Fatalf("after the refused batch: %+v %v", list, err)
		}
		// An id the resident's list does not have (another resident's, another facility's) is refused.
		stranger := med("Metformin", "08:00")
		stranger.MedicationID = "0190f0f0-0000-7000-8000-000000000000"
		if _, err := replace(owner, stranger); err == nil {
			t.Fatal("an unknown medicationId was accepted")
		}
		// Only owners and admins write; another facility's list is separate.
		carer := &auth.Principal{UserID: e.UserID(t, "caregiver_maple1"), TenantID: tenant, Roles: []shared.Role{shared.RoleCaregiverStaff}}
		if _, err := replace(carer, med("X", "08:00")); !errors.Is(err, problem.Forbidden) {
			t.Fatalf("a caregiver replaced the list: %v", err)
		}
		other, err := s.ListByResident(ctx, d, e.FacilityID(t, "Cedar Home AFH"), resident)
		if err != nil || len(other) != 0 {
			t.Fatalf("Cedar sees Maple's medications: %+v %v", other, err)
		}
	})
}
