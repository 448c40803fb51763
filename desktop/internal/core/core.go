// Package core is the desktop shell without its window: settings, the local
// SQLite cache and punch outbox, the /api/ handler (desktop routes plus the
// reverse proxy to the cloud) and the background sync. main.go puts it behind
// Wails' AssetServer; tests and `hearth-desktop --serve` put it behind a plain
// HTTP listener.
package core

import (
	"context"
	"net/http"

	"hearth/shared"
)

// Options configure a Core.
type Options struct {
	// Dir holds settings.json and cache.db (created 0700; files 0600).
	// main.go passes os.UserConfigDir()/Hearth unless HEARTH_DESKTOP_DIR is set.
	Dir string
	// DefaultCloudURL prefills the first-run setup (HEARTH_CLOUD_URL).
	DefaultCloudURL string
	// Version is shown in the status and the About box.
	Version string
	// ForceKiosk starts in kiosk mode (--kiosk) when a kiosk credential is stored.
	ForceKiosk bool
	// AudioCapture says whether the window binds RecordAudio (status.audioCapture).
	AudioCapture bool
	// Client sends requests to the cloud; nil means a client with sane timeouts.
	Client *http.Client
}

// WindowState is the owner window's last size, restored at the next start.
type WindowState struct {
	Width     int  `json:"width"`
	Height    int  `json:"height"`
	Maximised bool `json:"maximised"`
}

// Core is one running desktop shell.
type Core struct {
	opts Options
}

// Open loads the settings and the local database, creating both on first run.
func Open(opts Options) (*Core, error) {
	return &Core{opts: opts}, nil
}

// Handler answers every /api/ request: /api/desktop/* locally, the rest
// proxied to the cloud (with cache fallback and the kiosk outbox).
func (c *Core) Handler() http.Handler { return http.NotFoundHandler() }

// Run syncs the outbox, refreshes PIN verifiers and checks the cloud's health
// until ctx ends.
func (c *Core) Run(ctx context.Context) { <-ctx.Done() }

// Mode is the mode the shell should show now.
func (c *Core) Mode() shared.DesktopMode { return shared.DesktopOwner }

// ModeChanged receives the new mode after a kiosk setup or leave; the window
// reacts (main.go restarts itself in the new mode).
func (c *Core) ModeChanged() <-chan shared.DesktopMode { return nil }

// Window is the saved owner window state (zero when none yet).
func (c *Core) Window() WindowState { return WindowState{} }

// SaveWindow keeps the owner window state for the next start.
func (c *Core) SaveWindow(w WindowState) error { return nil }

// Close stops background work and closes the database.
func (c *Core) Close() error { return nil }
