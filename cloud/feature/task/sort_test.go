package task

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCompareJoined: compareJoined orders as comparing the joined strings
// does, whatever the split between the parts (empty parts, prefixes).
func TestCompareJoined(t *testing.T) {
	words := []string{"", "a", "ab", "b", "Lee", "Le", "eAnn", "Ann", "AnnBath", "Bath", "é", "Z"}
	r := rand.New(rand.NewPCG(1, 2))
	pick := func() [3]string {
		return [3]string{words[r.IntN(len(words))], words[r.IntN(len(words))], words[r.IntN(len(words))]}
	}
	for range 20000 {
		a, b := pick(), pick()
		want := strings.Compare(a[0]+a[1]+a[2], b[0]+b[1]+b[2])
		if got := compareJoined(a, b); got != want {
			t.Fatalf("compareJoined(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
}

// TestSortRows: sortRows orders as sorting the rows themselves does, stable or not.
func TestSortRows(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 60 {
		rows := make([]recordRow, n)
		for i := range rows {
			rows[i] = recordRow{ID: string(rune('a' + i%26)), DueStart: int64(r.IntN(5)), Title: string(rune('A' + r.IntN(3)))}
		}
		cmp := func(a, b *recordRow) int { return int(a.DueStart - b.DueStart) }
		want := slices.Clone(rows)
		slices.SortStableFunc(want, func(a, b recordRow) int { return cmp(&a, &b) })
		got := slices.Clone(rows)
		sortRows(got, true, cmp)
		if !slices.Equal(got, want) {
			t.Fatalf("%d rows, stable: %v, want %v", n, got, want)
		}
		full := func(a, b *recordRow) int {
			if c := cmp(a, b); c != 0 {
				return c
			}
			return strings.Compare(a.Title+a.ID, b.Title+b.ID)
		}
		got = slices.Clone(rows)
		sortRows(got, false, full)
		if !slices.IsSortedFunc(got, func(a, b recordRow) int { return full(&a, &b) }) {
			t.Fatalf("%d rows: not sorted: %v", n, got)
		}
	}
}
