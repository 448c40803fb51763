package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hearth/cloud/platform/blob"
)

func TestLocalStore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := blob.Open(filepath.Join(dir, "files"))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.Put(ctx, "t1/f1/original", strings.NewReader("hello")); err != nil || n != 5 {
		t.Fatalf("put: %d %v", n, err)
	}
	if _, err := s.Put(ctx, "t1/f1/w64h64.jpg", strings.NewReader("thumb")); err != nil {
		t.Fatal(err)
	}
	// Replacing is atomic and leaves no temporary file.
	if _, err := s.Put(ctx, "t1/f1/original", strings.NewReader("hello again")); err != nil {
		t.Fatal(err)
	}
	rc, info, err := s.Open(ctx, "t1/f1/original")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "hello again" || info.Size != 11 {
		t.Fatalf("open: %q %d", b, info.Size)
	}
	if st, err := s.Stat(ctx, "t1/f1/w64h64.jpg"); err != nil || st.Size != 5 {
		t.Fatalf("stat: %v %v", st, err)
	}
	keys, err := s.List(ctx, "t1/f1/")
	slices.Sort(keys)
	if err != nil || !slices.Equal(keys, []string{"t1/f1/original", "t1/f1/w64h64.jpg"}) {
		t.Fatalf("list: %v %v", keys, err)
	}
	if keys, err := s.List(ctx, "t2/none/"); err != nil || len(keys) != 0 {
		t.Fatalf("list of nothing: %v %v", keys, err)
	}
	for _, k := range keys {
		if err := s.Delete(ctx, k); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, k); err != nil { // twice is fine
			t.Fatal(err)
		}
	}
	if _, _, err := s.Open(ctx, "t1/f1/original"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("open after delete: %v", err)
	}
	if _, err := s.Stat(ctx, "t1/f1/original"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("stat after delete: %v", err)
	}
	// Empty folders are tidied away; the root stays.
	if entries, _ := os.ReadDir(filepath.Join(dir, "files")); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestKeysAreServerMade(t *testing.T) {
	ctx := context.Background()
	s, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"", "/etc/passwd", "../x", "a/../../x", "a//b", "a/./b", "a/b/", `a\b`, "a/b c", ".hidden", "a/..", strings.Repeat("a", 600)} {
		if _, err := s.Put(ctx, k, bytes.NewReader(nil)); err == nil {
			t.Errorf("Put(%q) accepted", k)
		}
		if _, _, err := s.Open(ctx, k); err == nil || errors.Is(err, blob.ErrNotFound) {
			t.Errorf("Open(%q): %v", k, err)
		}
	}
	if _, err := blob.Key("platform", "0190-ab", "original"); err != nil {
		t.Error(err)
	}
	if _, err := blob.Key("platform", "..", "original"); err == nil {
		t.Error("Key accepted ..")
	}
	if _, err := blob.Open("s3://bucket/prefix"); err == nil {
		t.Error("the S3 seam claims to work")
	}
}

// A cancelled request leaves nothing behind.
func TestPutCancelled(t *testing.T) {
	dir := t.TempDir()
	s, _ := blob.NewLocal(dir)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Put(ctx, "t/f/original", strings.NewReader("data")); err == nil {
		t.Fatal("put with a cancelled context succeeded")
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
