package im_test

import (
	"strings"
	"testing"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const aiKey = "sk-test-key-0123456789WXYZ"

// A message written in Chinese is translated into the owner's English once
// (the provider is asked once; the cache answers after), shows in the page
// as its translation beside the original, and with the owner's per-chat
// switch on, new ones are translated while the page is read.
func TestTranslationCache(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := aitest.Start(t, aiKey)
		e := servertest.Start(t, d, servertest.Options{Config: func(c *config.Config) {
			c.AI = config.AI{BaseURL: s.BaseURL(), APIKey: aiKey}
		}})
		setLanguage(t, e, "caregiver_maple2", shared.LangZhCN)
		setLanguage(t, e, "owner_evergreen", shared.LangEnUS)
		owner := e.SignIn(t, "owner_evergreen", maple)
		wei := e.SignIn(t, "caregiver_maple2")
		c := start(t, wei, "", e.UserID(t, "owner_evergreen"))
		m := push(t, wei, c.ID, "zh-1", "三号房间需要毛巾")
		if m.Language != string(shared.LangZhCN) {
			t.Fatalf("language %q", m.Language)
		}
		var tr shared.MessageTranslation
		owner.Post(t, api+"/message/translate", shared.MessageTranslateRequest{MessageID: m.ID}).OK(t).Into(t, &tr)
		if !strings.Contains(tr.Translation, "三号房间需要毛巾") || tr.Language != string(shared.LangEnUS) {
			t.Fatalf("translation %+v", tr)
		}
		calls := s.Calls(aitest.ChatPath)
		owner.Post(t, api+"/message/translate", shared.MessageTranslateRequest{MessageID: m.ID}).OK(t).Into(t, &tr)
		if s.Calls(aitest.ChatPath) != calls {
			t.Fatal("a cached translation asked the provider again")
		}
		p := page(t, owner, c.ID)
		if got := p.Records[len(p.Records)-1]; got.Translation != tr.Translation || got.Content != "三号房间需要毛巾" {
			t.Fatalf("page shows %+v", got)
		}
		// Wei reads his own text: nothing to translate.
		if got := page(t, wei, c.ID).Records; got[len(got)-1].Translation != "" {
			t.Fatalf("the writer sees a translation %q", got[len(got)-1].Translation)
		}

		owner.Post(t, api+"/chat/autoTranslate", shared.ChatAutoTranslateRequest{ChatID: c.ID, On: true}).OK(t)
		n := push(t, wei, c.ID, "zh-2", "谢谢")
		p = page(t, owner, c.ID)
		if got := p.Records[len(p.Records)-1]; got.ID != n.ID || !strings.Contains(got.Translation, "谢谢") {
			t.Fatalf("auto-translated %+v", got)
		}
		for _, text := range []string{"早上好", "药已经发了", "李先生睡得很好", "厨房需要牛奶"} {
			push(t, wei, c.ID, "zh-"+text, text)
		}
		for _, m := range page(t, owner, c.ID).Records {
			if m.Sender == e.UserID(t, "caregiver_maple2") && !strings.Contains(m.Translation, m.Content) {
				t.Fatalf("not auto-translated: %+v", m)
			}
		}
	})
}

// With no AI provider, translating English for a Chinese reader answers the
// AI service's 4150 as it is, and the page shows the original alone, also
// with auto-translate on.
func TestTranslationWithoutProvider(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setLanguage(t, e, "caregiver_maple2", shared.LangZhCN)
		setLanguage(t, e, "owner_evergreen", shared.LangEnUS)
		owner := e.SignIn(t, "owner_evergreen", maple)
		wei := e.SignIn(t, "caregiver_maple2")
		c := start(t, owner, "", e.UserID(t, "caregiver_maple2"))
		m := push(t, owner, c.ID, "en-1", "Please check the fridge log")
		r := wei.Post(t, api+"/message/translate", shared.MessageTranslateRequest{MessageID: m.ID}).Is(t, 200, shared.CodeAINotConfigured)
		if r.Message == "" {
			t.Fatal("no reason given")
		}
		wei.Post(t, api+"/chat/autoTranslate", shared.ChatAutoTranslateRequest{ChatID: c.ID, On: true}).OK(t)
		p := page(t, wei, c.ID)
		if got := p.Records[len(p.Records)-1]; got.Content != "Please check the fridge log" || got.Translation != "" {
			t.Fatalf("page shows %+v", got)
		}
	})
}
