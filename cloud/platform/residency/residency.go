// Package residency is the one rule of which residents a feature may act
// on. The rule belongs to the resident feature (its statuses and move-ins,
// docs/api.md "Residents"); it lives here so that every feature can use it
// without importing resident. Features look residents up with the SQL
// conditions below (the residents table aliased r) and judge the status
// they read with the functions; none writes its own.
//
//   - A resident moving in (MOVING_IN) is hidden from every call but the
//     move-in wizard's (resident.CheckInTasks, resident.CheckInMedications):
//     4004, listed nowhere.
//   - A cancelled move-in is hidden from every call, the wizard's too: its
//     resident stays MOVING_IN for good (a cancelled move-in cannot be
//     completed), and lookups never find it.
//   - A resident who has left (MOVED_OUT, DECEASED) is shown: their history
//     is read as before; each feature refuses new care with its own
//     "resident left" answer (Left).
package residency

import "hearth/shared"

const (
	// Shown is the SQL condition for residents every call may show or name:
	// all but those moving in (and so all but cancelled move-ins).
	Shown = `r.status <> 'MOVING_IN'`

	// Found is the SQL condition for a feature's lookup of one resident:
	// shown, or moving in through a move-in that was not cancelled (the
	// wizard's). A caller that is not the wizard refuses Hidden statuses.
	Found = `NOT EXISTS (SELECT 1 FROM resident_move_ins mi WHERE mi.resident_id = r.id AND mi.cancelled_at IS NOT NULL)`
)

// Hidden reports whether a resident found with Found is hidden from every
// call but the move-in wizard's (4004).
func Hidden(s shared.ResidentStatus) bool { return s == shared.ResidentMovingIn }

// Left reports whether the resident has left for good (moved out or died):
// their records are read, new care is refused with the feature's own answer.
func Left(s shared.ResidentStatus) bool {
	return s == shared.ResidentMovedOut || s == shared.ResidentDeceased
}

// Lives reports whether the resident lives in the home (NORMAL, GOING_OUT):
// the residents care is given to.
func Lives(s shared.ResidentStatus) bool {
	return s == shared.ResidentNormal || s == shared.ResidentGoingOut
}
