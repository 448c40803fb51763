// Package ai is the AI platform: a Provider speaking the OpenAI HTTP API
// (chat completions, audio transcriptions, audio speech) to OpenAI, Azure
// OpenAI or any OpenAI-compatible server (vLLM, llama.cpp server, LocalAI),
// and the offline fallbacks used when no provider is configured or it cannot
// be reached: espeak-ng for speech, apertium for English↔Spanish. It knows
// nothing of facilities, plans or the database (cloud/feature/aiservice does).
package ai

import (
	"context"
	"time"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Provider is one AI endpoint: a base URL, a key and a model. Every method
// answers a *problem.Error (codes 400, 4150–4153) when it fails.
type Provider interface {
	Chat(ctx context.Context, in ChatRequest) (*ChatResult, error)
	Transcribe(ctx context.Context, in TranscribeRequest) (*TranscribeResult, error)
	Speak(ctx context.Context, in SpeechRequest) (*Audio, error)
}

// Endpoint is where and how one capability's provider is called.
type Endpoint struct {
	BaseURL string // e.g. https://api.openai.com/v1 (the paths /chat/completions, /audio/... follow it)
	APIKey  string // sent as Bearer (and as api-key to Azure hosts); empty for servers that need none
	Model   string
	Timeout time.Duration // one attempt; 0: DefaultTimeout
}

// Configured reports whether the endpoint names a server.
func (e Endpoint) Configured() bool { return e.BaseURL != "" }

// DefaultTimeout is one attempt's timeout when the endpoint sets none;
// transcription, which uploads audio, gets DefaultTranscriptionTimeout.
const (
	DefaultTimeout              = 30 * time.Second
	DefaultTranscriptionTimeout = 60 * time.Second
)

// ChatRequest is one chat completion: a system prompt and a user prompt.
type ChatRequest struct {
	Model        string // empty: the endpoint's
	SystemPrompt string
	Prompt       string
	MaxTokens    int // 0: the provider's default
}

// ChatResult is the assistant's answer and what it cost.
type ChatResult struct {
	Content          string
	Model            string
	PromptTokens     int
	CompletionTokens int
}

// TranscribeRequest is one recording to transcribe.
type TranscribeRequest struct {
	Audio    []byte
	Format   AudioFormat
	Language string // ISO 639-1 ("en", "zh"); empty: the provider detects it
}

// TranscribeResult is what was heard.
type TranscribeResult struct {
	Text     string
	Language string // ISO 639-1 or the provider's language name, when it says
	Duration time.Duration
	Model    string
}

// SpeechRequest is text to speak with one of the nine voices.
type SpeechRequest struct {
	Text  string
	Voice shared.SpeechVoice
}

// Audio is spoken text: its bytes and content type (audio/mpeg from a
// provider, audio/wav from espeak-ng).
type Audio struct {
	Data        []byte
	ContentType string
	Duration    time.Duration // known for WAV; 0 otherwise
	Model       string
}

// Problems of the AI platform; the web layer turns them into envelopes.
var (
	ErrNotConfigured      = problem.New(shared.CodeAINotConfigured, "ai.notConfigured")
	ErrTranslationOffline = problem.New(shared.CodeAINotConfigured, "ai.translationNeedsProvider")
	ErrTranscriptionNeeds = problem.New(shared.CodeAINotConfigured, "ai.transcriptionNeedsProvider")
	ErrUnreachable        = problem.New(shared.CodeAIUnavailable, "ai.unreachable")
	ErrTimeout            = problem.New(shared.CodeAIUnavailable, "ai.timeout")
	ErrProviderBusy       = problem.New(shared.CodeAIUnavailable, "ai.providerBusy")
	ErrProviderFailed     = problem.New(shared.CodeAIUnavailable, "ai.providerFailed")
	ErrKeyRejected        = problem.New(shared.CodeAIRefused, "ai.keyRejected")
	ErrAddressRefused     = problem.New(shared.CodeAIRefused, "ai.addressRefused")
	ErrModelUnknown       = problem.New(shared.CodeAIRefused, "ai.modelUnknown")
	ErrRequestRefused     = problem.New(shared.CodeAIRefused, "ai.requestRefused")
	ErrBadAnswer          = problem.New(shared.CodeAIBadAnswer, "ai.badAnswer")
	ErrNoSpeech           = problem.New(shared.CodeNoSpeech, "ai.noSpeech")
	ErrOfflineMissing     = problem.New(shared.CodeAIOfflineMissing, "ai.offlineMissing")
	ErrNoOfflineVoice     = problem.New(shared.CodeAINoOfflineVoice, "ai.noOfflineVoice")
	ErrOfflineFailed      = problem.New(shared.CodeInternal, "ai.offlineFailed")
)

// Unavailable reports whether err means the provider could not be reached or
// kept failing (so an offline fallback should be tried), as opposed to a
// refusal or an answer that says something (no speech, a bad key).
func Unavailable(err error) bool {
	p, ok := problem.As(err)
	return ok && p.Code == shared.CodeAIUnavailable
}
