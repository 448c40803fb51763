package web

import (
	"reflect"
	"strconv"
	"strings"
	"sync"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// checkBounds refuses, for every route and before its handler runs, what no
// request may carry (docs/api.md, Limits):
//   - a date outside shared.MinDateYear–MaxDateYear: an epoch-ms integer
//     field whose JSON name ends in Time, Date or At (0 means "none" and
//     passes), or a YYYY-MM-DD string whose name ends in Date;
//   - a control character (NUL, line breaks, ...) in any text of a list
//     filter (a struct type named …Filter).
//
// It looks into Hearth's own types only (hearth/...), never a library's; what
// to check in each input type is worked out once, by reflection, and kept.
func checkBounds(in any) error {
	v := reflect.ValueOf(in)
	c := checkerOf(v.Type())
	if c == nil {
		return nil
	}
	return c(v)
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

// compile makes the checker of a value of type t named name (its JSON name).
func compile(t reflect.Type, name string, inFilter bool, seen map[reflect.Type]bool) checker {
	switch t.Kind() {
	case reflect.Pointer:
		elem := compile(t.Elem(), name, inFilter, seen)
		if elem == nil {
			return nil
		}
		return func(v reflect.Value) error {
			if v.IsNil() {
				return nil
			}
			return elem(v.Elem())
		}
	case reflect.Struct:
		if !strings.HasPrefix(t.PkgPath(), "hearth/") || seen[t] {
			return nil
		}
		seen[t] = true
		defer delete(seen, t)
		inFilter = inFilter || strings.HasSuffix(strings.SplitN(t.Name(), "[", 2)[0], "Filter")
		type part struct {
			index int
			check checker
		}
		var parts []part
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			fname, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if fname == "-" {
				continue
			}
			if fname == "" {
				fname = f.Name
			}
			if c := compile(f.Type, fname, inFilter, seen); c != nil {
				parts = append(parts, part{i, c})
			}
		}
		if len(parts) == 0 {
			return nil
		}
		return func(v reflect.Value) error {
			for _, p := range parts {
				if err := p.check(v.Field(p.index)); err != nil {
					return err
				}
			}
			return nil
		}
	case reflect.Slice, reflect.Array:
		elem := compile(t.Elem(), name, inFilter, seen)
		if elem == nil {
			return nil
		}
		return func(v reflect.Value) error {
			for i := range v.Len() {
				if err := elem(v.Index(i)); err != nil {
					return err
				}
			}
			return nil
		}
	case reflect.Int64:
		if !isDateName(name, true) {
			return nil
		}
		return func(v reflect.Value) error {
			if n := v.Int(); n != 0 && (n < shared.MinDateMillis || n >= shared.MaxDateMillis) {
				return dateProblem(name)
			}
			return nil
		}
	case reflect.String:
		date := isDateName(name, false)
		if !inFilter && !date {
			return nil
		}
		return func(v reflect.Value) error {
			s := v.String()
			if inFilter && shared.HasControl(s) {
				return problem.Invalid(name, "controlCharacters", "validation.controlCharacters", nil)
			}
			if date && len(s) >= 4 {
				if y, err := strconv.Atoi(s[:4]); err == nil && (y < shared.MinDateYear || y >= shared.MaxDateYear) {
					return dateProblem(name)
				}
			}
			return nil
		}
	}
	return nil
}

// isDateName: …Date, …Time or …At for epoch-ms integers; …Date (and a date
// of birth, dob) for strings.
func isDateName(name string, millis bool) bool {
	if strings.HasSuffix(name, "Date") || name == "date" || name == "dob" {
		return true
	}
	return millis && (strings.HasSuffix(name, "Time") || strings.HasSuffix(name, "At"))
}

func dateProblem(field string) error {
	return problem.Invalid(field, "dateRange", "validation.dateRange", map[string]any{"min": shared.MinDateYear, "max": shared.MaxDateYear - 1})
}
