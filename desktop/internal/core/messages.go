package core

import (
	"embed"
	"io/fs"

	"hearth/shared"
	"hearth/shared/i18n"
)

// The shell's own messages, in the three interface languages, through the same
// translator as the cloud's (hearth/shared/i18n; the desktop module does not
// import the cloud). locales/<lang>.json each hold every key; a test checks that.

//go:embed locales/*.json
var localeFiles embed.FS

var catalogue = func() *i18n.Catalogue {
	c := i18n.New()
	sub, err := fs.Sub(localeFiles, "locales")
	if err == nil {
		err = c.Add("desktop", sub)
	}
	if err != nil {
		panic(err)
	}
	return c
}()

// pickLanguage chooses the language from Accept-Language, as the cloud does.
func pickLanguage(acceptLanguage string) shared.Language { return shared.PickLanguage(acceptLanguage) }

// tr renders key in l, replacing {name} with args; a missing key falls back
// to English, then to the key.
func tr(l shared.Language, key string, args map[string]any) string { return catalogue.T(l, key, args) }
