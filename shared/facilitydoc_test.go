package shared_test

import (
	"testing"

	"hearth/shared"
)

// Each status of a facility document's checklist item, on 2026-06-15 with the
// default 30 days' warning (shared.FacilityDocStatusOf's definitions).
func TestFacilityDocStatusOf(t *testing.T) {
	const today = "2026-06-15"
	v := func(validFrom, expiresOn, uploaded string) shared.FacilityDocDates {
		return shared.FacilityDocDates{ValidFrom: validFrom, ExpiresOn: expiresOn, UploadedOn: uploaded}
	}
	for _, c := range []struct {
		name     string
		versions []shared.FacilityDocDates
		want     shared.FacilityDocStatus
	}{
		{"nothing on record", nil, shared.FacilityDocMissing},
		{"only a version that starts next month", []shared.FacilityDocDates{v("2026-07-01", "", "2026-06-10")}, shared.FacilityDocUpcoming},
		{"expired yesterday", []shared.FacilityDocDates{v("2025-06-14", "2026-06-14", "2025-06-14")}, shared.FacilityDocExpired},
		{"expires today", []shared.FacilityDocDates{v("", "2026-06-15", "2025-06-01")}, shared.FacilityDocExpiringSoon},
		{"expires in 30 days", []shared.FacilityDocDates{v("", "2026-07-15", "2025-06-01")}, shared.FacilityDocExpiringSoon},
		{"expires in 31 days", []shared.FacilityDocDates{v("", "2026-07-16", "2025-06-01")}, shared.FacilityDocDone},
		{"no expiry, one version", []shared.FacilityDocDates{v("", "", "2026-06-15")}, shared.FacilityDocDone},
		{"renewed after the old one expired", []shared.FacilityDocDates{v("2026-06-10", "2027-06-09", "2026-06-10"), v("2025-06-01", "2026-06-01", "2025-06-01")}, shared.FacilityDocRenewed},
		{"renewed while the old one was expiring", []shared.FacilityDocDates{v("", "2027-06-30", "2026-06-10"), v("", "2026-06-30", "2025-06-01")}, shared.FacilityDocRenewed},
		{"a revision of a good document", []shared.FacilityDocDates{v("", "", "2026-06-01"), v("", "", "2025-01-01")}, shared.FacilityDocUpdated},
		{"a renewal more than 30 days ago", []shared.FacilityDocDates{v("", "2027-05-01", "2026-05-01"), v("", "2026-05-10", "2025-05-01")}, shared.FacilityDocDone},
		{"only an unsigned version", []shared.FacilityDocDates{{UploadedOn: "2026-06-01", Incomplete: true}}, shared.FacilityDocMissing},
		{"an unsigned renewal leaves the expired one in force", []shared.FacilityDocDates{{ExpiresOn: "2027-06-09", UploadedOn: "2026-06-10", Incomplete: true}, v("", "2026-06-01", "2025-06-01")}, shared.FacilityDocExpired},
		{"an expired one with its renewal starting next week", []shared.FacilityDocDates{v("2026-06-22", "2027-06-21", "2026-06-14"), v("", "2026-06-14", "2025-06-01")}, shared.FacilityDocExpired},
	} {
		if got := shared.FacilityDocStatusOf(c.versions, today, 30); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	// The warning window is a parameter.
	if got := shared.FacilityDocStatusOf([]shared.FacilityDocDates{v("", "2026-07-10", "2025-06-01")}, today, 10); got != shared.FacilityDocDone {
		t.Errorf("25 days out with 10 days' warning: %s", got)
	}
}
