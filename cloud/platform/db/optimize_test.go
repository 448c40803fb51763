package db_test

import (
	"context"
	"fmt"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
)

// Optimize leaves SQLite with statistics for an indexed table that has rows,
// so its planner chooses indexes by what the rows hold; on PostgreSQL it is a
// no-op (autovacuum keeps statistics there).
func TestOptimize(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, `CREATE TABLE opt_probe (id INTEGER PRIMARY KEY, home TEXT NOT NULL, done INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `CREATE INDEX opt_probe_home ON opt_probe (home, done)`); err != nil {
			t.Fatal(err)
		}
		for i := range 200 {
			if _, err := d.ExecContext(ctx, `INSERT INTO opt_probe (id, home, done) VALUES (?, ?, ?)`, i+1, fmt.Sprintf("h%d", i%4), i%2); err != nil {
				t.Fatal(err)
			}
		}
		if err := d.Optimize(ctx); err != nil {
			t.Fatal(err)
		}
		if d.Engine != db.SQLite {
			return
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'opt_probe'`).Scan(&n); err != nil {
			t.Fatalf("no statistics table after Optimize: %v", err)
		}
		if n == 0 {
			t.Error("Optimize left no statistics for an indexed table of 200 rows")
		}
	})
}
