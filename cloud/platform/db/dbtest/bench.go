package dbtest

import (
	"testing"

	"hearth/cloud/platform/db"
)

// EachB runs a benchmark as two sub-benchmarks, "sqlite" and "postgres", each
// on a fresh, migrated, throwaway database. Set up the data inside fn and
// time it in sub-benchmarks of fn (b.Run): a benchmark that calls b.Run is
// itself run only once, so the setup is not repeated for every b.N.
func EachB(b *testing.B, fn func(b *testing.B, d *db.DB)) {
	b.Helper()
	b.Run("sqlite", func(b *testing.B) { fn(b, SQLite(b)) })
	b.Run("postgres", func(b *testing.B) { fn(b, Postgres(b)) })
}
