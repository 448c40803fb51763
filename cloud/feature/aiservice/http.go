package aiservice

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// transcriptionForm is the multipart body of /voice/transcription (spec 001 §7.10).
type transcriptionForm struct {
	File     huma.FormFile           `form:"file" required:"false" doc:"The recording: webm, mp4, mpeg, wav or ogg (decided by content), at most TranscriptionMaxBytes"`
	Language shared.ResidentLanguage `form:"language" required:"false" enum:"AUTO,ENGLISH,CHINESE,SPANISH,SWAHILI,TAGALOG,ROMANIAN,RUSSIAN,PUNJABI,HINDI" doc:"The speaker's language; AUTO or empty: detected"`
}

type transcriptionInput struct {
	RawBody huma.MultipartFormFiles[transcriptionForm]
}

// Routes mounts the AI service under /api/ai (spec 001 §7.10; the translate,
// status, config and usage paths are Hearth's, docs/api.md "AI service").
// The AI calls are the live translator's plan function (premium and essential
// plans, spec 000 §6), then narrowed per capability by /ai-config's plan
// table; the super admin is not plan-gated. /ai-config is the super admin's.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles []shared.Role, fn string) web.Op {
		return web.Op{Service: web.AI, Method: method, Path: path, Summary: summary, Access: web.SignedIn, Roles: roles, Function: fn}
	}
	use := func(method, path, summary string) web.Op {
		return op(method, path, summary, shared.AIUsers, shared.FnSpeechTranslator)
	}
	admin := func(method, path, summary string) web.Op {
		return op(method, path, summary, shared.SuperAdmins, web.AnyPlan)
	}

	web.Handle(api, use(http.MethodPost, "/basic/chatCompletion", "One chat completion for a named use (HELP: the help assistant) with the server's prompt for it and the model /ai-config sets; 4150 without a provider, 4156 past a daily quota"),
		func(ctx context.Context, in *web.Body[shared.ChatCompletionRequest]) (*shared.ChatCompletionResult, error) {
			return s.Chat(ctx, auth.From(ctx), in.Body)
		})

	web.HandleFile(api, use(http.MethodPost, "/voice/textToSpeech", "Speak text with one of nine voices: audio/mpeg from the provider, audio/wav from espeak-ng offline (no offline Tagalog voice: 4155)"),
		func(ctx context.Context, in *web.Body[shared.TextToSpeechRequest]) (*web.File, error) {
			audio, kind, err := s.Speak(ctx, auth.From(ctx), in.Body)
			if err != nil {
				return nil, err
			}
			name := "speech.mp3"
			if kind == shared.AIProviderOffline {
				name = "speech.wav"
			}
			return &web.File{Name: name, ContentType: audio.ContentType, Size: int64(len(audio.Data)), Inline: true,
				Body: io.NopCloser(bytes.NewReader(audio.Data))}, nil
		})

	tr := use(http.MethodPost, "/voice/transcription", "What a recording says (multipart file and language); code 400 when no speech was detected")
	tr.MaxBodyBytes = shared.TranscriptionMaxBytes + 1<<20 // the form around the file
	web.Handle(api, tr, func(ctx context.Context, in *transcriptionInput) (*shared.TranscriptionResult, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.File)
		var audio []byte
		if form.File.IsSet && form.File.File != nil {
			var err error
			if audio, err = io.ReadAll(io.LimitReader(form.File.File, shared.TranscriptionMaxBytes+1)); err != nil {
				return nil, fmt.Errorf("aiservice: read the recording: %w", err)
			}
		}
		return s.Transcribe(ctx, auth.From(ctx), audio, form.File.ContentType, form.Language)
	})

	web.Handle(api, use(http.MethodPost, "/translator/translate", "Translate text (from a language or AUTO): the provider, or apertium offline for English↔Spanish; the original comes back beside it"),
		func(ctx context.Context, in *web.Body[shared.TranslateRequest]) (*shared.TranslationResult, error) {
			return s.Translate(ctx, auth.From(ctx), in.Body)
		})

	web.Handle(api, op(http.MethodGet, "/status", "What the floating buttons and the translator offer this user: plan, capabilities, languages with offline support, voices",
		shared.AIUsers, web.AnyPlan),
		func(ctx context.Context, _ *web.None) (*shared.AIStatus, error) {
			return s.Status(ctx, auth.From(ctx))
		})

	web.Handle(api, admin(http.MethodGet, "/config/get", "The AI configuration: each capability's provider (keys masked), the plans' capabilities, the facility rate limit, the daily quotas"),
		func(ctx context.Context, _ *web.None) (*shared.AIConfig, error) {
			return s.Config(ctx)
		})
	web.Handle(api, admin(http.MethodPost, "/config/save", "Save the AI configuration (a key left empty is kept; keys are stored encrypted)"),
		func(ctx context.Context, in *web.Body[shared.SaveAIConfigRequest]) (*shared.AIConfig, error) {
			return s.SaveConfig(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, admin(http.MethodPost, "/config/test", "Test a capability's provider with a tiny call: ok and the latency, or the provider's error"),
		func(ctx context.Context, in *web.Body[shared.TestAIConfigRequest]) (*shared.AIConfigTestResult, error) {
			return s.TestConfig(ctx, auth.From(ctx), in.Body)
		})

	web.Handle(api, op(http.MethodPost, "/usage/listByPage", "AI calls for billing, newest first: the facility's own for its owners, any facility's for the super admin",
		shared.BillingReaders, web.AnyPlan),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.AIUsageFilter]]) (*shared.Page[shared.AIUsage], error) {
			return s.Usage(ctx, auth.From(ctx), in.Body)
		})
}
