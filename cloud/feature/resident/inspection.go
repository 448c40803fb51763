package resident

import (
	"context"
	"net/url"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/inspection"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The residents feature's part of the inspection readiness page (issue 32,
// registered in cloud/server): who the residents area is about, and the
// assessment and care plan rules.

// detailLink is the owner's resident detail page on one of its tabs.
func detailLink(residentID, tab string) string {
	return FacilityDetailPath + "?residentId=" + url.QueryEscape(residentID) + "&tab=" + tab
}

// FacilityDetailPath is the owners' and admins' resident detail page (spec 000 §2).
const FacilityDetailPath = "/resident-management/detail"

// InspectionSubjects lists the residents who live in the home (the residents
// area's subjects), by name as the resident list orders them.
func (s *Service) InspectionSubjects(ctx context.Context, p *auth.Principal) ([]inspection.Subject, error) {
	active, _, err := s.store.List(ctx, s.db, listQuery{tenantID: p.TenantID, statuses: activeStatuses}, shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	out := make([]inspection.Subject, len(active))
	for i := range active {
		out[i] = inspection.Subject{ID: active[i].ID, Name: active[i].name()}
	}
	return out, nil
}

// AssessmentGaps: a resident who lives in the home with no assessment
// document on file (a resident file of category ASSESSMENT that is not
// deleted; WAC 388-76-10335 asks for an assessment before move-in).
func (s *Service) AssessmentGaps(ctx context.Context, p *auth.Principal) ([]inspection.Gap, error) {
	ids, err := s.store.WithoutAssessment(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	out := make([]inspection.Gap, len(ids))
	for i, id := range ids {
		out[i] = inspection.Gap{SubjectID: id, Count: 1, Link: detailLink(id, "assessment")}
	}
	return out, nil
}

// CarePlanGaps: a resident whose negotiated care plan is past due (30 days
// after move-in, none recorded) or whose yearly review is past due: the
// rule of the care plan reviews card (reviewDue, initialPlanDue).
func (s *Service) CarePlanGaps(ctx context.Context, p *auth.Principal) ([]inspection.Gap, error) {
	active, _, err := s.store.List(ctx, s.db, listQuery{tenantID: p.TenantID, statuses: activeStatuses}, shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var out []inspection.Gap
	for i := range active {
		r := &active[i]
		due, day := reviewDue(r), ""
		if r.CarePlanUpdatedAt.Valid {
			day = due.In(loc).Format(time.DateOnly)
		} else {
			due = initialPlanDue(r, loc) // the day after the 30th: the plan was due on the 30th
			day = due.AddDate(0, 0, -1).Format(time.DateOnly)
		}
		if !due.Before(now) {
			continue
		}
		out = append(out, inspection.Gap{SubjectID: r.ID, Count: 1, DueDate: day, Link: detailLink(r.ID, "carePlan")})
	}
	return out, nil
}

// WithoutAssessment lists the ids of the residents living in the home with
// no assessment document on file.
func (Store) WithoutAssessment(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT r.id FROM residents r WHERE r.tenant_id = ? AND r.status IN (?, ?)
		AND NOT EXISTS (SELECT 1 FROM resident_files rf JOIN files f ON f.id = rf.file_id
			WHERE rf.tenant_id = r.tenant_id AND rf.resident_id = r.id AND rf.category = ? AND f.deleted_at IS NULL)`,
		tenantID, shared.ResidentNormal, shared.ResidentGoingOut, shared.FileAssessment)
	if err != nil {
		return nil, db.Wrap("resident: without assessment", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("resident: without assessment", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("resident: without assessment", rows.Err())
}
