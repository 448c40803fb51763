package keep_test

import (
	"testing"
	"time"

	"hearth/cloud/platform/keep"
)

func TestCacheServesOnlyItsVersionWithinItsAgeAndSize(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	c := keep.New[string](2, time.Minute)
	c.Put("a", 1, now, "a1")
	if v, ok := c.Get("a", 1, now); !ok || v != "a1" {
		t.Fatalf("kept answer not served: %q %v", v, ok)
	}
	if _, ok := c.Get("a", 2, now); ok {
		t.Fatal("an answer of version 1 served for version 2")
	}
	if _, ok := c.Get("a", 1, now); ok {
		t.Fatal("an outdated answer was kept")
	}
	c.Put("a", 1, now, "a1")
	if _, ok := c.Get("a", 1, now.Add(time.Minute)); ok {
		t.Fatal("an answer older than its age served")
	}
	c.Put("a", 1, now, "a1")
	c.Put("b", 1, now, "b1")
	c.Get("a", 1, now) // a is now the most recently used
	c.Put("c", 1, now, "c1")
	if c.Len() != 2 {
		t.Fatalf("kept %d answers, bound 2", c.Len())
	}
	if _, ok := c.Get("b", 1, now); ok {
		t.Fatal("the least recently used answer was not the one forgotten")
	}
	if _, ok := c.Get("a", 1, now); !ok {
		t.Fatal("the most recently used answer was forgotten")
	}
	if keep.Key("a", "bc") == keep.Key("ab", "c") {
		t.Fatal("keys of different parts collide")
	}
}
