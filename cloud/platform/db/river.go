package db

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// migrateRiver applies River's own schema (river_job, river_leader,
// river_queue, ... for platform/jobs) with River's migrator, which knows the
// River version linked in: it applies only what is missing, so it is a no-op
// on an up-to-date database and brings the tables along after a River upgrade.
// Part of Migrate, so every test template holds it as well.
func (d *DB) migrateRiver(ctx context.Context) error {
	quiet := &rivermigrate.Config{Logger: slog.New(slog.DiscardHandler)}
	var (
		m   *rivermigrate.Migrator[*sql.Tx]
		err error
	)
	if d.Engine == Postgres {
		m, err = rivermigrate.New(riverdatabasesql.New(d.write), quiet)
	} else {
		m, err = rivermigrate.New(riversqlite.New(d.write), quiet)
	}
	if err != nil {
		return fmt.Errorf("river migrations: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	return nil
}

// migrationLockKey names the PostgreSQL advisory lock Migrate holds, so
// replicas starting together apply the migrations one after another (neither
// goose's provider nor River's migrator takes a lock of its own).
const migrationLockKey = "hearth_migrate"

// migrationLock takes the migration lock on a connection of its own (outside
// the pool, which the migrations themselves use) and returns its release. On
// SQLite there is nothing to take: one process owns the file, and its one
// writer connection serialises the migrations.
func (d *DB) migrationLock(ctx context.Context) (func(), error) {
	if d.Engine != Postgres {
		return func() {}, nil
	}
	conn, err := pgx.Connect(ctx, d.url)
	if err != nil {
		return nil, fmt.Errorf("migration lock: %w", err)
	}
	// A session lock ends with its connection, so closing it releases the lock.
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtext($1))`, migrationLockKey); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return nil, fmt.Errorf("migration lock: %w", err)
	}
	return func() { conn.Close(context.WithoutCancel(ctx)) }, nil
}

// PgxPool opens a pgx-native pool of at most maxConns connections on this
// PostgreSQL database, for code that needs pgx's own API rather than
// database/sql (River's LISTEN connection in platform/jobs). The caller closes
// it. It connects lazily: no connection is made until one is used.
func (d *DB) PgxPool(ctx context.Context, maxConns int32) (*pgxpool.Pool, error) {
	if d.Engine != Postgres {
		return nil, fmt.Errorf("pgx pool: %s is not PostgreSQL", d.Engine)
	}
	cfg, err := pgxpool.ParseConfig(d.url)
	if err != nil {
		return nil, fmt.Errorf("pgx pool: %w", err)
	}
	cfg.MaxConns, cfg.MinConns = maxConns, 0
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgx pool: %w", err)
	}
	return pool, nil
}
