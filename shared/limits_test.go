package shared_test

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The struct tags repeat the limits for Huma, which validates requests and
// publishes /api/openapi.json from them; a tag cannot name a Go constant, so
// this test reads every struct type declared in shared/ and fails when:
//   - a bound tag (maxLength, maximum, maxItems; minLength, minimum, minItems
//     above 1) is not named by the field's limit tag, e.g. limit:"TitleMax";
//   - a constant named by a limit tag is not declared in shared/ as an integer
//     literal (or as another such constant), or differs from its tag: a name
//     with Min (TitleMin, PinMinLength) against the min tag, one with Max
//     (TitleMax, TicketMaxFiles) against the max tag, …Length against both;
//   - an enum tag lists a value that the field's Go type (or the type named by
//     enumOf:"…" for a plain string or int field) does not declare as a constant.
func TestLimitTags(t *testing.T) {
	for _, p := range checkLimitTags(t, parseShared(t)) {
		t.Error(p)
	}
}

// A tag that disagrees with its constant makes the check fail.
func TestLimitTagsCatchAMistake(t *testing.T) {
	src := parseShared(t)
	planted := false
	for _, f := range src.files {
		ast.Inspect(f, func(n ast.Node) bool {
			field, ok := n.(*ast.Field)
			if !ok || planted || field.Tag == nil || !strings.Contains(field.Tag.Value, `limit:"`) {
				return true
			}
			if strings.Contains(field.Tag.Value, `maxLength:"`) {
				field.Tag.Value = strings.Replace(field.Tag.Value, `maxLength:"`, `maxLength:"9`, 1)
				planted = true
			}
			return true
		})
	}
	if !planted {
		t.Fatal("no field with a limit and a maxLength tag to change")
	}
	if len(checkLimitTags(t, src)) == 0 {
		t.Error("a maxLength tag changed under its limit constant, and the check passed")
	}
}

type sharedSource struct {
	files  []*ast.File
	consts map[string]string   // integer constants: name → value
	enums  map[string][]string // named type → its constants' values
}

func parseShared(t *testing.T) *sharedSource {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	src := &sharedSource{consts: map[string]string{}, enums: map[string][]string{}}
	refs := map[string]string{} // constants set to another constant: name → that name
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		src.files = append(src.files, f)
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					if id, ok := vs.Values[i].(*ast.Ident); ok && vs.Type == nil {
						refs[n.Name] = id.Name
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok {
						continue
					}
					switch {
					case vs.Type != nil:
						if typ, ok := vs.Type.(*ast.Ident); ok {
							v := lit.Value
							if lit.Kind == token.STRING {
								v, _ = strconv.Unquote(v)
							}
							src.enums[typ.Name] = append(src.enums[typ.Name], v)
						}
					case lit.Kind == token.INT: // 10_000 and 0x10 read as the tags write them
						src.consts[n.Name] = constant.MakeFromLiteral(lit.Value, lit.Kind, 0).ExactString()
					}
				}
			}
		}
	}
	for name, to := range refs {
		for range refs { // follow a chain of names to its literal
			if next, ok := refs[to]; ok {
				to = next
			}
		}
		if v, ok := src.consts[to]; ok {
			src.consts[name] = v
		}
	}
	return src
}

var (
	minName = regexp.MustCompile(`Min([A-Z]|$)`)
	maxName = regexp.MustCompile(`Max([A-Z]|$)`)
)

func checkLimitTags(t *testing.T, src *sharedSource) []string {
	t.Helper()
	var problems []string
	for _, f := range src.files {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				if field.Tag == nil || len(field.Names) == 0 {
					continue
				}
				raw, err := strconv.Unquote(field.Tag.Value)
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s.%s: tag %s", ts.Name.Name, field.Names[0].Name, field.Tag.Value))
					continue
				}
				where := ts.Name.Name + "." + field.Names[0].Name
				problems = append(problems, checkField(src, where, field.Type, reflect.StructTag(raw))...)
			}
			return true
		})
	}
	return problems
}

func checkField(src *sharedSource, where string, typ ast.Expr, tag reflect.StructTag) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, where+": "+fmt.Sprintf(format, args...)) }
	first := func(keys ...string) (string, string) {
		for _, k := range keys {
			if v, ok := tag.Lookup(k); ok {
				return k, v
			}
		}
		return "", ""
	}
	minKey, minVal := first("minLength", "minimum", "minItems")
	maxKey, maxVal := first("maxLength", "maximum", "maxItems")
	var named []string
	if l, ok := tag.Lookup("limit"); ok {
		named = strings.Split(l, ",")
	}
	minNamed, maxNamed := false, false
	for _, c := range named {
		v, ok := src.consts[c]
		if !ok {
			bad("limit %s is not an integer constant declared in shared/", c)
			continue
		}
		isMin, isMax := minName.MatchString(c), maxName.MatchString(c)
		if strings.HasSuffix(c, "Length") && !isMin && !isMax {
			isMin, isMax = true, true
		}
		if !isMin && !isMax {
			bad("limit %s: the name says neither Min, Max nor Length", c)
		}
		if isMin {
			minNamed = true
			if minKey == "" || minVal != v {
				bad("%s = %s, but the tag has %s %q", c, v, orNone(minKey), minVal)
			}
		}
		if isMax {
			maxNamed = true
			if maxKey == "" || maxVal != v {
				bad("%s = %s, but the tag has %s %q", c, v, orNone(maxKey), maxVal)
			}
		}
	}
	if maxKey != "" && !maxNamed {
		bad("%s:%q is not named by a limit tag (limit:\"…Max\")", maxKey, maxVal)
	}
	if minKey != "" && !minNamed && minVal != "0" && minVal != "1" {
		bad("%s:%q is not named by a limit tag (limit:\"…Min\")", minKey, minVal)
	}
	if enum, ok := tag.Lookup("enum"); ok {
		typeName := ""
		switch x := typ.(type) {
		case *ast.Ident:
			typeName = x.Name
		case *ast.ArrayType:
			if id, ok := x.Elt.(*ast.Ident); ok {
				typeName = id.Name
			}
		}
		if of, ok := tag.Lookup("enumOf"); ok {
			typeName = of
		}
		declared, ok := src.enums[typeName]
		if !ok {
			bad("enum tag on a field of type %s, which declares no constants (give it an enum type, or enumOf:\"Type\")", orNone(typeName))
		}
		for _, v := range strings.Split(enum, ",") {
			if ok && v != "" && !slices.Contains(declared, v) {
				bad("enum value %q is not a %s constant", v, typeName)
			}
		}
	}
	return problems
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
