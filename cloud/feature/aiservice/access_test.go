package aiservice_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The translator is for the essential and premium plans (spec 000 §6): a
// free-plan facility gets 7003; /ai-config's plan table narrows it further per
// capability; the super admin is not gated. /status tells the UI which buttons show.
func TestPlanGating(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		admin := useProvider(t, e, s, 100)
		free := e.SignIn(t, "owner_birch")
		essential := e.SignIn(t, "caregiver_cedar1")
		premium := e.SignIn(t, "caregiver_maple1")

		translate(t, free, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		free.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Hello"}).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		free.Post(t, api+"/basic/chatCompletion", shared.ChatCompletionRequest{Use: shared.AIChatHelp, Prompt: "Hello"}).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		translate(t, essential, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		translate(t, premium, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		translate(t, admin, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)

		var st shared.AIStatus
		free.Get(t, api+"/status").OK(t).Into(t, &st)
		if st.Translator || st.HelpAssistant || st.Marketing != string(shared.MarketingStarter) {
			t.Fatalf("free plan status %+v", st)
		}
		essential.Get(t, api+"/status").OK(t).Into(t, &st)
		if !st.Translator || st.HelpAssistant || st.Marketing != string(shared.MarketingStarter) || len(st.Voices) != 9 || len(st.Languages) != 9 {
			t.Fatalf("essential plan status %+v", st)
		}
		premium.Get(t, api+"/status").OK(t).Into(t, &st)
		if !st.Translator || !st.HelpAssistant || st.Marketing != string(shared.MarketingPremium) {
			t.Fatalf("premium plan status %+v", st)
		}
		for _, l := range st.Languages {
			if l.Language == shared.LanguageTagalog && l.OfflineSpeech {
				t.Fatal("Tagalog has no offline voice")
			}
		}

		// The super admin takes speech away from the essential plan.
		var cfg shared.AIConfig
		admin.Get(t, api+"/config/get").OK(t).Into(t, &cfg)
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: cfg.TenantPerMinute,
			Plans: []shared.AIPlanCapabilities{{Plan: shared.PlanEssential, Capabilities: []shared.AICapability{shared.AITranslation}}}}).OK(t)
		r := essential.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Hello"}).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		if !strings.Contains(r.Message, "plan does not include this AI feature") {
			t.Fatalf("message %q", r.Message)
		}
		translate(t, essential, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		premium.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Hello"}).Is(t, http.StatusOK, "")
		admin.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Hello"}).Is(t, http.StatusOK, "")

		// /ai-config is the super admin's; usage is read by owners and the super admin.
		for _, c := range []*servertest.Client{free, essential, premium, e.SignIn(t, "owner_evergreen", maple)} {
			c.Get(t, api+"/config/get").Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 5}).Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation}).Is(t, http.StatusOK, shared.CodeForbidden)
		}
		premium.Post(t, api+"/usage/listByPage", shared.PageRequest[shared.AIUsageFilter]{Current: 1, Size: 20}).Is(t, http.StatusOK, shared.CodeForbidden)
		e.Client().Post(t, api+"/translator/translate", shared.TranslateRequest{Text: "Hi", From: shared.LanguageEnglish, To: shared.LanguageSpanish}).
			Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
	})
}

// Each facility has its own calls per minute: past the limit 4029 with the
// seconds to wait; another facility is not held up; the next minute is free.
func TestTenantRateLimit(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		e.Clock.Advance(time.Duration(60000-e.Clock.Now().UnixMilli()%60000) * time.Millisecond) // the start of a minute
		s := aitest.Start(t, key)
		useProvider(t, e, s, 3)
		maple1, maple2, cedar1 := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "caregiver_maple2"), e.SignIn(t, "caregiver_cedar1")
		for _, c := range []*servertest.Client{maple1, maple2, maple1} {
			translate(t, c, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		}
		r := translate(t, maple2, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).Is(t, http.StatusOK, shared.CodeRateLimited)
		var info shared.RetryInfo
		r.Into(t, &info)
		if info.RetryAfterSeconds != 60 || !strings.Contains(r.Message, "60 seconds") {
			t.Fatalf("%+v %q", info, r.Message)
		}
		translate(t, cedar1, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		e.Clock.Advance(time.Minute)
		translate(t, maple2, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		var windows int
		if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM ai_rate_windows WHERE tenant_id = ?`, e.FacilityID(t, maple)).Scan(&windows); err != nil {
			t.Fatal(err)
		}
		if windows != 1 {
			t.Fatalf("%d rate windows kept for Maple: old minutes are forgotten", windows)
		}
	})
}

// The usage log: an owner reads only the facility she is signed in to; the
// super admin reads any facility's, or all.
func TestUsageLogIsolation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		admin := useProvider(t, e, s, 100)
		translate(t, e.SignIn(t, "caregiver_maple1"), "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		translate(t, e.SignIn(t, "caregiver_maple1"), "Bye", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		translate(t, e.SignIn(t, "caregiver_cedar1"), "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation}).OK(t) // the platform's own call
		mapleID, cedarID := e.FacilityID(t, maple), e.FacilityID(t, cedar)
		names := map[string]string{mapleID: maple, cedarID: cedar, "": ""}

		list := func(c *servertest.Client, f shared.AIUsageFilter) shared.Page[shared.AIUsage] {
			var p shared.Page[shared.AIUsage]
			c.Post(t, api+"/usage/listByPage", shared.PageRequest[shared.AIUsageFilter]{Current: 1, Size: 20, Data: f}).OK(t).Into(t, &p)
			return p
		}
		for _, c := range []struct {
			client *servertest.Client
			filter shared.AIUsageFilter
			tenant string
			total  int64
		}{
			{e.SignIn(t, "owner_evergreen", maple), shared.AIUsageFilter{}, mapleID, 2},
			{e.SignIn(t, "owner_evergreen", maple), shared.AIUsageFilter{TenantID: cedarID}, mapleID, 2}, // an owner cannot name another facility
			{e.SignIn(t, "owner_evergreen", cedar), shared.AIUsageFilter{}, cedarID, 1},
			{e.SignIn(t, "owner_birch"), shared.AIUsageFilter{TenantID: mapleID}, "", 0},
			{admin, shared.AIUsageFilter{TenantID: mapleID}, mapleID, 2},
			{admin, shared.AIUsageFilter{Capability: shared.AITranslation}, "", 4},
		} {
			p := list(c.client, c.filter)
			if p.Total != c.total || int64(len(p.Records)) != c.total {
				t.Fatalf("%+v: %d rows", c.filter, p.Total)
			}
			for _, u := range p.Records {
				if c.tenant != "" && u.TenantID != c.tenant {
					t.Fatalf("a row of %s in a list of %s", u.TenantID, c.tenant)
				}
				// The super admin reads the facility's name, not only its id; the platform's test has none.
				if name, ok := names[u.TenantID]; !ok || u.FacilityName != name {
					t.Fatalf("row of %q named %q", u.TenantID, u.FacilityName)
				}
				if u.Capability != shared.AITranslation || u.Outcome != shared.CodeOK || u.Model != "gpt-4o-mini" || u.Provider != shared.AIProviderAI {
					t.Fatalf("row %+v", u)
				}
			}
		}
	})
}
