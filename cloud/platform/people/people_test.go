package people_test

import (
	"context"
	"errors"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// A note, a dose or a chat message shows who wrote it; a removed account's
// records still show, without a name.
func TestNames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		for _, u := range [][3]string{{"u1", "amina", "Amina Yusuf"}, {"u2", "li", "Li Wei"}} {
			if _, err := d.ExecContext(ctx, `INSERT INTO users (id, account, account_key, email, phone, phone_key, name, password_hash, next_password_update_at, status, language, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, 'x', 0, 'enabled', 'zh-CN', 0, 0)`, u[0], u[1], u[1], u[1]+"@example.com", u[0], u[0], u[2]); err != nil {
				t.Fatal(err)
			}
		}
		names, err := people.Names(ctx, d, "u1", "u2", "u1", "", "gone")
		if err != nil {
			t.Fatal(err)
		}
		if len(names) != 2 || names["u1"] != "Amina Yusuf" || names["u2"] != "Li Wei" {
			t.Fatalf("names = %v", names)
		}
		if n, err := people.Name(ctx, d, "u2"); err != nil || n != "Li Wei" {
			t.Fatalf("name = %q, %v", n, err)
		}
		if n, err := people.Name(ctx, d, "gone"); err != nil || n != "" {
			t.Fatalf("a removed account's name = %q, %v; want \"\", nil", n, err)
		}
		rows := []struct{ by, name string }{{by: "u2"}, {by: "gone"}, {by: "u1"}}
		if err := people.Fill(ctx, d, rows, func(r *struct{ by, name string }) string { return r.by },
			func(r *struct{ by, name string }, n string) { r.name = n }); err != nil {
			t.Fatal(err)
		}
		if rows[0].name != "Li Wei" || rows[1].name != "" || rows[2].name != "Amina Yusuf" {
			t.Fatalf("filled = %+v", rows)
		}
		p, err := people.Get(ctx, d, "u1")
		if err != nil || p.Name != "Amina Yusuf" || p.Language != shared.Language("zh-CN") {
			t.Fatalf("get = %+v, %v", p, err)
		}
		if _, err := people.Get(ctx, d, "gone"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("get of an unknown id = %v, want db.ErrNotFound", err)
		}
	})
}
