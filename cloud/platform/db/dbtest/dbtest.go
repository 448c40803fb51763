// Package dbtest runs a test once on SQLite and once on PostgreSQL, each on a
// fresh, migrated, throwaway database.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
)

// DefaultPostgresURL is the server the tests use unless TEST_POSTGRES_URL says otherwise.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// Each runs fn as two subtests, "sqlite" and "postgres".
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// SQLite opens a migrated database in a fresh file under t.TempDir().
func SQLite(t testing.TB) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "hearth.db"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate sqlite: %v", err)
	}
	return d
}

// Postgres creates a throwaway database on the test server, migrates it and
// drops it when the test ends. The test fails (never skips) when no server answers.
func Postgres(t testing.TB) *db.DB {
	t.Helper()
	base := os.Getenv("TEST_POSTGRES_URL")
	if base == "" {
		base = DefaultPostgresURL
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	defer admin.Close()
	ctx := context.Background()
	if err := admin.PingContext(ctx); err != nil {
		t.Fatalf("PostgreSQL does not answer at %s (set TEST_POSTGRES_URL, or run make test, which starts one): %v", base, err)
	}
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	name := "hearth_test_" + hex.EncodeToString(buf)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	d, err := db.Open(ctx, withDatabase(base, name))
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	t.Cleanup(func() {
		d.Close()
		a, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			a.Close()
		}
	})
	if err := d.Migrate(ctx); err != nil {
		t.Fatalf("migrate postgres: %v", err)
	}
	return d
}

func withDatabase(url, name string) string {
	q := ""
	if i := strings.IndexByte(url, '?'); i >= 0 {
		url, q = url[:i], url[i:]
	}
	if i := strings.LastIndexByte(url, '/'); i > len("postgres://") {
		url = url[:i]
	}
	return url + "/" + name + q
}
