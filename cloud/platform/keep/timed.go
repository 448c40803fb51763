package keep

import (
	"context"
	"strconv"
	"sync"
	"time"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Answers that change with time alone. Some answers show something else
// with no write at all: a dose or a task turning due or overdue, a window
// closing, a new day. While such an answer is made, the code that reads its
// rows says each such moment (ChangesAt); a kept answer ends at the first of
// them, at the facility's next midnight, and at its longest life. The
// dashboard's cards (cloud/platform/shell) and the care path's day lists
// (Timed) use the same rule.

type untilKey struct{}

// Until gathers the earliest moment an answer being made said it changes at.
type Until struct {
	mu  sync.Mutex
	now time.Time
	at  time.Time // zero: none said
}

// Track is ctx for making an answer at now: each ChangesAt under it is
// gathered in the Until returned.
func Track(ctx context.Context, now time.Time) (context.Context, *Until) {
	u := &Until{now: now}
	return context.WithValue(ctx, untilKey{}, u), u
}

// At is the earliest moment said after now (zero when none was).
func (u *Until) At() time.Time {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.at
}

func (u *Until) add(t time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if t.After(u.now) && (u.at.IsZero() || t.Before(u.at)) {
		u.at = t
	}
}

// ChangesAt says that the answer being made shows something else from t on
// with no write at all: a kept answer is made again then. Code calls it for
// each such moment it reads from its rows; moments not after the answer's
// now mean nothing. Outside the making of a kept answer (Track) it does nothing.
func ChangesAt(ctx context.Context, t time.Time) {
	if u, ok := ctx.Value(untilKey{}).(*Until); ok {
		u.add(t)
	}
}

// Tracking says whether an answer being made is gathering its moments (a
// count whose moment costs a query of its own looks for it only then).
func Tracking(ctx context.Context) bool {
	_, ok := ctx.Value(untilKey{}).(*Until)
	return ok
}

// ChangesAtMillis is ChangesAt for a moment in epoch milliseconds (0: none).
func ChangesAtMillis(ctx context.Context, ms int64) {
	if ms != 0 {
		ChangesAt(ctx, time.UnixMilli(ms))
	}
}

// Ends is when an answer made at now in a facility of zone loc ends: the
// first moment u gathered, the facility's next midnight, or now+maxAge,
// whichever comes first.
func Ends(u *Until, now time.Time, loc *time.Location, maxAge time.Duration) time.Time {
	day := now.In(loc)
	end := time.Date(day.Year(), day.Month(), day.Day()+1, 0, 0, 0, 0, day.Location())
	if capped := now.Add(maxAge); capped.Before(end) {
		end = capped
	}
	if at := u.At(); !at.IsZero() && at.Before(end) {
		end = at
	}
	return end
}

// TimedMaxAge is the usual longest life of a Timed answer, whatever it said
// of its own time: a bound on a rule an answer might one day forget to say
// (as shell.CardMaxAge is for the dashboard's cards). A signed file link in
// such an answer (shared.SignedURLTTLMillis, 10 minutes) still works for at
// least 5 minutes after it is served.
const TimedMaxAge = 5 * time.Minute

// Timed keeps one read's answers per facility and caller: each is served
// while the facility's list and care versions (Lists, Care) are those it was
// made under and until it ends (Ends). The key parts name everything else the
// answer depends on (the caller, their role, the request's parameters, the
// language if it holds translated text).
type Timed[V any] struct {
	maxAge time.Duration
	zone   func(shared.TimeZone) *time.Location
	cache  *Cache[timedAnswer[V]]
}

type timedAnswer[V any] struct {
	value V
	until time.Time
}

// NewTimed keeps at most max answers, each at most maxAge; zone places a
// facility's midnight (zone.Of, which this package cannot import).
func NewTimed[V any](max int, maxAge time.Duration, zone func(shared.TimeZone) *time.Location) *Timed[V] {
	return &Timed[V]{maxAge: maxAge, zone: zone, cache: New[timedAnswer[V]](max, maxAge)}
}

// Serve is the answer kept for the facility tenantID under parts at now, or
// the one make makes (kept when the facility exists). make gets a ctx to say
// its moments with ChangesAt. The answer's end is said to ctx too, so an
// answer made of kept answers (a kept card reading a kept list) ends no later.
func (t *Timed[V]) Serve(ctx context.Context, d *db.DB, tenantID string, now time.Time, parts []string,
	make func(ctx context.Context) (V, error)) (V, error) {
	// The list version first, then the care version: both read before the rows,
	// so an answer kept under them can only be newer than they are.
	lists, tz, known, err := Lists.Of(ctx, d, tenantID)
	if err != nil {
		var zero V
		return zero, err
	}
	care, _, _, err := Care.Of(ctx, d, tenantID)
	if err != nil {
		var zero V
		return zero, err
	}
	key := Key(append([]string{tenantID, strconv.FormatInt(lists, 10)}, parts...)...)
	if known {
		if a, ok := t.cache.Get(key, care, now); ok && now.Before(a.until) {
			ChangesAt(ctx, a.until)
			return a.value, nil
		}
	}
	in, u := Track(ctx, now)
	v, err := make(in)
	if err != nil || !known {
		ChangesAt(ctx, u.At())
		return v, err
	}
	end := Ends(u, now, t.zone(tz), t.maxAge)
	ChangesAt(ctx, end)
	t.cache.Put(key, care, now, timedAnswer[V]{value: v, until: end})
	return v, nil
}
