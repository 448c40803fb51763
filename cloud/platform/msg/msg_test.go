package msg_test

import (
	"context"
	"testing"

	"hearth/cloud/platform/msg"
	"hearth/shared"
)

// The platform's locale files have the same keys, no empty message and the
// same placeholders in every language (features' files are checked with the
// whole server in cloud/server/messages_test.go).
func TestLocalesAreComplete(t *testing.T) {
	for _, problem := range msg.Check() {
		t.Error(problem)
	}
	for _, l := range msg.Languages {
		if len(msg.Keys(l)) == 0 {
			t.Errorf("no messages in %s", l)
		}
	}
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
	if got := msg.T("fr-FR", "error.notFound", nil); got != "The record was not found." {
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
