// Package i18n is the message translator shared by the cloud (cloud/platform/msg)
// and the desktop shell (desktop/internal/core): a catalogue of messages in the
// three interface languages, filled from JSON files, one source at a time.
package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"hearth/shared"
)

// Languages are the interface languages; the first is the fallback.
var Languages = []shared.Language{shared.LangEnUS, shared.LangEsES, shared.LangZhCN}

// Catalogue holds messages by language. Sources are added at start-up (package
// init); lookups are safe from any goroutine.
type Catalogue struct {
	mu      sync.RWMutex
	msgs    map[shared.Language]map[string]string
	sources map[string]map[shared.Language]map[string]string // for Check
	owner   map[string]string                                // key → source
}

// New is an empty catalogue.
func New() *Catalogue {
	c := &Catalogue{msgs: map[shared.Language]map[string]string{}, sources: map[string]map[shared.Language]map[string]string{},
		owner: map[string]string{}}
	for _, l := range Languages {
		c.msgs[l] = map[string]string{}
	}
	return c
}

// Add reads <lang>.json for every language from fsys (its root) as the
// messages of source (a feature's name). A missing file, bad JSON or a key
// another source already defines is an error.
func (c *Catalogue) Add(source string, fsys fs.FS) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, dup := c.sources[source]; dup {
		return fmt.Errorf("messages of %s added twice", source)
	}
	parts := map[shared.Language]map[string]string{}
	for _, l := range Languages {
		raw, err := fs.ReadFile(fsys, string(l)+".json")
		if err != nil {
			return fmt.Errorf("messages of %s: %w", source, err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return fmt.Errorf("messages of %s, %s: %w", source, l, err)
		}
		parts[l] = m
	}
	for _, l := range Languages {
		for k := range parts[l] {
			if other, dup := c.owner[k]; dup && other != source {
				return fmt.Errorf("messages of %s: key %q is already defined by %s", source, k, other)
			}
		}
	}
	for _, l := range Languages {
		for k, v := range parts[l] {
			c.msgs[l][k] = v
			c.owner[k] = source
		}
	}
	c.sources[source] = parts
	return nil
}

// Has reports whether key has a message in language l.
func (c *Catalogue) Has(l shared.Language, key string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.msgs[l][key]
	return ok
}

// Keys returns a copy of one language's messages.
func (c *Catalogue) Keys(l shared.Language) map[string]string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make(map[string]string, len(c.msgs[l]))
	for k, v := range c.msgs[l] {
		out[k] = v
	}
	return out
}

// T renders key in language l, replacing {name} with args; the argument named
// field is shown as its label ("field.<name>") when the catalogue has one. A
// missing key falls back to English, then to the key itself.
func (c *Catalogue) T(l shared.Language, key string, args map[string]any) string {
	c.mu.RLock()
	s, ok := c.msgs[l][key]
	if !ok {
		if s, ok = c.msgs[shared.LangEnUS][key]; !ok {
			s = key
		}
	}
	c.mu.RUnlock()
	for k, v := range args {
		val := fmt.Sprint(v)
		if k == "field" {
			val = c.Field(l, val)
		}
		s = strings.ReplaceAll(s, "{"+k+"}", val)
	}
	return s
}

// Field gives a field's label in l ("field.<name>"), or the name itself.
func (c *Catalogue) Field(l shared.Language, name string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if s, ok := c.msgs[l]["field."+name]; ok {
		return s
	}
	return name
}

var placeholder = regexp.MustCompile(`\{[A-Za-z]+\}`)

// Placeholders are the distinct {names} in a message, sorted.
func Placeholders(s string) []string {
	p := placeholder.FindAllString(s, -1)
	slices.Sort(p)
	return slices.Compact(p)
}

// Check lists what is wrong with the catalogue: within each source, a key one
// language has and another lacks, an empty message, or placeholders that
// differ from the English message's. Empty when all is well.
func (c *Catalogue) Check() []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	var out []string
	for source, parts := range c.sources {
		ref := parts[shared.LangEnUS]
		for _, l := range Languages {
			m := parts[l]
			for k := range ref {
				if _, ok := m[k]; !ok {
					out = append(out, fmt.Sprintf("%s: %s lacks %q", source, l, k))
				}
			}
			for k, text := range m {
				if _, ok := ref[k]; !ok {
					out = append(out, fmt.Sprintf("%s: %s has %q, which %s lacks", source, l, k, shared.LangEnUS))
					continue
				}
				if strings.TrimSpace(text) == "" {
					out = append(out, fmt.Sprintf("%s: %s %q is empty", source, l, k))
				}
				if want, got := Placeholders(ref[k]), Placeholders(text); !slices.Equal(want, got) {
					out = append(out, fmt.Sprintf("%s: %s %q has placeholders %v, %s has %v", source, l, k, got, shared.LangEnUS, want))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}
