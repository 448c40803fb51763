package im_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A direct chat: started twice it is the same chat; messages keep their
// order; a re-sent trackId is stored once; the other side's unread count
// grows and readAll clears it; a blank text is refused.
func TestDirectChat(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := e.SignIn(t, "caregiver_maple1")
		aminaID := e.UserID(t, "caregiver_maple1")

		c1 := start(t, owner, "", aminaID)
		c2 := start(t, owner, "", aminaID)
		if c1.ID != c2.ID || c1.Kind != shared.ChatDirect || c1.Name != "Amina Njoroge" {
			t.Fatalf("direct chat started twice: %+v / %+v", c1, c2)
		}
		if c3 := start(t, amina, "", e.UserID(t, "owner_evergreen")); c3.ID != c1.ID {
			t.Fatalf("the other side starts another chat: %s", c3.ID)
		}
		before := unread(t, amina)
		a := push(t, owner, c1.ID, "t-1", "Morning, can you cover Sunday?")
		b := push(t, owner, c1.ID, "t-2", "Day shift only")
		again := push(t, owner, c1.ID, "t-1", "Morning, can you cover Sunday?")
		if again.ID != a.ID || b.Seq <= a.Seq {
			t.Fatalf("re-sent trackId stored again or out of order: %+v %+v %+v", a, b, again)
		}
		got := texts(page(t, amina, c1.ID)) // after the demo's messages
		if len(got) < 2 || !slices.Equal(got[len(got)-2:], []string{"Morning, can you cover Sunday?", "Day shift only"}) {
			t.Fatalf("amina reads %q", got)
		}
		if n := unread(t, amina); n != before+2 {
			t.Fatalf("amina's unread %d, want %d", n, before+2)
		}
		if ch := chatOf(t, amina, c1.ID); ch == nil || ch.UnreadMessageCount != 2 || ch.LastMessage == nil || ch.LastMessage.Content != "Day shift only" {
			t.Fatalf("amina's chat list entry %+v", ch)
		}
		amina.Post(t, api+"/chat/readAll", shared.ChatReadAllRequest{ChatID: c1.ID}).OK(t)
		if n := unread(t, amina); n != before {
			t.Fatalf("after readAll amina's unread %d, want %d", n, before)
		}
		if ch := chatOf(t, owner, c1.ID); ch == nil || !slices.ContainsFunc(ch.Members, func(m shared.ChatMember) bool {
			return m.UserID == aminaID && m.ReadSeq == b.Seq
		}) {
			t.Fatalf("the owner sees no read receipt: %+v", ch)
		}
		owner.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: c1.ID, TrackID: "t-3", MessageType: shared.MessageText, Content: "   "}).
			Is(t, 200, shared.CodeValidation)

		// A reply quotes the message it answers, from the same chat only.
		var reply shared.Message
		amina.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: c1.ID, TrackID: "r-1", MessageType: shared.MessageText,
			Content: "Yes", ReferMessageID: a.ID}).OK(t).Into(t, &reply)
		if reply.ReferMessageContent != a.Content {
			t.Fatalf("quote %q", reply.ReferMessageContent)
		}
		group := start(t, owner, "Night team", aminaID, e.UserID(t, "caregiver_maple2"))
		owner.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: group.ID, TrackID: "r-2", MessageType: shared.MessageText,
			Content: "x", ReferMessageID: a.ID}).Is(t, 200, shared.CodeNotFound)

		// Left, the direct chat is gone from the owner's list; started again it is the same chat.
		owner.Post(t, api+"/chat/leave?chatId="+c1.ID, nil).OK(t)
		if chatOf(t, owner, c1.ID) != nil {
			t.Fatal("a left direct chat is still listed")
		}
		push(t, amina, c1.ID, "while-away", "Are you there?")
		owner.Post(t, api+"/message/pageLatest", shared.MessagePageRequest{ChatID: c1.ID}).Is(t, 200, shared.CodeNotFound)
		if back := start(t, owner, "", aminaID); back.ID != c1.ID {
			t.Fatalf("started again: %s, want %s", back.ID, c1.ID)
		}

		// Delete for me hides it from the owner only.
		owner.Post(t, api+"/message/delete", shared.MessageDeleteRequest{MessageIDs: []string{b.ID}}).OK(t)
		if got := texts(page(t, owner, c1.ID)); slices.Contains(got, "Day shift only") {
			t.Fatalf("deleted for me but still shown: %q", got)
		}
		if got := texts(page(t, amina, c1.ID)); !slices.Contains(got, "Day shift only") {
			t.Fatalf("deleted for the other side too: %q", got)
		}
	})
}

// Two pushes of one trackId at the same moment store one message; and the
// messages of many senders at once get distinct, gapless-per-commit order.
func TestConcurrentPushes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := e.SignIn(t, "caregiver_maple1")
		c := start(t, owner, "Pair", e.UserID(t, "caregiver_maple1")) // a new group: no demo history

		var wg sync.WaitGroup
		ids, errs := make([]string, 2), make([]error, 2)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var m shared.Message
				m, errs[i] = tryPush(owner, c.ID, "same", "Sent twice")
				ids[i] = m.ID
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		if ids[0] != ids[1] {
			t.Fatalf("two messages stored for one trackId: %v", ids)
		}
		errs = make([]error, 6)
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				who := owner
				if i%2 == 1 {
					who = amina
				}
				_, errs[i] = tryPush(who, c.ID, fmt.Sprintf("m-%d", i), fmt.Sprintf("message %d", i))
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		p := page(t, amina, c.ID)
		p.Records = slices.DeleteFunc(p.Records, func(m shared.Message) bool { return m.MessageType == shared.MessageEvent })
		if len(p.Records) != 7 {
			t.Fatalf("%d messages, want 7", len(p.Records))
		}
		for i := 1; i < len(p.Records); i++ {
			if p.Records[i].Seq <= p.Records[i-1].Seq {
				t.Fatalf("order broken at %d: %d after %d", i, p.Records[i].Seq, p.Records[i-1].Seq)
			}
		}
	})
}

// The sender recalls a message within the window (content emptied for
// everyone); after it, and for anyone else, recall is refused.
func TestRecallWindow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := e.SignIn(t, "caregiver_maple1")
		c := start(t, owner, "", e.UserID(t, "caregiver_maple1"))
		m := push(t, owner, c.ID, "r-1", "Wrong room number")
		late := push(t, owner, c.ID, "r-2", "Too late to recall")

		amina.Get(t, api+"/message/recall?messageId="+m.ID).Is(t, 200, shared.CodeForbidden)
		e.Clock.Advance(time.Duration(shared.ChatRecallSeconds-5) * time.Second)
		var got shared.Message
		owner.Get(t, api+"/message/recall?messageId="+m.ID).OK(t).Into(t, &got)
		if !got.Recalled || got.Content != "" {
			t.Fatalf("recalled %+v", got)
		}
		for _, r := range page(t, amina, c.ID).Records {
			if r.ID == m.ID && (!r.Recalled || r.Content != "") {
				t.Fatalf("amina still reads the recalled message: %+v", r)
			}
		}
		e.Clock.Advance(10 * time.Second)
		owner.Get(t, api+"/message/recall?messageId="+late.ID).Is(t, 200, shared.CodeConflict)
	})
}

// The recall window is a run-time parameter whose default is
// HEARTH_CHAT_RECALL_SECONDS: the environment's 300 seconds rule until the
// super admin sets 60 at /params-setting, and the next recall past 60
// seconds is refused (naming the 60 seconds); back to the default, 300 again.
func TestRecallWindowIsAParameter(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Config: func(c *config.Config) { c.Chat.RecallSeconds = 300 }})
		owner := e.SignIn(t, "owner_evergreen", maple)
		admin := e.SignIn(t, "superadmin")
		c := start(t, owner, "", e.UserID(t, "caregiver_maple1"))
		var list []shared.Param
		admin.Get(t, "/api/system/params/list").OK(t).Into(t, &list)
		for _, p := range list {
			if p.Key == "chat.recallSeconds" && (p.DefaultValue != "300" || p.Value != "300") {
				t.Errorf("the environment's default is not the parameter's: %+v", p)
			}
		}
		first := push(t, owner, c.ID, "p-1", "Recalled under the environment's window")
		e.Clock.Advance(200 * time.Second) // past the built-in 120, within the environment's 300
		owner.Get(t, api+"/message/recall?messageId="+first.ID).OK(t)

		admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "chat.recallSeconds", Value: "60"}).OK(t)
		var dash shared.ImDashboard
		owner.Get(t, api+"/dashboard").OK(t).Into(t, &dash)
		if dash.RecallSeconds != 60 {
			t.Errorf("the chat is told a window of %d s, want 60", dash.RecallSeconds)
		}
		second := push(t, owner, c.ID, "p-2", "Past the new window")
		e.Clock.Advance(61 * time.Second)
		r := owner.Get(t, api+"/message/recall?messageId="+second.ID).Is(t, 200, shared.CodeConflict)
		if !strings.Contains(r.Message, "within 60 seconds") {
			t.Errorf("message %q does not name the new window", r.Message)
		}
		admin.Post(t, "/api/system/params/reset", shared.ParamKeyRequest{Key: "chat.recallSeconds"}).OK(t)
		owner.Get(t, api+"/message/recall?messageId="+second.ID).OK(t)
	})
}

// Membership: someone who left or was removed reads and writes nothing more
// there (4004, like an unknown chat); another facility's chat id is 4004;
// nobody leaves the facility's channel.
func TestMembership(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := e.SignIn(t, "caregiver_maple1")
		wei := e.SignIn(t, "caregiver_maple2")
		aminaID, weiID := e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_maple2")
		g := start(t, owner, "Night team", aminaID, weiID)
		hello := push(t, owner, g.ID, "g-1", "Hello team")

		amina.Post(t, api+"/chat/leave?chatId="+g.ID, nil).OK(t)
		amina.Post(t, api+"/message/pageLatest", shared.MessagePageRequest{ChatID: g.ID}).Is(t, 200, shared.CodeNotFound)
		amina.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: g.ID, TrackID: "x", MessageType: shared.MessageText, Content: "back?"}).
			Is(t, 200, shared.CodeNotFound)
		if chatOf(t, amina, g.ID) != nil {
			t.Fatal("a left group is still in amina's list")
		}
		var renamed shared.Chat
		owner.Do(t, servertest.Request{Method: "POST", Path: api + "/chat/name/modify", Raw: "chatId=" + g.ID + "&name=Nights+%26+weekends",
			Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}).OK(t).Into(t, &renamed)
		if renamed.Name != "Nights & weekends" {
			t.Fatalf("renamed %q", renamed.Name)
		}
		owner.Post(t, api+"/chat/removeMember", shared.ChatMembersRequest{ChatID: g.ID, UserIDs: []string{weiID}}).OK(t)
		wei.Post(t, api+"/message/pageLatest", shared.MessagePageRequest{ChatID: g.ID}).Is(t, 200, shared.CodeNotFound)
		// Added back, Wei reads from then on.
		owner.Post(t, api+"/chat/addMember", shared.ChatMembersRequest{ChatID: g.ID, UserIDs: []string{weiID}}).OK(t)
		push(t, owner, g.ID, "g-2", "Welcome back")
		if got := texts(page(t, wei, g.ID)); !slices.Equal(got, []string{"Welcome back"}) {
			t.Fatalf("wei added again reads %q", got)
		}
		events := 0
		for _, m := range page(t, owner, g.ID).Records {
			if m.MessageType == shared.MessageEvent {
				events++
			}
		}
		if events != 5 { // created, left, renamed, removed, added
			t.Fatalf("%d event messages, want 5", events)
		}

		// Another facility: the owner signed in to Cedar, and Cedar's caregiver.
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", cedar), e.SignIn(t, "caregiver_cedar1")} {
			c.Post(t, api+"/message/pageLatest", shared.MessagePageRequest{ChatID: g.ID}).Is(t, 200, shared.CodeNotFound)
			c.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: g.ID, TrackID: "y", MessageType: shared.MessageText, Content: "hi"}).
				Is(t, 200, shared.CodeNotFound)
			c.Post(t, api+"/chat/readAll", shared.ChatReadAllRequest{ChatID: g.ID}).Is(t, 200, shared.CodeNotFound)
			c.Post(t, api+"/chat/start", shared.ChatStartRequest{MemberIDs: []string{aminaID}}).Is(t, 200, shared.CodeNotFound)
			c.Get(t, api+"/message/recall?messageId="+hello.ID).Is(t, 200, shared.CodeNotFound)
			c.Post(t, api+"/message/translate", shared.MessageTranslateRequest{MessageID: hello.ID}).Is(t, 200, shared.CodeNotFound)
			c.Post(t, api+"/message/delete", shared.MessageDeleteRequest{MessageIDs: []string{hello.ID}}).Is(t, 200, shared.CodeNotFound)
			c.Post(t, api+"/chat/addMember", shared.ChatMembersRequest{ChatID: g.ID, UserIDs: []string{aminaID}}).Is(t, 200, shared.CodeNotFound)
			c.Post(t, api+"/chat/autoTranslate", shared.ChatAutoTranslateRequest{ChatID: g.ID, On: true}).Is(t, 200, shared.CodeNotFound)
			if chatOf(t, c, g.ID) != nil {
				t.Fatal("another facility lists Maple's group")
			}
		}

		// The facility's channel: every Maple person is in it; nobody leaves it.
		var channel *shared.Chat
		for _, ch := range chats(t, amina) {
			if ch.Kind == shared.ChatFacility {
				channel = &ch
			}
		}
		if channel == nil || channel.Name != maple || len(channel.Members) < 4 {
			t.Fatalf("maple's channel %+v", channel)
		}
		amina.Post(t, api+"/chat/leave?chatId="+channel.ID, nil).Is(t, 200, shared.CodeConflict)
	})
}

// Who may chat: the free plan may not (7003); the super admin has no
// facility (4003, saying so); nobody unsigned.
func TestAccess(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		free := e.SignIn(t, "owner_birch")
		free.Get(t, api+"/dashboard/").Is(t, 200, shared.CodeFunctionMissing)
		free.Post(t, api+"/chat/pageLatest", shared.ChatPageRequest{}).Is(t, 200, shared.CodeFunctionMissing)
		free.Post(t, api+"/contact/page", shared.ContactPageRequest{}).Is(t, 200, shared.CodeFunctionMissing)

		super := e.SignIn(t, "superadmin")
		r := super.Post(t, api+"/chat/pageLatest", shared.ChatPageRequest{}).Is(t, 200, shared.CodeForbidden)
		if r.Message == "" || r.Message == "Forbidden" {
			t.Fatalf("super admin told %q", r.Message)
		}
		if n := unread(t, super); n != 0 {
			t.Fatalf("super admin unread %d", n)
		}
		e.Client().Get(t, api+"/dashboard/").Is(t, 401, shared.CodeUnauthorized)

		// Contacts: Maple's people without the caller; none of Cedar's.
		var contacts shared.Page[shared.Contact]
		e.SignIn(t, "caregiver_maple1").Post(t, api+"/contact/page", shared.ContactPageRequest{Current: 0, Size: 1000}).OK(t).Into(t, &contacts)
		names := map[string]bool{}
		for _, c := range contacts.Records {
			names[c.UserName] = true
		}
		if !names["Wei Chen"] || names["Amina Njoroge"] || names["Maria Santos"] {
			t.Fatalf("contacts %v", names)
		}
	})
}

// Forward: each or merged, from and to chats the caller is in, at most the
// configured number at once.
func TestForward(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Config: func(c *config.Config) { c.Chat.ForwardMax = 2 }})
		owner := e.SignIn(t, "owner_evergreen", maple)
		wei := e.SignIn(t, "caregiver_maple2")
		aminaID, weiID := e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_maple2")
		withAmina := start(t, owner, "", aminaID)
		withWei := start(t, owner, "", weiID)
		a := push(t, owner, withAmina.ID, "f-1", "Room 3 needs towels")
		b := push(t, owner, withAmina.ID, "f-2", "And soap")
		c := push(t, owner, withAmina.ID, "f-3", "Thanks")

		owner.Post(t, api+"/message/forward", shared.MessageForwardRequest{MessageIDs: []string{a.ID, b.ID, c.ID}, ChatIDs: []string{withWei.ID},
			Mode: shared.MessageForwardEach, TrackID: "fw-0"}).Is(t, 200, shared.CodeValidation)
		var each []shared.Message
		owner.Post(t, api+"/message/forward", shared.MessageForwardRequest{MessageIDs: []string{a.ID, b.ID}, ChatIDs: []string{withWei.ID},
			Mode: shared.MessageForwardEach, TrackID: "fw-1"}).OK(t).Into(t, &each)
		var merged []shared.Message
		owner.Post(t, api+"/message/forward", shared.MessageForwardRequest{MessageIDs: []string{a.ID, b.ID}, ChatIDs: []string{withWei.ID},
			Mode: shared.MessageForwardMerge, TrackID: "fw-2"}).OK(t).Into(t, &merged)
		if len(each) != 2 || len(merged) != 1 || merged[0].MessageType != shared.MessageForwardMerge {
			t.Fatalf("forwarded %+v / %+v", each, merged)
		}
		if got := texts(page(t, wei, withWei.ID)); !slices.Equal(got, []string{"Room 3 needs towels", "And soap"}) {
			t.Fatalf("wei reads %q", got)
		}
		// Wei is not in the owner's chat with Amina: he cannot forward from it.
		wei.Post(t, api+"/message/forward", shared.MessageForwardRequest{MessageIDs: []string{a.ID}, ChatIDs: []string{withWei.ID},
			Mode: shared.MessageForwardEach, TrackID: "fw-3"}).Is(t, 200, shared.CodeNotFound)
		// Nor into it.
		wm := push(t, wei, withWei.ID, "w-1", "ok")
		wei.Post(t, api+"/message/forward", shared.MessageForwardRequest{MessageIDs: []string{wm.ID}, ChatIDs: []string{withAmina.ID},
			Mode: shared.MessageForwardEach, TrackID: "fw-4"}).Is(t, 200, shared.CodeNotFound)
	})
}
