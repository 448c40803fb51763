package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
)

// The owner's drill from docs/operations.md: make a key, back up, restore into
// a new directory; a second restore into the same directory is refused.
func TestBackupAndRestoreCommands(t *testing.T) {
	ctx := context.Background()
	data := filepath.Join(t.TempDir(), "data")
	t.Setenv("HEARTH_DATA_DIR", data)
	t.Setenv("HEARTH_DATABASE_URL", "")
	t.Setenv("HEARTH_FILES_DIR", "")
	t.Setenv("HEARTH_JWT_SECRET", "")
	t.Setenv("HEARTH_BACKUP_RECIPIENT", "")
	d, err := db.Open(ctx, "sqlite:"+filepath.Join(data, "hearth.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	d.Close()

	var key bytes.Buffer
	if err := runBackup(ctx, []string{"keygen"}, &key); err != nil {
		t.Fatal(err)
	}
	recipient := regexp.MustCompile(`# public key: (age1\S+)`).FindStringSubmatch(key.String())
	if recipient == nil || !strings.Contains(key.String(), "AGE-SECRET-KEY-1") {
		t.Fatalf("keygen printed %q", key.String())
	}
	keyFile := filepath.Join(t.TempDir(), "hearth-backup-key.txt")
	if err := os.WriteFile(keyFile, key.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(t.TempDir(), "backups")
	if err := runBackup(ctx, []string{"--out", out}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "HEARTH_BACKUP_RECIPIENT") {
		t.Fatalf("a backup without a recipient: %v", err)
	}
	t.Setenv("HEARTH_BACKUP_RECIPIENT", recipient[1])
	var said bytes.Buffer
	if err := runBackup(ctx, []string{"--out", out}, &said); err != nil {
		t.Fatal(err)
	}
	archives, _ := filepath.Glob(filepath.Join(out, "hearth-backup-*.age"))
	if len(archives) != 1 || !strings.Contains(said.String(), "backup written") {
		t.Fatalf("archives %v, said %q", archives, said.String())
	}

	into := filepath.Join(t.TempDir(), "restored")
	said.Reset()
	if err := runRestore(ctx, []string{"--from", archives[0], "--identity", keyFile, "--into", into}, &said); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(said.String(), "residents") || !strings.Contains(said.String(), "jwt-secret") {
		t.Fatalf("restore said %q", said.String())
	}
	err = runRestore(ctx, []string{"--from", archives[0], "--identity", keyFile, "--into", into}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "restore refused, nothing written") || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("a restore over a used directory: %v", err)
	}
}
