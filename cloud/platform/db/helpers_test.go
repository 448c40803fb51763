package db_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
)

func TestMarks(t *testing.T) {
	for n, want := range map[int]string{0: "", 1: "?", 3: "?, ?, ?"} {
		if got := db.Marks(n); got != want {
			t.Errorf("Marks(%d) = %q, want %q", n, got, want)
		}
	}
}

// The store helpers behave the same on both engines: IN lists, rows affected,
// LIKE with the one escape character, unique violations by the driver's code.
func TestStoreHelpers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, `CREATE TABLE scratch (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE)`); err != nil {
			t.Fatal(err)
		}
		names := map[string]string{"a": "50% off", "b": "500 off", "c": "a_b", "d": "axb", "e": `back\slash`, "f": "bang!", "g": "bang", "h": "plain"}
		for id, name := range names {
			if _, err := d.ExecContext(ctx, `INSERT INTO scratch (id, name, email) VALUES (?, ?, ?)`, id, name, id+"@example.com"); err != nil {
				t.Fatal(err)
			}
		}
		ids := func(query string, args ...any) []string {
			t.Helper()
			rows, err := d.QueryContext(ctx, query, args...)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out []string
			for rows.Next() {
				var id string
				if err := rows.Scan(&id); err != nil {
					t.Fatal(err)
				}
				out = append(out, id)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			slices.Sort(out)
			return out
		}

		t.Run("In", func(t *testing.T) {
			in, args := db.In([]string{"a", "c", "zz"})
			if got := ids(`SELECT id FROM scratch WHERE id IN (`+in+`)`, args...); !slices.Equal(got, []string{"a", "c"}) {
				t.Errorf("IN (a, c, zz) = %v", got)
			}
		})

		t.Run("Contains matches only literally", func(t *testing.T) {
			for s, want := range map[string][]string{
				"0%":    {"a"},           // not "500 off"
				"a_b":   {"c"},           // not "axb"
				`k\s`:   {"e"},           // a backslash is an ordinary character
				"bang!": {"f"},           // the escape character itself
				"!":     {"f"},           //
				"an":    {"f", "g"},      // plain text still matches inside
				"":      slicesOf(names), // empty matches everything
			} {
				got := ids(`SELECT id FROM scratch WHERE `+db.Like("name"), db.Contains(s))
				if !slices.Equal(got, want) {
					t.Errorf("contains %q = %v, want %v", s, got, want)
				}
			}
		})

		t.Run("Affected", func(t *testing.T) {
			ok, err := db.Affected(d.ExecContext(ctx, `UPDATE scratch SET name = ? WHERE id = ?`, "x", "h"))
			if err != nil || !ok {
				t.Errorf("update of an existing row: %v, %v; want true", ok, err)
			}
			ok, err = db.Affected(d.ExecContext(ctx, `UPDATE scratch SET name = ? WHERE id = ?`, "x", "nobody"))
			if err != nil || ok {
				t.Errorf("update of no row: %v, %v; want false", ok, err)
			}
			ok, err = db.Affected(d.ExecContext(ctx, `UPDATE nowhere SET name = ?`, "x"))
			if err == nil || ok {
				t.Errorf("a failing statement: %v, %v; want its error", ok, err)
			}
		})

		t.Run("unique violations by code, wrapped or not", func(t *testing.T) {
			_, pk := d.ExecContext(ctx, `INSERT INTO scratch (id, name, email) VALUES (?, ?, ?)`, "a", "again", "new@example.com")
			_, uniq := d.ExecContext(ctx, `INSERT INTO scratch (id, name, email) VALUES (?, ?, ?)`, "z", "again", "a@example.com")
			for _, err := range []error{pk, uniq, fmt.Errorf("insert person: %w", uniq)} {
				if !db.IsUniqueViolation(err) {
					t.Errorf("IsUniqueViolation(%v) = false", err)
				}
			}
			_, notNull := d.ExecContext(ctx, `INSERT INTO scratch (id, email) VALUES (?, ?)`, "y", "y@example.com")
			_, syntax := d.ExecContext(ctx, `INSERT INTO nowhere VALUES (1)`)
			for _, err := range []error{nil, notNull, syntax, errors.New("UNIQUE constraint failed: SQLSTATE 23505")} {
				if db.IsUniqueViolation(err) {
					t.Errorf("IsUniqueViolation(%v) = true", err)
				}
			}
		})
	})
}

func slicesOf(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
