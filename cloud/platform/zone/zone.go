// Package zone turns a facility's time-zone code into a location: the one
// place that knows the fallback, used by every feature that needs "today" or a
// wall-clock time at a facility.
package zone

import (
	"context"
	"time"
	_ "time/tzdata" // facility zones load on machines without zone files

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Fallback is the zone of a facility whose code is unknown: Pacific time,
// because Hearth serves Washington homes first (../shared/docs/DOMAIN.md;
// Washington State observes Pacific time, America/Los_Angeles in the IANA database).
var Fallback = mustLoad("America/Los_Angeles")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // cannot happen: time/tzdata is embedded
	}
	return loc
}

// Of is the location of a zone code (ET, CT, MT, PT, AKT, HAT; shared.IANA),
// or Fallback for an unknown or empty code.
func Of(z shared.TimeZone) *time.Location {
	if loc, ok := z.Location(); ok {
		return loc
	}
	return Fallback
}

// Facility is the location of a facility (tenants.time_zone), with the same
// fallback, and the code as stored.
func Facility(ctx context.Context, q db.Querier, tenantID string) (*time.Location, shared.TimeZone, error) {
	var z shared.TimeZone
	if err := q.QueryRowContext(ctx, `SELECT time_zone FROM tenants WHERE id = ?`, tenantID).Scan(&z); err != nil {
		return nil, "", db.Wrap("zone: facility", err)
	}
	return Of(z), z, nil
}
