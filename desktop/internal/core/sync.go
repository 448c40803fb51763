package core

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"hearth/desktop/internal/settings"
	"hearth/shared"
)

// Run syncs the outbox, refreshes PIN verifiers and checks the cloud's health
// until ctx ends (or Close is called). Everything it works from is in SQLite,
// so a restart picks up where the last run stopped.
func (c *Core) Run(ctx context.Context) {
	select {
	case <-c.stop:
		return
	default:
	}
	c.running.Add(1)
	defer c.running.Done()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-c.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); c.healthLoop(ctx) }()
	go func() { defer wg.Done(); c.refreshLoop(ctx) }()
	go func() { defer wg.Done(); c.medLoop(ctx) }() // med passes kept in the owner's window (medsend.go)
	c.outboxLoop(ctx)
	wg.Wait()
}

// healthLoop asks the cloud's /healthz at once and then every healthEvery
// while the cloud is away; an answer wakes the outbox (noteOnline).
func (c *Core) healthLoop(ctx context.Context) {
	t := time.NewTicker(healthEvery)
	defer t.Stop()
	first := true
	for {
		if base := c.cloudURL(); base != "" && (first || !c.isOnline()) {
			if err := c.checkHealth(ctx, base); err == nil {
				c.noteOnline()
			} else if ctx.Err() == nil {
				c.noteOffline()
			}
		}
		first = false
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// refreshLoop keeps the kiosk's verifiers and start screen fresh while online.
func (c *Core) refreshLoop(ctx context.Context) {
	t := time.NewTicker(refreshEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := c.refreshKiosk(ctx); err != nil && ctx.Err() == nil {
			slog.Info("desktop kiosk: refresh", "err", err)
		}
		if err := c.pruneSent(ctx); err != nil && ctx.Err() == nil {
			slog.Warn("desktop outbox: prune", "err", err)
		}
		if err := c.pruneMed(ctx); err != nil && ctx.Err() == nil {
			slog.Warn("desktop med outbox: prune", "err", err)
		}
	}
}

// refreshKiosk replaces the verifiers and the start screen (and its avatars).
func (c *Core) refreshKiosk(ctx context.Context) error {
	cred := c.kioskCredential()
	if cred == "" || !c.isOnline() || c.halted() {
		return nil
	}
	vs, err := c.fetchVerifiers(ctx, cred)
	if err != nil {
		var refused *cloudRefusal
		if errors.As(err, &refused) && refused.a.Code == shared.CodeUnauthorized {
			c.haltSync(refused.a)
		}
		return err
	}
	if err := c.replaceVerifiers(ctx, vs); err != nil {
		return err
	}
	a, err := c.callCloud(ctx, http.MethodGet, kioskHomePath, cred, "", nil)
	if err != nil {
		return err
	}
	if a.Code != shared.CodeOK {
		return &cloudRefusal{a}
	}
	var home shared.KioskHome
	if err := json.Unmarshal(a.Data, &home); err != nil {
		return wrap("kiosk home: decode", err)
	}
	if err := c.storeKioskHome(ctx, &home, c.now()); err != nil {
		return err
	}
	c.prefetchAvatars(ctx)
	return nil
}

// haltSync stops the outbox: the cloud no longer knows this kiosk's
// credential (revoked). Waiting punches stay, shown with the reason, until a
// new kiosk setup.
func (c *Core) haltSync(a *cloudAnswer) {
	c.mu.Lock()
	c.syncHalt = a.Code + ": " + a.Message
	c.mu.Unlock()
	slog.Warn("desktop kiosk: the cloud refused this kiosk's credential; the outbox stops", "code", a.Code)
}

func (c *Core) halted() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.syncHalt != ""
}

// outboxCredential is what the outbox sends with: the kiosk's credential, or
// a forgotten kiosk's until its punches are out.
func (c *Core) outboxCredential() string {
	s := c.settingsNow()
	if s.KioskCredential != "" {
		return s.KioskCredential
	}
	return s.OutboxCredential
}

// syncPace slows the outbox down between punches; only the tests set it
// (to kill a sync half-way).
var syncPace time.Duration

// outboxLoop sends waiting punches strictly in order.
func (c *Core) outboxLoop(ctx context.Context) {
	failures := 0
	for {
		wait, sent := c.sendNext(ctx)
		switch {
		case sent:
			failures = 0
			continue
		case wait < 0: // nothing to do: sleep until poked
			failures = 0
			select {
			case <-ctx.Done():
				return
			case <-c.wake:
			}
			continue
		case wait == 0:
			continue
		}
		failures++
		d := backoff(failures)
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-c.wake: // a new punch, or the cloud answered again
			t.Stop()
		case <-t.C:
		}
	}
}

// backoff is the wait after n failures in a row: backoffMin doubling up to
// backoffMax, each with ±20% jitter so kiosks do not retry in step.
func backoff(n int) time.Duration {
	d := backoffMin
	for i := 1; i < n && d < backoffMax; i++ {
		d *= 2
	}
	d = min(d, backoffMax)
	return d - d/5 + time.Duration(rand.Int64N(int64(d/5)*2+1))
}

// sendNext sends the oldest waiting punch. sent: the cloud took it (or
// refused it for good) and the next may follow at once; wait < 0: nothing to
// send; wait > 0: try again after a backoff.
func (c *Core) sendNext(ctx context.Context) (wait time.Duration, sent bool) {
	if ctx.Err() != nil {
		return -1, false
	}
	cred := c.outboxCredential()
	if cred == "" || c.halted() {
		return -1, false
	}
	row, err := c.headWaiting(ctx)
	if errors.Is(err, errNotFound) { // nothing waits
		if c.settingsNow().OutboxCredential != "" { // a forgotten kiosk's punches are all out: forget its credential too
			_ = c.updateSettings(func(s *settings.Settings) { s.OutboxCredential = "" })
		}
		return -1, false
	}
	if err != nil {
		if ctx.Err() == nil {
			slog.Error("desktop outbox: read", "err", err)
		}
		return 1, false
	}
	if syncPace > 0 {
		time.Sleep(syncPace)
	}
	a, err := c.callCloud(ctx, http.MethodPost, kioskPunchPath, cred, "", shared.KioskPunchRequest{
		CaregiverID: row.CaregiverID, ClientPunchID: row.ClientPunchID, PunchTime: row.PunchTime, PinCheckedOffline: true})
	if err != nil {
		if ctx.Err() != nil {
			return -1, false
		}
		_ = c.noteAttempt(ctx, row.Seq, err.Error())
		return 1, false
	}
	why := a.Code + ": " + a.Message
	switch {
	case a.Code == shared.CodeOK:
		var res shared.KioskPunchResult
		_ = json.Unmarshal(a.Data, &res)
		if err := c.markSent(ctx, row.Seq, res.CaregiverName); err != nil {
			slog.Error("desktop outbox: mark sent", "err", err)
			return 1, false // sent again later: the cloud answers a replayed id with the same record
		}
		return 0, true
	case a.Code == shared.CodeUnauthorized:
		_ = c.noteAttempt(ctx, row.Seq, why)
		c.haltSync(a)
		return -1, false
	case a.Code == shared.CodeInternal || a.Code == shared.CodeUnavailable || a.Code == shared.CodeStorageFull || strings.HasPrefix(a.Code, "7"):
		// 5000 rolled back; 5003 and 5007 (the cloud's database away, its disk full) saved nothing; 7xxx (the plan lost clock-in) refuses every punch
		// alike until the owner fixes the plan: keep them all, in order.
		_ = c.noteAttempt(ctx, row.Seq, why)
		return 1, false
	default: // a definitive refusal of this punch (too old, unknown caregiver, no verifier on the cloud)
		if err := c.markRefused(ctx, row.Seq, why); err != nil {
			return 1, false
		}
		slog.Warn("desktop outbox: the cloud refused a punch", "clientPunchId", row.ClientPunchID, "code", a.Code)
		return 0, true
	}
}
