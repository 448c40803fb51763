// Package keep keeps a facility's list answers in memory until something they
// show changes. The database keeps the facility's list version itself: the
// triggers of migration 00024 raise list_versions.version in the same
// transaction as every insert, update or delete of a row the residents and
// staff pages read, so no code path (nor a write made by hand in SQL) can
// change a list without changing the version. An answer is served only for the
// version it was read under; as the version is read before the rows, an answer
// can only be newer than its version, never older. Several replicas need
// nothing more: each reads the version from the shared database.
package keep

import (
	"container/list"
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Version is a facility's list version and time zone, read in one point
// query. ok is false when the facility does not exist (then nothing is kept).
func Version(ctx context.Context, q db.Querier, tenantID string) (version int64, tz shared.TimeZone, ok bool, err error) {
	err = q.QueryRowContext(ctx, `SELECT t.time_zone, COALESCE(v.version, 0) FROM tenants t
		LEFT JOIN list_versions v ON v.tenant_id = t.id WHERE t.id = ?`, tenantID).Scan(&tz, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", false, nil
	}
	if err != nil {
		return 0, "", false, db.Wrap("keep: version", err)
	}
	return version, tz, true, nil
}

// Key joins the parts of an answer's key (quoted, so no two different lists
// of parts give the same key).
func Key(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(strconv.Quote(p))
	}
	return b.String()
}

// Cache keeps at most Max answers, each for at most MaxAge (the lists carry
// signed file links that work for shared.SignedURLTTLMillis from when they
// were made), forgetting the least recently used first. Kept values are shared
// by every caller: they must not be changed.
type Cache[V any] struct {
	max    int
	maxAge time.Duration

	mu  sync.Mutex
	lru *list.List // of *entry[V], most recently used first
	by  map[string]*list.Element
}

type entry[V any] struct {
	key     string
	version int64
	at      time.Time
	value   V
}

// New makes a cache of at most max answers, each kept at most maxAge.
func New[V any](max int, maxAge time.Duration) *Cache[V] {
	return &Cache[V]{max: max, maxAge: maxAge, lru: list.New(), by: map[string]*list.Element{}}
}

// Get is the answer kept under key for version, if it is younger than MaxAge at now.
func (c *Cache[V]) Get(key string, version int64, now time.Time) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var zero V
	el, found := c.by[key]
	if !found {
		return zero, false
	}
	e := el.Value.(*entry[V])
	if e.version != version || now.Sub(e.at) >= c.maxAge || now.Before(e.at) {
		c.lru.Remove(el)
		delete(c.by, key)
		return zero, false
	}
	c.lru.MoveToFront(el)
	return e.value, true
}

// Put keeps value as the answer under key for version, made at now.
func (c *Cache[V]) Put(key string, version int64, now time.Time, value V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, found := c.by[key]; found {
		c.lru.Remove(el)
		delete(c.by, key)
	}
	c.by[key] = c.lru.PushFront(&entry[V]{key: key, version: version, at: now, value: value})
	for c.lru.Len() > c.max {
		last := c.lru.Back()
		c.lru.Remove(last)
		delete(c.by, last.Value.(*entry[V]).key)
	}
}

// Len is how many answers are kept.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
