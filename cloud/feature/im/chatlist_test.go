package im_test

import (
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The chat list reads every chat's members and newest message together: each
// entry still shows its own people and the newest message its reader can see
// (not one they deleted for themselves, nothing from before they joined).
func TestChatListEntriesAreEachTheirOwn(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina, wei := e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_maple2")
		direct := start(t, owner, "", amina)
		group := start(t, owner, "Night team", amina, wei)
		push(t, owner, direct.ID, "d-1", "Direct one")
		last := push(t, owner, direct.ID, "d-2", "Direct two")
		before := push(t, owner, group.ID, "g-1", "Before Wei left")
		e.Clock.Advance(time.Minute)
		hidden := push(t, owner, group.ID, "g-2", "Deleted for the owner")
		owner.Post(t, api+"/message/delete", shared.MessageDeleteRequest{MessageIDs: []string{hidden.ID}}).OK(t)

		list := map[string]shared.Chat{}
		for _, c := range chats(t, owner) {
			list[c.ID] = c
		}
		if c := list[direct.ID]; c.LastMessage == nil || c.LastMessage.ID != last.ID || len(c.Members) != 2 || c.Name != "Amina Njoroge" {
			t.Errorf("the direct chat's entry: last %+v, %d members, name %q", c.LastMessage, len(c.Members), c.Name)
		}
		if c := list[group.ID]; c.LastMessage == nil || c.LastMessage.ID != before.ID || len(c.Members) != 3 || c.Name != "Night team" {
			t.Errorf("the group's entry (its newest message deleted for the owner): last %+v, %d members", c.LastMessage, len(c.Members))
		}
		// The time beside it is that message's, not the one deleted a minute later.
		if c := list[group.ID]; c.LastMessageTime != before.Timestamp {
			t.Errorf("the group's time %d, its shown message's %d (the deleted one's %d)", c.LastMessageTime, before.Timestamp, hidden.Timestamp)
		}
		// Amina still sees the message the owner deleted for himself.
		if c := chatOf(t, e.SignIn(t, "caregiver_maple1"), group.ID); c == nil || c.LastMessage == nil || c.LastMessage.ID != hidden.ID {
			t.Errorf("amina's entry for the group: %+v", c)
		}
		// Someone added later sees nothing from before they joined.
		grace := e.SignIn(t, "admin_maple")
		owner.Post(t, api+"/chat/addMember", shared.ChatMembersRequest{ChatID: group.ID, UserIDs: []string{e.UserID(t, "admin_maple")}}).OK(t)
		if c := chatOf(t, grace, group.ID); c == nil || len(c.Members) != 4 || c.LastMessage == nil || c.LastMessage.Seq <= hidden.Seq ||
			c.LastMessage.MessageType == shared.MessageText {
			t.Errorf("the admin's entry right after she was added (only the note of her joining): %+v", c)
		}
	})
}
