// Package msg holds the server's message catalogue in the three interface
// languages and picks the caller's language from Accept-Language.
package msg

import (
	"context"
	"embed"
	"io/fs"

	"hearth/shared"
	"hearth/shared/i18n"
)

//go:embed locales/*.json
var files embed.FS

// Languages are the interface languages; the first is the fallback.
var Languages = i18n.Languages

// catalogue holds the platform's messages (locales/<lang>.json: envelope
// errors, validation rules, shared field labels) and every feature's, which
// each feature adds from its own messages/ directory with Register.
var catalogue = i18n.New()

func init() {
	sub, err := fs.Sub(files, "locales")
	if err != nil {
		panic(err)
	}
	Register("platform", sub)
}

// Register adds a feature's messages: fsys holds en-US.json, es-ES.json and
// zh-CN.json. Call it from the feature's package init:
//
//	//go:embed messages/*.json
//	var messages embed.FS
//
//	func init() { msg.RegisterDir("resident", messages, "messages") }
//
// A missing language, bad JSON or a key another source defines panics at start-up.
func Register(source string, fsys fs.FS) {
	if err := catalogue.Add(source, fsys); err != nil {
		panic(err)
	}
}

// RegisterDir is Register for the directory dir of fsys.
func RegisterDir(source string, fsys fs.FS, dir string) {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	Register(source, sub)
}

// Keys returns the catalogue of one language (for the completeness tests).
func Keys(l shared.Language) map[string]string { return catalogue.Keys(l) }

// Has reports whether key has a message in l.
func Has(l shared.Language, key string) bool { return catalogue.Has(l, key) }

// Check lists missing keys, empty messages and mismatched placeholders in the
// registered messages; empty when all is well.
func Check() []string { return catalogue.Check() }

// Pick chooses the interface language from an Accept-Language value.
func Pick(acceptLanguage string) shared.Language { return shared.PickLanguage(acceptLanguage) }

// T renders key in language l, replacing {name} with args. A missing key falls
// back to English, then to the key itself.
func T(l shared.Language, key string, args map[string]any) string { return catalogue.T(l, key, args) }

// Field gives a field's label in l ("field.<name>"), or the name itself.
func Field(l shared.Language, name string) string { return catalogue.Field(l, name) }

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
