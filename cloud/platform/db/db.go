// Package db opens Hearth's database (embedded SQLite or PostgreSQL), applies the
// embedded migrations and gives stores one small seam over the two engines.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	// github.com/mattn/go-sqlite3 (imported below for its error codes) registers "sqlite3"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"github.com/pressly/goose/v3"

	"hearth/migrations"
)

// Engine names the database engine behind a DB.
type Engine string

const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is the handle stores use. Reads go to a pool of readers; writes and
// transactions go to the writer (one connection on SQLite, as SQLite allows
// one writer at a time; the same pool on PostgreSQL). Queries are written with
// ? placeholders and rebound to $n for PostgreSQL.
type DB struct {
	Engine Engine
	read   *sql.DB
	write  *sql.DB
	url    string // PostgreSQL: for the LISTEN connection (Listen)
	source string // what OpenWith was given (Reopen)
	opts   Options

	// writes counts the writes this instance has finished (ExecContext, InTx,
	// committed or not): a cache of what the database holds compares it to
	// know that nothing was written here since it read (platform/keep).
	writes atomic.Uint64

	// traced, when set by Trace, hears the text of every statement before it runs.
	traced atomic.Pointer[func(query string)]
}

// Writes is how many writes this instance has finished through ExecContext
// and InTx. It moves on after a write is durable and before the write's caller
// goes on, so a read that starts after a write's answer sees a larger number
// than one that started before the write. Writes through Writer() (River's
// queue tables) are not counted.
func (d *DB) Writes() uint64 { return d.writes.Load() }

// Options tune Open. The zero value is the default.
type Options struct {
	// MaxConns is the PostgreSQL pool size; 0 means DefaultMaxConns().
	MaxConns int
}

// DefaultMaxConns is the PostgreSQL pool size when none is set: 4 connections
// per core the Go runtime uses, at least 4. More connections than that only
// make backends wait for a core: on the 2-core benchmark machine a pool of 30
// gave a higher p99 than one of 8 (docs/performance.md).
func DefaultMaxConns() int { return max(4, 4*runtime.GOMAXPROCS(0)) }

// sqliteStmtCache is how many prepared statements each SQLite connection keeps
// (go-sqlite3's DSN option _stmt_cache_size, v1.14.53). Without it every query
// is parsed and planned again by sqlite3_prepare_v2. The cache is LRU; Hearth's
// code has about 160 places that run SQL, so the hot path's statements stay in it.
const sqliteStmtCache = "128"

// Open opens the database named by url with the default Options.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	return OpenWith(ctx, rawURL, Options{})
}

// OpenWith opens the database named by url: "postgres://..." or "postgresql://..."
// for PostgreSQL, "sqlite:<path>" or a plain file path for SQLite.
func OpenWith(ctx context.Context, rawURL string, o Options) (*DB, error) {
	d, err := open(ctx, rawURL, o)
	if err != nil {
		return nil, err
	}
	d.source, d.opts = rawURL, o
	return d, nil
}

// Source is what the DB was opened with (a postgres:// URL or sqlite:<path>):
// `hearth backup` snapshots that database with its own connection.
func (d *DB) Source() string { return d.source }

// Reopen opens another DB on the same database, with pools, caches and
// counters of its own, as another server instance would (tests of replicas).
func (d *DB) Reopen(ctx context.Context) (*DB, error) { return OpenWith(ctx, d.source, d.opts) }

func open(ctx context.Context, rawURL string, o Options) (*DB, error) {
	if strings.HasPrefix(rawURL, "postgres://") || strings.HasPrefix(rawURL, "postgresql://") {
		pool, err := sql.Open("pgx", rawURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		n := o.MaxConns
		if n <= 0 {
			n = DefaultMaxConns()
		}
		pool.SetMaxOpenConns(n)
		pool.SetMaxIdleConns(n)
		if err := pool.PingContext(ctx); err != nil {
			pool.Close()
			return nil, fmt.Errorf("reach postgres: %w", err)
		}
		return &DB{Engine: Postgres, read: pool, write: pool, url: rawURL}, nil
	}
	path := strings.TrimPrefix(rawURL, "sqlite:")
	path = strings.TrimPrefix(path, "//")
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("create data dir: %w", err)
		}
	}
	// busy_timeout before WAL so the journal switch itself waits for locks;
	// _txlock=immediate takes the write lock at BEGIN, so a transaction never
	// fails half-way when it first writes. Source: mattn/go-sqlite3 README (DSN options).
	q := url.Values{}
	q.Set("_busy_timeout", "10000")
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_synchronous", "FULL") // an acknowledged write survives power loss
	q.Set("_stmt_cache_size", sqliteStmtCache)
	wq := url.Values{}
	for k, v := range q {
		wq[k] = v
	}
	wq.Set("_txlock", "immediate")
	write, err := sql.Open("sqlite3", "file:"+path+"?"+wq.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	write.SetMaxOpenConns(1)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	q.Set("mode", "ro")
	read, err := sql.Open("sqlite3", "file:"+path+"?"+q.Encode())
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite readers: %w", err)
	}
	read.SetMaxOpenConns(8)
	// Keep every reader open: database/sql keeps only 2 idle connections by
	// default, so under load the other 6 were closed after a query and reopened
	// for a later one (file open, PRAGMAs, schema parse, cold page cache):
	// about 2% of the server's CPU in the load benchmark (docs/performance.md).
	read.SetMaxIdleConns(8)
	return &DB{Engine: SQLite, read: read, write: write}, nil
}

// TakeOver makes d use c's database from now on (its pools and where it came
// from) and closes d's own pools: a test helper hands a test another database
// under the *DB it already holds (dbtest.Become). d's write count moves on, so
// nothing a cache kept from d's old database is used again.
func (d *DB) TakeOver(c *DB) error {
	old := DB{read: d.read, write: d.write}
	d.Engine, d.read, d.write, d.url, d.source, d.opts = c.Engine, c.read, c.write, c.url, c.source, c.opts
	d.writes.Add(1)
	return old.Close()
}

// Close closes both pools.
func (d *DB) Close() error {
	err := d.write.Close()
	if d.read != d.write {
		err = errors.Join(err, d.read.Close())
	}
	return err
}

// Writer is the pool writes and transactions use: one connection on SQLite,
// the pool on PostgreSQL. For code that needs database/sql itself (River's
// drivers, platform/jobs); stores use the DB and Tx methods.
func (d *DB) Writer() *sql.DB { return d.write }

// Ping checks that the database answers (used by /readyz).
func (d *DB) Ping(ctx context.Context) error {
	if err := d.read.PingContext(ctx); err != nil {
		return fmt.Errorf("db: ping: %w", err)
	}
	return nil
}

// Migrate applies the embedded migrations for this engine, then River's
// schema (river.go), under a lock on PostgreSQL so replicas take turns.
func (d *DB) Migrate(ctx context.Context) error {
	unlock, err := d.migrationLock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	dir := string(d.Engine)
	sub, err := fs.Sub(migrations.FS, dir)
	if err != nil {
		return fmt.Errorf("migrations for %s: %w", dir, err)
	}
	dialect := goose.DialectSQLite3
	if d.Engine == Postgres {
		dialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(dialect, d.write, sub)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return d.migrateRiver(ctx)
}

// Optimize lets SQLite refresh the statistics its query planner reads
// (sqlite_stat1): PRAGMA optimize runs ANALYZE, with a bounded analysis, on
// the tables whose rows changed enough since the last time (0x10002: every
// table, not only those this connection has used). Without statistics SQLite
// picks an index by its shape alone and reads all of a home's passes and task
// records for the sidebar's counts (docs/performance.md "How the cost grows").
// SQLite's advice is to run it when a long-lived connection opens and then
// every few hours (https://sqlite.org/lang_analyze.html, "Recommended usage
// pattern"): hearth serve does it at start and daily. PostgreSQL's autovacuum
// keeps its own statistics: there it does nothing.
func (d *DB) Optimize(ctx context.Context) error {
	if d.Engine != SQLite {
		return nil
	}
	if _, err := d.write.ExecContext(ctx, `PRAGMA optimize=0x10002`); err != nil {
		return fmt.Errorf("optimize: %w", err)
	}
	return nil
}

// Trace makes fn hear the text (with ? placeholders) of every statement this
// DB runs from now until stop is called: the index-plan tests
// (cloud/server/indexplan) collect what the care path's calls send. For
// tests; one tracer per DB at a time. It is the DB's own, so tests tracing
// other databases at the same time (each engine's subtest) do not hear or
// stop each other.
func (d *DB) Trace(fn func(query string)) (stop func()) {
	d.traced.Store(&fn)
	return func() { d.traced.Store(nil) }
}

// Rebind turns ? placeholders into $1, $2 ... for PostgreSQL. Question marks
// inside single-quoted literals are left alone.
func (d *DB) Rebind(query string) string {
	if f := d.traced.Load(); f != nil {
		(*f)(query)
	}
	if d.Engine != Postgres {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n, quoted := 0, false
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'':
			quoted = !quoted
		case c == '?' && !quoted:
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Querier is what a store method needs: the DB itself or a transaction.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// QueryContext runs a read on the reader pool.
func (d *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return d.read.QueryContext(ctx, d.Rebind(query), args...) //nolint:wrapcheck // a transparent Querier: the store calling it wraps with what it was doing (db.Wrap)
}

// QueryRowContext runs a one-row read on the reader pool.
func (d *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return d.read.QueryRowContext(ctx, d.Rebind(query), args...)
}

// ExecContext runs a write on the writer.
func (d *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	defer d.writes.Add(1)
	return d.write.ExecContext(ctx, d.Rebind(query), args...) //nolint:wrapcheck // a transparent Querier: the store calling it wraps with what it was doing (db.Wrap)
}

// Tx is a transaction on the writer; its methods rebind like DB's.
type Tx struct {
	tx          *sql.Tx
	db          *DB
	afterCommit []func()
}

// SQL is the database/sql transaction underneath, for code that must write in
// it without the ? rebinding (River inserting a job in the caller's transaction).
func (t *Tx) SQL() *sql.Tx { return t.tx }

// AfterCommit runs fn once the transaction has committed (never when it rolls
// back), e.g. to drop what a cache kept of the rows it changed.
func (t *Tx) AfterCommit(fn func()) { t.afterCommit = append(t.afterCommit, fn) }

// AfterCommit runs fn after the statements q has run are durable: at once when
// q is the DB itself (each statement commits on its own), after the commit
// when q is a Tx.
func AfterCommit(q Querier, fn func()) {
	if tx, ok := q.(*Tx); ok {
		tx.AfterCommit(fn)
		return
	}
	fn()
}

func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.db.Rebind(query), args...) //nolint:wrapcheck // a transparent Querier: the store calling it wraps with what it was doing (db.Wrap)
}

func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.db.Rebind(query), args...)
}

func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.db.Rebind(query), args...) //nolint:wrapcheck // a transparent Querier: the store calling it wraps with what it was doing (db.Wrap)
}

// InTx runs fn in one transaction on the writer: committed when fn returns nil,
// rolled back otherwise, so a failed request changes nothing.
func (d *DB) InTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	sqlTx, err := d.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer d.writes.Add(1) // also after a rollback: a count too many only costs a cache one read
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqlTx.Rollback()
		}
	}()
	tx := &Tx{tx: sqlTx, db: d}
	if err = fn(tx); err != nil {
		return err
	}
	if err = sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	d.writes.Add(1) // before the after-commit hooks tell anyone of the change
	for _, f := range tx.afterCommit {
		f()
	}
	return nil
}

// IsUniqueViolation reports whether err (or an error it wraps) is a
// unique-constraint failure on either engine, read from the driver's error
// code, not its text: SQLSTATE 23505 on PostgreSQL (source: PostgreSQL manual,
// Appendix A "Error Codes", unique_violation), SQLITE_CONSTRAINT_UNIQUE or
// SQLITE_CONSTRAINT_PRIMARYKEY on SQLite (source: sqlite.org/rescode.html).
func IsUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	var lite sqlite3.Error
	if errors.As(err, &lite) {
		return lite.ExtendedCode == sqlite3.ErrConstraintUnique || lite.ExtendedCode == sqlite3.ErrConstraintPrimaryKey
	}
	return false
}

// Wrap names the query that failed, so a log line says which one did:
// Wrap("resident: list", err) is "resident: list: <err>", and nil stays nil.
// The envelope still shows the caller only the safe message (platform/web
// maps errors with errors.Is and errors.As, which see through the wrapping).
func Wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Affected reports whether a conditional write changed at least one row; pass
// ExecContext's two results straight in: db.Affected(q.ExecContext(...)).
func Affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("rows affected: %w", err)
	}
	return n > 0, nil
}

// Marks is the placeholder list "?, ?, ?" for n values (for IN (...)).
func Marks(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?, ", n-1) + "?"
}

// NullString stores s, or NULL when s is empty (an optional id or text column).
func NullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// In is the placeholder list and the arguments for an IN (...) over values.
func In[T any](values []T) (string, []any) {
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	return Marks(len(values)), args
}

// likeEscape is the one LIKE escape character every store uses. '!' rather than
// a backslash, whose meaning inside a string literal differs between engines and
// settings (PostgreSQL's standard_conforming_strings).
const likeEscape = "!"

var likeEscaper = strings.NewReplacer(likeEscape, likeEscape+likeEscape, "%", likeEscape+"%", "_", likeEscape+"_")

// Like is the condition "column LIKE ? ESCAPE '!'"; bind it to Contains(s).
func Like(column string) string {
	return column + " LIKE ? ESCAPE '" + likeEscape + "'"
}

// Contains is the LIKE pattern matching any value that contains s literally:
// %, _ and the escape character in s match only themselves.
func Contains(s string) string {
	return "%" + likeEscaper.Replace(s) + "%"
}

// ErrNoRows is sql.ErrNoRows, re-exported so stores need not import database/sql for it.
var ErrNoRows = sql.ErrNoRows

// ErrNotFound is what a store answers when the row asked for does not exist
// (in the caller's facility). Callers test it with errors.Is; a store never
// answers a nil value with a nil error for "not found". Turn a scan's
// sql.ErrNoRows into it with NotFound.
var ErrNotFound = errors.New("not found")

// NotFound is Wrap(what, err), with sql.ErrNoRows turned into ErrNotFound:
//
//	err := q.QueryRowContext(ctx, ...).Scan(&r.ID, ...)
//	if err != nil {
//		return nil, db.NotFound("resident: get", err)
//	}
func NotFound(what string, err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return Wrap(what, err)
}
