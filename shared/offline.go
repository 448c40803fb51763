package shared

// What a device may keep while the cloud does not answer (issue 34, docs/api.md
// "Med passes offline", docs/frontend.md "Phone app"): the desktop shell
// (desktop/internal/core/medpass.go) and the phone's outbox
// (frontend/src/lib/phone/offlineRules.ts) refuse a med write at once by these
// rules, from the /emars day they kept, instead of keeping a write the cloud
// would refuse later. The UI's copy is checked against the cases
// TestOfflineRuleCases writes to frontend/src/lib/phone/offlineRules.cases.json.
// Each answers the rule a write breaks ("" when it may be kept), named as the
// desktop's 4022/4009 answers name it.

// OfflinePassRule is why a log of a scheduled pass (kind, its status and due
// time as last seen, logged: someone's log is known) with outcome at at may
// not be kept: "logged" (4009 with the first log), "scheduled" (not a
// scheduled pass), "onHold" (GIVEN of a pass on hold, 4009),
// "windowNotOpen" (before PassOpensAt, 4022 givenTime).
func OfflinePassRule(kind PassKind, status PassStatus, logged bool, due int64, outcome PassOutcome, at int64) string {
	switch {
	case logged:
		return "logged"
	case kind != PassScheduled:
		return "scheduled"
	case status == PassOnHold && outcome == OutcomeGiven:
		return "onHold"
	case !PassOpen(due, at):
		return "windowNotOpen"
	}
	return ""
}

// OfflinePrnRule is why a PRN dose of an order (its type, status and hold as
// last seen) may not be kept: "prn" (not a PRN order, 4022), "notCurrent"
// (discontinued or ended, 4009), "orderOnHold" (4009).
func OfflinePrnRule(orderType MedicationType, status MedicationStatus, onHold bool) string {
	switch {
	case orderType != MedicationPRN:
		return "prn"
	case status != MedicationCurrent:
		return "notCurrent"
	case onHold:
		return "orderOnHold"
	}
	return ""
}

// OfflineTimeRule is why the time a write says it happened (at; 0 = when it
// was made) may not be kept at the cloud's now as reckoned on the device:
// "maximum" (more than PassClockSkewSeconds ahead), "minimum" (more than
// PassLogMaxAgeDays back, or negative). The cloud refuses the same.
func OfflineTimeRule(at, now int64) string {
	switch {
	case at < 0:
		return "minimum"
	case at == 0:
		return ""
	case at > now+PassClockSkewSeconds*1000:
		return "maximum"
	case at < now-int64(PassLogMaxAgeDays)*24*3_600_000:
		return "minimum"
	}
	return ""
}
