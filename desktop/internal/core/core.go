// Package core is the desktop shell without its window: settings, the local
// SQLite cache and punch outbox, the /api/ handler (desktop routes plus the
// reverse proxy to the cloud) and the background sync. main.go puts it behind
// Wails' AssetServer; tests and `hearth-desktop --serve` put it behind a plain
// HTTP listener.
//
// What the shell decides for itself, and why, is in docs/api.md "Desktop shell".
package core

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"os"
	"strings"
	"sync"
	"time"

	"hearth/desktop/internal/localdb"
	"hearth/desktop/internal/settings"
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
	// Its Transport also carries the proxied calls.
	Client *http.Client
}

// WindowState is the owner window's last size, restored at the next start.
type WindowState = settings.Window

// Timings. Variables (not constants) so the package's tests can shorten them.
var (
	// readTimeout bounds how long a proxied GET waits for the cloud's headers
	// before the cache answers instead.
	readTimeout = 8 * time.Second
	// callTimeout bounds the shell's own calls to the cloud (kiosk, verifiers).
	callTimeout = 8 * time.Second
	// healthTimeout bounds GET /healthz (the cloud setup and the offline checks).
	healthTimeout = 5 * time.Second
	// healthEvery is how often an offline shell asks the cloud's /healthz.
	healthEvery = 15 * time.Second
	// refreshEvery is how often an online kiosk refreshes its PIN verifiers
	// and start screen (avatar links are signed for 10 minutes).
	refreshEvery = 3 * time.Minute
	// backoffMin/Max bound the outbox's retry wait after the cloud failed.
	backoffMin = time.Second
	backoffMax = 60 * time.Second
)

// Core is one running desktop shell.
type Core struct {
	opts   Options
	db     *sql.DB
	client *http.Client
	proxy  *httputil.ReverseProxy
	now    func() time.Time

	mu         sync.Mutex // guards the fields below
	set        settings.Settings
	mode       shared.DesktopMode
	online     bool
	lastOnline int64
	// syncHalt says why the outbox stopped sending (the credential was
	// revoked); cleared by a new kiosk setup.
	syncHalt string

	// punchMu makes kiosk punches take turns: "no earlier punch is waiting"
	// must stay true from the check until the punch is answered.
	punchMu sync.Mutex

	med medState // the med pass outbox's tokens, clock and wake-up (medsend.go)

	wake    chan struct{}           // a punch was queued or the cloud came back
	modeCh  chan shared.DesktopMode // the window's mode notices
	stop    chan struct{}           // closed by Close
	stopped sync.Once
	running sync.WaitGroup // Run's background work
}

// Open loads the settings and the local database, creating both on first run.
func Open(opts Options) (*Core, error) {
	if opts.Dir == "" {
		return nil, errors.New("core: Options.Dir is empty")
	}
	if err := os.MkdirAll(opts.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("core: %w", err)
	}
	if err := os.Chmod(opts.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("core: %w", err)
	}
	set, err := settings.Load(opts.Dir)
	if err != nil {
		return nil, err
	}
	d, err := localdb.Open(context.Background(), opts.Dir)
	if err != nil {
		return nil, err
	}
	c := &Core{opts: opts, db: d, set: set, now: time.Now,
		wake: make(chan struct{}, 1), modeCh: make(chan shared.DesktopMode, 1), stop: make(chan struct{}), med: newMedState()}
	c.client = opts.Client
	if c.client == nil {
		c.client = &http.Client{Transport: newTransport()}
	}
	c.mode = shared.DesktopOwner
	if set.KioskCredential != "" && (set.Mode == shared.DesktopKiosk || opts.ForceKiosk) {
		c.mode = shared.DesktopKiosk
	}
	// Rows still CHECKING were saved before their PIN was checked and nobody
	// was told anything about them (the answer comes after the check): the
	// caregiver saw an error or nothing and presses again. They cannot be sent
	// on the kiosk's word (no PIN was ever checked for them, and none is on
	// disk), and if the cloud got one before the crash it has it already.
	if _, err := c.db.Exec(`DELETE FROM outbox WHERE state = ?`, stateChecking); err != nil {
		d.Close()
		return nil, fmt.Errorf("core: drop unchecked punches: %w", err)
	}
	c.proxy = c.newProxy()
	return c, nil
}

// newTransport is the default way to the cloud: bounded dial and TLS
// handshakes, no bound on a whole answer (uploads and downloads can be large).
func newTransport() *http.Transport {
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   10 * time.Second,
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConnsPerHost:   8,
		ForceAttemptHTTP2:     true,
		ExpectContinueTimeout: time.Second,
	}
}

// Mode is the mode the shell should show now.
func (c *Core) Mode() shared.DesktopMode {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mode
}

// ModeChanged receives the new mode after a kiosk setup or leave; the window
// reacts (main.go restarts itself in the new mode). Only the latest change is
// kept when nobody reads in time.
func (c *Core) ModeChanged() <-chan shared.DesktopMode { return c.modeCh }

func (c *Core) signalMode(m shared.DesktopMode) {
	for {
		select {
		case c.modeCh <- m:
			return
		default:
			select { // drop a stale notice nobody read
			case <-c.modeCh:
			default:
			}
		}
	}
}

// Window is the saved owner window state (zero when none yet).
func (c *Core) Window() WindowState {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.set.Window == nil {
		return WindowState{}
	}
	return *c.set.Window
}

// SaveWindow keeps the owner window state for the next start.
func (c *Core) SaveWindow(w WindowState) error {
	return c.updateSettings(func(s *settings.Settings) { s.Window = &w })
}

// Close stops background work and closes the database.
func (c *Core) Close() error {
	c.stopped.Do(func() { close(c.stop) })
	c.running.Wait()
	return wrap("local db: close", c.db.Close())
}

// settingsNow is a copy of the settings.
func (c *Core) settingsNow() settings.Settings {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.set
}

// updateSettings changes the settings and saves them before anyone sees the change.
func (c *Core) updateSettings(change func(s *settings.Settings)) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	next := c.set
	change(&next)
	if err := settings.Save(c.opts.Dir, next); err != nil {
		return err
	}
	c.set = next
	return nil
}

func (c *Core) cloudURL() string {
	return strings.TrimRight(c.settingsNow().CloudURL, "/")
}

// kioskCredential is the credential the kiosk's own calls use ("" when this
// computer is no kiosk).
func (c *Core) kioskCredential() string { return c.settingsNow().KioskCredential }

// noteOnline records that the cloud answered; coming back wakes the outbox.
func (c *Core) noteOnline() {
	c.mu.Lock()
	was := c.online
	c.online, c.lastOnline = true, c.now().UnixMilli()
	c.mu.Unlock()
	if !was {
		c.poke()
		c.pokeMed()
	}
}

// noteOffline records that the cloud did not answer.
func (c *Core) noteOffline() {
	c.mu.Lock()
	c.online = false
	c.mu.Unlock()
}

func (c *Core) isOnline() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.online
}

// poke wakes the sync worker without blocking.
func (c *Core) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}
