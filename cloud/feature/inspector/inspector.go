// Package inspector is the inspector's link (issue 32 "Beyond the peers: the
// inspector's link"): an owner or admin issues a time-limited, read-only link
// for a named inspector, scoped to one home and to the areas chosen; the
// inspector signs in with a code e-mailed to the link's address and gets a
// token with the INSPECTOR role bound to the link (its home, areas and end).
// Only routes that name the role admit it (web's guard), and they are all
// here: read-only views of the shared areas and downloads when the link
// allows them. Every page view and download is audited (entity
// inspector_link) and listed for the owner. A revoked or expired link ends
// its sessions on their next call (Sessions, the server's session checker).
package inspector

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	hmail "hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Problems of the inspector's link.
var (
	// ErrLinkEnded answers a signed-in inspector whose link was revoked or
	// has expired: HTTP 410 like a revoked session, with its own message.
	ErrLinkEnded = &problem.Error{Code: shared.CodeSessionRevoked, Key: "inspector.linkEnded", Status: 410}
	// ErrLinkInvalid answers a code request or sign-in with a link that is
	// unknown, revoked or expired.
	ErrLinkInvalid  = problem.New(shared.CodeTokenInvalid, "inspector.linkInvalid")
	ErrNotShared    = problem.New(shared.CodeForbidden, "inspector.notShared")
	ErrNoDownloads  = problem.New(shared.CodeForbidden, "inspector.noDownloads")
	ErrResendSoon   = problem.New(shared.CodeResendTooSoon, "inspector.resendTooSoon")
	ErrTooManyCodes = problem.New(shared.CodeRateLimited, "inspector.tooManyCodes")
	ErrCodeWrong    = problem.New(shared.CodeVerifyCodeWrong, "inspector.codeWrong")
	ErrCodeExpired  = problem.New(shared.CodeVerifyCodeExpire, "inspector.codeExpired")
	ErrBadEmail     = problem.Invalid("email", "email", "validation.email", nil)
	ErrAlreadyEnded = problem.New(shared.CodeConflict, "inspector.alreadyEnded")
)

// Files opens a file of a home for a reader the feature has authorised (cloud/feature/file).
type Files interface {
	OpenAuthorised(ctx context.Context, tenantID, id string, w, h int) (shared.FileItem, io.ReadCloser, int64, error)
}

// Deps are the collaborators of the service; each is required.
type Deps struct {
	DB     *db.DB
	Tokens *auth.Tokens
	Mail   hmail.Sender
	Files  Files
	// PublicURL is where the UI is served (the link's address is made of it).
	PublicURL string
	Log       *slog.Logger
	Now       func() time.Time
}

// Service issues, checks and serves inspector links.
type Service struct {
	Deps
}

// New builds the service; a missing collaborator is an error.
func New(d Deps) (*Service, error) {
	switch {
	case d.DB == nil:
		return nil, errors.New("inspector: DB is required")
	case d.Tokens == nil:
		return nil, errors.New("inspector: Tokens are required")
	case d.Mail == nil:
		return nil, errors.New("inspector: Mail is required")
	case d.Files == nil:
		return nil, errors.New("inspector: Files are required")
	case d.Log == nil:
		return nil, errors.New("inspector: Log is required")
	case d.Now == nil:
		return nil, errors.New("inspector: Now is required")
	}
	return &Service{Deps: d}, nil
}

// link is one row of inspector_links.
type link struct {
	ID, TenantID, Name, Email string
	Areas                     []shared.InspectorArea
	Downloads                 bool
	ExpiresAt, CreatedAt      int64
	RevokedAt                 sql.NullInt64
	CreatedBy                 string
}

func (l *link) status(now time.Time) shared.InspectorLinkStatus {
	switch {
	case l.RevokedAt.Valid:
		return shared.InspectorLinkRevoked
	case now.UnixMilli() >= l.ExpiresAt:
		return shared.InspectorLinkExpired
	}
	return shared.InspectorLinkActive
}

func (l *link) shares(a shared.InspectorArea) bool { return slices.Contains(l.Areas, a) }

const linkColumns = `id, tenant_id, inspector_name, email, areas, downloads, expires_at, created_at, revoked_at, created_by`

func scanLink(row interface{ Scan(...any) error }) (*link, error) {
	var l link
	var areas string
	var downloads int
	if err := row.Scan(&l.ID, &l.TenantID, &l.Name, &l.Email, &areas, &downloads, &l.ExpiresAt, &l.CreatedAt, &l.RevokedAt, &l.CreatedBy); err != nil {
		return nil, err
	}
	for _, a := range strings.Split(areas, ",") {
		if a != "" {
			l.Areas = append(l.Areas, shared.InspectorArea(a))
		}
	}
	l.Downloads = downloads == 1
	return &l, nil
}

// linkURL is where the inspector opens the link.
func (s *Service) linkURL(token string) string {
	return strings.TrimRight(s.PublicURL, "/") + "/inspector?token=" + token
}

// Create is createInspectorLink: the caller's home, the areas chosen, up to
// 14 days from now. The link is mailed to the inspector and answered once.
func (s *Service) Create(ctx context.Context, p *auth.Principal, in shared.InspectorLinkRequest) (*shared.InspectorLink, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	name, err := problem.Text("inspectorName", in.InspectorName, true, shared.PersonNameMax)
	if err != nil {
		return nil, err
	}
	email := strings.TrimSpace(in.Email)
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > shared.MailMax {
		return nil, ErrBadEmail
	}
	if in.Days < 1 || in.Days > shared.InspectorLinkMaxDays {
		return nil, problem.Invalid("days", "maximum", "validation.maximum", map[string]any{"max": shared.InspectorLinkMaxDays})
	}
	var areas []string
	for _, a := range shared.InspectorAreas { // the page's order, each once
		if slices.Contains(in.Areas, a) {
			areas = append(areas, string(a))
		}
	}
	for _, a := range in.Areas {
		if !slices.Contains(shared.InspectorAreas, a) {
			return nil, problem.Invalid("areas", "enum", "validation.enum", map[string]any{"values": areaNames()})
		}
	}
	if len(areas) == 0 {
		return nil, problem.Invalid("areas", "minItems", "validation.minItems", map[string]any{"min": 1})
	}
	now := s.Now()
	token := auth.NewOpaqueToken()
	l := link{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Name: name, Email: strings.ToLower(email),
		Downloads: in.Downloads, ExpiresAt: now.Add(time.Duration(in.Days) * 24 * time.Hour).UnixMilli(), CreatedAt: now.UnixMilli(), CreatedBy: p.UserID}
	for _, a := range areas {
		l.Areas = append(l.Areas, shared.InspectorArea(a))
	}
	var facility string
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE id = ?`, p.TenantID).Scan(&facility); err != nil {
			return db.Wrap("inspector: facility", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO inspector_links (id, tenant_id, token_hash, inspector_name, email, areas, downloads, expires_at, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, l.ID, l.TenantID, auth.HashToken(token), l.Name, l.Email, strings.Join(areas, ","),
			flag(l.Downloads), l.ExpiresAt, l.CreatedBy, l.CreatedAt); err != nil {
			return db.Wrap("inspector: insert link", err)
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "inspectorLink.create", Entity: "inspector_link",
			EntityID: l.ID, After: map[string]any{"inspectorName": l.Name, "email": l.Email, "areas": areas, "downloads": l.Downloads, "expiresAt": l.ExpiresAt}})
	})
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	args := map[string]any{"name": l.Name, "facility": facility, "link": s.linkURL(token), "until": msg.DateTime(lang, time.UnixMilli(l.ExpiresAt).UTC()) + " UTC"}
	if err := s.Mail.Send(ctx, hmail.Message{To: l.Email, Subject: msg.T(lang, "inspector.mail.link.subject", args),
		Body: msg.T(lang, "inspector.mail.link.body", args)}); err != nil {
		s.Log.ErrorContext(ctx, "inspector link: mail", "err", err, "link", l.ID)
	}
	out := s.view(&l, now, nil)
	out.URL = s.linkURL(token)
	return &out, nil
}

type usage struct {
	views int
	last  int64
}

func (s *Service) view(l *link, now time.Time, u *usage) shared.InspectorLink {
	out := shared.InspectorLink{ID: l.ID, InspectorName: l.Name, Email: l.Email, Areas: l.Areas, Downloads: l.Downloads,
		Status: l.status(now), ExpiresAt: l.ExpiresAt, CreatedAt: l.CreatedAt, RevokedAt: l.RevokedAt.Int64}
	if out.Areas == nil {
		out.Areas = []shared.InspectorArea{}
	}
	if u != nil {
		out.Views, out.LastSeenAt = u.views, u.last
	}
	return out
}

// List is listInspectorLinks: the home's links, newest first, with their use.
func (s *Service) List(ctx context.Context, p *auth.Principal) ([]shared.InspectorLink, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT `+linkColumns+` FROM inspector_links WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
		p.TenantID, shared.InspectorListMax)
	if err != nil {
		return nil, db.Wrap("inspector: links", err)
	}
	defer rows.Close()
	var links []*link
	for rows.Next() {
		l, err := scanLink(rows)
		if err != nil {
			return nil, db.Wrap("inspector: links", err)
		}
		links = append(links, l)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("inspector: links", err)
	}
	used := map[string]*usage{}
	urows, err := s.DB.QueryContext(ctx, `SELECT entity_id, COUNT(*), MAX(created_at) FROM audit_log
		WHERE tenant_id = ? AND entity = 'inspector_link' AND action IN ('inspector.view', 'inspector.download') GROUP BY entity_id`, p.TenantID)
	if err != nil {
		return nil, db.Wrap("inspector: use", err)
	}
	defer urows.Close()
	for urows.Next() {
		var id string
		var u usage
		if err := urows.Scan(&id, &u.views, &u.last); err != nil {
			return nil, db.Wrap("inspector: use", err)
		}
		used[id] = &u
	}
	if err := urows.Err(); err != nil {
		return nil, db.Wrap("inspector: use", err)
	}
	names, err := s.names(ctx, links)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	out := make([]shared.InspectorLink, 0, len(links))
	for _, l := range links {
		v := s.view(l, now, used[l.ID])
		v.CreatedBy = names[l.CreatedBy]
		out = append(out, v)
	}
	return out, nil
}

func (s *Service) names(ctx context.Context, links []*link) (map[string]string, error) {
	ids := make([]string, 0, len(links))
	for _, l := range links {
		ids = append(ids, l.CreatedBy)
	}
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	marks, args := db.In(ids)
	rows, err := s.DB.QueryContext(ctx, `SELECT id, name FROM users WHERE id IN (`+marks+`)`, args...)
	if err != nil {
		return nil, db.Wrap("inspector: names", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, db.Wrap("inspector: names", err)
		}
		out[id] = name
	}
	return out, db.Wrap("inspector: names", rows.Err())
}

// ownLink is one link of the caller's home (4004 when it is another's).
func (s *Service) ownLink(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*link, error) {
	l, err := scanLink(q.QueryRowContext(ctx, `SELECT `+linkColumns+` FROM inspector_links WHERE tenant_id = ? AND id = ?`, p.TenantID, strings.TrimSpace(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("inspector: link", err)
	}
	return l, nil
}

// Revoke is revokeInspectorLink: the link stops working at once (its
// sessions end on their next call). A link already ended answers 4009.
func (s *Service) Revoke(ctx context.Context, p *auth.Principal, id string) (*shared.InspectorLink, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	now := s.Now()
	var out shared.InspectorLink
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		l, err := s.ownLink(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if l.RevokedAt.Valid {
			return ErrAlreadyEnded
		}
		ok, err := db.Affected(tx.ExecContext(ctx, `UPDATE inspector_links SET revoked_at = ?, revoked_by = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL`,
			now.UnixMilli(), p.UserID, p.TenantID, l.ID))
		if err != nil {
			return db.Wrap("inspector: revoke", err)
		}
		if !ok {
			return ErrAlreadyEnded
		}
		l.RevokedAt = sql.NullInt64{Int64: now.UnixMilli(), Valid: true}
		out = s.view(l, now, nil)
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "inspectorLink.revoke", Entity: "inspector_link",
			EntityID: l.ID, After: map[string]any{"revokedAt": now.UnixMilli()}})
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Activity is listInspectorActivity: the sign-ins, page views and downloads
// through one of the home's links, newest first.
func (s *Service) Activity(ctx context.Context, p *auth.Principal, id string) ([]shared.InspectorActivity, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	l, err := s.ownLink(ctx, s.DB, p, id)
	if err != nil {
		return nil, err
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT action, after_json, created_at FROM audit_log
		WHERE tenant_id = ? AND entity = 'inspector_link' AND entity_id = ? AND action IN ('inspector.signIn', 'inspector.view', 'inspector.download')
		ORDER BY created_at DESC, id DESC LIMIT ?`, p.TenantID, l.ID, shared.InspectorListMax)
	if err != nil {
		return nil, db.Wrap("inspector: activity", err)
	}
	defer rows.Close()
	out := []shared.InspectorActivity{}
	for rows.Next() {
		var action string
		var after sql.NullString
		var at int64
		if err := rows.Scan(&action, &after, &at); err != nil {
			return nil, db.Wrap("inspector: activity", err)
		}
		a := activityOf(after.String)
		a.At = at
		switch action {
		case "inspector.signIn":
			a.Action = "SIGN_IN"
		case "inspector.download":
			a.Action = "DOWNLOAD"
		default:
			a.Action = "VIEW"
		}
		out = append(out, a)
	}
	return out, db.Wrap("inspector: activity", rows.Err())
}

func areaNames() string {
	names := make([]string, len(shared.InspectorAreas))
	for i, a := range shared.InspectorAreas {
		names[i] = string(a)
	}
	return strings.Join(names, ", ")
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// liveLink is the link a token names, while it works (ErrLinkInvalid otherwise).
func (s *Service) liveLink(ctx context.Context, q db.Querier, token string, now time.Time) (*link, error) {
	l, err := scanLink(q.QueryRowContext(ctx, `SELECT `+linkColumns+` FROM inspector_links WHERE token_hash = ?`, auth.HashToken(strings.TrimSpace(token))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrLinkInvalid
	}
	if err != nil {
		return nil, db.Wrap("inspector: link by token", err)
	}
	if l.status(now) != shared.InspectorLinkActive {
		return nil, ErrLinkInvalid
	}
	return l, nil
}

// RequestCode is requestInspectorCode: a six-digit code mailed to the
// link's address, good 10 minutes, once. Another code waits 60 seconds
// (4105), and one link gets at most 5 codes an hour (4029).
func (s *Service) RequestCode(ctx context.Context, token string) (*shared.InspectorCodeSent, error) {
	now := s.Now()
	code := auth.EmailCode()
	var l *link
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if l, err = s.liveLink(ctx, tx, token, now); err != nil {
			return err
		}
		if err := db.LockTenant(ctx, tx, l.TenantID); err != nil {
			return err
		}
		var n int
		var last sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), MAX(sent_at) FROM inspector_codes WHERE tenant_id = ? AND link_id = ? AND sent_at > ?`,
			l.TenantID, l.ID, now.Add(-time.Hour).UnixMilli()).Scan(&n, &last); err != nil {
			return db.Wrap("inspector: codes sent", err)
		}
		if last.Valid {
			if wait := last.Int64 + shared.InspectorCodeResendSeconds*1000 - now.UnixMilli(); wait > 0 {
				secs := int((wait + 999) / 1000)
				return ErrResendSoon.With(map[string]any{"seconds": secs}).WithData(shared.RetryInfo{RetryAfterSeconds: secs})
			}
		}
		if n >= shared.InspectorCodesPerHour {
			secs := 3600
			var first int64
			if err := tx.QueryRowContext(ctx, `SELECT MIN(sent_at) FROM inspector_codes WHERE tenant_id = ? AND link_id = ? AND sent_at > ?`,
				l.TenantID, l.ID, now.Add(-time.Hour).UnixMilli()).Scan(&first); err == nil {
				secs = max(1, int((first+3600_000-now.UnixMilli()+999)/1000))
			}
			return ErrTooManyCodes.With(map[string]any{"minutes": (secs + 59) / 60}).WithData(shared.RetryInfo{RetryAfterSeconds: secs})
		}
		// A new code replaces the ones before it.
		if _, err := tx.ExecContext(ctx, `UPDATE inspector_codes SET used_at = ? WHERE tenant_id = ? AND link_id = ? AND used_at IS NULL`,
			now.UnixMilli(), l.TenantID, l.ID); err != nil {
			return db.Wrap("inspector: old codes", err)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO inspector_codes (id, tenant_id, link_id, code_hash, sent_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
			uuid.Must(uuid.NewV7()).String(), l.TenantID, l.ID, auth.HashToken(l.ID+":"+code), now.UnixMilli(),
			now.Add(shared.InspectorCodeMinutes*time.Minute).UnixMilli())
		return db.Wrap("inspector: insert code", err)
	})
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	args := map[string]any{"name": l.Name, "code": code, "minutes": shared.InspectorCodeMinutes}
	if err := s.Mail.Send(ctx, hmail.Message{To: l.Email, Subject: msg.T(lang, "inspector.mail.code.subject", args),
		Body: msg.T(lang, "inspector.mail.code.body", args)}); err != nil {
		return nil, err
	}
	return &shared.InspectorCodeSent{MaskedEmail: auth.MaskEmail(l.Email), ResendAfterSeconds: shared.InspectorCodeResendSeconds}, nil
}

// SignIn is inspectorSignIn: the link's token and the code of its newest
// mail. A wrong code counts a try (4103 with the tries left); the fifth wrong
// try, an expired or used code answers 4104. The answer is an access token
// with the INSPECTOR role bound to the link and a refresh token.
func (s *Service) SignIn(ctx context.Context, token, code string) (*shared.InspectorSession, error) {
	now := s.Now()
	var out *shared.InspectorSession
	var wrong error
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		l, err := s.liveLink(ctx, tx, token, now)
		if err != nil {
			return err
		}
		if err := db.LockTenant(ctx, tx, l.TenantID); err != nil {
			return err
		}
		var id, hash string
		var tries int
		var expires int64
		var used sql.NullInt64
		err = tx.QueryRowContext(ctx, `SELECT id, code_hash, tries, expires_at, used_at FROM inspector_codes WHERE tenant_id = ? AND link_id = ?
			ORDER BY sent_at DESC, id DESC LIMIT 1`, l.TenantID, l.ID).Scan(&id, &hash, &tries, &expires, &used)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrCodeExpired
		}
		if err != nil {
			return db.Wrap("inspector: code", err)
		}
		if used.Valid || tries >= shared.InspectorCodeTries || now.UnixMilli() >= expires {
			return ErrCodeExpired
		}
		if auth.HashToken(l.ID+":"+strings.TrimSpace(code)) != hash {
			tries++
			if _, err := tx.ExecContext(ctx, `UPDATE inspector_codes SET tries = ? WHERE id = ?`, tries, id); err != nil {
				return db.Wrap("inspector: code try", err)
			}
			if left := shared.InspectorCodeTries - tries; left > 0 {
				wrong = ErrCodeWrong.With(map[string]any{"attempts": left}).WithData(shared.RetryInfo{AttemptsLeft: left})
			} else {
				wrong = ErrCodeExpired
			}
			return nil // the try is counted: commit, then answer the wrong code
		}
		if _, err := tx.ExecContext(ctx, `UPDATE inspector_codes SET used_at = ? WHERE id = ?`, now.UnixMilli(), id); err != nil {
			return db.Wrap("inspector: use code", err)
		}
		sid, refresh := uuid.Must(uuid.NewV7()).String(), auth.NewOpaqueToken()
		if _, err := tx.ExecContext(ctx, `INSERT INTO inspector_sessions (id, tenant_id, link_id, refresh_hash, created_at, refreshed_at) VALUES (?, ?, ?, ?, ?, ?)`,
			sid, l.TenantID, l.ID, auth.HashToken(refresh), now.UnixMilli(), now.UnixMilli()); err != nil {
			return db.Wrap("inspector: session", err)
		}
		if out, err = s.issue(ctx, tx, l, sid, refresh); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: l.TenantID, Action: "inspector.signIn", Entity: "inspector_link", EntityID: l.ID,
			After: map[string]any{"session": sid, "email": l.Email}})
	})
	if err != nil {
		return nil, err
	}
	if wrong != nil {
		return nil, wrong
	}
	return out, nil
}

// issue makes the access token of a session: the INSPECTOR role, the link's
// home and its plan now; the link's id is the token's subject.
func (s *Service) issue(ctx context.Context, q db.Querier, l *link, sid, refresh string) (*shared.InspectorSession, error) {
	var plan sql.NullString
	var disabled, deleted sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT subscription_plan, disabled_at, deleted_at FROM tenants WHERE id = ?`, l.TenantID).Scan(&plan, &disabled, &deleted); err != nil {
		return nil, db.Wrap("inspector: home", err)
	}
	if disabled.Valid || deleted.Valid {
		return nil, ErrLinkInvalid
	}
	tok, exp, err := s.Tokens.Issue(auth.Principal{UserID: l.ID, TenantID: l.TenantID, Roles: shared.Inspectors,
		Plan: shared.Plan(plan.String), SessionID: sid})
	if err != nil {
		return nil, err
	}
	return &shared.InspectorSession{Token: tok, RefreshToken: refresh, TokenExpires: exp.UnixMilli()}, nil
}

// Refresh is refreshInspectorToken: a new access token for a live session,
// the refresh token rotated. An ended link answers HTTP 410.
func (s *Service) Refresh(ctx context.Context, refresh string) (*shared.InspectorSession, error) {
	now := s.Now()
	var out *shared.InspectorSession
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		var sid, linkID, tenantID string
		err := tx.QueryRowContext(ctx, `SELECT id, link_id, tenant_id FROM inspector_sessions WHERE refresh_hash = ?`,
			auth.HashToken(strings.TrimSpace(refresh))).Scan(&sid, &linkID, &tenantID)
		if errors.Is(err, sql.ErrNoRows) {
			return problem.Unauthorized
		}
		if err != nil {
			return db.Wrap("inspector: session by refresh", err)
		}
		l, err := scanLink(tx.QueryRowContext(ctx, `SELECT `+linkColumns+` FROM inspector_links WHERE tenant_id = ? AND id = ?`, tenantID, linkID))
		if err != nil {
			return db.Wrap("inspector: session's link", err)
		}
		if l.status(now) != shared.InspectorLinkActive {
			return ErrLinkEnded
		}
		next := auth.NewOpaqueToken()
		if _, err := tx.ExecContext(ctx, `UPDATE inspector_sessions SET refresh_hash = ?, refreshed_at = ? WHERE id = ?`,
			auth.HashToken(next), now.UnixMilli(), sid); err != nil {
			return db.Wrap("inspector: rotate", err)
		}
		out, err = s.issue(ctx, tx, l, sid, next)
		return err
	})
	return out, err
}

// CheckSession confirms an inspector's session on every call: the session
// is the link's, in the token's home, and the link is neither revoked nor
// expired (ErrLinkEnded, HTTP 410, otherwise).
func (s *Service) CheckSession(ctx context.Context, p *auth.Principal) (bool, error) {
	var expires int64
	var revoked sql.NullInt64
	err := s.DB.QueryRowContext(ctx, `SELECT l.expires_at, l.revoked_at FROM inspector_sessions s JOIN inspector_links l ON l.id = s.link_id
		WHERE s.id = ? AND s.tenant_id = ? AND l.id = ? AND l.tenant_id = ?`, p.SessionID, p.TenantID, p.UserID, p.TenantID).Scan(&expires, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return false, problem.Revoked
	}
	if err != nil {
		return false, db.Wrap("inspector: check session", err)
	}
	if revoked.Valid || s.Now().UnixMilli() >= expires {
		return false, ErrLinkEnded
	}
	return false, nil
}

// Sessions is the server's session checker: an inspector's sign-in is
// checked against its link, everyone else's by People.
type Sessions struct {
	People     web.SessionChecker
	Inspectors *Service
}

// CheckSession implements web.SessionChecker.
func (c Sessions) CheckSession(ctx context.Context, p *auth.Principal) (bool, error) {
	if p.Has(shared.RoleInspector) {
		return c.Inspectors.CheckSession(ctx, p)
	}
	return c.People.CheckSession(ctx, p)
}
