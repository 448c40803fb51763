package iam

// Account operations the staff feature (cloud/feature/staff) needs: the
// invite link of a new caregiver, role and status changes of a membership,
// ending a person's sign-ins in one facility, and profile edits with the same
// duplicate checks as the foundation. Each takes the caller's transaction.

import (
	"context"
	"strings"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// InviteLink stores a fresh account-activation token for userID in q's
// transaction and answers the link to e-mail. Opening it and choosing a
// password (POST /user/emailTokenVerify) turns the account from unverified to enabled.
func (s *Service) InviteLink(ctx context.Context, q db.Querier, userID string) (string, error) {
	now := s.now()
	token := auth.NewOpaqueToken()
	if err := s.store.InsertEmailToken(ctx, q, auth.HashToken(token), userID, "verify", now.Add(VerifyLinkTTL).UnixMilli(), now.UnixMilli()); err != nil {
		return "", err
	}
	return s.cfg.PublicURL + "/change-password?token=" + token, nil
}

// SetMembershipRole changes a person's role in one facility; false when they have no membership there.
func (s *Service) SetMembershipRole(ctx context.Context, q db.Querier, tenantID, userID string, role shared.Role) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE memberships SET role = ? WHERE tenant_id = ? AND user_id = ?`, string(role), tenantID, userID))
	return ok, db.Wrap("iam: set membership role", err)
}

// SetMembershipStatus enables or disables a person in one facility. The session
// check reads this status, so a disabled member's next call fails (4002).
func (s *Service) SetMembershipStatus(ctx context.Context, q db.Querier, tenantID, userID string, st shared.UserStatus) error {
	if _, err := q.ExecContext(ctx, `UPDATE memberships SET status = ? WHERE tenant_id = ? AND user_id = ?`, string(st), tenantID, userID); err != nil {
		return db.Wrap("iam: set membership status", err)
	}
	return s.sessionsChanged(ctx, q, userID)
}

// RevokeInTenant ends every sign-in of userID into tenantID (their sign-ins
// into other facilities go on), in q's transaction.
func (s *Service) RevokeInTenant(ctx context.Context, q db.Querier, tenantID, userID string) error {
	if _, err := q.ExecContext(ctx, `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND tenant_id = ? AND revoked_at IS NULL`,
		s.now().UnixMilli(), userID, tenantID); err != nil {
		return db.Wrap("iam: revoke in facility", err)
	}
	return s.sessionsChanged(ctx, q, userID)
}

// UpdateProfile changes a person's name, e-mail and phone after the duplicate
// checks of the foundation (the person's own values count as free).
func (s *Service) UpdateProfile(ctx context.Context, q db.Querier, userID, name, email, phone string) error {
	for col, v := range map[string]string{"email": email, "phone": phone} {
		taken, err := s.store.Taken(ctx, q, col, v, userID)
		if err != nil {
			return err
		}
		if taken {
			return errTaken(col)
		}
	}
	_, err := q.ExecContext(ctx, `UPDATE users SET name = ?, email = ?, phone = ?, phone_key = ?, updated_at = ? WHERE id = ?`,
		name, strings.ToLower(strings.TrimSpace(email)), phone, phoneKey(phone), s.now().UnixMilli(), userID)
	if db.IsUniqueViolation(err) {
		return ErrDuplicate
	}
	return db.Wrap("iam: update profile", err)
}

// FilesConfig is where uploaded files are kept, as the server resolves it (the
// demo seed stores its credential documents there).
func (s *Service) FilesConfig() config.Files {
	if s.cfg.Files != (config.Files{}) {
		return s.cfg.Files
	}
	return config.DefaultFiles(s.cfg.DataDir)
}
