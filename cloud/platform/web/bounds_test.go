package web

import (
	"errors"
	"mime/multipart"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

type boundsFilter struct {
	Name string `json:"name"`
}

type boundsItem struct {
	IssueDate string `json:"issueDate" format:"date-or-empty"`
	When      int64  `json:"whenAt" format:"date-ms"`
	Given     int64  `json:"given" format:"event-ms"`
	Month     string `json:"month" format:"month"`
	Note      string `json:"note"`
}

type boundsBody struct {
	Items  []boundsItem      `json:"items"`
	Filter *boundsFilter     `json:"data"`
	Notes  string            `json:"notes"`
	Size   int64             `json:"size"`
	Extra  map[string]string `json:"extra"`
	Any    any               `json:"any"`
	// A field named like a date but declaring no format is not a date: the
	// type decides, never the name (cloud/server's guard makes every date declare one).
	SeenAt int64 `json:"seenAt"`
}

type boundsQuery struct {
	Text string `query:"text"`
	Day  string `query:"day" format:"date"`
}

func TestCheckBounds(t *testing.T) {
	t.Parallel()
	for want, in := range map[string]any{
		"": &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{IssueDate: "2024-05-01", When: shared.MaxDateMillis - 1, Given: shared.EventMinMillis,
			Month: "2024-05", Note: "line one\r\nline two\tand a tab"}},
			Notes: "Zoë 你好", Size: 1 << 62, Filter: &boundsFilter{Name: "Zoë"}, Extra: map[string]string{"a": "b"},
			Any: map[string]any{"x": []any{"y", 1.0}}, SeenAt: -5}},
		"items[0].issueDate/dateRange":      &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{IssueDate: "1850-01-01"}}}},
		"items[0].issueDate/dateRange 9999": &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{IssueDate: "9999-12-31"}}}},
		"items[0].issueDate/format":         &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{IssueDate: "2024-02-30"}}}},
		"items[0].month/format":             &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{Month: "2024-5"}}}},
		"items[0].month/dateRange":          &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{Month: "2200-01"}}}},
		"items[1].whenAt/dateRange":         &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{}, {When: shared.MinDateMillis - 1}}}},
		"items[0].given/dateRange -1":       &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{Given: -1}}}},
		"items[0].given/dateRange seconds":  &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{Given: 1_700_000_000}}}},
		"items[0].given/dateRange 1999":     &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{Given: shared.EventMinMillis - 1}}}},
		"data.name/controlCharacters":       &Body[boundsBody]{Body: boundsBody{Filter: &boundsFilter{Name: "\x00"}}},
		"data.name/controlCharacters tab":   &Body[boundsBody]{Body: boundsBody{Filter: &boundsFilter{Name: "a\tb"}}},
		"notes/controlCharacters":           &Body[boundsBody]{Body: boundsBody{Notes: "a\x00b"}},
		"notes/controlCharacters DEL":       &Body[boundsBody]{Body: boundsBody{Notes: "a\x7fb"}},
		"notes/controlCharacters C1":        &Body[boundsBody]{Body: boundsBody{Notes: "a\u0085b"}},
		"notes/encoding":                    &Body[boundsBody]{Body: boundsBody{Notes: "a\xffb"}},
		"items[0].note/controlCharacters":   &Body[boundsBody]{Body: boundsBody{Items: []boundsItem{{Note: "\x1b[31m"}}}},
		"extra.a/controlCharacters":         &Body[boundsBody]{Body: boundsBody{Extra: map[string]string{"a": "\x00"}}},
		"extra/controlCharacters key":       &Body[boundsBody]{Body: boundsBody{Extra: map[string]string{"\x00": "b"}}},
		"any.x[0]/controlCharacters":        &Body[boundsBody]{Body: boundsBody{Any: map[string]any{"x": []any{"\x00"}}}},
		"text/controlCharacters":            &boundsQuery{Text: "\x00"},
		"day/dateRange":                     &boundsQuery{Day: "0001-01-01"},
	} {
		got := rule(checkBounds(in))
		w, _, _ := strings.Cut(want, " ")
		if strings.HasSuffix(want, " key") { // a map key's path is the map's
			w = "extra/controlCharacters"
		}
		if got != w {
			t.Errorf("%q: got %q", want, got)
		}
	}
}

// A multipart form's text fields are checked like a JSON body's.
func TestCheckBoundsMultipart(t *testing.T) {
	t.Parallel()
	type form struct {
		File   huma.FormFile `form:"file"`
		UserID string        `form:"userId"`
		Day    string        `form:"day" format:"date-or-empty"`
	}
	type input struct {
		RawBody huma.MultipartFormFiles[form]
	}
	with := func(f form) *input {
		in := &input{RawBody: huma.MultipartFormFiles[form]{Form: &multipart.Form{}}}
		// Huma fills the unexported data *T before the handler runs; a test has to reach it.
		data := reflect.ValueOf(&in.RawBody).Elem().FieldByName("data")
		reflect.NewAt(data.Type(), unsafe.Pointer(data.UnsafeAddr())).Elem().Set(reflect.ValueOf(&f))
		return in
	}
	for want, f := range map[string]form{
		"":                         {UserID: "u1", Day: "2024-05-01"},
		"userId/controlCharacters": {UserID: "u\x001"},
		"day/dateRange":            {Day: "9999-12-31"},
	} {
		if got := rule(checkBounds(with(f))); got != want {
			t.Errorf("%q: got %q", want, got)
		}
	}
	if got := rule(checkBounds(&input{})); got != "" { // no form read (nil data)
		t.Errorf("empty form: %q", got)
	}
}

func TestHasControlExceptLineBreaks(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"": false, "plain": false, "tab\there": false, "line\nbreak": false, "windows\r\nline": false, "Zoë — 你好 ❤": false,
		"\x00": true, "a\x01": true, "\x1f": true, "\x7f": true, "\u0080": true, "\u009f": true, "\u00a0": false, "\u2028": false,
	} {
		if got := shared.HasControlExceptLineBreaks(s); got != want {
			t.Errorf("%q: %v", s, got)
		}
	}
}

// rule is a refusal as field/rule ("" for none).
func rule(err error) string {
	var p *problem.Error
	if errors.As(err, &p) {
		if fes, ok := p.Data.([]shared.FieldError); ok && len(fes) == 1 {
			return fes[0].Field + "/" + fes[0].Rule
		}
	}
	if err != nil {
		return err.Error()
	}
	return ""
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
