package frontend

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
)

// The UI's page list and its menu names, read from the UI's own sources so
// the server's menu editor (cloud/feature/menu) accepts exactly the pages and
// names the UI has, with no copy to keep in step.
var (
	//go:embed src/app/pageRegistry.ts
	pageRegistry string
	//go:embed src/lib/i18n/locales/en-US.json
	englishLocale []byte
)

// pageKey is one entry of PAGE_REGISTRY: '/url': lazyPage(...).
var pageKey = regexp.MustCompile(`(?m)^\s*'(/[^']*)':\s*lazyPage\(`)

// Pages are the menu URLs the UI has a page for (PAGE_REGISTRY in src/app/pageRegistry.ts), sorted.
func Pages() []string {
	block := pageRegistry
	if i := strings.Index(block, "PAGE_REGISTRY"); i >= 0 {
		block = block[i:]
		if j := strings.Index(block, "\n};"); j >= 0 {
			block = block[:j]
		}
	}
	var out []string
	for _, m := range pageKey.FindAllStringSubmatch(block, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// MenuNameKeys are the i18n keys of menu names the UI has ("menu.dashboard", ...), sorted.
func MenuNameKeys() []string {
	var locale struct {
		Menu map[string]json.RawMessage `json:"menu"`
	}
	if err := json.Unmarshal(englishLocale, &locale); err != nil {
		panic("frontend: en-US locale: " + err.Error())
	}
	out := make([]string, 0, len(locale.Menu))
	for k, v := range locale.Menu {
		if len(v) > 0 && v[0] == '"' { // a name, not a group of keys
			out = append(out, "menu."+k)
		}
	}
	slices.Sort(out)
	return out
}
