package db_test

import (
	"context"
	"errors"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
)

func TestRebind(t *testing.T) {
	t.Parallel()
	pg := &db.DB{Engine: db.Postgres}
	lite := &db.DB{Engine: db.SQLite}
	cases := map[string]string{
		`SELECT 1`:                               `SELECT 1`,
		`SELECT * FROM users WHERE id = ?`:       `SELECT * FROM users WHERE id = $1`,
		`UPDATE t SET a = ?, b = ? WHERE id = ?`: `UPDATE t SET a = $1, b = $2 WHERE id = $3`,
		`SELECT '?' FROM t WHERE a = ?`:          `SELECT '?' FROM t WHERE a = $1`,
		`SELECT 'it''s ?' , ? FROM t`:            `SELECT 'it''s ?' , $1 FROM t`,
		`INSERT INTO t VALUES (?,?,'a?b',?)`:     `INSERT INTO t VALUES ($1,$2,'a?b',$3)`,
		`SELECT ? ? ? ? ? ? ? ? ? ? ?`:           `SELECT $1 $2 $3 $4 $5 $6 $7 $8 $9 $10 $11`,
	}
	for in, want := range cases {
		if got := pg.Rebind(in); got != want {
			t.Errorf("postgres Rebind(%q) = %q, want %q", in, got, want)
		}
		if got := lite.Rebind(in); got != in {
			t.Errorf("sqlite Rebind(%q) = %q, want it unchanged", in, got)
		}
	}
}

var errStop = errors.New("stop")

func TestInTx(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, `CREATE TABLE scratch (id TEXT PRIMARY KEY, n INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		count := func() int {
			t.Helper()
			var n int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM scratch`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		t.Run("commit", func(t *testing.T) {
			err := d.InTx(ctx, func(tx *db.Tx) error {
				_, err := tx.ExecContext(ctx, `INSERT INTO scratch (id, n) VALUES (?, ?)`, "a", 1)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if n := count(); n != 1 {
				t.Fatalf("%d rows after commit, want 1", n)
			}
		})

		t.Run("an error rolls everything back", func(t *testing.T) {
			err := d.InTx(ctx, func(tx *db.Tx) error {
				if _, err := tx.ExecContext(ctx, `INSERT INTO scratch (id, n) VALUES (?, ?)`, "b", 2); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `UPDATE scratch SET n = ? WHERE id = ?`, 99, "a"); err != nil {
					return err
				}
				// The transaction sees its own writes.
				var n int
				if err := tx.QueryRowContext(ctx, `SELECT n FROM scratch WHERE id = ?`, "a").Scan(&n); err != nil || n != 99 {
					t.Errorf("inside the transaction n = %d, %v", n, err)
				}
				return errStop
			})
			if !errors.Is(err, errStop) {
				t.Fatalf("InTx = %v, want the function's error", err)
			}
			if n := count(); n != 1 {
				t.Errorf("%d rows after rollback, want 1", n)
			}
			var n int
			if err := d.QueryRowContext(ctx, `SELECT n FROM scratch WHERE id = ?`, "a").Scan(&n); err != nil || n != 1 {
				t.Errorf("n = %d after rollback, %v; want 1", n, err)
			}
		})

		t.Run("a failing statement rolls back the earlier ones", func(t *testing.T) {
			err := d.InTx(ctx, func(tx *db.Tx) error {
				if _, err := tx.ExecContext(ctx, `INSERT INTO scratch (id, n) VALUES (?, ?)`, "c", 3); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, `INSERT INTO scratch (id, n) VALUES (?, ?)`, "a", 4) // duplicate key
				return err
			})
			if !db.IsUniqueViolation(err) {
				t.Fatalf("InTx = %v, want a unique violation", err)
			}
			if n := count(); n != 1 {
				t.Errorf("%d rows, want 1", n)
			}
		})

		t.Run("a panic rolls back and is passed on", func(t *testing.T) {
			func() {
				defer func() {
					if recover() == nil {
						t.Error("the panic was swallowed")
					}
				}()
				_ = d.InTx(ctx, func(tx *db.Tx) error {
					if _, err := tx.ExecContext(ctx, `INSERT INTO scratch (id, n) VALUES (?, ?)`, "d", 5); err != nil {
						return err
					}
					panic("boom")
				})
			}()
			if n := count(); n != 1 {
				t.Errorf("%d rows after a panic, want 1", n)
			}
			// The writer is free again.
			if _, err := d.ExecContext(ctx, `INSERT INTO scratch (id, n) VALUES (?, ?)`, "e", 6); err != nil {
				t.Errorf("write after the panic: %v", err)
			}
		})

		t.Run("unique violations are recognised", func(t *testing.T) {
			_, err := d.ExecContext(ctx, `INSERT INTO scratch (id, n) VALUES (?, ?)`, "a", 7)
			if !db.IsUniqueViolation(err) {
				t.Errorf("IsUniqueViolation(%v) = false", err)
			}
			if db.IsUniqueViolation(nil) || db.IsUniqueViolation(errStop) {
				t.Error("IsUniqueViolation is true for a non-violation")
			}
		})

		t.Run("ping", func(t *testing.T) {
			if err := d.Ping(ctx); err != nil {
				t.Error(err)
			}
		})
	})
}

// Migrating twice is harmless: a restarted server applies nothing again.
func TestMigrateTwice(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if err := d.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM menus`).Scan(&n); err != nil || n == 0 {
			t.Fatalf("menus: %d, %v", n, err)
		}
	})
}
