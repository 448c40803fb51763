// Package push is Web Push (issue 34, "Alerts that reach the phone"): the
// server's VAPID key pair, each person's subscriptions (one per device) and
// their choice of alerts, and the sending of what already notifies in the
// app — a med pass 30 minutes before overdue, a PRN effect check due, a shift
// reminder, a chat message — to the phones of the people on shift.
//
// Sending never runs on the request path: the feature where the event happens
// (notifications, in their transaction; the chat, in the message's) calls
// Notified or Chat, which enqueue one job per recipient in that transaction.
// The job (send.go) applies the person's choice and their shift, translates
// the payload into their language and enqueues one delivery per device, which
// is retried while the push service is down and removes a subscription the
// push service says is gone (404/410). River runs each job on one replica and
// keeps it across a restart, so a send is neither lost nor doubled.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/google/uuid"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// Problems this package answers.
var (
	ErrBadEndpoint = problem.Invalid("endpoint", "pushEndpoint", "push.badEndpoint", nil)
	ErrBadKey      = problem.Invalid("p256dh", "pushKey", "push.badKey", nil)
	ErrBadAuth     = problem.Invalid("auth", "pushAuth", "push.badAuth", nil)
	ErrNoDevice    = problem.Invalid("X-Device-Id", "required", "push.noDevice", nil)
)

// Deps are the push service's collaborators.
type Deps struct {
	DB    *db.DB
	Queue *jobs.Queue
	// Config is HEARTH_VAPID_*: keys given by the operator, else made at the first start and kept.
	Config config.Push
	// Dev (HEARTH_DEV=1) lets a subscription name an http:// or local push endpoint (tests, a local push service).
	Dev bool
	// From is the mail sender, whose address is the VAPID subject when HEARTH_VAPID_SUBJECT is not set.
	From string
	// HTTP sends to the push services; nil: a client with a 15-second timeout.
	HTTP *http.Client
	Log  *slog.Logger
	Now  func() time.Time
}

// Service is Web Push.
type Service struct {
	db    *db.DB
	store Store
	queue *jobs.Queue
	dev   bool
	http  *http.Client
	log   *slog.Logger
	now   func() time.Time

	subject string
	mu      sync.Mutex
	public  string
	private string
}

// New makes the push service and makes or reads its VAPID keys: the
// operator's, else the kept pair, else a new pair kept now (the first start).
func New(d Deps) (*Service, error) {
	if err := wire.Check("push", d, "HTTP", "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.HTTP == nil {
		d.HTTP = &http.Client{Timeout: 15 * time.Second}
	}
	s := &Service{db: d.DB, queue: d.Queue, dev: d.Dev, http: d.HTTP, log: d.Log, now: d.Now,
		subject: subject(d.Config.Subject, d.From), public: d.Config.PublicKey, private: d.Config.PrivateKey}
	if s.public != "" {
		if err := checkVapid(s.public, s.private); err != nil {
			return nil, err
		}
		return s, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.keepKeys(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// subject is the VAPID "sub" claim without the mailto: webpush-go adds:
// the configured contact, else the mail sender's address.
func subject(configured, from string) string {
	if configured != "" {
		return strings.TrimPrefix(configured, "mailto:")
	}
	if i, j := strings.LastIndex(from, "<"), strings.LastIndex(from, ">"); i >= 0 && j > i {
		from = from[i+1 : j]
	}
	if from = strings.TrimSpace(from); from == "" {
		return "no-reply@hearth.localhost"
	}
	return from
}

// keepKeys reads the kept key pair, making and keeping one when there is none.
func (s *Service) keepKeys(ctx context.Context) error {
	public, private, err := s.store.VapidKeys(ctx, s.db)
	if errors.Is(err, db.ErrNotFound) {
		newPrivate, newPublic, gerr := webpush.GenerateVAPIDKeys()
		if gerr != nil {
			return fmt.Errorf("push: make VAPID keys: %w", gerr)
		}
		if err := s.store.KeepVapidKeys(ctx, s.db, newPublic, newPrivate, s.now().UnixMilli()); err != nil {
			return err
		}
		public, private, err = s.store.VapidKeys(ctx, s.db) // another replica's, if it kept one first
	}
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.public, s.private = public, private
	s.mu.Unlock()
	return nil
}

// checkVapid refuses configured keys that are not a P-256 pair.
func checkVapid(public, private string) error {
	pub, err1 := base64.RawURLEncoding.DecodeString(strings.TrimRight(public, "="))
	priv, err2 := base64.RawURLEncoding.DecodeString(strings.TrimRight(private, "="))
	if err1 != nil || err2 != nil {
		return errors.New("HEARTH_VAPID_PUBLIC_KEY and HEARTH_VAPID_PRIVATE_KEY must be base64url")
	}
	key, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil || string(key.PublicKey().Bytes()) != string(pub) {
		return errors.New("HEARTH_VAPID_PRIVATE_KEY is not the private key of HEARTH_VAPID_PUBLIC_KEY (P-256)")
	}
	return nil
}

// keys is the VAPID key pair in force.
func (s *Service) keys() (public, private string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.public, s.private
}

// member is the caller's facility and device; the super admin has no facility.
func member(p *auth.Principal, needDevice bool) error {
	if p == nil || p.TenantID == "" {
		return problem.Forbidden
	}
	if needDevice && (p.DeviceID == "" || len(p.DeviceID) > shared.IDMax) {
		return ErrNoDevice
	}
	return nil
}

// PublicKey is the VAPID public key a browser subscribes with.
func (s *Service) PublicKey(_ context.Context, p *auth.Principal) (*shared.PushKey, error) {
	if err := member(p, false); err != nil {
		return nil, err
	}
	public, _ := s.keys()
	return &shared.PushKey{PublicKey: public}, nil
}

// Status says whether the caller's device gets pushes.
func (s *Service) Status(ctx context.Context, p *auth.Principal) (*shared.PushStatus, error) {
	if err := member(p, true); err != nil {
		return nil, err
	}
	on, n, err := s.store.Status(ctx, s.db, p.TenantID, p.UserID, p.DeviceID)
	if err != nil {
		return nil, err
	}
	return &shared.PushStatus{Subscribed: on, Devices: n}, nil
}

// Subscribe keeps the browser's subscription as the caller's device's.
func (s *Service) Subscribe(ctx context.Context, p *auth.Principal, req shared.PushSubscribeRequest) (*shared.PushStatus, error) {
	if err := member(p, true); err != nil {
		return nil, err
	}
	if !s.endpointAllowed(req.Endpoint) {
		return nil, ErrBadEndpoint
	}
	if k, err := decodeKey(req.P256dh); err != nil || len(k) != 65 || k[0] != 4 {
		return nil, ErrBadKey
	} else if _, err := ecdh.P256().NewPublicKey(k); err != nil {
		return nil, ErrBadKey
	}
	if a, err := decodeKey(req.Auth); err != nil || len(a) != 16 {
		return nil, ErrBadAuth
	}
	now := s.now().UnixMilli()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.Subscribe(ctx, tx, &subscription{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, UserID: p.UserID,
			DeviceID: p.DeviceID, Endpoint: req.Endpoint, P256dh: req.P256dh, Auth: req.Auth, CreatedAt: now, UpdatedAt: now}); err != nil {
			return err
		}
		return s.store.TrimDevices(ctx, tx, p.TenantID, p.UserID, shared.PushDevicesMax)
	})
	if err != nil {
		return nil, err
	}
	return s.Status(ctx, p)
}

// Unsubscribe removes the caller's device's subscription (sign-out, or push
// turned off on this device); doing it twice changes nothing.
func (s *Service) Unsubscribe(ctx context.Context, p *auth.Principal) (*shared.PushStatus, error) {
	if err := member(p, true); err != nil {
		return nil, err
	}
	if _, err := s.store.Unsubscribe(ctx, s.db, p.TenantID, p.UserID, p.DeviceID); err != nil {
		return nil, err
	}
	return s.Status(ctx, p)
}

// Preferences are the caller's choices of alerts.
func (s *Service) Preferences(ctx context.Context, p *auth.Principal) (*shared.PushPreferences, error) {
	if err := member(p, false); err != nil {
		return nil, err
	}
	prefs, err := s.store.Preferences(ctx, s.db, p.TenantID, p.UserID)
	if err != nil {
		return nil, err
	}
	return &prefs, nil
}

// SavePreferences keeps the caller's choices of alerts (for all their devices).
func (s *Service) SavePreferences(ctx context.Context, p *auth.Principal, req shared.PushPreferences) (*shared.PushPreferences, error) {
	if err := member(p, false); err != nil {
		return nil, err
	}
	if err := s.store.SavePreferences(ctx, s.db, p.TenantID, p.UserID, req, s.now().UnixMilli()); err != nil {
		return nil, err
	}
	return &req, nil
}

// endpointAllowed: a push service is an https URL on a public name. Under
// HEARTH_DEV=1 an http:// or local endpoint is taken too (a local push
// service, the tests' endpoint); otherwise the server would post to its own
// network on a caller's say-so.
func (s *Service) endpointAllowed(endpoint string) bool {
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" || u.User != nil || u.Fragment != "" {
		return false
	}
	if s.dev {
		return u.Scheme == "https" || u.Scheme == "http"
	}
	if u.Scheme != "https" {
		return false
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); ip != nil || host == "localhost" || strings.HasSuffix(host, ".localhost") || !strings.Contains(host, ".") {
		return false
	}
	return true
}

// decodeKey reads a base64url key, with or without padding.
func decodeKey(s string) ([]byte, error) {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil {
		return nil, fmt.Errorf("push: key: %w", err)
	}
	return b, nil
}
