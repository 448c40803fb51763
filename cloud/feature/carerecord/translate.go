package carerecord

import (
	"context"
	"database/sql"
	"errors"

	"github.com/riverqueue/river"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// The English rendering of notes written in Spanish or Chinese: when a note is
// stored or edited, a job (enqueued in the same transaction) asks the AI
// service for its English and stores it as englishNotes. Without a provider
// (or one that cannot translate that pair), outside the facility's plan, or
// past its per-minute limit, the note keeps englishNotes empty and readers
// see the original. The original is never replaced.

// Translator is the AI service's translation (aiservice.Service), wired by cloud/server.
type Translator interface {
	Translate(ctx context.Context, p *auth.Principal, in shared.TranslateRequest) (*shared.TranslationResult, error)
}

// TranslateArgs is the job of one note's English rendering, for the text as
// it was at updatedAt (an edit enqueues a new one).
type TranslateArgs struct {
	TenantID  string `json:"tenantId"`
	NoteID    string `json:"noteId"`
	UpdatedAt int64  `json:"updatedAt"`
}

// Kind names the job.
func (TranslateArgs) Kind() string { return "progress_note_translate" }

// translateAttempts: a provider that fails (network, 5xx) is tried again a
// few times; a refusal (not configured, not in the plan) is not retried.
const translateAttempts = 3

type translateWorker struct {
	river.WorkerDefaults[TranslateArgs]
	s *Service
}

func (w *translateWorker) Work(ctx context.Context, j *river.Job[TranslateArgs]) error {
	return w.s.translateNote(ctx, j.Args)
}

// residentLanguages are the translator's names of the notes' languages.
var residentLanguages = map[shared.Language]shared.ResidentLanguage{
	shared.LangEsES: shared.LanguageSpanish,
	shared.LangZhCN: shared.LanguageChinese,
}

// enqueueTranslation asks for a note's English in q's transaction when it is
// not written in English and a translator is wired.
func (s *Service) enqueueTranslation(ctx context.Context, q db.Querier, r *noteRow) error {
	if r.MsgKey != "" {
		return nil
	}
	if _, ok := residentLanguages[r.Language]; !ok {
		return nil
	}
	return s.queue.Enqueue(ctx, q, TranslateArgs{TenantID: r.TenantID, NoteID: r.ID, UpdatedAt: r.UpdatedAt},
		&river.InsertOpts{MaxAttempts: translateAttempts})
}

// translateNote stores a note's English when the note is still as it was.
func (s *Service) translateNote(ctx context.Context, a TranslateArgs) error {
	var text, author, plan string
	var lang shared.Language
	err := s.db.QueryRowContext(ctx, `SELECT n.notes, n.language, COALESCE(n.author_id, ''), COALESCE(t.subscription_plan, '')
		FROM progress_notes n JOIN tenants t ON t.id = n.tenant_id WHERE n.tenant_id = ? AND n.id = ? AND n.updated_at = ?`,
		a.TenantID, a.NoteID, a.UpdatedAt).Scan(&text, &lang, &author, &plan)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // edited since: its own job translates the new text
	}
	if err != nil {
		return db.Wrap("carerecord: note to translate", err)
	}
	from, ok := residentLanguages[lang]
	if !ok {
		return nil
	}
	p := &auth.Principal{UserID: author, TenantID: a.TenantID, Plan: shared.Plan(plan)}
	res, err := s.translator.Translate(ctx, p, shared.TranslateRequest{Text: text, From: from, To: shared.LanguageEnglish})
	if _, refused := problem.As(err); refused {
		return nil // no provider for this pair, not in the plan, or over the limit: the original stands
	}
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE progress_notes SET english_notes = ? WHERE tenant_id = ? AND id = ? AND updated_at = ?`,
		res.Translated, a.TenantID, a.NoteID, a.UpdatedAt)
	return db.Wrap("carerecord: store translation", err)
}
