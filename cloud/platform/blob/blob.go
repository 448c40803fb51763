// Package blob keeps file bytes under keys the server makes. The local
// directory store is the default; an S3-compatible store (for many replicas)
// implements the same interface when the scale-out work needs it.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
)

// ErrNotFound answers a key that holds nothing.
var ErrNotFound = errors.New("blob: not found")

// Info describes a stored blob.
type Info struct {
	Size    int64
	ModTime time.Time
}

// Store is file storage. Keys are made by the server, never taken from a client:
// slash-separated segments of letters, digits, '.', '_' and '-' (see ValidKey).
type Store interface {
	// Put stores r under key, replacing what was there. Readers see either the
	// old bytes or all the new ones, never a part; the bytes are durable when Put returns.
	Put(ctx context.Context, key string, r io.Reader) (written int64, err error)
	// Open reads the blob at key (ErrNotFound if none). The caller closes it.
	Open(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// Stat describes the blob at key (ErrNotFound if none).
	Stat(ctx context.Context, key string) (Info, error)
	// Delete removes the blob at key; a missing blob is not an error, so deleting twice is safe.
	Delete(ctx context.Context, key string) error
	// List returns the keys under a folder prefix (which ends with "/").
	List(ctx context.Context, prefix string) ([]string, error)
}

// Open picks the store for a location: a directory path (or "file:<path>")
// for the local store. "s3://bucket/prefix" is the seam for the scale-out work
// (docs/architecture.md) and is refused until it is built.
func Open(location string) (Store, error) {
	switch {
	case strings.HasPrefix(location, "s3://"):
		return nil, errors.New("blob: S3-compatible storage is not built yet; use a directory")
	case location == "":
		return nil, errors.New("blob: no location")
	default:
		return NewLocal(strings.TrimPrefix(location, "file:"))
	}
}

var segment = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$`)

// ValidKey checks that key is a server-made key: no empty, "." or ".."
// segment, no leading or trailing slash, nothing but safe characters.
func ValidKey(key string) error {
	if key == "" || len(key) > 512 {
		return fmt.Errorf("blob: bad key %q", key)
	}
	for _, s := range strings.Split(key, "/") {
		if !segment.MatchString(s) || strings.Contains(s, "..") {
			return fmt.Errorf("blob: bad key %q", key)
		}
	}
	return nil
}

// Key joins segments into a key, failing on any unsafe segment.
func Key(segments ...string) (string, error) {
	k := strings.Join(segments, "/")
	return k, ValidKey(k)
}

// ctxReader stops a long copy when the request is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
