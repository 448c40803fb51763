package disposal

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// SeedDemo gives a demo facility its disposal records, in the demo seed's
// transaction: of the medications due for disposal (the eMAR demo's
// discontinued and ended orders, its refusals, the medications of a resident
// who died or moved out), the most urgent is left due, so the dashboard card
// and the page have one to show, and the others are recorded as disposed of
// by actorID two days into their clocks (or an hour ago when that is later),
// so the page has records with a history. meds gives the refused doses, as
// for the server. It answers how many it recorded.
func SeedDemo(ctx context.Context, d *db.DB, tx *db.Tx, meds Medications, tenantID, actorID string, now time.Time) (int, error) {
	s, err := New(d, meds, func() time.Time { return now })
	if err != nil {
		return 0, err
	}
	items, err := s.dueItems(ctx, tx, tenantID, "")
	if err != nil {
		return 0, err
	}
	if len(items) < 2 {
		return 0, nil
	}
	loc, _, err := zone.Facility(ctx, tx, tenantID)
	if err != nil {
		return 0, err
	}
	p := &auth.Principal{TenantID: tenantID, UserID: actorID, Roles: []shared.Role{shared.RoleFacilityOwner}}
	methods := []shared.DisposalMethod{shared.DisposalMailBack, shared.DisposalDeactivationKit}
	for i, it := range items[1:] {
		m, err := s.store.Medication(ctx, tx, tenantID, it.ResidentID, it.MedicationID)
		if err != nil {
			return i, fmt.Errorf("demo disposal of %s: %w", it.MedicationID, err)
		}
		since, _ := parseCivil(it.Since)
		at := time.UnixMilli(since.addDays(2).startIn(loc)).Add(10 * time.Hour)
		if limit := now.Add(-time.Hour); at.After(limit) {
			at = limit
		}
		r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, ResidentID: it.ResidentID}
		copyOrder(r, m)
		applyDetails(r, details{method: methods[i%len(methods)], reason: it.Reason, time: at.UnixMilli(), pills: 10 + 4*i,
			remarks: "Counted and witnessed by two staff."})
		if r.Reason == shared.DisposalReasonOther {
			r.CustomReason = "Resident no longer at the home (" + it.Since + ")"
		}
		if _, err := s.create(ctx, tx, p, r); err != nil {
			return i, err
		}
	}
	return len(items) - 1, nil
}
