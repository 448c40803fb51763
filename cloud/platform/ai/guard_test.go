package ai_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/ai"
	"hearth/cloud/platform/ai/aitest"
	"hearth/shared"
)

// Link-local and cloud metadata addresses are refused before anything is
// sent, however the base URL names them; loopback and LAN addresses (a
// llama.cpp server in the home, the test server) stay allowed.
func TestRefusedHost(t *testing.T) {
	t.Parallel()
	for host, refused := range map[string]bool{
		"169.254.169.254":              true,
		"169.254.0.1":                  true,
		"fe80::1":                      true,
		"fe80::1%eth0":                 true,
		"::ffff:169.254.169.254":       true,
		"fd00:ec2::254":                true,
		"100.100.100.200":              true,
		"ff02::1":                      true,
		"224.0.0.1":                    true,
		"metadata.google.internal":     true,
		"Metadata.Google.Internal.":    true,
		"127.0.0.1":                    false,
		"::1":                          false,
		"localhost":                    false,
		"10.0.0.5":                     false,
		"192.168.1.20":                 false,
		"172.16.4.2":                   false,
		"fd12:3456::5":                 false,
		"api.openai.com":               false,
		"my-resource.openai.azure.com": false,
	} {
		if got := ai.RefusedHost(host); got != refused {
			t.Errorf("RefusedHost(%q) = %v, want %v", host, got, refused)
		}
	}
}

// A provider whose base URL is (or, at dial time, resolves to) a link-local
// or metadata address is refused at once with 4152, without a connection:
// the key never leaves the server.
func TestMetadataAddressRefusedAtDial(t *testing.T) {
	t.Parallel()
	for _, base := range []string{"http://169.254.169.254/latest", "http://[fe80::1]/v1", "http://[::ffff:169.254.169.254]/v1", "http://100.100.100.200/v1"} {
		start := time.Now()
		_, err := ai.NewOpenAI(ai.Endpoint{BaseURL: base, APIKey: key, Model: "gpt-4o-mini", Timeout: 3 * time.Second}).WithRetries(0, 0).
			Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
		if p := wantCode(t, err, shared.CodeAIRefused); p.Key != "ai.addressRefused" {
			t.Fatalf("%s: %v", base, p)
		}
		if took := time.Since(start); took > time.Second {
			t.Fatalf("%s: refused after %v (a connection was tried)", base, took)
		}
	}
	// Loopback is allowed.
	s := aitest.Start(t, key)
	if _, err := provider(s, time.Second).Chat(context.Background(), ai.ChatRequest{Prompt: "hello"}); err != nil {
		t.Fatal(err)
	}
}

// A provider's redirect is not followed (it could point anywhere, the
// metadata address included): the answer is refused, the target never called.
func TestRedirectNotFollowed(t *testing.T) {
	t.Parallel()
	target := aitest.Start(t, key)
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.BaseURL()+"/chat/completions", http.StatusTemporaryRedirect)
	}))
	t.Cleanup(redirect.Close)
	_, err := ai.NewOpenAI(ai.Endpoint{BaseURL: redirect.URL + "/v1", APIKey: key, Model: "gpt-4o-mini", Timeout: time.Second}).WithRetries(0, 0).
		Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	wantCode(t, err, shared.CodeAIRefused)
	if n := target.Calls(aitest.ChatPath); n != 0 {
		t.Fatalf("the redirect was followed: %d calls", n)
	}
}

// A provider that quotes the key back in its error (some OpenAI-compatible
// servers do) has it masked before the problem is made: neither its detail
// nor its text holds the key, nor a Bearer header.
func TestProviderErrorNeverQuotesTheKey(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, "sk-the-right-key-000000")
	s.EchoKey = true
	const wrong = "sk-wrong-key-ABCDEF0123456789"
	_, err := ai.NewOpenAI(ai.Endpoint{BaseURL: s.BaseURL(), APIKey: wrong, Model: "gpt-4o-mini", Timeout: time.Second}).WithRetries(0, 0).
		Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	p := wantCode(t, err, shared.CodeAIRefused)
	detail, _ := p.Args["detail"].(string)
	if !strings.Contains(detail, "Incorrect API key") || !strings.Contains(detail, "••••6789") {
		t.Fatalf("detail %q", detail)
	}
	for _, s := range []string{detail, err.Error()} {
		if strings.Contains(s, wrong) || strings.Contains(s, "ABCDEF") || strings.Contains(s, "Bearer sk") {
			t.Fatalf("the key was quoted: %q", s)
		}
	}
}

// Redact masks the given keys as they are and key-shaped text of any key.
func TestRedact(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Incorrect API key provided: my-own-secret-0042.":         "Incorrect API key provided: ••••0042.",
		"bad key sk-proj-AbCdEf0123456789xyz, try again":          "bad key ••••, try again",
		"header was Bearer abc.DEF-123_456 ok":                    "header was Bearer •••• ok",
		"api-key: 0123456789abcdef0123456789abcdef rejected":      "api-key: •••• rejected",
		"azure key 0123456789abcdef0123456789ABCDEF is not valid": "azure key •••• is not valid",
		"The model gpt-4o-mini does not exist":                    "The model gpt-4o-mini does not exist",
		"":                                                        "",
	} {
		if got := ai.Redact(in, "my-own-secret-0042", ""); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}
