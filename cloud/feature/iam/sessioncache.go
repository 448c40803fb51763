package iam

// Every signed-in call checks that its sign-in is still live (CheckSession).
// That answer is kept in memory for at most SessionCacheTTL, so a busy client
// does not read users, memberships and sessions on every call. Every path in
// this package that ends a sign-in or changes what the check reads (sign-out,
// refresh-token reuse, password change, a disabled account or membership)
// calls sessionsChanged in its transaction: this instance forgets the user's
// entries once the transaction commits, and on PostgreSQL a NOTIFY sent in the
// same transaction makes every other instance forget them too. The TTL is the
// backstop for a notification lost while an instance was reconnecting, and
// for rows changed outside Hearth (an operator's SQL). docs/api.md states the
// guarantee: a revoked sign-in is refused within a second on every instance.

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"hearth/cloud/platform/db"
)

// SessionCacheTTL is the longest a session check's answer is reused.
const SessionCacheTTL = time.Second

// sessionsChannel is the PostgreSQL notification channel; the payload is a user id.
const sessionsChannel = "hearth_sessions_changed"

type liveEntry struct {
	userID, tenantID string
	state            sessionState
	expires          time.Time
}

// liveCache holds live session checks by session family.
type liveCache struct {
	ttl time.Duration
	mu  sync.RWMutex
	// gen moves on with every drop: a check that read the database before a
	// drop must not store its (possibly stale) answer after it.
	gen       uint64
	entries   map[string]liveEntry
	lastSweep time.Time
	// watchers hear every user whose sign-ins may have changed (OnSessionsChanged).
	watchers []func(userID string)
}

func newLiveCache(ttl time.Duration) *liveCache {
	return &liveCache{ttl: ttl, entries: map[string]liveEntry{}}
}

// get is the kept state of family for user in tenant, and the generation to
// pass to put when there is none.
func (c *liveCache) get(family, userID, tenantID string, now time.Time) (sessionState, bool, uint64) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	e, ok := c.entries[family]
	if ok && e.userID == userID && e.tenantID == tenantID && now.Before(e.expires) {
		return e.state, true, c.gen
	}
	return sessionState{}, false, c.gen
}

// put keeps a live state read at readAt, unless something was dropped since gen.
func (c *liveCache) put(family, userID, tenantID string, st sessionState, gen uint64, readAt time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || c.ttl <= 0 {
		return
	}
	if readAt.Sub(c.lastSweep) > c.ttl {
		for k, e := range c.entries {
			if !readAt.Before(e.expires) {
				delete(c.entries, k)
			}
		}
		c.lastSweep = readAt
	}
	c.entries[family] = liveEntry{userID: userID, tenantID: tenantID, state: st, expires: readAt.Add(c.ttl)}
}

// dropUser forgets every kept check of userID.
func (c *liveCache) dropUser(userID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for k, e := range c.entries {
		if e.userID == userID {
			delete(c.entries, k)
		}
	}
}

// dropAll forgets every kept check.
func (c *liveCache) dropAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.entries)
}

// sessionsChanged is called, in q's transaction, by every change that ends a
// sign-in of userID or changes what CheckSession reads about them.
func (s *Service) sessionsChanged(ctx context.Context, q db.Querier, userID string) error {
	if err := s.db.Notify(ctx, q, sessionsChannel, userID); err != nil {
		return err
	}
	db.AfterCommit(q, func() { s.changed(userID) })
	return nil
}

// changed forgets the kept checks of userID, then tells the watchers.
func (s *Service) changed(userID string) {
	s.live.dropUser(userID)
	for _, fn := range s.live.watchers {
		fn(userID)
	}
}

// OnSessionsChanged makes fn hear, on this instance, of every user whose
// sign-ins may have ended or changed: here once the change commits, and from
// the other instances through the LISTEN. The chat's sockets check their
// sign-ins again with it (realtime.Hub.Recheck, wired by cloud/server). Call
// it at start, before serving; fn must not block.
func (s *Service) OnSessionsChanged(fn func(userID string)) {
	s.live.watchers = append(s.live.watchers, fn)
}

// ListenSessionChanges keeps this instance's session checks in step with the
// other instances' revocations until ctx ends (PostgreSQL; on SQLite there is
// one instance and it returns at once).
func (s *Service) ListenSessionChanges(ctx context.Context) error {
	return s.db.Listen(ctx, sessionsChannel, s.changed, s.live.dropAll, s.logger())
}

func (s *Service) logger() *slog.Logger {
	if s.log != nil {
		return s.log
	}
	return slog.Default()
}
