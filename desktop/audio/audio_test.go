package audio

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestRecordTone records 3 s from a real PulseAudio server whose default
// source is the monitor of a null sink that module-sine plays 440 Hz into (this
// machine has no sound card). module-sine-source was tried first: miniaudio got
// one buffer from it and then nothing, while parecord read it fine.
func TestRecordTone(t *testing.T) {
	if !Available() {
		t.Skipf("this build (%s, cgo off or not Linux) records nothing by design", runtime.GOOS)
	}
	startPulse(t, 440)

	start := time.Now()
	rec, err := Record(context.Background(), 3)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	t.Logf("recorded %.2f s in %s, %d bytes", rec.Seconds(), time.Since(start).Round(time.Millisecond), len(rec.WAV))

	w := rec.WAV
	if len(w) < 44 || string(w[0:4]) != "RIFF" || string(w[8:16]) != "WAVEfmt " || string(w[36:40]) != "data" {
		t.Fatalf("not a WAV header: % x", w[:min(len(w), 44)])
	}
	le16 := func(o int) int { return int(binary.LittleEndian.Uint16(w[o:])) }
	le32 := func(o int) int { return int(binary.LittleEndian.Uint32(w[o:])) }
	if le16(20) != 1 || le16(22) != 1 || le32(24) != 16000 || le16(34) != 16 {
		t.Fatalf("format: pcm=%d channels=%d rate=%d bits=%d; want 1 1 16000 16", le16(20), le16(22), le32(24), le16(34))
	}
	if le32(4) != len(w)-8 || le32(40) != len(w)-44 {
		t.Fatalf("chunk sizes %d/%d for a %d-byte file", le32(4), le32(40), len(w))
	}
	secs := float64(le32(40)) / 2 / 16000
	if math.Abs(secs-3) > 0.05 {
		t.Fatalf("duration %.3f s, want 3 s", secs)
	}

	samples := make([]int16, le32(40)/2)
	for i := range samples {
		samples[i] = int16(binary.LittleEndian.Uint16(w[44+2*i:]))
	}
	// Skip the first 100 ms: a source can start with a ramp or silence.
	samples = samples[1600:]
	var sum float64
	crossings := 0
	for i, s := range samples {
		sum += float64(s) * float64(s)
		if i > 0 && (samples[i-1] < 0) != (s < 0) {
			crossings++
		}
	}
	rms := math.Sqrt(sum / float64(len(samples)))
	freq := float64(crossings) / 2 / (float64(len(samples)) / 16000)
	t.Logf("rms %.0f, %d zero crossings ≈ %.1f Hz", rms, crossings, freq)
	if rms < 1000 {
		t.Fatalf("silent recording: rms %.0f", rms)
	}
	if math.Abs(freq-440) > 440*0.03 {
		t.Fatalf("tone at %.1f Hz, want 440 Hz", freq)
	}
}

// TestRecordNoSoundServer: without a sound server or card the recording
// fails with an error instead of returning silence.
func TestRecordNoSoundServer(t *testing.T) {
	if !Available() {
		t.Skip("this build records nothing by design")
	}
	if _, err := os.Stat("/proc/asound/cards"); err == nil {
		if b, _ := os.ReadFile("/proc/asound/cards"); len(b) > 0 && string(b) != "--- no soundcards ---\n" {
			t.Skip("this computer has a sound card: ALSA would record from it")
		}
	}
	t.Setenv("PULSE_SERVER", "unix:"+filepath.Join(t.TempDir(), "nobody-here"))
	t.Setenv("PULSE_AUTOSPAWN", "0") // libpulse would otherwise start a daemon
	_, err := Record(context.Background(), 1)
	if err == nil {
		t.Fatal("recorded without a sound server or card")
	}
	t.Logf("error as expected: %v", err)
}

func TestRecordSecondsBounds(t *testing.T) {
	for _, s := range []int{0, -1, 61} {
		if _, err := Record(context.Background(), s); err == nil {
			t.Errorf("Record(%d) did not fail", s)
		}
	}
}

// startPulse runs a private PulseAudio daemon (as root too) whose default
// source is a sine tone, and points this process's libpulse at it.
func startPulse(t *testing.T, hz int) {
	t.Helper()
	bin, err := exec.LookPath("pulseaudio")
	if err != nil {
		t.Skip("pulseaudio is not installed (apt-get install pulseaudio; make desktop-test installs it)")
	}
	dir, err := os.MkdirTemp("", "hearth-pa") // short: a unix socket path is at most 107 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := filepath.Join(dir, "native")
	// The tone plays into a null sink whose monitor is the default source.
	// Not module-sine-source: it delivers 2 s blocks (its fixed latency), more
	// than miniaudio's ~75 ms capture queue holds, so most of it is dropped; a
	// microphone, like the monitor, delivers small fragments (seen here).
	script := "load-module module-native-protocol-unix auth-anonymous=1 socket=" + sock + "\n" +
		"load-module module-null-sink sink_name=mic rate=16000 channels=1\n" +
		"load-module module-sine sink=mic frequency=" + strconv.Itoa(hz) + "\n" +
		"set-default-source mic.monitor\n"
	if err := os.WriteFile(filepath.Join(dir, "default.pa"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	// -n: no default.pa from /etc; --system=false with HOME/XDG dirs of its own
	// lets root run a per-user daemon (it only warns).
	cmd := exec.Command(bin, "-n", "-F", filepath.Join(dir, "default.pa"), "--daemonize=no", "--system=false",
		"--exit-idle-time=-1", "--use-pid-file=no", "--log-target=stderr")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_RUNTIME_DIR="+dir, "XDG_CONFIG_HOME="+dir)
	logf, _ := os.Create(filepath.Join(dir, "pulse.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("start pulseaudio: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); logf.Close() })
	for i := 0; ; i++ {
		if _, err := os.Stat(sock); err == nil {
			break
		}
		if i == 100 {
			b, _ := os.ReadFile(filepath.Join(dir, "pulse.log"))
			t.Fatalf("pulseaudio did not start in 10 s:\n%s", b)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Setenv("PULSE_SERVER", "unix:"+sock)
}
