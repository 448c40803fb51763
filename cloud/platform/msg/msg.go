// Package msg holds the server's message catalogue in the three interface
// languages and picks the caller's language from Accept-Language.
package msg

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"strings"

	"hearth/shared"
)

//go:embed locales/*.json
var files embed.FS

// Languages are the interface languages; the first is the fallback.
var Languages = []shared.Language{shared.LangEnUS, shared.LangEsES, shared.LangZhCN}

var catalogue = map[shared.Language]map[string]string{}

func init() {
	for _, l := range Languages {
		catalogue[l] = map[string]string{}
	}
	// locales/<lang>.json holds the platform's messages; locales/<lang>.<feature>.json
	// holds one feature's, so features add messages without touching a shared file.
	entries, err := files.ReadDir("locales")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		lang := shared.Language(strings.SplitN(e.Name(), ".", 2)[0])
		m, ok := catalogue[lang]
		if !ok {
			panic(fmt.Sprintf("locale file %s: unknown language %q", e.Name(), lang))
		}
		raw, err := files.ReadFile("locales/" + e.Name())
		if err != nil {
			panic(err)
		}
		part := map[string]string{}
		if err := json.Unmarshal(raw, &part); err != nil {
			panic(fmt.Sprintf("locale %s: %v", e.Name(), err))
		}
		for k, v := range part {
			if _, dup := m[k]; dup {
				panic(fmt.Sprintf("locale %s: key %q is defined twice", e.Name(), k))
			}
			m[k] = v
		}
	}
}

// Keys returns the catalogue of one language (for the completeness test).
func Keys(l shared.Language) map[string]string { return catalogue[l] }

// Pick chooses the interface language from an Accept-Language value.
func Pick(acceptLanguage string) shared.Language { return shared.PickLanguage(acceptLanguage) }

// T renders key in language l, replacing {name} with args. A missing key falls
// back to English, then to the key itself.
func T(l shared.Language, key string, args map[string]any) string {
	s, ok := catalogue[l][key]
	if !ok {
		if s, ok = catalogue[shared.LangEnUS][key]; !ok {
			s = key
		}
	}
	for k, v := range args {
		val := fmt.Sprint(v)
		if k == "field" {
			val = Field(l, val)
		}
		s = strings.ReplaceAll(s, "{"+k+"}", val)
	}
	return s
}

// Field gives a field's label in l ("field.<name>"), or the name itself.
func Field(l shared.Language, name string) string {
	if s, ok := catalogue[l]["field."+name]; ok {
		return s
	}
	return name
}

type ctxKey struct{}

// WithLanguage stores the caller's language in ctx.
func WithLanguage(ctx context.Context, l shared.Language) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// Language is the caller's language stored by WithLanguage (English if none).
func Language(ctx context.Context) shared.Language {
	if l, ok := ctx.Value(ctxKey{}).(shared.Language); ok {
		return l
	}
	return shared.LangEnUS
}
