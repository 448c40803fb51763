package disposal

import (
	"context"
	"slices"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// CardDisposals is the dashboard card of medications due for disposal (registered in cloud/server).
const CardDisposals = "medicationDisposal"

// PagePath is the UI route of a resident's disposals (spec 000 §2).
const PagePath = "/resident/medication-disposal/"

// DisposalsCard is the owners' and admins' card of medications to dispose of:
// how many are overdue (red, with the residents' names), due within
// DisposalDueSoonDays, and due later. Each line links to the page of the
// first resident it names; the card to the most urgent one's. Hidden when
// nothing is due.
func (s *Service) DisposalsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p == nil || p.TenantID == "" {
		return nil, nil
	}
	items, err := s.dueItems(ctx, s.db, p.TenantID, "")
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, nil
	}
	type line struct {
		key   string
		tone  shared.DashboardTone
		count int
		names []string
		link  string
	}
	lines := []*line{
		{key: "disposalsOverdue", tone: shared.ToneDanger},
		{key: "disposalsDueSoon", tone: shared.ToneWarning},
		{key: "disposalsDue", tone: shared.ToneNone},
	}
	for _, it := range items { // most urgent first
		l := lines[2]
		switch it.State {
		case shared.DisposalStateOverdue:
			l = lines[0]
		case shared.DisposalStateDueSoon:
			l = lines[1]
		}
		l.count++
		if l.link == "" {
			l.link = PagePath + it.ResidentID
		}
		if len(l.names) < shared.DashboardMaxNames && !slices.Contains(l.names, it.ResidentName) {
			l.names = append(l.names, it.ResidentName)
		}
	}
	card := &shared.DashboardCard{Link: PagePath + items[0].ResidentID}
	for _, l := range lines {
		tone := l.tone
		if l.count == 0 {
			tone = shared.ToneNone
		}
		card.Items = append(card.Items, shared.DashboardItem{Key: l.key, Count: l.count, Tone: tone, Names: l.names, Link: l.link})
	}
	return card, nil
}
