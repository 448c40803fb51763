package iam

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store is the SQL of people, memberships, sessions and sign-in support rows.
// Every method takes the querier so callers choose the transaction.
type Store struct{ db *db.DB }

// user is a users row.
type user struct {
	ID, Account, Email, Phone, Name, Avatar, PasswordHash string
	TempPassword                                          bool
	NextPasswordUpdate                                    int64
	Status                                                shared.UserStatus
	PlatformRole                                          sql.NullString
	TwoFactor                                             sql.NullBool
}

const userCols = `id, account, email, phone, name, avatar, password_hash, temp_password, next_password_update_at, status, platform_role, two_factor`

func scanUser(what string, row interface{ Scan(...any) error }) (*user, error) {
	var u user
	err := row.Scan(&u.ID, &u.Account, &u.Email, &u.Phone, &u.Name, &u.Avatar, &u.PasswordHash,
		&u.TempPassword, &u.NextPasswordUpdate, &u.Status, &u.PlatformRole, &u.TwoFactor)
	if err != nil {
		return nil, db.NotFound(what, err)
	}
	return &u, nil
}

// UserByLogin finds a user by account name or e-mail, ignoring case;
// db.ErrNotFound when no account has it.
func (s *Store) UserByLogin(ctx context.Context, q db.Querier, login string) (*user, error) {
	key := strings.ToLower(strings.TrimSpace(login))
	return scanUser("iam: user by login", q.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE account_key = ? OR email = ?`, key, key))
}

// UserByID finds a user; db.ErrNotFound when there is none.
func (s *Store) UserByID(ctx context.Context, q db.Querier, id string) (*user, error) {
	return scanUser("iam: user by id", q.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id = ?`, id))
}

// InsertUser adds a user row.
func (s *Store) InsertUser(ctx context.Context, q db.Querier, u *user, now int64) error {
	var role any
	if u.PlatformRole.Valid {
		role = u.PlatformRole.String
	}
	var twoFactor any
	if u.TwoFactor.Valid {
		twoFactor = u.TwoFactor.Bool
	}
	_, err := q.ExecContext(ctx, `INSERT INTO users (id, account, account_key, email, phone, phone_key, name, avatar, password_hash,
		temp_password, next_password_update_at, status, platform_role, two_factor, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		u.ID, u.Account, strings.ToLower(u.Account), strings.ToLower(u.Email), u.Phone, phoneKey(u.Phone), u.Name, u.Avatar,
		u.PasswordHash, u.TempPassword, u.NextPasswordUpdate, string(u.Status), role, twoFactor, now, now)
	return db.Wrap("iam: insert user", err)
}

// SetPassword stores a new password hash and clears the temporary flag.
func (s *Store) SetPassword(ctx context.Context, q db.Querier, userID, hash string, next, now int64, verify bool) error {
	query := `UPDATE users SET password_hash = ?, temp_password = ?, next_password_update_at = ?, updated_at = ?`
	if verify {
		query += `, status = CASE WHEN status = 'unverified' THEN 'enabled' ELSE status END`
	}
	_, err := q.ExecContext(ctx, query+` WHERE id = ?`, hash, false, next, now, userID)
	return db.Wrap("iam: set password", err)
}

// SetNextPasswordUpdate moves the password-change prompt.
func (s *Store) SetNextPasswordUpdate(ctx context.Context, q db.Querier, userID string, next, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET next_password_update_at = ?, updated_at = ? WHERE id = ?`, next, now, userID)
	return db.Wrap("iam: set next password update", err)
}

// Taken reports whether a column value is used by a user other than except.
func (s *Store) Taken(ctx context.Context, q db.Querier, column, value, except string) (bool, error) {
	return s.TakenIn(ctx, q, "", column, value, except)
}

// TakenIn reports whether a column value is used by a user other than except
// who is a member of tenantID; "" asks about every user.
func (s *Store) TakenIn(ctx context.Context, q db.Querier, tenantID, column, value, except string) (bool, error) {
	var col string
	switch column {
	case "account":
		col, value = "account_key", strings.ToLower(strings.TrimSpace(value))
	case "email":
		col, value = "email", strings.ToLower(strings.TrimSpace(value))
	case "phone":
		col, value = "phone_key", phoneKey(value)
	default:
		return false, db.Wrap("iam: taken", fmt.Errorf("unknown column %q", column))
	}
	query, args := `SELECT COUNT(*) FROM users u WHERE u.`+col+` = ? AND u.id <> ?`, []any{value, except}
	if tenantID != "" {
		query += ` AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.tenant_id = ?)`
		args = append(args, tenantID)
	}
	var n int
	err := q.QueryRowContext(ctx, query, args...).Scan(&n)
	return n > 0, db.Wrap("iam: taken", err)
}

// phoneKey keeps the digits (and a leading +) so "(206) 555-0100" and "206-555-0100" collide.
func phoneKey(p string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(p) {
		if (r >= '0' && r <= '9') || (r == '+' && i == 0) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// membership is a user's place in a facility, with the facility's details.
type membership struct {
	TenantID     string
	Role         shared.Role
	Status       shared.UserStatus
	FacilityName string
	TimeZone     shared.TimeZone
	TenantStatus shared.TenantStatus
	Plan         sql.NullString
	PackageID    sql.NullString
}

// A disabled or deleted facility reads as tenantClosed (registration.go).
const membershipQuery = `SELECT m.tenant_id, m.role, m.status, t.facility_name, t.time_zone,
	CASE WHEN t.disabled_at IS NULL AND t.deleted_at IS NULL THEN t.status ELSE 'closed' END, t.subscription_plan, t.package_id
	FROM memberships m JOIN tenants t ON t.id = m.tenant_id WHERE m.user_id = ?`

func scanMembership(row interface{ Scan(...any) error }) (membership, error) {
	var m membership
	err := row.Scan(&m.TenantID, &m.Role, &m.Status, &m.FacilityName, &m.TimeZone, &m.TenantStatus, &m.Plan, &m.PackageID)
	return m, err
}

// infoRow is what getUserInfo shows: the user and, when signed in to a
// facility, the membership of it (Member false when there is none).
type infoRow struct {
	User   user
	Member bool
	M      membership
}

// UserInfo reads a user and their membership of tenantID ("" for none) in one
// statement: getUserInfo is called by every screen. db.ErrNotFound when the
// user is gone.
func (s *Store) UserInfo(ctx context.Context, q db.Querier, userID, tenantID string) (*infoRow, error) {
	var r infoRow
	var tenant, facility, zone sql.NullString
	err := q.QueryRowContext(ctx, `SELECT u.id, u.account, u.email, u.name, u.avatar, u.temp_password, u.next_password_update_at,
		m.tenant_id, t.facility_name, t.time_zone, t.subscription_plan, t.package_id
		FROM users u LEFT JOIN memberships m ON m.user_id = u.id AND m.tenant_id = ? LEFT JOIN tenants t ON t.id = m.tenant_id
		WHERE u.id = ?`, tenantID, userID).Scan(&r.User.ID, &r.User.Account, &r.User.Email, &r.User.Name, &r.User.Avatar,
		&r.User.TempPassword, &r.User.NextPasswordUpdate, &tenant, &facility, &zone, &r.M.Plan, &r.M.PackageID)
	if err != nil {
		return nil, db.NotFound("iam: user info", err)
	}
	r.Member = tenant.Valid && tenantID != ""
	r.M.TenantID, r.M.FacilityName, r.M.TimeZone = tenant.String, facility.String, shared.TimeZone(zone.String)
	return &r, nil
}

// Memberships lists a user's facilities, ordered by facility name.
func (s *Store) Memberships(ctx context.Context, q db.Querier, userID string) ([]membership, error) {
	rows, err := q.QueryContext(ctx, membershipQuery+` ORDER BY t.facility_name`, userID)
	if err != nil {
		return nil, db.Wrap("iam: memberships", err)
	}
	defer rows.Close()
	var out []membership
	for rows.Next() {
		m, err := scanMembership(rows)
		if err != nil {
			return nil, db.Wrap("iam: memberships", err)
		}
		out = append(out, m)
	}
	return out, db.Wrap("iam: memberships", rows.Err())
}

// Membership finds a user's membership of one facility; db.ErrNotFound when
// they are not a member of it.
func (s *Store) Membership(ctx context.Context, q db.Querier, userID, tenantID string) (*membership, error) {
	m, err := scanMembership(q.QueryRowContext(ctx, membershipQuery+` AND m.tenant_id = ?`, userID, tenantID))
	if err != nil {
		return nil, db.NotFound("iam: membership", err)
	}
	return &m, nil
}

// InsertMembership adds a user to a facility with a role.
func (s *Store) InsertMembership(ctx context.Context, q db.Querier, id, tenantID, userID string, role shared.Role, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO memberships (id, tenant_id, user_id, role, status, created_at) VALUES (?, ?, ?, ?, 'enabled', ?)`,
		id, tenantID, userID, string(role), now)
	return db.Wrap("iam: insert membership", err)
}

// session is a sessions row.
type session struct {
	ID, FamilyID, UserID string
	TenantID             sql.NullString
	LoginAt, ExpiresAt   int64
	RotatedAt, RevokedAt sql.NullInt64
}

// InsertSession adds one refresh-token row.
func (s *Store) InsertSession(ctx context.Context, q db.Querier, ss session, refreshHash, device, ip, ua string, now int64) error {
	var tenant any
	if ss.TenantID.Valid {
		tenant = ss.TenantID.String
	}
	_, err := q.ExecContext(ctx, `INSERT INTO sessions (id, family_id, user_id, tenant_id, device_id, ip, user_agent, refresh_hash, login_at, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		ss.ID, ss.FamilyID, ss.UserID, tenant, truncate(device, 128), truncate(ip, 64), truncate(ua, 256), refreshHash, ss.LoginAt, now, ss.ExpiresAt)
	return db.Wrap("iam: insert session", err)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// SessionByRefresh finds the row of a refresh token; db.ErrNotFound for a
// token no sign-in holds.
func (s *Store) SessionByRefresh(ctx context.Context, q db.Querier, refreshHash string) (*session, error) {
	var ss session
	err := q.QueryRowContext(ctx, `SELECT id, family_id, user_id, tenant_id, login_at, expires_at, rotated_at, revoked_at FROM sessions WHERE refresh_hash = ?`, refreshHash).
		Scan(&ss.ID, &ss.FamilyID, &ss.UserID, &ss.TenantID, &ss.LoginAt, &ss.ExpiresAt, &ss.RotatedAt, &ss.RevokedAt)
	if err != nil {
		return nil, db.NotFound("iam: session by refresh", err)
	}
	return &ss, nil
}

// RotateSession marks a row used; false when another request used it first.
func (s *Store) RotateSession(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE sessions SET rotated_at = ? WHERE id = ? AND rotated_at IS NULL AND revoked_at IS NULL`, now, id))
	return ok, db.Wrap("iam: rotate session", err)
}

// RevokeFamily ends one sign-in on every device that holds its tokens.
func (s *Store) RevokeFamily(ctx context.Context, q db.Querier, familyID string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE sessions SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL`, now, familyID)
	return db.Wrap("iam: revoke family", err)
}

// RevokeUser ends every sign-in of a user except keepFamily.
func (s *Store) RevokeUser(ctx context.Context, q db.Querier, userID, keepFamily string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND family_id <> ? AND revoked_at IS NULL`, now, userID, keepFamily)
	return db.Wrap("iam: revoke user", err)
}

// sessionState is what every signed-in request checks.
type sessionState struct {
	UserStatus       shared.UserStatus
	TempPassword     bool
	MembershipStatus sql.NullString
	Live             bool
	LoginAt          int64
}

// SessionState reads the user's status and whether the sign-in is still live;
// db.ErrNotFound when the user is gone.
func (s *Store) SessionState(ctx context.Context, q db.Querier, userID, tenantID, familyID string) (*sessionState, error) {
	var st sessionState
	var loginAt sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT u.status, u.temp_password, m.status,
		(SELECT MIN(s.login_at) FROM sessions s WHERE s.family_id = ? AND s.user_id = u.id AND s.revoked_at IS NULL)
		FROM users u LEFT JOIN memberships m ON m.user_id = u.id AND m.tenant_id = ? WHERE u.id = ?`,
		familyID, tenantID, userID).Scan(&st.UserStatus, &st.TempPassword, &st.MembershipStatus, &loginAt)
	if err != nil {
		return nil, db.NotFound("iam: session state", err)
	}
	st.Live, st.LoginAt = loginAt.Valid, loginAt.Int64
	return &st, nil
}

// challenge is a verify_challenges row.
type challenge struct {
	ID, UserID, CodeHash string
	TenantID             sql.NullString
	SentAt, ExpiresAt    int64
	Attempts             int
	UsedAt               sql.NullInt64
}

// InsertChallenge stores a new e-mailed code.
func (s *Store) InsertChallenge(ctx context.Context, q db.Querier, c challenge, now int64) error {
	var tenant any
	if c.TenantID.Valid {
		tenant = c.TenantID.String
	}
	_, err := q.ExecContext(ctx, `INSERT INTO verify_challenges (id, user_id, tenant_id, code_hash, sent_at, expires_at, attempts, created_at)
		VALUES (?, ?, ?, ?, ?, ?, 0, ?)`, c.ID, c.UserID, tenant, c.CodeHash, c.SentAt, c.ExpiresAt, now)
	return db.Wrap("iam: insert challenge", err)
}

// Challenge reads a code challenge; db.ErrNotFound when there is none.
func (s *Store) Challenge(ctx context.Context, q db.Querier, id string) (*challenge, error) {
	var c challenge
	err := q.QueryRowContext(ctx, `SELECT id, user_id, tenant_id, code_hash, sent_at, expires_at, attempts, used_at FROM verify_challenges WHERE id = ?`, id).
		Scan(&c.ID, &c.UserID, &c.TenantID, &c.CodeHash, &c.SentAt, &c.ExpiresAt, &c.Attempts, &c.UsedAt)
	if err != nil {
		return nil, db.NotFound("iam: challenge", err)
	}
	return &c, nil
}

// CountAttempt adds a wrong try and returns the new count.
func (s *Store) CountAttempt(ctx context.Context, q db.Querier, id string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `UPDATE verify_challenges SET attempts = attempts + 1 WHERE id = ? RETURNING attempts`, id).Scan(&n)
	return n, db.Wrap("iam: count attempt", err)
}

// UseChallenge marks a code used; false when it was used already.
func (s *Store) UseChallenge(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE verify_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL`, now, id)
	if err != nil {
		return false, db.Wrap("iam: use challenge", err)
	}
	n, err := res.RowsAffected()
	return n == 1, db.Wrap("iam: use challenge", err)
}

// ResendChallenge replaces the code of a challenge and restarts its clock.
func (s *Store) ResendChallenge(ctx context.Context, q db.Querier, id, codeHash string, sentAt, expiresAt int64) error {
	_, err := q.ExecContext(ctx, `UPDATE verify_challenges SET code_hash = ?, sent_at = ?, expires_at = ?, attempts = 0 WHERE id = ?`,
		codeHash, sentAt, expiresAt, id)
	return db.Wrap("iam: resend challenge", err)
}

// failures is a login_failures row.
type failures struct {
	WindowStart, LockedUntil int64
	Count                    int
}

// Failures reads the failure counter of a key. A key without a row has
// failed nothing yet: its counter is the zero one, not an error.
func (s *Store) Failures(ctx context.Context, q db.Querier, key string) (failures, error) {
	var f failures
	err := q.QueryRowContext(ctx, `SELECT window_start, failures, locked_until FROM login_failures WHERE key = ?`, key).
		Scan(&f.WindowStart, &f.Count, &f.LockedUntil)
	if errors.Is(err, sql.ErrNoRows) {
		return failures{}, nil
	}
	return f, db.Wrap("iam: failures", err)
}

// SaveFailures writes the failure counter of a key.
func (s *Store) SaveFailures(ctx context.Context, q db.Querier, key string, f failures) error {
	_, err := q.ExecContext(ctx, `INSERT INTO login_failures (key, window_start, failures, locked_until) VALUES (?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, failures = excluded.failures, locked_until = excluded.locked_until`,
		key, f.WindowStart, f.Count, f.LockedUntil)
	return db.Wrap("iam: save failures", err)
}

// AddFailure counts one failure of a key in one statement and answers the
// counter after it: a count older than window starts again at 1. The upsert
// locks the row on PostgreSQL and SQLite has one writer, so failures at the
// same moment each get their own count and exactly one of them reaches a limit.
func (s *Store) AddFailure(ctx context.Context, q db.Querier, key string, now, window int64) (failures, error) {
	var f failures
	err := q.QueryRowContext(ctx, `INSERT INTO login_failures (key, window_start, failures, locked_until) VALUES (?, ?, 1, 0)
		ON CONFLICT (key) DO UPDATE SET
			failures = CASE WHEN login_failures.window_start < ? THEN 1 ELSE login_failures.failures + 1 END,
			window_start = CASE WHEN login_failures.window_start < ? THEN excluded.window_start ELSE login_failures.window_start END
		RETURNING window_start, failures, locked_until`, key, now, now-window, now-window).Scan(&f.WindowStart, &f.Count, &f.LockedUntil)
	return f, db.Wrap("iam: add failure", err)
}

// ClearFailures forgets a key's failures.
func (s *Store) ClearFailures(ctx context.Context, q db.Querier, key string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM login_failures WHERE key = ?`, key)
	return db.Wrap("iam: clear failures", err)
}

// InsertCaptcha stores a captcha answer and drops expired ones.
func (s *Store) InsertCaptcha(ctx context.Context, q db.Querier, id, answerHash string, expires, now int64) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM captchas WHERE expires_at < ?`, now); err != nil {
		return db.Wrap("iam: insert captcha", err)
	}
	_, err := q.ExecContext(ctx, `INSERT INTO captchas (id, answer_hash, expires_at) VALUES (?, ?, ?)`, id, answerHash, expires)
	return db.Wrap("iam: insert captcha", err)
}

// TakeCaptcha removes a captcha and returns its answer hash (db.ErrNotFound
// if none or expired): each captcha is answered once.
func (s *Store) TakeCaptcha(ctx context.Context, q db.Querier, id string, now int64) (string, error) {
	var h string
	err := q.QueryRowContext(ctx, `DELETE FROM captchas WHERE id = ? AND expires_at >= ? RETURNING answer_hash`, id, now).Scan(&h)
	if err != nil {
		return "", db.NotFound("iam: take captcha", err)
	}
	return h, nil
}

// InsertEmailToken stores an e-mailed link's token hash.
func (s *Store) InsertEmailToken(ctx context.Context, q db.Querier, hash, userID, purpose string, expires, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at, created_at) VALUES (?, ?, ?, ?, ?)`,
		hash, userID, purpose, expires, now)
	return db.Wrap("iam: insert email token", err)
}

// LastEmailToken is when the newest link of a purpose was made for a user (0 if never).
func (s *Store) LastEmailToken(ctx context.Context, q db.Querier, userID, purpose string) (int64, error) {
	var t sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT MAX(created_at) FROM email_tokens WHERE user_id = ? AND purpose = ?`, userID, purpose).Scan(&t)
	return t.Int64, db.Wrap("iam: last email token", err)
}

// emailToken is an email_tokens row.
type emailToken struct {
	UserID, Purpose string
	ExpiresAt       int64
	UsedAt          sql.NullInt64
}

// EmailToken reads a link's token; db.ErrNotFound for a token never made.
func (s *Store) EmailToken(ctx context.Context, q db.Querier, hash string) (*emailToken, error) {
	var t emailToken
	err := q.QueryRowContext(ctx, `SELECT user_id, purpose, expires_at, used_at FROM email_tokens WHERE token_hash = ?`, hash).
		Scan(&t.UserID, &t.Purpose, &t.ExpiresAt, &t.UsedAt)
	if err != nil {
		return nil, db.NotFound("iam: email token", err)
	}
	return &t, nil
}

// UseEmailToken marks a link used; false when it was used already.
func (s *Store) UseEmailToken(ctx context.Context, q db.Querier, hash string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE email_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL`, now, hash)
	if err != nil {
		return false, db.Wrap("iam: use email token", err)
	}
	n, err := res.RowsAffected()
	return n == 1, db.Wrap("iam: use email token", err)
}
