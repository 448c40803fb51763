// Package zone turns a facility's time-zone code into a location: the one
// place that knows the fallback, used by every feature that needs "today" or a
// wall-clock time at a facility.
package zone

import (
	"context"
	"database/sql"
	"time"
	_ "time/tzdata" // facility zones load on machines without zone files

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
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
// fallback, and the code as stored. Read outside a transaction, the zone comes
// with the facility's list version (keep.Version: read again after any write
// made here, and at least every keep.VersionTTL), so a page whose parts each
// need "today" reads it once, not once per part; inside a transaction it is
// read in that transaction.
func Facility(ctx context.Context, q db.Querier, tenantID string) (*time.Location, shared.TimeZone, error) {
	if d, ok := q.(*db.DB); ok {
		_, z, known, err := keep.Version(ctx, d, tenantID)
		if err != nil {
			return nil, "", db.Wrap("zone: facility", err)
		}
		if !known {
			return nil, "", db.Wrap("zone: facility", sql.ErrNoRows)
		}
		return Of(z), z, nil
	}
	var z shared.TimeZone
	if err := q.QueryRowContext(ctx, `SELECT time_zone FROM tenants WHERE id = ?`, tenantID).Scan(&z); err != nil {
		return nil, "", db.Wrap("zone: facility", err)
	}
	return Of(z), z, nil
}
