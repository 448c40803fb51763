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
