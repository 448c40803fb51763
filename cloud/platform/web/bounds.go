package web

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// checkBounds refuses, for every route and before its handler runs, what no
// request may carry (docs/api.md, Limits):
//   - text that is not UTF-8, or holds a control character: in a list filter
//     (a struct type named …Filter) any, elsewhere any but tab, line feed and
//     carriage return (shared.HasControlExceptLineBreaks);
//   - a date or time outside its bounds, decided by the field's `format` tag
//     (shared.FormatDate … shared.FormatEventMillis), never by its name.
//
// It walks every input type, JSON body, query, path and multipart form
// alike; it looks into Hearth's own types only (hearth/...), never a
// library's, but for the fields of a multipart form. What to check in each
// input type is worked out once, by reflection, and kept.
func checkBounds(in any) error {
	v := reflect.ValueOf(in)
	c := checkerOf(v.Type())
	if c == nil {
		return nil
	}
	err := c(v)
	var b *boundsError
	if errors.As(err, &b) {
		return problem.Invalid(b.field(), b.rule, b.key, b.args)
	}
	return err
}

// CheckBounds applies the same bounds to a value a handler decoded itself (a
// form-encoded body), with the same answers and field names.
func CheckBounds(v any) error { return checkBounds(v) }

// boundsError is a refusal on its way up from the value that failed: each
// level it passes adds its part of the field's path ("notes[1].notes").
type boundsError struct {
	path      []string // innermost first
	rule, key string
	args      map[string]any
}

func (b *boundsError) Error() string { return b.field() + ": " + b.rule }

func (b *boundsError) field() string {
	var sb strings.Builder
	for i := len(b.path) - 1; i >= 0; i-- {
		p := b.path[i]
		if sb.Len() > 0 && !strings.HasPrefix(p, "[") {
			sb.WriteByte('.')
		}
		sb.WriteString(p)
	}
	return sb.String()
}

// within adds part to the path of a refusal.
func within(err error, part string) error {
	var b *boundsError
	if part != "" && errors.As(err, &b) {
		b.path = append(b.path, part)
	}
	return err
}

// checker checks one value; nil means nothing to check in that type.
type checker func(reflect.Value) error

// checkers caches each input type's checker, made once by reflection.
var checkers sync.Map // reflect.Type → checker

func checkerOf(t reflect.Type) checker {
	if c, ok := checkers.Load(t); ok {
		return c.(checker)
	}
	c := compile(t, "", false, map[reflect.Type]bool{})
	checkers.Store(t, c)
	return c
}

// humaPkg is Huma's package: its multipart body (huma.MultipartFormFiles[T])
// keeps the decoded form fields in its unexported data *T, which is checked.
const humaPkg = "github.com/danielgtaylor/huma/v2"

// compile makes the checker of a value of type t whose field declares format.
func compile(t reflect.Type, format string, inFilter bool, seen map[reflect.Type]bool) checker {
	switch t.Kind() {
	case reflect.Pointer:
		elem := compile(t.Elem(), format, inFilter, seen)
		if elem == nil {
			return nil
		}
		return func(v reflect.Value) error {
			if v.IsNil() {
				return nil
			}
			return elem(v.Elem())
		}
	case reflect.Interface: // decoded JSON of any shape: checked as it comes
		return func(v reflect.Value) error {
			if v.IsNil() {
				return nil
			}
			e := v.Elem()
			if c := checkerOf(e.Type()); c != nil {
				return c(e)
			}
			return nil
		}
	case reflect.Struct:
		return compileStruct(t, inFilter, seen)
	case reflect.Slice, reflect.Array:
		elem := compile(t.Elem(), format, inFilter, seen)
		if elem == nil {
			return nil
		}
		return func(v reflect.Value) error {
			for i := range v.Len() {
				if err := elem(v.Index(i)); err != nil {
					return within(err, "["+strconv.Itoa(i)+"]")
				}
			}
			return nil
		}
	case reflect.Map:
		key, elem := compile(t.Key(), "", inFilter, seen), compile(t.Elem(), format, inFilter, seen)
		if key == nil && elem == nil {
			return nil
		}
		return func(v reflect.Value) error {
			for it := v.MapRange(); it.Next(); {
				name := ""
				if it.Key().Kind() == reflect.String {
					name = it.Key().String()
				}
				if key != nil {
					if err := key(it.Key()); err != nil {
						return err // a bad key is named by its map
					}
				}
				if elem != nil {
					if err := elem(it.Value()); err != nil {
						return within(err, name)
					}
				}
			}
			return nil
		}
	case reflect.Int, reflect.Int32, reflect.Int64:
		return millisChecker(format)
	case reflect.String:
		return textChecker(format, inFilter)
	}
	return nil
}

func compileStruct(t reflect.Type, inFilter bool, seen map[reflect.Type]bool) checker {
	type part struct {
		index int
		name  string
		check checker
	}
	var parts []part
	switch {
	case t.PkgPath() == humaPkg && strings.HasPrefix(t.Name(), "MultipartFormFiles["):
		if f, ok := t.FieldByName("data"); ok {
			if c := compile(f.Type, "", inFilter, seen); c != nil {
				parts = append(parts, part{f.Index[0], "", c})
			}
		}
	case !strings.HasPrefix(t.PkgPath(), "hearth/") || seen[t]:
		return nil
	default:
		seen[t] = true
		defer delete(seen, t)
		inFilter = inFilter || strings.HasSuffix(strings.SplitN(t.Name(), "[", 2)[0], "Filter")
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, skip := fieldName(f)
			if skip {
				continue
			}
			if c := compile(f.Type, f.Tag.Get("format"), inFilter, seen); c != nil {
				parts = append(parts, part{i, name, c})
			}
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return func(v reflect.Value) error {
		for _, p := range parts {
			if err := p.check(v.Field(p.index)); err != nil {
				return within(err, p.name)
			}
		}
		return nil
	}
}

// fieldName is the name a request gives a field: its JSON, query, path,
// header or form name; "" for the parts that name nothing (an input's Body,
// an embedded struct); skip for a field no request carries (json:"-").
func fieldName(f reflect.StructField) (name string, skip bool) {
	for _, tag := range []string{"query", "path", "header", "form", "cookie"} {
		if n, _, _ := strings.Cut(f.Tag.Get(tag), ","); n != "" {
			return n, false
		}
	}
	n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	switch {
	case n == "-":
		return "", true
	case n != "":
		return n, false
	case f.Anonymous, f.Name == "Body", f.Name == "RawBody":
		return "", false
	}
	return f.Name, false
}

// textChecker checks one text: UTF-8 without control characters, and when
// format names a date, that date.
func textChecker(format string, inFilter bool) checker {
	control := shared.HasControlExceptLineBreaks
	if inFilter {
		control = shared.HasControl
	}
	var calendar func(string) (bool, bool)
	var written string
	switch format {
	case shared.FormatDate, shared.FormatDateOrEmpty:
		calendar, written = shared.DayInBounds, "YYYY-MM-DD"
	case shared.FormatMonth:
		calendar, written = shared.MonthInBounds, "YYYY-MM"
	}
	return func(v reflect.Value) error {
		s := v.String()
		if !utf8.ValidString(s) {
			return &boundsError{rule: "encoding", key: "validation.encoding"}
		}
		if control(s) {
			return &boundsError{rule: "controlCharacters", key: "validation.controlCharacters"}
		}
		if calendar != nil && s != "" {
			wellFormed, inBounds := calendar(s)
			if !wellFormed {
				return &boundsError{rule: "format", key: "validation.dateFormat", args: map[string]any{"format": written}}
			}
			if !inBounds {
				return dateRange(shared.MinDateYear)
			}
		}
		return nil
	}
}

// millisChecker checks an epoch-ms time by its format (nil when it has none).
func millisChecker(format string) checker {
	switch format {
	case shared.FormatDateMillis:
		return func(v reflect.Value) error {
			if !shared.DateMillisInBounds(v.Int()) {
				return dateRange(shared.MinDateYear)
			}
			return nil
		}
	case shared.FormatEventMillis:
		return func(v reflect.Value) error {
			if !shared.EventMillisInBounds(v.Int()) {
				return dateRange(shared.EventMinYear)
			}
			return nil
		}
	}
	return nil
}

func dateRange(minYear int) error {
	return &boundsError{rule: "dateRange", key: "validation.dateRange", args: map[string]any{"min": minYear, "max": shared.MaxDateYear - 1}}
}

// inputTypes are the types checkBounds walks for an API: every route's input
// and every FormJSON's data.
type inputTypes struct {
	mu    sync.Mutex
	types []reflect.Type
}

// bounded registers t (a pointer to an input) as checked by checkBounds: its
// checker is made now, at start-up, rather than on the first request.
func (a *API) bounded(t reflect.Type) {
	checkerOf(t)
	a.inputs.mu.Lock()
	defer a.inputs.mu.Unlock()
	a.inputs.types = append(a.inputs.types, t)
}

// Inputs are the types of every route's input and every FormJSON's data (as
// pointers), in the order they were registered: what checkBounds walks, for
// the tests that walk them too (every date field declares its format).
func (a *API) Inputs() []reflect.Type {
	a.inputs.mu.Lock()
	defer a.inputs.mu.Unlock()
	return append([]reflect.Type(nil), a.inputs.types...)
}
