package im_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// frames records what the chat publishes, once the writing transaction commits.
type frames struct {
	mu   sync.Mutex
	sent []sent
}

type sent struct {
	to    []string
	in    string // the facility whose sockets are addressed ("" = all)
	frame shared.ImFrame
}

func (f *frames) Publish(ctx context.Context, q db.Querier, userIDs []string, frame shared.ImFrame) error {
	return f.PublishIn(ctx, q, "", userIDs, frame)
}

func (f *frames) PublishIn(_ context.Context, q db.Querier, tenantID string, userIDs []string, frame shared.ImFrame) error {
	to := slices.Clone(userIDs)
	db.AfterCommit(q, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.sent = append(f.sent, sent{to: to, in: tenantID, frame: frame})
	})
	return nil
}

// take answers and forgets the frames of action.
func (f *frames) take(action shared.ImAction) []sent {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out, rest []sent
	for _, s := range f.sent {
		if s.frame.Action == action {
			out = append(out, s)
		} else {
			rest = append(rest, s)
		}
	}
	f.sent = rest
	return out
}

// Every member's sockets hear of a new message (the sender's other devices
// too), the others of their unread counts; readAll sends the read receipt to
// the members and the new counts to the reader; a recall reaches everyone.
func TestPublishedFrames(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		f := &frames{}
		e.Server.Chat.SetPublisher(f)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := e.SignIn(t, "caregiver_maple1")
		ownerID, aminaID := e.UserID(t, "owner_evergreen"), e.UserID(t, "caregiver_maple1")
		c := start(t, owner, "", aminaID)
		// Each side hears of the chat as they see it: named after the other person.
		views := map[string]string{}
		for _, s := range f.take(shared.ImChat) {
			views[s.to[0]] = s.frame.Data.(*shared.Chat).Name
		}
		if views[ownerID] != "Amina Njoroge" || views[aminaID] == "" || views[aminaID] == "Amina Njoroge" {
			t.Fatalf("ImChat views %v", views)
		}

		m := push(t, owner, c.ID, "p-1", "Are you on your way?")
		msgs := f.take(shared.ImMessage)
		if len(msgs) != 1 || !slices.Contains(msgs[0].to, ownerID) || !slices.Contains(msgs[0].to, aminaID) {
			t.Fatalf("ImMessage frames %+v", msgs)
		}
		// Only to the sockets signed in to Maple: the owner's Cedar tab hears nothing of it.
		if msgs[0].in != e.FacilityID(t, maple) {
			t.Fatalf("ImMessage addressed to facility %q", msgs[0].in)
		}
		if got, ok := msgs[0].frame.Data.(shared.Message); !ok || got.ID != m.ID {
			t.Fatalf("ImMessage data %+v", msgs[0].frame.Data)
		}
		un := f.take(shared.ImUnread)
		if len(un) != 1 || !slices.Equal(un[0].to, []string{aminaID}) || un[0].frame.Data.(shared.ImUnreadEvent).ChatUnread != 1 {
			t.Fatalf("ImUnread frames %+v", un)
		}
		// The same trackId again stores nothing and tells nobody.
		push(t, owner, c.ID, "p-1", "Are you on your way?")
		if got := f.take(shared.ImMessage); len(got) != 0 {
			t.Fatalf("a repeated trackId was published again: %+v", got)
		}

		amina.Post(t, api+"/chat/readAll", shared.ChatReadAllRequest{ChatID: c.ID}).OK(t)
		reads := f.take(shared.ImRead)
		if len(reads) != 1 || !slices.Contains(reads[0].to, ownerID) || reads[0].frame.Data.(shared.ImReadEvent).ReadSeq != m.Seq {
			t.Fatalf("ImRead frames %+v", reads)
		}
		un = f.take(shared.ImUnread)
		if len(un) != 1 || !slices.Equal(un[0].to, []string{aminaID}) || un[0].frame.Data.(shared.ImUnreadEvent).ChatUnread != 0 {
			t.Fatalf("ImUnread after readAll %+v", un)
		}

		owner.Get(t, api+"/message/recall?messageId="+m.ID).OK(t)
		rec := f.take(shared.ImRecall)
		if len(rec) != 1 || len(rec[0].to) != 2 || rec[0].frame.Data.(shared.ImRecallEvent).MessageID != m.ID {
			t.Fatalf("ImRecall frames %+v", rec)
		}
		// A refused write publishes nothing.
		owner.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: c.ID, TrackID: "p-2", MessageType: shared.MessageText, Content: " "}).
			Is(t, 200, shared.CodeValidation)
		if got := f.take(shared.ImMessage); len(got) != 0 {
			t.Fatalf("published %+v", got)
		}
	})
}
