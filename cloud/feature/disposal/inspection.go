package disposal

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/inspection"
	"hearth/shared"
)

// DisposalGaps is the inspection page's disposal rule (issue 32, registered in
// cloud/server): a resident with a medication past its disposal clock (the
// clocks of the disposals card), counted per medication, linked to the
// resident's disposal page; the date is the most overdue one's.
func (s *Service) DisposalGaps(ctx context.Context, p *auth.Principal) ([]inspection.Gap, error) {
	items, err := s.dueItems(ctx, s.db, p.TenantID, "")
	if err != nil {
		return nil, err
	}
	at := map[string]int{}
	var out []inspection.Gap
	for _, it := range items { // most urgent first
		if it.State != shared.DisposalStateOverdue {
			continue
		}
		i, ok := at[it.ResidentID]
		if !ok {
			i = len(out)
			at[it.ResidentID] = i
			out = append(out, inspection.Gap{SubjectID: it.ResidentID, DueDate: it.DueDate, Link: PagePath + it.ResidentID})
		}
		out[i].Count++
	}
	return out, nil
}
