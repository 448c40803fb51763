package aiservice_test

import (
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/ai"
	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// With no provider (make run without network): English↔Spanish by apertium,
// speech by espeak-ng, and for the rest a plain "needs an AI provider" in the
// user's language, never a fake translation.
func TestWithoutAProvider(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")

		r := translate(t, c, "Good morning", shared.LanguageEnglish, shared.LanguageChinese).Is(t, http.StatusOK, shared.CodeAINotConfigured)
		if !strings.Contains(r.Message, "only between English and Spanish") {
			t.Fatalf("message %q", r.Message)
		}
		c.Language = "es-ES"
		r = translate(t, c, "Good morning", shared.TranslateAuto, shared.LanguageRussian).Is(t, http.StatusOK, shared.CodeAINotConfigured)
		if !strings.Contains(r.Message, "solo traduce entre inglés y español") {
			t.Fatalf("Spanish message %q", r.Message)
		}
		c.Language = "zh-CN"
		r = c.Post(t, api+"/basic/chatCompletion", shared.ChatCompletionRequest{Use: shared.AIChatHelp, Prompt: "hi"}).Is(t, http.StatusOK, shared.CodeAINotConfigured)
		if !strings.Contains(r.Message, "AI 服务提供商") {
			t.Fatalf("Chinese message %q", r.Message)
		}
		c.Language = ""
		transcribe(t, e, c, "ENGLISH", filetest.Part{Name: "a.wav", Data: silence(500), ContentType: "audio/wav"}).
			Is(t, http.StatusOK, shared.CodeAINotConfigured)

		needApertium(t)
		var tr shared.TranslationResult
		translate(t, c, "good morning", shared.LanguageEnglish, shared.LanguageSpanish).OK(t).Into(t, &tr)
		if strings.ToLower(tr.Translated) != "buenos días" || tr.Provider != shared.AIProviderOffline || tr.Original != "good morning" {
			t.Fatalf("offline translation %+v", tr)
		}
		translate(t, c, "Buenos días, ¿tiene dolor?", shared.TranslateAuto, shared.LanguageEnglish).OK(t).Into(t, &tr)
		if tr.DetectedLanguage != shared.LanguageSpanish || !strings.Contains(strings.ToLower(tr.Translated), "good morning") {
			t.Fatalf("offline auto translation %+v", tr)
		}

		spoken(t, "") // skips without espeak-ng
		r = c.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "¿Tiene dolor?", SpeechVoice: shared.VoiceOnyx, Language: shared.LanguageSpanish})
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "audio/wav" {
			t.Fatalf("offline speech: %d %s %s", r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		if d, ok := ai.WAVDuration(r.Body); !ok || d <= 0 {
			t.Fatalf("offline speech is not a WAV with a length: %v %v", d, ok)
		}
		r = c.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Magandang umaga po", Language: shared.LanguageTagalog})
		r.Is(t, http.StatusOK, shared.CodeAINoOfflineVoice)
		if !strings.Contains(r.Message, "no offline voice for Tagalog") {
			t.Fatalf("Tagalog message %q", r.Message)
		}
	})
}

// A provider that cannot be reached: English↔Spanish and speech fall back
// offline; other pairs say the provider cannot be reached.
func TestProviderUnreachable(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		useProvider(t, e, s, 100)
		s.Close() // gone
		c := e.SignIn(t, "caregiver_maple1")
		translate(t, c, "Good morning", shared.LanguageEnglish, shared.LanguageHindi).Is(t, http.StatusOK, shared.CodeAIUnavailable)
		needApertium(t)
		var tr shared.TranslationResult
		translate(t, c, "good morning", shared.LanguageEnglish, shared.LanguageSpanish).OK(t).Into(t, &tr)
		if tr.Provider != shared.AIProviderOffline || strings.ToLower(tr.Translated) != "buenos días" {
			t.Fatalf("%+v", tr)
		}
		spoken(t, "")
		r := c.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Good morning"})
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "audio/wav" {
			t.Fatalf("offline speech: %d %s %s", r.Status, r.Header.Get("Content-Type"), r.Body)
		}
	})
}
