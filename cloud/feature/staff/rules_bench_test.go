package staff

import (
	"testing"

	"hearth/shared"
)

// BenchmarkEvaluate is the credential rules engine for one caregiver with a
// realistic file: six years in, dementia specialty, nurse delegation, thirteen
// records including two CE years and a replaced CPR card (pure CPU; the staff
// list runs it once per caregiver on the page).
func BenchmarkEvaluate(b *testing.B) {
	in := Input{HireDate: d("2020-01-06"), BirthDate: d("1988-03-14"), Today: d("2026-03-02"), Role: shared.RoleCaregiverStaff,
		Specialties: []shared.Specialty{shared.SpecialtyDementia}, NurseDelegation: true,
		Records: []Record{
			rec(shared.CredOrientationSafety, "2020-01-06", "", 0), rec(shared.CredBackgroundFingerprint, "2019-12-27", "", 0),
			rec(shared.CredBackgroundNameDOB, "2025-05-06", "", 0), rec(shared.CredTBTestStep1, "2020-01-07", "", 0),
			rec(shared.CredTBTestStep2, "2020-01-21", "", 0), rec(shared.CredCPRFirstAid, "2024-03-20", "2026-03-20", 0),
			rec(shared.CredCPRFirstAid, "2022-03-20", "2024-03-20", 0), rec(shared.CredFoodWorkerCard, "2025-08-14", "2027-08-14", 0),
			rec(shared.CredHCACertification, "2020-07-01", "", 0), rec(shared.CredDementiaSpecialty, "2020-02-10", "", 0),
			rec(shared.CredNurseDelegationCore, "2021-04-01", "", 0),
			rec(shared.CredContinuingEducation, "2024-11-20", "", 12), rec(shared.CredContinuingEducation, "2025-12-02", "", 12),
		}}
	if items := Evaluate(in); len(items) < 12 {
		b.Fatalf("checklist has %d items", len(items))
	}
	b.ReportAllocs()
	for b.Loop() {
		Evaluate(in)
	}
}
