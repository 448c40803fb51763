package facilitydoc

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// CardToSign is the dashboard card of the documents waiting for the signed-in
// person's signature (registered in cloud/server for every facility role).
const CardToSign = "facilityDocsToSign"

// ToSignCard is the "Documents to sign" card: how many facility document
// versions wait for the caller's own signature, with their names, linking to
// where the caller signs them (a caregiver's own status page; an owner's or
// admin's inspection page). Hidden when nothing waits.
func (s *Service) ToSignCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p.TenantID == "" {
		return nil, nil
	}
	ids, err := s.store.ToSign(ctx, s.db, p.TenantID, p.UserID)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	names := make([]string, 0, min(len(ids), shared.DashboardMaxNames))
	for _, id := range ids[:min(len(ids), shared.DashboardMaxNames)] {
		v, err := s.store.Version(ctx, s.db, p.TenantID, id)
		if err != nil {
			return nil, err
		}
		names = append(names, v.Name)
	}
	link := "/inspection-status"
	if !p.Has(shared.FacilityManagers...) {
		link = "/your-status"
	}
	return &shared.DashboardCard{Link: link, Items: []shared.DashboardItem{
		{Key: "facilityDocsToSign", Count: len(ids), Tone: shared.ToneWarning, Names: names},
	}}, nil
}
