package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"hearth/cloud/platform/backup"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/shared"
)

// runBackup is `hearth backup keygen` and `hearth backup [--out DIR]`. It never
// migrates: the running server owns its schema.
func runBackup(ctx context.Context, args []string, out io.Writer) error {
	if len(args) > 0 && args[0] == "keygen" {
		identity, recipient, err := backup.Keygen(time.Now())
		if err != nil {
			return err
		}
		fmt.Fprint(out, identity)
		fmt.Fprintf(os.Stderr, "Public key (give it to hearth backup --recipient or HEARTH_BACKUP_RECIPIENT): %s\n"+
			"Keep the identity above off the server: without it no archive can be restored.\n", recipient)
		return nil
	}
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dir := fs.String("out", "", "the directory the archive is written to (default: HEARTH_BACKUP_TO, where the scheduled backups go, with their retention)")
	to := fs.String("recipient", os.Getenv("HEARTH_BACKUP_RECIPIENT"), "the age public key (age1...) the archive is encrypted to")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	recipient, err := backup.ParseRecipient(*to)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if *dir == "" && cfg.Backup.To == "" {
		return errors.New("backup: say where: --out DIR, or set HEARTH_BACKUP_TO (a directory or s3://bucket/prefix)")
	}
	d, err := db.OpenWith(ctx, cfg.DatabaseURL, db.Options{MaxConns: 2})
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer d.Close()
	files, err := blob.Open(cfg.Files.Dir, cfg.Files.S3) //nolint:contextcheck // opening reads only settings; every call after takes ctx
	if err != nil {
		return fmt.Errorf("backup: the file store: %w", err)
	}
	var loginKey []byte
	if !bytes.Equal(cfg.LoginAESKey, []byte(config.DevLoginAESKey)) {
		loginKey = cfg.LoginAESKey
	}
	if *dir == "" {
		// The configured destination: recorded, pruned and shown like a scheduled run.
		svc := backup.New(backup.Deps{DB: d, Files: files, JWTSecret: cfg.JWTSecret, LoginAESKey: loginKey, Version: config.Version,
			Params: param.New(d, param.NewVersions(d), slog.Default(), nil), Scratch: scratch(cfg.DataDir),
			Settings: backup.Settings{Recipient: *to, To: cfg.Backup.To, S3: cfg.Files.S3}})
		run, err := svc.RunNow(ctx, shared.BackupByCommand)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "backup written: %s/%s/%s\n  %d bytes encrypted, %s, schema %d, %d files; %d older archives deleted by the retention ladder\n",
			strings.TrimRight(cfg.Backup.To, "/"), backup.Folder, run.Archive, run.SizeBytes, d.Engine, run.SchemaVersion, run.Files, run.Pruned)
		return nil
	}
	src := backup.Source{DB: d, Files: files, JWTSecret: cfg.JWTSecret, LoginAESKey: loginKey, Version: config.Version, Scratch: scratch(cfg.DataDir)}
	started := time.Now()
	path, m, err := backup.WriteFile(ctx, src, recipient, *dir)
	if err != nil {
		backup.Record(ctx, d, started, "", 0, nil, err)
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	backup.Record(ctx, d, started, path, st.Size(), m, nil)
	fmt.Fprintf(out, "backup written: %s\n  %d bytes encrypted (%d before compression), %s, schema %d, %d files, %d parts, made %s\n",
		path, st.Size(), m.Size(), m.Engine, m.SchemaVersion, m.Files, len(m.Parts), m.Created.Format(time.RFC3339))
	return nil
}

// scratch is the data directory when it exists: the backup's scratch files go
// on the database's disk rather than into a /tmp that may live in memory.
func scratch(dataDir string) string {
	if st, err := os.Stat(dataDir); err == nil && st.IsDir() {
		return dataDir
	}
	return ""
}

// runRestore is `hearth restore --from FILE|DESTINATION [--archive NAME] --identity KEYFILE --into DIR`.
func runRestore(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fs.String("from", "", "the archive file (hearth-backup-....age), or a backup destination (a directory or s3://bucket/prefix, as HEARTH_BACKUP_TO) whose newest archive is restored")
	archive := fs.String("archive", "", "with a destination: the archive's name there (default: the newest)")
	idFile := fs.String("identity", "", "the identity file made by hearth backup keygen")
	into := fs.String("into", "", "a new (or empty) data directory")
	dbURL := fs.String("database-url", "", "PostgreSQL archives: an empty database, postgres://...")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if *from == "" || *idFile == "" || *into == "" {
		return errors.New("restore needs --from FILE, --identity KEYFILE and --into DIR")
	}
	ids, err := backup.ReadIdentities(*idFile)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	var s3 blob.S3Options
	if strings.HasPrefix(*from, "s3://") {
		cfg, err := config.Load() // the HEARTH_S3_* settings
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		s3 = cfg.Files.S3
	}
	f, where, err := backup.OpenArchive(ctx, *from, *archive, s3)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer f.Close()
	fmt.Fprintf(out, "reading %s\n", where)
	rep, err := backup.Restore(ctx, f, ids, backup.Target{Into: *into, DatabaseURL: *dbURL})
	if err != nil {
		return fmt.Errorf("restore refused, nothing written: %w", err)
	}
	m := rep.Manifest
	fmt.Fprintf(out, "restored %s backup made %s by Hearth %s into %s\n", m.Engine, m.Created.Format(time.RFC3339), m.HearthVersion, rep.Into)
	if rep.SchemaTo != rep.SchemaFrom {
		fmt.Fprintf(out, "  schema %d, migrated forward to %d\n", rep.SchemaFrom, rep.SchemaTo)
	} else {
		fmt.Fprintf(out, "  schema %d\n", rep.SchemaTo)
	}
	for _, t := range rep.Tables {
		fmt.Fprintf(out, "  %-20s %d rows\n", t.Table, t.Rows)
	}
	fmt.Fprintf(out, "  stored files         %d\n", rep.Files)
	for _, s := range rep.Secrets {
		fmt.Fprintf(out, "  secret               %s\n", s)
	}
	fmt.Fprintf(out, "Start it with HEARTH_DATA_DIR=%s", rep.Into)
	if *dbURL != "" {
		fmt.Fprintf(out, " HEARTH_DATABASE_URL=<that database> HEARTH_FILES_DIR=%s/files", rep.Into)
	}
	fmt.Fprintln(out, " hearth serve (docs/operations.md).")
	return nil
}
