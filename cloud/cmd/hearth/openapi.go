package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/server"
)

// writeOpenAPI writes the document `hearth serve` answers at /api/openapi.json
// with the same environment (HEARTH_DEV adds the development routes), so
// clients and `make lint` (Redocly) can read it without a running server. The
// server is built on a throwaway data directory and SQLite database: the
// document depends on the routes, never on the data. Only errors are logged,
// to standard error, so standard output is the document alone.
func writeOpenAPI(ctx context.Context, w io.Writer) error {
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	tmp, err := os.MkdirTemp("", "hearth-openapi-")
	if err != nil {
		return fmt.Errorf("openapi: temporary data directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	// Set before config.Load, so no setting points at a real data directory or database.
	for k, v := range map[string]string{
		"HEARTH_DATA_DIR":     tmp,
		"HEARTH_DATABASE_URL": "sqlite:" + filepath.Join(tmp, "hearth.db"),
		"HEARTH_FILES_DIR":    filepath.Join(tmp, "files"),
	} {
		if err := os.Setenv(k, v); err != nil {
			return fmt.Errorf("openapi: %w", err)
		}
	}
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("openapi: %w", err)
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("openapi: %w", err)
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return fmt.Errorf("openapi: %w", err)
	}
	srv, err := server.New(server.Deps{Config: cfg, DB: d, Log: log}) //nolint:contextcheck // server.New only builds handlers; each runs on its own request's context
	if err != nil {
		return fmt.Errorf("openapi: %w", err)
	}
	rec := httptest.NewRecorder()
	srv.Handler.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, http.MethodGet, "/api/openapi.json", nil))
	if rec.Code != http.StatusOK {
		return fmt.Errorf("openapi: /api/openapi.json answered %d", rec.Code)
	}
	if _, err := w.Write(rec.Body.Bytes()); err != nil {
		return fmt.Errorf("openapi: %w", err)
	}
	return nil
}
