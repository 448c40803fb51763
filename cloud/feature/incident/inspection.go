package incident

import (
	"context"
	"net/url"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/inspection"
	"hearth/cloud/platform/zone"
)

// DutyGaps is the inspection page's incident rule (issue 32, registered in
// cloud/server): a resident with reports whose reporting duties are past due
// and not done (the rule of the incidents card: overdue), counted per duty,
// linked to the most overdue one's report; the date is its earliest due day.
func (s *Service) DutyGaps(ctx context.Context, p *auth.Principal) ([]inspection.Gap, error) {
	pending, err := s.store.Pending(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	at := map[string]int{}
	earliest := map[string]int64{}
	var out []inspection.Gap
	for _, r := range pending {
		if r.ResidentID == "" || overdue(r.Duties, now) == 0 {
			continue
		}
		i, ok := at[r.ResidentID]
		if !ok {
			i = len(out)
			at[r.ResidentID] = i
			out = append(out, inspection.Gap{SubjectID: r.ResidentID})
		}
		for _, d := range r.Duties {
			if !d.Overdue {
				continue
			}
			out[i].Count++
			if e, ok := earliest[r.ResidentID]; !ok || d.DueBy < e {
				earliest[r.ResidentID] = d.DueBy
				out[i].DueDate = time.UnixMilli(d.DueBy).In(loc).Format(time.DateOnly)
				out[i].Link = "/incident-management?incidentId=" + url.QueryEscape(r.ID)
			}
		}
	}
	return out, nil
}
