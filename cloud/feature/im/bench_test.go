package im_test

import (
	"context"
	"fmt"
	"testing"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// BenchmarkChat measures the chat service (no sockets) on both engines, in
// Maple's channel after 5,000 messages: "push" one text (sequence number,
// dedupe check, insert, read mark, the members' unread counts), "page" the
// newest 50 messages for a member, "list" the owner's chat list and
// "dashboard" the unread count (both also checking the channel's members).
func BenchmarkChat(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		tenant := e.FacilityID(b, maple)
		owner := &auth.Principal{UserID: e.UserID(b, "owner_evergreen"), TenantID: tenant, Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanPremium}
		chats, err := e.Server.Chat.ChatPage(ctx, owner, shared.ChatPageRequest{Size: 50})
		if err != nil {
			b.Fatal(err)
		}
		var channel string
		for _, c := range chats.Records {
			if c.Kind == shared.ChatFacility {
				channel = c.ID
			}
		}
		for i := range 5000 {
			if _, err := e.Server.Chat.Push(ctx, owner, shared.MessagePushRequest{ChatID: channel, TrackID: fmt.Sprintf("seed-%d", i),
				MessageType: shared.MessageText, Content: fmt.Sprintf("Note %d: all residents checked", i)}); err != nil {
				b.Fatal(err)
			}
		}
		b.Run("push", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, err := e.Server.Chat.Push(ctx, owner, shared.MessagePushRequest{ChatID: channel, TrackID: fmt.Sprintf("b-%d", i),
					MessageType: shared.MessageText, Content: "Room 3 needs towels"}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("page", func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Server.Chat.MessagePage(ctx, owner, shared.MessagePageRequest{ChatID: channel, Size: 50}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("list", func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Server.Chat.ChatPage(ctx, owner, shared.ChatPageRequest{Size: 20}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("dashboard", func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Server.Chat.Dashboard(ctx, owner); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}
