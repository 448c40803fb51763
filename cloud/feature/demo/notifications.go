package demo

import (
	"context"
	"fmt"

	"hearth/cloud/feature/notification"
	"hearth/shared"
)

// notifications leaves Maple's day-shift caregiver one unread what's-new
// notification (the eMAR is here), written through the notification service
// like any feature's: the bell in the header shows it, and opening it leads to
// /emars (the notifications journey uses it).
func (sd *seeding) notifications(ctx context.Context, notes *notification.Service) error {
	err := notes.Notify(ctx, sd.tx, sd.facilities["maple"], []string{sd.users["caregiver_maple1"]}, shared.NotificationDraft{
		Kind: shared.NotificationSystem, TitleKey: shared.NotifyWelcomeTitle, BodyKey: shared.NotifyWelcomeBody,
		Link: "/emars", DedupeKey: "demo-welcome-emar",
	})
	if err != nil {
		return fmt.Errorf("demo notifications: %w", err)
	}
	return nil
}
