//go:build linux && cgo

package audio

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/gen2brain/malgo"
)

const available = true

// capture reads frames 16-bit mono frames from the default capture device.
func capture(ctx context.Context, frames int) ([]byte, error) {
	// Name the real backends: miniaudio's default list ends with its Null
	// backend, which "records" silence on a computer without sound (miniaudio.h,
	// ma_context_init). PulseAudio also covers PipeWire's pulse server.
	mctx, err := malgo.InitContext([]malgo.Backend{malgo.BackendPulseaudio, malgo.BackendAlsa, malgo.BackendJack},
		malgo.ContextConfig{}, func(m string) { slog.Debug("audio: miniaudio", "log", strings.TrimSpace(m)) })
	if err != nil {
		return nil, fmt.Errorf("audio: no sound system: %w", err)
	}
	defer func() { _ = mctx.Uninit(); mctx.Free() }()

	cfg := malgo.DefaultDeviceConfig(malgo.Capture)
	cfg.Capture.Format = malgo.FormatS16
	cfg.Capture.Channels = Channels
	cfg.SampleRate = SampleRate // miniaudio resamples from the device's own rate
	cfg.Alsa.NoMMap = 1

	want := frames * 2
	var mu sync.Mutex
	pcm := make([]byte, 0, want)
	full := make(chan struct{})
	onData := func(_, in []byte, _ uint32) {
		mu.Lock()
		defer mu.Unlock()
		if len(pcm) >= want {
			return
		}
		pcm = append(pcm, in...) // in points at miniaudio's buffer: copy it
		if len(pcm) >= want {
			close(full)
		}
	}
	dev, err := malgo.InitDevice(mctx.Context, cfg, malgo.DeviceCallbacks{Data: onData})
	if err != nil {
		return nil, fmt.Errorf("audio: no microphone: %w", err)
	}
	defer dev.Uninit()
	if err := dev.Start(); err != nil {
		return nil, fmt.Errorf("audio: start recording: %w", err)
	}
	select {
	case <-full:
	case <-ctx.Done():
		_ = dev.Stop()
		mu.Lock()
		got := len(pcm) / 2
		mu.Unlock()
		return nil, fmt.Errorf("audio: recording stopped after %d of %d samples: %w", got, frames, ctx.Err())
	}
	_ = dev.Stop()
	mu.Lock()
	defer mu.Unlock()
	return pcm, nil
}
