// Package backup makes and restores Hearth's backup archives: one file holding
// a consistent snapshot of the database (SQLite's VACUUM INTO, or pg_dump's
// custom format on PostgreSQL), the blob store's files and the secrets needed
// to use them, packed as tar, compressed with gzip and encrypted with age
// (filippo.io/age) to an X25519 recipient whose identity the owner keeps, off
// the server. A manifest, last in the archive, names the engine, the schema
// version (the latest migration applied), when it was made, how many files it
// holds and the size and SHA-256 of every part.
package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"filippo.io/age"

	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/db"
	"hearth/migrations"
)

// Format is the archive layout this package writes and reads.
const Format = 1

// Names of the parts inside an archive.
const (
	ManifestName    = "manifest.json"
	SQLitePart      = "database/hearth.db"
	PostgresPart    = "database/hearth.pgdump"
	FilesPrefix     = "files/"
	JWTSecretPart   = "secrets/jwt-secret"
	LoginAESKeyPart = "secrets/login-aes-key"
)

// Manifest describes an archive.
type Manifest struct {
	Format        int       `json:"format"`
	Engine        db.Engine `json:"engine"`
	SchemaVersion int64     `json:"schemaVersion"`
	HearthVersion string    `json:"hearthVersion"`
	Created       time.Time `json:"created"`
	Files         int       `json:"files"`
	Parts         []Part    `json:"parts"`
}

// Part is one entry of an archive.
type Part struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Size is the total size of the parts, before compression.
func (m *Manifest) Size() int64 {
	var n int64
	for _, p := range m.Parts {
		n += p.Size
	}
	return n
}

// Source is what a backup is taken of.
type Source struct {
	DB    *db.DB     // the server's database, open (its Source() is snapshotted with a connection of the backup's own)
	Files blob.Store // the server's file store
	// JWTSecret signs sessions; LoginAESKey decodes sign-in passwords (kept
	// only when it is not the published development default).
	JWTSecret   []byte
	LoginAESKey []byte
	Version     string // the Hearth version making the backup
	Now         func() time.Time
	// Scratch is where the database snapshot is made before it is packed (the
	// data directory: on the same disk as the database, not a small /tmp in
	// memory); empty: the system's temporary directory.
	Scratch string
}

// Keygen makes a new identity (keep it off the server) and its recipient
// (give it to `hearth backup`), in age-keygen's format.
func Keygen(now time.Time) (identityFile, recipient string, err error) {
	id, err := age.GenerateX25519Identity()
	if err != nil {
		return "", "", fmt.Errorf("backup: make a key: %w", err)
	}
	r := id.Recipient().String()
	return fmt.Sprintf("# created: %s\n# public key: %s\n%s\n", now.UTC().Format(time.RFC3339), r, id.String()), r, nil
}

// ParseRecipient reads an age X25519 recipient (age1…).
func ParseRecipient(s string) (age.Recipient, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("no recipient: give --recipient age1… or set HEARTH_BACKUP_RECIPIENT (make a key with `hearth backup keygen`)")
	}
	r, err := age.ParseX25519Recipient(s)
	if err != nil {
		return nil, fmt.Errorf("recipient %q is not an age public key (age1…; make one with `hearth backup keygen`): %w", s, err)
	}
	return r, nil
}

// LatestSchema is the latest migration this binary carries for engine.
func LatestSchema(engine db.Engine) (int64, error) {
	entries, err := fs.ReadDir(migrations.FS, string(engine))
	if err != nil {
		return 0, fmt.Errorf("backup: migrations of %s: %w", engine, err)
	}
	var latest int64
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		if n, err := strconv.ParseInt(num, 10, 64); ok && err == nil && n > latest {
			latest = n
		}
	}
	return latest, nil
}

// schemaVersion is the latest migration applied to a database (goose's table).
func schemaVersion(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
},
) (int64, error) {
	var v sql.NullInt64
	if err := q.QueryRowContext(ctx, "SELECT MAX(version_id) FROM goose_db_version WHERE is_applied").Scan(&v); err != nil {
		return 0, fmt.Errorf("backup: read the schema version: %w", err)
	}
	return v.Int64, nil
}

// SQLitePath is the file of a sqlite: source.
func SQLitePath(source string) string {
	return strings.TrimPrefix(strings.TrimPrefix(source, "sqlite:"), "//")
}

// Create writes an archive of src to w, encrypted to recipient. Every write
// the database acknowledged before Create began is in it.
func Create(ctx context.Context, src Source, recipient age.Recipient, w io.Writer) (*Manifest, error) {
	now := time.Now
	if src.Now != nil {
		now = src.Now
	}
	tmp, err := os.MkdirTemp(src.Scratch, ".hearth-backup-*")
	if err != nil {
		return nil, fmt.Errorf("backup: scratch directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	m := &Manifest{Format: Format, Engine: src.DB.Engine, HearthVersion: src.Version, Created: now().UTC()}
	var dbFile, dbPart string
	switch src.DB.Engine {
	case db.SQLite:
		dbFile, dbPart = filepath.Join(tmp, "hearth.db"), SQLitePart
		if m.SchemaVersion, err = snapshotSQLite(ctx, SQLitePath(src.DB.Source()), dbFile); err != nil {
			return nil, err
		}
	case db.Postgres:
		dbFile, dbPart = filepath.Join(tmp, "hearth.pgdump"), PostgresPart
		if m.SchemaVersion, err = schemaVersion(ctx, src.DB); err != nil {
			return nil, err
		}
		if err := dumpPostgres(ctx, src.DB.Source(), dbFile); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("backup: engine %q", src.DB.Engine)
	}

	enc, err := age.Encrypt(w, recipient)
	if err != nil {
		return nil, fmt.Errorf("backup: encrypt: %w", err)
	}
	gz := gzip.NewWriter(enc)
	tw := tar.NewWriter(gz)
	add := func(name string, size int64, r io.Reader) error {
		h := sha256.New()
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: size, ModTime: m.Created, Typeflag: tar.TypeReg}); err != nil {
			return fmt.Errorf("backup: write %s: %w", name, err)
		}
		n, err := io.Copy(tw, io.TeeReader(io.LimitReader(r, size), h))
		if err != nil {
			return fmt.Errorf("backup: write %s: %w", name, err)
		}
		if n != size {
			return fmt.Errorf("backup: %s changed while it was read (%d bytes of %d)", name, n, size)
		}
		m.Parts = append(m.Parts, Part{Name: name, Size: size, SHA256: hex.EncodeToString(h.Sum(nil))})
		return nil
	}
	if err := addFile(add, dbPart, dbFile); err != nil {
		return nil, err
	}
	if err := addFiles(ctx, src, add, m); err != nil {
		return nil, err
	}
	if len(src.JWTSecret) > 0 {
		if err := add(JWTSecretPart, int64(len(src.JWTSecret)), strings.NewReader(string(src.JWTSecret))); err != nil {
			return nil, err
		}
	}
	if len(src.LoginAESKey) > 0 {
		if err := add(LoginAESKeyPart, int64(len(src.LoginAESKey)), strings.NewReader(string(src.LoginAESKey))); err != nil {
			return nil, err
		}
	}
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("backup: manifest: %w", err)
	}
	if err := tw.WriteHeader(&tar.Header{Name: ManifestName, Mode: 0o600, Size: int64(len(body)), ModTime: m.Created, Typeflag: tar.TypeReg}); err != nil {
		return nil, fmt.Errorf("backup: manifest: %w", err)
	}
	if _, err := tw.Write(body); err != nil {
		return nil, fmt.Errorf("backup: manifest: %w", err)
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("backup: finish the archive: %w", err)
	}
	if err := gz.Close(); err != nil {
		return nil, fmt.Errorf("backup: finish the archive: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("backup: finish the archive: %w", err)
	}
	return m, nil
}

// WriteFile writes an archive of src into dir as hearth-backup-<time>.age
// (written under a temporary name, then renamed, so a half-written archive
// never has the final name) and returns its path.
func WriteFile(ctx context.Context, src Source, recipient age.Recipient, dir string) (string, *Manifest, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", nil, fmt.Errorf("backup: %w", err)
	}
	f, err := os.CreateTemp(dir, ".hearth-backup-*.partial")
	if err != nil {
		return "", nil, fmt.Errorf("backup: %w", err)
	}
	defer os.Remove(f.Name())
	m, err := Create(ctx, src, recipient, f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("backup: %w", cerr)
	}
	if err != nil {
		return "", nil, err
	}
	path := filepath.Join(dir, "hearth-backup-"+m.Created.Format("20060102T150405Z")+".age")
	if err := os.Rename(f.Name(), path); err != nil {
		return "", nil, fmt.Errorf("backup: %w", err)
	}
	return path, m, nil
}

func addFile(add func(string, int64, io.Reader) error, name, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return add(name, st.Size(), f)
}

// addFiles adds every blob of the store. A blob deleted between the snapshot
// and its copy is left out (the snapshot may still name it; so would the live
// database a moment later).
func addFiles(ctx context.Context, src Source, add func(string, int64, io.Reader) error, m *Manifest) error {
	tops, err := topFolders(ctx, src)
	if err != nil {
		return err
	}
	for _, top := range tops {
		keys, err := src.Files.List(ctx, top+"/")
		if err != nil {
			return fmt.Errorf("backup: list the files: %w", err)
		}
		sort.Strings(keys)
		for _, key := range keys {
			rc, info, err := src.Files.Open(ctx, key)
			if errors.Is(err, blob.ErrNotFound) {
				continue
			}
			if err != nil {
				return fmt.Errorf("backup: read file %s: %w", key, err)
			}
			err = add(FilesPrefix+key, info.Size, rc)
			rc.Close()
			if err != nil {
				return err
			}
			m.Files++
		}
	}
	return nil
}

// platformFolder holds the super admin's own files (file.PlatformTenant).
const platformFolder = "platform"

// topFolders are the first segments of the store's keys: the local store's
// directories, or (S3) the tenants the database knows and platformFolder,
// since every key the server makes starts with one of them.
func topFolders(ctx context.Context, src Source) ([]string, error) {
	var tops []string
	if l, ok := src.Files.(*blob.Local); ok {
		entries, err := os.ReadDir(l.Root())
		if err != nil {
			return nil, fmt.Errorf("backup: list the files: %w", err)
		}
		for _, e := range entries {
			if e.IsDir() && blob.ValidKey(e.Name()) == nil {
				tops = append(tops, e.Name())
			}
		}
		return tops, nil
	}
	tops = append(tops, platformFolder)
	rows, err := src.DB.QueryContext(ctx, "SELECT id FROM tenants UNION SELECT DISTINCT tenant_id FROM files")
	if err != nil {
		return nil, fmt.Errorf("backup: list the tenants: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("backup: list the tenants: %w", err)
		}
		if blob.ValidKey(id) == nil && id != platformFolder {
			tops = append(tops, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("backup: list the tenants: %w", err)
	}
	return tops, nil
}

// snapshotSQLite copies the database at path into out with VACUUM INTO, on a
// read connection of its own: one read transaction, so the copy holds every
// write committed before it began, and the server's writer is not blocked (WAL).
func snapshotSQLite(ctx context.Context, path, out string) (int64, error) {
	if _, err := os.Stat(path); err != nil {
		return 0, fmt.Errorf("backup: the database %s: %w", path, err)
	}
	conn, err := sql.Open("sqlite3", "file:"+path+"?_busy_timeout=10000&mode=ro")
	if err != nil {
		return 0, fmt.Errorf("backup: open %s: %w", path, err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		return 0, fmt.Errorf("backup: snapshot %s: %w", path, err)
	}
	snap, err := sql.Open("sqlite3", "file:"+out+"?mode=ro")
	if err != nil {
		return 0, fmt.Errorf("backup: open the snapshot: %w", err)
	}
	defer snap.Close()
	return schemaVersion(ctx, snap)
}

// dumpPostgres runs pg_dump in its custom format (one consistent snapshot).
func dumpPostgres(ctx context.Context, url, out string) error {
	bin, err := exec.LookPath("pg_dump")
	if err != nil {
		return errors.New("backup: pg_dump is not on PATH: install the PostgreSQL client tools of your server's major version " +
			"(e.g. apt install postgresql-client), or use your provider's point-in-time recovery (docs/operations.md)")
	}
	cmd := exec.CommandContext(ctx, bin, "--format=custom", "--no-owner", "--no-privileges", "--file="+out, "--dbname="+url) //nolint:gosec // the operator's own database URL, passed as one argument
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("backup: pg_dump failed: %w: %s", err, strings.TrimSpace(string(msg)))
	}
	return nil
}
