package staff

import (
	"context"
	"math"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/inspection"
	"hearth/shared"
)

// The staff feature's part of the inspection readiness page (issue 32,
// registered in cloud/server): the working staff (enabled or not yet
// verified) and the credential rule of getCaregiverFileInspections.

func (s *Service) working(ctx context.Context, p *auth.Principal) ([]row, error) {
	rows, _, err := s.store.List(ctx, s.db, filter{tenantID: p.TenantID}, math.MaxInt32, 0)
	if err != nil {
		return nil, err
	}
	out := rows[:0]
	for _, r := range rows {
		if r.status() != shared.UserDisabled {
			out = append(out, r)
		}
	}
	return out, nil
}

// InspectionSubjects lists the facility's working staff, as the staff list orders them.
func (s *Service) InspectionSubjects(ctx context.Context, p *auth.Principal) ([]inspection.Subject, error) {
	rows, err := s.working(ctx, p)
	if err != nil {
		return nil, err
	}
	out := make([]inspection.Subject, len(rows))
	for i := range rows {
		out[i] = inspection.Subject{ID: rows[i].ID, Name: rows[i].Name}
	}
	return out, nil
}

// CredentialGaps: a staff member with OVERDUE checklist items (the rules of
// getCaregiverFileInspections: training, TB tests, background check,
// certifications, continuing education hours), counted per item, linked to
// their staff page; the date is the earliest overdue item's.
func (s *Service) CredentialGaps(ctx context.Context, p *auth.Principal) ([]inspection.Gap, error) {
	rows, err := s.working(ctx, p)
	if err != nil {
		return nil, err
	}
	items, err := s.evaluate(ctx, p.TenantID, rows)
	if err != nil {
		return nil, err
	}
	var out []inspection.Gap
	for i := range rows {
		g := inspection.Gap{SubjectID: rows[i].ID, Link: "/staff-management/detail/" + rows[i].ID}
		for _, it := range items[rows[i].ID] {
			if it.State != shared.InspectionOverdue {
				continue
			}
			g.Count++
			if it.DueDate != "" && (g.DueDate == "" || it.DueDate < g.DueDate) {
				g.DueDate = it.DueDate
			}
		}
		if g.Count > 0 {
			out = append(out, g)
		}
	}
	return out, nil
}
