package ai_test

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/ai"
	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

const key = "sk-test-0123456789abcdef"

func provider(s *aitest.Server, timeout time.Duration) *ai.OpenAI {
	return ai.NewOpenAI(ai.Endpoint{BaseURL: s.BaseURL(), APIKey: key, Model: "gpt-4o-mini", Timeout: timeout}).WithRetries(2, 10*time.Millisecond)
}

func wantCode(t *testing.T, err error, code shared.Code) *problem.Error {
	t.Helper()
	p, ok := problem.As(err)
	if !ok || p.Code != code {
		t.Fatalf("want problem %s, got %v", code, err)
	}
	return p
}

func TestChatSucceeds(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	res, err := provider(s, time.Second).Chat(context.Background(), ai.ChatRequest{SystemPrompt: "Translate", Prompt: "good morning"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Content != "translated: good morning" || res.Model != "gpt-4o-mini" || res.PromptTokens == 0 || res.CompletionTokens == 0 {
		t.Fatalf("answer %+v", res)
	}
	if s.LastModel(aitest.ChatPath) != "gpt-4o-mini" {
		t.Fatalf("model sent %q", s.LastModel(aitest.ChatPath))
	}
}

// A 429 with Retry-After is waited for, then the call is made again and succeeds.
func TestRetriesAfter429(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	s.Fail(aitest.Failure{Status: 429, RetryAfter: "1"}, aitest.Failure{Status: 503})
	start := time.Now()
	res, err := provider(s, time.Second).Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < time.Second {
		t.Fatalf("Retry-After: 1 not respected: the retry came after %v", took)
	}
	if res.Content != "translated: hello" || s.Calls(aitest.ChatPath) != 3 {
		t.Fatalf("answer %+v after %d calls", res, s.Calls(aitest.ChatPath))
	}
}

// Retries end: three 503s answer 4151 after three calls; a 429 asking to wait
// longer than MaxRetryWait is not waited for.
func TestRetriesGiveUp(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	s.Fail(aitest.Failure{Status: 503}, aitest.Failure{Status: 502}, aitest.Failure{Status: 500})
	_, err := provider(s, time.Second).Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	if p := wantCode(t, err, shared.CodeAIUnavailable); p.Key != "ai.providerFailed" || s.Calls(aitest.ChatPath) != 3 {
		t.Fatalf("%v after %d calls", p, s.Calls(aitest.ChatPath))
	}
	s2 := aitest.Start(t, key)
	s2.Fail(aitest.Failure{Status: 429, RetryAfter: "60"})
	start := time.Now()
	_, err = provider(s2, time.Second).Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	p := wantCode(t, err, shared.CodeAIUnavailable)
	if p.Key != "ai.providerBusy" || time.Since(start) > 5*time.Second || s2.Calls(aitest.ChatPath) != 1 {
		t.Fatalf("%v; %d calls", p, s2.Calls(aitest.ChatPath))
	}
	if d, _ := p.Data.(shared.AIProblemData); d.RetryAfterSeconds != 60 {
		t.Fatalf("retryAfterSeconds %+v", p.Data)
	}
}

func TestTimeout(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	s.Fail(aitest.Failure{Hang: 2 * time.Second})
	start := time.Now()
	_, err := provider(s, 200*time.Millisecond).WithRetries(0, 0).Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	if p := wantCode(t, err, shared.CodeAIUnavailable); p.Key != "ai.timeout" {
		t.Fatal(p)
	}
	if took := time.Since(start); took > time.Second {
		t.Fatalf("the 200 ms timeout took %v", took)
	}
	if !ai.Unavailable(err) {
		t.Fatal("a timeout must count as unavailable (offline fallbacks then apply)")
	}
}

func TestMalformedAnswer(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	s.Malformed = true
	_, err := provider(s, time.Second).Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	wantCode(t, err, shared.CodeAIBadAnswer)
	_, err = provider(s, time.Second).Transcribe(context.Background(), ai.TranscribeRequest{Audio: []byte("OggS...."), Format: ai.FormatOGG})
	wantCode(t, err, shared.CodeAIBadAnswer)
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	bad := ai.NewOpenAI(ai.Endpoint{BaseURL: s.BaseURL(), APIKey: "sk-wrong", Model: "gpt-4o-mini"})
	_, err := bad.Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	if p := wantCode(t, err, shared.CodeAIRefused); p.Key != "ai.keyRejected" || !strings.Contains(p.Args["detail"].(string), "Incorrect API key") {
		t.Fatal(p)
	}
	wrongPath := ai.NewOpenAI(ai.Endpoint{BaseURL: s.URL + "/nothing", APIKey: key, Model: "gpt-4o-mini"})
	_, err = wrongPath.Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	if p := wantCode(t, err, shared.CodeAIRefused); p.Key != "ai.modelUnknown" {
		t.Fatal(p)
	}
	gone := ai.NewOpenAI(ai.Endpoint{BaseURL: "http://127.0.0.1:1/v1", Model: "m"})
	_, err = gone.Chat(context.Background(), ai.ChatRequest{Prompt: "hello"})
	if p := wantCode(t, err, shared.CodeAIUnavailable); p.Key != "ai.unreachable" {
		t.Fatal(p)
	}
}

func TestTranscription(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	p := ai.NewOpenAI(ai.Endpoint{BaseURL: s.BaseURL(), APIKey: key, Model: "whisper-1"})
	res, err := p.Transcribe(context.Background(), ai.TranscribeRequest{Audio: []byte("OggS-audio"), Format: ai.FormatOGG, Language: "es"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "Do you have any pain today?" || res.Duration != 1500*time.Millisecond || s.LastLanguage() != "es" || s.LastModel(aitest.TranscriptionPath) != "whisper-1" {
		t.Fatalf("%+v lang %q", res, s.LastLanguage())
	}
	s.Transcript = "   "
	_, err = p.Transcribe(context.Background(), ai.TranscribeRequest{Audio: []byte("OggS-audio"), Format: ai.FormatOGG})
	if pr := wantCode(t, err, shared.CodeNoSpeech); pr.Key != "ai.noSpeech" {
		t.Fatal(pr)
	}
}

func TestSpeech(t *testing.T) {
	t.Parallel()
	s := aitest.Start(t, key)
	p := ai.NewOpenAI(ai.Endpoint{BaseURL: s.BaseURL(), APIKey: key, Model: "tts-1"})
	a, err := p.Speak(context.Background(), ai.SpeechRequest{Text: "Hello", Voice: shared.VoiceNova})
	if err != nil {
		t.Fatal(err)
	}
	if a.ContentType != "audio/mpeg" || !bytes.Equal(a.Data, aitest.FakeMP3) {
		t.Fatalf("%s %d bytes", a.ContentType, len(a.Data))
	}
}

func TestSniffAudio(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		data []byte
		want ai.AudioFormat
	}{
		{[]byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F}, ai.FormatWebM},
		{[]byte("\x00\x00\x00\x20ftypM4A "), ai.FormatMP4},
		{[]byte("ID3\x04\x00"), ai.FormatMPEG},
		{[]byte{0xFF, 0xFB, 0x90, 0x00}, ai.FormatMPEG},
		{[]byte("RIFF\x00\x00\x00\x00WAVEfmt "), ai.FormatWAV},
		{[]byte("OggS\x00\x02"), ai.FormatOGG},
	} {
		if got, ok := ai.SniffAudio(c.data); !ok || got != c.want {
			t.Errorf("%q: %q %v", c.data, got, ok)
		}
	}
	for _, bad := range [][]byte{[]byte("%PDF-1.7"), []byte("\x89PNG\r\n\x1a\n"), nil, []byte("hello")} {
		if f, ok := ai.SniffAudio(bad); ok {
			t.Errorf("%q taken as %s", bad, f)
		}
	}
}

func TestSealer(t *testing.T) {
	t.Parallel()
	s, err := ai.NewSealer([]byte("a-server-secret-of-at-least-32-bytes!!"))
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := s.Seal(key, "TRANSLATION")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sealed, key) || strings.Contains(sealed, "abcdef") {
		t.Fatal("the sealed key shows the key")
	}
	if got, err := s.Open(sealed, "TRANSLATION"); err != nil || got != key {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := s.Open(sealed, "SPEECH"); !errors.Is(err, ai.ErrUnsealable) {
		t.Fatal("a key sealed for one capability opened for another")
	}
	other, _ := ai.NewSealer([]byte("another-server-secret-of-32-bytes!!!!!"))
	if _, err := other.Open(sealed, "TRANSLATION"); !errors.Is(err, ai.ErrUnsealable) {
		t.Fatal("another secret opened the key")
	}
	if ai.Mask(key) != "••••cdef" {
		t.Fatal(ai.Mask(key))
	}
}

func TestDetectOffline(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]shared.ResidentLanguage{
		"Good morning, do you have any pain?": shared.LanguageEnglish,
		"Buenos días, ¿tiene dolor?":          shared.LanguageSpanish,
		"你今天疼吗？":                              shared.LanguageChinese,
		"У вас что-нибудь болит?":             shared.LanguageRussian,
		"क्या आपको दर्द है?":                  shared.LanguageHindi,
		"ਕੀ ਤੁਹਾਨੂੰ ਦਰਦ ਹੈ?":                  shared.LanguagePunjabi,
		"Magandang umaga po, masakit ba?":     shared.LanguageTagalog,
		"12345":                               "",
	} {
		if got := ai.DetectOffline(text); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// Offline speech: espeak-ng answers a WAV of non-zero length in each of its
// 8 languages; Tagalog has no offline voice.
func TestOfflineSpeech(t *testing.T) {
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Skip("espeak-ng is not installed: run build/scripts/ensure-speech-deps.sh (make test does)")
	}
	t.Parallel()
	o := ai.FindOffline(nil)
	for _, l := range shared.TranslatorLanguages {
		a, err := o.Speak(context.Background(), "Hello 1 2 3", l, shared.VoiceCoral)
		if l == shared.LanguageTagalog {
			wantCode(t, err, shared.CodeAINoOfflineVoice)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		d, ok := ai.WAVDuration(a.Data)
		if a.ContentType != "audio/wav" || !ok || d <= 0 || d != a.Duration {
			t.Fatalf("%s: %s, duration %v (%v)", l, a.ContentType, d, ok)
		}
	}
	// Text that looks like an option is spoken, not obeyed.
	if _, err := o.Speak(context.Background(), "--version", shared.LanguageEnglish, shared.VoiceAsh); err != nil {
		t.Fatal(err)
	}
}

func TestOfflineTranslation(t *testing.T) {
	if _, err := exec.LookPath("apertium"); err != nil {
		t.Skip("apertium is not installed: run build/scripts/ensure-speech-deps.sh (make test does)")
	}
	t.Parallel()
	o := ai.FindOffline(nil)
	if !o.CanTranslate(shared.LanguageEnglish, shared.LanguageSpanish) {
		t.Skip("apertium-eng-spa is not installed: run build/scripts/ensure-speech-deps.sh (make test does)")
	}
	got, err := o.Translate(context.Background(), "good morning", shared.LanguageEnglish, shared.LanguageSpanish)
	if err != nil || strings.ToLower(got) != "buenos días" {
		t.Fatalf("%q %v", got, err)
	}
	got, err = o.Translate(context.Background(), "buenos días", shared.LanguageSpanish, shared.LanguageEnglish)
	if err != nil || strings.ToLower(got) != "good morning" {
		t.Fatalf("%q %v", got, err)
	}
	_, err = o.Translate(context.Background(), "good morning", shared.LanguageEnglish, shared.LanguageChinese)
	if p := wantCode(t, err, shared.CodeAINotConfigured); p.Key != "ai.translationNeedsProvider" {
		t.Fatal(p)
	}
}
