// Package iam is identity and access: accounts, facility memberships, sign-in
// with the facility choice and the e-mailed code, tokens and sessions,
// passwords and the e-mailed links that reset them.
package iam

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Sign-in limits. The ones an operator tunes at run time are parameters
// (cloud/platform/param, read through Params): the failed sign-ins that lock
// an account (param.LockAfterFailures) and for how long (param.LockMinutes),
// how long an e-mailed code works and the wait before another
// (param.CodeValidMinutes, param.CodeResendSeconds: spec 001 §9, 10 minutes
// and 60 seconds), and the password-change prompt (param.PasswordMaxAgeDays).
const (
	CodeMaxAttempts = 5
	// CodeAccountLockAfter wrong e-mailed codes of one account within
	// FailureWindow, over all its challenges and resends, lock its sign-in
	// for param.LockMinutes (a resend or a new sign-in gives no fresh tries).
	CodeAccountLockAfter = 10
	// CheckAddressLimit: duplicate checks (checkAccount, checkEmail,
	// checkPhone) one address, and one signed-in caller, may ask within FailureWindow.
	CheckAddressLimit  = 20
	FailureWindow      = 15 * time.Minute
	AddressLockAfter   = 50 // failed sign-ins from one address within the window
	AccountCaptchaFrom = 3  // failures after which the account's sign-in needs the captcha
	AddressCaptchaFrom = 10
	CaptchaTTL         = 5 * time.Minute
	ResetLinkTTL       = time.Hour
	VerifyLinkTTL      = 7 * 24 * time.Hour
	// RefreshRaceGrace: a refresh token presented again this soon after its
	// rotation is two tabs refreshing at once, not theft; it gets a new pair.
	RefreshRaceGrace = 10 * time.Second
)

// Problems this package answers.
var (
	ErrLoginFailed      = problem.New(shared.CodeLoginFailed, "auth.loginFailed")
	ErrLocked           = problem.New(shared.CodeRateLimited, "auth.locked")
	ErrCodeLocked       = problem.New(shared.CodeRateLimited, "auth.codeLocked")
	ErrTooManyChecks    = problem.New(shared.CodeRateLimited, "auth.tooManyChecks")
	ErrCaptchaRequired  = problem.New(shared.CodeCaptchaRequired, "auth.captchaRequired")
	ErrCaptchaWrong     = problem.New(shared.CodeCaptchaRequired, "auth.captchaWrong")
	ErrCodeWrong        = problem.New(shared.CodeVerifyCodeWrong, "auth.codeWrong")
	ErrCodeExpired      = problem.New(shared.CodeVerifyCodeExpire, "auth.codeExpired")
	ErrResendTooSoon    = problem.New(shared.CodeResendTooSoon, "auth.resendTooSoon")
	ErrDisabled         = problem.New(shared.CodeAccountDisabled, "auth.disabled")
	ErrUnverified       = problem.New(shared.CodeAccountDisabled, "auth.unverified")
	ErrNoFacility       = problem.New(shared.CodeAccountDisabled, "auth.noFacility")
	ErrPendingApproval  = problem.New(shared.CodePendingApproval, "auth.pendingApproval")
	ErrRefused          = problem.New(shared.CodeFacilityRefused, "auth.refused")
	ErrWrongPassword    = problem.New(shared.CodeWrongPassword, "auth.wrongPassword")
	ErrTokenInvalid     = problem.New(shared.CodeTokenInvalid, "auth.tokenInvalid")
	ErrPasswordEncoding = problem.Invalid("password", "encoding", "validation.passwordEncoding", nil)
)

// Service is the identity service.
type Service struct {
	db     *db.DB
	store  *Store
	tokens *auth.Tokens
	mail   mail.Sender
	cfg    *config.Config
	// params are the run-time parameters: lockout, code and password rules.
	params *param.Params
	log    *slog.Logger
	now    func() time.Time
	// avatars makes avatar links for getUserInfo (the file service; nil-safe).
	avatars AvatarURLs
	// dummyHash keeps the timing of an unknown account like that of a wrong password.
	dummyHash string
	// live keeps recent session checks (sessioncache.go).
	live *liveCache
	// infos are kept getUserInfo answers, until the facility's list version
	// changes: the users, memberships and tenants rows they show raise it
	// (platform/keep).
	infos *keep.Cache[*web.Answer[*shared.UserInfo]]
	// dev keeps the picture codes' answers on a development server (devcaptcha.go).
	dev devCaptchas
}

// New makes the identity service. params is required: Wired names it when missing.
func New(d *db.DB, tokens *auth.Tokens, m mail.Sender, cfg *config.Config, params *param.Params, log *slog.Logger, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	h, err := auth.HashPassword("not-a-real-password-Aa1@")
	if err != nil {
		panic(err)
	}
	return &Service{db: d, store: &Store{db: d}, tokens: tokens, mail: m, cfg: cfg, params: params, log: log, now: now, dummyHash: h,
		live: newLiveCache(SessionCacheTTL), infos: keep.New[*web.Answer[*shared.UserInfo]](keep.MaxAnswers, keep.MaxAge)}
}

// Client describes where a sign-in comes from.
type Client struct {
	IP, DeviceID, UserAgent string
	// Language is the interface language the request asked for (Accept-Language),
	// "" when it named none; a sign-in remembers it on the account (language.go).
	Language shared.Language
}

// Login is the password step (spec 001 §7.2): it answers tokens, a facility
// choice, or a code step.
func (s *Service) Login(ctx context.Context, req shared.LoginRequest, c Client) (*shared.LoginResult, error) {
	now := s.now()
	acctKey := "acct:" + strings.ToLower(strings.TrimSpace(req.Account))
	ipKey := "ip:" + c.IP
	acct, err := s.store.Failures(ctx, s.db, acctKey)
	if err != nil {
		return nil, err
	}
	addr, err := s.store.Failures(ctx, s.db, ipKey)
	if err != nil {
		return nil, err
	}
	if until := max(acct.LockedUntil, addr.LockedUntil); until > now.UnixMilli() {
		return nil, lockedProblem(until, now)
	}
	if recent(acct, now) >= AccountCaptchaFrom || recent(addr, now) >= AddressCaptchaFrom {
		if err := s.checkCaptcha(ctx, req.CaptchaID, req.CaptchaCode, now); err != nil {
			return nil, err
		}
	}
	password, err := auth.DecodePassword(s.cfg.LoginAESKey, req.Password)
	if err != nil {
		return nil, ErrPasswordEncoding
	}
	u, err := s.store.UserByLogin(ctx, s.db, req.Account)
	known := err == nil
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	hash := s.dummyHash // an unknown account takes as long, and answers the same, as a wrong password
	if known {
		hash = u.PasswordHash
	}
	if !auth.CheckPassword(password, hash) || !known {
		return nil, s.loginFailed(ctx, acctKey, ipKey, now)
	}
	if err := s.store.ClearFailures(ctx, s.db, acctKey); err != nil {
		return nil, err
	}
	switch u.Status {
	case shared.UserDisabled:
		return nil, ErrDisabled
	case shared.UserUnverified:
		return nil, ErrUnverified
	}
	if u.PlatformRole.Valid {
		return s.afterPassword(ctx, u, nil, c)
	}
	ms, err := s.store.Memberships(ctx, s.db, u.ID)
	if err != nil {
		return nil, err
	}
	if len(ms) == 0 {
		return nil, ErrNoFacility
	}
	var chosen *membership
	if req.TenantID == "" {
		if len(ms) > 1 {
			list := make([]shared.LoginTenant, len(ms))
			for i, m := range ms {
				list[i] = shared.LoginTenant{TenantID: m.TenantID, Account: u.Account, FacilityName: m.FacilityName}
			}
			return &shared.LoginResult{LoginTenantList: list, LoginUserInfo: &shared.LoginUserInfo{Roles: rolesOf(ms), Email: auth.MaskEmail(u.Email)}}, nil
		}
		chosen = &ms[0]
	} else {
		for i := range ms {
			if ms[i].TenantID == req.TenantID {
				chosen = &ms[i]
			}
		}
		if chosen == nil {
			return nil, problem.Invalid("tenantId", "enum", "auth.badTenant", nil)
		}
	}
	if err := facilityOpen(chosen); err != nil {
		if err == ErrRefused { //nolint:errorlint // facilityOpen answers the sentinel itself
			return nil, s.refusedProblem(ctx, u.ID, chosen.TenantID)
		}
		return nil, err
	}
	return s.afterPassword(ctx, u, chosen, c)
}

func rolesOf(ms []membership) string {
	var rs []string
	for _, m := range ms {
		if !slices.Contains(rs, string(m.Role)) {
			rs = append(rs, string(m.Role))
		}
	}
	return strings.Join(rs, ",")
}

func facilityOpen(m *membership) error {
	if m.Status == shared.UserDisabled {
		return ErrDisabled
	}
	switch m.TenantStatus {
	case shared.TenantApproved:
		return nil
	case shared.TenantRefused:
		return ErrRefused
	case tenantClosed:
		return ErrFacilityClosed
	case shared.TenantDraft:
		return ErrPendingDraft
	default:
		return ErrPendingApproval
	}
}

// lockDuration is how long too many wrong passwords or codes lock a sign-in.
func (s *Service) lockDuration(ctx context.Context) time.Duration {
	return time.Duration(s.params.Int(ctx, param.LockMinutes)) * time.Minute
}

// codeTTL is how long an e-mailed code works.
func (s *Service) codeTTL(ctx context.Context) time.Duration {
	return time.Duration(s.params.Int(ctx, param.CodeValidMinutes)) * time.Minute
}

// codeResendAfter is the wait before another code or e-mailed link.
func (s *Service) codeResendAfter(ctx context.Context) time.Duration {
	return time.Duration(s.params.Int(ctx, param.CodeResendSeconds)) * time.Second
}

// passwordMaxAge is how long after a password is set its owner is asked to change it.
func (s *Service) passwordMaxAge(ctx context.Context) time.Duration {
	return time.Duration(s.params.Int(ctx, param.PasswordMaxAgeDays)) * 24 * time.Hour
}

func recent(f failures, now time.Time) int {
	if now.UnixMilli()-f.WindowStart > FailureWindow.Milliseconds() {
		return 0
	}
	return f.Count
}

func lockedProblem(until int64, now time.Time) *problem.Error {
	secs := int((until - now.UnixMilli() + 999) / 1000) // whole seconds, rounded up: a fresh 15-minute lock says 15 minutes
	return ErrLocked.With(map[string]any{"minutes": (secs + 59) / 60}).
		WithData(shared.RetryInfo{RetryAfterSeconds: secs, CaptchaRequired: true})
}

// loginFailed counts a failure for the account and the address and says whether the next try needs the captcha.
func (s *Service) loginFailed(ctx context.Context, acctKey, ipKey string, now time.Time) error {
	var acct failures
	// Parameters are read before the transaction: a read inside it would want a second
	// connection while holding one (many failures at once could exhaust the pool).
	lockAfter, lockFor := int(s.params.Int(ctx, param.LockAfterFailures)), s.lockDuration(ctx)
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if acct, err = s.bump(ctx, tx, acctKey, lockAfter, lockFor, now); err != nil {
			return err
		}
		_, err = s.bump(ctx, tx, ipKey, AddressLockAfter, lockFor, now)
		return err
	})
	if err != nil {
		return err
	}
	if acct.LockedUntil > now.UnixMilli() {
		return lockedProblem(acct.LockedUntil, now)
	}
	return ErrLoginFailed.WithData(shared.RetryInfo{
		CaptchaRequired: acct.Count >= AccountCaptchaFrom,
		AttemptsLeft:    lockAfter - acct.Count,
	})
}

func (s *Service) bump(ctx context.Context, tx *db.Tx, key string, lockAfter int, lockFor time.Duration, now time.Time) (failures, error) {
	f, err := s.store.Failures(ctx, tx, key)
	if err != nil {
		return f, err
	}
	if recent(f, now) == 0 {
		f = failures{WindowStart: now.UnixMilli()}
	}
	f.Count++
	if f.Count >= lockAfter {
		f.LockedUntil = now.Add(lockFor).UnixMilli()
		f.Count, f.WindowStart = 0, now.UnixMilli() // after the lock, counting starts again
	}
	return f, s.store.SaveFailures(ctx, tx, key, f)
}

// afterPassword decides between the code step and tokens once the password is right.
func (s *Service) afterPassword(ctx context.Context, u *user, m *membership, c Client) (*shared.LoginResult, error) {
	if !s.needsCode(ctx, u, m) {
		return s.issue(ctx, u, m, c, "")
	}
	now := s.now()
	if err := s.codeLock(ctx, u.ID, now); err != nil {
		return nil, err
	}
	code := auth.EmailCode()
	ch := challenge{ID: uuid.Must(uuid.NewV7()).String(), UserID: u.ID, CodeHash: auth.HashToken(code),
		SentAt: now.UnixMilli(), ExpiresAt: now.Add(s.codeTTL(ctx)).UnixMilli()}
	if m != nil {
		ch.TenantID = sql.NullString{String: m.TenantID, Valid: true}
	}
	if err := s.store.InsertChallenge(ctx, s.db, ch, now.UnixMilli()); err != nil {
		return nil, err
	}
	if err := s.sendCode(ctx, u, code); err != nil {
		return nil, err
	}
	roles := ""
	if m != nil {
		roles = string(m.Role)
	} else {
		roles = u.PlatformRole.String
	}
	return &shared.LoginResult{
		TwoFactorAuthentication: true, SendEmailVerifyCode: true, ChallengeID: ch.ID, MaskedEmail: auth.MaskEmail(u.Email),
		ResendAfterSeconds: int(s.codeResendAfter(ctx).Seconds()),
		LoginUserInfo:      &shared.LoginUserInfo{Roles: roles, Email: auth.MaskEmail(u.Email)},
	}, nil
}

// needsCode says whether the sign-in asks for the e-mailed code: the person's
// own setting when set, else the run-time parameter of the role signing in
// (signIn.twoFactor.<ROLE>, /params-setting; its default is HEARTH_2FA_ROLES).
func (s *Service) needsCode(ctx context.Context, u *user, m *membership) bool {
	if u.TwoFactor.Valid {
		return u.TwoFactor.Bool
	}
	role := shared.Role(u.PlatformRole.String)
	if m != nil {
		role = m.Role
	}
	k, ok := param.TwoFactor(role)
	return ok && s.params.Bool(ctx, k)
}

func (s *Service) sendCode(ctx context.Context, u *user, code string) error {
	lang := msg.Language(ctx)
	return s.mail.Send(ctx, mail.Message{To: u.Email, Subject: msg.T(lang, "mail.code.subject", nil),
		Body: msg.T(lang, "mail.code.body", map[string]any{"name": u.Name, "code": code})})
}

// SendVerifyCode e-mails a new code for a pending code step.
func (s *Service) SendVerifyCode(ctx context.Context, req shared.SendVerifyCodeRequest) (*shared.SendCodeResult, error) {
	now := s.now()
	u, ch, err := s.openChallenge(ctx, req.Account, req.ChallengeID, req.TenantID, now)
	if err != nil {
		return nil, err
	}
	if err := s.codeLock(ctx, u.ID, now); err != nil {
		return nil, err
	}
	resendAfter := s.codeResendAfter(ctx)
	if wait := time.UnixMilli(ch.SentAt).Add(resendAfter).Sub(now); wait > 0 {
		secs := int((wait + time.Second - 1) / time.Second) // rounded up, so a fresh code says 60, not 61
		return nil, ErrResendTooSoon.With(map[string]any{"seconds": secs}).WithData(shared.RetryInfo{RetryAfterSeconds: secs})
	}
	code := auth.EmailCode()
	if err := s.store.ResendChallenge(ctx, s.db, ch.ID, auth.HashToken(code), now.UnixMilli(), now.Add(s.codeTTL(ctx)).UnixMilli()); err != nil {
		return nil, err
	}
	if err := s.sendCode(ctx, u, code); err != nil {
		return nil, err
	}
	return &shared.SendCodeResult{ResendAfterSeconds: int(resendAfter.Seconds()), MaskedEmail: auth.MaskEmail(u.Email)}, nil
}

// openChallenge finds a live challenge of the account.
func (s *Service) openChallenge(ctx context.Context, account, id, tenantID string, now time.Time) (*user, *challenge, error) {
	ch, err := s.store.Challenge(ctx, s.db, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, ErrCodeExpired
	}
	if err != nil {
		return nil, nil, err
	}
	u, err := s.store.UserByLogin(ctx, s.db, account)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, ErrCodeExpired
	}
	if err != nil {
		return nil, nil, err
	}
	if u.ID != ch.UserID || (tenantID != "" && ch.TenantID.String != tenantID) {
		return nil, nil, ErrCodeExpired
	}
	if ch.UsedAt.Valid || ch.Attempts >= CodeMaxAttempts || now.UnixMilli() > ch.ExpiresAt {
		return nil, nil, ErrCodeExpired
	}
	return u, ch, nil
}

// codeKey is the login_failures key counting an account's wrong e-mailed codes.
func codeKey(userID string) string { return "code:" + userID }

// codeLock answers 4029 while the account's code step is locked.
func (s *Service) codeLock(ctx context.Context, userID string, now time.Time) error {
	f, err := s.store.Failures(ctx, s.db, codeKey(userID))
	if err != nil {
		return err
	}
	if f.LockedUntil > now.UnixMilli() {
		return codeLockedProblem(f.LockedUntil, now)
	}
	return nil
}

func codeLockedProblem(until int64, now time.Time) *problem.Error {
	secs := int((until - now.UnixMilli() + 999) / 1000)
	return ErrCodeLocked.With(map[string]any{"minutes": (secs + 59) / 60}).WithData(shared.RetryInfo{RetryAfterSeconds: secs})
}

// notifyCodeLocked tells the account's owner, in their language, that wrong
// codes locked their sign-in: whoever typed them knew the password. A mail
// failure is logged; the lock holds either way.
func (s *Service) notifyCodeLocked(ctx context.Context, u *user) {
	lang, err := s.Language(ctx, s.db, u.ID)
	if err != nil || lang == "" {
		lang = msg.Language(ctx)
	}
	args := map[string]any{"name": u.Name, "failures": CodeAccountLockAfter, "minutes": int(s.lockDuration(ctx).Minutes())}
	m := mail.Message{To: u.Email, Subject: msg.T(lang, "mail.codeLocked.subject", args), Body: msg.T(lang, "mail.codeLocked.body", args)}
	if err := s.mail.Send(context.WithoutCancel(ctx), m); err != nil {
		s.log.ErrorContext(ctx, "code lock: mail", "err", err, "to", u.Email)
	}
}

// TwoFactor checks the e-mailed code and issues tokens.
func (s *Service) TwoFactor(ctx context.Context, req shared.TwoFactorRequest, c Client) (*shared.LoginResult, error) {
	now := s.now()
	u, ch, err := s.openChallenge(ctx, req.Account, req.ChallengeID, req.TenantID, now)
	if err != nil {
		return nil, err
	}
	if err := s.codeLock(ctx, u.ID, now); err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(auth.HashToken(req.VerifyCode)), []byte(ch.CodeHash)) != 1 {
		// UPDATE ... RETURNING writes, so it runs on the writer (the SQLite reader pool is read-only).
		var n int
		var acct failures
		var lockedNow bool             // this wrong code locked the account (others in flight only see the lock)
		lockFor := s.lockDuration(ctx) // read before the transaction (see loginFailed)
		err := s.db.InTx(ctx, func(tx *db.Tx) (err error) {
			if n, err = s.store.CountAttempt(ctx, tx, ch.ID); err != nil {
				return err
			}
			if acct, err = s.store.AddFailure(ctx, tx, codeKey(u.ID), now.UnixMilli(), FailureWindow.Milliseconds()); err != nil {
				return err
			}
			if acct.Count < CodeAccountLockAfter || acct.LockedUntil > now.UnixMilli() { // under the limit, or locked already
				return nil
			}
			acct, lockedNow = failures{WindowStart: now.UnixMilli(), LockedUntil: now.Add(lockFor).UnixMilli()}, true
			if err := s.store.SaveFailures(ctx, tx, codeKey(u.ID), acct); err != nil {
				return err
			}
			return audit.Write(ctx, tx, audit.Entry{TenantID: ch.TenantID.String, ActorID: u.ID, Action: "user.codeLocked",
				Entity: "user", EntityID: u.ID, After: map[string]any{"wrongCodes": CodeAccountLockAfter, "lockedUntil": acct.LockedUntil}})
		})
		if err != nil {
			return nil, err
		}
		if lockedNow {
			s.notifyCodeLocked(ctx, u)
		}
		if acct.LockedUntil > now.UnixMilli() {
			return nil, codeLockedProblem(acct.LockedUntil, now)
		}
		if n >= CodeMaxAttempts {
			return nil, ErrCodeExpired
		}
		left := CodeMaxAttempts - n
		return nil, ErrCodeWrong.With(map[string]any{"attempts": left}).WithData(shared.RetryInfo{AttemptsLeft: left})
	}
	ok, err := s.store.UseChallenge(ctx, s.db, ch.ID, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrCodeExpired
	}
	var m *membership
	if ch.TenantID.Valid {
		m, err = s.store.Membership(ctx, s.db, u.ID, ch.TenantID.String)
		if errors.Is(err, db.ErrNotFound) {
			return nil, ErrNoFacility
		}
		if err != nil {
			return nil, err
		}
		if err := facilityOpen(m); err != nil {
			return nil, err
		}
	}
	if u.Status != shared.UserEnabled {
		return nil, ErrDisabled
	}
	return s.issue(ctx, u, m, c, "")
}

// issue starts a session (or continues family) and answers the token pair.
func (s *Service) issue(ctx context.Context, u *user, m *membership, c Client, family string) (*shared.LoginResult, error) {
	now := s.now()
	loginAt := now.UnixMilli()
	if family == "" {
		family = uuid.Must(uuid.NewV7()).String()
	} else if st, err := s.store.SessionState(ctx, s.db, u.ID, "", family); err == nil && st.Live {
		loginAt = st.LoginAt
	}
	refresh := auth.NewOpaqueToken()
	ss := session{ID: uuid.Must(uuid.NewV7()).String(), FamilyID: family, UserID: u.ID,
		LoginAt: loginAt, ExpiresAt: now.Add(auth.RefreshTokenTTL).UnixMilli()}
	p := auth.Principal{UserID: u.ID, SessionID: family}
	info := &shared.LoginUserInfo{UserID: u.ID, UserName: u.Name, Email: u.Email}
	res := &shared.LoginResult{LoginUserInfo: info}
	if m != nil {
		ss.TenantID = sql.NullString{String: m.TenantID, Valid: true}
		p.TenantID, p.Roles = m.TenantID, []shared.Role{m.Role}
		if m.Plan.Valid {
			p.Plan = shared.Plan(m.Plan.String)
		}
		info.TenantID, info.TimeZoneID = m.TenantID, string(m.TimeZone)
		res.SubscriptionPlan = p.Plan
	} else {
		p.Roles = []shared.Role{shared.Role(u.PlatformRole.String)}
	}
	info.Roles = string(p.Roles[0])
	if err := s.store.InsertSession(ctx, s.db, ss, auth.HashToken(refresh), c.DeviceID, c.IP, c.UserAgent, now.UnixMilli()); err != nil {
		return nil, err
	}
	if err := s.rememberLanguage(ctx, u.ID, c.Language); err != nil {
		return nil, err
	}
	token, _, err := s.tokens.Issue(p)
	if err != nil {
		return nil, err
	}
	res.Token, res.RefreshToken, res.RefreshTokenExpireTime = token, refresh, ss.ExpiresAt
	return res, nil
}

// Refresh spends a refresh token for a new pair, reloading role and plan.
// A token presented again after its rotation revokes the whole sign-in.
func (s *Service) Refresh(ctx context.Context, refreshToken string, c Client) (*shared.LoginResult, error) {
	now := s.now()
	ss, err := s.store.SessionByRefresh(ctx, s.db, auth.HashToken(refreshToken))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.Unauthorized
	}
	if err != nil {
		return nil, err
	}
	switch {
	case now.UnixMilli() > ss.ExpiresAt:
		return nil, problem.Unauthorized
	case ss.RevokedAt.Valid:
		return nil, problem.Revoked
	case ss.RotatedAt.Valid && now.UnixMilli()-ss.RotatedAt.Int64 > RefreshRaceGrace.Milliseconds():
		s.log.WarnContext(ctx, "refresh token reused; revoking the sign-in", "user_id", ss.UserID, "family", ss.FamilyID)
		if err := s.revokeFamily(ctx, ss.UserID, ss.FamilyID, now.UnixMilli()); err != nil {
			return nil, err
		}
		return nil, problem.Revoked
	case !ss.RotatedAt.Valid:
		rotated, err := s.store.RotateSession(ctx, s.db, ss.ID, now.UnixMilli())
		if err != nil {
			return nil, err
		}
		if !rotated {
			// Another request got there first: a refresh a moment ago (the grace case,
			// go on) or a logout (the sign-in is over and must stay over).
			again, err := s.store.SessionByRefresh(ctx, s.db, auth.HashToken(refreshToken))
			if errors.Is(err, db.ErrNotFound) {
				return nil, problem.Revoked
			}
			if err != nil {
				return nil, err
			}
			if again.RevokedAt.Valid {
				return nil, problem.Revoked
			}
		}
	}
	// gone: the account, or its membership of the sign-in's facility, no longer exists.
	u, err := s.store.UserByID(ctx, s.db, ss.UserID)
	gone := errors.Is(err, db.ErrNotFound)
	if err != nil && !gone {
		return nil, err
	}
	var m *membership
	if !gone && ss.TenantID.Valid {
		m, err = s.store.Membership(ctx, s.db, ss.UserID, ss.TenantID.String)
		gone = errors.Is(err, db.ErrNotFound)
		if err != nil && !gone {
			return nil, err
		}
	}
	if gone || u.Status != shared.UserEnabled || (ss.TenantID.Valid && facilityOpen(m) != nil) {
		if err := s.revokeFamily(ctx, ss.UserID, ss.FamilyID, now.UnixMilli()); err != nil {
			return nil, err
		}
		return nil, problem.Revoked
	}
	return s.issue(ctx, u, m, c, ss.FamilyID)
}

// Logout ends the sign-in that holds refreshToken, and the caller's own sign-in if signed in.
func (s *Service) Logout(ctx context.Context, refreshToken string, p *auth.Principal) error {
	now := s.now().UnixMilli()
	if p != nil {
		if err := s.revokeFamily(ctx, p.UserID, p.SessionID, now); err != nil {
			return err
		}
	}
	if refreshToken == "" {
		return nil
	}
	ss, err := s.store.SessionByRefresh(ctx, s.db, auth.HashToken(refreshToken))
	if errors.Is(err, db.ErrNotFound) {
		return nil // a token no sign-in holds: nothing to end
	}
	if err != nil {
		return err
	}
	return s.revokeFamily(ctx, ss.UserID, ss.FamilyID, now)
}

// revokeFamily ends one sign-in of userID and tells every instance (sessioncache.go).
func (s *Service) revokeFamily(ctx context.Context, userID, family string, now int64) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.RevokeFamily(ctx, tx, family, now); err != nil {
			return err
		}
		return s.sessionsChanged(ctx, tx, userID)
	})
}

// CheckSession implements web.SessionChecker: the sign-in must be live, the
// user and membership enabled. Non-owners with a temporary password must change it first.
// A live answer is reused for up to SessionCacheTTL (sessioncache.go).
func (s *Service) CheckSession(ctx context.Context, p *auth.Principal) (bool, error) {
	readAt := time.Now() // the cache's clock is the real one, not the service's (tests move that)
	st, ok, gen := s.live.get(p.SessionID, p.UserID, p.TenantID, readAt)
	if !ok {
		read, err := s.store.SessionState(ctx, s.db, p.UserID, p.TenantID, p.SessionID)
		if errors.Is(err, db.ErrNotFound) {
			return false, problem.Revoked
		}
		if err != nil {
			return false, err
		}
		if !read.Live || read.UserStatus != shared.UserEnabled ||
			(p.TenantID != "" && (!read.MembershipStatus.Valid || read.MembershipStatus.String != string(shared.UserEnabled))) {
			return false, problem.Revoked
		}
		st = *read
		s.live.put(p.SessionID, p.UserID, p.TenantID, st, gen, readAt)
	}
	p.LoginAt = st.LoginAt
	return st.TempPassword && !p.Has(shared.FacilityOwners...), nil
}

// UserInfo is GET /user/getUserInfo.
func (s *Service) UserInfo(ctx context.Context, p *auth.Principal) (*shared.UserInfo, error) {
	ans, err := s.UserInfoAnswer(ctx, p)
	if err != nil {
		return nil, err
	}
	return ans.Data, nil
}

// UserInfoAnswer is UserInfo as the kept answer the route sends. Every screen
// asks for it, so in a facility it is kept until the facility's list version
// moves (a change to the user, the membership or the facility); the key holds
// the sign-in's roles and start, which the answer shows.
func (s *Service) UserInfoAnswer(ctx context.Context, p *auth.Principal) (*web.Answer[*shared.UserInfo], error) {
	if p.TenantID == "" { // the super admin: no facility's version covers the answer
		info, err := s.userInfo(ctx, p)
		if err != nil {
			return nil, err
		}
		return web.NewAnswer(info), nil
	}
	version, _, known, err := keep.Version(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	key := keep.Key(p.UserID, p.TenantID, p.RoleKey(), strconv.FormatInt(p.LoginAt, 10))
	return s.infos.Fetch(key, version, known, s.now(), func() (*web.Answer[*shared.UserInfo], error) {
		info, err := s.userInfo(ctx, p)
		if err != nil {
			return nil, err
		}
		return web.NewAnswer(info), nil
	})
}

// userInfo reads getUserInfo's answer.
func (s *Service) userInfo(ctx context.Context, p *auth.Principal) (*shared.UserInfo, error) {
	r, err := s.store.UserInfo(ctx, s.db, p.UserID, p.TenantID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.Revoked
	}
	if err != nil {
		return nil, err
	}
	if p.TenantID != "" && !r.Member {
		return nil, problem.Revoked
	}
	u, m := r.User, r.M
	// The route guard's session check has just read when this sign-in began.
	info := &shared.UserInfo{UserID: u.ID, UserName: u.Name, Account: u.Account, Email: u.Email, Avatar: s.avatarURL(u.Avatar),
		UseTempPassword: u.TempPassword, NextUpdatePasswordTime: u.NextPasswordUpdate, Roles: p.Roles, LoginTime: p.LoginAt}
	if r.Member {
		info.TenantID, info.FacilityName, info.TimeZone = m.TenantID, m.FacilityName, m.TimeZone
		info.SubscriptionPlan, info.PackageID = shared.Plan(m.Plan.String), m.PackageID.String
	}
	return info, nil
}

// UpdatePassword changes the signed-in user's password and ends their other
// sign-ins. A userId, when sent, must be the caller's own: nobody changes
// another person's password here.
func (s *Service) UpdatePassword(ctx context.Context, p *auth.Principal, req shared.UpdatePasswordRequest) error {
	if req.UserID != "" && req.UserID != p.UserID {
		return problem.Forbidden
	}
	original, err := auth.DecodePassword(s.cfg.LoginAESKey, req.OriginalPassword)
	if err != nil {
		return problem.Invalid("originalPassword", "encoding", "validation.passwordEncoding", nil)
	}
	next, err := auth.DecodePassword(s.cfg.LoginAESKey, req.Password)
	if err != nil {
		return ErrPasswordEncoding
	}
	now := s.now()
	key := "pwchange:" + p.UserID
	f, err := s.store.Failures(ctx, s.db, key)
	if err != nil {
		return err
	}
	if f.LockedUntil > now.UnixMilli() {
		return lockedProblem(f.LockedUntil, now)
	}
	u, err := s.store.UserByID(ctx, s.db, p.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return problem.Revoked
	}
	if err != nil {
		return err
	}
	if !auth.CheckPassword(original, u.PasswordHash) {
		lockFor := s.lockDuration(ctx)
		if err := s.db.InTx(ctx, func(tx *db.Tx) error { _, err := s.bump(ctx, tx, key, 5, lockFor, now); return err }); err != nil {
			return err
		}
		return ErrWrongPassword
	}
	if err := checkNewPassword(next); err != nil {
		return err
	}
	if next == original {
		return problem.Invalid("password", "password", "validation.passwordSame", nil)
	}
	return s.setPassword(ctx, u, next, p.TenantID, p.UserID, p.SessionID, false)
}

func checkNewPassword(p string) error {
	switch auth.PasswordProblem(p) {
	case "rule":
		return problem.Invalid("password", "password", "validation.passwordRule", nil)
	case "common":
		return problem.Invalid("password", "password", "validation.passwordCommon", nil)
	}
	return nil
}

// setPassword stores a new password, ends other sign-ins and audits it, in one transaction.
func (s *Service) setPassword(ctx context.Context, u *user, plain, tenantID, actorID, keepFamily string, verify bool) error {
	hash, err := auth.HashPassword(plain)
	if err != nil {
		return err
	}
	now := s.now()
	next := now.Add(s.passwordMaxAge(ctx)).UnixMilli() // read before the transaction (see loginFailed)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.SetPassword(ctx, tx, u.ID, hash, next, now.UnixMilli(), verify); err != nil {
			return err
		}
		if err := s.store.RevokeUser(ctx, tx, u.ID, keepFamily, now.UnixMilli()); err != nil {
			return err
		}
		if err := s.sessionsChanged(ctx, tx, u.ID); err != nil { // also the kept sign-in: its temporary-password state changed
			return err
		}
		if err := s.store.ClearFailures(ctx, tx, "pwchange:"+u.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: tenantID, ActorID: actorID, Action: "password.change", Entity: "user", EntityID: u.ID,
			Before: map[string]any{"tempPassword": u.TempPassword, "status": u.Status},
			After:  map[string]any{"tempPassword": false, "verified": verify}})
	})
}

// ExtendPasswordTime moves the caller's password prompt param.PasswordMaxAgeDays
// (default 90) days on: the prompt is shown to the signed-in user about their
// own password, and closing it extends by as many days (spec 000 §4, spec 001 §9). A userId, when
// sent, must be the caller's own (4003 otherwise), as for updatePassword.
func (s *Service) ExtendPasswordTime(ctx context.Context, p *auth.Principal, userID string) (*shared.PasswordTimeResult, error) {
	if userID != "" && userID != p.UserID {
		return nil, problem.Forbidden
	}
	now := s.now()
	next := now.Add(s.passwordMaxAge(ctx)).UnixMilli()
	if err := s.store.SetNextPasswordUpdate(ctx, s.db, p.UserID, next, now.UnixMilli()); err != nil {
		return nil, err
	}
	return &shared.PasswordTimeResult{NextUpdatePasswordTime: next}, nil
}

// SendResetLink e-mails a password-reset link. It answers the same whether or
// not the account exists, so accounts cannot be probed.
func (s *Service) SendResetLink(ctx context.Context, login string) error {
	return s.sendLink(ctx, login, "reset", ResetLinkTTL, func(u *user) bool { return u.Status != shared.UserDisabled })
}

// ResendVerifyLink e-mails a new activation link to an account not yet activated.
func (s *Service) ResendVerifyLink(ctx context.Context, login string) error {
	return s.sendLink(ctx, login, "verify", VerifyLinkTTL, func(u *user) bool { return u.Status == shared.UserUnverified })
}

func (s *Service) sendLink(ctx context.Context, login, purpose string, ttl time.Duration, eligible func(*user) bool) error {
	u, err := s.store.UserByLogin(ctx, s.db, login)
	if errors.Is(err, db.ErrNotFound) {
		return nil // answered as for an account that exists
	}
	if err != nil || !eligible(u) {
		return err
	}
	now := s.now()
	last, err := s.store.LastEmailToken(ctx, s.db, u.ID, purpose)
	if err != nil {
		return err
	}
	if now.UnixMilli()-last < s.codeResendAfter(ctx).Milliseconds() {
		return nil // one link a minute is plenty; say nothing that tells the account exists
	}
	token := auth.NewOpaqueToken()
	if err := s.store.InsertEmailToken(ctx, s.db, auth.HashToken(token), u.ID, purpose, now.Add(ttl).UnixMilli(), now.UnixMilli()); err != nil {
		return err
	}
	lang := msg.Language(ctx)
	link := s.cfg.PublicURL + "/change-password?token=" + token
	return s.mail.Send(ctx, mail.Message{To: u.Email, Subject: msg.T(lang, "mail."+purpose+".subject", nil),
		Body: msg.T(lang, "mail."+purpose+".body", map[string]any{"name": u.Name, "link": link})})
}

// EmailTokenVerify checks an e-mailed link and, given a password, sets it.
func (s *Service) EmailTokenVerify(ctx context.Context, req shared.EmailTokenVerifyRequest) (*shared.EmailTokenResult, error) {
	now := s.now()
	hash := auth.HashToken(req.Token)
	t, err := s.store.EmailToken(ctx, s.db, hash)
	if errors.Is(err, db.ErrNotFound) {
		return nil, ErrTokenInvalid
	}
	if err != nil {
		return nil, err
	}
	if t.UsedAt.Valid || now.UnixMilli() > t.ExpiresAt || (t.Purpose != "reset" && t.Purpose != "verify") {
		return nil, ErrTokenInvalid
	}
	u, err := s.store.UserByID(ctx, s.db, t.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, ErrTokenInvalid
	}
	if err != nil {
		return nil, err
	}
	if u.Status == shared.UserDisabled {
		return nil, ErrTokenInvalid
	}
	res := &shared.EmailTokenResult{Valid: true, Account: u.Account, Purpose: t.Purpose}
	if req.Password == "" {
		return res, nil
	}
	plain, err := auth.DecodePassword(s.cfg.LoginAESKey, req.Password)
	if err != nil {
		return nil, ErrPasswordEncoding
	}
	if err := checkNewPassword(plain); err != nil {
		return nil, err
	}
	ok, err := s.store.UseEmailToken(ctx, s.db, hash, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrTokenInvalid
	}
	if err := s.setPassword(ctx, u, plain, "", u.ID, "", t.Purpose == "verify"); err != nil {
		return nil, err
	}
	res.Done = true
	return res, nil
}

// CheckRoles may ask whether an account name, e-mail or phone is taken
// without a picture code: the people who add and edit accounts.
var CheckRoles = shared.AccountEditors

// CheckAccount answers whether an account name is taken. One of CheckRoles
// asks as Taken says; anyone else (registering a facility) solves a picture
// code for each question and is told about every account. Only a manager may
// name the account being edited (userId).
func (s *Service) CheckAccount(ctx context.Context, p *auth.Principal, req shared.CheckAccountRequest, c Client) (bool, error) {
	if p != nil && p.Has(CheckRoles...) {
		return s.Taken(ctx, p, "account", req.Account, req.UserID, c)
	}
	userID := ""
	if p != nil {
		userID = p.UserID
	}
	now := s.now()
	if err := s.countCheck(ctx, userID, c, now); err != nil {
		return false, err
	}
	if err := s.checkCaptcha(ctx, req.CaptchaID, req.CaptchaCode, now); err != nil {
		return false, err
	}
	return s.store.Taken(ctx, s.db, "account", req.Account, "")
}

// Taken answers a manager's duplicate check while they add or edit a person
// (false = free). A facility's owner or admin is told only about the people
// of the facility they are signed in to, so no facility can probe another's
// staff; a value someone elsewhere uses is refused when the person is saved
// (CreateUser, UpdateProfile), without saying whose it is. The super admin,
// who sees every facility, is told about every account. Each question counts
// against the caller and their address (countCheck).
func (s *Service) Taken(ctx context.Context, p *auth.Principal, column, value, exceptUserID string, c Client) (bool, error) {
	if err := s.countCheck(ctx, p.UserID, c, s.now()); err != nil {
		return false, err
	}
	tenantID := p.TenantID
	if p.Has(shared.RoleSuperAdmin) {
		tenantID = ""
	} else if tenantID == "" {
		return false, nil // in no facility: nobody's people to tell about
	}
	return s.store.TakenIn(ctx, s.db, tenantID, column, value, exceptUserID)
}

// countCheck counts one duplicate check against the caller's address and,
// for a signed-in caller, against the caller: each may ask CheckAddressLimit
// times within FailureWindow, then answers 4029 with the seconds to wait.
func (s *Service) countCheck(ctx context.Context, userID string, c Client, now time.Time) error {
	keys := []string{"check:" + c.IP}
	if userID != "" {
		keys = append(keys, "check:user:"+userID)
	}
	var until time.Time // the end of the latest window over the limit
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, key := range keys {
			f, err := s.store.AddFailure(ctx, tx, key, now.UnixMilli(), FailureWindow.Milliseconds())
			if err != nil {
				return err
			}
			if end := time.UnixMilli(f.WindowStart).Add(FailureWindow); f.Count > CheckAddressLimit && end.After(until) {
				until = end
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !until.IsZero() {
		return ErrTooManyChecks.WithData(shared.RetryInfo{RetryAfterSeconds: int((until.Sub(now) + time.Second - 1) / time.Second)})
	}
	return nil
}

// Captcha makes a picture code (shown after repeated failures).
func (s *Service) Captcha(ctx context.Context) (*shared.CaptchaResult, error) {
	id, image, answer, err := newCaptcha()
	if err != nil {
		return nil, err
	}
	now := s.now()
	if err := s.store.InsertCaptcha(ctx, s.db, id, auth.HashToken(strings.ToLower(answer)), now.Add(CaptchaTTL).UnixMilli(), now.UnixMilli()); err != nil {
		return nil, err
	}
	if s.cfg.Dev {
		s.dev.keep(id, answer)
	}
	return &shared.CaptchaResult{CaptchaID: id, Image: image}, nil
}

func (s *Service) checkCaptcha(ctx context.Context, id, answer string, now time.Time) error {
	if id == "" || answer == "" {
		return ErrCaptchaRequired.WithData(shared.RetryInfo{CaptchaRequired: true})
	}
	// DELETE ... RETURNING writes, so it runs on the writer (the SQLite reader pool is read-only).
	var h string
	err := s.db.InTx(ctx, func(tx *db.Tx) (err error) { h, err = s.store.TakeCaptcha(ctx, tx, id, now.UnixMilli()); return err })
	if errors.Is(err, db.ErrNotFound) { // unknown, expired or answered already
		return ErrCaptchaWrong.WithData(shared.RetryInfo{CaptchaRequired: true})
	}
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(h), []byte(auth.HashToken(strings.ToLower(strings.TrimSpace(answer))))) != 1 {
		return ErrCaptchaWrong.WithData(shared.RetryInfo{CaptchaRequired: true})
	}
	return nil
}
