package iam

// What the tenant feature's sign-up and review need from identity (the
// tenant feature takes them through its Accounts interface): the picture
// code, a per-address limit, the fix-and-resubmit link of a refused sign-up,
// and the sign-in answers of a home under review, refused, disabled or deleted.

import (
	"context"
	"embed"
	"errors"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// The messages of the administration files (registration.go, admin_users.go).
//
//go:embed adminmessages/*.json
var adminMessages embed.FS

func init() { msg.RegisterDir("iam-admin", adminMessages, "adminmessages") }

// tenantClosed is how membershipQuery reads a disabled or deleted facility.
const tenantClosed shared.TenantStatus = "closed"

// ResubmitTTL is how long a refused sign-up's fix link works.
const ResubmitTTL = 7 * 24 * time.Hour

// purposeResubmit marks the token of a fix link (email_tokens.purpose); it
// opens the refused sign-up, never a password change.
const purposeResubmit = "resubmit"

// Problems of the administration files.
var (
	// ErrPendingDraft: the facility's sign-up is not sent for review yet
	// (the second of spec 001 §8's pending-review messages).
	ErrPendingDraft = problem.New(shared.CodePendingApproval, "auth.pendingDraft")
	// ErrFacilityClosed: the super admin disabled or deleted the facility.
	ErrFacilityClosed = problem.New(shared.CodeAccountDisabled, "auth.facilityClosed")
	// ErrTooManySignups: one address sent too many sign-ups.
	ErrTooManySignups = problem.New(shared.CodeRateLimited, "auth.tooManySignups")
)

// refusedProblem is the sign-in answer of a refused facility (4108) once the
// password is right: the reason and a token that opens the sign-up to fix it.
func (s *Service) refusedProblem(ctx context.Context, userID, tenantID string) error {
	var reason string
	if err := s.db.QueryRowContext(ctx, `SELECT refuse_reason FROM tenants WHERE id = ?`, tenantID).Scan(&reason); err != nil {
		return db.Wrap("iam: refuse reason", err)
	}
	token, err := s.ResubmitToken(ctx, s.db, userID)
	if err != nil {
		return err
	}
	return ErrRefused.WithData(shared.RefusedInfo{RefuseReason: reason, FixToken: token})
}

// ResubmitToken stores a fix-link token for userID in q's transaction and answers it.
func (s *Service) ResubmitToken(ctx context.Context, q db.Querier, userID string) (string, error) {
	now := s.now()
	token := auth.NewOpaqueToken()
	if err := s.store.InsertEmailToken(ctx, q, auth.HashToken(token), userID, purposeResubmit, now.Add(ResubmitTTL).UnixMilli(), now.UnixMilli()); err != nil {
		return "", err
	}
	return token, nil
}

// ResubmitUser is the user a fix-link token was made for; ErrTokenInvalid
// when it is unknown, used or expired. spend marks it used (in q's transaction).
func (s *Service) ResubmitUser(ctx context.Context, q db.Querier, token string, spend bool) (string, error) {
	hash := auth.HashToken(token)
	t, err := s.store.EmailToken(ctx, q, hash)
	if err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return "", ErrTokenInvalid
		}
		return "", err
	}
	now := s.now().UnixMilli()
	if t.Purpose != purposeResubmit || t.UsedAt.Valid || now > t.ExpiresAt {
		return "", ErrTokenInvalid
	}
	if spend {
		ok, err := s.store.UseEmailToken(ctx, q, hash, now)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", ErrTokenInvalid
		}
	}
	return t.UserID, nil
}

// CheckCaptcha spends a picture code (4102 when missing or wrong).
func (s *Service) CheckCaptcha(ctx context.Context, id, answer string) error {
	return s.checkCaptcha(ctx, id, answer, s.now())
}

// LimitAddress counts one public call of a kind (sign-up, home lookup) from
// address ip: limit an hour, then 4029 with the seconds to wait.
func (s *Service) LimitAddress(ctx context.Context, kind, ip string, limit int) error {
	now := s.now()
	const window = time.Hour
	var f failures
	err := s.db.InTx(ctx, func(tx *db.Tx) (err error) {
		f, err = s.store.AddFailure(ctx, tx, kind+":"+ip, now.UnixMilli(), window.Milliseconds())
		return err
	})
	if err != nil {
		return err
	}
	if f.Count > limit {
		wait := time.UnixMilli(f.WindowStart).Add(window).Sub(now)
		return ErrTooManySignups.WithData(shared.RetryInfo{RetryAfterSeconds: int((wait + time.Second - 1) / time.Second)})
	}
	return nil
}

// RevokeTenant ends every sign-in into tenantID, in q's transaction, and
// tells every instance (the session checks and the chat's sockets) at commit.
func (s *Service) RevokeTenant(ctx context.Context, q db.Querier, tenantID string) error {
	users, err := memberIDs(ctx, q, tenantID)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND revoked_at IS NULL`,
		s.now().UnixMilli(), tenantID); err != nil {
		return db.Wrap("iam: revoke facility", err)
	}
	for _, u := range users {
		if err := s.sessionsChanged(ctx, q, u); err != nil {
			return err
		}
	}
	return nil
}

// memberIDs are the people of a facility.
func memberIDs(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT user_id FROM memberships WHERE tenant_id = ?`, tenantID)
	if err != nil {
		return nil, db.Wrap("iam: members of facility", err)
	}
	defer rows.Close()
	var users []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("iam: members of facility", err)
		}
		users = append(users, id)
	}
	return users, db.Wrap("iam: members of facility", rows.Err())
}
