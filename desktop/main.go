// Command hearth-desktop is the Wails shell for owners and the clock-in kiosk
// at the facility door. It loads the same React UI as the cloud
// (frontend/dist) and sends every /api/ request to desktop/internal/core: the
// shell's own /api/desktop/* calls, and a proxy to the cloud with a local
// read cache and a durable outbox for kiosk punches.
//
//	hearth-desktop                 the owner's window (or the kiosk, when set up as one)
//	hearth-desktop --kiosk         the door kiosk: fullscreen, frameless, one instance
//	hearth-desktop --serve ADDR    no window: the UI and the core over plain HTTP
//	hearth-desktop --version
//
// Environment: HEARTH_CLOUD_URL (the first-run default), HEARTH_DESKTOP_DIR
// (settings and cache; default <user config dir>/Hearth).
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"hearth/desktop/audio"
	"hearth/desktop/internal/core"
	"hearth/frontend"
)

// version is set at build time: -ldflags "-X main.version=<wails.json productVersion>".
var version = "dev"

// started is when the process began, for the cold-start figure (FirstPaint).
var started = time.Now()

func main() {
	kiosk := flag.Bool("kiosk", false, "start as the door kiosk (once this computer is set up as one)")
	serve := flag.String("serve", "", "serve the UI and the core on this address with no window (e.g. 127.0.0.1:8090)")
	cloud := flag.String("cloud", os.Getenv("HEARTH_CLOUD_URL"), "the cloud URL offered at first run")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println("hearth-desktop", version)
		return
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: logLevel()})))

	dir, err := settingsDir()
	if err != nil {
		fail(err)
	}
	lock, err := lockInstance(dir)
	if err != nil {
		fail(err)
	}
	defer lock.Close()
	c, err := core.Open(core.Options{Dir: dir, DefaultCloudURL: *cloud, Version: version,
		ForceKiosk: *kiosk, AudioCapture: audio.Available() && *serve == ""})
	if err != nil {
		fail(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go c.Run(ctx)

	if *serve != "" {
		err = serveHTTP(ctx, *serve, c)
		stop()
		_ = c.Close()
		if err != nil {
			fail(err)
		}
		return
	}
	next, err := runWindow(ctx, c)
	stop()
	if cerr := c.Close(); cerr != nil {
		slog.Warn("desktop: close the local database", "err", cerr)
	}
	if err != nil {
		fail(err)
	}
	if next != "" {
		// The mode changed (kiosk set up, or left with the exit PIN): start
		// again in the new mode. --kiosk is not passed on, so leaving the
		// kiosk gives the owner's window; the saved mode says the rest.
		if err := relaunch(); err != nil {
			fail(fmt.Errorf("restart in %s mode: %w", next, err))
		}
	}
}

// settingsDir is HEARTH_DESKTOP_DIR, else <user config dir>/Hearth
// (~/.config/Hearth on Linux, %AppData%\Hearth on Windows).
func settingsDir() (string, error) {
	if d := os.Getenv("HEARTH_DESKTOP_DIR"); d != "" {
		return d, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no settings directory (set HEARTH_DESKTOP_DIR): %w", err)
	}
	return filepath.Join(base, "Hearth"), nil
}

func logLevel() slog.Level {
	if os.Getenv("HEARTH_DESKTOP_DEBUG") != "" {
		return slog.LevelDebug
	}
	return slog.LevelInfo
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "hearth-desktop:", err)
	os.Exit(1)
}

// serveHTTP is --serve: the same UI and /api/ handler as the window, on a
// plain listener (browser journeys of the kiosk screen; a door computer that
// prefers a browser in kiosk mode).
func serveHTTP(ctx context.Context, addr string, c *core.Core) error {
	srv := &http.Server{Addr: addr, Handler: uiHandler(c.Handler(), false), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		// ctx has ended: the shutdown gets its own 5 seconds to let answers under way finish.
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	slog.Info("hearth-desktop serving", "addr", addr, "mode", c.Mode())
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// uiHandler answers /api/ with api and everything else from the built UI,
// with index.html for the UI's own routes (/kiosk, /desktop/setup …).
// inWindow: the pages are shown by Wails, whose scripts (the bindings
// window.go.main.App and its runtime) must be in every page.
func uiHandler(api http.Handler, inWindow bool) http.Handler {
	dist := frontend.Dist()
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isAPI(r.URL.Path) {
			api.ServeHTTP(w, r)
			return
		}
		if r.URL.Path != "/" {
			if f, err := dist.Open(r.URL.Path[1:]); err == nil {
				f.Close()
				files.ServeHTTP(w, r)
				return
			}
		}
		// Wails adds its scripts itself only to paths ending in "/" or
		// "/index.html" (wails v2.16.0 pkg/assetserver/assetserver.go,
		// isRuntimeInjectionMatch); a reload at /residents (a language change
		// reloads the page) would lose the bindings and look like a browser.
		index(w, inWindow && r.URL.Path != "/" && !strings.HasSuffix(r.URL.Path, "/index.html"))
	})
}

func isAPI(p string) bool { return p == "/api" || strings.HasPrefix(p, "/api/") }

// wailsScripts are the scripts Wails puts first in <head> of its start page,
// in its order (processIndexHTML: ipc.js, then runtime.js).
const wailsScripts = `<script src="/wails/ipc.js"></script><script src="/wails/runtime.js"></script>`

// index writes the UI's index.html (no caching: a new build must load),
// with Wails' scripts when withWails.
func index(w http.ResponseWriter, withWails bool) {
	b, err := fs.ReadFile(frontend.Dist(), "index.html")
	if err != nil {
		http.Error(w, "the UI is not built (make ui)", http.StatusInternalServerError)
		return
	}
	if withWails {
		b = bytes.Replace(b, []byte("<head>"), []byte("<head>"+wailsScripts), 1)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b)
}
