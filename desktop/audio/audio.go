// Package audio records the microphone for the speech translator where the
// window's web view cannot: WebKitGTK on Linux has no getUserMedia. It records
// 16-bit PCM mono at 16 kHz (what speech-to-text services take) into a WAV file.
package audio

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Format of every recording.
const (
	SampleRate = 16000
	Channels   = 1
	bitsPerSam = 16
	MaxSeconds = 60
)

// ErrUnsupported: this build records nothing; the page uses the browser's
// microphone instead (WebView2 on Windows has getUserMedia).
var ErrUnsupported = errors.New("audio: this window cannot record; use the browser's microphone")

// ErrBusy: a recording is already running (one microphone, one recording).
var ErrBusy = errors.New("audio: already recording")

// Recording is one finished recording.
type Recording struct {
	WAV        []byte // a complete RIFF/WAVE file
	SampleRate int
	Frames     int // samples per channel
}

// Seconds is the recording's length.
func (r Recording) Seconds() float64 { return float64(r.Frames) / float64(r.SampleRate) }

var busy sync.Mutex

// Record records seconds (1–MaxSeconds) from the default input device.
// It stops early, returning an error, when ctx ends.
func Record(ctx context.Context, seconds int) (Recording, error) {
	if seconds < 1 || seconds > MaxSeconds {
		return Recording{}, fmt.Errorf("audio: seconds must be 1–%d, not %d", MaxSeconds, seconds)
	}
	if !busy.TryLock() {
		return Recording{}, ErrBusy
	}
	defer busy.Unlock()
	want := seconds * SampleRate
	// A device that delivers nothing must not hang the caller: allow the
	// recording's length plus time for the sound server to start.
	ctx, cancel := context.WithTimeout(ctx, time.Duration(seconds)*time.Second+5*time.Second)
	defer cancel()
	pcm, err := capture(ctx, want)
	if err != nil {
		return Recording{}, err
	}
	frames := len(pcm) / 2
	if frames > want {
		frames, pcm = want, pcm[:want*2]
	}
	return Recording{WAV: EncodeWAV(pcm, SampleRate), SampleRate: SampleRate, Frames: frames}, nil
}

// Available says whether this build can record at all (it does not open the device).
func Available() bool { return available }

// EncodeWAV wraps little-endian 16-bit mono PCM in a 44-byte RIFF/WAVE header.
func EncodeWAV(pcm []byte, rate int) []byte {
	var b bytes.Buffer
	blockAlign := Channels * bitsPerSam / 8
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	w(uint32(36 + len(pcm)))
	b.WriteString("WAVEfmt ")
	w(uint32(16))                // fmt chunk size
	w(uint16(1))                 // PCM
	w(uint16(Channels))          // channels
	w(uint32(rate))              // sample rate
	w(uint32(rate * blockAlign)) // byte rate
	w(uint16(blockAlign))        // block align
	w(uint16(bitsPerSam))        // bits per sample
	b.WriteString("data")
	w(uint32(len(pcm)))
	b.Write(pcm)
	return b.Bytes()
}
