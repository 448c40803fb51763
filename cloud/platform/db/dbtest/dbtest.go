// Package dbtest runs a test once on SQLite and once on PostgreSQL, each on a
// fresh, migrated, throwaway database.
//
// Migrating for every test was most of the suite's time, so each test binary
// migrates once per engine into a template and every test gets a copy of it:
// a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL. Templates
// with data already in them (servertest's demo data) are made the same way,
// once, by Template. A package that uses dbtest drops its templates at the end
// with a TestMain that calls dbtest.Main, which also lets each test's
// PostgreSQL database be dropped in the background (DROP DATABASE waits for a
// checkpoint) and waits for those drops at the end; a template left behind by
// a test binary that died is dropped by the next run.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"hearth/cloud/platform/db"
)

// DefaultPostgresURL is the server the tests use unless TEST_POSTGRES_URL says otherwise.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// templatePrefix names this package's template databases on the PostgreSQL server.
const templatePrefix = "hearth_tmpl_"

// Each runs fn as two parallel subtests, "sqlite" and "postgres", each on its
// own database. Tests that call Each may themselves call t.Parallel.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { t.Parallel(); fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { t.Parallel(); fn(t, Postgres(t)) })
}

// Main runs the package's tests and then drops the templates they made. Use it
// from TestMain: func TestMain(m *testing.M) { dbtest.Main(m) }.
func Main(m *testing.M) {
	mu.Lock()
	usingMain = true
	mu.Unlock()
	code := m.Run()
	drops.Wait()
	dropTemplates()
	os.Exit(code)
}

// SQLite opens a migrated database in a fresh file under t.TempDir().
func SQLite(tb testing.TB) *db.DB {
	tb.Helper()
	return Clone(tb, db.SQLite, "", nil)
}

// Postgres creates a throwaway migrated database on the test server and drops
// it when the test ends. The test fails (never skips) when no server answers.
func Postgres(tb testing.TB) *db.DB {
	tb.Helper()
	return Clone(tb, db.Postgres, "", nil)
}

// Setup fills a template once per test binary; it gets a migrated database.
type Setup func(ctx context.Context, d *db.DB) error

// Clone gives the test its own copy of the template named key on engine:
// migrated, then filled by setup (key "" is the migrated database with no
// setup). The template is made on first use and reused by every later test of
// the binary, so setup must give the same result each time.
func Clone(tb testing.TB, engine db.Engine, key string, setup Setup) *db.DB {
	tb.Helper()
	tp, err := template(engine, key, setup)
	if err != nil {
		tb.Fatal(err)
	}
	var d *db.DB
	var drop func()
	if engine == db.Postgres {
		d, drop, err = clonePostgres(tp)
	} else {
		d, err = cloneSQLite(tp, filepath.Join(tb.TempDir(), "hearth.db"))
	}
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		d.Close()
		if drop != nil {
			drop()
		}
	})
	return d
}

// Become makes d, which the test got from Each, SQLite, Postgres or Clone and
// has not written to, a copy of the template key instead (same engine). Its
// old database is closed and dropped with the test as before. Callers that
// already hold d see the new content, so a helper such as servertest.Start can
// hand the test a seeded database without changing how tests get theirs.
func Become(tb testing.TB, d *db.DB, key string, setup Setup) {
	tb.Helper()
	c := Clone(tb, d.Engine, key, setup)
	_ = d.TakeOver(c) // c's cleanup closes the same pools; db.DB.Close is idempotent (database/sql)
}

type tmplKey struct {
	engine db.Engine
	key    string
}

// tmpl is one template: a database name on PostgreSQL, a file on SQLite.
type tmpl struct {
	once sync.Once
	err  error
	name string // PostgreSQL database
	path string // SQLite file
}

var (
	mu        sync.Mutex // guards templates, sqliteDir, pgNames, pgLock and serialises CREATE DATABASE … TEMPLATE
	templates = map[tmplKey]*tmpl{}
	sqliteDir string
	pgNames   []string
	pgLock    *sql.Conn // holds an advisory lock per template while this binary runs
	pgAdmin   *sql.DB
	// usingMain: Main waits for drops, so a test's database is dropped in the
	// background and the test ends without waiting (DROP DATABASE waits for a
	// checkpoint, seconds on a busy server).
	usingMain bool
	drops     sync.WaitGroup
)

func template(engine db.Engine, key string, setup Setup) (*tmpl, error) {
	mu.Lock()
	tp := templates[tmplKey{engine, key}]
	if tp == nil {
		tp = &tmpl{}
		templates[tmplKey{engine, key}] = tp
	}
	mu.Unlock()
	tp.once.Do(func() {
		if engine == db.Postgres {
			tp.err = makePostgresTemplate(tp, key, setup)
		} else {
			tp.err = makeSQLiteTemplate(tp, key, setup)
		}
		if tp.err != nil {
			tp.err = fmt.Errorf("test database template %s %q: %w", engine, key, tp.err)
		}
	})
	return tp, tp.err
}

// Dir is a directory for the test binary's templates (SQLite files, and files
// a Setup writes beside its database); Main removes it.
func Dir() (string, error) {
	mu.Lock()
	defer mu.Unlock()
	if sqliteDir == "" {
		dir, err := os.MkdirTemp("", "hearth-dbtest-")
		if err != nil {
			return "", err
		}
		sqliteDir = dir
	}
	return sqliteDir, nil
}

func makeSQLiteTemplate(tp *tmpl, key string, setup Setup) error {
	ctx := context.Background()
	dir, err := Dir()
	if err != nil {
		return err
	}
	tp.path = filepath.Join(dir, "tmpl-"+randomHex(4)+".db")
	var d *db.DB
	if key != "" { // start from the migrated template rather than migrating again
		base, err := template(db.SQLite, "", nil)
		if err != nil {
			return err
		}
		d, err = cloneSQLite(base, tp.path)
		if err != nil {
			return err
		}
		if err := setup(ctx, d); err != nil {
			d.Close()
			return err
		}
	} else {
		if d, err = db.Open(ctx, tp.path); err != nil {
			return err
		}
		if err := d.Migrate(ctx); err != nil {
			d.Close()
			return err
		}
	}
	// Everything into the main file, so copying that one file copies the database.
	if _, err := d.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		d.Close()
		return err
	}
	return d.Close()
}

func cloneSQLite(tp *tmpl, path string) (*db.DB, error) {
	if err := copyFile(tp.path, path); err != nil {
		return nil, fmt.Errorf("copy sqlite template: %w", err)
	}
	d, err := db.Open(context.Background(), path)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	return d, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func postgresURL() string {
	if u := os.Getenv("TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

// admin is the connection pool to the server's maintenance database, opened
// once; the caller holds mu.
func admin(ctx context.Context) (*sql.DB, error) {
	if pgAdmin != nil {
		return pgAdmin, nil
	}
	base := postgresURL()
	a, err := sql.Open("pgx", base)
	if err != nil {
		return nil, err
	}
	if err := a.PingContext(ctx); err != nil {
		a.Close()
		return nil, fmt.Errorf("PostgreSQL does not answer at %s (set TEST_POSTGRES_URL, or run make test, which starts one): %w", base, err)
	}
	c, err := a.Conn(ctx)
	if err != nil {
		a.Close()
		return nil, err
	}
	pgAdmin, pgLock = a, c
	sweepOrphans(ctx)
	return a, nil
}

// sweepOrphans drops the templates of test binaries that are no longer
// running: each binary holds an advisory lock named after its templates for
// as long as it runs, so a template whose lock is free was left behind.
func sweepOrphans(ctx context.Context) {
	names, err := templateNames(ctx)
	if err != nil {
		return // the templates stay for a later binary to sweep
	}
	for _, n := range names {
		var free bool
		if pgLock.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, n).Scan(&free) != nil || !free {
			continue
		}
		_, _ = pgAdmin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+n+` WITH (FORCE)`)
		_, _ = pgLock.ExecContext(ctx, `SELECT pg_advisory_unlock(hashtext($1))`, n)
	}
}

// templateNames lists the template databases of every test binary.
func templateNames(ctx context.Context) ([]string, error) {
	rows, err := pgAdmin.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE '`+templatePrefix+`%'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	return names, rows.Err()
}

func makePostgresTemplate(tp *tmpl, key string, setup Setup) error {
	ctx := context.Background()
	var from *tmpl
	if key != "" {
		base, err := template(db.Postgres, "", nil)
		if err != nil {
			return err
		}
		from = base
	}
	mu.Lock()
	a, err := admin(ctx)
	if err != nil {
		mu.Unlock()
		return err
	}
	tp.name = templatePrefix + randomHex(6)
	if _, err := pgLock.ExecContext(ctx, `SELECT pg_advisory_lock(hashtext($1))`, tp.name); err != nil {
		mu.Unlock()
		return err
	}
	create := "CREATE DATABASE " + tp.name
	if from != nil {
		create += " TEMPLATE " + from.name
	}
	_, err = a.ExecContext(ctx, create)
	if err == nil {
		pgNames = append(pgNames, tp.name)
	}
	mu.Unlock()
	if err != nil {
		return err
	}
	d, err := db.Open(ctx, withDatabase(postgresURL(), tp.name))
	if err != nil {
		return err
	}
	if from != nil {
		err = setup(ctx, d)
	} else {
		err = d.Migrate(ctx)
	}
	// CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

func clonePostgres(tp *tmpl) (*db.DB, func(), error) {
	ctx := context.Background()
	name := "hearth_test_" + randomHex(6)
	mu.Lock()
	_, err := pgAdmin.ExecContext(ctx, "CREATE DATABASE "+name+" TEMPLATE "+tp.name)
	a, background := pgAdmin, usingMain
	mu.Unlock()
	if err != nil {
		return nil, nil, fmt.Errorf("create test database: %w", err)
	}
	drop := func() {
		if background {
			drops.Add(1)
			go func() {
				defer drops.Done()
				_, _ = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			}()
			return
		}
		_, _ = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	}
	d, err := db.Open(ctx, withDatabase(postgresURL(), name))
	if err != nil {
		drop()
		return nil, nil, fmt.Errorf("open test database: %w", err)
	}
	return d, drop, nil
}

func dropTemplates() {
	mu.Lock()
	defer mu.Unlock()
	ctx := context.Background()
	for _, n := range pgNames {
		_, _ = pgAdmin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+n+" WITH (FORCE)")
	}
	pgNames = nil
	if pgLock != nil {
		pgLock.Close()
		pgAdmin.Close()
		pgLock, pgAdmin = nil, nil
	}
	if sqliteDir != "" {
		os.RemoveAll(sqliteDir)
		sqliteDir = ""
	}
	templates = map[tmplKey]*tmpl{}
}

func randomHex(n int) string {
	buf := make([]byte, n)
	_, _ = rand.Read(buf)
	return hex.EncodeToString(buf)
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
