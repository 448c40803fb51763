package keep_test

import (
	"context"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/keep"
	"hearth/shared"
)

func pacific(tz shared.TimeZone) *time.Location {
	loc, err := time.LoadLocation(string(tz))
	if err != nil {
		panic(err)
	}
	return loc
}

// A Timed answer is served for its key until the first moment its making
// said it changes at, the facility's midnight, its longest life or a write of
// the facility's care records, whichever comes first; its end is said to an
// answer made of it; an unknown facility's answers are not kept.
func TestTimedEndsAtItsMomentsMidnightAndWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		addFacility(t, d, "t1")
		la := pacific("America/Los_Angeles")
		start := time.Date(2026, 11, 24, 22, 0, 0, 0, la)
		a := keep.NewTimed[int](16, time.Hour, pacific)
		made := 0
		ask := func(now time.Time, key string, moment time.Time) int {
			t.Helper()
			v, err := a.Serve(ctx, d, "t1", now, []string{key}, func(ctx context.Context) (int, error) {
				made++
				keep.ChangesAt(ctx, moment)
				return made, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		at := start.Add(30 * time.Minute)
		if ask(start, "day", at) != 1 || ask(start.Add(29*time.Minute), "day", at) != 1 {
			t.Fatal("an answer was not kept before its moment")
		}
		if ask(start.Add(29*time.Minute), "other", at) != 2 {
			t.Fatal("another key was served the first key's answer")
		}
		if ask(at, "day", time.Time{}) != 3 {
			t.Fatal("an answer was served at the moment it said it changes")
		}
		// No moment said: it ends at its longest life (an hour), here before midnight.
		if ask(at.Add(59*time.Minute), "day", time.Time{}) != 3 || ask(at.Add(time.Hour), "day", time.Time{}) != 4 {
			t.Fatal("an answer with no moment was not kept for its longest life, or longer")
		}
		// Made at 23:50, it ends at midnight (the facility's), not an hour later.
		late := time.Date(2026, 11, 24, 23, 50, 0, 0, la)
		if ask(late, "night", time.Time{}) != 5 || ask(late.Add(9*time.Minute), "night", time.Time{}) != 5 {
			t.Fatal("an answer was not kept before midnight")
		}
		if ask(late.Add(10*time.Minute), "night", time.Time{}) != 6 {
			t.Fatal("an answer was served past the facility's midnight")
		}
		// A write of a care record (the care version) ends it.
		before := ask(late.Add(11*time.Minute), "night", time.Time{})
		if _, err := d.ExecContext(ctx, `INSERT INTO care_versions (tenant_id, version) VALUES ('t1', 41)
			ON CONFLICT (tenant_id) DO UPDATE SET version = care_versions.version + 1`); err != nil {
			t.Fatal(err)
		}
		if ask(late.Add(11*time.Minute), "night", time.Time{}) == before {
			t.Fatal("an answer was served after a write of the care version")
		}
		// An answer made of a kept one ends no later than it, kept or made.
		for range 2 {
			outer, u := keep.Track(ctx, start)
			if _, err := a.Serve(outer, d, "t1", start, []string{"inner"}, func(ctx context.Context) (int, error) {
				keep.ChangesAt(ctx, start.Add(7*time.Minute))
				return 0, nil
			}); err != nil {
				t.Fatal(err)
			}
			if !u.At().Equal(start.Add(7 * time.Minute)) {
				t.Fatalf("the outer answer ends at %v, not at the inner one's end", u.At())
			}
		}
		// An unknown facility: made every time.
		n := made
		for range 2 {
			if _, err := a.Serve(ctx, d, "nowhere", start, nil, func(context.Context) (int, error) { made++; return 0, nil }); err != nil {
				t.Fatal(err)
			}
		}
		if made != n+2 {
			t.Fatal("an unknown facility's answer was kept")
		}
	})
}
