package shell

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/keep"
	"hearth/shared"
)

// CardMaxAge is the longest a kept card is shown without being made again,
// whatever it said of its own time: a bound on the cost of a time rule a card
// might one day forget to report, not a guarantee anyone relies on.
const CardMaxAge = 5 * time.Minute

// ChangesAt says that the card being made shows something else from t on
// with no write at all (a dose or a task turning due or overdue, a shift
// starting, a request leaving the last two weeks): a kept card is made again
// then. A card calls it for each such moment it reads from its rows; moments
// not after now mean nothing. Outside the making of a kept answer it does
// nothing. It is keep.ChangesAt, which the care path's kept lists use too.
func ChangesAt(ctx context.Context, t time.Time) { keep.ChangesAt(ctx, t) }

// ChangesAtMillis is ChangesAt for a moment in epoch milliseconds.
func ChangesAtMillis(ctx context.Context, ms int64) { keep.ChangesAtMillis(ctx, ms) }

// keptData is c's card for p, kept (Card.Kept, keep.Timed) or made now.
//
// A kept card is one card's answer for one person in one facility, made
// under the facility's list and care versions (keep.Lists, keep.Care: the
// database raises one or the other with every write of a row a kept card
// reads), good until the first moment it said it changes with time alone
// (ChangesAt), the facility's next midnight, or CardMaxAge, whichever comes
// first.
func (r *Registry) keptData(ctx context.Context, c *Card, p *auth.Principal) (*shared.DashboardCard, error) {
	if !c.Kept || r.db == nil || p.TenantID == "" || p.IsSuperAdmin() {
		return c.Data(ctx, p)
	}
	platform, err := r.platformParts(ctx, c.Platform)
	if err != nil {
		return nil, err
	}
	parts := append([]string{c.Key, p.UserID, p.RoleKey(), string(p.Plan)}, platform...)
	return r.kept.Serve(ctx, r.db, p.TenantID, r.now(), parts, func(ctx context.Context) (*shared.DashboardCard, error) {
		return c.Data(ctx, p)
	})
}
