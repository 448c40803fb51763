package aiservice_test

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
	"testing"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A provider's base URL may not be a link-local or cloud metadata address
// (169.254.169.254, fe80::…), in /config/save and in /config/test: 4022 on
// the field, nothing sent. Loopback (the test server) and LAN addresses (a
// llama.cpp server in the home) stay allowed.
func TestMetadataAddressRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		admin := useProvider(t, e, s, 100)

		for _, bad := range []string{"http://169.254.169.254/latest", "http://[fe80::1]:8080/v1", "http://[::ffff:169.254.169.254]/v1", "http://metadata.google.internal/v1"} {
			r := admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
				Providers: []shared.AIProviderSave{{Capability: shared.AITranslation, BaseURL: bad, APIKey: "sk-new-key-0000000000"}}}).
				Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(string(r.Data), `"field":"providers[0].baseUrl"`) || !strings.Contains(r.Message, "metadata") {
				t.Fatalf("save %s: %s", bad, r.Body)
			}
			r = admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation, BaseURL: bad}).
				Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(string(r.Data), `"field":"baseUrl"`) || !strings.HasPrefix(r.Message, "Translation and rewriting: ") {
				t.Fatalf("test %s: %s", bad, r.Body)
			}
		}
		// The saved provider is untouched, and a LAN address is accepted.
		var cfg shared.AIConfig
		admin.Get(t, api+"/config/get").OK(t).Into(t, &cfg)
		if cfg.Providers[0].BaseURL != s.BaseURL() {
			t.Fatalf("saved %+v", cfg.Providers[0])
		}
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AIAnalysis, BaseURL: "http://192.168.1.20:8080/v1"}}}).OK(t)
	})
}

// A kept key is sent only to the base URL it was saved for: testing another
// address without typing the key sends none (and says so when it fails);
// saving another address needs the key again (4022 on apiKey) or "Remove API key".
func TestKeptKeyStaysWithItsBaseURL(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		admin := useProvider(t, e, s, 100)
		elsewhere := aitest.Start(t, "") // answers with or without a key, and records what it got

		var res shared.AIConfigTestResult
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation, BaseURL: elsewhere.BaseURL()}).OK(t).Into(t, &res)
		if got := elsewhere.LastAuthorization(); got != "" || elsewhere.Calls(aitest.ChatPath) != 1 {
			t.Fatalf("the kept key went to another address: %q (%d calls)", got, elsewhere.Calls(aitest.ChatPath))
		}
		if !res.OK {
			t.Fatalf("a server that needs no key: %+v", res)
		}
		// A server that wants the key: refused, and the answer says why the key was not sent.
		wants := aitest.Start(t, key)
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation, BaseURL: wants.BaseURL()}).OK(t).Into(t, &res)
		if res.OK || res.Code != shared.CodeAIRefused || wants.LastAuthorization() != "" || !strings.Contains(res.Message, "kept API key was not sent") {
			t.Fatalf("%+v (Authorization %q)", res, wants.LastAuthorization())
		}
		// The saved address (a trailing slash is the same address) gets the kept key.
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation, BaseURL: s.BaseURL() + "/"}).OK(t).Into(t, &res)
		if !res.OK || s.LastAuthorization() != "Bearer "+key {
			t.Fatalf("%+v", res)
		}
		// A key typed in the form goes where the form says.
		admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation, BaseURL: wants.BaseURL(), APIKey: key}).OK(t).Into(t, &res)
		if !res.OK {
			t.Fatalf("%+v", res)
		}

		// Saving another address without the key: refused on the key, nothing changes.
		r := admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AISpeech, BaseURL: s.BaseURL()}, {Capability: shared.AITranslation, BaseURL: elsewhere.BaseURL()}}}).
			Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(string(r.Data), `"field":"providers[1].apiKey"`) || !strings.HasPrefix(r.Message, "Translation and rewriting: ") {
			t.Fatalf("%s", r.Body)
		}
		before := elsewhere.Calls(aitest.ChatPath)
		translate(t, e.SignIn(t, "caregiver_maple1"), "Hello", shared.LanguageEnglish, shared.LanguageChinese).OK(t)
		if elsewhere.Calls(aitest.ChatPath) != before || s.LastAuthorization() != "Bearer "+key {
			t.Fatal("the refused save moved the provider")
		}
		// With the key again, or with the key removed (a server that needs none), it saves.
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AITranslation, BaseURL: elsewhere.BaseURL(), ClearAPIKey: true}}}).OK(t)
		admin.Post(t, api+"/config/save", shared.SaveAIConfigRequest{TenantPerMinute: 100,
			Providers: []shared.AIProviderSave{{Capability: shared.AITranslation, BaseURL: wants.BaseURL(), APIKey: key}}}).OK(t)
		translate(t, e.SignIn(t, "caregiver_maple2"), "Hello", shared.LanguageEnglish, shared.LanguageChinese).OK(t)
	})
}

// logBuffer collects the server's log for a test to read.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A provider that quotes the key back in its error text: the test's answer,
// a caregiver's answer and the server's log hold neither the kept key nor a
// typed one, only its last four characters.
func TestProviderErrorsNeverQuoteTheKey(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		logs := &logBuffer{}
		e := servertest.Start(t, d, servertest.Options{LogTo: logs})
		s := aitest.Start(t, "sk-the-key-it-wants-000000")
		s.EchoKey = true
		admin := useProvider(t, e, s, 100) // saved with key, which this server refuses and quotes
		const typed = "sk-typed-in-the-form-987654321"

		var res shared.AIConfigTestResult
		r := admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AITranslation}).OK(t)
		r.Into(t, &res)
		if res.OK || res.Code != shared.CodeAIRefused || !strings.Contains(res.Message, "Incorrect API key provided: ••••WXYZ") {
			t.Fatalf("%+v", res)
		}
		answers := string(r.Body)
		r = admin.Post(t, api+"/config/test", shared.TestAIConfigRequest{Capability: shared.AISpeech, BaseURL: s.BaseURL(), APIKey: typed}).OK(t)
		r.Into(t, &res)
		if res.OK || !strings.Contains(res.Message, "••••4321") {
			t.Fatalf("%+v", res)
		}
		answers += string(r.Body)
		r = translate(t, e.SignIn(t, "caregiver_maple1"), "Hello", shared.LanguageEnglish, shared.LanguageChinese).Is(t, http.StatusOK, shared.CodeAIRefused)
		answers += string(r.Body)

		logged := logs.String()
		if !strings.Contains(logged, "ai call failed") {
			t.Fatalf("the failures were not logged: %s", logged)
		}
		for _, secret := range []string{key, key[:14], typed, typed[:14]} {
			if strings.Contains(answers, secret) {
				t.Fatalf("an answer quoted %q: %s", secret, answers)
			}
			if strings.Contains(logged, secret) {
				t.Fatalf("the log quoted %q: %s", secret, logged)
			}
		}
	})
}
