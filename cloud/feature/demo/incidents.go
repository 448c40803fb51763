package demo

import (
	"context"
	"fmt"

	"hearth/cloud/feature/incident"
)

// incidents gives Maple (the premium home) its incident reports: Margaret's
// completed fall with both analyses, a bruise on Mei of unknown source
// pending review with the DSHS hotline duty unchecked, and a caregiver's
// draft about José's late dose (incident.SeedDemo).
func (sd *seeding) incidents(ctx context.Context) error {
	err := incident.SeedDemo(ctx, sd.tx, incident.DemoPeople{TenantID: sd.facilities["maple"],
		OwnerID: sd.users["owner_evergreen"], OwnerName: "Elena Martinez",
		CarerID: sd.users["caregiver_maple1"], CarerName: "Amina Njoroge",
		FallResidentID: sd.residentIDs["maple/Margaret"], PendingResidentID: sd.residentIDs["maple/Mei"],
		DraftResidentID: sd.residentIDs["maple/José"]}, sd.now)
	if err != nil {
		return fmt.Errorf("demo incidents: %w", err)
	}
	return nil
}
