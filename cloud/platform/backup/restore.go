package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"filippo.io/age"

	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/db"
)

// The reasons a restore is refused before anything is written.
var (
	ErrWrongKey   = errors.New("the identity cannot open this archive: it was encrypted for another key (use the identity whose public key was given to `hearth backup`)")
	ErrDamaged    = errors.New("the archive is damaged or truncated: it does not decrypt to the end (copy it again from where it is kept)")
	ErrNotArchive = errors.New("this is not a Hearth backup archive (no age header)")
	ErrIntegrity  = errors.New("the archive's contents do not match its manifest")
	ErrNewer      = errors.New("the archive was made by a newer Hearth than this one: restore it with that version or a later one")
	ErrTargetUsed = errors.New("the target is not empty: restore only into a new data directory or an empty database, never over a live one")
)

// Target is where a restore goes.
type Target struct {
	// Into is the new data directory: it must not exist or be empty. It gets
	// hearth.db (SQLite), files/ and the secrets.
	Into string
	// DatabaseURL is, for a PostgreSQL archive, an empty database (postgres://…).
	DatabaseURL string
}

// TableCount is the number of rows of one table after a restore.
type TableCount struct {
	Table string
	Rows  int64
}

// Report says what a restore put back.
type Report struct {
	Manifest   Manifest
	SchemaFrom int64 // the archive's schema version
	SchemaTo   int64 // after the migrations this binary ran forward
	Tables     []TableCount
	Files      int
	Into       string
	Secrets    []string // the secret files written into Into
}

// mainTables are counted in the report: the records a home would miss first.
var mainTables = []string{"organisations", "tenants", "users", "residents", "medications", "medication_passes",
	"progress_notes", "incident_reports", "shift_reports", "files", "audit_log"}

// ReadIdentities reads an identity file (age-keygen's or `hearth backup keygen`'s format).
func ReadIdentities(path string) ([]age.Identity, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("identity: %w", err)
	}
	defer f.Close()
	ids, err := age.ParseIdentities(f)
	if err != nil {
		return nil, fmt.Errorf("identity %s is not an age identity file (AGE-SECRET-KEY-1…): %w", path, err)
	}
	return ids, nil
}

// Restore checks the archive read from r (it decrypts with ids, every part
// matches the manifest, the schema is not newer than this binary's) and only
// then puts it into t, running migrations forward when the archive is older.
// A refused archive writes nothing into t.
func Restore(ctx context.Context, r io.Reader, ids []age.Identity, t Target) (*Report, error) {
	if t.Into == "" {
		return nil, errors.New("restore: say where: --into DIR")
	}
	into, err := filepath.Abs(t.Into)
	if err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	if err := checkEmptyDir(into); err != nil {
		return nil, err
	}
	if t.DatabaseURL != "" {
		if err := checkEmptyPostgres(ctx, t.DatabaseURL); err != nil {
			return nil, err
		}
	}
	parent := filepath.Dir(into)
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	staging, err := os.MkdirTemp(parent, ".hearth-restore-*")
	if err != nil {
		return nil, fmt.Errorf("restore: scratch directory: %w", err)
	}
	defer os.RemoveAll(staging)

	m, err := unpack(r, ids, staging)
	if err != nil {
		return nil, err
	}
	latest, err := LatestSchema(m.Engine)
	if err != nil {
		return nil, err
	}
	if m.SchemaVersion > latest {
		return nil, fmt.Errorf("%w (archive schema %d, this binary knows up to %d)", ErrNewer, m.SchemaVersion, latest)
	}
	var source string
	switch m.Engine {
	case db.SQLite:
		if t.DatabaseURL != "" {
			return nil, errors.New("restore: this archive is of an SQLite database: it restores into --into DIR alone, without --database-url")
		}
		if err := quickCheck(ctx, filepath.Join(staging, filepath.FromSlash(SQLitePart))); err != nil {
			return nil, err
		}
		source = "sqlite:" + filepath.Join(into, "hearth.db")
	case db.Postgres:
		if t.DatabaseURL == "" {
			return nil, errors.New("restore: this archive is of a PostgreSQL database: give --database-url of an empty database")
		}
		if _, err := exec.LookPath("pg_restore"); err != nil {
			return nil, errors.New("restore: pg_restore is not on PATH: install the PostgreSQL client tools (e.g. apt install postgresql-client)")
		}
		source = t.DatabaseURL
	default:
		return nil, fmt.Errorf("restore: the archive names engine %q", m.Engine)
	}

	// Checked: now write. PostgreSQL first (one transaction: all or nothing), then the data directory.
	if m.Engine == db.Postgres {
		if err := pgRestore(ctx, t.DatabaseURL, filepath.Join(staging, filepath.FromSlash(PostgresPart))); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(into, 0o700); err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	rep := &Report{Manifest: *m, SchemaFrom: m.SchemaVersion, Files: m.Files, Into: into}
	moves := []struct{ from, to string }{{FilesPrefix, "files"}, {JWTSecretPart, "jwt-secret"}, {LoginAESKeyPart, "login-aes-key"}}
	if m.Engine == db.SQLite {
		moves = append(moves, struct{ from, to string }{SQLitePart, "hearth.db"})
	}
	for _, mv := range moves {
		from := filepath.Join(staging, filepath.FromSlash(strings.TrimSuffix(mv.from, "/")))
		if _, err := os.Stat(from); errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err := os.Rename(from, filepath.Join(into, mv.to)); err != nil {
			return nil, fmt.Errorf("restore: %w", err)
		}
		if strings.HasPrefix(mv.from, "secrets/") {
			rep.Secrets = append(rep.Secrets, mv.to)
		}
	}
	d, err := db.Open(ctx, source)
	if err != nil {
		return nil, fmt.Errorf("restore: open the restored database: %w", err)
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return nil, fmt.Errorf("restore: run the migrations forward: %w", err)
	}
	if rep.SchemaTo, err = schemaVersion(ctx, d); err != nil {
		return nil, err
	}
	for _, table := range mainTables {
		var n int64
		if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
			return nil, fmt.Errorf("restore: count %s: %w", table, err)
		}
		rep.Tables = append(rep.Tables, TableCount{Table: table, Rows: n})
	}
	return rep, nil
}

// unpack decrypts the archive into dir, checking every part against the
// manifest; it reads the age stream to its end, so a truncated or altered
// archive is refused.
func unpack(r io.Reader, ids []age.Identity, dir string) (*Manifest, error) {
	dec, err := age.Decrypt(r, ids...)
	if err != nil {
		var noMatch *age.NoIdentityMatchError
		if errors.As(err, &noMatch) {
			return nil, ErrWrongKey
		}
		if strings.Contains(err.Error(), "header") || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%w (%v)", ErrNotArchive, err) //nolint:errorlint // age's error is shown, ours is matched
		}
		return nil, fmt.Errorf("%w (%v)", ErrDamaged, err) //nolint:errorlint // age's error is shown, ours is matched
	}
	damaged := func(err error) error { return fmt.Errorf("%w (%v)", ErrDamaged, err) } //nolint:errorlint // the cause is shown, ErrDamaged is matched
	gz, err := gzip.NewReader(dec)
	if err != nil {
		return nil, damaged(err)
	}
	tr := tar.NewReader(gz)
	got := map[string]Part{}
	var m *Manifest
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, damaged(err)
		}
		if h.Name == ManifestName {
			body, err := io.ReadAll(io.LimitReader(tr, 64<<20))
			if err != nil {
				return nil, damaged(err)
			}
			m = &Manifest{}
			if err := json.Unmarshal(body, m); err != nil {
				return nil, fmt.Errorf("%w: the manifest does not read: %v", ErrIntegrity, err) //nolint:errorlint // the cause is shown, ErrIntegrity is matched
			}
			continue
		}
		if err := validPart(h); err != nil {
			return nil, err
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("restore: %w", err)
		}
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return nil, fmt.Errorf("restore: %w", err)
		}
		hash := sha256.New()
		n, err := io.Copy(io.MultiWriter(f, hash), tr)
		if cerr := f.Close(); err == nil && cerr != nil {
			return nil, fmt.Errorf("restore: %w", cerr)
		}
		if err != nil {
			return nil, damaged(err)
		}
		got[h.Name] = Part{Name: h.Name, Size: n, SHA256: hex.EncodeToString(hash.Sum(nil))}
	}
	// The gzip trailer (its CRC) and age's last chunk are checked only at their end.
	if _, err := io.Copy(io.Discard, gz); err != nil {
		return nil, damaged(err)
	}
	if _, err := io.Copy(io.Discard, dec); err != nil {
		return nil, damaged(err)
	}
	if m == nil {
		return nil, fmt.Errorf("%w: it has no manifest", ErrIntegrity)
	}
	if m.Format != Format {
		return nil, fmt.Errorf("%w: archive format %d, this binary reads %d", ErrIntegrity, m.Format, Format)
	}
	files := 0
	for _, p := range m.Parts {
		g, ok := got[p.Name]
		if !ok {
			return nil, fmt.Errorf("%w: %s is missing", ErrIntegrity, p.Name)
		}
		if g.Size != p.Size || g.SHA256 != p.SHA256 {
			return nil, fmt.Errorf("%w: %s has SHA-256 %s (%d bytes), the manifest says %s (%d bytes)", ErrIntegrity, p.Name, g.SHA256, g.Size, p.SHA256, p.Size)
		}
		if strings.HasPrefix(p.Name, FilesPrefix) {
			files++
		}
		delete(got, p.Name)
	}
	for name := range got {
		return nil, fmt.Errorf("%w: %s is not in the manifest", ErrIntegrity, name)
	}
	if files != m.Files {
		return nil, fmt.Errorf("%w: %d files, the manifest says %d", ErrIntegrity, files, m.Files)
	}
	return m, nil
}

// validPart accepts only the parts this package writes, at safe paths.
func validPart(h *tar.Header) error {
	if h.Typeflag != tar.TypeReg {
		return fmt.Errorf("%w: %s is not a plain file", ErrIntegrity, h.Name)
	}
	switch h.Name {
	case SQLitePart, PostgresPart, JWTSecretPart, LoginAESKeyPart:
		return nil
	}
	if key, ok := strings.CutPrefix(h.Name, FilesPrefix); ok && blob.ValidKey(key) == nil {
		return nil
	}
	return fmt.Errorf("%w: unexpected part %q", ErrIntegrity, h.Name)
}

func checkEmptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("%w: %s holds %d entries", ErrTargetUsed, dir, len(entries))
	}
	return nil
}

func checkEmptyPostgres(ctx context.Context, url string) error {
	if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
		return errors.New("restore: --database-url must be postgres://… (an SQLite archive restores into --into alone)")
	}
	d, err := db.Open(ctx, url)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer d.Close()
	var n int
	err = d.QueryRowContext(ctx, `SELECT COUNT(*) FROM information_schema.tables
		WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`).Scan(&n)
	if err != nil {
		return fmt.Errorf("restore: look at the target database: %w", err)
	}
	if n > 0 {
		return fmt.Errorf("%w: the database has %d tables", ErrTargetUsed, n)
	}
	return nil
}

// quickCheck runs SQLite's quick_check on the unpacked database.
func quickCheck(ctx context.Context, path string) error {
	d, err := db.Open(ctx, "sqlite:"+path)
	if err != nil {
		return fmt.Errorf("restore: open the archived database: %w", err)
	}
	defer d.Close()
	var res string
	if err := d.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&res); err != nil {
		return fmt.Errorf("restore: check the archived database: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("%w: SQLite's quick_check says %s", ErrIntegrity, res)
	}
	return nil
}

func pgRestore(ctx context.Context, url, dump string) error {
	cmd := exec.CommandContext(ctx, "pg_restore", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--dbname="+url, dump) //nolint:gosec // the operator's own database URL and our scratch file
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("restore: pg_restore failed (the database is left as it was): %w: %s", err, strings.TrimSpace(string(msg)))
	}
	return nil
}
