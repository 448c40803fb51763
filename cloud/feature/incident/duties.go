package incident

import (
	"strings"

	"hearth/shared"
)

// The reporting duties Washington law sets for an incident in an adult family
// home (../shared/docs/DOMAIN.md "incidents"). "Immediately" is due when the
// incident was discovered (the report's discoveredAt; its submission when
// unknown). Each rule keeps its source beside it; the UI words a duty by its
// code in the reader's language and shows the source.
const (
	// RCW 74.34.035(1); WAC 388-76-10225: abuse, neglect, exploitation, abandonment,
	// injury of unknown source → the DSHS complaint hotline 1-800-562-6078, immediately.
	srcHotline = "RCW 74.34.035(1); WAC 388-76-10225"
	// RCW 74.34.035(3): suspected sexual assault, or physical assault causing bodily
	// injury → law enforcement as well, immediately.
	srcPolice = "RCW 74.34.035(3)"
	// WAC 388-76-10225 (DOMAIN.md "incidents": a missing resident is reported to the
	// hotline); law enforcement is called to search for a missing vulnerable adult.
	srcMissing = "WAC 388-76-10225; RCW 74.34.035"
	// WAC 388-76-10225: significant change, serious injury or death → notify the family
	// or representative, the physician and the case manager immediately.
	srcNotify = "WAC 388-76-10225"
	// WAC 388-76-10225 (DOMAIN.md "incidents": evacuation and events that put residents
	// at risk are reported to the hotline).
	srcFacility = "WAC 388-76-10225"
	// WAC 388-76-10430 (medication services: the prescriber is told of an error).
	srcMedication = "WAC 388-76-10430"
)

// dutyRule is one duty a report's facts call for.
type dutyRule struct {
	code      shared.IncidentDutyCode
	mandatory bool
	source    string
}

// injured reports whether the report names an injury.
func injured(b body) bool { return strings.TrimSpace(b.Injuries) != "" || len(b.BodyLocations) > 0 }

// dutiesFor are the duties a report of type t with facts b calls for, in the
// order the checklist shows them.
func dutiesFor(t shared.IncidentType, b body) []dutyRule {
	var out []dutyRule
	add := func(code shared.IncidentDutyCode, mandatory bool, src string) {
		for i, d := range out {
			if d.code == code {
				out[i].mandatory = out[i].mandatory || mandatory
				return
			}
		}
		out = append(out, dutyRule{code: code, mandatory: mandatory, source: src})
	}
	notifyAll := func() {
		add(shared.DutyNotifyFamily, true, srcNotify)
		add(shared.DutyNotifyPhysician, true, srcNotify)
		add(shared.DutyNotifyCaseManager, true, srcNotify)
	}
	switch t {
	case shared.IncidentInjuryUnknownSource, shared.IncidentExploitation, shared.IncidentStaffToResident:
		add(shared.DutyDSHSHotline, true, srcHotline)
	case shared.IncidentResidentToResident:
		if injured(b) || b.SexualAssault || b.PhysicalAssault {
			add(shared.DutyDSHSHotline, true, srcHotline)
		}
	case shared.IncidentElopement:
		add(shared.DutyDSHSHotline, true, srcMissing)
		add(shared.DutyLawEnforcement, true, srcMissing)
		notifyAll()
	case shared.IncidentUnexpectedDeath:
		// DOMAIN.md "incidents": a death is notified to family, physician and case manager;
		// the hotline only when abuse or neglect is suspected (the assault answers below).
		notifyAll()
	case shared.IncidentFall:
		if injured(b) {
			notifyAll()
		} else {
			add(shared.DutyNotifyFamily, false, srcNotify)
		}
	case shared.IncidentMedicationError:
		add(shared.DutyReviewMedications, true, srcMedication)
		if injured(b) {
			notifyAll()
		}
	case shared.IncidentPowerOutage, shared.IncidentNaturalDisaster, shared.IncidentFire:
		add(shared.DutyDSHSHotline, true, srcFacility)
	}
	if b.SexualAssault || b.PhysicalAssault {
		add(shared.DutyLawEnforcement, true, srcPolice)
		add(shared.DutyDSHSHotline, true, srcHotline)
	}
	if injured(b) && t.GroupOf() == shared.IncidentGroupResident && t != shared.IncidentFall && t != shared.IncidentMedicationError {
		notifyAll() // serious injury: WAC 388-76-10225
	}
	return out
}

// computeDuties are the report's duties with ids and their due time. Duties
// already checked keep who did them and when (matched by code).
func computeDuties(t shared.IncidentType, b body, due int64, old []shared.IncidentDuty) []shared.IncidentDuty {
	rules := dutiesFor(t, b)
	out := make([]shared.IncidentDuty, 0, len(rules))
	for _, r := range rules {
		d := shared.IncidentDuty{DutyID: string(r.code), Code: r.code, Mandatory: r.mandatory, DueBy: due, Source: r.source}
		for _, o := range old {
			if o.Code == r.code {
				d.DoneBy, d.DoneAt, d.WaivedReason = o.DoneBy, o.DoneAt, o.WaivedReason
			}
		}
		out = append(out, d)
	}
	return out
}

// partyOf is the notification party a duty is about ("" for none).
var partyOf = map[shared.IncidentDutyCode]shared.IncidentParty{
	shared.DutyDSHSHotline: shared.PartyDSHS, shared.DutyLawEnforcement: shared.PartyLawEnforcement,
	shared.DutyNotifyFamily: shared.PartyFamily, shared.DutyNotifyPhysician: shared.PartyPhysician,
	shared.DutyNotifyCaseManager: shared.PartyCaseManager,
}

// markNotified ticks the duties the report's notifications already show done
// (a caregiver who called the physician at 3 a.m. wrote it down).
func markNotified(duties []shared.IncidentDuty, notes []shared.IncidentNotification) {
	for i := range duties {
		if duties[i].DoneAt != 0 {
			continue
		}
		for _, n := range notes {
			if p, ok := partyOf[duties[i].Code]; ok && p == n.Party && n.NotifiedAt > 0 {
				duties[i].DoneAt, duties[i].DoneBy = n.NotifiedAt, n.By
				break
			}
		}
	}
}

// overdue marks the open duties past due at now and counts them.
func overdue(duties []shared.IncidentDuty, now int64) int {
	n := 0
	for i := range duties {
		duties[i].Overdue = duties[i].DoneAt == 0 && duties[i].WaivedReason == "" && duties[i].DueBy > 0 && duties[i].DueBy < now
		if duties[i].Overdue {
			n++
		}
	}
	return n
}
