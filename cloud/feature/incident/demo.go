package incident

import (
	"context"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// DemoPeople are who the demo's reports are by and about.
type DemoPeople struct {
	TenantID             string
	OwnerID, OwnerName   string
	CarerID, CarerName   string
	FallResidentID       string // a completed fall with both analyses
	PendingResidentID    string // an injury of unknown source pending review, one duty unchecked
	DraftResidentID      string // a caregiver's draft (medication error)
	AnalysisModelForDemo string // the model named on the demo's AI analyses
}

// SeedDemo gives a demo facility three incident reports, in the seed's
// transaction: a completed fall (nine days ago) with its preliminary and
// final analyses and the care plan changes accepted, a report pending
// review (yesterday) with a duty still unchecked, and a caregiver's draft.
func SeedDemo(ctx context.Context, tx *db.Tx, p DemoPeople, now time.Time) error {
	s := Store{}
	ms := func(t time.Time) int64 { return t.UnixMilli() }
	model := p.AnalysisModelForDemo
	if model == "" {
		model = "gpt-4o-mini"
	}

	// 1. The completed fall.
	found := now.Add(-9 * 24 * time.Hour).Truncate(time.Hour).Add(-30 * time.Minute)
	f := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Group: shared.IncidentGroupResident, Type: shared.IncidentFall,
		ResidentID: p.FallResidentID, State: shared.IncidentCompleted, AuthorID: p.CarerID, ReviewerID: p.OwnerID,
		OccurredAt: ms(found.Add(-15 * time.Minute)), DiscoveredAt: ms(found), CreatedAt: ms(found.Add(20 * time.Minute))}
	f.Body = body{Location: "Bedroom, beside the bed", Narrative: "At 3:10 a.m. the resident was found sitting on the floor beside her bed. " +
		"She said she got up to use the bathroom without her walker and her legs gave way. Call light was within reach but not used.",
		Injuries: "Small bruise on the right hip; no pain on moving the leg.", BodyLocations: []string{"Right hip"},
		ImmediateActions: "Checked vitals (BP 128/76, pulse 82), checked for injury, helped her up with two staff, walked her to the bathroom with the walker.",
		Witnesses:        "None (unwitnessed fall)",
		Notifications: []shared.IncidentNotification{
			{Party: shared.PartyFamily, NotifiedAt: ms(found.Add(5 * time.Hour)), By: p.CarerName, Note: "Called her daughter."},
			{Party: shared.PartyPhysician, NotifiedAt: ms(found.Add(6 * time.Hour)), By: p.OwnerName, Note: "Faxed the clinic; no new orders."},
		}}
	f.SubmittedAt = ms(found.Add(40 * time.Minute))
	f.Duties = computeDuties(f.Type, f.Body, f.DiscoveredAt, nil)
	markNotified(f.Duties, f.Body.Notifications)
	for i := range f.Duties {
		if f.Duties[i].Code == shared.DutyNotifyCaseManager {
			f.Duties[i].DoneAt, f.Duties[i].DoneBy = ms(found.Add(26*time.Hour)), p.OwnerName
		}
	}
	prelim := shared.IncidentAnalysis{Kind: shared.AnalysisPreliminary, Provider: shared.AnalysisByAI, Model: model,
		PromptVersion: shared.IncidentPromptVersion, CreatedAt: f.SubmittedAt + 20_000,
		Causes:          []string{"Got up at night without the walker", "Possible urgency to use the bathroom"},
		Factors:         []string{"Night-time, low light", "Walker out of reach"},
		Prevention:      []string{"Night light between the bed and the bathroom", "Walker kept within reach of the bed"},
		CarePlanChanges: []string{"Offer the bathroom at 10 p.m. and 2 a.m.", "Walker within reach at night"},
		ReportableWhy:   "A fall with a minor bruise: notify family, physician and case manager; no DSHS report is suggested."}
	final := prelim
	final.Kind, final.CreatedAt = shared.AnalysisFinal, ms(found.Add(25*time.Hour))
	final.Factors = append(final.Factors, "New diuretic started last week")
	final.CarePlanChanges = append(final.CarePlanChanges, "Ask the physician to review the diuretic's timing")
	final.Accepted = true
	final.EditedText = "Offer the bathroom at 10 p.m. and 2 a.m.\nWalker within reach at night\nAsk the physician to review the diuretic's timing"
	f.Analyses = []shared.IncidentAnalysis{prelim, final}
	f.CompletedAt = ms(found.Add(26*time.Hour + 10*time.Minute))
	f.Timeline = []shared.IncidentTimelineEntry{
		{At: f.CreatedAt, Who: p.CarerName, Action: shared.TimelineCreated},
		{At: f.SubmittedAt, Who: p.CarerName, Action: shared.TimelineSubmitted},
		{At: prelim.CreatedAt, Action: shared.TimelineAnalysis, Detail: string(shared.AnalysisPreliminary)},
		{At: final.CreatedAt, Who: p.OwnerName, Action: shared.TimelineAnalysis, Detail: string(shared.AnalysisFinal)},
		{At: f.CompletedAt - 60_000, Who: p.OwnerName, Action: shared.TimelineDutyChecked, Detail: string(shared.DutyNotifyCaseManager)},
		{At: f.CompletedAt, Who: p.OwnerName, Action: shared.TimelineApproved},
	}
	f.UpdatedAt = f.CompletedAt

	// 2. Pending review: a bruise nobody saw happen (injury of unknown source), yesterday.
	seen := now.Add(-26 * time.Hour).Truncate(time.Hour)
	pend := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Group: shared.IncidentGroupResident,
		Type: shared.IncidentInjuryUnknownSource, ResidentID: p.PendingResidentID, State: shared.IncidentPendingReview,
		AuthorID: p.CarerID, DiscoveredAt: ms(seen), CreatedAt: ms(seen.Add(30 * time.Minute))}
	pend.Body = body{Location: "Resident's room", Narrative: "During the morning shower a 4 cm bruise was seen on the left forearm. " +
		"The resident could not say how it happened. No fall was reported on the night shift.",
		Injuries: "Bruise, 4 cm, left forearm", BodyLocations: []string{"Left forearm"},
		ImmediateActions: "Photographed and measured the bruise, checked skin elsewhere, told the owner.",
		Notifications: []shared.IncidentNotification{
			{Party: shared.PartyFamily, NotifiedAt: ms(seen.Add(2 * time.Hour)), By: p.CarerName, Note: "Told her son by phone."},
		}}
	pend.SubmittedAt = ms(seen.Add(45 * time.Minute))
	pend.Duties = computeDuties(pend.Type, pend.Body, pend.DiscoveredAt, nil)
	markNotified(pend.Duties, pend.Body.Notifications)
	for i := range pend.Duties {
		if pend.Duties[i].Code == shared.DutyNotifyPhysician || pend.Duties[i].Code == shared.DutyNotifyCaseManager {
			pend.Duties[i].DoneAt, pend.Duties[i].DoneBy = ms(seen.Add(3*time.Hour)), p.OwnerName
		}
	} // the DSHS hotline duty stays unchecked
	pend.Analyses = []shared.IncidentAnalysis{rulesAnalysis(pend, shared.AnalysisPreliminary, shared.LangEnUS, pend.SubmittedAt+15_000)}
	pend.Timeline = []shared.IncidentTimelineEntry{
		{At: pend.CreatedAt, Who: p.CarerName, Action: shared.TimelineCreated},
		{At: pend.SubmittedAt, Who: p.CarerName, Action: shared.TimelineSubmitted},
		{At: pend.SubmittedAt + 15_000, Action: shared.TimelineAnalysis, Detail: string(shared.AnalysisPreliminary)},
		{At: ms(seen.Add(3 * time.Hour)), Who: p.OwnerName, Action: shared.TimelineDutyChecked, Detail: string(shared.DutyNotifyPhysician)},
		{At: ms(seen.Add(3 * time.Hour)), Who: p.OwnerName, Action: shared.TimelineDutyChecked, Detail: string(shared.DutyNotifyCaseManager)},
	}
	pend.UpdatedAt = ms(seen.Add(3 * time.Hour))

	// 3. A caregiver's draft started an hour ago.
	started := now.Add(-time.Hour)
	dr := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Group: shared.IncidentGroupResident,
		Type: shared.IncidentMedicationError, ResidentID: p.DraftResidentID, State: shared.IncidentDraft, AuthorID: p.CarerID,
		DiscoveredAt: ms(started.Add(-20 * time.Minute)), CreatedAt: ms(started), UpdatedAt: ms(started)}
	dr.Body = body{Location: "Kitchen, med cart", Narrative: "The 8 a.m. dose was given at 9:40 a.m."}
	dr.Timeline = []shared.IncidentTimelineEntry{{At: dr.CreatedAt, Who: p.CarerName, Action: shared.TimelineCreated}}

	for _, r := range []*row{f, pend, dr} {
		if err := s.Insert(ctx, tx, r); err != nil {
			return err
		}
	}
	return nil
}
