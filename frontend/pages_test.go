package frontend

import (
	"slices"
	"testing"
)

// The page list is read from pageRegistry.ts: the pages every build has are in it.
func TestPages(t *testing.T) {
	pages := Pages()
	for _, want := range []string{"/dashboard", "/admin-dashboard", "/emars"} {
		if !slices.Contains(pages, want) {
			t.Errorf("%s missing from %v", want, pages)
		}
	}
	if slices.Contains(pages, "/facility-settings") {
		t.Error("a sub-page is not a menu page")
	}
	if keys := MenuNameKeys(); !slices.Contains(keys, "menu.dashboard") {
		t.Errorf("menu.dashboard missing from %v", keys)
	}
}
