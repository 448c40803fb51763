// Package aiservice is the AI service under /api/ai (spec 001 §7.10): chat
// completion, text to speech, transcription and the live translator's
// translation, through the provider each capability has in /ai-config (or
// the HEARTH_AI_* variables) and the offline fallbacks of cloud/platform/ai.
// It gates each call by the facility's plan (/ai-config's plan table), a
// per-facility rate limit and per-person and per-facility daily quotas, and
// logs every call for billing (ai_usage).
package aiservice

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"hearth/cloud/platform/ai"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Service is the AI service.
type Service struct {
	db      *db.DB
	store   Store
	sealer  *ai.Sealer
	env     config.AI
	offline *ai.Offline
	params  *param.Params // the models' prices (ai.modelPrices), for each call's estimated cost
	log     *slog.Logger
	now     func() time.Time
	// provider makes the provider of an endpoint (tests of the service keep the real one).
	provider func(ai.Endpoint) ai.Provider
}

// Problems of the service.
var (
	ErrNotInPlan     = problem.New(shared.CodeFunctionMissing, "aiservice.notInPlan")
	ErrRateLimited   = problem.New(shared.CodeRateLimited, "aiservice.rateLimited")
	ErrUserQuota     = problem.New(shared.CodeAIQuota, "aiservice.userQuota")
	ErrTenantQuota   = problem.New(shared.CodeAIQuota, "aiservice.tenantQuota")
	ErrBadAudioType  = problem.Invalid("file", "audioType", "aiservice.audioType", nil)
	ErrEmptyAudio    = problem.Invalid("file", "required", "aiservice.audioEmpty", nil)
	ErrKeyUnreadable = problem.New(shared.CodeAIRefused, "aiservice.keyUnreadable")
)

// New makes the service. secret is the server's HEARTH_JWT_SECRET, from which
// the key that seals provider keys is derived; params gives the models' prices.
func New(d *db.DB, secret []byte, env config.AI, params *param.Params, log *slog.Logger, now func() time.Time) (*Service, error) {
	if params == nil {
		return nil, errors.New("aiservice: missing collaborators Params")
	}
	sealer, err := ai.NewSealer(secret)
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: d, sealer: sealer, env: env, offline: ai.FindOffline(log), params: params, log: log, now: now,
		provider: func(ep ai.Endpoint) ai.Provider { return ai.NewOpenAI(ep) }}, nil
}

// call is one AI call being made: who, which capability, and what to log.
type call struct {
	p      *auth.Principal
	cap    shared.AICapability
	start  time.Time
	ep     ai.Endpoint
	source shared.AIConfigSource
	usage  shared.AIUsage
}

// begin checks the plan and the rate limit, finds the capability's provider
// and, when there is one, counts the call against the daily quotas.
func (s *Service) begin(ctx context.Context, p *auth.Principal, c shared.AICapability) (*call, error) {
	if !p.IsSuperAdmin() {
		ok, err := s.store.PlanAllows(ctx, s.db, p.Plan, c)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, ErrNotInPlan
		}
	}
	settings, err := s.store.Settings(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if err := s.limit(ctx, p.TenantID, settings); err != nil {
		return nil, err
	}
	ep, source, err := s.endpoint(ctx, c)
	if err != nil {
		return nil, err
	}
	if ep.Configured() && !p.IsSuperAdmin() {
		if err := s.quota(ctx, p, settings); err != nil {
			return nil, err
		}
	}
	return &call{p: p, cap: c, start: time.Now(), ep: ep, source: source}, nil
}

const dayMs = 24 * 60 * 60 * 1000

// quota counts a call that goes to a provider (the platform pays for it)
// against today's quotas (UTC) of the person and of the facility, and
// refuses it past either: 4156 with the seconds to 00:00 UTC. A refused call
// is not counted, so one person at the limit cannot use up the facility's.
// Offline speech and translation cost nothing and are not counted.
func (s *Service) quota(ctx context.Context, p *auth.Principal, settings settingsRow) error {
	now := s.now().UnixMilli()
	day := now - now%dayMs
	quotas := []struct {
		scope, subject string
		max            int
		refused        *problem.Error
	}{
		{scopeUser, p.UserID, settings.UserPerDay, ErrUserQuota},
		{scopeTenant, p.TenantID, settings.TenantPerDay, ErrTenantQuota},
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, q := range quotas {
			n, ok, err := s.store.CountDay(ctx, tx, q.scope, q.subject, day, q.max)
			if err != nil {
				return err
			}
			if !ok { // rolls back the person's count too
				wait := int((day + dayMs - now + 999) / 1000)
				return q.refused.With(map[string]any{"max": q.max}).WithData(shared.RetryInfo{RetryAfterSeconds: wait})
			}
			if n == 1 { // the day's first call tidies the older days
				if err := s.store.ForgetDays(ctx, tx, q.scope, q.subject, day); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// limit counts a call of the facility in this minute and refuses it past the
// limit (4029 with the seconds to the next minute).
func (s *Service) limit(ctx context.Context, tenantID string, settings settingsRow) error {
	var err error
	now := s.now().UnixMilli()
	window := now - now%60000
	var n int
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if n, err = s.store.CountCall(ctx, tx, tenantID, window); err != nil || n > 1 {
			return err
		}
		// The minute's first call tidies the facility's older minutes.
		return s.store.ForgetWindows(ctx, tx, tenantID, window)
	})
	if err != nil {
		return err
	}
	if n > settings.TenantPerMinute {
		wait := int((window + 60000 - now + 999) / 1000)
		return ErrRateLimited.With(map[string]any{"seconds": wait}).WithData(shared.RetryInfo{RetryAfterSeconds: wait})
	}
	return nil
}

// done logs the call's usage with its outcome. A failed write is logged, not
// answered: the caller's translation is not lost to a usage row.
func (s *Service) done(ctx context.Context, c *call, kind shared.AIProviderKind, err error) {
	u := c.usage
	id, uerr := uuid.NewV7()
	if uerr != nil {
		s.log.ErrorContext(ctx, "ai usage id", "err", uerr)
		return
	}
	u.ID, u.TenantID, u.UserID, u.Capability, u.Provider = id.String(), c.p.TenantID, c.p.UserID, c.cap, kind
	u.Outcome = shared.CodeOK
	if err != nil {
		u.Outcome = shared.CodeInternal
		if pr, ok := problem.As(err); ok {
			u.Outcome = pr.Code
		}
	}
	u.LatencyMs = time.Since(c.start).Milliseconds()
	u.CreatedAt = s.now().UnixMilli()
	u.CostMicros = s.cost(ctx, u)
	if werr := s.store.InsertUsage(context.WithoutCancel(ctx), s.db, u); werr != nil {
		s.log.ErrorContext(ctx, "ai usage not logged", "err", werr, "tenant", u.TenantID, "capability", u.Capability)
	}
	if err != nil && !isExpected(err) {
		s.log.WarnContext(ctx, "ai call failed", "capability", c.cap, "provider", kind, "err", ai.Redact(err.Error(), c.ep.APIKey))
	}
}

// cost is a call's estimated cost from its model's price in force (nil when the
// model has none); an offline fallback costs nothing.
func (s *Service) cost(ctx context.Context, u shared.AIUsage) *int64 {
	var micros int64
	if u.Provider != shared.AIProviderOffline {
		prices, err := param.ParseModelPrices(s.params.Text(ctx, param.ModelPrices))
		if err != nil {
			return nil // Text answers only a value that parses (else the default, empty)
		}
		price, ok := param.PriceOf(prices, u.Model)
		if !ok {
			return nil
		}
		micros = price.CostMicros(u.PromptTokens, u.CompletionTokens, u.Characters, u.AudioMs)
	}
	return &micros
}

// isExpected reports whether err is an answer the user is meant to read (no speech).
func isExpected(err error) bool {
	p, ok := problem.As(err)
	return ok && (p.Code == shared.CodeNoSpeech || p.Code == shared.CodeAINoOfflineVoice)
}

// Chat is POST /basic/chatCompletion: one chat completion for a named use
// with the translation capability's provider. The use's system prompt, answer
// length and plan function are the server's (uses.go): a client cannot make it
// a general-purpose model. The model set in /ai-config is used: gptModel is
// accepted (spec 001 §7.10) but a client cannot pick a costlier model or one
// the provider lacks.
func (s *Service) Chat(ctx context.Context, p *auth.Principal, in shared.ChatCompletionRequest) (*shared.ChatCompletionResult, error) {
	use, ok := chatUses[in.Use]
	if !ok {
		return nil, problem.Invalid("use", "enum", "validation.enum", map[string]any{"values": shared.AIChatHelp})
	}
	if !p.IsSuperAdmin() && !auth.PlanAllows(p.Plan, use.function) {
		return nil, ErrNotInPlan
	}
	prompt, err := problem.Text("prompt", in.Prompt, true, shared.TranslatorTextMax)
	if err != nil {
		return nil, err
	}
	c, err := s.begin(ctx, p, shared.AITranslation)
	if err != nil {
		return nil, err
	}
	if !c.ep.Configured() {
		return nil, ai.ErrNotConfigured
	}
	res, err := s.provider(c.ep).Chat(ctx, ai.ChatRequest{SystemPrompt: use.system(msg.Language(ctx)), Prompt: prompt, MaxTokens: use.maxTokens})
	c.usage.Model = c.ep.Model
	if res != nil {
		c.usage.Model, c.usage.PromptTokens, c.usage.CompletionTokens = res.Model, res.PromptTokens, res.CompletionTokens
	}
	c.usage.Characters = utf8.RuneCountInString(prompt)
	s.done(ctx, c, shared.AIProviderAI, err)
	if err != nil {
		return nil, err
	}
	return &shared.ChatCompletionResult{Content: res.Content, Model: res.Model, PromptTokens: res.PromptTokens, CompletionTokens: res.CompletionTokens}, nil
}

// Speak is POST /voice/textToSpeech: the provider's MP3, or espeak-ng's WAV
// when no provider is set up or it cannot be reached.
func (s *Service) Speak(ctx context.Context, p *auth.Principal, in shared.TextToSpeechRequest) (*ai.Audio, shared.AIProviderKind, error) {
	text, err := problem.Text("inputText", in.InputText, true, shared.SpeechTextMax)
	if err != nil {
		return nil, "", err
	}
	voice := in.SpeechVoice
	if voice == "" {
		voice = shared.VoiceAlloy
	}
	lang := in.Language
	if lang == "" {
		if lang = ai.DetectOffline(text); lang == "" {
			lang = shared.LanguageEnglish
		}
	}
	c, err := s.begin(ctx, p, shared.AISpeech)
	if err != nil {
		return nil, "", err
	}
	c.usage.Characters = utf8.RuneCountInString(text)
	var aiErr error
	if c.ep.Configured() {
		audio, err := s.provider(c.ep).Speak(ctx, ai.SpeechRequest{Text: text, Voice: voice})
		c.usage.Model = c.ep.Model
		if err == nil || !ai.Unavailable(err) {
			s.done(ctx, c, shared.AIProviderAI, err)
			return audio, shared.AIProviderAI, err
		}
		aiErr = err
		s.done(ctx, c, shared.AIProviderAI, err)
		c.start = time.Now()
	}
	audio, err := s.offline.Speak(ctx, text, lang, voice)
	c.usage.Model = "espeak-ng"
	if audio != nil {
		c.usage.Model, c.usage.AudioMs = audio.Model, audio.Duration.Milliseconds()
	}
	s.done(ctx, c, shared.AIProviderOffline, err)
	if err != nil && aiErr != nil {
		return nil, "", aiErr // the provider's failure is the reason there is no audio
	}
	return audio, shared.AIProviderOffline, err
}

// Transcribe is POST /voice/transcription: what a recording says. The audio
// is checked by content (webm, mp4, mpeg, wav, ogg), size and, for WAV,
// length; a recording without speech answers code 400 (spec 001 §7.10).
func (s *Service) Transcribe(ctx context.Context, p *auth.Principal, audio []byte, declared string, lang shared.ResidentLanguage) (*shared.TranscriptionResult, error) {
	if len(audio) == 0 {
		return nil, ErrEmptyAudio
	}
	if len(audio) > shared.TranscriptionMaxBytes {
		return nil, problem.Invalid("file", "maxSize", "aiservice.audioTooLarge", map[string]any{"max": shared.TranscriptionMaxBytes >> 20})
	}
	format, ok := ai.SniffAudio(audio)
	if !ok || !declaredAudio(declared) {
		return nil, ErrBadAudioType
	}
	var length time.Duration
	if format == ai.FormatWAV {
		if length, ok = ai.WAVDuration(audio); !ok {
			return nil, ErrBadAudioType
		}
		if length > shared.TranscriptionMaxSeconds*time.Second {
			return nil, problem.Invalid("file", "maxDuration", "aiservice.audioTooLong", map[string]any{"max": shared.TranscriptionMaxSeconds})
		}
	}
	c, err := s.begin(ctx, p, shared.AITranscription)
	if err != nil {
		return nil, err
	}
	if !c.ep.Configured() {
		return nil, ai.ErrTranscriptionNeeds
	}
	iso := ""
	if lang != shared.TranslateAuto {
		iso = ai.ISO(lang)
	}
	res, err := s.provider(c.ep).Transcribe(ctx, ai.TranscribeRequest{Audio: audio, Format: format, Language: iso})
	c.usage.Model, c.usage.AudioMs = c.ep.Model, length.Milliseconds()
	if res != nil {
		if length == 0 {
			length = res.Duration
		}
		c.usage.AudioMs, c.usage.Characters = length.Milliseconds(), utf8.RuneCountInString(res.Text)
	}
	s.done(ctx, c, shared.AIProviderAI, err)
	if err != nil {
		return nil, err
	}
	out := &shared.TranscriptionResult{Text: res.Text, Language: lang, DurationMs: length.Milliseconds()}
	if lang == "" || lang == shared.TranslateAuto {
		out.Language = ai.FromISO(res.Language)
	}
	return out, nil
}

// declaredAudio reports whether a part's declared type is one the translator
// sends (or none): the content decides, but a PDF declared as a PDF is refused.
func declaredAudio(ct string) bool {
	ct = strings.ToLower(strings.TrimSpace(ct))
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = strings.TrimSpace(ct[:i])
	}
	switch ct {
	case "", "application/octet-stream", "audio/webm", "video/webm", "audio/mp4", "video/mp4", "audio/m4a", "audio/x-m4a",
		"audio/mpeg", "audio/mp3", "audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave", "audio/ogg", "application/ogg":
		return true
	}
	return false
}

// Translate is POST /translator/translate: the provider's translation, or
// apertium's for English↔Spanish when no provider is set up or it cannot be
// reached; anything else without a provider says it needs one (never a fake
// translation).
func (s *Service) Translate(ctx context.Context, p *auth.Principal, in shared.TranslateRequest) (*shared.TranslationResult, error) {
	text, err := problem.Text("text", in.Text, true, shared.TranslatorTextMax)
	if err != nil {
		return nil, err
	}
	c, err := s.begin(ctx, p, shared.AITranslation)
	if err != nil {
		return nil, err
	}
	c.usage.Characters = utf8.RuneCountInString(text)
	if in.From == in.To {
		return &shared.TranslationResult{Original: text, Translated: text, DetectedLanguage: in.From, Provider: shared.AIProviderOffline}, nil
	}
	var aiErr error
	if c.ep.Configured() {
		res, err := s.translateAI(ctx, c, text, in.From, in.To)
		if err == nil || !ai.Unavailable(err) {
			s.done(ctx, c, shared.AIProviderAI, err)
			return res, err
		}
		aiErr = err
		s.done(ctx, c, shared.AIProviderAI, err)
		c.start, c.usage = time.Now(), shared.AIUsage{Characters: c.usage.Characters}
	}
	from := in.From
	if from == shared.TranslateAuto {
		from = ai.DetectOffline(text)
	}
	if !ai.Translates(from, in.To) {
		if aiErr != nil {
			return nil, aiErr
		}
		return nil, ai.ErrTranslationOffline
	}
	c.usage.Model = "apertium"
	out, err := s.offline.Translate(ctx, text, from, in.To)
	s.done(ctx, c, shared.AIProviderOffline, err)
	if err != nil {
		return nil, err
	}
	return &shared.TranslationResult{Original: text, Translated: out, DetectedLanguage: from, Provider: shared.AIProviderOffline}, nil
}

// translateAI asks the provider for the translation. In auto mode the model
// names the language on a first line of its own.
func (s *Service) translateAI(ctx context.Context, c *call, text string, from, to shared.ResidentLanguage) (*shared.TranslationResult, error) {
	auto := from == shared.TranslateAuto
	var system string
	if auto {
		system = "You are an interpreter in a small care home, between caregivers, residents and families. " +
			"Detect the language of the user's message and translate it into " + ai.EnglishName(to) + ". " +
			"Answer with the ISO 639-1 code of the detected language alone on the first line, then the translation alone. " +
			"Keep names, numbers, doses and times exactly; add no notes."
	} else {
		system = "You are an interpreter in a small care home, between caregivers, residents and families. " +
			"Translate the user's message from " + ai.EnglishName(from) + " into " + ai.EnglishName(to) + ". " +
			"Answer with the translation alone. Keep names, numbers, doses and times exactly; add no notes."
	}
	res, err := s.provider(c.ep).Chat(ctx, ai.ChatRequest{SystemPrompt: system, Prompt: text})
	c.usage.Model = c.ep.Model
	if err != nil {
		return nil, err
	}
	c.usage.Model, c.usage.PromptTokens, c.usage.CompletionTokens = res.Model, res.PromptTokens, res.CompletionTokens
	out := &shared.TranslationResult{Original: text, Translated: strings.TrimSpace(res.Content), DetectedLanguage: from, Provider: shared.AIProviderAI}
	if auto {
		out.DetectedLanguage = ""
		first, rest, found := strings.Cut(out.Translated, "\n")
		if l := ai.FromISO(strings.Trim(first, " *`'\".:")); found && l != "" {
			out.DetectedLanguage, out.Translated = l, strings.TrimSpace(rest)
		}
	}
	if out.Translated == "" {
		return nil, ai.ErrBadAnswer
	}
	return out, nil
}

// Status is GET /status: what the caller's plan offers and what works on this server.
func (s *Service) Status(ctx context.Context, p *auth.Principal) (*shared.AIStatus, error) {
	out := &shared.AIStatus{
		Translator:    p.IsSuperAdmin() || auth.PlanAllows(p.Plan, shared.FnSpeechTranslator),
		HelpAssistant: p.IsSuperAdmin() || auth.PlanAllows(p.Plan, shared.FnHelpAssistant),
		Marketing:     string(shared.MarketingStarter),
		Voices:        shared.SpeechVoices,
		MaxTextLength: shared.TranslatorTextMax,
	}
	if p.Plan == shared.PlanPremium {
		out.Marketing = string(shared.MarketingPremium)
	}
	caps, err := s.store.PlanCapabilities(ctx, s.db)
	if err != nil {
		return nil, err
	}
	for _, c := range shared.AICapabilities {
		ep, _, err := s.endpoint(ctx, c)
		if err != nil && !errors.Is(err, ErrKeyUnreadable) {
			return nil, err
		}
		allowed := p.IsSuperAdmin()
		for _, pc := range caps[p.Plan] {
			allowed = allowed || pc == c
		}
		out.Capabilities = append(out.Capabilities, shared.AICapabilityStatus{Capability: c, Allowed: allowed, Configured: ep.Configured()})
	}
	for _, l := range shared.TranslatorLanguages {
		out.Languages = append(out.Languages, shared.AILanguageSupport{Language: l, OfflineSpeech: s.offline.CanSpeak(l),
			OfflineTranslation: s.offline.CanTranslate(l, shared.LanguageEnglish) || s.offline.CanTranslate(l, shared.LanguageSpanish)})
	}
	return out, nil
}

// Usage is POST /usage/listByPage: the facility's AI calls for its owner,
// any facility's (or all) for the super admin.
func (s *Service) Usage(ctx context.Context, p *auth.Principal, in shared.PageRequest[shared.AIUsageFilter]) (*shared.Page[shared.AIUsage], error) {
	page, size, offset := shared.Window(in.Current, in.Size)
	scope := usageScope{TenantID: p.TenantID}
	if p.IsSuperAdmin() {
		scope = usageScope{TenantID: in.Data.TenantID, All: true}
	}
	rows, total, err := s.store.ListUsage(ctx, s.db, scope, in.Data, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, func(u *shared.AIUsage) shared.AIUsage { return *u }), nil
}
