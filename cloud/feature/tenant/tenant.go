// Package tenant holds organisations and facilities (tenants): their name,
// time zone, licence, review status and subscription plan.
package tenant

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Facility is one tenant.
type Facility struct {
	ID             string
	OrganisationID string
	Name           string
	TimeZone       shared.TimeZone
	LicenceNumber  string
	Address        string
	Status         shared.TenantStatus
	Plan           shared.Plan // empty: no plan
	PackageID      string
}

// Store is the SQL of organisations and tenants.
type Store struct{ db *db.DB }

// NewStore makes a store.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// CreateOrganisation adds an organisation and returns its id.
func (s *Store) CreateOrganisation(ctx context.Context, q db.Querier, name string) (string, error) {
	id := uuid.Must(uuid.NewV7()).String()
	_, err := q.ExecContext(ctx, `INSERT INTO organisations (id, name, created_at) VALUES (?, ?, ?)`, id, name, time.Now().UnixMilli())
	if err != nil {
		return "", fmt.Errorf("create organisation: %w", err)
	}
	return id, nil
}

// CreateFacility adds a facility; a facility with no package gets BASE_PACKAGE/FREE_PLAN (spec 000 §3).
func (s *Store) CreateFacility(ctx context.Context, q db.Querier, f Facility) (string, error) {
	if f.ID == "" {
		f.ID = uuid.Must(uuid.NewV7()).String()
	}
	if f.PackageID == "" && f.Plan == "" {
		f.PackageID, f.Plan = shared.DefaultPackageID, shared.PlanFree
	}
	if f.Status == "" {
		f.Status = shared.TenantDraft
	}
	now := time.Now().UnixMilli()
	var plan any
	if f.Plan != "" {
		plan = string(f.Plan)
	}
	_, err := q.ExecContext(ctx, `INSERT INTO tenants (id, organisation_id, facility_name, time_zone, licence_number, address, status, subscription_plan, package_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, f.OrganisationID, f.Name, string(f.TimeZone), f.LicenceNumber, f.Address, string(f.Status), plan, f.PackageID, now, now)
	if err != nil {
		return "", fmt.Errorf("create facility: %w", err)
	}
	return f.ID, nil
}

// SetPlan changes a facility's plan; members see it at their next token refresh.
func (s *Store) SetPlan(ctx context.Context, id string, plan shared.Plan, packageID string) error {
	var p any
	if plan != "" {
		p = string(plan)
	}
	_, err := s.db.ExecContext(ctx, `UPDATE tenants SET subscription_plan = ?, package_id = ?, updated_at = ? WHERE id = ?`,
		p, packageID, time.Now().UnixMilli(), id)
	return err
}

// SetStatus changes a facility's review status.
func (s *Store) SetStatus(ctx context.Context, id string, st shared.TenantStatus) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tenants SET status = ?, updated_at = ? WHERE id = ?`, string(st), time.Now().UnixMilli(), id)
	return err
}
