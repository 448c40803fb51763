package core

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/alexedwards/argon2id"

	"hearth/desktop/internal/settings"
	"hearth/shared"
)

// The shell's own routes, /api/desktop/* (shared/desktop.go). In kiosk mode
// only the status, leaving, the outbox line and the avatars answer: changing
// the cloud URL or the kiosk at the door would hand the kiosk to whoever
// stands there.

func (c *Core) serveDesktop(w http.ResponseWriter, r *http.Request) {
	p := strings.TrimPrefix(r.URL.Path, desktopPrefix)
	kiosk := c.Mode() == shared.DesktopKiosk
	switch {
	case p == "status" && r.Method == http.MethodGet:
		c.ok(w, r, c.status(r.Context()))
	case p == "outbox" && r.Method == http.MethodGet:
		c.serveOutbox(w, r)
	case strings.HasPrefix(p, "medpasses") && kiosk: // nothing of the med pass at the door
		c.fail(w, r, shared.CodeForbidden, "desktop.kioskOnly", nil, nil)
	case p == "medpasses" && r.Method == http.MethodGet:
		c.serveMedList(w, r)
	case p == "medpasses/seen" && r.Method == http.MethodPost:
		c.serveMedSeen(w, r)
	case p == "kiosk/leave" && r.Method == http.MethodPost:
		c.serveKioskLeave(w, r)
	case strings.HasPrefix(r.URL.Path, avatarPrefix) && r.Method == http.MethodGet:
		c.serveAvatar(w, r, strings.TrimPrefix(r.URL.Path, avatarPrefix))
	case (p == "cloud" || p == "kiosk/setup") && r.Method == http.MethodPost && kiosk:
		c.fail(w, r, shared.CodeForbidden, "desktop.leaveKioskFirst", nil, nil)
	case p == "cloud" && r.Method == http.MethodPost:
		c.serveSetCloud(w, r)
	case p == "kiosk/setup" && r.Method == http.MethodPost:
		c.serveKioskSetup(w, r)
	default:
		c.fail(w, r, shared.CodeNotFound, "error.notFound", nil, nil)
	}
}

// status is GET /api/desktop/status.
func (c *Core) status(ctx context.Context) shared.DesktopStatus {
	c.mu.Lock()
	s := shared.DesktopStatus{Mode: c.mode, Version: c.opts.Version, CloudURL: c.set.CloudURL,
		DefaultCloudURL: c.opts.DefaultCloudURL, Online: c.online, LastOnlineTime: c.lastOnline,
		KioskSetUp: c.set.KioskCredential != "", DeviceName: c.set.KioskDeviceName, FacilityName: c.set.KioskFacilityName,
		AudioCapture: c.opts.AudioCapture, SyncError: c.syncHalt}
	c.mu.Unlock()
	s.OutboxWaiting, s.OutboxFailed, _ = c.outboxCounts(ctx)
	s.MedWaiting, s.MedAttention, _ = c.medCounts(ctx)
	s.MedSignInNeeded = c.medSignInNeeded(ctx)
	return s
}

var (
	cloudURLPattern   = regexp.MustCompile(`^https?://`) // shared.SetCloudRequest
	credentialPattern = regexp.MustCompile(`^hk_[A-Za-z0-9_-]+$`)
	exitPinPattern    = regexp.MustCompile(`^[0-9]{4,8}$`)
)

// serveSetCloud is POST /api/desktop/cloud: check <url>/healthz, then keep the URL.
func (c *Core) serveSetCloud(w http.ResponseWriter, r *http.Request) {
	var req shared.SetCloudRequest
	if !c.decodeBody(w, r, &req) {
		return
	}
	raw := strings.TrimRight(strings.TrimSpace(req.CloudURL), "/")
	var bad []fieldRule
	switch {
	case raw == "":
		bad = append(bad, fieldRule{"cloudUrl", "minLength", map[string]any{"min": 1}})
	case len(raw) > shared.CloudURLMax:
		bad = append(bad, fieldRule{"cloudUrl", "maxLength", map[string]any{"max": shared.CloudURLMax}})
	default:
		u, err := url.Parse(raw)
		if !cloudURLPattern.MatchString(raw) || err != nil || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			bad = append(bad, fieldRule{"cloudUrl", "pattern", nil})
		}
	}
	if len(bad) > 0 {
		c.failFields(w, r, bad)
		return
	}
	if err := c.checkHealth(r.Context(), raw); err != nil {
		c.fail(w, r, shared.CodeCloudUnreachable, "desktop.cloudUnreachable", map[string]any{"url": raw, "detail": err.Error()},
			map[string]any{"detail": err.Error()})
		return
	}
	if err := c.updateSettings(func(s *settings.Settings) { s.CloudURL = raw }); err != nil {
		c.internal(w, r, err)
		return
	}
	c.noteOnline()
	c.ok(w, r, c.status(r.Context()))
}

// serveKioskSetup is POST /api/desktop/kiosk/setup: check the credential
// against the cloud, take the kiosk's start screen and PIN verifiers, keep
// the credential and the exit PIN's hash, and turn into the kiosk.
func (c *Core) serveKioskSetup(w http.ResponseWriter, r *http.Request) {
	var req shared.KioskSetupRequest
	if !c.decodeBody(w, r, &req) {
		return
	}
	req.Credential = strings.TrimSpace(req.Credential)
	var bad []fieldRule
	switch {
	case len(req.Credential) < shared.KioskCredentialMin:
		bad = append(bad, fieldRule{"credential", "minLength", map[string]any{"min": shared.KioskCredentialMin}})
	case len(req.Credential) > shared.KioskCredentialMax:
		bad = append(bad, fieldRule{"credential", "maxLength", map[string]any{"max": shared.KioskCredentialMax}})
	case !credentialPattern.MatchString(req.Credential):
		bad = append(bad, fieldRule{"credential", "pattern", nil})
	}
	if !exitPinPattern.MatchString(req.ExitPin) {
		bad = append(bad, fieldRule{"exitPin", "pattern", nil})
	}
	if len(bad) > 0 {
		c.failFields(w, r, bad)
		return
	}
	if c.cloudURL() == "" {
		c.fail(w, r, shared.CodeCloudUnreachable, "desktop.noCloud", nil, map[string]any{"detail": errNoCloudURL.Error()})
		return
	}
	ctx := r.Context()
	a, err := c.callCloud(ctx, http.MethodGet, kioskHomePath, req.Credential, langOf(r), nil)
	if err != nil {
		c.failUnreachable(w, r, err)
		return
	}
	switch {
	case a.Code == shared.CodeUnauthorized:
		c.fail(w, r, shared.CodeKioskNotSetUp, "desktop.kioskNotSetUp", nil, nil)
		return
	case a.Code != shared.CodeOK:
		passThrough(w, a)
		return
	}
	var home shared.KioskHome
	if err := json.Unmarshal(a.Data, &home); err != nil {
		c.internal(w, r, err)
		return
	}
	vs, err := c.fetchVerifiers(ctx, req.Credential)
	if err != nil {
		var down *cloudDown
		if errors.As(err, &down) {
			c.failUnreachable(w, r, err)
			return
		}
		c.internal(w, r, err)
		return
	}
	hash, err := argon2id.CreateHash(req.ExitPin, argon2id.DefaultParams)
	if err != nil {
		c.internal(w, r, err)
		return
	}
	if req.Credential != c.kioskCredential() {
		if err := c.forgetKioskData(ctx); err != nil { // another kiosk's verifiers and faces
			c.internal(w, r, err)
			return
		}
	}
	if err := c.replaceVerifiers(ctx, vs); err != nil {
		c.internal(w, r, err)
		return
	}
	if err := c.storeKioskHome(ctx, &home, c.now()); err != nil {
		c.internal(w, r, err)
		return
	}
	err = c.updateSettings(func(s *settings.Settings) {
		s.KioskCredential, s.KioskDeviceName, s.KioskFacilityName = req.Credential, home.DeviceName, home.FacilityName
		s.ExitPinHash, s.ExitPinFailures, s.ExitPinLockedUntil = hash, 0, 0
		s.Mode = shared.DesktopKiosk
		if s.OutboxCredential == req.Credential {
			s.OutboxCredential = ""
		}
	})
	if err != nil {
		c.internal(w, r, err)
		return
	}
	c.mu.Lock()
	c.mode, c.syncHalt = shared.DesktopKiosk, ""
	c.mu.Unlock()
	go c.prefetchAvatars(context.WithoutCancel(ctx))
	c.signalMode(shared.DesktopKiosk)
	c.poke()
	c.ok(w, r, c.status(ctx))
}

// serveKioskLeave is POST /api/desktop/kiosk/leave with the owner's exit PIN.
// 5 wrong PINs in a row lock leaving for 15 minutes (the lock is kept in the
// settings, so restarting the app does not lift it).
func (c *Core) serveKioskLeave(w http.ResponseWriter, r *http.Request) {
	var req shared.KioskLeaveRequest
	if !c.decodeBody(w, r, &req) {
		return
	}
	if !exitPinPattern.MatchString(req.ExitPin) {
		c.failFields(w, r, []fieldRule{{"exitPin", "pattern", nil}})
		return
	}
	s := c.settingsNow()
	now := c.now()
	if s.ExitPinLockedUntil > now.UnixMilli() {
		c.failLocked(w, r, "desktop.exitPinLocked", s.ExitPinLockedUntil, now)
		return
	}
	if s.ExitPinHash != "" {
		match, err := argon2id.ComparePasswordAndHash(req.ExitPin, s.ExitPinHash)
		if err != nil {
			c.internal(w, r, err)
			return
		}
		if !match {
			var failures int
			var lockedUntil int64
			err := c.updateSettings(func(s *settings.Settings) {
				s.ExitPinFailures++
				if s.ExitPinFailures >= shared.PinMaxFailures {
					s.ExitPinFailures, s.ExitPinLockedUntil = 0, now.Add(shared.PinLockMinutes*time.Minute).UnixMilli()
				}
				failures, lockedUntil = s.ExitPinFailures, s.ExitPinLockedUntil
			})
			if err != nil {
				c.internal(w, r, err)
				return
			}
			if lockedUntil > now.UnixMilli() {
				c.failLocked(w, r, "desktop.exitPinLocked", lockedUntil, now)
				return
			}
			left := shared.PinMaxFailures - failures
			c.fail(w, r, shared.CodeExitPinWrong, "desktop.exitPinWrong", map[string]any{"left": left},
				shared.RetryInfo{AttemptsLeft: left})
			return
		}
	}
	ctx := r.Context()
	waiting := 0
	if req.Forget {
		if err := c.forgetKioskData(ctx); err != nil {
			c.internal(w, r, err)
			return
		}
		var err error
		if waiting, _, err = c.outboxCounts(ctx); err != nil {
			c.internal(w, r, err)
			return
		}
	}
	err := c.updateSettings(func(s *settings.Settings) {
		s.Mode, s.ExitPinFailures, s.ExitPinLockedUntil = shared.DesktopOwner, 0, 0
		if req.Forget {
			if waiting > 0 { // waiting punches still go out with this kiosk's credential, and nothing else does
				s.OutboxCredential = s.KioskCredential
			}
			s.KioskCredential, s.KioskDeviceName, s.KioskFacilityName, s.ExitPinHash = "", "", "", ""
		}
	})
	if err != nil {
		c.internal(w, r, err)
		return
	}
	c.mu.Lock()
	c.mode = shared.DesktopOwner
	c.mu.Unlock()
	c.signalMode(shared.DesktopOwner)
	c.ok(w, r, c.status(ctx))
}

// serveOutbox is GET /api/desktop/outbox: waiting and refused punches, and
// those sent in the last 7 days, newest first.
func (c *Core) serveOutbox(w http.ResponseWriter, r *http.Request) {
	entries, err := c.outboxEntries(r.Context(), c.now().Add(-7*24*time.Hour))
	if err != nil {
		c.internal(w, r, err)
		return
	}
	c.ok(w, r, entries)
}

// failLocked answers 4121 with the seconds left.
func (c *Core) failLocked(w http.ResponseWriter, r *http.Request, key string, until int64, now time.Time) {
	secs := int((until - now.UnixMilli() + 999) / 1000)
	c.fail(w, r, shared.CodePinLocked, key, map[string]any{"minutes": (secs + 59) / 60}, shared.RetryInfo{RetryAfterSeconds: secs})
}

// failUnreachable answers 4130 with what went wrong.
func (c *Core) failUnreachable(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, errNoCloudURL) {
		c.fail(w, r, shared.CodeCloudUnreachable, "desktop.noCloud", nil, map[string]any{"detail": err.Error()})
		return
	}
	c.fail(w, r, shared.CodeCloudUnreachable, "desktop.cloudUnreachable", map[string]any{"url": c.cloudURL(), "detail": err.Error()},
		map[string]any{"detail": err.Error()})
}

// internal answers 5000 for a failure on this computer (disk full, broken database).
func (c *Core) internal(w http.ResponseWriter, r *http.Request, err error) {
	c.fail(w, r, shared.CodeInternal, "error.internal", map[string]any{"detail": err.Error()}, nil)
}
