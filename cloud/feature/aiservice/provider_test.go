package aiservice_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// The translator's three steps through the provider: hear, translate, speak;
// chat completion; no speech answers code 400 in the envelope; a 429 is
// retried; a provider that hangs times out; a broken answer says so. Every
// call is in the usage log with its model and tokens or seconds.
func TestThroughTheProvider(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		s.Chat = func(system, prompt string) string {
			if strings.Contains(system, "ISO 639-1") {
				return "es\nDo you have pain?"
			}
			return "¿Tiene dolor hoy?"
		}
		useProvider(t, e, s, 100)
		c := e.SignIn(t, "caregiver_maple1")

		var heard shared.TranscriptionResult
		transcribe(t, e, c, "ENGLISH", filetest.Part{Name: "clip.wav", Data: silence(800), ContentType: "audio/wav"}).OK(t).Into(t, &heard)
		if heard.Text != "Do you have any pain today?" || heard.Language != shared.LanguageEnglish || heard.DurationMs != 800 || s.LastLanguage() != "en" {
			t.Fatalf("heard %+v, language sent %q", heard, s.LastLanguage())
		}
		// No language given: the provider detects it.
		var any shared.TranscriptionResult
		transcribe(t, e, c, "", filetest.Part{Name: "clip.webm", Data: []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42}, ContentType: "audio/webm;codecs=opus"}).OK(t).Into(t, &any)
		if any.Language != shared.LanguageEnglish || s.LastLanguage() != "" {
			t.Fatalf("detected %+v, language sent %q", any, s.LastLanguage())
		}
		if s.LastModel(aitest.TranscriptionPath) != shared.AIDefaultTranscriptionModel {
			t.Fatalf("transcription model %q", s.LastModel(aitest.TranscriptionPath))
		}

		var tr shared.TranslationResult
		translate(t, c, heard.Text, shared.LanguageEnglish, shared.LanguageSpanish).OK(t).Into(t, &tr)
		if tr.Translated != "¿Tiene dolor hoy?" || tr.Original != heard.Text || tr.Provider != shared.AIProviderAI || tr.DetectedLanguage != shared.LanguageEnglish {
			t.Fatalf("translation %+v", tr)
		}
		if s.LastModel(aitest.ChatPath) != "gpt-4o-mini" {
			t.Fatalf("chat model %q (spec 001 §9: gpt-4o-mini)", s.LastModel(aitest.ChatPath))
		}
		translate(t, c, "¿Tiene dolor?", shared.TranslateAuto, shared.LanguageEnglish).OK(t).Into(t, &tr)
		if tr.Translated != "Do you have pain?" || tr.DetectedLanguage != shared.LanguageSpanish {
			t.Fatalf("auto-detected translation %+v", tr)
		}

		r := c.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: tr.Translated, SpeechVoice: shared.VoiceNova})
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "audio/mpeg" || !bytes.Equal(r.Body, aitest.FakeMP3) {
			t.Fatalf("speech: %d %s %q", r.Status, r.Header.Get("Content-Type"), r.Body)
		}

		var chat shared.ChatCompletionResult
		c.Post(t, api+"/basic/chatCompletion", shared.ChatCompletionRequest{Use: shared.AIChatHelp, GptModel: "gpt-4o-mini", Prompt: "[1] Tasks\nOpen Tasks.\n\nQuestion: tasks?"}).OK(t).Into(t, &chat)
		if chat.Content == "" || chat.Model != "gpt-4o-mini" || chat.PromptTokens == 0 {
			t.Fatalf("chat %+v", chat)
		}

		// No speech: the provider heard nothing, answered as code 400 (spec 001 §7.10).
		s.Transcript = ""
		r = transcribe(t, e, c, "AUTO", filetest.Part{Name: "quiet.ogg", Data: []byte("OggS\x00\x02quiet"), ContentType: "audio/ogg; codecs=opus"})
		r.Is(t, http.StatusOK, shared.CodeNoSpeech)
		if !strings.Contains(r.Message, "No speech was detected") {
			t.Fatalf("no-speech message %q", r.Message)
		}

		// 429 then success.
		s.Fail(aitest.Failure{Status: 429, RetryAfter: "0"})
		translate(t, c, "Good night", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		// A provider that hangs past the 2 s timeout: 4151 (a timeout is not tried again: someone is waiting),
		// and no offline fallback for a Chinese target.
		s.Fail(aitest.Failure{Hang: 3 * time.Second})
		translate(t, c, "Good night", shared.LanguageEnglish, shared.LanguageChinese).Is(t, http.StatusOK, shared.CodeAIUnavailable)
		// A broken answer.
		s.Malformed = true
		translate(t, c, "Good night", shared.LanguageEnglish, shared.LanguageChinese).Is(t, http.StatusOK, shared.CodeAIBadAnswer)
		s.Malformed = false

		// The usage log: Maple's calls, with model and tokens or audio length.
		var speech, hear, chats int
		rows, err := e.DB.QueryContext(context.Background(), `SELECT capability, model, prompt_tokens, audio_ms, characters, outcome, user_id
			FROM ai_usage WHERE tenant_id = ?`, e.FacilityID(t, maple))
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var capability, model, outcome, user string
			var tokens, chars int
			var audioMs int64
			if err := rows.Scan(&capability, &model, &tokens, &audioMs, &chars, &outcome, &user); err != nil {
				t.Fatal(err)
			}
			if user != e.UserID(t, "caregiver_maple1") || model == "" {
				t.Fatalf("usage row of %s model %q", user, model)
			}
			switch shared.AICapability(capability) {
			case shared.AISpeech:
				speech++
				if chars != len([]rune(tr.Translated)) {
					t.Fatalf("speech characters %d", chars)
				}
			case shared.AITranscription:
				hear++
				if outcome == shared.CodeOK && audioMs != 800 && audioMs != 1500 { // the WAV's header, or the provider's duration for webm
					t.Fatalf("transcription audio %d ms", audioMs)
				}
			case shared.AITranslation:
				chats++
				if outcome == shared.CodeOK && tokens == 0 {
					t.Fatal("a translation logged without tokens")
				}
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if speech != 1 || hear != 3 || chats != 6 { // translate ×2, chat, the retried one once, timeout, broken answer
			t.Fatalf("usage rows: speech %d, transcription %d, translation %d", speech, hear, chats)
		}
	})
}

// Recordings are checked before anything is sent: type by content, empty,
// WAV length; text bounds name their field (5001 characters refused).
func TestLimits(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		useProvider(t, e, s, 100)
		c := e.SignIn(t, "caregiver_maple1")

		long := strings.Repeat("é", shared.TranslatorTextMax+1)
		for _, r := range []struct {
			path, field string
			body        any
		}{
			{"/basic/chatCompletion", "prompt", shared.ChatCompletionRequest{Use: shared.AIChatHelp, Prompt: long}},
			{"/basic/chatCompletion", "use", map[string]string{"prompt": "hi", "use": "ANYTHING"}},
			{"/translator/translate", "text", shared.TranslateRequest{Text: long, From: shared.LanguageEnglish, To: shared.LanguageSpanish}},
			{"/voice/textToSpeech", "inputText", shared.TextToSpeechRequest{InputText: strings.Repeat("a", shared.SpeechTextMax+1)}},
			{"/translator/translate", "to", map[string]string{"text": "hi", "from": "ENGLISH", "to": "KLINGON"}},
			{"/voice/textToSpeech", "speechVoice", map[string]string{"inputText": "hi", "speechVoice": "robot"}},
		} {
			res := c.Post(t, api+r.path, r.body).Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(string(res.Data), `"field":"`+r.field+`"`) {
				t.Fatalf("%s: %s", r.path, res.Body)
			}
		}
		// 5000 characters are fine.
		translate(t, c, strings.Repeat("é", shared.TranslatorTextMax), shared.LanguageEnglish, shared.LanguageSpanish).OK(t)

		for name, p := range map[string]filetest.Part{
			"a PDF":              {Name: "clip.webm", Data: filetest.PDF(), ContentType: "audio/webm"},
			"audio declared PDF": {Name: "clip.pdf", Data: []byte("OggS\x00\x02"), ContentType: "application/pdf"},
			"empty":              {Name: "clip.webm", Data: nil, ContentType: "audio/webm"},
			"too long":           {Name: "long.wav", Data: silence((shared.TranscriptionMaxSeconds + 1) * 1000), ContentType: "audio/wav"},
		} {
			r := transcribe(t, e, c, "ENGLISH", p).Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(string(r.Data), `"field":"file"`) {
				t.Fatalf("%s: %s", name, r.Body)
			}
		}
		if n := s.Calls(aitest.TranscriptionPath); n != 0 {
			t.Fatalf("refused recordings reached the provider %d times", n)
		}
	})
}
