package iam

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
)

// AvatarURLs turns a user's avatar file id into a link the browser can load
// (the file service's signed link to the 64 × 64 thumbnail the header shows).
// iam does not know the file store.
type AvatarURLs interface {
	AvatarThumbURL(fileID string) string
}

// SetAvatarURLs makes getUserInfo answer avatar links from a. It is the one
// collaborator set after New: the file service is built on iam (Accounts),
// and iam's links come from it. The server calls Wired before it starts, so
// a server built without it does not start.
func (s *Service) SetAvatarURLs(a AvatarURLs) { s.avatars = a }

// Wired says whether the collaborators are there: the run-time parameters
// given to New, and those set after New (SetAvatarURLs).
func (s *Service) Wired() error {
	var missing []string
	if s.params == nil {
		missing = append(missing, "Params")
	}
	if s.avatars == nil {
		missing = append(missing, "AvatarURLs (SetAvatarURLs)")
	}
	if len(missing) > 0 {
		return errors.New("iam: missing collaborator " + strings.Join(missing, ", "))
	}
	return nil
}

// avatarURL is the link of a stored avatar file id.
func (s *Service) avatarURL(fileID string) string {
	if fileID == "" {
		return fileID
	}
	return s.avatars.AvatarThumbURL(fileID)
}

// SetAvatar points the user's avatar at fileID in q's transaction and returns
// the file id it held before (the file service removes that one).
func (s *Service) SetAvatar(ctx context.Context, q db.Querier, userID, fileID string) (string, error) {
	var previous string
	err := q.QueryRowContext(ctx, `SELECT avatar FROM users WHERE id = ?`, userID).Scan(&previous)
	if errors.Is(err, sql.ErrNoRows) {
		return "", problem.NotFound
	}
	if err != nil {
		return "", db.Wrap("iam: set avatar", err)
	}
	_, err = q.ExecContext(ctx, `UPDATE users SET avatar = ?, updated_at = ? WHERE id = ?`, fileID, s.now().UnixMilli(), userID)
	return previous, db.Wrap("iam: set avatar", err)
}
