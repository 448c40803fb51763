package shared

import "testing"

func TestPillCountRule(t *testing.T) {
	n := func(v int) *int { return &v }
	for _, c := range []struct {
		name          string
		required      bool
		before, after *int
		field, rule   string
	}{
		{"none, not required", false, nil, nil, "", ""},
		{"none, required", true, nil, nil, "countBefore", "required"},
		{"only after", false, nil, n(5), "countBefore", "required"},
		{"only before", false, n(5), nil, "countAfter", "required"},
		{"only before, required", true, n(5), nil, "countAfter", "required"},
		{"going up", false, n(1), n(5), "countAfter", "maximum"},
		{"going up, required", true, n(10), n(11), "countAfter", "maximum"},
		{"going down", true, n(10), n(9), "", ""},
		{"unchanged", false, n(12), n(12), "", ""},
	} {
		if f, r := PillCountRule(c.required, c.before, c.after); f != c.field || r != c.rule {
			t.Errorf("%s: %q %q, want %q %q", c.name, f, r, c.field, c.rule)
		}
	}
}
