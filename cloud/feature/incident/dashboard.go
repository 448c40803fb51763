package incident

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// CardIncidents is the owners' and admins' incident card (registered in cloud/server).
const CardIncidents = "incidents"

// IncidentsCard is the manager's card: reports waiting for review and their
// open duties past due. Hidden when neither.
func (s *Service) IncidentsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p.TenantID == "" || !isManager(p) {
		return nil, nil
	}
	r, err := s.Reminders(ctx, p)
	if err != nil {
		return nil, err
	}
	if r.PendingReview == 0 && r.OverdueDuties == 0 {
		return nil, nil
	}
	card := &shared.DashboardCard{Link: "/incident-management", Items: []shared.DashboardItem{
		{Key: "incidentsPendingReview", Count: r.PendingReview, Tone: shared.ToneNone},
		{Key: "incidentsOverdueDuties", Count: r.OverdueDuties, Tone: shared.ToneNone},
	}}
	if r.PendingReview > 0 {
		card.Items[0].Tone = shared.ToneWarning
	}
	if r.OverdueDuties > 0 {
		card.Items[1].Tone = shared.ToneDanger
	}
	return card, nil
}
