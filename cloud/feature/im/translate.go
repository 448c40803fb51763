package im

import (
	"context"
	"errors"
	"sync"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Translation (issue 20): every person reads Hearth in a language
// (users.language); a text message keeps the language its sender reads in.
// A translation is made by the AI service on demand (or, with the reader's
// per-chat switch on, while a page is read) and cached per message and
// language; the original always stays. With no provider the AI service's
// answer (4150) is passed on and the original shows alone.

// autoTranslateMax bounds the translations one page read may ask for, and
// autoTranslateAtOnce how many are asked at the same time.
const (
	autoTranslateMax    = 10
	autoTranslateAtOnce = 3
)

// translatorLanguages are the AI service's names of Hearth's languages.
var translatorLanguages = map[shared.Language]shared.ResidentLanguage{
	shared.LangEnUS: shared.LanguageEnglish,
	shared.LangEsES: shared.LanguageSpanish,
	shared.LangZhCN: shared.LanguageChinese,
}

// userLanguage is a person's preferred language ("" when not known: no
// account has userID).
func userLanguage(ctx context.Context, q db.Querier, userID string) (shared.Language, error) {
	p, err := people.Get(ctx, q, userID)
	if errors.Is(err, db.ErrNotFound) {
		return "", nil
	}
	return p.Language, err
}

// readerLanguage is the language userID reads in (English when not known).
func (s *Service) readerLanguage(ctx context.Context, userID string) (shared.Language, error) {
	lang, err := userLanguage(ctx, s.db, userID)
	if _, ok := translatorLanguages[lang]; !ok {
		lang = shared.LangEnUS
	}
	return lang, err
}

// needsTranslation says whether m is a text written in another language than lang.
func needsTranslation(m *messageRow, lang shared.Language) bool {
	return m.Kind == shared.MessageText && !m.Recalled && m.Content != "" && m.Language != "" && m.Language != string(lang)
}

// translate asks the AI service for m's text in lang and caches it.
func (s *Service) translate(ctx context.Context, p *auth.Principal, m *messageRow, lang shared.Language) (string, error) {
	from, ok := translatorLanguages[shared.Language(m.Language)]
	if !ok {
		from = shared.TranslateAuto
	}
	res, err := s.translator.Translate(ctx, p, shared.TranslateRequest{Text: m.Content, From: from, To: translatorLanguages[lang]})
	if err != nil {
		return "", err
	}
	if err := s.store.PutTranslation(ctx, s.db, m.TenantID, m.ID, lang, res.Translated, s.now().UnixMilli()); err != nil {
		return "", err
	}
	return res.Translated, nil
}

// Translate answers a message's text in the caller's language, from the
// cache or the AI service.
func (s *Service) Translate(ctx context.Context, p *auth.Principal, messageID string) (*shared.MessageTranslation, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	m, _, err := s.visible(ctx, s.db, tenant, p.UserID, messageID)
	if err != nil {
		return nil, err
	}
	if m.Kind != shared.MessageText || m.Recalled || m.Content == "" {
		return nil, ErrNothingToRead
	}
	lang, err := s.readerLanguage(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	out := &shared.MessageTranslation{MessageID: m.ID, Language: string(lang)}
	if m.Language == string(lang) {
		out.Translation = m.Content
		return out, nil
	}
	cached, err := s.store.Translations(ctx, s.db, []string{m.ID}, lang)
	if err != nil {
		return nil, err
	}
	if t, ok := cached[m.ID]; ok {
		out.Translation = t
		return out, nil
	}
	if out.Translation, err = s.translate(ctx, p, m, lang); err != nil {
		return nil, err
	}
	return out, nil
}

// autoTranslate fills cached with translations of the page's texts written
// in another language, a few at most and autoTranslateAtOnce at a time; after
// the first refusal (no provider, not in the plan, over the limit) no more
// are asked and the originals show.
func (s *Service) autoTranslate(ctx context.Context, p *auth.Principal, rows []messageRow, lang shared.Language, cached map[string]string) {
	var todo []*messageRow
	for i := range rows {
		if _, ok := cached[rows[i].ID]; !ok && needsTranslation(&rows[i], lang) && len(todo) < autoTranslateMax {
			todo = append(todo, &rows[i])
		}
	}
	var (
		mu      sync.Mutex
		refused bool
		wg      sync.WaitGroup
	)
	slots := make(chan struct{}, autoTranslateAtOnce)
	for _, m := range todo {
		mu.Lock()
		stop := refused
		mu.Unlock()
		if stop {
			break
		}
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			t, err := s.translate(ctx, p, m, lang)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if _, ok := problem.As(err); !ok {
					s.log.WarnContext(ctx, "chat auto-translation failed", "message_id", m.ID, "err", err)
				}
				refused = true
				return
			}
			cached[m.ID] = t
		}()
	}
	wg.Wait()
}
