package ai

import (
	"context"
	"testing"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// A server without the Debian packages says which one is missing (4154), for
// each tool and for the English-Spanish pair alone, instead of failing.
func TestOfflineToolsMissing(t *testing.T) {
	t.Parallel()
	none := &Offline{modes: map[string]bool{}, slots: make(chan struct{}, 1), timeout: offlineTimeout}
	noPair := &Offline{apertium: "/usr/bin/apertium", modes: map[string]bool{"spa-cat": true}, slots: make(chan struct{}, 1), timeout: offlineTimeout}
	check := func(err error, pkg string) {
		t.Helper()
		p, ok := problem.As(err)
		if !ok || p.Code != shared.CodeAIOfflineMissing || p.Args["package"] != pkg || p.Data.(shared.AIProblemData).Package != pkg {
			t.Fatalf("want 4154 naming %s, got %v", pkg, err)
		}
	}
	_, err := none.Speak(context.Background(), "hello", shared.LanguageEnglish, shared.VoiceAlloy)
	check(err, PackageEspeak)
	_, err = none.Translate(context.Background(), "hello", shared.LanguageEnglish, shared.LanguageSpanish)
	check(err, PackageApertium)
	_, err = noPair.Translate(context.Background(), "hola", shared.LanguageSpanish, shared.LanguageEnglish)
	check(err, PackageEngSpa)
	if got := none.Missing(); len(got) != 3 {
		t.Fatalf("missing %v", got)
	}
	// Tagalog: no voice exists, installed or not.
	_, err = none.Speak(context.Background(), "salamat po", shared.LanguageTagalog, shared.VoiceAlloy)
	if p, ok := problem.As(err); !ok || p.Code != shared.CodeAINoOfflineVoice {
		t.Fatalf("Tagalog: %v", err)
	}
}
