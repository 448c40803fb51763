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
	"strconv"
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
// field inside an item of a list ("notes[1].notes") whose list has an item
// label ("field.notes[]": "Note {n}", n counted from 1) is said as the item
// then the rule: "Note 2: Notes must be at most 4096 characters." (key
// validation.item), its own label being "field.notes[].notes", else
// "field.notes". A missing key falls back to English, then to the key itself.
func (c *Catalogue) T(l shared.Language, key string, args map[string]any) string {
	if f, ok := args["field"].(string); ok {
		if item, rest, ok := c.item(l, f); ok {
			inner := make(map[string]any, len(args))
			for k, v := range args {
				inner[k] = v
			}
			if rest == "" {
				inner["field"] = item
				return c.render(l, key, inner, false)
			}
			inner["field"] = rest
			return c.T(l, "validation.item", map[string]any{"item": item, "detail": c.T(l, key, inner)})
		}
	}
	return c.render(l, key, args, true)
}

// itemPath is a field inside an item of a list: list[i] or list[i].rest.
var itemPath = regexp.MustCompile(`^([A-Za-z0-9_.]+)\[(\d+)\](?:\.(.+))?$`)

// item splits a field inside a list's item into the item's label ("Note 2")
// and the field's name within it, its label key when the list has one
// (list[].rest), else rest; false when the field is not in an item or its
// list has no item label.
func (c *Catalogue) item(l shared.Language, field string) (item, rest string, ok bool) {
	m := itemPath.FindStringSubmatch(field)
	if m == nil {
		return "", "", false
	}
	list := m[1] + "[]"
	c.mu.RLock()
	_, labelled := c.msgs[shared.LangEnUS]["field."+list]
	_, own := c.msgs[shared.LangEnUS]["field."+list+"."+m[3]]
	c.mu.RUnlock()
	if !labelled {
		return "", "", false
	}
	n, _ := strconv.Atoi(m[2])
	rest = m[3]
	if rest != "" && own {
		rest = list + "." + rest
	}
	return c.render(l, "field."+list, map[string]any{"n": n + 1}, false), rest, true
}

// render is T without items: field (when labels) is shown as its label.
func (c *Catalogue) render(l shared.Language, key string, args map[string]any, labels bool) string {
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
		if k == "field" && labels {
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
