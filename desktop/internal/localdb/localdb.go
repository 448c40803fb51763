// Package localdb opens the desktop shell's own SQLite file (cache.db): the
// read cache, the kiosk's punch outbox, its PIN verifiers and avatars. The
// schema is applied with goose from the embedded migrations/ files, the same
// tool and file format as the cloud's migrations (../../../migrations).
package localdb

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
	"github.com/pressly/goose/v3"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// FileName is the database file inside the shell's directory.
const FileName = "cache.db"

// Open opens (creating it 0600 on first run) dir/cache.db and migrates it.
// One connection serves everything: the shell's load is one person's, and a
// single connection can never meet SQLITE_BUSY from itself.
func Open(ctx context.Context, dir string) (*sql.DB, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("local db dir: %w", err)
	}
	path := filepath.Join(dir, FileName)
	// Create the file ourselves so it is 0600 from the start; SQLite gives the
	// -wal and -shm files the database file's permissions (unix VFS, robust_open).
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("local db: %w", err)
	}
	f.Close()
	if err := os.Chmod(path, 0o600); err != nil {
		return nil, fmt.Errorf("local db: %w", err)
	}
	// busy_timeout before WAL; synchronous=FULL so an acknowledged punch is on
	// disk before the kiosk says so (WAL with NORMAL may lose the last commits
	// on power loss). Source: sqlite.org/pragma.html#pragma_synchronous and the
	// mattn/go-sqlite3 README (DSN options).
	q := url.Values{}
	q.Set("_busy_timeout", "10000")
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "FULL")
	q.Set("_foreign_keys", "on")
	q.Set("_txlock", "immediate")
	d, err := sql.Open("sqlite3", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("local db: %w", err)
	}
	d.SetMaxOpenConns(1)
	d.SetMaxIdleConns(1)
	d.SetConnMaxLifetime(0)
	if err := d.PingContext(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("local db %s: %w", path, err)
	}
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("local db migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, d, sub)
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("local db migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("local db migrate: %w", err)
	}
	return d, nil
}
