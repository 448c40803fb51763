package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Local keeps blobs as files under one directory (HEARTH_FILES_DIR, default
// $HEARTH_DATA_DIR/files). It suits one server; replicas need shared storage.
type Local struct {
	root string
}

// NewLocal makes a local store rooted at dir, creating it (mode 0700).
func NewLocal(dir string) (*Local, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("blob: create %s: %w", abs, err)
	}
	return &Local{root: abs}, nil
}

// Root is the directory the store writes to.
func (l *Local) Root() string { return l.root }

// Ready checks that the store's directory is there.
func (l *Local) Ready(_ context.Context) error {
	st, err := os.Stat(l.root)
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("blob: %s is not a directory", l.root)
	}
	return nil
}

func (l *Local) path(key string) (string, error) {
	if err := ValidKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.root, filepath.FromSlash(key)), nil
}

// ErrFull answers a Put refused because the disk is (nearly) full. It wraps
// ENOSPC, so the web adapter answers it as the disk-full code.
var ErrFull = fmt.Errorf("blob: the disk is nearly full, files are refused so that care records can still be saved: %w", syscall.ENOSPC)

// Reserve is the room a Put leaves on the disk for the database: uploads are
// refused once the free space falls below the smaller of ReserveMax and
// ReserveShare of the disk, before the disk fills and care records cannot be
// written.
const (
	ReserveMax   = 256 << 20
	ReserveShare = 0.05
)

// roomFor refuses a Put when the free space is under the reserve.
func (l *Local) roomFor() error {
	free, size, ok := diskSpace(l.root)
	if !ok {
		return nil
	}
	if limit := min(uint64(ReserveMax), uint64(float64(size)*ReserveShare)); free < limit {
		return fmt.Errorf("%w (%d bytes free, %d kept for the database)", ErrFull, free, limit)
	}
	return nil
}

// Put writes to a temporary file beside the target, syncs it, renames it into
// place and syncs the directory, so a crash leaves the old blob or the new one.
// It is refused (ErrFull) when the disk is nearly full, and a write that fills
// it leaves nothing behind.
func (l *Local) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	p, err := l.path(key)
	if err != nil {
		return 0, err
	}
	if err := l.roomFor(); err != nil {
		return 0, err
	}
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return 0, fmt.Errorf("blob: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".put-*")
	if err != nil {
		return 0, fmt.Errorf("blob: %w", err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	n, err := io.Copy(tmp, ctxReader{ctx: ctx, r: r})
	if err != nil {
		return n, fmt.Errorf("blob: write %s: %w", key, err)
	}
	if err := tmp.Sync(); err != nil {
		return n, fmt.Errorf("blob: sync %s: %w", key, err)
	}
	if err := tmp.Close(); err != nil {
		return n, fmt.Errorf("blob: %w", err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return n, fmt.Errorf("blob: %w", err)
	}
	done = true
	return n, syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) {
		return fmt.Errorf("blob: sync dir: %w", err)
	}
	return nil
}

// Open opens the blob's file.
func (l *Local) Open(_ context.Context, key string) (io.ReadCloser, Info, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, fmt.Errorf("blob: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, fmt.Errorf("blob: %w", err)
	}
	return f, Info{Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Stat describes the blob's file.
func (l *Local) Stat(_ context.Context, key string) (Info, error) {
	p, err := l.path(key)
	if err != nil {
		return Info{}, err
	}
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return Info{}, ErrNotFound
	}
	if err != nil {
		return Info{}, fmt.Errorf("blob: %w", err)
	}
	return Info{Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Delete removes the blob's file, then its folder when that is left empty.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("blob: %w", err)
	}
	// Tidy empty folders up to the root; a folder still in use refuses, which is fine.
	for dir := filepath.Dir(p); dir != l.root && strings.HasPrefix(dir, l.root+string(filepath.Separator)); dir = filepath.Dir(dir) {
		if os.Remove(dir) != nil {
			break
		}
	}
	return nil
}

// List walks the folder of prefix.
func (l *Local) List(_ context.Context, prefix string) ([]string, error) {
	if !strings.HasSuffix(prefix, "/") {
		return nil, fmt.Errorf("blob: list prefix %q must end with /", prefix)
	}
	dir, err := l.path(strings.TrimSuffix(prefix, "/"))
	if err != nil {
		return nil, err
	}
	var keys []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return fs.SkipAll
		}
		if err != nil {
			return err
		}
		if d.IsDir() || strings.HasPrefix(d.Name(), ".put-") {
			return nil
		}
		rel, err := filepath.Rel(l.root, p)
		if err != nil {
			return fmt.Errorf("blob: key of %s: %w", p, err)
		}
		keys = append(keys, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("blob: list %s: %w", prefix, err)
	}
	return keys, nil
}
