// Package blob keeps file bytes under keys the server makes. The local
// directory store is the default; the S3-compatible store serves many
// replicas that share their files.
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
	// Ready reports whether the store can be used now: its directory or bucket is there and
	// answers (the server's /readyz).
	Ready(ctx context.Context) error
}

// Open picks the store for a location (HEARTH_FILES_DIR): "s3://bucket/prefix"
// for an S3-compatible store with the settings s3, or a directory path (or
// "file:<path>") for the local store, which ignores them.
func Open(location string, s3 S3Options) (Store, error) {
	switch {
	case strings.HasPrefix(location, "s3://"):
		// Loading the SDK's settings reads only the environment and files; nothing is called yet.
		st, err := NewS3(context.Background(), location, s3)
		if err != nil {
			return nil, err
		}
		return st, nil
	case location == "":
		return nil, errors.New("blob: no location")
	default:
		st, err := NewLocal(strings.TrimPrefix(location, "file:"))
		if err != nil {
			return nil, err
		}
		return st, nil
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
	return c.r.Read(p) //nolint:wrapcheck // an io.Reader answers io.EOF itself, unwrapped (callers compare it with ==)
}
