package ai

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"hearth/shared"
)

// Offline is what works without a provider (../shared/docs/TOOLCHAIN.md
// "Speech and translation without a network"): espeak-ng speaks 8 of the 9
// languages (Debian has no Tagalog voice), apertium with apertium-eng-spa
// translates English↔Spanish (modes eng-spa and spa-eng). A missing program
// is reported by name with its Debian package (ErrOfflineMissing), never a crash.
type Offline struct {
	espeak   string // path, "" when not installed
	apertium string
	modes    map[string]bool // apertium modes installed
	slots    chan struct{}   // at most GOMAXPROCS tools run at once
	timeout  time.Duration
}

// Debian packages of the offline tools (build/scripts/ensure-speech-deps.sh installs them).
const (
	PackageEspeak   = "espeak-ng"
	PackageApertium = "apertium"
	PackageEngSpa   = "apertium-eng-spa"
)

// offlineTimeout bounds one run of espeak-ng or apertium.
const offlineTimeout = 30 * time.Second

var (
	findOnce sync.Once
	found    *Offline
)

// FindOffline looks for the offline tools once per process and logs, once,
// which are missing and which package brings them.
func FindOffline(log *slog.Logger) *Offline {
	findOnce.Do(func() {
		o := &Offline{modes: map[string]bool{}, slots: make(chan struct{}, runtime.GOMAXPROCS(0)), timeout: offlineTimeout}
		if p, err := exec.LookPath("espeak-ng"); err == nil {
			o.espeak = p
		}
		if p, err := exec.LookPath("apertium"); err == nil {
			o.apertium = p
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			out, err := exec.CommandContext(ctx, p, "-l").Output()
			cancel()
			if err == nil {
				for _, m := range strings.Fields(string(out)) {
					o.modes[m] = true
				}
			}
		}
		found = o
	})
	if log != nil {
		for _, pkg := range found.Missing() {
			log.Warn("offline AI fallback unavailable: install the Debian package (build/scripts/ensure-speech-deps.sh)", "package", pkg)
		}
	}
	return found
}

// Missing lists the Debian packages the offline fallbacks lack.
func (o *Offline) Missing() []string {
	var out []string
	if o.espeak == "" {
		out = append(out, PackageEspeak)
	}
	if o.apertium == "" {
		out = append(out, PackageApertium)
	}
	if !o.modes["eng-spa"] || !o.modes["spa-eng"] {
		out = append(out, PackageEngSpa)
	}
	return out
}

// CanSpeak reports whether espeak-ng is here and has a voice for l.
func (o *Offline) CanSpeak(l shared.ResidentLanguage) bool {
	return o.espeak != "" && HasOfflineVoice(l)
}

// CanTranslate reports whether apertium translates from → to here.
func (o *Offline) CanTranslate(from, to shared.ResidentLanguage) bool {
	m := apertiumMode(from, to)
	return m != "" && o.modes[m]
}

// Translates reports whether the pair is one apertium covers at all (installed or not).
func Translates(from, to shared.ResidentLanguage) bool { return apertiumMode(from, to) != "" }

func apertiumMode(from, to shared.ResidentLanguage) string {
	switch {
	case from == shared.LanguageEnglish && to == shared.LanguageSpanish:
		return "eng-spa"
	case from == shared.LanguageSpanish && to == shared.LanguageEnglish:
		return "spa-eng"
	}
	return ""
}

// espeakVariants gives each of the nine voices an espeak-ng variant (its
// male m1–m7 and female f1–f5 voices), so the two sides of a conversation
// sound different offline too.
var espeakVariants = map[shared.SpeechVoice]string{
	shared.VoiceAlloy: "f2", shared.VoiceAsh: "m1", shared.VoiceCoral: "f3", shared.VoiceEcho: "m2",
	shared.VoiceFable: "m4", shared.VoiceOnyx: "m3", shared.VoiceNova: "f1", shared.VoiceSage: "f4", shared.VoiceShimmer: "f5",
}

// Speak says text in language l with espeak-ng and answers a WAV file.
func (o *Offline) Speak(ctx context.Context, text string, l shared.ResidentLanguage, voice shared.SpeechVoice) (*Audio, error) {
	lang, ok := languages[l]
	if !ok || lang.espeak == "" {
		return nil, ErrNoOfflineVoice.With(map[string]any{"language": string(l)})
	}
	if o.espeak == "" {
		return nil, ErrOfflineMissing.With(map[string]any{"package": PackageEspeak}).WithData(shared.AIProblemData{Package: PackageEspeak})
	}
	v := lang.espeak
	if variant, ok := espeakVariants[voice]; ok {
		v += "+" + variant
	}
	// The text goes in on stdin, so nothing in it is read as an option.
	out, err := o.run(ctx, o.espeak, text, "-v", v, "-s", "155", "--stdout")
	if err != nil {
		return nil, err
	}
	if !fixWAVSizes(out) {
		return nil, ErrOfflineFailed.With(map[string]any{"tool": "espeak-ng"})
	}
	d, _ := WAVDuration(out)
	return &Audio{Data: out, ContentType: "audio/wav", Duration: d, Model: "espeak-ng " + v}, nil
}

// Translate translates text from → to with apertium (English↔Spanish only).
// Unknown words are left as they are, unmarked (-u).
func (o *Offline) Translate(ctx context.Context, text string, from, to shared.ResidentLanguage) (string, error) {
	mode := apertiumMode(from, to)
	if mode == "" {
		return "", ErrTranslationOffline
	}
	if o.apertium == "" {
		return "", ErrOfflineMissing.With(map[string]any{"package": PackageApertium}).WithData(shared.AIProblemData{Package: PackageApertium})
	}
	if !o.modes[mode] {
		return "", ErrOfflineMissing.With(map[string]any{"package": PackageEngSpa}).WithData(shared.AIProblemData{Package: PackageEngSpa})
	}
	out, err := o.run(ctx, o.apertium, text, "-u", mode)
	if err != nil {
		return "", err
	}
	return tidy(string(out)), nil
}

// tidy collapses the runs of spaces apertium leaves where it drops a mark
// (¿ in "buenos días,   tienes"), keeping the lines.
func tidy(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// run runs a tool with text on stdin and answers its stdout.
func (o *Offline) run(ctx context.Context, path, stdin string, args ...string) ([]byte, error) {
	select {
	case o.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ErrTimeout
	}
	defer func() { <-o.slots }()
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, ErrTimeout
		}
		return nil, fmt.Errorf("%s: %w: %s", path, err, clip(stderr.String()))
	}
	return stdout.Bytes(), nil
}
