package iam

import (
	"context"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// The account's language (users.language) is the interface language the person
// last signed in with, or the one a manager chose when hiring them. Mail sent
// while they are away — a decided request, their invite — is written in it.

// rememberLanguage stores the language a sign-in asked for ("" leaves it alone);
// it writes only when the language changed.
func (s *Service) rememberLanguage(ctx context.Context, userID string, l shared.Language) error {
	if l == "" {
		return nil
	}
	return s.SetLanguage(ctx, s.db, userID, l)
}

// SetLanguage sets an account's language in q's transaction.
func (s *Service) SetLanguage(ctx context.Context, q db.Querier, userID string, l shared.Language) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET language = ? WHERE id = ? AND language <> ?`, string(l), userID, string(l))
	return db.Wrap("iam: set language", err)
}

// Language is an account's language ("" when it is not known);
// db.ErrNotFound when there is no such account.
func (s *Service) Language(ctx context.Context, q db.Querier, userID string) (shared.Language, error) {
	var l string
	if err := q.QueryRowContext(ctx, `SELECT language FROM users WHERE id = ?`, userID).Scan(&l); err != nil {
		return "", db.NotFound("iam: language", err)
	}
	return shared.Language(l), nil
}
