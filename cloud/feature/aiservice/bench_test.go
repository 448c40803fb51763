package aiservice_test

import (
	"net/http"
	"testing"
	"time"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// BenchmarkTranslatorRoundTrip times the translator's turn through the real
// server, from the end of speech to the translated audio's bytes: transcribe
// a 2-second recording, translate English → Spanish, speak it. The protocol
// test server answers at realistic provider latencies (transcription 400 ms,
// chat 600 ms, speech 300 ms: 1300 ms theirs) or at once (ours alone); the
// offline turn is apertium and espeak-ng (typed text, no transcription).
// overhead-ms is the turn minus the provider's latencies. Figures in docs/performance.md.
//
//	go test -run '^$' -bench TranslatorRoundTrip -benchtime 10x ./feature/aiservice/
func BenchmarkTranslatorRoundTrip(b *testing.B) {
	for _, engine := range []struct {
		name string
		open func(testing.TB) *db.DB
	}{{"sqlite", dbtest.SQLite}, {"postgres", dbtest.Postgres}} {
		for _, lat := range []struct {
			name              string
			hear, chat, speak time.Duration
		}{{"provider-realistic", 400 * time.Millisecond, 600 * time.Millisecond, 300 * time.Millisecond}, {"provider-instant", 0, 0, 0}} {
			b.Run(engine.name+"/"+lat.name, func(b *testing.B) {
				e := servertest.Start(b, engine.open(b))
				s := aitest.Start(b, key)
				s.Latency(aitest.TranscriptionPath, lat.hear)
				s.Latency(aitest.ChatPath, lat.chat)
				s.Latency(aitest.SpeechPath, lat.speak)
				useProvider(b, e, s, shared.AITenantPerMinuteMax)
				c := e.SignIn(b, "caregiver_maple1")
				clip := filetest.Part{Field: "file", Name: "turn.wav", Data: silence(2000), ContentType: "audio/wav"}
				theirs := lat.hear + lat.chat + lat.speak
				b.ResetTimer()
				start := time.Now()
				for range b.N {
					var heard shared.TranscriptionResult
					filetest.Post(b, e, c, api+"/voice/transcription", map[string]string{"language": "ENGLISH"}, clip).OK(b).Into(b, &heard)
					var tr shared.TranslationResult
					c.Post(b, api+"/translator/translate", shared.TranslateRequest{Text: heard.Text, From: shared.LanguageEnglish, To: shared.LanguageSpanish}).OK(b).Into(b, &tr)
					if r := c.Post(b, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: tr.Translated, SpeechVoice: shared.VoiceNova}); r.Status != http.StatusOK || len(r.Body) == 0 {
						b.Fatalf("speech %d", r.Status)
					}
				}
				per := time.Since(start) / time.Duration(b.N)
				b.ReportMetric(float64(per.Milliseconds()), "turn-ms")
				b.ReportMetric(float64((per-theirs).Microseconds())/1000, "overhead-ms")
			})
		}
		b.Run(engine.name+"/offline", func(b *testing.B) {
			e := servertest.Start(b, engine.open(b))
			c := e.SignIn(b, "caregiver_maple1")
			if r := c.Post(b, api+"/translator/translate", shared.TranslateRequest{Text: "good morning", From: shared.LanguageEnglish, To: shared.LanguageSpanish}); r.Code != shared.CodeOK {
				b.Skip("apertium with apertium-eng-spa and espeak-ng are needed: build/scripts/ensure-speech-deps.sh")
			}
			b.ResetTimer()
			start := time.Now()
			for range b.N {
				var tr shared.TranslationResult
				c.Post(b, api+"/translator/translate", shared.TranslateRequest{Text: "Good morning, do you have any pain today?", From: shared.LanguageEnglish, To: shared.LanguageSpanish}).OK(b).Into(b, &tr)
				if r := c.Post(b, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: tr.Translated, Language: shared.LanguageSpanish}); r.Status != http.StatusOK || r.Header.Get("Content-Type") != "audio/wav" {
					b.Fatalf("speech %d %s", r.Status, r.Body)
				}
			}
			b.ReportMetric(float64((time.Since(start)/time.Duration(b.N)).Microseconds())/1000, "turn-ms")
		})
	}
}
