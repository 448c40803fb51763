package staff

import (
	"context"
	"math"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// CardCredentials is the staff feature's dashboard card (registered in cloud/server).
const CardCredentials = "credentials"

// credentialCounts counts OVERDUE and EXPIRING_SOON checklist items (due or
// expiring within shared.ExpiringSoonDays) of the facility's working staff
// (owner, admin) or of the caller (caregiver).
func (s *Service) credentialCounts(ctx context.Context, p *auth.Principal) (overdue, soon int, err error) {
	if p.TenantID == "" {
		return 0, 0, nil
	}
	f := filter{tenantID: p.TenantID}
	if !p.Has(shared.FacilityManagers...) {
		f.userID = p.UserID
	}
	rows, _, err := s.store.List(ctx, s.db, f, math.MaxInt32, 0)
	if err != nil {
		return 0, 0, err
	}
	working := rows[:0]
	for _, r := range rows {
		if r.status() != shared.UserDisabled {
			working = append(working, r)
		}
	}
	items, err := s.evaluate(ctx, p.TenantID, working)
	if err != nil {
		return 0, 0, err
	}
	for _, it := range items {
		o, so, _ := Summary(it)
		overdue += o
		soon += so
	}
	return overdue, soon, nil
}

// CredentialsCard is the owner's "credentials" card: overdue items and those
// expiring within 30 days, for the staff list where they are renewed. Its
// figures depend on the staff's rows (under the facility's list version) and
// the facility's date alone, so with no write they change only at midnight,
// where a kept card ends anyway (cloud/platform/shell, Card.Kept).
func (s *Service) CredentialsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	overdue, soon, err := s.credentialCounts(ctx, p)
	if err != nil {
		return nil, err
	}
	card := &shared.DashboardCard{Link: "/staff-management", Items: []shared.DashboardItem{
		{Key: "credentialsOverdue", Count: overdue, Tone: shared.ToneNone},
		{Key: "credentialsExpiring", Count: soon, Tone: shared.ToneNone},
	}}
	if overdue > 0 {
		card.Items[0].Tone = shared.ToneDanger
	}
	if soon > 0 {
		card.Items[1].Tone = shared.ToneWarning
	}
	return card, nil
}
