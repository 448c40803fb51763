package msg_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hearth/cloud/platform/msg"
	"hearth/shared"
)

var placeholder = regexp.MustCompile(`\{[A-Za-z]+\}`)

// Every locale file has the same keys, no empty message, and the same
// placeholders for each key, so no language shows a raw key or a hole.
func TestLocalesAreComplete(t *testing.T) {
	files, err := filepath.Glob("locales/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no locale files: %v", err)
	}
	catalogues := map[string]map[string]string{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		catalogues[strings.TrimSuffix(filepath.Base(f), ".json")] = m
	}
	// A file is locales/<lang>.json or a feature's fragment locales/<lang>.<feature>.json;
	// each fragment is compared with the en-US file of the same feature.
	langOf := func(name string) (shared.Language, string) {
		lang, feature, _ := strings.Cut(name, ".")
		return shared.Language(lang), feature
	}
	merged := map[shared.Language]int{}
	for name, m := range catalogues {
		l, _ := langOf(name)
		merged[l] += len(m)
	}
	for _, l := range msg.Languages {
		if _, ok := catalogues[string(l)]; !ok {
			t.Errorf("no locale file for %s", l)
		}
	}
	if len(merged) != len(msg.Languages) {
		t.Errorf("locale files for %d languages, want %d", len(merged), len(msg.Languages))
	}
	for name, m := range catalogues {
		_, feature := langOf(name)
		refName := string(shared.LangEnUS)
		if feature != "" {
			refName += "." + feature
		}
		ref, ok := catalogues[refName]
		if !ok {
			t.Errorf("%s has no %s to match", name, refName)
			continue
		}
		for key := range ref {
			if _, ok := m[key]; !ok {
				t.Errorf("%s lacks %q", name, key)
			}
		}
		for key, text := range m {
			if _, ok := ref[key]; !ok {
				t.Errorf("%s has %q, which %s lacks", name, key, refName)
				continue
			}
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s: %q is empty", name, key)
			}
			want, got := placeholders(ref[key]), placeholders(text)
			if !slices.Equal(want, got) {
				t.Errorf("%s: %q has placeholders %v, %s has %v", name, key, got, refName, want)
			}
		}
	}
	for l, n := range merged {
		if got := len(msg.Keys(l)); got != n {
			t.Errorf("%s: the embedded catalogue has %d keys, the files %d (a key defined twice?)", l, got, n)
		}
	}
}

func placeholders(s string) []string {
	p := placeholder.FindAllString(s, -1)
	slices.Sort(p)
	return slices.Compact(p)
}

func TestPick(t *testing.T) {
	cases := map[string]shared.Language{
		"":                           shared.LangEnUS,
		"en-US":                      shared.LangEnUS,
		"es-ES":                      shared.LangEsES,
		"es-MX,es;q=0.9":             shared.LangEsES,
		"zh-CN":                      shared.LangZhCN,
		"zh-TW,zh;q=0.8":             shared.LangZhCN,
		"fr-FR,fr;q=0.9":             shared.LangEnUS, // not offered: English
		"fr-FR, es;q=0.8, en;q=0.5":  shared.LangEsES, // the first offered language wins
		"  ZH-cn ; q=1":              shared.LangZhCN,
		"de,en-GB;q=0.7,zh-CN;q=0.3": shared.LangEnUS,
	}
	for header, want := range cases {
		if got := msg.Pick(header); got != want {
			t.Errorf("Pick(%q) = %s, want %s", header, got, want)
		}
	}
}

func TestT(t *testing.T) {
	args := map[string]any{"field": "account", "min": 6}
	cases := map[shared.Language]string{
		shared.LangEnUS: "Account must be at least 6 characters.",
		shared.LangEsES: "Cuenta debe tener al menos 6 caracteres.",
		shared.LangZhCN: "账号至少需要 6 个字符。",
	}
	for l, want := range cases {
		if got := msg.T(l, "validation.minLength", args); got != want {
			t.Errorf("T(%s) = %q, want %q", l, got, want)
		}
	}
	// A field without a label keeps its name; an unknown key is shown as itself.
	if got := msg.T(shared.LangEsES, "validation.required", map[string]any{"field": "nickname"}); got != "nickname es obligatorio." {
		t.Errorf("unlabelled field: %q", got)
	}
	if got := msg.T(shared.LangZhCN, "no.such.key", nil); got != "no.such.key" {
		t.Errorf("unknown key: %q", got)
	}
	// An unknown language falls back to English.
	if got := msg.T("fr-FR", "auth.loginFailed", nil); got != "Incorrect account or password." {
		t.Errorf("unknown language: %q", got)
	}
}

func TestLanguageInContext(t *testing.T) {
	ctx := context.Background()
	if got := msg.Language(ctx); got != shared.LangEnUS {
		t.Errorf("default language %s", got)
	}
	if got := msg.Language(msg.WithLanguage(ctx, shared.LangZhCN)); got != shared.LangZhCN {
		t.Errorf("language %s", got)
	}
}
