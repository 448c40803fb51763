package core

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"hearth/shared"
)

// errNoCloudURL: the first-run setup has not saved a cloud URL yet.
var errNoCloudURL = errors.New("no cloud URL set")

// cloudDown wraps why the cloud did not answer (network, timeout, a gateway
// status or an answer that is not the cloud's).
type cloudDown struct{ err error }

func (e *cloudDown) Error() string { return "cloud did not answer: " + e.err.Error() }
func (e *cloudDown) Unwrap() error { return e.err }

// isGatewayStatus: a proxy or load balancer in front of the cloud answered
// because the cloud itself did not.
func isGatewayStatus(status int) bool {
	return status == http.StatusBadGateway || status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout
}

// cloudAnswer is the cloud's envelope for one of the shell's own calls, with
// its HTTP status (401 and 410 carry envelopes too) and raw body.
type cloudAnswer struct {
	Status  int
	Body    []byte
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// callCloud sends one of the shell's own calls (kiosk, verifiers) and reads
// the envelope. A *cloudDown error means the cloud did not answer; the
// online state follows.
func (c *Core) callCloud(ctx context.Context, method, path, credential, lang string, body any) (*cloudAnswer, error) {
	base := c.cloudURL()
	if base == "" {
		return nil, &cloudDown{errNoCloudURL}
	}
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return nil, wrap("cloud call "+path+": encode", err)
		}
		rd = bytes.NewReader(raw)
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return nil, &cloudDown{err}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if credential != "" {
		req.Header.Set(kioskHeader, credential)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	req.Header.Set("Cache-Control", "no-cache")
	res, err := c.client.Do(req)
	if err != nil {
		c.noteOffline()
		return nil, &cloudDown{err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		c.noteOffline()
		return nil, &cloudDown{err}
	}
	if isGatewayStatus(res.StatusCode) {
		c.noteOffline()
		return nil, &cloudDown{fmt.Errorf("HTTP %d", res.StatusCode)}
	}
	a := &cloudAnswer{Status: res.StatusCode, Body: raw}
	if err := json.Unmarshal(raw, a); err != nil || a.Code == "" {
		// Not the cloud's envelope (a captive portal, a wrong URL): not an answer.
		c.noteOffline()
		return nil, &cloudDown{fmt.Errorf("HTTP %d without an envelope", res.StatusCode)}
	}
	c.noteOnline()
	return a, nil
}

// checkHealth asks url/healthz; nil when it answers 200.
func (c *Core) checkHealth(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(url, "/")+"/healthz", nil)
	if err != nil {
		return wrap("health check", err)
	}
	res, err := c.client.Do(req)
	if err != nil {
		return wrap("health check", err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("/healthz answered HTTP %d", res.StatusCode)
	}
	return nil
}

// passThrough writes a cloud's envelope to the UI as the cloud wrote it.
func passThrough(w http.ResponseWriter, a *cloudAnswer) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(a.Status)
	_, _ = w.Write(a.Body)
}

// langOf is the caller's language tag, passed on to the cloud.
func langOf(r *http.Request) string { return string(pickLanguage(r.Header.Get("Accept-Language"))) }

// envelopeOK builds a success envelope's bytes.
func envelopeOK(data any) ([]byte, error) {
	raw, err := json.Marshal(shared.Envelope[any]{Code: shared.CodeOK, Message: "success", Data: data})
	return raw, wrap("envelope: encode", err)
}
