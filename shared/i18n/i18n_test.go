package i18n

import (
	"testing"
	"testing/fstest"

	"hearth/shared"
)

// A field inside a list's item is said as the item then the rule when the
// list has an item label; otherwise as its bare name, as before.
func TestItemField(t *testing.T) {
	c := New()
	files := fstest.MapFS{}
	for _, l := range Languages {
		files[string(l)+".json"] = &fstest.MapFile{Data: []byte(`{"validation.item": "{item}: {detail}", "rule": "{field} is too long.",
			"field.notes[]": "Note {n}", "field.notes": "Notes", "field.lines[].qty": "Quantity"}`)}
	}
	if err := c.Add("test", files); err != nil {
		t.Fatal(err)
	}
	for field, want := range map[string]string{
		"notes[1].notes": "Note 2: Notes is too long.",
		"notes[0]":       "Note 1 is too long.",
		"notes":          "Notes is too long.",
		"lines[3].qty":   "lines[3].qty is too long.", // no item label for lines
		"notes[2].other": "Note 3: other is too long.",
	} {
		if got := c.T(shared.LangEnUS, "rule", map[string]any{"field": field}); got != want {
			t.Errorf("%s: %q, want %q", field, got, want)
		}
	}
}
