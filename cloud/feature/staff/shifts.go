package staff

import (
	"context"
	"errors"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// CredentialOverdue says, for each caregiver of ids in the facility, whether
// credential typ keeps them off a shift that requires it (issue 19: a
// caregiver whose required credential is overdue cannot be scheduled): the
// checklist item of that type is OVERDUE, or, for a type the checklist does
// not ask of them, no record of it is on file or the newest has expired.
// A caregiver not found (removed) is blocked.
func (s *Service) CredentialOverdue(ctx context.Context, tenantID string, ids []string, typ shared.CredentialType) (map[string]bool, error) {
	out := make(map[string]bool, len(ids))
	if len(ids) == 0 || typ == "" {
		return out, nil
	}
	var rows []row
	for _, id := range ids {
		r, err := s.store.Get(ctx, s.db, tenantID, id)
		if errors.Is(err, db.ErrNotFound) {
			out[id] = true
			continue
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, *r)
	}
	items, err := s.evaluate(ctx, tenantID, rows)
	if err != nil {
		return nil, err
	}
	today, err := s.today(ctx, tenantID)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		checked, blocked := false, false
		for _, it := range items[r.ID] {
			if it.CredentialType == typ {
				checked = true
				blocked = blocked || it.State == shared.InspectionOverdue
			}
		}
		if !checked {
			cs, err := s.store.Credentials(ctx, s.db, tenantID, []string{r.ID}, typ)
			if err != nil {
				return nil, err
			}
			valid := false
			for _, c := range cs {
				if exp := parseDay(c.Expiry); c.Expiry == "" || !exp.Before(today) {
					valid = true
				}
			}
			blocked = !valid
		}
		out[r.ID] = blocked
	}
	return out, nil
}
