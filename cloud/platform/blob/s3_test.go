package blob_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/blob/s3test"
)

// Stores on one bucket under different prefixes keep apart; the prefix never
// shows in a key.
func TestS3PrefixKeepsStoresApart(t *testing.T) {
	srv := s3test.Start(t, "hearth")
	ctx := context.Background()
	a, b, whole := srv.Open(t, "s3://hearth/a"), srv.Open(t, "s3://hearth/b/c/"), srv.Open(t, "s3://hearth")
	if _, err := a.Put(ctx, "t/f/original", strings.NewReader("in a")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Put(ctx, "t/f/original", strings.NewReader("in b")); err != nil {
		t.Fatal(err)
	}
	if got, _ := read(t, a, "t/f/original"); got != "in a" {
		t.Errorf("a reads %q", got)
	}
	if keys := list(t, b, "t/"); len(keys) != 1 || keys[0] != "t/f/original" {
		t.Errorf("b lists %v", keys)
	}
	if keys := list(t, whole, "b/"); len(keys) != 1 || keys[0] != "b/c/t/f/original" {
		t.Errorf("the bucket's root lists %v", keys)
	}
	if err := a.Delete(ctx, "t/f/original"); err != nil {
		t.Fatal(err)
	}
	if got, _ := read(t, b, "t/f/original"); got != "in b" {
		t.Errorf("b after a's delete: %q", got)
	}
}

// Every write asks for server-side encryption, AES256 unless told otherwise,
// and carries its MD5 for the store to check.
func TestS3ServerSideEncryption(t *testing.T) {
	srv := s3test.Start(t, "hearth")
	ctx := context.Background()
	for _, c := range []struct {
		opts     blob.S3Options
		sse, kms string
	}{
		{blob.S3Options{}, "AES256", ""},
		{blob.S3Options{Encryption: "AES256"}, "AES256", ""},
		{blob.S3Options{Encryption: "aws:kms"}, "aws:kms", ""},
		{blob.S3Options{KMSKeyID: "arn:aws:kms:eu-west-1:111122223333:key/hearth"}, "aws:kms", "arn:aws:kms:eu-west-1:111122223333:key/hearth"},
		{blob.S3Options{Encryption: "off"}, "", ""},
	} {
		o := srv.Options()
		o.Encryption, o.KMSKeyID = c.opts.Encryption, c.opts.KMSKeyID
		s, err := blob.NewS3(ctx, "s3://hearth/sse", o)
		if err != nil {
			t.Fatalf("%+v: %v", c.opts, err)
		}
		if _, err := s.Put(ctx, "t/f/original", strings.NewReader("x")); err != nil {
			t.Fatalf("%+v: %v", c.opts, err)
		}
		puts := srv.PutHeaders()
		h := puts[len(puts)-1]
		if h.Get("Content-Md5") != "ndTkYSaMgDT1yFZOFVxnpg==" { // base64(md5("x"))
			t.Errorf("%+v: Content-MD5 %q", c.opts, h.Get("Content-Md5"))
		}
		if h.Get("X-Amz-Server-Side-Encryption") != c.sse || h.Get("X-Amz-Server-Side-Encryption-Aws-Kms-Key-Id") != c.kms {
			t.Errorf("%+v: sent %q %q", c.opts, h.Get("X-Amz-Server-Side-Encryption"), h.Get("X-Amz-Server-Side-Encryption-Aws-Kms-Key-Id"))
		}
	}
}

func TestS3RefusesBadSettings(t *testing.T) {
	srv := s3test.Start(t)
	ctx := context.Background()
	for _, loc := range []string{"s3://", "s3:///prefix", "s3://bucket/../x", "s3://bucket/a b", "s3://bucket/a//b",
		"s3://key:secret@bucket/x", "s3://bucket/x?region=eu", "https://bucket/x"} {
		if _, err := blob.NewS3(ctx, loc, srv.Options()); err == nil {
			t.Errorf("location %q accepted", loc)
		}
	}
	for _, o := range []blob.S3Options{{Encryption: "DES"}, {Encryption: "off", KMSKeyID: "k"}, {Encryption: "AES256", KMSKeyID: "k"}, {Endpoint: "seaweedfs.internal:8333"}} {
		if _, err := blob.NewS3(ctx, "s3://bucket/x", o); err == nil {
			t.Errorf("settings %+v accepted", o)
		}
	}
}

// A missing bucket is a setup error, never "no such file".
func TestS3MissingBucketIsNotAMissingKey(t *testing.T) {
	srv := s3test.Start(t, "hearth")
	s := srv.Open(t, "s3://elsewhere/files")
	ctx := context.Background()
	if _, _, err := s.Open(ctx, "t/f/original"); err == nil || errors.Is(err, blob.ErrNotFound) {
		t.Errorf("open: %v", err)
	}
	if _, err := s.Put(ctx, "t/f/original", strings.NewReader("x")); err == nil {
		t.Error("put into a missing bucket succeeded")
	}
	if _, err := s.List(ctx, "t/"); err == nil {
		t.Error("list of a missing bucket succeeded")
	}
	// The server's /readyz asks Ready: the missing bucket shows there, the real one is ready.
	if err := s.Ready(ctx); err == nil {
		t.Error("a store on a missing bucket says it is ready")
	}
	if err := srv.Open(t, "s3://hearth/files").Ready(ctx); err != nil {
		t.Errorf("the store on its bucket: %v", err)
	}
}

// A cancelled context stops a read.
func TestS3OpenCancelled(t *testing.T) {
	s := s3test.Start(t, "hearth").Open(t, "s3://hearth/files")
	if _, err := s.Put(context.Background(), "t/f/original", strings.NewReader("x")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := s.Open(ctx, "t/f/original"); !errors.Is(err, context.Canceled) {
		t.Errorf("open with a cancelled context: %v", err)
	}
	if _, err := s.List(ctx, "t/"); !errors.Is(err, context.Canceled) {
		t.Errorf("list with a cancelled context: %v", err)
	}
}

// HEARTH_FILES_DIR=s3://bucket/prefix opens the S3 store with the HEARTH_S3_* settings.
func TestOpenS3Location(t *testing.T) {
	srv := s3test.Start(t, "hearth")
	s, err := blob.Open("s3://hearth/files", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := s.(*blob.S3); !ok || st.Location() != "s3://hearth/files/" {
		t.Fatalf("opened %T", s)
	}
	if _, err := s.Put(context.Background(), "t/f/original", strings.NewReader("x")); err != nil {
		t.Fatal(err)
	}
	if got, _ := read(t, srv.Open(t, "s3://hearth/files"), "t/f/original"); got != "x" {
		t.Errorf("read back %q", got)
	}
	if s, err := blob.Open("s3://", srv.Options()); err == nil || s != nil {
		t.Errorf("s3:// without a bucket: %v %v", s, err)
	}
}
