package aiservice_test

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The key is kept encrypted and never sent back: config/get shows its last
// four characters; saving again without a key keeps it; the database and the
// audit log never hold it in the clear; a bad base URL is refused by field.
func TestKeyNeverEchoed(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		admin := useProvider(t, e, s, 100)

		r := admin.Get(t, api+"/config/get").OK(t)
		if strings.Contains(string(r.Body), key) || strings.Contains(string(r.Body), key[:12]) {
			t.Fatalf("config/get sent the key: %s", r.Body)
		}
		var cfg shared.AIConfig
		r.Into(t, &cfg)
		for _, p := range cfg.Providers {
			switch p.Capability {
			case shared.AIAnalysis:
				if p.Source != shared.AIConfigNone || p.APIKeySet {
					t.Fatalf("analysis %+v", p)
				}
			default:
				if p.Source != shared.AIConfigDatabase || !p.APIKeySet || p.APIKeyMasked != "••••WXYZ" || p.BaseURL != s.BaseURL() {
					t.Fatalf("%+v", p)
				}
			}
			if p.Capability == shared.AITranslation && p.Model != "gpt-4o-mini" {
				t.Fatalf("default model %q (spec 001 §9)", p.Model)
			}
		}
		if len(cfg.Plans) != 3 || cfg.TenantPerMinute != 100 {
			t.Fatalf("%+v", cfg)
		}
		for _, q := range []string{`SELECT COUNT(*) FROM ai_providers WHERE api_key_enc LIKE ?`, `SELECT COUNT(*) FROM audit_log WHERE after_json LIKE ? OR before_json LIKE ?`} {
			var n int
			args := []any{"%" + key[:12] + "%"}
			if strings.Count(q, "?") == 2 {
				args = append(args, args[0])
			}
			if err := e.DB.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil || n != 0 {
				t.Fatalf("%s: %d %v", q, n, err)
			}
		}

		// Saved again without a key (the form sends none): the key is kept and works.
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AITranslation, BaseURL: s.BaseURL() + "/", Model: "gpt-4o-mini"}}}).OK(t)
		translate(t, e.SignIn(t, "caregiver_maple1"), "Hello", shared.LanguageEnglish, shared.LanguageChinese).OK(t)

		// Test connection: ok with the latency; a wrong key answers the provider's words.
		var res shared.AIConfigTestResult
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation}).OK(t).Into(t, &res)
		if !res.OK || res.Model != "gpt-4o-mini" {
			t.Fatalf("%+v", res)
		}
		for _, c := range []shared.AICapability{shared.AITranscription, shared.AISpeech} {
			admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: c}).OK(t).Into(t, &res)
			if !res.OK {
				t.Fatalf("%s: %+v", c, res)
			}
		}
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation, BaseURL: s.BaseURL(), APIKey: "sk-wrong"}).OK(t).Into(t, &res)
		if res.OK || res.Code != shared.CodeAIRefused || !strings.Contains(res.Message, "Incorrect API key") {
			t.Fatalf("%+v", res)
		}
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AIAnalysis}).OK(t).Into(t, &res)
		if res.OK || res.Code != shared.CodeAINotConfigured {
			t.Fatalf("%+v", res)
		}

		// Clearing the key: the provider then refuses.
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AITranslation, BaseURL: s.BaseURL(), ClearAPIKey: true}}}).OK(t)
		translate(t, e.SignIn(t, "caregiver_maple1"), "Hello", shared.LanguageEnglish, shared.LanguageChinese).Is(t, http.StatusOK, shared.CodeAIRefused)

		// A bad base URL names the capability: the field is the request's path to it, the message says which.
		for _, bad := range []string{"ftp://example.com", "api.openai.com/v1", "https://user:pw@example.com/v1", "https://example.com/v1?x=1"} {
			r := admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
				Providers: []shared.AIProviderSave{{Capability: shared.AITranslation, BaseURL: s.BaseURL()}, {Capability: shared.AISpeech, BaseURL: bad}}}).
				Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(string(r.Data), `"field":"providers[1].baseUrl"`) || !strings.HasPrefix(r.Message, "Text to speech: Base URL must be a web address") {
				t.Fatalf("%s: %s", bad, r.Body)
			}
		}
		es := e.SignIn(t, "superadmin")
		es.Language = "es-ES"
		r = es.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AITranscription, BaseURL: "ftp://x"}}}).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(string(r.Data), `"field":"providers[0].baseUrl"`) || !strings.HasPrefix(r.Message, "Voz a texto: URL base debe ser") {
			t.Fatalf("%s", r.Body)
		}
		// Test connection's request has one capability: the field is its baseUrl, the message names the capability.
		r = admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AIAnalysis, BaseURL: "ftp://x"}).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(string(r.Data), `"field":"baseUrl"`) || !strings.HasPrefix(r.Message, "Analysis: Base URL") {
			t.Fatalf("%s", r.Body)
		}
		// A bound the schema checks reads in words too: the provider by its place, never providers[0].model.
		r = admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AITranslation, Model: strings.Repeat("m", shared.AIModelMax+1)}}}).
			Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(string(r.Data), `"field":"providers[0].model"`) || !strings.HasPrefix(r.Message, "Provider 1: Model must be at most") {
			t.Fatalf("%s", r.Body)
		}
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 0}).Is(t, http.StatusOK, shared.CodeValidation)
	})
}

// The HEARTH_AI_* variables seed every capability /ai-config has not set;
// their key is masked too.
func TestEnvironmentSeed(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := aitest.Start(t, key)
		e := servertest.Start(t, d, servertest.Options{Config: func(c *config.Config) {
			c.AI = config.AI{BaseURL: s.BaseURL(), APIKey: key, Model: "llama-3.1-8b"}
		}})
		admin := e.SignIn(t, "superadmin")
		var c shared.AIConfig
		r := admin.Get(t, api+"/config/get").OK(t)
		if strings.Contains(string(r.Body), key) {
			t.Fatal("config/get sent the environment's key")
		}
		r.Into(t, &c)
		for _, p := range c.Providers {
			if p.Source != shared.AIConfigEnvironment || p.APIKeyMasked != "••••WXYZ" {
				t.Fatalf("%+v", p)
			}
			if p.Capability == shared.AITranslation && p.Model != "llama-3.1-8b" {
				t.Fatalf("HEARTH_AI_MODEL not used: %+v", p)
			}
		}
		var tr shared.TranslationResult
		translate(t, e.SignIn(t, "caregiver_maple1"), "Hello", shared.LanguageEnglish, shared.LanguageChinese).OK(t).Into(t, &tr)
		if tr.Provider != shared.AIProviderAI || s.LastModel(aitest.ChatPath) != "llama-3.1-8b" {
			t.Fatalf("%+v model %q", tr, s.LastModel(aitest.ChatPath))
		}
	})
}

// A partial save: plans (or providers) left out of the request keep what is
// saved; a plan named replaces only that plan's capabilities.
func TestSaveKeepsWhatIsNotSent(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		admin := useProvider(t, e, s, 100)
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100, Plans: []shared.AIPlanCapabilities{
			{Plan: shared.PlanFree, Capabilities: []shared.AICapability{}},
			{Plan: shared.PlanEssential, Capabilities: []shared.AICapability{shared.AITranslation}},
			{Plan: shared.PlanPremium, Capabilities: []shared.AICapability{shared.AITranslation, shared.AISpeech}},
		}}).OK(t)
		get := func() shared.AIConfig {
			var c shared.AIConfig
			admin.Get(t, api+"/config/get").OK(t).Into(t, &c)
			return c
		}
		before := get()

		// Only the rate limit: the plan table and the providers stay.
		var after shared.AIConfig
		admin.Do(t, servertest.Request{Path: api + "/config/save", Raw: `{"tenantPerMinute": 50}`}).OK(t).Into(t, &after)
		if after.TenantPerMinute != 50 || !reflect.DeepEqual(after.Plans, before.Plans) || !reflect.DeepEqual(after.Providers, before.Providers) {
			t.Fatalf("before %+v\nafter %+v", before, after)
		}
		// Still in force: the essential plan may translate, not speak.
		essential := e.SignIn(t, "owner_evergreen", cedar)
		translate(t, essential, "Hello", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		essential.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Hello"}).Is(t, http.StatusOK, shared.CodeFunctionMissing)

		// One plan named: only it changes.
		admin.Do(t, servertest.Request{Path: api + "/config/save",
			Raw: `{"tenantPerMinute": 50, "plans": [{"plan": "ESSENTIAL_PLAN", "capabilities": ["TRANSLATION", "SPEECH"]}]}`}).OK(t).Into(t, &after)
		for i, p := range after.Plans {
			want := before.Plans[i].Capabilities
			if p.Plan == shared.PlanEssential {
				want = []shared.AICapability{shared.AISpeech, shared.AITranslation}
			}
			if !reflect.DeepEqual(p.Capabilities, want) {
				t.Fatalf("%s: %v, want %v", p.Plan, p.Capabilities, want)
			}
		}
		// The rate limit is still required.
		r := admin.Do(t, servertest.Request{Path: api + "/config/save", Raw: `{}`}).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(string(r.Data), `"field":"tenantPerMinute"`) {
			t.Fatalf("%s", r.Body)
		}
	})
}
