package incident

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// body is what a report says beyond the columns lists filter on (the JSON body column).
type body struct {
	Location         string                        `json:"location"`
	Narrative        string                        `json:"narrative"`
	Injuries         string                        `json:"injuries"`
	BodyLocations    []string                      `json:"bodyLocations"`
	ImmediateActions string                        `json:"immediateActions"`
	Notifications    []shared.IncidentNotification `json:"notifications"`
	Witnesses        string                        `json:"witnesses"`
	StaffInvolvedIDs []string                      `json:"staffInvolvedIds"`
	FileIDs          []string                      `json:"fileIds"`
	SexualAssault    bool                          `json:"sexualAssault"`
	PhysicalAssault  bool                          `json:"physicalAssault"`
}

// row is an incident_reports row with the names the answers show.
type row struct {
	ID, TenantID    string
	Group           shared.IncidentGroup
	Type            shared.IncidentType
	ResidentID      string
	ResidentName    string
	State           shared.IncidentState
	AuthorID        string
	AuthorName      string
	ReviewerID      string
	ReviewerName    string
	OccurredAt      int64
	DiscoveredAt    int64
	SubmittedAt     int64
	CompletedAt     int64
	Body            body
	Duties          []shared.IncidentDuty
	Analyses        []shared.IncidentAnalysis
	Timeline        []shared.IncidentTimelineEntry
	AnalysisPending bool
	Version         int
	CreatedAt       int64
	UpdatedAt       int64
}

// Store reads and writes incident_reports; every query names the tenant.
type Store struct{}

const selectRow = `SELECT i.id, i.tenant_id, i.incident_group, i.incident_type, COALESCE(i.resident_id, ''),
	COALESCE(r.first_name || ' ' || r.last_name, ''), i.state, i.author_id, COALESCE(i.reviewer_id, ''),
	i.occurred_at, i.discovered_at, i.submitted_at, i.completed_at, i.body, i.duties, i.analyses,
	i.timeline, i.analysis_pending, i.version, i.created_at, i.updated_at
	FROM incident_reports i
	LEFT JOIN residents r ON r.id = i.resident_id AND r.tenant_id = i.tenant_id`

func scanRow(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	var b, duties, analyses, timeline string
	var pending int
	if err := sc.Scan(&r.ID, &r.TenantID, &r.Group, &r.Type, &r.ResidentID, &r.ResidentName, &r.State, &r.AuthorID,
		&r.ReviewerID, &r.OccurredAt, &r.DiscoveredAt, &r.SubmittedAt, &r.CompletedAt, &b, &duties, &analyses,
		&timeline, &pending, &r.Version, &r.CreatedAt, &r.UpdatedAt); err != nil {
		return nil, err
	}
	r.AnalysisPending = pending != 0
	for _, j := range []struct {
		s string
		v any
	}{{b, &r.Body}, {duties, &r.Duties}, {analyses, &r.Analyses}, {timeline, &r.Timeline}} {
		if err := json.Unmarshal([]byte(j.s), j.v); err != nil {
			return nil, fmt.Errorf("incident: stored JSON of %s: %w", r.ID, err)
		}
	}
	return &r, nil
}

// Get is one report of the tenant, db.ErrNotFound when none.
func (Store) Get(ctx context.Context, q db.Querier, tenantID, id string) (*row, error) {
	r, err := scanRow(q.QueryRowContext(ctx, selectRow+` WHERE i.tenant_id = ? AND i.id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("incident: report", err)
	}
	if err := named(ctx, q, r); err != nil {
		return nil, err
	}
	return r, nil
}

// named fills in the author's and reviewer's names (empty for a removed
// account), with one lookup for all the reports.
func named(ctx context.Context, q db.Querier, rs ...*row) error {
	ids := make([]string, 0, 2*len(rs))
	for _, r := range rs {
		ids = append(ids, r.AuthorID, r.ReviewerID)
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return fmt.Errorf("incident: names: %w", err)
	}
	for _, r := range rs {
		r.AuthorName, r.ReviewerName = names[r.AuthorID], names[r.ReviewerID]
	}
	return nil
}

func jsons(r *row) (b, duties, analyses, timeline string, err error) {
	out := make([]string, 4)
	for i, v := range []any{r.Body, nonNil(r.Duties), nonNil(r.Analyses), nonNil(r.Timeline)} {
		j, err := json.Marshal(v)
		if err != nil {
			return "", "", "", "", fmt.Errorf("incident: encode report: %w", err)
		}
		out[i] = string(j)
	}
	return out[0], out[1], out[2], out[3], nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Insert adds a report (version 1).
func (Store) Insert(ctx context.Context, q db.Querier, r *row) error {
	b, duties, analyses, timeline, err := jsons(r)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO incident_reports (id, tenant_id, incident_group, incident_type, resident_id, state,
		author_id, reviewer_id, occurred_at, discovered_at, submitted_at, completed_at, body, duties, analyses, timeline,
		analysis_pending, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
		r.ID, r.TenantID, r.Group, r.Type, nullable(r.ResidentID), r.State, r.AuthorID, nullable(r.ReviewerID), r.OccurredAt,
		r.DiscoveredAt, r.SubmittedAt, r.CompletedAt, b, duties, analyses, timeline, boolInt(r.AnalysisPending), r.CreatedAt, r.UpdatedAt)
	r.Version = 1
	return db.Wrap("incident: insert", err)
}

// Update writes r over the stored report when it is still at version; false
// when it changed meanwhile. r.Version becomes the new version.
func (Store) Update(ctx context.Context, q db.Querier, r *row, version int) (bool, error) {
	b, duties, analyses, timeline, err := jsons(r)
	if err != nil {
		return false, err
	}
	res, err := q.ExecContext(ctx, `UPDATE incident_reports SET incident_group = ?, incident_type = ?, resident_id = ?, state = ?,
		reviewer_id = ?, occurred_at = ?, discovered_at = ?, submitted_at = ?, completed_at = ?, body = ?, duties = ?, analyses = ?,
		timeline = ?, analysis_pending = ?, version = version + 1, updated_at = ? WHERE tenant_id = ? AND id = ? AND version = ?`,
		r.Group, r.Type, nullable(r.ResidentID), r.State, nullable(r.ReviewerID), r.OccurredAt, r.DiscoveredAt, r.SubmittedAt,
		r.CompletedAt, b, duties, analyses, timeline, boolInt(r.AnalysisPending), r.UpdatedAt, r.TenantID, r.ID, version)
	if err != nil {
		return false, db.Wrap("incident: update", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, db.Wrap("incident: update", err)
	}
	if n == 1 {
		r.Version = version + 1
	}
	return n == 1, nil
}

// Delete removes a draft.
func (Store) Delete(ctx context.Context, q db.Querier, tenantID, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM incident_reports WHERE tenant_id = ? AND id = ? AND state = ?`, tenantID, id, shared.IncidentDraft)
	return db.Wrap("incident: delete", err)
}

// filter is what a list asks for; viewer limits it to what the caller sees.
type filter struct {
	tenantID, viewerID string
	manager            bool
	shared.IncidentFilter
}

func (f filter) where() (string, []any) {
	w := []string{"i.tenant_id = ?"}
	args := []any{f.tenantID}
	if f.manager {
		// Owners and admins: every submitted report and their own drafts.
		w = append(w, "(i.state <> ? OR i.author_id = ?)")
		args = append(args, shared.IncidentDraft, f.viewerID)
	} else {
		w = append(w, "i.author_id = ?")
		args = append(args, f.viewerID)
	}
	if f.ResidentID != "" {
		w, args = append(w, "i.resident_id = ?"), append(args, f.ResidentID)
	}
	if f.Type != "" {
		w, args = append(w, "i.incident_type = ?"), append(args, f.Type)
	}
	if f.State != "" {
		w, args = append(w, "i.state = ?"), append(args, f.State)
	}
	if f.From > 0 {
		w, args = append(w, "i.discovered_at >= ?"), append(args, f.From)
	}
	if f.To > 0 {
		w, args = append(w, "i.discovered_at < ?"), append(args, f.To)
	}
	return " WHERE " + strings.Join(w, " AND "), args
}

// List is a page of reports, newest discovered first, and the total.
func (Store) List(ctx context.Context, q db.Querier, f filter, limit, offset int) ([]*row, int64, error) {
	where, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM incident_reports i`+where, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("incident: count", err)
	}
	rows, err := q.QueryContext(ctx, selectRow+where+` ORDER BY i.discovered_at DESC, i.created_at DESC, i.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("incident: list", err)
	}
	return collect(ctx, q, rows, total)
}

func collect(ctx context.Context, q db.Querier, rows *sql.Rows, total int64) ([]*row, int64, error) {
	defer rows.Close()
	var out []*row
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, 0, db.Wrap("incident: scan", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("incident: rows", err)
	}
	if err := named(ctx, q, out...); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// Pending are the facility's reports waiting for review (the duties of each
// decide what is overdue).
func (Store) Pending(ctx context.Context, q db.Querier, tenantID string) ([]*row, error) {
	rows, err := q.QueryContext(ctx, selectRow+` WHERE i.tenant_id = ? AND i.state = ? ORDER BY i.submitted_at`, tenantID, shared.IncidentPendingReview)
	if err != nil {
		return nil, db.Wrap("incident: pending", err)
	}
	out, _, err := collect(ctx, q, rows, 0)
	return out, err
}

// Count counts the tenant's reports in state (by author when given).
func (Store) Count(ctx context.Context, q db.Querier, tenantID string, state shared.IncidentState, authorID string) (int, error) {
	query, args := `SELECT COUNT(*) FROM incident_reports WHERE tenant_id = ? AND state = ?`, []any{tenantID, state}
	if authorID != "" {
		query, args = query+` AND author_id = ?`, append(args, authorID)
	}
	var n int
	err := q.QueryRowContext(ctx, query, args...).Scan(&n)
	return n, db.Wrap("incident: count", err)
}

// CountCreated counts the tenant's reports written in [from, to).
func (Store) CountCreated(ctx context.Context, q db.Querier, tenantID string, from, to int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM incident_reports WHERE tenant_id = ? AND created_at >= ? AND created_at < ?`,
		tenantID, from, to).Scan(&n)
	return n, db.Wrap("incident: count created", err)
}

// Managers are the user ids of the facility's enabled owners and admins.
func (Store) Managers(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	roles := shared.FacilityManagers
	ph := strings.TrimSuffix(strings.Repeat("?, ", len(roles)), ", ")
	args := []any{tenantID}
	for _, r := range roles {
		args = append(args, string(r))
	}
	rows, err := q.QueryContext(ctx, `SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
		WHERE m.tenant_id = ? AND m.status = 'enabled' AND u.status = 'enabled' AND m.role IN (`+ph+`) ORDER BY m.user_id`, args...)
	if err != nil {
		return nil, db.Wrap("incident: managers", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("incident: managers", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("incident: managers", rows.Err())
}

// Resident is the name and move-in day (YYYY-MM-DD, or empty) of a resident
// of the tenant whom a report may name (residency.Shown); found is false when
// none, for one moving in and for a cancelled move-in.
func (Store) Resident(ctx context.Context, q db.Querier, tenantID, id string) (name, moveIn string, found bool, err error) {
	err = q.QueryRowContext(ctx, `SELECT r.first_name || ' ' || r.last_name, r.move_in_date FROM residents r
		WHERE r.tenant_id = ? AND r.id = ? AND `+residency.Shown, tenantID, id).Scan(&name, &moveIn)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", false, nil
	}
	return name, moveIn, err == nil, db.Wrap("incident: resident", err)
}

// StaffOK reports whether every id is a member of the tenant.
func (Store) StaffOK(ctx context.Context, q db.Querier, tenantID string, ids []string) (bool, error) {
	for _, id := range ids {
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM memberships WHERE tenant_id = ? AND user_id = ?`, tenantID, id).Scan(&n); err != nil {
			return false, db.Wrap("incident: staff", err)
		}
		if n == 0 {
			return false, nil
		}
	}
	return true, nil
}

// Facility is a facility's name and licence number, and its plan.
func (Store) Facility(ctx context.Context, q db.Querier, tenantID string) (name, licence, plan string, err error) {
	err = q.QueryRowContext(ctx, `SELECT facility_name, licence_number, COALESCE(subscription_plan, '') FROM tenants WHERE id = ?`, tenantID).
		Scan(&name, &licence, &plan)
	return name, licence, plan, db.Wrap("incident: facility", err)
}
