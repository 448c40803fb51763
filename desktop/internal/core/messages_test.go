package core

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"hearth/shared/i18n"
)

// keyLike is what the shell's message keys look like; every string literal of
// that shape in the core's code is a key (they reach tr through helpers).
var keyLike = regexp.MustCompile(`^(success|(desktop|error|validation)\.[A-Za-z]+(\.[A-Za-z]+)*)$`)

// Every message key the shell's code names has a message in every language.
func TestMessageKeysExist(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	found := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			key, err := strconv.Unquote(lit.Value)
			if err != nil || !keyLike.MatchString(key) {
				return true
			}
			found++
			for _, l := range i18n.Languages {
				if !catalogue.Has(l, key) {
					t.Errorf("%s: message key %q has no %s message", fset.Position(lit.Pos()), key, l)
				}
			}
			return true
		})
	}
	if found < 10 {
		t.Fatalf("found only %d message keys; is the scan looking at the code?", found)
	}
}
