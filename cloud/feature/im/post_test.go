package im_test

import (
	"context"
	"errors"
	"testing"

	"hearth/cloud/platform/chatpost"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func post(t *testing.T, e *servertest.Env, p chatpost.Post) {
	t.Helper()
	if err := e.DB.InTx(context.Background(), func(tx *db.Tx) error { return e.Server.Chat.Post(context.Background(), tx, p) }); err != nil {
		t.Fatal(err)
	}
}

func system(t *testing.T, c *servertest.Client, kind shared.ChatKind) (*shared.Chat, []shared.Message) {
	t.Helper()
	for _, ch := range chats(t, c) {
		if ch.Kind == kind {
			var out []shared.Message
			for _, m := range page(t, c, ch.ID).Records {
				if m.MessageType == shared.MessageSystem {
					out = append(out, m)
				}
			}
			return &ch, out
		}
	}
	return nil, nil
}

// Hearth's own posts: to a person's Hearth chat (read-only for them) or the
// facility's channel, stored once per key and source, with the key and its
// params for each reader's language; a rolled-back post leaves nothing.
func TestHearthPosts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple := e.FacilityID(t, maple)
		amina := e.SignIn(t, "caregiver_maple1")
		before := unread(t, amina)
		due := chatpost.Post{TenantID: maple, To: []string{e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_cedar1")},
			Key: shared.ChatKeyMedOverdueSoon, Params: map[string]string{"resident": "Margaret", "medication": "Metformin", "dueAt": "1"}, SourceID: "pass-1"}
		post(t, e, due)
		post(t, e, due)
		ch, msgs := system(t, amina, shared.ChatSystem)
		if ch == nil || len(msgs) != 1 || msgs[0].Content != shared.ChatKeyMedOverdueSoon || msgs[0].Format != shared.FormatKey ||
			msgs[0].Extra == "" || msgs[0].Sender != "" {
			t.Fatalf("amina's Hearth chat %+v %+v", ch, msgs)
		}
		if n := unread(t, amina); n != before+1 {
			t.Fatalf("unread %d, want %d", n, before+1)
		}
		amina.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: ch.ID, TrackID: "x", MessageType: shared.MessageText, Content: "ok"}).
			Is(t, 200, shared.CodeForbidden)
		amina.Post(t, api+"/chat/leave?chatId="+ch.ID, nil).Is(t, 200, shared.CodeConflict)
		// Cedar's caregiver is not Maple's: nothing was made for her.
		if c, _ := system(t, e.SignIn(t, "caregiver_cedar1"), shared.ChatSystem); c != nil {
			t.Fatal("a Maple post reached Cedar")
		}

		post(t, e, chatpost.Post{TenantID: maple, Key: shared.ChatKeyShiftReportSubmitted, Params: map[string]string{"author": "Amina"}, SourceID: "rep-1"})
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		if _, msgs := system(t, owner, shared.ChatFacility); len(msgs) != 1 || msgs[0].Content != shared.ChatKeyShiftReportSubmitted {
			t.Fatalf("channel %+v", msgs)
		}
		boom := errors.New("boom")
		err := e.DB.InTx(context.Background(), func(tx *db.Tx) error {
			if err := e.Server.Chat.Post(context.Background(), tx, chatpost.Post{TenantID: maple, Key: shared.ChatKeyIncidentForReview, SourceID: "inc-1"}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if _, msgs := system(t, owner, shared.ChatFacility); len(msgs) != 1 {
			t.Fatalf("a rolled-back post stayed: %+v", msgs)
		}
	})
}
