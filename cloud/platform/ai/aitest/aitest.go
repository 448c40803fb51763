// Package aitest is an in-process HTTP server that speaks the OpenAI protocol
// (POST /v1/chat/completions, /v1/audio/transcriptions, /v1/audio/speech) for
// tests and the benchmark: not a mock of Hearth's interfaces, a server the
// real provider client talks to over HTTP. Failures and latencies are set per test.
package aitest

import (
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is the protocol test server. Its URL (with /v1) is the provider's base URL.
type Server struct {
	*httptest.Server
	mu        sync.Mutex
	key       string
	failures  []Failure
	latency   map[string]time.Duration
	calls     map[string]int
	lastModel map[string]string
	lastLang  string
	lastAuth  string
	lastChat  ChatCall
	// Chat answers a chat completion's system and user prompt; default: "translated: " + prompt.
	Chat func(system, prompt string) string
	// Transcript is what every recording says; "" answers no speech.
	Transcript string
	// Malformed makes every answer unreadable (a 200 with a broken body).
	Malformed bool
	// EchoKey makes a refused key's 401 quote the Authorization header it got,
	// as some OpenAI-compatible servers do.
	EchoKey bool
}

// ChatCall is what the last chat completion asked.
type ChatCall struct {
	System, Prompt string
	MaxTokens      int
}

// Failure is one answer given instead of the real one.
type Failure struct {
	Status     int
	RetryAfter string        // the Retry-After header, if any
	Hang       time.Duration // wait this long before answering (a timeout)
}

// Paths of the three calls.
const (
	ChatPath          = "/v1/chat/completions"
	TranscriptionPath = "/v1/audio/transcriptions"
	SpeechPath        = "/v1/audio/speech"
)

// FakeMP3 is what /audio/speech answers: an ID3 header and a few bytes.
var FakeMP3 = append([]byte("ID3\x04\x00\x00\x00\x00\x00\x00"), make([]byte, 256)...)

// Start starts a server that wants key as Bearer (empty: any).
func Start(tb testing.TB, key string) *Server {
	tb.Helper()
	s := &Server{key: key, latency: map[string]time.Duration{}, calls: map[string]int{}, lastModel: map[string]string{},
		Transcript: "Do you have any pain today?"}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

// BaseURL is the base URL to configure: the server's URL and /v1.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Fail makes the next calls answer these failures, in order.
func (s *Server) Fail(f ...Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = append(s.failures, f...)
}

// Latency makes every call to path take d.
func (s *Server) Latency(path string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.latency[path] = d
}

// Calls is how many calls path got.
func (s *Server) Calls(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[path]
}

// LastModel is the model the last call to path named.
func (s *Server) LastModel(path string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastModel[path]
}

// LastAuthorization is the Authorization header of the last call ("" when none was sent).
func (s *Server) LastAuthorization() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastAuth
}

// LastChat is the system prompt, user prompt and max_tokens of the last chat completion.
func (s *Server) LastChat() ChatCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastChat
}

// LastLanguage is the language field of the last transcription.
func (s *Server) LastLanguage() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastLang
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls[r.URL.Path]++
	s.lastAuth = r.Header.Get("Authorization")
	var fail *Failure
	if len(s.failures) > 0 {
		f := s.failures[0]
		s.failures = s.failures[1:]
		fail = &f
	}
	delay, malformed, key, echo := s.latency[r.URL.Path], s.Malformed, s.key, s.EchoKey
	s.mu.Unlock()
	if fail != nil && fail.Hang > 0 {
		select {
		case <-time.After(fail.Hang):
		case <-r.Context().Done():
			return
		}
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	if r.Method != http.MethodPost {
		apiError(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	if got := r.Header.Get("Authorization"); key != "" && got != "Bearer "+key {
		if echo {
			apiError(w, http.StatusUnauthorized, "Incorrect API key provided: "+strings.TrimPrefix(got, "Bearer ")+" (header was "+got+")")
			return
		}
		apiError(w, http.StatusUnauthorized, "Incorrect API key provided.")
		return
	}
	if fail != nil && fail.Status != 0 {
		if fail.RetryAfter != "" {
			w.Header().Set("Retry-After", fail.RetryAfter)
		}
		apiError(w, fail.Status, http.StatusText(fail.Status))
		return
	}
	if malformed {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"choices": [{"message": {"content": "half`)
		return
	}
	switch r.URL.Path {
	case ChatPath:
		s.chat(w, r)
	case TranscriptionPath:
		s.transcribe(w, r)
	case SpeechPath:
		s.speech(w, r)
	default:
		apiError(w, http.StatusNotFound, "Unknown path "+r.URL.Path)
	}
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		MaxTokens int `json:"max_tokens"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.Model == "" || len(body.Messages) == 0 {
		apiError(w, http.StatusBadRequest, "model and messages are required")
		return
	}
	var system, prompt string
	for _, m := range body.Messages {
		if m.Role == "system" {
			system = m.Content
		} else {
			prompt = m.Content
		}
	}
	s.mu.Lock()
	s.lastModel[ChatPath] = body.Model
	s.lastChat = ChatCall{System: system, Prompt: prompt, MaxTokens: body.MaxTokens}
	chat := s.Chat
	s.mu.Unlock()
	content := "translated: " + prompt
	if chat != nil {
		content = chat(system, prompt)
	}
	writeJSON(w, map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion", "model": body.Model,
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": len(strings.Fields(system + " " + prompt)), "completion_tokens": len(strings.Fields(content))},
	})
}

func (s *Server) transcribe(w http.ResponseWriter, r *http.Request) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		apiError(w, http.StatusBadRequest, "multipart/form-data expected")
		return
	}
	form, err := multipart.NewReader(r.Body, params["boundary"]).ReadForm(32 << 20)
	if err != nil || len(form.File["file"]) == 0 || len(form.Value["model"]) == 0 {
		apiError(w, http.StatusBadRequest, "file and model are required")
		return
	}
	s.mu.Lock()
	s.lastModel[TranscriptionPath] = form.Value["model"][0]
	s.lastLang = strings.Join(form.Value["language"], "")
	text := s.Transcript
	s.mu.Unlock()
	writeJSON(w, map[string]any{"text": text, "language": "english", "duration": 1.5})
}

func (s *Server) speech(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Model, Input, Voice string
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.Input == "" || body.Voice == "" {
		apiError(w, http.StatusBadRequest, "model, input and voice are required")
		return
	}
	s.mu.Lock()
	s.lastModel[SpeechPath] = body.Model
	s.mu.Unlock()
	w.Header().Set("Content-Type", "audio/mpeg")
	_, _ = w.Write(FakeMP3)
}

func apiError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": message, "type": "invalid_request_error"}})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
