package demo

import (
	"context"
	"fmt"

	"hearth/cloud/feature/shift"
)

// shifts gives Maple its day, evening and night shift types, this week's and
// next week's schedules published with its caregivers (next Wednesday's night
// left open: the coverage gap the owner's dashboard shows), and the hand-over:
// yesterday's two submitted shift reports and today's draft (shift/demo.go).
func (sd *seeding) shifts(ctx context.Context) error {
	err := shift.SeedDemo(ctx, sd.tx, sd.facilities["maple"], shift.DemoCrew{Day: sd.users["caregiver_maple1"],
		Evening: sd.users["caregiver_maple2"], Admin: sd.users["admin_maple"]}, sd.now)
	if err != nil {
		return fmt.Errorf("demo shifts: %w", err)
	}
	return nil
}
