package auth

import (
	"context"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"hearth/shared"
)

// Token settings.
const (
	Issuer          = "hearth"
	Audience        = "hearth-api"
	AccessTokenTTL  = 15 * time.Minute
	RefreshTokenTTL = 30 * 24 * time.Hour
	SignWindow      = 5 * time.Minute
)

// Principal is the signed-in caller, taken from a verified access token.
type Principal struct {
	UserID    string
	TenantID  string // empty for the super admin
	Roles     []shared.Role
	Plan      shared.Plan // empty when the facility has no plan
	SessionID string      // the sign-in's session family
	DeviceID  string
	LoginAt   int64 // when the sign-in began (epoch ms); set by the session check
}

// Has reports whether the principal holds one of roles.
func (p *Principal) Has(roles ...shared.Role) bool {
	for _, r := range roles {
		if slices.Contains(p.Roles, r) {
			return true
		}
	}
	return false
}

// RoleKey is the principal's roles as one string, the same for the same set
// in any order: part of the key of an answer that depends on the roles.
func (p *Principal) RoleKey() string {
	roles := make([]string, len(p.Roles))
	for i, r := range p.Roles {
		roles[i] = string(r)
	}
	slices.Sort(roles)
	return strings.Join(roles, ",")
}

// IsSuperAdmin reports whether the principal runs the platform.
func (p *Principal) IsSuperAdmin() bool { return p.Has(shared.RoleSuperAdmin) }

type claims struct {
	jwt.RegisteredClaims
	TenantID string   `json:"tid,omitempty"`
	Roles    []string `json:"roles"`
	Plan     string   `json:"plan,omitempty"`
	SID      string   `json:"sid"`
}

// Tokens issues and verifies access tokens (HS256 only; issuer and audience checked).
type Tokens struct {
	secret []byte
	now    func() time.Time

	// verified keeps the principal of each token that passed Verify, until the
	// token expires: a client sends the same token on every call for up to 15
	// minutes, and parsing its JSON claims cost about 7% of the server's CPU
	// under load (docs/performance.md). Only tokens whose signature checked
	// out are kept, keyed by the whole token, so nothing can be slipped in.
	mu       sync.RWMutex
	verified map[string]verifiedToken
}

type verifiedToken struct {
	p   Principal
	exp time.Time // the expiry plus the leeway Verify allows
}

// Verified tokens kept at most; beyond it expired ones are dropped, then all.
const maxVerified = 10000

// tokenLeeway is the clock skew Verify tolerates on the expiry.
const tokenLeeway = 5 * time.Second

// NewTokens makes a token issuer with the given secret (at least 32 bytes).
func NewTokens(secret []byte, now func() time.Time) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("jwt secret must be at least 32 bytes")
	}
	if now == nil {
		now = time.Now
	}
	return &Tokens{secret: secret, now: now, verified: map[string]verifiedToken{}}, nil
}

// Issue makes an access token for p, valid AccessTokenTTL.
func (t *Tokens) Issue(p Principal) (string, time.Time, error) {
	now := t.now()
	exp := now.Add(AccessTokenTTL)
	roles := make([]string, len(p.Roles))
	for i, r := range p.Roles {
		roles[i] = string(r)
	}
	c := claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: Issuer, Subject: p.UserID, Audience: jwt.ClaimStrings{Audience},
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
		},
		TenantID: p.TenantID, Roles: roles, Plan: string(p.Plan), SID: p.SessionID,
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
	if err != nil {
		return "", exp, fmt.Errorf("auth: sign access token: %w", err)
	}
	return s, exp, nil
}

// Verify checks an access token and returns its principal, a new value the
// caller may change (its Roles are shared and must not be).
func (t *Tokens) Verify(token string) (*Principal, error) {
	now := t.now()
	t.mu.RLock()
	v, ok := t.verified[token]
	t.mu.RUnlock()
	if ok && now.Before(v.exp) {
		p := v.p
		return &p, nil
	}
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithIssuer(Issuer), jwt.WithAudience(Audience),
		jwt.WithExpirationRequired(), jwt.WithTimeFunc(t.now), jwt.WithLeeway(tokenLeeway))
	if err != nil {
		return nil, fmt.Errorf("access token: %w", err)
	}
	p := &Principal{UserID: c.Subject, TenantID: c.TenantID, Plan: shared.Plan(c.Plan), SessionID: c.SID}
	for _, r := range c.Roles {
		p.Roles = append(p.Roles, shared.Role(r))
	}
	if p.UserID == "" || p.SessionID == "" {
		return nil, errors.New("access token: missing subject or session")
	}
	t.keep(token, *p, c.ExpiresAt.Add(tokenLeeway), now)
	return p, nil
}

func (t *Tokens) keep(token string, p Principal, exp, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.verified) >= maxVerified {
		for k, v := range t.verified {
			if !now.Before(v.exp) {
				delete(t.verified, k)
			}
		}
		if len(t.verified) >= maxVerified {
			clear(t.verified)
		}
	}
	t.verified[token] = verifiedToken{p: p, exp: exp}
}

// NewOpaqueToken makes a random URL-safe token (refresh tokens, e-mailed links).
func NewOpaqueToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is how opaque tokens and codes are stored: SHA-256, hex.
func HashToken(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// Sign is the spec's request signature: md5(token + t + path) in lower-case hex
// (spec 001 §7.1), path being the request path without /api and the service prefix.
func Sign(token, t, path string) string {
	h := md5.Sum([]byte(token + t + path))
	return hex.EncodeToString(h[:])
}

// SignPath strips the gateway and service prefix: /api/system/user/x → /user/x.
func SignPath(path string) string {
	rest, ok := strings.CutPrefix(path, "/api/")
	if !ok {
		return path
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[i:]
	}
	return "/"
}

type principalKey struct{}

// WithPrincipal stores p in ctx.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// From returns the principal in ctx, or nil for an anonymous call.
func From(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalKey{}).(*Principal)
	return p
}
