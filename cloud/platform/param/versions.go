package param

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"sync"
	"time"

	"hearth/cloud/platform/db"
)

// VersionTTL is the longest a platform setting's version is reused without
// reading it again: a change made on another replica whose notification was
// lost, or by an operator's SQL, is seen within it.
const VersionTTL = time.Second

// Channel is the PostgreSQL notification channel a change of a platform
// setting is announced on; the payload is the setting's name.
const Channel = "hearth_platform"

// Names of the platform settings whose versions are counted.
const (
	NameParams      = "params"
	NameMenus       = "menus"
	NameFunctions   = "functions"
	versionsOfNames = 3
)

// Versions counts changes of the platform-wide settings (platform_versions):
// a writer Bumps a setting in its transaction; a reader asks Version, which
// reads the row at most once per VersionTTL, and again at once after a Bump
// made here or a notification from another replica (Listen).
type Versions struct {
	db *db.DB

	mu      sync.Mutex
	drops   uint64
	entries map[string]versionEntry
}

type versionEntry struct {
	version int64
	at      time.Time
}

// NewVersions makes the version reader of d.
func NewVersions(d *db.DB) *Versions {
	return &Versions{db: d, entries: make(map[string]versionEntry, versionsOfNames)}
}

// Version is the number of changes of the setting name so far.
func (v *Versions) Version(ctx context.Context, name string) (int64, error) {
	now := time.Now() // the real clock: the TTL is about replicas
	v.mu.Lock()
	e, ok := v.entries[name]
	drops := v.drops
	v.mu.Unlock()
	if ok && now.Sub(e.at) < VersionTTL && !now.Before(e.at) {
		return e.version, nil
	}
	e = versionEntry{at: now}
	err := v.db.QueryRowContext(ctx, `SELECT version FROM platform_versions WHERE name = ?`, name).Scan(&e.version)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, db.Wrap("param: version of "+name, err)
	}
	v.mu.Lock()
	if v.drops == drops {
		v.entries[name] = e
	}
	v.mu.Unlock()
	return e.version, nil
}

// Bump raises the setting's version in q's transaction, tells the other
// replicas when it commits, and forgets this replica's copy after it commits.
func (v *Versions) Bump(ctx context.Context, q db.Querier, name string) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO platform_versions (name, version) VALUES (?, 1)
		ON CONFLICT (name) DO UPDATE SET version = platform_versions.version + 1`, name); err != nil {
		return db.Wrap("param: bump "+name, err)
	}
	if err := v.db.Notify(ctx, q, Channel, name); err != nil {
		return db.Wrap("param: notify "+name, err)
	}
	db.AfterCommit(q, func() { v.drop(name) })
	v.drop(name) // a read before the commit must not keep the old version past it
	return nil
}

// Forget makes the next Version of name read the database again: for a
// writer whose change a database trigger raises (the backup runs, migration
// 00072), so this replica sees it at once rather than within VersionTTL.
func (v *Versions) Forget(name string) { v.drop(name) }

// Listen forgets a setting's version as another replica announces a change,
// until ctx ends (PostgreSQL; on SQLite it returns at once).
func (v *Versions) Listen(ctx context.Context, log *slog.Logger) error {
	return v.db.Listen(ctx, Channel, v.drop, v.dropAll, log)
}

func (v *Versions) drop(name string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.drops++
	delete(v.entries, name)
}

func (v *Versions) dropAll() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.drops++
	clear(v.entries)
}
