package main

import (
	"context"
	"encoding/base64"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"hearth/desktop/audio"
	"hearth/desktop/internal/core"
)

// App is bound into the page as window.go.main.App: what a web view lacks.
// frontend/src/features/desktop/bridge.ts is its typed twin.
type App struct {
	core      *core.Core
	ctx       context.Context
	paintOnce sync.Once
}

func (a *App) startup(ctx context.Context) { a.ctx = ctx }

// AudioClip is one recording for the speech translator.
type AudioClip struct {
	MimeType   string  `json:"mimeType"` // audio/wav
	Base64     string  `json:"base64"`   // the whole file, standard base64
	Seconds    float64 `json:"seconds"`
	SampleRate int     `json:"sampleRate"`
}

// RecordAudio records seconds (1–60) from the default microphone as a
// 16 kHz mono WAV. WebKitGTK has no getUserMedia, so the translator asks the
// shell; on Windows WebView2 has it and this answers an error.
func (a *App) RecordAudio(seconds int) (AudioClip, error) {
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	rec, err := audio.Record(ctx, seconds)
	if err != nil {
		if errors.Is(err, audio.ErrUnsupported) {
			return AudioClip{}, err
		}
		slog.Warn("desktop: record audio", "err", err)
		return AudioClip{}, err
	}
	return AudioClip{MimeType: "audio/wav", Base64: base64.StdEncoding.EncodeToString(rec.WAV),
		Seconds: rec.Seconds(), SampleRate: rec.SampleRate}, nil
}

// Print opens the native print dialog for the page (window.print() does
// nothing in some web views). Source: wails v2 runtime.WindowPrint.
func (a *App) Print() {
	if a.ctx != nil {
		runtime.WindowPrint(a.ctx)
	}
}

// Version is the shell's version (wails.json productVersion at build time).
func (a *App) Version() string { return version }

// FirstPaint is called once by the UI after its first render: the cold
// start figure of docs/performance.md (build/scripts/desktop-perf.sh reads
// this log line).
func (a *App) FirstPaint() {
	a.paintOnce.Do(func() {
		ms := time.Since(started).Milliseconds()
		slog.Info("desktop: first paint", "ms", ms, "mode", a.core.Mode())
	})
}

// about shows the About box.
func (a *App) about(lang string) {
	if a.ctx == nil {
		return
	}
	_, _ = runtime.MessageDialog(a.ctx, runtime.MessageDialogOptions{
		Type:    runtime.InfoDialog,
		Title:   menuText(lang, "about"),
		Message: menuText(lang, "aboutText") + "\n\n" + menuText(lang, "version") + " " + version,
	})
}
