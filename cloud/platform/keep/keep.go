// Package keep keeps a facility's answers in memory until something they
// show changes. The database keeps the facility's versions itself: the
// triggers of migrations 00024 and 00025 raise list_versions.version in the
// same transaction as every insert, update or delete of a row the residents
// and staff pages and user info read (Lists), and those of migration 00069
// raise care_versions.version with every write of the care records: tasks
// and their occurrences, the eMAR, notes, readings, incidents, punches,
// requests, shifts and facility documents (Care). So no code path (nor a
// write made by hand in SQL) can change what an answer shows without changing
// its version. An answer is served only for the version it was read under; as
// the version is read before the rows, an answer can only be newer than its
// version, never older. Several replicas need nothing more: each reads the
// version from the shared database.
package keep

import (
	"container/list"
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// VersionTTL is the longest a facility's version is reused without
// reading it again. Writes made through this instance are seen at once (see
// Version); the TTL bounds how long a write made elsewhere can go unseen: by
// another replica whose notification was lost while this one reconnected, or
// by an operator's SQL. docs/api.md states the guarantee.
const VersionTTL = time.Second

// Versions names one per-facility version the database raises itself: the
// table its triggers keep it in and the PostgreSQL notification channel they
// send the facility's id on.
type Versions struct {
	table, channel string
}

var (
	// Lists is the version of the residents and staff pages and user info
	// (residents, their files, caregivers, credentials, memberships, users and
	// the facility row; migrations 00024 and 00025).
	Lists = &Versions{table: "list_versions", channel: "hearth_list_versions"}
	// Care is the version of the care records the dashboard's cards and the
	// day lists read (migration 00069 names the tables).
	Care = &Versions{table: "care_versions", channel: "hearth_care_versions"}
)

// kinds are every version Listen keeps in step.
var kinds = []*Versions{Lists, Care}

// versionCap is how many facilities' versions are kept before all are forgotten.
const versionCap = 8192

// Version is a facility's list version (Lists) and time zone; see Versions.Of.
func Version(ctx context.Context, d *db.DB, tenantID string) (version int64, tz shared.TimeZone, ok bool, err error) {
	return Lists.Of(ctx, d, tenantID)
}

// Of is a facility's version of this kind and its time zone. ok is false
// when the facility does not exist (then nothing is kept).
//
// It is read from the database at most once per VersionTTL per facility, and
// again whenever this instance has written anything since (db.DB.Writes), so
// a read that follows a write made here sees it. On PostgreSQL the triggers
// also send the facility's id to every instance (Listen), which forget that
// facility's version as the notification arrives.
func (k *Versions) Of(ctx context.Context, d *db.DB, tenantID string) (version int64, tz shared.TimeZone, ok bool, err error) {
	return versionsOf(d, k).get(ctx, tenantID)
}

// Listen keeps this instance's versions of every kind in step with the other
// instances' writes until ctx ends (PostgreSQL; on SQLite it returns at once).
func Listen(ctx context.Context, d *db.DB, log *slog.Logger) error {
	errs := make(chan error, len(kinds))
	for _, k := range kinds {
		v := versionsOf(d, k)
		go func() { errs <- d.Listen(ctx, k.channel, v.drop, v.dropAll, log) }()
	}
	var err error
	for range kinds {
		err = errors.Join(err, <-errs)
	}
	return err
}

// versions keeps facilities' versions of one kind for one database.
type versions struct {
	db    *db.DB
	query string
	ttl   time.Duration

	mu sync.Mutex
	// drops moves on with every drop, so a read that began before a drop does
	// not keep its (possibly older) answer after it.
	drops   uint64
	entries map[string]versionEntry
}

type versionEntry struct {
	version int64
	tz      shared.TimeZone
	known   bool
	writes  uint64 // db.Writes() before the read
	at      time.Time
}

// all holds one versions per database and kind (a process has one database; tests open many).
var all sync.Map // versionsKey → *versions

type versionsKey struct {
	db   *db.DB
	kind *Versions
}

func versionsOf(d *db.DB, k *Versions) *versions {
	if v, ok := all.Load(versionsKey{d, k}); ok {
		return v.(*versions)
	}
	v, _ := all.LoadOrStore(versionsKey{d, k}, &versions{db: d, ttl: VersionTTL, entries: map[string]versionEntry{},
		query: `SELECT t.time_zone, COALESCE(v.version, 0) FROM tenants t LEFT JOIN ` + k.table + ` v ON v.tenant_id = t.id WHERE t.id = ?`})
	return v.(*versions)
}

func (v *versions) get(ctx context.Context, tenantID string) (int64, shared.TimeZone, bool, error) {
	now := time.Now() // the real clock: the TTL is about replicas, not the facility's day
	writes := v.db.Writes()
	v.mu.Lock()
	e, found := v.entries[tenantID]
	drops, ttl := v.drops, v.ttl
	v.mu.Unlock()
	if found && e.writes == writes && now.Sub(e.at) < ttl && !now.Before(e.at) {
		return e.version, e.tz, e.known, nil
	}
	e = versionEntry{writes: writes, at: now}
	err := v.db.QueryRowContext(ctx, v.query, tenantID).Scan(&e.tz, &e.version)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		e = versionEntry{writes: writes, at: now}
	case err != nil:
		return 0, "", false, db.Wrap("keep: version", err)
	default:
		e.known = true
	}
	v.mu.Lock()
	if v.drops == drops {
		if len(v.entries) >= versionCap {
			clear(v.entries)
		}
		v.entries[tenantID] = e
	}
	v.mu.Unlock()
	return e.version, e.tz, e.known, nil
}

// drop forgets one facility's version (a notification from another instance).
func (v *versions) drop(tenantID string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.drops++
	delete(v.entries, tenantID)
}

// dropAll forgets every version (the LISTEN connection was (re)made, so
// notifications may have been lost).
func (v *versions) dropAll() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.drops++
	clear(v.entries)
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

// The usual bounds of a feature's kept answers. Answers carry signed file
// links (photos, avatars), which work for shared.SignedURLTTLMillis from when
// they were made, so a link in a kept answer still works for at least that
// life less MaxAge.
const (
	MaxAnswers = 1024
	MaxAge     = time.Minute
)

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

// Fetch is the answer kept under key for version, or else the one read makes,
// kept when known (the facility exists; an unknown one's answers are not kept).
func (c *Cache[V]) Fetch(key string, version int64, known bool, now time.Time, read func() (V, error)) (V, error) {
	if known {
		if v, ok := c.Get(key, version, now); ok {
			return v, nil
		}
	}
	v, err := read()
	if err == nil && known {
		c.Put(key, version, now, v)
	}
	return v, err
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
