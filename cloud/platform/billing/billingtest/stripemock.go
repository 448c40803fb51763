// Package billingtest runs stripe-mock (github.com/stripe/stripe-mock, Stripe's
// own API double: it checks every request against Stripe's OpenAPI document
// and answers fixtures, keeps no state and sends no webhooks) for a test, and
// signs webhook payloads the way Stripe does.
package billingtest

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"hearth/cloud/platform/billing"
)

// Version is the stripe-mock the tests run (docs/operations.md).
const Version = "v0.203.0"

// WebhookSecret is the tests' endpoint secret.
const WebhookSecret = "whsec_hearth_test_secret"

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary finds stripe-mock: $STRIPE_MOCK_BIN, on PATH, or built once into the
// user's cache with `go install github.com/stripe/stripe-mock@Version` (the Go
// module proxy is reachable wherever the tests run).
func binary(tb testing.TB) string {
	tb.Helper()
	buildOnce.Do(func() {
		if p := os.Getenv("STRIPE_MOCK_BIN"); p != "" {
			binPath = p
			return
		}
		if p, err := exec.LookPath("stripe-mock"); err == nil {
			binPath = p
			return
		}
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		dir := filepath.Join(cache, "hearth", "stripe-mock-"+Version)
		binPath = filepath.Join(dir, "stripe-mock")
		if _, err := os.Stat(binPath); err == nil {
			return
		}
		tmp, err := os.MkdirTemp(filepath.Dir(dir), "build-")
		if err != nil && os.MkdirAll(filepath.Dir(dir), 0o755) == nil {
			tmp, err = os.MkdirTemp(filepath.Dir(dir), "build-")
		}
		if err != nil {
			buildErr = err
			return
		}
		cmd := exec.Command("go", "install", "github.com/stripe/stripe-mock@"+Version)
		cmd.Env = append(os.Environ(), "GOBIN="+tmp, "GOFLAGS=-buildvcs=false", "GOWORK=off")
		cmd.Dir = tmp
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = &buildError{out: string(out), err: err}
			return
		}
		// Another test binary may have built it meanwhile: a rename is atomic either way.
		_ = os.MkdirAll(dir, 0o755)
		buildErr = os.Rename(filepath.Join(tmp, "stripe-mock"), binPath)
		_ = os.RemoveAll(tmp)
	})
	if buildErr != nil {
		tb.Fatalf("stripe-mock %s: %v", Version, buildErr)
	}
	return binPath
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

var listening = regexp.MustCompile(`Listening for HTTP at address: (\S+)`)

// Start runs a stripe-mock for the test on a free local port and answers its
// API address; it stops with the test.
func Start(tb testing.TB) string {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, binary(tb), "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		tb.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		cancel()
		tb.Fatalf("start stripe-mock: %v", err)
	}
	tb.Cleanup(func() { cancel(); _ = cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(30 * time.Second):
		tb.Fatal("stripe-mock did not start within 30 s")
	}
	return ""
}

// Config is the billing configuration of a server that talks to the stripe-mock at url.
func Config(url string) billing.Config {
	return billing.Config{SecretKey: "sk_test_hearth", PublishableKey: "pk_test_hearth", WebhookSecret: WebhookSecret, APIURL: url}
}

// Sign signs a webhook payload as Stripe does (the Stripe-Signature header's value).
func Sign(payload []byte, secret string) string {
	if secret == "" {
		secret = WebhookSecret
	}
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: time.Now()}).Header
}

// Event is a webhook payload of the given type about an object.
func Event(id, typ string, object map[string]any) []byte {
	var b strings.Builder
	b.WriteString(`{"id":"` + id + `","object":"event","api_version":"2025-01-01","type":"` + typ + `","data":{"object":`)
	b.WriteString(jsonOf(object))
	b.WriteString(`}}`)
	return []byte(b.String())
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
