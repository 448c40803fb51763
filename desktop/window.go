package main

import (
	"context"
	_ "embed"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/menu"
	"github.com/wailsapp/wails/v2/pkg/menu/keys"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"hearth/desktop/internal/core"
	"hearth/frontend"
	"hearth/shared"
)

// Owner window size when none was saved, and the smallest the layout takes
// (the sidebar and a table side by side).
const (
	defaultWidth, defaultHeight = 1280, 800
	minWidth, minHeight         = 1024, 700
)

// appIcon is the window's icon on Linux (a copy of build/appicon.png: embed
// cannot reach outside the module; Windows takes it from the .syso).
//
//go:embed appicon.png
var appIcon []byte

// singleInstanceID names the one running shell per computer and user, in
// either mode (a second start brings the first to the front).
const singleInstanceID = "org.hearth.desktop.7b1e0c6a"

// runWindow shows the window until it closes. next is the mode to restart
// in when the core changed it (kiosk set up or left), else "".
func runWindow(ctx context.Context, c *core.Core) (next shared.DesktopMode, err error) { //nolint:contextcheck // wctx is the Wails window's own context, which its runtime calls require; ctx cannot stand in for it
	app := &App{core: c}
	kiosk := c.Mode() == shared.DesktopKiosk
	lang := menuLanguage()

	var mu sync.Mutex
	var wctx context.Context
	leaving := false // the mode changed: let the kiosk window close
	go func() {
		select {
		case m := <-c.ModeChanged():
			mu.Lock()
			next, leaving = m, true
			w := wctx
			mu.Unlock()
			slog.Info("desktop: mode changed; restarting", "mode", m)
			if w != nil {
				runtime.Quit(w)
			}
		case <-ctx.Done():
			mu.Lock()
			w := wctx
			leaving = true
			mu.Unlock()
			if w != nil {
				runtime.Quit(w)
			}
		}
	}()

	api := c.Handler()
	opts := &options.App{
		Title:            "Hearth",
		MinWidth:         minWidth,
		MinHeight:        minHeight,
		AssetServer:      assetOptions(api),
		BackgroundColour: &options.RGBA{R: 246, G: 247, B: 249, A: 255},
		OnStartup: func(w context.Context) {
			mu.Lock()
			wctx = w
			mu.Unlock()
			app.startup(w)
		},
		OnDomReady: func(context.Context) {
			// With FirstPaint, splits the start into WebKit's share and the UI's.
			slog.Info("desktop: dom ready", "ms", time.Since(started).Milliseconds())
		},
		OnBeforeClose: func(w context.Context) bool {
			mu.Lock()
			l := leaving
			mu.Unlock()
			if kiosk && !l {
				// Leaving the kiosk needs the owner's exit PIN (the kiosk
				// screen's "Leave kiosk mode"), not Alt+F4.
				slog.Info("desktop: close refused in kiosk mode")
				return true
			}
			if !kiosk {
				width, height := runtime.WindowGetSize(w)
				st := core.WindowState{Width: width, Height: height, Maximised: runtime.WindowIsMaximised(w)}
				if st.Maximised { // keep the last normal size to come back to
					prev := c.Window()
					st.Width, st.Height = prev.Width, prev.Height
				}
				if err := c.SaveWindow(st); err != nil {
					slog.Warn("desktop: keep the window size", "err", err)
				}
			}
			return false
		},
		Bind: []any{app},
		SingleInstanceLock: &options.SingleInstanceLock{
			UniqueId: singleInstanceID,
			OnSecondInstanceLaunch: func(options.SecondInstanceData) {
				mu.Lock()
				w := wctx
				mu.Unlock()
				if w != nil {
					runtime.WindowUnminimise(w)
					runtime.Show(w)
				}
			},
		},
		Linux: &linux.Options{ProgramName: "hearth-desktop", Icon: appIcon, WebviewGpuPolicy: linux.WebviewGpuPolicyNever},
	}
	if kiosk {
		opts.Fullscreen = true
		opts.Frameless = true
		opts.AlwaysOnTop = true
		opts.DisableResize = true
		opts.WindowStartState = options.Fullscreen
		opts.Width, opts.Height = defaultWidth, defaultHeight
	} else {
		st := c.Window()
		opts.Width, opts.Height = defaultWidth, defaultHeight
		if st.Width >= minWidth && st.Height >= minHeight {
			opts.Width, opts.Height = st.Width, st.Height
		}
		if st.Maximised {
			opts.WindowStartState = options.Maximised
		}
		opts.Menu = ownerMenu(app, lang)
	}
	err = wails.Run(opts)
	mu.Lock()
	defer mu.Unlock()
	return next, err
}

// ownerMenu is the owner window's native menu: About, Reload, Print, Quit.
func ownerMenu(app *App, lang string) *menu.Menu {
	m := menu.NewMenu()
	hearth := m.AddSubmenu(menuText(lang, "hearth"))
	hearth.AddText(menuText(lang, "about"), nil, func(*menu.CallbackData) { app.about(lang) })
	hearth.AddSeparator()
	hearth.AddText(menuText(lang, "reload"), keys.CmdOrCtrl("r"), func(*menu.CallbackData) { runtime.WindowReloadApp(app.ctx) })
	hearth.AddText(menuText(lang, "print"), keys.CmdOrCtrl("p"), func(*menu.CallbackData) { app.Print() })
	hearth.AddSeparator()
	hearth.AddText(menuText(lang, "quit"), keys.CmdOrCtrl("q"), func(*menu.CallbackData) { runtime.Quit(app.ctx) })
	return m
}

// assetOptions serve the window's pages: every /api/ request goes to the core
// first (non-GET requests would reach Handler anyway; GETs must not be looked
// up in the UI's files), and a path that is not a file is one of the UI's
// routes (a reload at /kiosk). Source: wails v2 pkg/options/assetserver/options.go.
func assetOptions(api http.Handler) *assetserver.Options {
	return &assetserver.Options{
		Assets: frontend.Dist(),
		Middleware: func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if isAPI(r.URL.Path) {
					api.ServeHTTP(w, r)
					return
				}
				next.ServeHTTP(w, r)
			})
		},
		Handler: uiHandler(api, true),
	}
}
