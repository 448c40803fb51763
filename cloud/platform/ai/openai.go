package ai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hearth/shared"
)

// OpenAI is a Provider speaking the OpenAI HTTP API (platform.openai.com/docs/api-reference):
// POST {base}/chat/completions, {base}/audio/transcriptions (multipart) and
// {base}/audio/speech. Calls that meet 429 or a 5xx are retried with backoff,
// waiting what Retry-After (or retry-after-ms) asks when it asks.
type OpenAI struct {
	ep      Endpoint
	client  *http.Client
	retries int
	backoff time.Duration
	maxWait time.Duration
}

// Retry defaults: 2 more tries after the first, 500 ms doubling with jitter,
// and a provider asking to wait longer than 10 s is not waited for (the person
// in the conversation is).
const (
	DefaultRetries = 2
	DefaultBackoff = 500 * time.Millisecond
	MaxRetryWait   = 10 * time.Second
	// maxAnswerBytes bounds what a provider may answer (speech of 4096 characters is a few MB).
	maxAnswerBytes = 64 << 20
)

// sharedClient keeps connections to providers alive between calls; each
// attempt is bounded by its own context, not by a client timeout. It dials
// through the guarded dialer (no link-local or metadata address) and follows
// no redirect: a provider's API does not move, and a redirect could point at
// an address the base URL was refused for.
var sharedClient = &http.Client{
	Transport: func() http.RoundTripper {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 16
		t.ResponseHeaderTimeout = 0
		t.DialContext = dialer.DialContext
		return t
	}(),
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// NewOpenAI is a provider at ep with the default retries.
func NewOpenAI(ep Endpoint) *OpenAI {
	return &OpenAI{ep: ep, client: sharedClient, retries: DefaultRetries, backoff: DefaultBackoff, maxWait: MaxRetryWait}
}

// WithRetries returns a copy with n retries and the given base backoff (tests, the connection test).
func (o *OpenAI) WithRetries(n int, backoff time.Duration) *OpenAI {
	c := *o
	c.retries, c.backoff = n, backoff
	return &c
}

func (o *OpenAI) timeout(def time.Duration) time.Duration {
	if o.ep.Timeout > 0 {
		return o.ep.Timeout
	}
	return def
}

func (o *OpenAI) model(m string) string {
	if m != "" {
		return m
	}
	return o.ep.Model
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatBody struct {
	Model     string        `json:"model"`
	Messages  []chatMessage `json:"messages"`
	MaxTokens int           `json:"max_tokens,omitempty"`
}

type chatAnswer struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

// Chat is POST {base}/chat/completions.
func (o *OpenAI) Chat(ctx context.Context, in ChatRequest) (*ChatResult, error) {
	model := o.model(in.Model)
	body := chatBody{Model: model, MaxTokens: in.MaxTokens}
	if in.SystemPrompt != "" {
		body.Messages = append(body.Messages, chatMessage{Role: "system", Content: in.SystemPrompt})
	}
	body.Messages = append(body.Messages, chatMessage{Role: "user", Content: in.Prompt})
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("ai: chat request: %w", err)
	}
	ans, _, err := o.call(ctx, "/chat/completions", o.timeout(DefaultTimeout), func() (io.Reader, string) {
		return bytes.NewReader(raw), "application/json"
	})
	if err != nil {
		return nil, err
	}
	var a chatAnswer
	if err := json.Unmarshal(ans, &a); err != nil || len(a.Choices) == 0 || a.Choices[0].Message.Content == nil {
		return nil, ErrBadAnswer.With(map[string]any{"detail": o.detail(snippet(ans))})
	}
	if a.Model == "" {
		a.Model = model
	}
	return &ChatResult{Content: *a.Choices[0].Message.Content, Model: a.Model,
		PromptTokens: a.Usage.PromptTokens, CompletionTokens: a.Usage.CompletionTokens}, nil
}

type transcriptionAnswer struct {
	Text     *string  `json:"text"`
	Language string   `json:"language"`
	Duration *float64 `json:"duration"`
	Segments []struct {
		NoSpeechProb float64 `json:"no_speech_prob"`
	} `json:"segments"`
}

// noSpeechProbability: segments Whisper itself thinks are silence at least
// this surely are taken as no speech (Whisper writes "Thank you." on silence).
const noSpeechProbability = 0.8

// Transcribe is POST {base}/audio/transcriptions (multipart: file, model,
// language, response_format). Whisper models answer verbose_json (language,
// duration, segments); others json. Empty text is ErrNoSpeech.
func (o *OpenAI) Transcribe(ctx context.Context, in TranscribeRequest) (*TranscribeResult, error) {
	model := o.model("")
	format := "json"
	if strings.Contains(strings.ToLower(model), "whisper") {
		format = "verbose_json"
	}
	fields := [][2]string{{"model", model}, {"response_format", format}}
	if in.Language != "" {
		fields = append(fields, [2]string{"language", in.Language})
	}
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	for _, f := range fields {
		if err := w.WriteField(f[0], f[1]); err != nil {
			return nil, fmt.Errorf("ai: transcription form: %w", err)
		}
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="audio.`+in.Format.Ext()+`"`)
	h.Set("Content-Type", in.Format.ContentType())
	part, err := w.CreatePart(h)
	if err != nil {
		return nil, fmt.Errorf("ai: transcription form: %w", err)
	}
	if _, err := part.Write(in.Audio); err != nil {
		return nil, fmt.Errorf("ai: transcription form: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("ai: transcription form: %w", err)
	}
	raw, ct := form.Bytes(), w.FormDataContentType()
	ans, _, err := o.call(ctx, "/audio/transcriptions", o.timeout(DefaultTranscriptionTimeout), func() (io.Reader, string) {
		return bytes.NewReader(raw), ct
	})
	if err != nil {
		return nil, err
	}
	var a transcriptionAnswer
	if err := json.Unmarshal(ans, &a); err != nil || a.Text == nil {
		return nil, ErrBadAnswer.With(map[string]any{"detail": o.detail(snippet(ans))})
	}
	out := &TranscribeResult{Text: strings.TrimSpace(*a.Text), Language: a.Language, Model: model}
	if a.Duration != nil && *a.Duration > 0 {
		out.Duration = time.Duration(*a.Duration * float64(time.Second))
	}
	silent := len(a.Segments) > 0
	for _, s := range a.Segments {
		silent = silent && s.NoSpeechProb >= noSpeechProbability
	}
	if out.Text == "" || silent {
		return nil, ErrNoSpeech
	}
	return out, nil
}

type speechBody struct {
	Model          string `json:"model"`
	Input          string `json:"input"`
	Voice          string `json:"voice"`
	ResponseFormat string `json:"response_format"`
}

// Speak is POST {base}/audio/speech, answered as MP3.
func (o *OpenAI) Speak(ctx context.Context, in SpeechRequest) (*Audio, error) {
	voice := in.Voice
	if voice == "" {
		voice = shared.VoiceAlloy
	}
	model := o.model("")
	raw, err := json.Marshal(speechBody{Model: model, Input: in.Text, Voice: string(voice), ResponseFormat: "mp3"})
	if err != nil {
		return nil, fmt.Errorf("ai: speech request: %w", err)
	}
	ans, hdr, err := o.call(ctx, "/audio/speech", o.timeout(DefaultTimeout), func() (io.Reader, string) {
		return bytes.NewReader(raw), "application/json"
	})
	if err != nil {
		return nil, err
	}
	ct := hdr.Get("Content-Type")
	if len(ans) == 0 || strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "text/") {
		return nil, ErrBadAnswer.With(map[string]any{"detail": o.detail(snippet(ans))})
	}
	if ct == "" || ct == "application/octet-stream" {
		ct = "audio/mpeg"
	}
	return &Audio{Data: ans, ContentType: ct, Model: model}, nil
}

// call POSTs to path, retrying 429 and 5xx answers, and answers the body of
// a 2xx answer or the problem its failure means.
func (o *OpenAI) call(ctx context.Context, path string, timeout time.Duration, body func() (io.Reader, string)) ([]byte, http.Header, error) {
	target, err := url.JoinPath(o.ep.BaseURL, path)
	if err != nil || !strings.HasPrefix(o.ep.BaseURL, "http") {
		return nil, nil, ErrNotConfigured
	}
	for attempt := 0; ; attempt++ {
		ans, hdr, status, err := o.once(ctx, target, timeout, body)
		if err != nil {
			return nil, nil, err
		}
		if status >= 200 && status < 300 {
			return ans, hdr, nil
		}
		retryable := status == http.StatusTooManyRequests || status >= 500
		wait, asked := retryAfter(hdr)
		if !asked {
			wait = o.backoff << attempt
			wait += time.Duration(rand.Int64N(int64(wait)/4 + 1)) // jitter, so replicas do not retry in step
		}
		fits := wait <= o.maxWait
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			fits = false
		}
		if !retryable || attempt >= o.retries || !fits {
			return nil, nil, statusProblem(status, o.detail(providerMessage(ans)), wait, asked)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, nil, ErrTimeout
		case <-t.C:
		}
	}
}

// once makes one attempt within timeout.
func (o *OpenAI) once(ctx context.Context, target string, timeout time.Duration, body func() (io.Reader, string)) ([]byte, http.Header, int, error) {
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	rd, ct := body()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, target, rd)
	if err != nil {
		return nil, nil, 0, ErrNotConfigured
	}
	if RefusedHost(req.URL.Hostname()) { // also when a proxy, not the dialer, would resolve it
		return nil, nil, 0, ErrAddressRefused
	}
	req.Header.Set("Content-Type", ct)
	if o.ep.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.ep.APIKey)
		if azure(req.URL.Host) { // Azure OpenAI takes its key as api-key
			req.Header.Set("api-key", o.ep.APIKey)
		}
	}
	resp, err := o.client.Do(req)
	if err != nil {
		return nil, nil, 0, o.transportProblem(actx, err)
	}
	defer resp.Body.Close()
	ans, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return nil, nil, 0, o.transportProblem(actx, err)
	}
	if len(ans) > maxAnswerBytes {
		return nil, nil, 0, ErrBadAnswer.With(map[string]any{"detail": "answer too large"})
	}
	return ans, resp.Header, resp.StatusCode, nil
}

func azure(host string) bool {
	return strings.HasSuffix(host, ".azure.com") || strings.HasSuffix(host, ".azure-api.net")
}

// detail is a provider's words as an answer or a log may show them: the
// endpoint's key and anything key-shaped masked (Redact), then clipped.
func (o *OpenAI) detail(s string) string {
	return clip(Redact(s, o.ep.APIKey))
}

// transportProblem names a failure to talk to the provider at all.
func (o *OpenAI) transportProblem(ctx context.Context, err error) error {
	if errors.Is(err, errAddressRefused) {
		return ErrAddressRefused
	}
	var ne net.Error
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return ErrTimeout
	}
	return ErrUnreachable.With(map[string]any{"detail": o.detail(shortError(err))})
}

// statusProblem names a provider's failing answer; detail is already masked.
func statusProblem(status int, detail string, wait time.Duration, asked bool) error {
	args := map[string]any{"detail": detail, "status": status}
	switch {
	case status == http.StatusTooManyRequests:
		p := ErrProviderBusy.With(args)
		if asked {
			p = p.WithData(shared.AIProblemData{RetryAfterSeconds: int((wait + time.Second - 1) / time.Second)})
		}
		return p
	case status >= 500:
		return ErrProviderFailed.With(args)
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return ErrKeyRejected.With(args)
	case status == http.StatusNotFound:
		return ErrModelUnknown.With(args)
	default:
		return ErrRequestRefused.With(args)
	}
}

// retryAfter reads retry-after-ms (OpenAI) or Retry-After (seconds or an HTTP date).
func retryAfter(h http.Header) (time.Duration, bool) {
	if h == nil {
		return 0, false
	}
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second)), true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(at)), true
	}
	return 0, false
}

// providerMessage is the provider's own words from {"error": {"message": ...}} (detail masks and clips them).
func providerMessage(body []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &e) == nil && len(e.Error) > 0 {
		var inner struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(e.Error, &inner) == nil && inner.Message != "" {
			return inner.Message
		}
		var s string
		if json.Unmarshal(e.Error, &s) == nil && s != "" {
			return s
		}
	}
	return snippet(body)
}

func snippet(b []byte) string {
	if !utf8.Valid(b) {
		return fmt.Sprintf("%d bytes", len(b))
	}
	if len(b) > redactScan*4 { // never shown beyond that; cut on a character boundary
		b = []byte(strings.ToValidUTF8(string(b[:redactScan*4]), ""))
	}
	return strings.TrimSpace(string(b))
}

func clip(s string) string {
	const max = 300
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max]) + "…"
}

func shortError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}
