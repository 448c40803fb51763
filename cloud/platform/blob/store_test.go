package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/blob/s3test"
)

// stores are the implementations every behaviour test below runs against,
// each time on a new empty one: the local directory, and S3 through an S3
// server started in the test's process.
var stores = []struct {
	name string
	open func(tb testing.TB) blob.Store
}{
	{"local", func(tb testing.TB) blob.Store {
		tb.Helper()
		s, err := blob.NewLocal(tb.TempDir())
		if err != nil {
			tb.Fatal(err)
		}
		return s
	}},
	{"s3", func(tb testing.TB) blob.Store {
		tb.Helper()
		return s3test.Start(tb, "hearth").Open(tb, "s3://hearth/files")
	}},
}

func read(tb testing.TB, s blob.Store, key string) (string, blob.Info) {
	tb.Helper()
	rc, info, err := s.Open(context.Background(), key)
	if err != nil {
		tb.Fatalf("open %s: %v", key, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		tb.Fatalf("read %s: %v", key, err)
	}
	return string(b), info
}

func list(tb testing.TB, s blob.Store, prefix string) []string {
	tb.Helper()
	keys, err := s.List(context.Background(), prefix)
	if err != nil {
		tb.Fatalf("list %s: %v", prefix, err)
	}
	slices.Sort(keys)
	return keys
}

func TestStoreKeepsReplacesAndDeletes(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			ctx := context.Background()
			if n, err := s.Put(ctx, "t1/f1/original", strings.NewReader("hello")); err != nil || n != 5 {
				t.Fatalf("put: %d %v", n, err)
			}
			if _, err := s.Put(ctx, "t1/f1/w64h64.jpg", strings.NewReader("thumb")); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Put(ctx, "t1/f2/original", strings.NewReader("other")); err != nil {
				t.Fatal(err)
			}
			// Putting again replaces.
			if _, err := s.Put(ctx, "t1/f1/original", strings.NewReader("hello again")); err != nil {
				t.Fatal(err)
			}
			if b, info := read(t, s, "t1/f1/original"); b != "hello again" || info.Size != 11 || info.ModTime.IsZero() {
				t.Fatalf("open: %q %+v", b, info)
			}
			if st, err := s.Stat(ctx, "t1/f1/w64h64.jpg"); err != nil || st.Size != 5 || st.ModTime.IsZero() {
				t.Fatalf("stat: %+v %v", st, err)
			}
			// A folder lists what is under it, at any depth, and nothing beside it.
			keys := list(t, s, "t1/f1/")
			if !slices.Equal(keys, []string{"t1/f1/original", "t1/f1/w64h64.jpg"}) {
				t.Fatalf("list: %v", keys)
			}
			if all := list(t, s, "t1/"); len(all) != 3 {
				t.Errorf("list of the tenant: %v", all)
			}
			if none := list(t, s, "t2/none/"); len(none) != 0 {
				t.Fatalf("list of nothing: %v", none)
			}
			if _, err := s.List(ctx, "t1/f1"); err == nil {
				t.Error("a prefix without its / was listed")
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
			if _, err := s.Stat(ctx, "t9/never/original"); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("stat of a key never written: %v", err)
			}
			if left := list(t, s, "t1/"); !slices.Equal(left, []string{"t1/f2/original"}) {
				t.Errorf("left after delete: %v", left)
			}
		})
	}
}

func TestStoreTakesOnlyServerMadeKeys(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			ctx := context.Background()
			for _, k := range []string{"", "/etc/passwd", "../x", "a/../../x", "a//b", "a/./b", "a/b/", `a\b`, "a/b c", ".hidden", "a/..", strings.Repeat("a", 600)} {
				if _, err := s.Put(ctx, k, bytes.NewReader(nil)); err == nil {
					t.Errorf("Put(%q) accepted", k)
				}
				if _, _, err := s.Open(ctx, k); err == nil || errors.Is(err, blob.ErrNotFound) {
					t.Errorf("Open(%q): %v", k, err)
				}
				if _, err := s.Stat(ctx, k); err == nil || errors.Is(err, blob.ErrNotFound) {
					t.Errorf("Stat(%q): %v", k, err)
				}
				if err := s.Delete(ctx, k); err == nil {
					t.Errorf("Delete(%q) accepted", k)
				}
				if _, err := s.List(ctx, k+"/"); err == nil {
					t.Errorf("List(%q) accepted", k+"/")
				}
			}
		})
	}
}

// A cancelled request stores nothing.
func TestStorePutCancelled(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := s.Put(ctx, "t/f/original", strings.NewReader("data")); !errors.Is(err, context.Canceled) {
				t.Fatalf("put with a cancelled context: %v", err)
			}
			if _, err := s.Stat(context.Background(), "t/f/original"); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("stored anyway: %v", err)
			}
			if keys := list(t, s, "t/"); len(keys) != 0 {
				t.Errorf("left behind: %v", keys)
			}
		})
	}
}

// An upload that breaks off leaves the old bytes whole: readers never see a part.
func TestStorePutBrokenOffKeepsTheOldBytes(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			if st, ok := s.(*blob.S3); ok {
				blob.TuneS3(st, 8, 0) // break off after the spool has gone to a file
			}
			ctx := context.Background()
			if _, err := s.Put(ctx, "t/f/original", strings.NewReader("the old bytes")); err != nil {
				t.Fatal(err)
			}
			broken := io.MultiReader(strings.NewReader("the new bytes, then"), iotest.ErrReader(errors.New("connection reset")))
			if _, err := s.Put(ctx, "t/f/original", broken); err == nil {
				t.Fatal("a broken upload was stored")
			}
			if b, _ := read(t, s, "t/f/original"); b != "the old bytes" {
				t.Errorf("after a broken upload: %q", b)
			}
			if keys := list(t, s, "t/"); !slices.Equal(keys, []string{"t/f/original"}) {
				t.Errorf("left behind: %v", keys)
			}
		})
	}
}

// Lists come in pages from S3 (1,000 keys each); every page is read. Bytes
// past the in-memory spool go through a temporary file, whole.
func TestStoreListsEveryPageAndKeepsLargeBlobs(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			if st, ok := s.(*blob.S3); ok {
				blob.TuneS3(st, 64, 2)
			}
			ctx := context.Background()
			var want []string
			for _, f := range []string{"f1", "f2", "f3", "f4", "f5", "f6", "f7"} {
				k := "t/" + f + "/original"
				want = append(want, k)
				if _, err := s.Put(ctx, k, strings.NewReader(f)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.Put(ctx, "u/f1/original", strings.NewReader("beside")); err != nil {
				t.Fatal(err)
			}
			if got := list(t, s, "t/"); !slices.Equal(got, want) {
				t.Errorf("list over pages: %v", got)
			}
			large := strings.Repeat("0123456789", 1000)
			if n, err := s.Put(ctx, "t/big/original", iotest.OneByteReader(strings.NewReader(large))); err != nil || n != int64(len(large)) {
				t.Fatalf("large put: %d %v", n, err)
			}
			if b, info := read(t, s, "t/big/original"); b != large || info.Size != int64(len(large)) {
				t.Errorf("large blob read back: %d bytes, size %d", len(b), info.Size)
			}
		})
	}
}
