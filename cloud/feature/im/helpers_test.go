package im_test

import (
	"context"
	"net/http"
	"testing"

	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	api   = "/api/im"
	maple = "Maple House AFH"
	cedar = "Cedar Home AFH"
)

func start(t *testing.T, c *servertest.Client, name string, ids ...string) shared.Chat {
	t.Helper()
	var out shared.Chat
	c.Post(t, api+"/chat/start", shared.ChatStartRequest{MemberIDs: ids, Name: name}).OK(t).Into(t, &out)
	return out
}

func push(t *testing.T, c *servertest.Client, chatID, track, text string) shared.Message {
	t.Helper()
	m, err := tryPush(c, chatID, track, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// tryPush is push for a test's goroutines: it returns what went wrong.
func tryPush(c *servertest.Client, chatID, track, text string) (shared.Message, error) {
	var out shared.Message
	r, err := c.Try(servertest.Request{Path: api + "/message/push",
		Body: shared.MessagePushRequest{ChatID: chatID, TrackID: track, MessageType: shared.MessageText, Content: text}})
	if err == nil {
		err = r.Check(http.StatusOK, shared.CodeOK)
	}
	if err == nil {
		err = r.Decode(&out)
	}
	return out, err
}

func page(t *testing.T, c *servertest.Client, chatID string) shared.MessagePage {
	t.Helper()
	var out shared.MessagePage
	c.Post(t, api+"/message/pageLatest", shared.MessagePageRequest{ChatID: chatID, Size: 50}).OK(t).Into(t, &out)
	return out
}

func chats(t *testing.T, c *servertest.Client) []shared.Chat {
	t.Helper()
	var out shared.Page[shared.Chat]
	c.Post(t, api+"/chat/pageLatest", shared.ChatPageRequest{Size: 50}).OK(t).Into(t, &out)
	return out.Records
}

func chatOf(t *testing.T, c *servertest.Client, id string) *shared.Chat {
	t.Helper()
	for _, ch := range chats(t, c) {
		if ch.ID == id {
			return &ch
		}
	}
	return nil
}

func unread(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var out shared.ImDashboard
	c.Get(t, api+"/dashboard/").OK(t).Into(t, &out)
	return out.UnreadMessageCount
}

func texts(p shared.MessagePage) []string {
	var out []string
	for _, m := range p.Records {
		if m.MessageType == shared.MessageText {
			out = append(out, m.Content)
		}
	}
	return out
}

// setLanguage sets the language a person reads Hearth in.
func setLanguage(t *testing.T, e *servertest.Env, account string, lang shared.Language) {
	t.Helper()
	if _, err := e.DB.ExecContext(context.Background(), `UPDATE users SET language = ? WHERE account_key = ?`, lang, account); err != nil {
		t.Fatal(err)
	}
}
