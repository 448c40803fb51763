package iam

// The super admin's people pages (spec 000 §2 /IAM/user): search across every
// facility, a person's memberships and sign-ins, disable and enable, unlock a
// locked sign-in, force a password reset and sign a person out everywhere.
// Every change is audited and takes effect on every instance within a second
// (sessionsChanged).

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Problems of the people pages.
var (
	// ErrSelf: the super admin does not disable himself.
	ErrSelf = problem.New(shared.CodeConflict, "admin.user.self")
	// ErrLastSuperAdmin: the platform keeps one enabled super admin at least.
	ErrLastSuperAdmin = problem.New(shared.CodeConflict, "admin.user.lastSuperAdmin")
)

// lockKeys are the login_failures keys that lock a person's sign-in: by
// account name, by e-mail (sign-in takes either), and by wrong e-mailed codes.
func lockKeys(u *user) []string {
	return []string{"acct:" + strings.ToLower(u.Account), "acct:" + strings.ToLower(u.Email), codeKey(u.ID)}
}

const userRowCols = `u.id, u.account, u.name, u.email, u.phone, u.status, u.platform_role, u.temp_password, u.created_at,
	(SELECT COUNT(*) FROM memberships m WHERE m.user_id = u.id),
	COALESCE((SELECT MAX(f.locked_until) FROM login_failures f WHERE f.key IN ('acct:' || u.account_key, 'acct:' || u.email, 'code:' || u.id)), 0)`

func scanUserRow(row interface{ Scan(...any) error }, now int64) (shared.UserRow, error) {
	var r shared.UserRow
	var role sql.NullString
	err := row.Scan(&r.UserID, &r.Account, &r.Name, &r.Email, &r.Phone, &r.Status, &role, &r.TempPassword, &r.CreateTime, &r.Facilities, &r.LockedUntil)
	r.PlatformRole = shared.Role(role.String)
	if r.LockedUntil <= now {
		r.LockedUntil = 0
	}
	return r, err //nolint:wrapcheck // the caller wraps
}

// ListUsers is the super admin's search over every facility's people.
func (s *Service) ListUsers(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.UserFilter]) (*shared.Page[shared.UserRow], error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	now := s.now().UnixMilli()
	f := req.Data
	var where []string
	var args []any
	if k := strings.ToLower(strings.TrimSpace(f.Keyword)); k != "" {
		like := db.Contains(k)
		where = append(where, `(`+db.Like("LOWER(u.name)")+` OR `+db.Like("u.account_key")+` OR `+db.Like("u.email")+`)`)
		args = append(args, like, like, like)
	}
	if f.Role != "" {
		where = append(where, `(u.platform_role = ? OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.role = ?))`)
		args = append(args, string(f.Role), string(f.Role))
	}
	if f.TenantID != "" {
		where = append(where, `EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.tenant_id = ?)`)
		args = append(args, f.TenantID)
	}
	if f.Status != "" {
		where = append(where, `u.status = ?`)
		args = append(args, string(f.Status))
	}
	if f.Locked {
		where = append(where, `EXISTS (SELECT 1 FROM login_failures f WHERE f.key IN ('acct:' || u.account_key, 'acct:' || u.email, 'code:' || u.id) AND f.locked_until > ?)`)
		args = append(args, now)
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int64
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users u`+cond, args...).Scan(&total); err != nil {
		return nil, db.Wrap("iam: count users", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+userRowCols+` FROM users u`+cond+` ORDER BY u.created_at DESC, u.id LIMIT ? OFFSET ?`,
		append(args, size, offset)...)
	if err != nil {
		return nil, db.Wrap("iam: list users", err)
	}
	defer rows.Close()
	out := &shared.Page[shared.UserRow]{Records: []shared.UserRow{}, Total: total, Current: page, Size: size}
	for rows.Next() {
		r, err := scanUserRow(rows, now)
		if err != nil {
			return nil, db.Wrap("iam: list users", err)
		}
		out.Records = append(out.Records, r)
	}
	return out, db.Wrap("iam: list users", rows.Err())
}

// UserDetail is one person with their memberships and latest sign-ins.
func (s *Service) UserDetail(ctx context.Context, p *auth.Principal, userID string) (*shared.UserDetail, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	now := s.now().UnixMilli()
	r, err := scanUserRow(s.db.QueryRowContext(ctx, `SELECT `+userRowCols+` FROM users u WHERE u.id = ?`, userID), now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("iam: user detail", err)
	}
	d := &shared.UserDetail{User: r, Memberships: []shared.UserMembership{}, SignIns: []shared.UserSignIn{}}
	if d.Memberships, err = s.userMemberships(ctx, userID); err != nil {
		return nil, err
	}
	// One row per sign-in (family): its first row has the address and device it began on.
	rows, err := s.db.QueryContext(ctx, `SELECT s.login_at, COALESCE(t.facility_name, ''), s.ip, s.user_agent,
		CASE WHEN EXISTS (SELECT 1 FROM sessions l WHERE l.family_id = s.family_id AND l.revoked_at IS NULL AND l.rotated_at IS NULL AND l.expires_at > ?) THEN 1 ELSE 0 END
		FROM sessions s LEFT JOIN tenants t ON t.id = s.tenant_id
		WHERE s.user_id = ? AND s.created_at = s.login_at ORDER BY s.login_at DESC LIMIT 20`, now, userID)
	if err != nil {
		return nil, db.Wrap("iam: user sign-ins", err)
	}
	defer rows.Close()
	for rows.Next() {
		var si shared.UserSignIn
		var live int
		if err := rows.Scan(&si.LoginAt, &si.FacilityName, &si.IP, &si.UserAgent, &live); err != nil {
			return nil, db.Wrap("iam: user sign-ins", err)
		}
		si.Live = live == 1
		d.SignIns = append(d.SignIns, si)
	}
	return d, db.Wrap("iam: user sign-ins", rows.Err())
}

// userMemberships are a person's places in facilities.
func (s *Service) userMemberships(ctx context.Context, userID string) ([]shared.UserMembership, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT m.tenant_id, t.facility_name, m.role, m.status FROM memberships m JOIN tenants t ON t.id = m.tenant_id
		WHERE m.user_id = ? ORDER BY t.facility_name`, userID)
	if err != nil {
		return nil, db.Wrap("iam: user memberships", err)
	}
	defer rows.Close()
	out := []shared.UserMembership{}
	for rows.Next() {
		var m shared.UserMembership
		if err := rows.Scan(&m.TenantID, &m.FacilityName, &m.Role, &m.Status); err != nil {
			return nil, db.Wrap("iam: user memberships", err)
		}
		out = append(out, m)
	}
	return out, db.Wrap("iam: user memberships", rows.Err())
}

// target reads the person an action is about (4004 when there is none).
func (s *Service) target(ctx context.Context, q db.Querier, userID string) (*user, error) {
	u, err := s.store.UserByID(ctx, q, userID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	return u, err
}

// ChangeUserStatus enables or disables a person on the whole platform;
// disabling ends every sign-in at once. The super admin does not disable
// himself, and the last enabled super admin stays.
func (s *Service) ChangeUserStatus(ctx context.Context, p *auth.Principal, req shared.ChangeUserStatusRequest) error {
	if !p.IsSuperAdmin() {
		return problem.Forbidden
	}
	if req.Status == shared.UserDisabled && req.UserID == p.UserID {
		return ErrSelf
	}
	now := s.now().UnixMilli()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		u, err := s.target(ctx, tx, req.UserID)
		if err != nil {
			return err
		}
		if req.Status == shared.UserDisabled && u.PlatformRole.String == string(shared.RoleSuperAdmin) {
			var others int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE platform_role = ? AND status = ? AND id <> ?`,
				string(shared.RoleSuperAdmin), string(shared.UserEnabled), u.ID).Scan(&others); err != nil {
				return db.Wrap("iam: count super admins", err)
			}
			if others == 0 {
				return ErrLastSuperAdmin
			}
		}
		if u.Status == req.Status {
			return nil
		}
		if u.Status == shared.UserUnverified && req.Status == shared.UserEnabled {
			return problem.Invalid("status", "enum", "admin.user.unverified", nil)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET status = ?, updated_at = ? WHERE id = ?`, string(req.Status), now, u.ID); err != nil {
			return db.Wrap("iam: change user status", err)
		}
		if req.Status == shared.UserDisabled {
			if err := s.store.RevokeUser(ctx, tx, u.ID, "", now); err != nil {
				return err
			}
		}
		if err := s.sessionsChanged(ctx, tx, u.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "user.status", Entity: "user", EntityID: u.ID,
			Before: map[string]any{"status": u.Status}, After: map[string]any{"status": req.Status}})
	})
}

// UnlockUser lifts a password or e-mailed-code lockout of a person's sign-in.
func (s *Service) UnlockUser(ctx context.Context, p *auth.Principal, userID string) error {
	if !p.IsSuperAdmin() {
		return problem.Forbidden
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		u, err := s.target(ctx, tx, userID)
		if err != nil {
			return err
		}
		for _, k := range lockKeys(u) {
			if err := s.store.ClearFailures(ctx, tx, k); err != nil {
				return err
			}
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "user.unlock", Entity: "user", EntityID: u.ID})
	})
}

// ResetUserPassword gives a person a temporary password, e-mailed to them:
// every sign-in ends, and the next one must choose a new password.
func (s *Service) ResetUserPassword(ctx context.Context, p *auth.Principal, userID string) error {
	if !p.IsSuperAdmin() {
		return problem.Forbidden
	}
	temp := auth.TempPassword()
	hash, err := auth.HashPassword(temp)
	if err != nil {
		return err //nolint:wrapcheck // platform/auth wraps its own
	}
	now := s.now().UnixMilli()
	var u *user
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if u, err = s.target(ctx, tx, userID); err != nil {
			return err
		}
		if u.Status == shared.UserDisabled {
			return problem.Invalid("userId", "status", "admin.user.disabled", nil)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = ?, temp_password = ?, updated_at = ? WHERE id = ?`,
			hash, true, now, u.ID); err != nil {
			return db.Wrap("iam: reset password", err)
		}
		if err := s.store.RevokeUser(ctx, tx, u.ID, "", now); err != nil {
			return err
		}
		if err := s.sessionsChanged(ctx, tx, u.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "user.resetPassword", Entity: "user", EntityID: u.ID,
			After: map[string]any{"tempPassword": true}})
	})
	if err != nil {
		return err
	}
	lang := msg.Language(ctx)
	args := map[string]any{"name": u.Name, "account": u.Account, "password": temp, "link": s.cfg.PublicURL + "/login"}
	if err := s.mail.Send(ctx, mail.Message{To: u.Email, Subject: msg.T(lang, "mail.tempPassword.subject", args),
		Body: msg.T(lang, "mail.tempPassword.body", args)}); err != nil {
		return err //nolint:wrapcheck // platform/mail says what failed
	}
	return nil
}

// SignOutEverywhere ends every sign-in of a person, on every device and instance.
func (s *Service) SignOutEverywhere(ctx context.Context, p *auth.Principal, userID string) error {
	if !p.IsSuperAdmin() {
		return problem.Forbidden
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		u, err := s.target(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := s.store.RevokeUser(ctx, tx, u.ID, "", s.now().UnixMilli()); err != nil {
			return err
		}
		if err := s.sessionsChanged(ctx, tx, u.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "user.signOutEverywhere", Entity: "user", EntityID: u.ID})
	})
}

// AdminRoutes mounts the super admin's people calls (spec 000 §2 /IAM/user).
func AdminRoutes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodPost, "/user/listUsersByPage", "Super admin: every facility's people, by name, account, e-mail, role, facility, status or lockout"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.UserFilter]]) (*shared.Page[shared.UserRow], error) {
			return s.ListUsers(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/user/getUserDetail", "Super admin: one person, their memberships and latest 20 sign-ins"),
		func(ctx context.Context, in *shared.UserIDQuery) (*shared.UserDetail, error) {
			return s.UserDetail(ctx, auth.From(ctx), in.UserID)
		})
	web.Handle(api, op(http.MethodPost, "/user/changeUserStatus", "Super admin: enable or disable a person (disabling signs them out everywhere); not himself, not the last super admin"),
		func(ctx context.Context, in *web.Body[shared.ChangeUserStatusRequest]) (*struct{}, error) {
			return nil, s.ChangeUserStatus(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/user/unlockUser", "Super admin: lift a password or code lockout"),
		func(ctx context.Context, in *web.Body[shared.UserIDRequest]) (*struct{}, error) {
			return nil, s.UnlockUser(ctx, auth.From(ctx), in.Body.UserID)
		})
	web.Handle(api, op(http.MethodPost, "/user/resetUserPassword", "Super admin: e-mail a temporary password; the person signs out everywhere and must choose a new one"),
		func(ctx context.Context, in *web.Body[shared.UserIDRequest]) (*struct{}, error) {
			return nil, s.ResetUserPassword(ctx, auth.From(ctx), in.Body.UserID)
		})
	web.Handle(api, op(http.MethodPost, "/user/signOutEverywhere", "Super admin: end every sign-in of a person"),
		func(ctx context.Context, in *web.Body[shared.UserIDRequest]) (*struct{}, error) {
			return nil, s.SignOutEverywhere(ctx, auth.From(ctx), in.Body.UserID)
		})
}
