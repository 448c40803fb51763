package aiservice_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"os/exec"
	"testing"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const (
	api   = "/api/ai"
	maple = "Maple House AFH"   // premium
	cedar = "Cedar Home AFH"    // essential
	birch = "Birch Cottage AFH" // free
	key   = "sk-test-key-0123456789WXYZ"
)

// useProvider makes the super admin point the translation, transcription and
// speech capabilities at the protocol test server.
func useProvider(tb testing.TB, e *servertest.Env, s *aitest.Server, perMinute int) *servertest.Client {
	tb.Helper()
	admin := e.SignIn(tb, "superadmin")
	req := shared.SaveAIConfigRequest{TenantPerMinute: perMinute}
	for _, c := range []shared.AICapability{shared.AITranslation, shared.AITranscription, shared.AISpeech} {
		req.Providers = append(req.Providers, shared.AIProviderSave{Capability: c, BaseURL: s.BaseURL(), APIKey: key, TimeoutSeconds: 2})
	}
	admin.Post(tb, api+"/config/save", req).OK(tb)
	return admin
}

// silence is a WAV of d milliseconds of 16 kHz mono silence.
func silence(ms int) []byte {
	n := 16 * ms
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+2*n))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(16000), uint32(32000), uint16(2), uint16(16)} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, uint32(2*n))
	b.Write(make([]byte, 2*n))
	return b.Bytes()
}

// spoken is a WAV of espeak-ng saying text (the test skips without espeak-ng).
func spoken(t *testing.T, text string) []byte {
	t.Helper()
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Skip("espeak-ng is not installed: run build/scripts/ensure-speech-deps.sh (make test does)")
	}
	out, err := exec.CommandContext(context.Background(), "espeak-ng", "-v", "en-us", "--stdout", text).Output()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func transcribe(t *testing.T, e *servertest.Env, c *servertest.Client, language string, p filetest.Part) *servertest.Response {
	t.Helper()
	p.Field = "file"
	fields := map[string]string{}
	if language != "" {
		fields["language"] = language
	}
	return filetest.Post(t, e, c, api+"/voice/transcription", fields, p)
}

func translate(t *testing.T, c *servertest.Client, text string, from, to shared.ResidentLanguage) *servertest.Response {
	t.Helper()
	return c.Post(t, api+"/translator/translate", shared.TranslateRequest{Text: text, From: from, To: to})
}

func needApertium(t *testing.T) {
	t.Helper()
	out, err := exec.Command("apertium", "-l").Output()
	if err != nil || !bytes.Contains(out, []byte("eng-spa")) {
		t.Skip("apertium with apertium-eng-spa is not installed: run build/scripts/ensure-speech-deps.sh (make test does)")
	}
}
