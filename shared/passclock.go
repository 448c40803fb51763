package shared

import (
	"strings"
	"unicode"
)

// The pass clock: the one copy of the eMAR's time rules. The cloud
// (cloud/feature/medication) answers and refuses by it, the desktop's offline
// med pass (desktop/internal/core) applies it while the cloud is away, and
// the UI's copy (frontend/src/lib/emar/passClock.ts) is checked against the
// cases TestPassClockCases writes to frontend/src/lib/emar/passClock.cases.json,
// so the three cannot drift apart. Times are epoch ms.

const minuteMillis = 60_000

// PassOpensAt is the first moment a scheduled pass due at due may be charted:
// its window opens PassWindowMinutes before its time (the common ±1 hour rule
// of eMARs; docs/api.md "eMAR"). Before it nothing is logged, not even a
// refusal: charting ahead is how double doses and false records happen.
func PassOpensAt(due int64) int64 { return due - PassWindowMinutes*minuteMillis }

// PassClosesAt is when a scheduled pass due at due becomes overdue.
func PassClosesAt(due int64) int64 { return due + PassWindowMinutes*minuteMillis }

// PassOpen says whether a dose said to happen at at (given, refused, held or
// not given) falls inside or after the window of a pass due at due.
func PassOpen(due, at int64) bool { return at >= PassOpensAt(due) }

// PassLate says whether a log at at of a pass due at due came after its
// window closed (it then needs a reason).
func PassLate(due, at int64) bool { return at > PassClosesAt(due) }

// PassClock is an unlogged scheduled pass's status at now: UPCOMING until its
// window opens, DUE, WARNING for the PassWarningMinutes before it closes,
// then OVERDUE.
func PassClock(due, now int64) PassStatus {
	switch {
	case now < PassOpensAt(due):
		return PassUpcoming
	case now < PassClosesAt(due)-PassWarningMinutes*minuteMillis:
		return PassDue
	case now < PassClosesAt(due):
		return PassWarning
	}
	return PassOverdue
}

// FollowUpClock is the status at now of a PRN dose's effectiveness check due
// at due and not yet documented: UPCOMING until due, then DUE, WARNING and
// OVERDUE PrnFollowUpWindowMinutes after due.
func FollowUpClock(due, now int64) PassStatus {
	closes := due + PrnFollowUpWindowMinutes*minuteMillis
	switch {
	case now < due:
		return PassUpcoming
	case now < closes-PassWarningMinutes*minuteMillis:
		return PassDue
	case now < closes:
		return PassWarning
	}
	return PassOverdue
}

// FollowUpStatus is where the effectiveness check of a pass of kind stands
// at now: none for a scheduled pass or a dose without a check, DONE once
// documented (doneAt), else on FollowUpClock.
func FollowUpStatus(kind PassKind, due, doneAt, now int64) PassStatus {
	switch {
	case kind != PassPRN || due == 0:
		return ""
	case doneAt != 0:
		return PassDone
	}
	return FollowUpClock(due, now)
}

// statusColours paint statuses (PassColour).
var statusColours = map[PassStatus]PassColour{
	PassUpcoming: ColourGrey, PassOnHold: ColourGrey, PassDue: ColourBlue, PassWarning: ColourYellow,
	PassOverdue: ColourRed, PassGiven: ColourGreen, PassDone: ColourGreen, PassRefused: ColourOrange,
	PassHeld: ColourOrange, PassNotGiven: ColourOrange,
}

// StatusColour is a status's colour (GREY for none).
func StatusColour(s PassStatus) PassColour {
	if c, ok := statusColours[s]; ok {
		return c
	}
	return ColourGrey
}

// PassColourOf is a pass's colour: its status's, or, for a PRN dose whose
// effectiveness check is due, warned or overdue, the check's.
func PassColourOf(status, followUp PassStatus) PassColour {
	switch followUp {
	case PassDue, PassWarning, PassOverdue:
		return StatusColour(followUp)
	}
	return StatusColour(status)
}

// Initials are a name's initials for the MAR: the first letter of the first
// and the last word ("Amina Njoroge" → "AN"), or the first two letters of a
// one-word name ("陈伟" → "陈伟").
func Initials(name string) string {
	words := strings.Fields(name)
	first := func(w string, n int) string {
		var b strings.Builder
		for _, r := range w {
			if n == 0 {
				break
			}
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(unicode.ToUpper(r))
				n--
			}
		}
		return b.String()
	}
	switch len(words) {
	case 0:
		return ""
	case 1:
		return first(words[0], 2)
	}
	return first(words[0], 1) + first(words[len(words)-1], 1)
}
