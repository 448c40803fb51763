package server_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hearth/cloud/platform/msg"
	_ "hearth/cloud/server" // links every feature, so every feature's messages are registered
)

// keyArgs are the calls whose argument at the given index is a message key.
var keyArgs = map[string]int{
	"problem.New":     1, // problem.New(code, "key")
	"problem.Invalid": 2, // problem.Invalid(field, rule, "key", args)
	"msg.T":           1, // msg.T(lang, "key", args)
	"matcher":         2, // platform/web: matcher(format, rule, "key", param)
}

// MessageKeys finds the literal message keys in the Go code under root, with
// where each is used. Keys built at run time ("request.mail.type."+t) are not
// literals and are covered by the feature's own tests.
func messageKeys(t *testing.T, root string) map[string]string {
	t.Helper()
	keys := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok {
					name = x.Name + "." + fn.Sel.Name
				}
			case *ast.Ident:
				name = fn.Name
			}
			i, ok := keyArgs[name]
			if !ok || i >= len(call.Args) {
				return true
			}
			if lit, ok := call.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if key, err := strconv.Unquote(lit.Value); err == nil {
					keys[key] = fset.Position(lit.Pos()).String()
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// Every message key the code names has a message in every language, and every
// registered message file (the platform's and each feature's) is complete.
func TestMessageKeysExist(t *testing.T) {
	for _, problem := range msg.Check() {
		t.Error(problem)
	}
	keys := messageKeys(t, "..")
	if len(keys) < 50 {
		t.Fatalf("found only %d message keys; is the scan looking at the code?", len(keys))
	}
	for key, at := range keys {
		for _, l := range msg.Languages {
			if !msg.Has(l, key) {
				t.Errorf("%s: message key %q has no %s message", at, key, l)
			}
		}
	}
}
