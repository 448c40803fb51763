// Package s3test runs an S3-compatible server inside the test's process
// (gofakes3, objects kept in memory) for tests of the S3 blob store and of
// replicas that share one.
package s3test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"hearth/cloud/platform/blob"
)

// Server is a running in-process S3 server.
type Server struct {
	// URL is the endpoint (HEARTH_S3_ENDPOINT); buckets are addressed by path.
	URL string

	mu   sync.Mutex
	puts []http.Header
}

// Start starts a server with the named buckets and points the AWS SDK's
// standard credential chain at test keys, away from any profile or instance
// role of the machine. It sets environment variables, so the test must not
// be parallel.
func Start(tb testing.TB, buckets ...string) *Server {
	tb.Helper()
	backend := s3mem.New()
	for _, b := range buckets {
		if err := backend.CreateBucket(b); err != nil {
			tb.Fatalf("s3test: bucket %s: %v", b, err)
		}
	}
	nowhere := filepath.Join(tb.TempDir(), "none")
	tb.Setenv("AWS_ACCESS_KEY_ID", "hearth-test")
	tb.Setenv("AWS_SECRET_ACCESS_KEY", "hearth-test-secret")
	tb.Setenv("AWS_SESSION_TOKEN", "")
	tb.Setenv("AWS_PROFILE", "")
	tb.Setenv("AWS_CONFIG_FILE", nowhere)
	tb.Setenv("AWS_SHARED_CREDENTIALS_FILE", nowhere)
	tb.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	s := &Server{}
	fake := gofakes3.New(backend).Server()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut {
			s.mu.Lock()
			s.puts = append(s.puts, r.Header.Clone())
			s.mu.Unlock()
		}
		fake.ServeHTTP(w, r)
	}))
	tb.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Options are the store settings that reach this server.
func (s *Server) Options() blob.S3Options {
	return blob.S3Options{Endpoint: s.URL, Region: "us-east-1", PathStyle: true}
}

// Open makes a store on this server for location (s3://bucket/prefix).
func (s *Server) Open(tb testing.TB, location string) *blob.S3 {
	tb.Helper()
	st, err := blob.NewS3(context.Background(), location, s.Options())
	if err != nil {
		tb.Fatalf("s3test: open %s: %v", location, err)
	}
	return st
}

// PutHeaders are the headers of every PUT the server received, oldest first.
func (s *Server) PutHeaders() []http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.puts)
}
