package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
	"time"

	"hearth/cloud/platform/blob"
)

// OpenArchive opens the archive `hearth restore --from` names: an archive
// file, or a backup destination as HEARTH_BACKUP_TO names it (a directory or
// s3://bucket/prefix) with the archive's name under hearth-backups/, or
// without a name the newest archive there. It answers the archive and where
// it was read from. s3 are the HEARTH_S3_* settings for an s3:// location.
func OpenArchive(ctx context.Context, from, name string, s3 blob.S3Options) (io.ReadCloser, string, error) {
	if !strings.HasPrefix(from, "s3://") {
		if st, err := os.Stat(from); err == nil && st.Mode().IsRegular() {
			if name != "" {
				return nil, "", fmt.Errorf("%s is an archive file: --archive names an archive in a backup destination", from)
			}
			f, err := os.Open(from)
			if err != nil {
				return nil, "", fmt.Errorf("open the archive: %w", err)
			}
			return f, from, nil
		}
	}
	// An s3:// URL that ends with an archive's name names that archive.
	if strings.HasPrefix(from, "s3://") && name == "" && strings.HasSuffix(from, ".age") {
		dir, file := path.Split(from)
		from, name = strings.TrimSuffix(strings.TrimSuffix(dir, "/"), "/"+Folder), file
	}
	dest, err := blob.Open(from, s3) //nolint:contextcheck // opening reads only settings; every call after takes ctx
	if err != nil {
		return nil, "", fmt.Errorf("the backup destination %s: %w", from, err)
	}
	if name == "" {
		byTime, err := listArchives(ctx, dest)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", from, err)
		}
		var newest time.Time
		for t, k := range byTime {
			if name == "" || t.After(newest) {
				newest, name = t, strings.TrimPrefix(k, Folder+"/")
			}
		}
		if name == "" {
			return nil, "", fmt.Errorf("no archive at %s/%s (an archive written with --out is a file: give its path)", strings.TrimRight(from, "/"), Folder)
		}
	}
	if _, ok := archiveTimeOf(name); !ok {
		return nil, "", fmt.Errorf("%q is not the name of a Hearth backup (hearth-backup-<time>.age)", name)
	}
	r, _, err := dest.Open(ctx, Folder+"/"+name)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, "", fmt.Errorf("no archive %s at %s/%s", name, strings.TrimRight(from, "/"), Folder)
	}
	if err != nil {
		return nil, "", fmt.Errorf("open %s: %w", name, err)
	}
	return r, strings.TrimRight(from, "/") + "/" + Folder + "/" + name, nil
}
