package disposal

import (
	"context"
	"sort"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The clocks of WAC 388-76-10490 (amended by WSR 25-05-021, in force since
// 10 March 2025; ../shared/docs/DOMAIN.md "disposal"), in facility calendar days:
//   - a current resident's discontinued, expired or refused medication:
//     within 30 days of the discontinuation, expiry or refusal. An order
//     whose end date has passed (ENDED) counts as discontinued on that date;
//   - a deceased resident's medications: all within 30 days of the death;
//   - a discharged (moved-out) resident's: deliveries end within 10 days,
//     and what is left at the home is disposed of after 90 days.
//
// A medication with several clocks (discontinued, then the resident died)
// is due by the earliest. An event before 10 March 2025 starts its clock on
// that day. An item leaves the list once a disposal record names its
// medication with a disposal time on or after the day its clock started
// (for a refusal: at or after the refusal, so each new refusal needs its
// own disposal).

// RefusalLookbackDays is how far back refused doses are read, in facility
// days: from the start of the same day a year ago. Whole days, so a refusal
// leaves the list only at the facility's midnight, when every day-counted
// clock moves on too (the kept dashboard card needs no moment of its own).
const RefusalLookbackDays = 365

// event is one clock of one medication.
type event struct {
	kind  shared.DisposalDueKind
	since civil // the facility day the clock starts
	at    int64 // the event's time (epoch ms); refusals are matched by it
	days  int   // due this many days after since
}

// civil is a facility calendar day.
type civil struct{ t time.Time } // midnight UTC of the day

func civilOf(ms int64, loc *time.Location) civil {
	t := time.UnixMilli(ms).In(loc)
	return civil{time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)}
}

func parseCivil(s string) (civil, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return civil{t}, err == nil
}

func (c civil) String() string        { return c.t.Format(time.DateOnly) }
func (c civil) addDays(n int) civil   { return civil{c.t.AddDate(0, 0, n)} }
func (c civil) before(o civil) bool   { return c.t.Before(o.t) }
func (c civil) daysUntil(o civil) int { return int(o.t.Sub(c.t).Hours() / 24) }
func (c civil) startIn(loc *time.Location) int64 {
	return time.Date(c.t.Year(), c.t.Month(), c.t.Day(), 0, 0, 0, 0, loc).UnixMilli()
}

var ruleEffective, _ = parseCivil(shared.DisposalRuleEffective)

// Due answers the medications of the caller's facility (of one resident when
// the filter names one) that must be disposed of, most urgent first.
func (s *Service) Due(ctx context.Context, p *auth.Principal, f shared.DisposalDueFilter) (*shared.DisposalDueList, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if f.ResidentID != "" {
		if _, err := s.residentOf(ctx, s.db, p, f.ResidentID); err != nil {
			return nil, err
		}
	}
	items, err := s.dueItems(ctx, s.db, p.TenantID, f.ResidentID)
	if err != nil {
		return nil, err
	}
	out := &shared.DisposalDueList{Items: items}
	for _, it := range items {
		switch it.State {
		case shared.DisposalStateOverdue:
			out.OverdueCount++
		case shared.DisposalStateDueSoon:
			out.DueSoonCount++
		}
	}
	return out, nil
}

// dueItems works out the due items of a tenant (one resident's when residentID is set).
func (s *Service) dueItems(ctx context.Context, q db.Querier, tenantID, residentID string) ([]shared.DisposalDueItem, error) {
	loc, _, err := zone.Facility(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	today := civilOf(now.UnixMilli(), loc)
	// Refused doses of the last RefusalLookbackDays: a refusal's clock runs 30
	// days, so an older one still open is long overdue and shows as such
	// until it is answered; one older than that is left to the eMAR's log.
	refused, err := s.meds.RefusedSince(ctx, q, tenantID, residentID, today.addDays(-RefusalLookbackDays).startIn(loc))
	if err != nil {
		return nil, err
	}
	cands, err := s.store.Candidates(ctx, q, tenantID, residentID, len(refused) > 0)
	if err != nil {
		return nil, err
	}
	items := []shared.DisposalDueItem{}
	for i := range cands {
		c := &cands[i]
		best, ok := earliestOpen(clocks(c, loc, today, refused[c.ID]), c, loc)
		if !ok {
			continue
		}
		items = append(items, toItem(c, best, today, loc))
	}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].DueDate != items[j].DueDate {
			return items[i].DueDate < items[j].DueDate
		}
		if items[i].ResidentName != items[j].ResidentName {
			return items[i].ResidentName < items[j].ResidentName
		}
		return items[i].MedicationName < items[j].MedicationName
	})
	return items, nil
}

// clocks are the clocks that apply to a medication, in no order.
func clocks(c *candidate, loc *time.Location, today civil, refusals []int64) []event {
	var out []event
	switch {
	case c.Status == shared.MedicationDiscontinued:
		// When it was stopped (the eMAR's end_at); an order discontinued before
		// the eMAR kept that time: its end date or its last change, whichever is earlier.
		at := c.UpdatedAt
		if c.StoppedAt.Valid {
			at = c.StoppedAt.Int64
		}
		since := civilOf(at, loc)
		if end, ok := parseCivil(c.EndDate); ok && !c.StoppedAt.Valid && end.before(since) {
			since, at = end, end.startIn(loc)
		}
		out = append(out, event{kind: shared.DisposalDueDiscontinued, since: since, at: at, days: shared.DisposalWithinDays})
	case c.EndDate != "":
		// An order whose last day has passed is discontinued from then.
		if end, ok := parseCivil(c.EndDate); ok && end.before(today) {
			out = append(out, event{kind: shared.DisposalDueEnded, since: end, at: end.startIn(loc), days: shared.DisposalWithinDays})
		}
	}
	switch c.ResidentStatus {
	case shared.ResidentDeceased:
		out = append(out, event{kind: shared.DisposalDueDeceased, since: civilOf(c.ResidentStatusAt, loc), at: c.ResidentStatusAt,
			days: shared.DisposalWithinDays})
	case shared.ResidentMovedOut:
		out = append(out, event{kind: shared.DisposalDueMovedOut, since: civilOf(c.ResidentStatusAt, loc), at: c.ResidentStatusAt,
			days: shared.DisposalLeftoverDays})
	}
	for _, at := range refusals {
		out = append(out, event{kind: shared.DisposalDueRefused, since: civilOf(at, loc), at: at, days: shared.DisposalWithinDays})
	}
	for i := range out {
		if out[i].since.before(ruleEffective) {
			out[i].since = ruleEffective
		}
	}
	return out
}

// earliestOpen is the clock with the earliest due date that no disposal has
// answered yet; false when every clock is answered (or none applies).
func earliestOpen(evs []event, c *candidate, loc *time.Location) (event, bool) {
	var best event
	found := false
	for _, e := range evs {
		if c.LastDisposal.Valid {
			answeredFrom := e.since.startIn(loc)
			if e.kind == shared.DisposalDueRefused {
				answeredFrom = e.at
			}
			if c.LastDisposal.Int64 >= answeredFrom {
				continue
			}
		}
		if !found || e.since.addDays(e.days).before(best.since.addDays(best.days)) {
			best, found = e, true
		}
	}
	return best, found
}

// reasonOf is the reason a quick create records for a clock.
func reasonOf(k shared.DisposalDueKind) shared.DisposalReason {
	switch k {
	case shared.DisposalDueDiscontinued, shared.DisposalDueEnded:
		return shared.DisposalDiscontinued
	case shared.DisposalDueRefused:
		return shared.DisposalPatientRefused
	default:
		return shared.DisposalReasonOther
	}
}

func toItem(c *candidate, e event, today civil, loc *time.Location) shared.DisposalDueItem {
	due := e.since.addDays(e.days)
	left := today.daysUntil(due)
	state := shared.DisposalStateDue
	switch {
	case left < 0:
		state = shared.DisposalStateOverdue
	case left <= shared.DisposalDueSoonDays:
		state = shared.DisposalStateDueSoon
	}
	it := shared.DisposalDueItem{ResidentID: c.ResidentID, ResidentName: c.ResidentName, MedicationID: c.ID,
		MedicationName: c.Name, MedicationType: c.Type, Dose: c.Dose, Route: c.Route, RxNumber: c.RxNumber, Kind: e.kind,
		Since: e.since.String(), DueDate: due.String(), DaysLeft: left, State: state, Reason: reasonOf(e.kind)}
	if c.ResidentStatus == shared.ResidentMovedOut {
		out := civilOf(c.ResidentStatusAt, loc)
		if out.before(ruleEffective) {
			out = ruleEffective
		}
		it.StopDeliveriesBy = out.addDays(shared.DisposalStopDeliveriesDays).String()
	}
	return it
}
