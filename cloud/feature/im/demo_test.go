package im_test

import (
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The demo: Maple's channel and two direct chats; the owner has Amina's last
// two messages unread and reads her Spanish note in English with no provider.
func TestDemoChats(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		if n := unread(t, owner); n != 2 {
			t.Fatalf("owner's unread %d, want 2", n)
		}
		kinds := map[shared.ChatKind]int{}
		var withAmina *shared.Chat
		for _, c := range chats(t, owner) {
			kinds[c.Kind]++
			if c.Kind == shared.ChatDirect && c.Name == "Amina Njoroge" {
				withAmina = &c
			}
		}
		if kinds[shared.ChatFacility] != 1 || withAmina == nil || withAmina.UnreadMessageCount != 2 {
			t.Fatalf("owner's chats %v, with Amina %+v", kinds, withAmina)
		}
		// Each entry's time is its last message's, and the newest comes first: the channel, whose last
		// message is from the evening before, once showed the seed's time as if written today.
		list := chats(t, owner)
		for i, c := range list {
			if c.LastMessage == nil || c.LastMessageTime != c.LastMessage.Timestamp {
				t.Errorf("%s %q: time %d, last message %+v", c.Kind, c.Name, c.LastMessageTime, c.LastMessage)
			}
			if i > 0 && list[i-1].LastMessageTime < c.LastMessageTime {
				t.Errorf("%q (%d) listed before the newer %q (%d)", list[i-1].Name, list[i-1].LastMessageTime, c.Name, c.LastMessageTime)
			}
			if c.Kind == shared.ChatFacility && e.Clock.Now().UnixMilli()-c.LastMessageTime < 24*3600*1000 {
				t.Errorf("the channel's last message at %d, now %d: its newest line is 27 hours old", c.LastMessageTime, e.Clock.Now().UnixMilli())
			}
		}
		var spanish *shared.Message
		for _, m := range page(t, owner, withAmina.ID).Records {
			if m.Language == string(shared.LangEsES) {
				spanish = &m
			}
		}
		if spanish == nil || !strings.Contains(spanish.Translation, "soup") || !strings.Contains(spanish.Content, "sopa") {
			t.Fatalf("the Spanish note %+v", spanish)
		}
		var tr shared.MessageTranslation
		owner.Post(t, api+"/message/translate", shared.MessageTranslateRequest{MessageID: spanish.ID}).OK(t).Into(t, &tr)
		if tr.Translation != spanish.Translation {
			t.Fatalf("translate answers %q", tr.Translation)
		}
		amina := e.SignIn(t, "caregiver_maple1")
		if n := unread(t, amina); n != 0 {
			t.Fatalf("amina's unread %d", n)
		}
		if got := len(chats(t, amina)); got != 3 {
			t.Fatalf("amina has %d chats, want 3", got)
		}
	})
}
