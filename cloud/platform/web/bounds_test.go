package web

import (
	"strings"
	"testing"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

type boundsFilter struct {
	Name string `json:"name"`
}

type boundsItem struct {
	IssueDate string `json:"issueDate"`
	When      int64  `json:"whenAt"`
}

type boundsBody struct {
	Items  []boundsItem  `json:"items"`
	Filter *boundsFilter `json:"data"`
	Notes  string        `json:"notes"`
	Size   int64         `json:"size"`
}

func TestCheckBounds(t *testing.T) {
	rule := func(err error) string {
		if p, ok := err.(*problem.Error); ok {
			if fes, ok := p.Data.([]shared.FieldError); ok && len(fes) == 1 {
				return fes[0].Field + "/" + fes[0].Rule
			}
		}
		if err != nil {
			return err.Error()
		}
		return ""
	}
	for want, in := range map[string]boundsBody{
		"":                           {Items: []boundsItem{{IssueDate: "2024-05-01", When: shared.MaxDateMillis - 1}}, Notes: "line one\nline two", Size: 1 << 62, Filter: &boundsFilter{Name: "Zoë"}},
		"issueDate/dateRange":        {Items: []boundsItem{{IssueDate: "1850-01-01"}}},
		"whenAt/dateRange":           {Items: []boundsItem{{}, {When: shared.MinDateMillis - 1}}},
		"name/controlCharacters":     {Filter: &boundsFilter{Name: "\x00"}},
		"issueDate/dateRange (9999)": {Items: []boundsItem{{IssueDate: "9999-12-31"}}},
	} {
		got := rule(checkBounds(&Body[boundsBody]{Body: in}))
		if w, _, _ := strings.Cut(want, " "); got != w {
			t.Errorf("%q: got %q", want, got)
		}
	}
}

// BenchmarkCheckBounds: the cost the check adds to a list call.
func BenchmarkCheckBounds(b *testing.B) {
	in := &Body[shared.PageRequest[shared.ResidentFilter]]{Body: shared.PageRequest[shared.ResidentFilter]{Current: 1, Size: 20,
		Data: shared.ResidentFilter{Name: "Olsen", Room: "4"}}}
	b.ReportAllocs()
	for b.Loop() {
		if err := checkBounds(in); err != nil {
			b.Fatal(err)
		}
	}
}
