package server_test

import (
	"os/exec"
	"strings"
	"testing"
)

// Features never import each other (docs/architecture.md): a feature that
// needs another takes a small interface, and server.go wires them. Only demo,
// which seeds every feature's data, and the test helpers (packages named
// ...test, which start a whole server) may. This reads the real import graph
// with `go list -deps`, so an indirect import through a helper package counts too.
func TestFeaturesDoNotImportEachOther(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to read the import graph: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, "hearth/cloud/feature/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const prefix = "hearth/cloud/feature/"
	feature := func(pkg string) string {
		name, _, _ := strings.Cut(strings.TrimPrefix(pkg, prefix), "/")
		return name
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, deps := fields[0], fields[1:]
		if feature(pkg) == "demo" || strings.HasSuffix(pkg, "test") {
			continue
		}
		checked++
		for _, dep := range deps {
			if strings.HasPrefix(dep, prefix) && feature(dep) != feature(pkg) {
				t.Errorf("%s imports %s: features take small interfaces from each other (wired in server.go) and share value types through shared/ or platform/", pkg, dep)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d feature packages listed; is the pattern right?\n%s", checked, out)
	}
}
