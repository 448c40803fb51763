package iam

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// ErrDuplicate answers an account, e-mail or phone already in use.
var ErrDuplicate = problem.New(shared.CodeConflict, "error.conflict")

// errTaken refuses an account, e-mail or phone someone has (4022 on the
// field), in any facility, without saying whose it is.
func errTaken(field string) error { return problem.Invalid(field, "unique", "validation.taken", nil) }

// CreateUser adds an account in q's transaction and returns its id. The
// password must follow the password rule.
func (s *Service) CreateUser(ctx context.Context, q db.Querier, nu auth.NewUser) (string, error) {
	if err := checkNewPassword(nu.Password); err != nil {
		return "", err
	}
	hash, err := auth.HashPassword(nu.Password)
	if err != nil {
		return "", err
	}
	for col, v := range map[string]string{"account": nu.Account, "email": nu.Email, "phone": nu.Phone} {
		taken, err := s.store.Taken(ctx, q, col, v, "")
		if err != nil {
			return "", err
		}
		if taken {
			return "", errTaken(col)
		}
	}
	now := s.now()
	u := &user{ID: uuid.Must(uuid.NewV7()).String(), Account: nu.Account, Email: nu.Email, Phone: nu.Phone, Name: nu.Name,
		PasswordHash: hash, TempPassword: nu.TempPassword, NextPasswordUpdate: now.Add(s.passwordMaxAge(ctx)).UnixMilli(), Status: nu.Status}
	if u.Status == "" {
		u.Status = shared.UserEnabled
	}
	if nu.PlatformRole != "" {
		u.PlatformRole = sql.NullString{String: string(nu.PlatformRole), Valid: true}
	}
	if nu.TwoFactor != nil {
		u.TwoFactor = sql.NullBool{Bool: *nu.TwoFactor, Valid: true}
	}
	if err := s.store.InsertUser(ctx, q, u, now.UnixMilli()); err != nil {
		if db.IsUniqueViolation(err) {
			return "", ErrDuplicate
		}
		return "", err
	}
	return u.ID, nil
}

// AddMembership gives a user a role in a facility.
func (s *Service) AddMembership(ctx context.Context, q db.Querier, tenantID, userID string, role shared.Role) error {
	return s.store.InsertMembership(ctx, q, uuid.Must(uuid.NewV7()).String(), tenantID, userID, role, time.Now().UnixMilli())
}

// UserIDByAccount finds an account's id ("" if none: the demo seed asks
// whether it ran already).
func (s *Service) UserIDByAccount(ctx context.Context, account string) (string, error) {
	u, err := s.store.UserByLogin(ctx, s.db, account)
	if errors.Is(err, db.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return u.ID, nil
}

// SetUserStatus enables or disables an account; disabling ends every sign-in at once.
func (s *Service) SetUserStatus(ctx context.Context, userID string, st shared.UserStatus) error {
	now := s.now().UnixMilli()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET status = ?, updated_at = ? WHERE id = ?`, string(st), now, userID); err != nil {
			return db.Wrap("iam: set user status", err)
		}
		if st == shared.UserDisabled {
			if err := s.store.RevokeUser(ctx, tx, userID, "", now); err != nil {
				return err
			}
		}
		return s.sessionsChanged(ctx, tx, userID)
	})
}
