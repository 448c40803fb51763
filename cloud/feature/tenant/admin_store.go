package tenant

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// adminRow is a TenantRow with its owner's id.
type adminRow struct {
	shared.TenantRow
	OwnerID string
}

// The owner is the one who signed the home up (owner_user_id) or, for homes
// made before sign-up existed, its first owner.
const rowFrom = ` FROM tenants t LEFT JOIN users o ON o.id = COALESCE(t.owner_user_id,
		(SELECT m.user_id FROM memberships m WHERE m.tenant_id = t.id AND m.role IN ('FACILITY_OWNER', 'FACILITY_OWNER_REGISTER') ORDER BY m.created_at, m.id LIMIT 1))`

const rowCols = `t.id, t.organisation_id, t.facility_name, t.licence_number, t.zip_code, t.address, t.time_zone,
	COALESCE(o.id, ''), COALESCE(o.name, ''), COALESCE(o.email, ''), COALESCE(o.phone, ''), t.introduction, t.status,
	CASE WHEN t.deleted_at IS NOT NULL THEN 'DELETED' WHEN t.disabled_at IS NOT NULL THEN 'DISABLED' ELSE 'ENABLED' END,
	COALESCE(t.subscription_plan, ''), COALESCE(t.package_id, ''), t.refuse_reason,
	(SELECT COUNT(*) FROM memberships m WHERE m.tenant_id = t.id), t.created_at, t.updated_at,
	COALESCE(t.deleted_at, 0), COALESCE(t.purged_at, 0)`

func scanRow(row interface{ Scan(...any) error }) (*adminRow, error) {
	var r adminRow
	err := row.Scan(&r.TenantID, &r.OrganisationID, &r.FacilityName, &r.LicenceNumber, &r.ZipCode, &r.Address, &r.TimeZone,
		&r.OwnerID, &r.OwnerName, &r.OwnerEmail, &r.Phone, &r.Introduction, &r.Status, &r.State, &r.Plan, &r.PackageID,
		&r.RefuseReason, &r.People, &r.CreateTime, &r.UpdateTime, &r.DeletedAt, &r.PurgedAt)
	return &r, err //nolint:wrapcheck // the caller wraps
}

// row reads one home for the super admin (4004 when there is none).
func (s *Service) row(ctx context.Context, q db.Querier, tenantID string) (*adminRow, error) {
	r, err := scanRow(q.QueryRowContext(ctx, `SELECT `+rowCols+rowFrom+` WHERE t.id = ?`, tenantID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("tenant: read home", err)
	}
	return r, nil
}

var sortColumns = map[shared.TenantSort]string{
	shared.TenantSortName:    "t.facility_name",
	shared.TenantSortCreated: "t.created_at",
	shared.TenantSortStatus:  "t.status",
	shared.TenantSortPlan:    "COALESCE(t.subscription_plan, '')",
}

// List is the super admin's paged list of homes.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.TenantFilter]) (*shared.Page[shared.TenantRow], error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	f := req.Data
	var where []string
	var args []any
	if n := strings.ToLower(strings.TrimSpace(f.Name)); n != "" {
		where = append(where, db.Like("LOWER(t.facility_name)"))
		args = append(args, db.Contains(n))
	}
	if l := strings.TrimSpace(f.LicenceNumber); l != "" {
		where = append(where, `t.licence_number LIKE ? ESCAPE '!'`)
		args = append(args, db.Contains(l)[1:]) // the licence's start: the pattern without its leading %
	}
	if f.Plan != "" {
		where = append(where, `t.subscription_plan = ?`)
		args = append(args, string(f.Plan))
	}
	if f.Status != "" {
		where = append(where, `t.status = ?`)
		args = append(args, string(f.Status))
	}
	switch f.State {
	case shared.TenantEnabled:
		where = append(where, `t.deleted_at IS NULL AND t.disabled_at IS NULL`)
	case shared.TenantDisabled:
		where = append(where, `t.deleted_at IS NULL AND t.disabled_at IS NOT NULL`)
	case shared.TenantDeleted:
		where = append(where, `t.deleted_at IS NOT NULL`)
	default:
		where = append(where, `t.deleted_at IS NULL`)
	}
	cond := " WHERE " + strings.Join(where, " AND ")
	var total int64
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM tenants t`+cond, args...).Scan(&total); err != nil {
		return nil, db.Wrap("tenant: count homes", err)
	}
	col, ok := sortColumns[f.SortBy]
	if !ok {
		col = sortColumns[shared.TenantSortCreated]
	}
	dir := " ASC"
	if f.SortDesc || f.SortBy == "" {
		dir = " DESC"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+rowCols+rowFrom+cond+` ORDER BY `+col+dir+`, t.id LIMIT ? OFFSET ?`, append(args, size, offset)...)
	if err != nil {
		return nil, db.Wrap("tenant: list homes", err)
	}
	defer rows.Close()
	out := &shared.Page[shared.TenantRow]{Records: []shared.TenantRow{}, Total: total, Current: page, Size: size}
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, db.Wrap("tenant: list homes", err)
		}
		out.Records = append(out.Records, r.TenantRow)
	}
	return out, db.Wrap("tenant: list homes", rows.Err())
}

// Detail is one home for the super admin.
func (s *Service) Detail(ctx context.Context, p *auth.Principal, tenantID string) (*shared.TenantRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	r, err := s.row(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	return &r.TenantRow, nil
}

// SummaryWeeks is how many weeks tenantDateSummary answers.
const SummaryWeeks = 12

// DateSummary counts sign-ups, approvals and refusals per week (weeks start on Sunday, spec 001 §9), the latest SummaryWeeks.
func (s *Service) DateSummary(ctx context.Context, p *auth.Principal) ([]shared.TenantWeek, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	now := s.now().UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	first := day.AddDate(0, 0, -int(day.Weekday())-7*(SummaryWeeks-1))
	weeks := make([]shared.TenantWeek, SummaryWeeks)
	for i := range weeks {
		weeks[i].WeekStart = first.AddDate(0, 0, 7*i).UnixMilli()
	}
	at := func(ms int64) int {
		if ms < first.UnixMilli() {
			return -1
		}
		return int((ms - first.UnixMilli()) / (7 * 24 * time.Hour).Milliseconds())
	}
	since := first.UnixMilli()
	rows, err := s.db.QueryContext(ctx, `SELECT created_at, COALESCE(reviewed_at, 0), status FROM tenants WHERE created_at >= ? OR reviewed_at >= ?`, since, since)
	if err != nil {
		return nil, db.Wrap("tenant: date summary", err)
	}
	defer rows.Close()
	for rows.Next() {
		var created, reviewed int64
		var st shared.TenantStatus
		if err := rows.Scan(&created, &reviewed, &st); err != nil {
			return nil, db.Wrap("tenant: date summary", err)
		}
		if i := at(created); i >= 0 && i < SummaryWeeks {
			weeks[i].Registered++
		}
		if i := at(reviewed); reviewed > 0 && i >= 0 && i < SummaryWeeks {
			switch st {
			case shared.TenantApproved:
				weeks[i].Approved++
			case shared.TenantRefused:
				weeks[i].Refused++
			}
		}
	}
	return weeks, db.Wrap("tenant: date summary", rows.Err())
}

// DetailsSummary counts homes by review status, plan and state.
func (s *Service) DetailsSummary(ctx context.Context, p *auth.Principal) (*shared.TenantDetailsSummary, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	out := &shared.TenantDetailsSummary{ByStatus: map[shared.TenantStatus]int{}, ByPlan: map[string]int{}, ByState: map[shared.TenantState]int{}}
	rows, err := s.db.QueryContext(ctx, `SELECT status, COALESCE(subscription_plan, 'NONE'),
		CASE WHEN deleted_at IS NOT NULL THEN 'DELETED' WHEN disabled_at IS NOT NULL THEN 'DISABLED' ELSE 'ENABLED' END, COUNT(*)
		FROM tenants GROUP BY 1, 2, 3`)
	if err != nil {
		return nil, db.Wrap("tenant: details summary", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st shared.TenantStatus
		var plan string
		var state shared.TenantState
		var n int
		if err := rows.Scan(&st, &plan, &state, &n); err != nil {
			return nil, db.Wrap("tenant: details summary", err)
		}
		out.Total += n
		out.ByStatus[st] += n
		out.ByPlan[plan] += n
		out.ByState[state] += n
	}
	return out, db.Wrap("tenant: details summary", rows.Err())
}
