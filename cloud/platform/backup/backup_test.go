package backup_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"filippo.io/age"
	"github.com/pressly/goose/v3"

	"hearth/cloud/platform/backup"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/blob/s3test"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/migrations"
	"hearth/shared"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func keys(t *testing.T) (*age.X25519Identity, age.Recipient) {
	t.Helper()
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	return id, id.Recipient()
}

// emptyPostgres makes an empty database on the server d is on, dropped after the test.
func emptyPostgres(t *testing.T, d *db.DB) string {
	t.Helper()
	admin, err := sql.Open("pgx", d.Source())
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("hearth_restore_%d", time.Now().UnixNano())
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	u, err := url.Parse(d.Source())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// A backup taken while a writer keeps writing holds every write acknowledged
// before it began; the restored data directory starts a server where a
// facility admin signs in and reads the residents, and every stored file is back.
func TestBackupWhileWritingRestoresAServer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if _, err := exec.LookPath("pg_dump"); err != nil && d.Engine == db.Postgres {
			t.Skip("pg_dump is not on PATH: the PostgreSQL backup needs the client tools")
		}
		ctx := context.Background()
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		files, err := blob.Open(filepath.Join(e.Config.DataDir, "files"), blob.S3Options{})
		if err != nil {
			t.Fatal(err)
		}
		var want int
		if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM residents").Scan(&want); err != nil || want == 0 {
			t.Fatalf("the demo has %d residents (%v)", want, err)
		}

		// The writer logs audit entries one by one; acked is the last one the database acknowledged.
		var acked atomic.Int64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int64(1); ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := d.ExecContext(ctx, "INSERT INTO audit_log (id, action, entity, entity_id, created_at) VALUES (?, 'backup.test', 'seq', ?, ?)",
					fmt.Sprintf("backup-test-%08d", i), fmt.Sprint(i), i); err != nil {
					t.Errorf("write %d: %v", i, err)
					return
				}
				acked.Store(i)
			}
		}()
		for acked.Load() < 20 {
			time.Sleep(time.Millisecond)
		}
		before := acked.Load()
		id, recipient := keys(t)
		var archive bytes.Buffer
		m, err := backup.Create(ctx, backup.Source{DB: d, Files: files, JWTSecret: e.Config.JWTSecret, Version: config.Version}, recipient, &archive)
		close(stop)
		wg.Wait()
		if err != nil {
			t.Fatal(err)
		}
		latest, _ := backup.LatestSchema(d.Engine)
		if m.Engine != d.Engine || m.SchemaVersion != latest || m.Files == 0 || len(m.Parts) != m.Files+2 {
			t.Fatalf("manifest: engine %s schema %d (latest %d), %d files, %d parts", m.Engine, m.SchemaVersion, latest, m.Files, len(m.Parts))
		}

		into := filepath.Join(t.TempDir(), "restored")
		target := backup.Target{Into: into}
		if d.Engine == db.Postgres {
			target.DatabaseURL = emptyPostgres(t, d)
		}
		rep, err := backup.Restore(ctx, bytes.NewReader(archive.Bytes()), []age.Identity{id}, target)
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]int64{}
		for _, tc := range rep.Tables {
			counts[tc.Table] = tc.Rows
		}
		if counts["residents"] != int64(want) || counts["users"] == 0 || rep.Files != m.Files || rep.SchemaTo != latest {
			t.Fatalf("report: %+v", rep)
		}

		source := "sqlite:" + filepath.Join(into, "hearth.db")
		if target.DatabaseURL != "" {
			source = target.DatabaseURL
		}
		r, err := db.Open(ctx, source)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		var n, maxSeq int64
		if err := r.QueryRowContext(ctx, "SELECT COUNT(*), COALESCE(MAX(created_at), 0) FROM audit_log WHERE action = 'backup.test' AND created_at <= ?", before).Scan(&n, &maxSeq); err != nil {
			t.Fatal(err)
		}
		if n != before || maxSeq != before {
			t.Fatalf("the restore holds %d of the %d writes acknowledged before the backup began", n, before)
		}

		// Every file the restored database names is in the restored data directory.
		keys := storageKeys(t, r)
		if len(keys) == 0 {
			t.Fatal("the demo has no files")
		}
		for _, k := range keys {
			if _, err := os.Stat(filepath.Join(into, "files", filepath.FromSlash(k))); err != nil {
				t.Errorf("file %s: %v", k, err)
			}
		}
		secret, err := os.ReadFile(filepath.Join(into, "jwt-secret"))
		if err != nil || !bytes.Equal(secret, e.Config.JWTSecret) {
			t.Fatalf("jwt-secret restored as %q (%v)", secret, err)
		}

		// The restored data directory serves: sign in, read the residents.
		restored := servertest.Start(t, r, servertest.Options{NoDemo: true, Outbox: true, Config: func(c *config.Config) {
			c.DataDir, c.JWTSecret = into, secret
		}})
		c := restored.SignIn(t, "admin_maple")
		var page shared.Page[map[string]any]
		c.Post(t, "/api/care/resident/listResidentByPage", map[string]any{"current": 1, "size": 20, "data": map[string]any{}}).OK(t).Into(t, &page)
		if page.Total == 0 || len(page.Records) == 0 {
			t.Fatalf("the restored server lists %d residents", page.Total)
		}
		if resp := c.Get(t, "/api/system/user/getInfo"); resp.Status != http.StatusOK {
			t.Fatalf("getInfo on the restored server: %d", resp.Status)
		}
		servesEveryPage(t, restored, c, restored.SignIn(t, "owner_evergreen", "Maple House AFH"), restored.SignIn(t, "caregiver_maple1"), restored.SignIn(t, "superadmin"))
	})
}

func storageKeys(t *testing.T, d *db.DB) []string {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), "SELECT storage_key FROM files WHERE deleted_at IS NULL")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return keys
}

// A truncated archive, a tampered byte, a wrong key, a newer schema and a used
// target are each refused with a clear message, and nothing is written.
func TestRestoreRefuses(t *testing.T) {
	ctx := context.Background()
	d, newer := dbtest.SQLite(t), dbtest.SQLite(t)
	files, err := blob.Open(filepath.Join(t.TempDir(), "files"), blob.S3Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := files.Put(ctx, "tenant1/file1/original", strings.NewReader("a care plan")); err != nil {
		t.Fatal(err)
	}
	id, recipient := keys(t)
	var archive bytes.Buffer
	src := backup.Source{DB: d, Files: files, JWTSecret: []byte(strings.Repeat("s", 32))}
	if _, err := backup.Create(ctx, src, recipient, &archive); err != nil {
		t.Fatal(err)
	}
	good := archive.Bytes()
	other, _ := keys(t)

	tampered := bytes.Clone(good)
	tampered[len(tampered)/2] ^= 0x01
	for _, c := range []struct {
		name    string
		archive []byte
		id      age.Identity
		want    error
		says    string
	}{
		{"truncated", good[:len(good)-40], id, backup.ErrDamaged, "truncated"},
		{"cut in half", good[:len(good)/2], id, backup.ErrDamaged, "truncated"},
		{"a tampered byte", tampered, id, backup.ErrDamaged, "damaged"},
		{"the wrong key", good, other, backup.ErrWrongKey, "another key"},
		{"not an archive", []byte("SQLite format 3\x00 and more"), id, backup.ErrNotArchive, "not a Hearth backup"},
	} {
		t.Run(c.name, func(t *testing.T) {
			into := filepath.Join(t.TempDir(), "restored")
			_, err := backup.Restore(ctx, bytes.NewReader(c.archive), []age.Identity{c.id}, backup.Target{Into: into})
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if _, err := os.Stat(into); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%s was written: %v", into, err)
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(into), ".hearth-restore-*")); len(left) > 0 {
				t.Fatalf("scratch left behind: %v", left)
			}
		})
	}

	t.Run("a used data directory", func(t *testing.T) {
		into := t.TempDir()
		if err := os.WriteFile(filepath.Join(into, "hearth.db"), []byte("live"), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := backup.Restore(ctx, bytes.NewReader(good), []age.Identity{id}, backup.Target{Into: into})
		if !errors.Is(err, backup.ErrTargetUsed) {
			t.Fatalf("got %v", err)
		}
		if b, _ := os.ReadFile(filepath.Join(into, "hearth.db")); string(b) != "live" {
			t.Fatal("the live database was touched")
		}
	})

	t.Run("a newer schema", func(t *testing.T) {
		if _, err := newer.ExecContext(ctx, "INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, 1)"); err != nil {
			t.Fatal(err)
		}
		var a bytes.Buffer
		if _, err := backup.Create(ctx, backup.Source{DB: newer, Files: files}, recipient, &a); err != nil {
			t.Fatal(err)
		}
		into := filepath.Join(t.TempDir(), "restored")
		_, err := backup.Restore(ctx, &a, []age.Identity{id}, backup.Target{Into: into})
		if !errors.Is(err, backup.ErrNewer) || !strings.Contains(err.Error(), "99999") {
			t.Fatalf("got %v", err)
		}
		if _, err := os.Stat(into); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s was written", into)
		}
	})

	t.Run("an older schema is migrated forward", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "old.db")
		old, err := db.Open(ctx, "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { old.Close() })
		sub, err := fs.Sub(migrations.FS, "sqlite")
		if err != nil {
			t.Fatal(err)
		}
		p, err := goose.NewProvider(goose.DialectSQLite3, old.Writer(), sub)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.UpTo(ctx, 40); err != nil {
			t.Fatal(err)
		}
		var a bytes.Buffer
		m, err := backup.Create(ctx, backup.Source{DB: old, Files: files}, recipient, &a)
		if err != nil || m.SchemaVersion != 40 {
			t.Fatalf("schema %v (%v)", m, err)
		}
		rep, err := backup.Restore(ctx, &a, []age.Identity{id}, backup.Target{Into: filepath.Join(t.TempDir(), "restored")})
		latest, _ := backup.LatestSchema(db.SQLite)
		if err != nil || rep.SchemaFrom != 40 || rep.SchemaTo != latest {
			t.Fatalf("report %+v (%v)", rep, err)
		}
	})

	t.Run("a good archive restores", func(t *testing.T) {
		into := filepath.Join(t.TempDir(), "restored")
		rep, err := backup.Restore(ctx, bytes.NewReader(good), []age.Identity{id}, backup.Target{Into: into})
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(into, "files", "tenant1", "file1", "original"))
		if err != nil || string(b) != "a care plan" || rep.Files != 1 {
			t.Fatalf("file restored as %q (%v), report %+v", b, err, rep)
		}
	})
}

func TestKeygenMakesAKeyPairRestoreReads(t *testing.T) {
	identity, recipient, err := backup.Keygen(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "key.txt")
	if err := os.WriteFile(path, []byte(identity), 0o600); err != nil {
		t.Fatal(err)
	}
	ids, err := backup.ReadIdentities(path)
	if err != nil || len(ids) != 1 {
		t.Fatalf("identities %v (%v)", ids, err)
	}
	if r, err := backup.ParseRecipient(recipient); err != nil || r == nil {
		t.Fatalf("recipient %q: %v", recipient, err)
	}
	if _, err := backup.ParseRecipient("AGE-SECRET-KEY-1"); err == nil {
		t.Fatal("a secret key was taken for a recipient")
	}
}

// On the S3-compatible store the archive holds every tenant's files and the
// super admin's, found through the tenants the database knows.
func TestBackupOfTheS3Store(t *testing.T) {
	ctx := context.Background()
	d := dbtest.SQLite(t)
	for _, q := range []string{"INSERT INTO organisations (id, name, created_at) VALUES ('org1', 'Evergreen', 0)",
		"INSERT INTO tenants (id, organisation_id, facility_name, time_zone, created_at, updated_at) VALUES ('tenant1', 'org1', 'Maple House AFH', 'America/Los_Angeles', 0, 0)"} {
		if _, err := d.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	s3 := s3test.Start(t, "hearth")
	store := s3.Open(t, "s3://hearth/prod")
	for _, k := range []string{"tenant1/file1/original", "platform/file2/original"} {
		if _, err := store.Put(ctx, k, strings.NewReader("bytes of "+k)); err != nil {
			t.Fatal(err)
		}
	}
	id, recipient := keys(t)
	var a bytes.Buffer
	m, err := backup.Create(ctx, backup.Source{DB: d, Files: store}, recipient, &a)
	if err != nil {
		t.Fatal(err)
	}
	if m.Files != 2 {
		t.Fatalf("%d files in the archive: %+v", m.Files, m.Parts)
	}
	into := filepath.Join(t.TempDir(), "restored")
	if _, err := backup.Restore(ctx, &a, []age.Identity{id}, backup.Target{Into: into}); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"tenant1/file1/original", "platform/file2/original"} {
		if b, err := os.ReadFile(filepath.Join(into, "files", filepath.FromSlash(k))); err != nil || string(b) != "bytes of "+k {
			t.Errorf("%s restored as %q (%v)", k, b, err)
		}
	}
}

// Without pg_dump a PostgreSQL backup is refused, naming what is missing.
func TestPostgresBackupWithoutPgDump(t *testing.T) {
	d := dbtest.Postgres(t)
	t.Setenv("PATH", t.TempDir())
	_, recipient := keys(t)
	_, err := backup.Create(context.Background(), backup.Source{DB: d, Files: nil}, recipient, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "pg_dump is not on PATH") || !strings.Contains(err.Error(), "postgresql-client") {
		t.Fatalf("got %v", err)
	}
}

// On PostgreSQL too, a truncated, tampered or wrong-key archive is refused
// with its reason, and the empty database given stays empty.
func TestRestoreRefusesOnPostgres(t *testing.T) {
	if _, err := exec.LookPath("pg_dump"); err != nil {
		t.Skip("pg_dump is not on PATH: the PostgreSQL backup needs the client tools")
	}
	ctx := context.Background()
	d := dbtest.Postgres(t)
	files, err := blob.Open(filepath.Join(t.TempDir(), "files"), blob.S3Options{})
	if err != nil {
		t.Fatal(err)
	}
	id, recipient := keys(t)
	var archive bytes.Buffer
	if _, err := backup.Create(ctx, backup.Source{DB: d, Files: files, JWTSecret: []byte(strings.Repeat("s", 32))}, recipient, &archive); err != nil {
		t.Fatal(err)
	}
	good := archive.Bytes()
	other, _ := keys(t)
	tampered := bytes.Clone(good)
	tampered[len(tampered)/3] ^= 0x80
	target := emptyPostgres(t, d)
	for _, c := range []struct {
		name    string
		archive []byte
		id      age.Identity
		want    error
	}{
		{"truncated", good[:len(good)-100], id, backup.ErrDamaged},
		{"a tampered byte", tampered, id, backup.ErrDamaged},
		{"the wrong key", good, other, backup.ErrWrongKey},
	} {
		t.Run(c.name, func(t *testing.T) {
			into := filepath.Join(t.TempDir(), "restored")
			_, err := backup.Restore(ctx, bytes.NewReader(c.archive), []age.Identity{c.id}, backup.Target{Into: into, DatabaseURL: target})
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			r, err := db.Open(ctx, target)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			var n int
			if err := r.QueryRowContext(ctx, `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`).Scan(&n); err != nil || n != 0 {
				t.Fatalf("the target database has %d tables after a refused restore (%v)", n, err)
			}
		})
	}
	// The good archive restores into it, and a second restore over it is refused.
	if _, err := backup.Restore(ctx, bytes.NewReader(good), []age.Identity{id}, backup.Target{Into: filepath.Join(t.TempDir(), "r1"), DatabaseURL: target}); err != nil {
		t.Fatal(err)
	}
	if _, err := backup.Restore(ctx, bytes.NewReader(good), []age.Identity{id}, backup.Target{Into: filepath.Join(t.TempDir(), "r2"), DatabaseURL: target}); !errors.Is(err, backup.ErrTargetUsed) {
		t.Fatalf("a restore over a used database: %v", err)
	}
}

// servesEveryPage calls, as each client, every GET of the server's API that
// needs no parameter (what the pages read first): none may fail on the server's
// side (5xx, 5000).
func servesEveryPage(t *testing.T, e *servertest.Env, clients ...*servertest.Client) {
	t.Helper()
	resp, err := http.Get(e.HTTP.URL + "/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Required bool `json:"required"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	calls := 0
	for path, ops := range doc.Paths {
		op, ok := ops["get"]
		if !ok || strings.Contains(path, "{") || strings.Contains(strings.ToLower(path), "logout") {
			continue
		}
		needs := false
		for _, p := range op.Parameters {
			needs = needs || p.Required
		}
		if needs {
			continue
		}
		if !strings.HasPrefix(path, "/api/") {
			path = "/api" + path
		}
		for _, c := range clients {
			r := c.Get(t, path)
			calls++
			if r.Status >= 500 || r.Code == shared.CodeInternal {
				t.Errorf("GET %s on the restored server: %d %s %s", path, r.Status, r.Code, r.Message)
			}
		}
	}
	if calls < 40 {
		t.Fatalf("only %d calls made: is the API document read right?", calls)
	}
	t.Logf("the restored server answered %d GET calls of %d roles without a server-side failure", calls, len(clients))
}
