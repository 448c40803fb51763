package ai

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// keyShaped are the forms a credential takes in a provider's error text:
// an Authorization value, a labelled key, OpenAI-style sk-… keys, Google
// AIza… keys and long hex keys (Azure's are 32 hex characters).
var keyShaped = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=\-]{4,}`), "$1 ••••"},
	{regexp.MustCompile(`(?i)\b(api[-_ ]?key|x-api-key|authorization|access[-_ ]?token|secret)(["']?\s*[:=]\s*["']?)[A-Za-z0-9._~+/=\-]{8,}`), "$1$2••••"},
	{regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{8,}`), "••••"},
	{regexp.MustCompile(`\bAIza[0-9A-Za-z_\-]{30,}`), "••••"},
	{regexp.MustCompile(`\b[A-Fa-f0-9]{32,}\b`), "••••"},
}

// redactScan bounds how much of a provider's text is scanned: more is never
// shown (details are clipped to 300 characters after redaction).
const redactScan = 4000

// Redact masks credentials in text before it reaches an answer or a log:
// each of keys where it appears as it is (as Mask shows it: its last 4
// characters), then anything key-shaped. Every provider error's detail goes
// through it, and so does every line the AI service logs about a failed call.
func Redact(text string, keys ...string) string {
	if utf8.RuneCountInString(text) > redactScan {
		text = string([]rune(text)[:redactScan])
	}
	for _, k := range keys {
		if len(k) >= 4 {
			text = strings.ReplaceAll(text, k, Mask(k))
		}
	}
	for _, k := range keyShaped {
		text = k.re.ReplaceAllString(text, k.with)
	}
	return text
}
