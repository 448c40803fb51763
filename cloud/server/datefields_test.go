package server_test

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// notDates are request fields whose name or description reads like a date
// or a time but that carry none, each with the reason.
var notDates = map[string]string{
	"timeOfDay":  "HH:mm, a time of day",
	"before":     "a chat message's sequence number (MessagePageRequest)",
	"exp":        "a signed link's expiry: part of what is signed, so any change is refused as forged (4003)",
	"createTime": "a ticket reply's time (ChatEntry): the server sets it and ignores the client's",
	"updateTime": "a service package's last change (ServicePackage, sent back on save): the server sets it and ignores the client's",
	"retiredAt":  "when a facility document requirement was retired (FacilityDocRequirementDef, sent back on save): the server sets it and ignores the client's",
}

// What reads like a date: an integer named or described like an epoch-ms
// time, a text named or described like a day or a month.
var (
	timeName   = regexp.MustCompile(`^(time|date|at|from|to|start|end|since|until|before|after|dob)$|[a-z](Time|Date|At|Day|Since|Until)$`)
	dayName    = regexp.MustCompile(`^(date|day|dob|month|since|start|end)$|[a-z](Date|Day|Month|Start|End|Since)$`)
	epochDoc   = regexp.MustCompile(`(?i)epoch[ -]?(ms|milli)`)
	dayDoc     = regexp.MustCompile(`YYYY-MM`)
	perPeriod  = regexp.MustCompile(`Per(Minute|Hour|Day|Week|Month|Year)$`) // a count or a quota, not a date
	dateFormat = regexp.MustCompile(`^(` + strings.Join(shared.DateFormats, "|") + `)$`)
)

// Every request field that carries a date or a time declares its format
// (shared.Format…), since the request bounds check dates by it and not by
// the field's name (docs/api.md, Limits): a new field named or described like
// a date that declares none fails here, so it cannot escape the bounds.
func TestRequestDateFieldsDeclareTheirFormat(t *testing.T) {
	t.Parallel()
	e := servertest.Start(t, dbtest.SQLite(t), servertest.Options{NoDemo: true, Outbox: true})
	inputs := e.Server.API.Inputs()
	if len(inputs) < 200 {
		t.Fatalf("only %d inputs registered", len(inputs))
	}
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		if strings.HasPrefix(ty.Name(), "MultipartFormFiles[") {
			if f, ok := ty.FieldByName("data"); ok {
				walk(f.Type)
			}
			return
		}
		if !strings.HasPrefix(ty.PkgPath(), "hearth/") {
			return
		}
		for i := range ty.NumField() {
			f := ty.Field(i)
			if !f.IsExported() {
				continue
			}
			name := requestName(f)
			at := ty.String() + "." + f.Name + " (" + name + ")"
			format, doc := f.Tag.Get("format"), f.Tag.Get("doc")
			kind := f.Type.Kind()
			if kind == reflect.Pointer || kind == reflect.Slice {
				kind = f.Type.Elem().Kind()
			}
			_, excused := notDates[name]
			excused = excused || perPeriod.MatchString(name)
			switch kind {
			case reflect.Int, reflect.Int32, reflect.Int64:
				if (timeName.MatchString(name) || epochDoc.MatchString(doc)) && !excused &&
					format != shared.FormatDateMillis && format != shared.FormatEventMillis {
					t.Errorf("%s reads like an epoch-ms time but declares format %q, not date-ms or event-ms", at, format)
				}
				if format != "" && format != shared.FormatDateMillis && format != shared.FormatEventMillis && format != "int64" && format != "int32" {
					t.Errorf("%s: an integer with format %q", at, format)
				}
			case reflect.String:
				if (dayName.MatchString(name) || dayDoc.MatchString(doc)) && !excused &&
					format != shared.FormatDate && format != shared.FormatDateOrEmpty && format != shared.FormatMonth {
					t.Errorf("%s reads like a day but declares format %q, not date, date-or-empty or month", at, format)
				}
				if format == shared.FormatDateMillis || format == shared.FormatEventMillis {
					t.Errorf("%s: text with format %q", at, format)
				}
			default:
				if dateFormat.MatchString(format) {
					t.Errorf("%s: a %s with format %q", at, kind, format)
				}
			}
			walk(f.Type)
		}
	}
	for _, in := range inputs {
		walk(in)
	}
}

// requestName is the name a request gives a field (query, path, form or JSON).
func requestName(f reflect.StructField) string {
	for _, tag := range []string{"query", "path", "header", "form", "json"} {
		if n, _, _ := strings.Cut(f.Tag.Get(tag), ","); n != "" && n != "-" {
			return n
		}
	}
	return f.Name
}
