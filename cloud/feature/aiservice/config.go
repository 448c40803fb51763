package aiservice

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"hearth/cloud/platform/ai"
	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// defaultModel is a capability's model when none is set (spec 001 §9: gpt-4o-mini for translation and rewriting).
func defaultModel(c shared.AICapability) string {
	switch c {
	case shared.AITranscription:
		return shared.AIDefaultTranscriptionModel
	case shared.AISpeech:
		return shared.AIDefaultSpeechModel
	default:
		return shared.AIDefaultChatModel
	}
}

func defaultTimeout(c shared.AICapability) time.Duration {
	if c == shared.AITranscription {
		return ai.DefaultTranscriptionTimeout
	}
	return ai.DefaultTimeout
}

// endpoint is the provider of capability c: saved in /ai-config when a base
// URL is saved for it, else the HEARTH_AI_* variables (whose model applies to
// the chat capabilities), else none.
func (s *Service) endpoint(ctx context.Context, c shared.AICapability) (ai.Endpoint, shared.AIConfigSource, error) {
	r, ok, err := s.store.Provider(ctx, s.db, c)
	if err != nil {
		return ai.Endpoint{}, "", err
	}
	if ok && r.BaseURL != "" {
		ep := ai.Endpoint{BaseURL: r.BaseURL, Model: r.Model, Timeout: time.Duration(r.TimeoutSeconds) * time.Second}
		if ep.Model == "" {
			ep.Model = defaultModel(c)
		}
		if ep.Timeout == 0 {
			ep.Timeout = defaultTimeout(c)
		}
		if r.KeySealed != "" {
			if ep.APIKey, err = s.sealer.Open(r.KeySealed, string(c)); err != nil {
				s.log.ErrorContext(ctx, "ai provider key cannot be decrypted: HEARTH_JWT_SECRET changed? enter the key again in /ai-config", "capability", c)
				return ai.Endpoint{}, shared.AIConfigDatabase, ErrKeyUnreadable
			}
		}
		return ep, shared.AIConfigDatabase, nil
	}
	if s.env.BaseURL != "" {
		ep := ai.Endpoint{BaseURL: s.env.BaseURL, APIKey: s.env.APIKey, Model: defaultModel(c), Timeout: defaultTimeout(c)}
		if s.env.Model != "" && (c == shared.AITranslation || c == shared.AIAnalysis) {
			ep.Model = s.env.Model
		}
		return ep, shared.AIConfigEnvironment, nil
	}
	return ai.Endpoint{}, shared.AIConfigNone, nil
}

// Config is GET /config/get: every capability's provider (keys masked), the
// plans' capabilities, the facility rate limit and the daily quotas.
func (s *Service) Config(ctx context.Context) (*shared.AIConfig, error) {
	settings, err := s.store.Settings(ctx, s.db)
	if err != nil {
		return nil, err
	}
	saved, err := s.store.Providers(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := &shared.AIConfig{TenantPerMinute: settings.TenantPerMinute, UserPerDay: settings.UserPerDay, TenantPerDay: settings.TenantPerDay,
		UpdatedAt: settings.UpdatedAt}
	for _, c := range shared.AICapabilities {
		pc := shared.AIProviderConfig{Capability: c, Source: shared.AIConfigNone, Model: defaultModel(c),
			TimeoutSeconds: int(defaultTimeout(c) / time.Second)}
		if r, ok := saved[c]; ok && r.BaseURL != "" {
			pc.Source, pc.BaseURL = shared.AIConfigDatabase, r.BaseURL
			if r.Model != "" {
				pc.Model = r.Model
			}
			if r.TimeoutSeconds > 0 {
				pc.TimeoutSeconds = r.TimeoutSeconds
			}
			if r.KeySealed != "" {
				pc.APIKeySet, pc.APIKeyMasked = true, "••••"+r.KeyLast4
				_, oerr := s.sealer.Open(r.KeySealed, string(c))
				pc.KeyUnreadable = oerr != nil
			}
		} else if s.env.BaseURL != "" {
			ep, _, _ := s.endpoint(ctx, c)
			pc.Source, pc.BaseURL, pc.Model = shared.AIConfigEnvironment, ep.BaseURL, ep.Model
			if s.env.APIKey != "" {
				pc.APIKeySet, pc.APIKeyMasked = true, ai.Mask(s.env.APIKey)
			}
		}
		out.Providers = append(out.Providers, pc)
	}
	caps, err := s.store.PlanCapabilities(ctx, s.db)
	if err != nil {
		return nil, err
	}
	for _, plan := range []shared.Plan{shared.PlanFree, shared.PlanEssential, shared.PlanPremium} {
		list := caps[plan]
		if list == nil {
			list = []shared.AICapability{}
		}
		out.Plans = append(out.Plans, shared.AIPlanCapabilities{Plan: plan, Capabilities: list})
	}
	return out, nil
}

// capabilityKeys are the message keys of the capabilities' names, as /ai-config shows them.
var capabilityKeys = map[shared.AICapability]string{
	shared.AITranslation:   "aiservice.capability.TRANSLATION",
	shared.AITranscription: "aiservice.capability.TRANSCRIPTION",
	shared.AISpeech:        "aiservice.capability.SPEECH",
	shared.AIAnalysis:      "aiservice.capability.ANALYSIS",
}

// capabilityProblem is a 4022 about one capability's field: data field
// `path` (the request's path to it, e.g. providers[1].baseUrl) and a message
// naming the capability in the caller's language, so /ai-config can show it
// under that capability's field. The message's {field} is the field's label.
func capabilityProblem(ctx context.Context, c shared.AICapability, label, path, rule, key string) error {
	name := string(c)
	if k, ok := capabilityKeys[c]; ok {
		name = msg.T(msg.Language(ctx), k, nil)
	}
	return &problem.Error{Code: shared.CodeValidation, Key: key,
		Args: map[string]any{"field": label, "capability": name},
		Data: []shared.FieldError{{Field: path, Rule: rule}}}
}

// checkBaseURL answers a clean http(s) base URL without a trailing slash, or
// 4022 on `field`. A link-local or cloud metadata host (169.254.169.254,
// fe80::…) is refused: a provider's key must never be sent there.
func checkBaseURL(ctx context.Context, c shared.AICapability, field, raw string) (string, error) {
	v := strings.TrimRight(strings.TrimSpace(raw), "/")
	if v == "" {
		return "", nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", capabilityProblem(ctx, c, "baseUrl", field, "url", "aiservice.baseUrl")
	}
	if ai.RefusedHost(u.Hostname()) {
		return "", capabilityProblem(ctx, c, "baseUrl", field, "address", "aiservice.baseUrlRefused")
	}
	return v, nil
}

// SaveConfig is POST /config/save: the providers named, the plans named, the
// rate limit and the daily quotas (0: kept as they are), in one transaction
// with an audit row (keys never in it). A provider or plan not named stays as
// it is (plans left out: the whole plan table is kept). A provider's key left
// empty keeps the kept one, but only for the base URL it was saved with: a
// new base URL needs the key again (or clearApiKey, which forgets it).
func (s *Service) SaveConfig(ctx context.Context, p *auth.Principal, in shared.SaveAIConfigRequest) (*shared.AIConfig, error) {
	seen := map[shared.AICapability]bool{}
	rows := make([]providerRow, 0, len(in.Providers))
	now := s.now().UnixMilli()
	for i, pv := range in.Providers {
		if seen[pv.Capability] {
			return nil, problem.Invalid("providers", "unique", "aiservice.duplicate", nil)
		}
		seen[pv.Capability] = true
		base, err := checkBaseURL(ctx, pv.Capability, fmt.Sprintf("providers[%d].baseUrl", i), pv.BaseURL)
		if err != nil {
			return nil, err
		}
		model, err := problem.Text(fmt.Sprintf("providers[%d].model", i), pv.Model, false, shared.AIModelMax)
		if err != nil {
			return nil, err
		}
		rows = append(rows, providerRow{Capability: pv.Capability, BaseURL: base, Model: model, TimeoutSeconds: pv.TimeoutSeconds,
			UpdatedAt: now, UpdatedBy: p.UserID})
	}
	seenPlan := map[shared.Plan]bool{}
	for _, pl := range in.Plans {
		if seenPlan[pl.Plan] {
			return nil, problem.Invalid("plans", "unique", "aiservice.duplicate", nil)
		}
		seenPlan[pl.Plan] = true
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.auditView(ctx, tx)
		if err != nil {
			return err
		}
		for i, r := range rows {
			old, ok, err := s.store.Provider(ctx, tx, r.Capability)
			if err != nil {
				return err
			}
			key := strings.TrimSpace(in.Providers[i].APIKey)
			switch {
			case key != "":
				if r.KeySealed, err = s.sealer.Seal(key, string(r.Capability)); err != nil {
					return err
				}
				r.KeyLast4 = ai.Last4(key)
			case ok && !in.Providers[i].ClearAPIKey:
				if old.KeySealed != "" && r.BaseURL != "" && r.BaseURL != old.BaseURL {
					return capabilityProblem(ctx, r.Capability, "apiKey", fmt.Sprintf("providers[%d].apiKey", i), "required", "aiservice.keyForNewUrl")
				}
				r.KeySealed, r.KeyLast4 = old.KeySealed, old.KeyLast4
			}
			if err := s.store.SaveProvider(ctx, tx, r); err != nil {
				return err
			}
		}
		for _, pl := range in.Plans {
			caps := slices.Compact(slices.Sorted(slices.Values(pl.Capabilities)))
			if err := s.store.ReplacePlanCapabilities(ctx, tx, pl.Plan, caps); err != nil {
				return err
			}
		}
		settings, err := s.store.Settings(ctx, tx)
		if err != nil {
			return err
		}
		settings.TenantPerMinute, settings.UpdatedAt = in.TenantPerMinute, now
		if in.UserPerDay > 0 {
			settings.UserPerDay = in.UserPerDay
		}
		if in.TenantPerDay > 0 {
			settings.TenantPerDay = in.TenantPerDay
		}
		if err := s.store.SaveSettings(ctx, tx, settings, p.UserID); err != nil {
			return err
		}
		after, err := s.auditView(ctx, tx)
		if err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "aiConfig.save", Entity: "aiConfig", EntityID: "platform",
			Before: before, After: after})
	})
	if err != nil {
		return nil, err
	}
	return s.Config(ctx)
}

// auditView is what the audit log keeps of the configuration: no key, only whether one is kept and its last 4.
func (s *Service) auditView(ctx context.Context, q db.Querier) (map[string]any, error) {
	saved, err := s.store.Providers(ctx, q)
	if err != nil {
		return nil, err
	}
	settings, err := s.store.Settings(ctx, q)
	if err != nil {
		return nil, err
	}
	caps, err := s.store.PlanCapabilities(ctx, q)
	if err != nil {
		return nil, err
	}
	providers := map[string]any{}
	for c, r := range saved {
		providers[string(c)] = map[string]any{"baseUrl": r.BaseURL, "model": r.Model, "timeoutSeconds": r.TimeoutSeconds,
			"apiKeySet": r.KeySealed != "", "apiKeyLast4": r.KeyLast4}
	}
	return map[string]any{"providers": providers, "plans": caps, "tenantPerMinute": settings.TenantPerMinute,
		"userPerDay": settings.UserPerDay, "tenantPerDay": settings.TenantPerDay}, nil
}

// TestConfig is POST /config/test: a tiny call to the capability's provider
// (a one-word chat completion; a short speech; for transcription a second of
// silence, which a working server answers as no speech) with the settings
// given, or the saved ones. A kept key (saved, or HEARTH_AI_API_KEY) is sent
// only to the base URL it belongs to; another address gets the key typed in
// the form or none. It answers ok and the latency, or the provider's error
// in the caller's language (keys masked); it is logged as the platform's usage.
func (s *Service) TestConfig(ctx context.Context, p *auth.Principal, in shared.TestAIConfigRequest) (*shared.AIConfigTestResult, error) {
	ep, _, keyErr := s.endpoint(ctx, in.Capability)
	if keyErr != nil && !errors.Is(keyErr, ErrKeyUnreadable) {
		return nil, keyErr
	}
	var err error
	withheld := false // a kept key not sent to another address
	if in.BaseURL != "" {
		base, err := checkBaseURL(ctx, in.Capability, "baseUrl", in.BaseURL)
		if err != nil {
			return nil, err
		}
		saved, ok, err := s.store.Provider(ctx, s.db, in.Capability)
		if err != nil {
			return nil, err
		}
		key := strings.TrimSpace(in.APIKey)
		switch {
		case key != "":
		case ok && saved.BaseURL != "":
			if saved.KeySealed != "" && base == saved.BaseURL {
				key, _ = s.sealer.Open(saved.KeySealed, string(in.Capability))
			}
			withheld = saved.KeySealed != "" && base != saved.BaseURL
		case s.env.APIKey != "":
			if base == strings.TrimRight(s.env.BaseURL, "/") {
				key = s.env.APIKey
			}
			withheld = key == ""
		}
		ep = ai.Endpoint{BaseURL: base, APIKey: key, Model: strings.TrimSpace(in.Model), Timeout: defaultTimeout(in.Capability)}
		if ep.Model == "" {
			ep.Model = defaultModel(in.Capability)
		}
	}
	if in.TimeoutSeconds > 0 {
		ep.Timeout = time.Duration(in.TimeoutSeconds) * time.Second
	}
	switch {
	case !ep.Configured() && keyErr != nil:
		err = keyErr // a saved provider whose key the server cannot read
	case !ep.Configured():
		err = ai.ErrNotConfigured
	}
	c := &call{p: p, cap: in.Capability, start: time.Now(), ep: ep}
	c.usage.Model = ep.Model
	if err == nil {
		prov := s.provider(ep)
		if o, ok := prov.(*ai.OpenAI); ok {
			prov = o.WithRetries(0, 0) // the button shows the first answer as it is
		}
		switch in.Capability {
		case shared.AITranscription:
			_, err = prov.Transcribe(ctx, ai.TranscribeRequest{Audio: silentWAV(), Format: ai.FormatWAV, Language: "en"})
			if pr, ok := problem.As(err); ok && pr.Code == shared.CodeNoSpeech {
				err = nil // it heard the silence as silence
			}
		case shared.AISpeech:
			_, err = prov.Speak(ctx, ai.SpeechRequest{Text: "OK", Voice: shared.VoiceAlloy})
		default:
			var res *ai.ChatResult
			res, err = prov.Chat(ctx, ai.ChatRequest{SystemPrompt: "Answer with the single word OK.", Prompt: "Test", MaxTokens: 5})
			if res != nil {
				c.usage.PromptTokens, c.usage.CompletionTokens = res.PromptTokens, res.CompletionTokens
			}
		}
		s.done(ctx, c, shared.AIProviderAI, err)
	}
	out := &shared.AIConfigTestResult{OK: err == nil, LatencyMs: time.Since(c.start).Milliseconds(), Model: ep.Model}
	if err != nil {
		pr, ok := problem.As(err)
		if !ok {
			return nil, err
		}
		lang := msg.Language(ctx)
		out.Code, out.Message = pr.Code, msg.T(lang, pr.Key, pr.Args)
		if d, ok := pr.Args["detail"].(string); ok && d != "" {
			out.Message += " (" + ai.Redact(d, ep.APIKey) + ")"
		}
		if withheld {
			out.Message += " " + msg.T(lang, "aiservice.keyNotSent", nil)
		}
	}
	return out, nil
}

// silentWAV is one second of 16 kHz mono silence.
func silentWAV() []byte {
	const rate, n = 16000, 16000
	b := make([]byte, 44+2*n)
	copy(b, "RIFF")
	le32(b[4:], uint32(len(b)-8))
	copy(b[8:], "WAVEfmt ")
	le32(b[16:], 16)
	b[20], b[22] = 1, 1 // PCM, mono
	le32(b[24:], rate)
	le32(b[28:], rate*2)
	b[32], b[34] = 2, 16
	copy(b[36:], "data")
	le32(b[40:], 2*n)
	return b
}

func le32(b []byte, v uint32) { b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24) }
