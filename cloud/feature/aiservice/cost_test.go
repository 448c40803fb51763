package aiservice_test

import (
	"database/sql"
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// Each AI call through a provider is logged with its estimated cost from the
// price of its model in ai.modelPrices (set by the super admin; a text in
// another form is refused and nothing changes); a model with no price logs no
// cost, and the platform dashboard counts it apart from the summed cost.
func TestCallCost(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		s := aitest.Start(t, key)
		admin := useProvider(t, e, s, 100)
		c := e.SignIn(t, "caregiver_maple1")
		setPrices := func(value string) *servertest.Response {
			return admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "ai.modelPrices", Value: value})
		}
		var before shared.PlatformSummary
		admin.Get(t, "/api/system/dashboard/platformSummary").OK(t).Into(t, &before)

		for _, bad := range []string{"gpt-4o-mini", "gpt-4o-mini: in -1", "gpt-4o-mini: per 1", "gpt-4o-mini: in 1, in 2",
			"gpt-4o-mini: in 1; GPT-4o-mini: out 2", ": in 1", "tts-1: mchar 20000"} {
			r := setPrices(bad).Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(r.Message, "description shows") {
				t.Errorf("%q refused with %q", bad, r.Message)
			}
		}
		// A dated version of gpt-4o-mini takes its price too; speech (tts-1) has none.
		setPrices("gpt-4o-mini: in 1000, out 2000;\nwhisper-1: min 6").OK(t)

		translate(t, c, "Good morning", shared.LanguageEnglish, shared.LanguageSpanish).OK(t)
		transcribe(t, e, c, "ENGLISH", filetest.Part{Name: "clip.wav", Data: silence(800), ContentType: "audio/wav"}).OK(t)
		c.Post(t, api+"/voice/textToSpeech", shared.TextToSpeechRequest{InputText: "Hola", SpeechVoice: shared.VoiceNova})

		rows, err := d.QueryContext(t.Context(), `SELECT capability, model, prompt_tokens, completion_tokens, cost_micros FROM ai_usage WHERE tenant_id = ?`,
			e.FacilityID(t, maple))
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		costs := map[shared.AICapability]int64{}
		seen := map[shared.AICapability]bool{}
		for rows.Next() {
			var capability, model string
			var prompt, completion int64
			var cost sql.NullInt64
			if err := rows.Scan(&capability, &model, &prompt, &completion, &cost); err != nil {
				t.Fatal(err)
			}
			cp := shared.AICapability(capability)
			seen[cp] = true
			switch cp {
			case shared.AITranslation:
				// 1000 $ per million prompt tokens is 1000 µ$ a token; 2000 per completion token.
				if !cost.Valid || cost.Int64 != 1000*prompt+2000*completion || prompt == 0 {
					t.Errorf("translation by %s: %d + %d tokens cost %v", model, prompt, completion, cost)
				}
			case shared.AITranscription:
				// 6 $ a minute for 0.8 s: 0.08 $.
				if !cost.Valid || cost.Int64 != 80_000 {
					t.Errorf("transcription cost %v", cost)
				}
			case shared.AISpeech:
				if cost.Valid {
					t.Errorf("speech with no price cost %v", cost)
				}
			}
			if cost.Valid {
				costs[cp] += cost.Int64
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if !seen[shared.AITranslation] || !seen[shared.AITranscription] || !seen[shared.AISpeech] {
			t.Fatalf("usage rows: %v", seen)
		}

		var after shared.PlatformSummary
		admin.Get(t, "/api/system/dashboard/platformSummary").OK(t).Into(t, &after)
		usage := func(s shared.PlatformSummary, c shared.AICapability) shared.AICapabilityUsage {
			for _, u := range s.AIUsage {
				if u.Capability == c {
					return u
				}
			}
			return shared.AICapabilityUsage{}
		}
		for _, cp := range []shared.AICapability{shared.AITranslation, shared.AITranscription} {
			if got := usage(after, cp).CostMicros - usage(before, cp).CostMicros; got != costs[cp] {
				t.Errorf("%s on the dashboard: %d µ$, want %d", cp, got, costs[cp])
			}
		}
		if got := usage(after, shared.AISpeech).Unpriced - usage(before, shared.AISpeech).Unpriced; got != 1 {
			t.Errorf("speech calls without a price: %d more", got)
		}
		// The owner cannot set prices.
		e.SignIn(t, "owner_evergreen", maple).Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "ai.modelPrices", Value: ""}).
			Is(t, http.StatusOK, shared.CodeForbidden)
	})
}
