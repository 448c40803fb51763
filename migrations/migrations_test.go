package migrations_test

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hearth/migrations"
)

var fileName = regexp.MustCompile(`^\d{5}_[a-z0-9_]+\.sql$`)

// Each migration exists for both engines under the same name, so neither
// engine's schema falls behind the other's.
func TestBothEnginesHaveTheSameMigrations(t *testing.T) {
	names := map[string][]string{}
	for _, engine := range []string{"postgres", "sqlite"} {
		entries, err := fs.ReadDir(migrations.FS, engine)
		if err != nil {
			t.Fatalf("%s: %v", engine, err)
		}
		for _, e := range entries {
			names[engine] = append(names[engine], e.Name())
			if !fileName.MatchString(e.Name()) {
				t.Errorf("%s/%s: not named NNNNN_name.sql", engine, e.Name())
			}
			body, err := fs.ReadFile(migrations.FS, engine+"/"+e.Name())
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(body), "-- +goose Up") {
				t.Errorf("%s/%s has no -- +goose Up", engine, e.Name())
			}
		}
	}
	if len(names["postgres"]) == 0 {
		t.Fatal("no migrations")
	}
	for _, n := range names["postgres"] {
		if !slices.Contains(names["sqlite"], n) {
			t.Errorf("%s exists for postgres only", n)
		}
	}
	for _, n := range names["sqlite"] {
		if !slices.Contains(names["postgres"], n) {
			t.Errorf("%s exists for sqlite only", n)
		}
	}
	// Versions are unique within an engine.
	seen := map[string]bool{}
	for _, n := range names["postgres"] {
		v := n[:5]
		if seen[v] {
			t.Errorf("version %s is used twice", v)
		}
		seen[v] = true
	}
}
