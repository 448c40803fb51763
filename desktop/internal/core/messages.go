package core

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"

	"hearth/shared"
)

// The shell's own messages, in the three interface languages (the cloud's
// catalogue is in cloud/platform/msg; the desktop module does not import the
// cloud). locales/<lang>.json each hold every key; a test checks that.

//go:embed locales/*.json
var localeFiles embed.FS

var languages = []shared.Language{shared.LangEnUS, shared.LangEsES, shared.LangZhCN}

var catalogue = map[shared.Language]map[string]string{}

func init() {
	for _, l := range languages {
		raw, err := localeFiles.ReadFile("locales/" + string(l) + ".json")
		if err != nil {
			panic(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			panic(fmt.Sprintf("desktop locale %s: %v", l, err))
		}
		catalogue[l] = m
	}
}

// pickLanguage chooses the language from Accept-Language, as the cloud does.
func pickLanguage(acceptLanguage string) shared.Language { return shared.PickLanguage(acceptLanguage) }

// tr renders key in l, replacing {name} with args; a missing key falls back
// to English, then to the key.
func tr(l shared.Language, key string, args map[string]any) string {
	s, ok := catalogue[l][key]
	if !ok {
		if s, ok = catalogue[shared.LangEnUS][key]; !ok {
			return key
		}
	}
	for k, v := range args {
		s = strings.ReplaceAll(s, "{"+k+"}", fmt.Sprint(v))
	}
	return s
}
