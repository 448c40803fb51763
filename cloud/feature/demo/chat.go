package demo

import (
	"context"
	"fmt"

	"hearth/cloud/feature/im"
)

// chat gives Maple its channel and two direct chats with a few days of
// messages: the owner with Amina (one note in Spanish, its English cached;
// her last two unread for the owner) and Amina with Wei (im/demo.go).
func (sd *seeding) chat(ctx context.Context) error {
	err := im.SeedDemo(ctx, sd.tx, im.DemoPeople{TenantID: sd.facilities["maple"], Owner: sd.users["owner_evergreen"],
		Admin: sd.users["admin_maple"], Day: sd.users["caregiver_maple1"], Evening: sd.users["caregiver_maple2"]}, sd.now)
	if err != nil {
		return fmt.Errorf("demo chat: %w", err)
	}
	return nil
}
