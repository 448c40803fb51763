package shift

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/shell"
	"hearth/shared"
)

// The shifts' dashboard cards (registered in cloud/server).
const (
	// CardCoverage: the owner's "this week's coverage" card.
	CardCoverage = "shiftCoverage"
	// CardMyShift: a caregiver's next shift and unread shift reports.
	CardMyShift = "myShift"
)

// CoverageCard is the manager's card: the hours of the rest of this week
// without enough caregivers, and this week's and next week's schedules
// still in draft. Hidden while the facility has no active shift type.
func (s *Service) CoverageCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p.TenantID == "" {
		return nil, nil
	}
	types, err := s.store.Types(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	active := false
	for _, t := range types {
		active = active || t.Active
	}
	if !active {
		return nil, nil
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	week := weekStartOf(c.today)
	gaps, err := s.weekGaps(ctx, s.db, p.TenantID, c, week, types)
	if err != nil {
		return nil, err
	}
	hours, days := 0, map[string]bool{}
	nowMs := c.now.UnixMilli()
	for _, g := range gaps {
		if g.End <= nowMs {
			continue
		}
		shell.ChangesAtMillis(ctx, g.End) // a gap that has ended no longer counts
		hours += g.Hours
		days[g.Day] = true
	}
	drafts := 0
	for _, w := range []string{week, addDays(week, 7)} {
		scheds, err := s.store.Week(ctx, s.db, p.TenantID, w)
		if err != nil {
			return nil, err
		}
		for _, sc := range scheds {
			if sc.Status == shared.ScheduleDraft {
				drafts++
			}
		}
	}
	card := &shared.DashboardCard{Link: "/shift-management", Items: []shared.DashboardItem{
		{Key: "coverageGapHours", Count: hours, Tone: shared.ToneNone},
		{Key: "coverageGapDays", Count: len(days), Tone: shared.ToneNone},
		{Key: "schedulesDraft", Count: drafts, Tone: shared.ToneNone},
	}}
	if hours > 0 {
		card.Items[0].Tone, card.Items[1].Tone = shared.ToneDanger, shared.ToneDanger
	}
	if drafts > 0 {
		card.Items[2].Tone = shared.ToneWarning
	}
	return card, nil
}

// MyShiftCard is a caregiver's card: their next published shift (time = its
// start) and the shift reports they have not read. Hidden when neither.
func (s *Service) MyShiftCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p.TenantID == "" {
		return nil, nil
	}
	mine, err := s.MyShifts(ctx, p)
	if err != nil {
		return nil, err
	}
	unread, err := s.CountUnread(ctx, p)
	if err != nil {
		return nil, err
	}
	if mine.Next == nil && unread == 0 {
		return nil, nil
	}
	card := &shared.DashboardCard{Link: "/your-status", Items: []shared.DashboardItem{}}
	if mine.Next != nil {
		shell.ChangesAtMillis(ctx, mine.Next.End) // then the next one is another shift, or none
		card.Items = append(card.Items, shared.DashboardItem{Key: "nextShift", Status: true, Time: mine.Next.Start, Tone: shared.ToneNone,
			Names: []string{mine.Next.ShiftTypeName}})
	} else {
		card.Items = append(card.Items, shared.DashboardItem{Key: "noNextShift", Status: true, Tone: shared.ToneNone})
	}
	it := shared.DashboardItem{Key: "shiftReportsUnread", Count: unread, Tone: shared.ToneNone, Link: "/shift-report"}
	if unread > 0 {
		it.Tone = shared.ToneWarning
	}
	card.Items = append(card.Items, it)
	return card, nil
}
