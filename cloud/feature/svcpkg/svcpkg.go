// Package svcpkg holds the service packages (spec 000 §3 "Service package",
// "Global limits"; /service-package-management; issue 31 "Packages and
// limits") and answers every home's limits from its current package: the
// features ask Limits inside their writing transaction, so a package's change
// or a home's new package counts from the next call on every replica, with
// nothing kept in memory. A home with no package (or one whose package is
// gone) answers 7001. The package's function permissions are those of its
// role at /function-permission-management (cloud/feature/funcperm).
package svcpkg

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Refusals of the editor.
var (
	ErrNameTaken = problem.Invalid("name", "unique", "svcpkg.nameTaken", nil)
	ErrDisabled  = problem.Invalid("packageId", "enabled", "svcpkg.disabled", nil)
	ErrNoTenant  = problem.Invalid("tenantId", "exists", "svcpkg.noTenant", nil)
	ErrNoPackage = problem.Invalid("packageId", "exists", "svcpkg.noPackage", nil)
)

// DefaultPackages are the seeded package of each plan (migration 00053): the
// ones HEARTH_PLAN_MAX_* seed until the super admin saves them.
var DefaultPackages = map[shared.Plan]string{
	shared.PlanFree: shared.DefaultPackageID, shared.PlanEssential: "ESSENTIAL_PACKAGE", shared.PlanPremium: "PREMIUM_PACKAGE",
}

// Service answers and edits the packages and the homes' limits.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New makes the service; now (time.Now when nil) stamps the edits.
func New(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: now}
}

const limitColumns = `p.max_residents, p.max_caregivers, p.max_incident_reports, p.max_shift_reports, p.extra_resident_quantity,
	p.max_upload_files, p.max_file_mb, p.max_total_file_mb`

func limitTargets(l *shared.PackageLimits) []any {
	return []any{&l.MaxResidents, &l.MaxCaregivers, &l.MaxIncidentReports, &l.MaxShiftReports, &l.ExtraResidentQuantity,
		&l.MaxUploadFiles, &l.MaxFileMB, &l.MaxTotalFileMB}
}

// Limits are the limits of the home's current package, read in q (the
// caller's writing transaction, or the database): 7001 when it has none, or
// when its subscription ran out past its grace period (cloud/feature/billing
// locks it: its limited writes are refused, its records stay readable). The
// extra residents its plan bought raise its residents.
//
// Read in a writing transaction (q a *db.Tx), it first locks the home's
// tenants row until that transaction ends (db.LockTenant): every limit check
// (7002 residents, 7005 caregivers, 7006 shift reports, 7007 incident
// reports, 7009 storage) counts and then writes, and two such writes of one
// home — on one server or on two replicas of one database — take their turn,
// so the last place the package allows goes to exactly one of them. This is
// the one place every limit takes that lock (PostgreSQL: a row lock on the
// tenant; SQLite: its single writer, transactions begun IMMEDIATE).
func (s *Service) Limits(ctx context.Context, q db.Querier, tenantID string) (shared.PackageLimits, error) {
	if tx, ok := q.(*db.Tx); ok {
		if err := db.LockTenant(ctx, tx, tenantID); err != nil {
			return shared.PackageLimits{}, err
		}
	}
	var l shared.PackageLimits
	var locked int64
	var extra int
	err := q.QueryRowContext(ctx, `SELECT `+limitColumns+`, t.billing_locked_at, COALESCE((SELECT sp.extra_residents FROM subscription_plans sp
		WHERE sp.tenant_id = t.id AND sp.status = 'active' ORDER BY sp.start_at DESC LIMIT 1), 0)
		FROM tenants t JOIN service_packages p ON p.id = t.package_id WHERE t.id = ?`, tenantID).Scan(append(limitTargets(&l), &locked, &extra)...)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && locked > 0) {
		return shared.PackageLimits{}, problem.NoPlan
	}
	if l.MaxResidents > 0 {
		l.MaxResidents += extra
	}
	return l, db.Wrap("svcpkg: limits", err)
}

const packageColumns = `SELECT p.id, p.name, p.role, p.price_cents, p.validity_period, p.validity_unit, p.currency, p.description, p.status,
	` + limitColumns + `, p.updated_at, (SELECT COUNT(*) FROM tenants t WHERE t.package_id = p.id AND t.deleted_at IS NULL)
	FROM service_packages p`

func scanPackage(sc interface{ Scan(...any) error }) (shared.ServicePackage, error) {
	var p shared.ServicePackage
	targets := append([]any{&p.ID, &p.Name, &p.Role, &p.PriceCents, &p.ValidityPeriod, &p.ValidityUnit, &p.Currency, &p.Description, &p.Status},
		limitTargets(&p.Limits)...)
	err := sc.Scan(append(targets, &p.UpdateTime, &p.Homes)...)
	return p, err //nolint:wrapcheck // the callers wrap
}

// List is every package, the cheapest first.
func (s *Service) List(ctx context.Context) ([]shared.ServicePackage, error) {
	rows, err := s.db.QueryContext(ctx, packageColumns+` ORDER BY p.price_cents, p.name`)
	if err != nil {
		return nil, db.Wrap("svcpkg: list", err)
	}
	defer rows.Close()
	out := []shared.ServicePackage{}
	for rows.Next() {
		p, err := scanPackage(rows)
		if err != nil {
			return nil, db.Wrap("svcpkg: list", err)
		}
		out = append(out, p)
	}
	return out, db.Wrap("svcpkg: list", rows.Err())
}

// Get is one package; NotFound when there is none.
func (s *Service) Get(ctx context.Context, id string) (*shared.ServicePackage, error) {
	return s.get(ctx, s.db, id)
}

func (s *Service) get(ctx context.Context, q db.Querier, id string) (*shared.ServicePackage, error) {
	p, err := scanPackage(q.QueryRowContext(ctx, packageColumns+` WHERE p.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("svcpkg: get", err)
	}
	return &p, nil
}

// Save adds a package (no id) or changes one. A change of role moves the
// plan of every home on the package with it, in the same transaction.
func (s *Service) Save(ctx context.Context, who *auth.Principal, in shared.ServicePackage) (*shared.ServicePackage, error) {
	in.Name = strings.TrimSpace(in.Name)
	in.Description = strings.TrimSpace(in.Description)
	if n := len([]rune(in.Name)); n < shared.PackageNameMin {
		return nil, problem.Invalid("name", "minLength", "validation.minLength", map[string]any{"min": shared.PackageNameMin})
	}
	if in.Currency == "" {
		in.Currency = string(shared.CurrencyUSD)
	}
	if in.ValidityUnit == "" {
		in.ValidityUnit = shared.ValidityMonth
	}
	if in.Status == "" {
		in.Status = shared.PackageEnabled
	}
	now := s.now().UnixMilli()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var before *shared.ServicePackage
		if in.ID == "" {
			in.ID = uuid.Must(uuid.NewV7()).String()
			if _, err := tx.ExecContext(ctx, `INSERT INTO service_packages (id, name, role, price_cents, validity_period, validity_unit, currency,
				description, status, created_at, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				in.ID, in.Name, in.Role, in.PriceCents, in.ValidityPeriod, in.ValidityUnit, in.Currency, in.Description, in.Status, now, now, who.UserID); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrNameTaken
				}
				return db.Wrap("svcpkg: add", err)
			}
		} else {
			var err error
			if before, err = s.get(ctx, tx, in.ID); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE service_packages SET name = ?, role = ?, price_cents = ?, validity_period = ?, validity_unit = ?,
				currency = ?, description = ?, status = ?, updated_at = ?, updated_by = ? WHERE id = ?`,
				in.Name, in.Role, in.PriceCents, in.ValidityPeriod, in.ValidityUnit, in.Currency, in.Description, in.Status, now, who.UserID, in.ID); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrNameTaken
				}
				return db.Wrap("svcpkg: change", err)
			}
			if before.Role != in.Role {
				if _, err := tx.ExecContext(ctx, `UPDATE tenants SET subscription_plan = ?, updated_at = ? WHERE package_id = ?`,
					string(in.Role), now, in.ID); err != nil {
					return db.Wrap("svcpkg: move homes' plan", err)
				}
			}
		}
		if err := setLimits(ctx, tx, in.ID, in.Limits); err != nil {
			return err
		}
		after, err := s.get(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		in = *after
		e := audit.Entry{ActorID: who.UserID, Action: "servicePackage.save", Entity: "servicePackage", EntityID: in.ID, After: in}
		if before != nil {
			e.Before = before
		}
		return audit.Write(ctx, tx, e)
	})
	if err != nil {
		return nil, err
	}
	return &in, nil
}

func setLimits(ctx context.Context, q db.Querier, id string, l shared.PackageLimits) error {
	_, err := q.ExecContext(ctx, `UPDATE service_packages SET max_residents = ?, max_caregivers = ?, max_incident_reports = ?,
		max_shift_reports = ?, extra_resident_quantity = ?, max_upload_files = ?, max_file_mb = ?, max_total_file_mb = ? WHERE id = ?`,
		l.MaxResidents, l.MaxCaregivers, l.MaxIncidentReports, l.MaxShiftReports, l.ExtraResidentQuantity,
		l.MaxUploadFiles, l.MaxFileMB, l.MaxTotalFileMB, id)
	return db.Wrap("svcpkg: limits", err)
}

// Assign puts a home on an enabled package; its plan becomes the package's
// role. Its limits count from the next call; its people's menus follow at
// their next token refresh.
func (s *Service) Assign(ctx context.Context, who *auth.Principal, in shared.AssignPackageRequest) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		p, err := s.get(ctx, tx, in.PackageID)
		if errors.Is(err, problem.NotFound) {
			return ErrNoPackage
		}
		if err != nil {
			return err
		}
		if p.Status != shared.PackageEnabled {
			return ErrDisabled
		}
		var before sql.NullString
		err = tx.QueryRowContext(ctx, `SELECT package_id FROM tenants WHERE id = ? AND purged_at IS NULL`, in.TenantID).Scan(&before)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoTenant
		}
		if err != nil {
			return db.Wrap("svcpkg: assign", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tenants SET package_id = ?, subscription_plan = ?, updated_at = ? WHERE id = ?`,
			p.ID, string(p.Role), s.now().UnixMilli(), in.TenantID); err != nil {
			return db.Wrap("svcpkg: assign", err)
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: in.TenantID, ActorID: who.UserID, Action: "servicePackage.assign", Entity: "tenant",
			EntityID: in.TenantID, Before: map[string]any{"packageId": before.String}, After: map[string]any{"packageId": p.ID, "plan": p.Role}})
	})
}

// Seed is what HEARTH_PLAN_MAX_* give, per plan (absent: not given).
type Seed struct {
	Residents, ShiftReports, IncidentReports map[shared.Plan]int
}

// SeedDefaults writes the limits the environment gives into the default
// package of each plan that the super admin has never saved: the variables
// are the packages' first values, never read again once a package is edited.
func (s *Service) SeedDefaults(ctx context.Context, seed Seed) error {
	for plan, id := range DefaultPackages {
		for column, values := range map[string]map[shared.Plan]int{
			"max_residents": seed.Residents, "max_shift_reports": seed.ShiftReports, "max_incident_reports": seed.IncidentReports,
		} {
			v, ok := values[plan]
			if !ok {
				continue
			}
			if _, err := s.db.ExecContext(ctx, `UPDATE service_packages SET `+column+` = ? WHERE id = ? AND updated_by = ''`, v, id); err != nil {
				return db.Wrap("svcpkg: seed "+column, err)
			}
		}
	}
	return nil
}
