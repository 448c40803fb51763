package blob_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hearth/cloud/platform/blob"
)

// What only the local store does: it opens by path, writes through
// temporary files it never leaves behind, and tidies emptied folders away.
// The behaviour every store shares is tested in store_test.go.
func TestLocalStore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := blob.Open(filepath.Join(dir, "files"), blob.S3Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*blob.Local); !ok {
		t.Fatalf("a path opened %T", s)
	}
	if _, err := s.Put(ctx, "t1/f1/original", strings.NewReader("hello")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, "t1/f1/original", strings.NewReader("hello again")); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "files", "t1", "f1"))
	if err != nil || len(entries) != 1 || entries[0].Name() != "original" {
		t.Fatalf("after replacing: %v %v", entries, err)
	}
	if err := s.Delete(ctx, "t1/f1/original"); err != nil {
		t.Fatal(err)
	}
	// Empty folders are tidied away; the root stays.
	if entries, err := os.ReadDir(filepath.Join(dir, "files")); err != nil || len(entries) != 0 {
		t.Errorf("left behind: %v %v", entries, err)
	}
	// "file:" names a directory too.
	s, err = blob.Open("file:"+filepath.Join(dir, "other"), blob.S3Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := s.(*blob.Local); !ok || l.Root() != filepath.Join(dir, "other") {
		t.Errorf("file: opened %T", s)
	}
	if s, err := blob.Open("", blob.S3Options{}); err == nil || s != nil {
		t.Errorf("no location: %v %v", s, err)
	}
}

func TestKeysAreServerMade(t *testing.T) {
	if _, err := blob.Key("platform", "0190-ab", "original"); err != nil {
		t.Error(err)
	}
	if _, err := blob.Key("platform", "..", "original"); err == nil {
		t.Error("Key accepted ..")
	}
}

// A cancelled request leaves no temporary file behind.
func TestPutCancelled(t *testing.T) {
	dir := t.TempDir()
	s, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Put(ctx, "t/f/original", strings.NewReader("data")); !errors.Is(err, context.Canceled) {
		t.Fatalf("put with a cancelled context: %v", err)
	}
	var files []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 0 {
		t.Errorf("left behind: %v", files)
	}
}

// The local store is ready while its directory is there.
func TestLocalReady(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "files")
	s, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(context.Background()); err != nil {
		t.Fatalf("a new store: %v", err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(context.Background()); err == nil {
		t.Error("a store whose directory is gone says it is ready")
	}
}
