package tenant

// Organisations: an owner's group of homes. The super admin lists them with
// their homes and people counted, opens one (its homes and the people of
// those homes), creates and renames them, and moves a home to another
// organisation; an organisation left with no home stays, to be renamed, given
// a home again or deleted (only while it has no home). Every write is audited
// in its transaction.

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Problems of organisations.
var (
	ErrOrganisationName = problem.New(shared.CodeConflict, "organisation.duplicate")
	ErrSameOrganisation = problem.Invalid("organisationId", "sameOrganisation", "organisation.same", nil)
	// ErrOrganisationHasHomes refuses to delete an organisation that still has
	// homes (its people belong to it through them); the message names how many.
	ErrOrganisationHasHomes = problem.New(shared.CodeConflict, "organisation.hasHomes")
)

// orgName trims a name and checks it like a facility name (2–80, no control character, no line break).
func orgName(name string) (string, error) {
	v := strings.TrimSpace(name)
	if shared.HasControl(v) {
		return "", problem.Invalid("name", "controlCharacters", "validation.controlCharacters", nil)
	}
	if err := checkLengths(map[string][3]any{"name": {v, shared.FacilityNameMin, shared.FacilityNameMax}}); err != nil {
		return "", err
	}
	return v, nil
}

// orgCounts counts, per organisation of pg, its homes not deleted and
// the distinct people with a membership in them (index tenants_organisation,
// memberships' (tenant_id, user_id)).
const orgCounts = `SELECT pg.id, pg.name, pg.created_at, COUNT(DISTINCT t.id), COUNT(DISTINCT m.user_id)
	FROM pg LEFT JOIN tenants t ON t.organisation_id = pg.id AND t.deleted_at IS NULL
	LEFT JOIN memberships m ON m.tenant_id = t.id
	GROUP BY pg.id, pg.name, pg.created_at`

func scanOrg(rows *sql.Rows) (shared.OrganisationRow, error) {
	var r shared.OrganisationRow
	err := rows.Scan(&r.OrganisationID, &r.Name, &r.CreateTime, &r.Homes, &r.People)
	return r, err //nolint:wrapcheck // the caller wraps
}

// ListOrganisations is the super admin's paged list of organisations by name.
func (s *Service) ListOrganisations(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.OrganisationFilter]) (*shared.Page[shared.OrganisationRow], error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	cond, args := "", []any{}
	if n := strings.ToLower(strings.TrimSpace(req.Data.Name)); n != "" {
		cond = " WHERE " + db.Like("LOWER(o.name)")
		args = append(args, db.Contains(n))
	}
	var total int64
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM organisations o`+cond, args...).Scan(&total); err != nil {
		return nil, db.Wrap("organisation: count", err)
	}
	// The page is chosen first; only its organisations are counted.
	rows, err := s.db.QueryContext(ctx, `WITH pg AS (SELECT o.id, o.name, o.created_at FROM organisations o`+cond+
		` ORDER BY LOWER(o.name), o.id LIMIT ? OFFSET ?) `+orgCounts+` ORDER BY LOWER(pg.name), pg.id`, append(args, size, offset)...)
	if err != nil {
		return nil, db.Wrap("organisation: list", err)
	}
	defer rows.Close()
	out := &shared.Page[shared.OrganisationRow]{Records: []shared.OrganisationRow{}, Total: total, Current: page, Size: size}
	for rows.Next() {
		r, err := scanOrg(rows)
		if err != nil {
			return nil, db.Wrap("organisation: list", err)
		}
		out.Records = append(out.Records, r)
	}
	return out, db.Wrap("organisation: list", rows.Err())
}

// orgRow is one organisation with its counts (4004 when there is none).
func (s *Service) orgRow(ctx context.Context, q db.Querier, id string) (*shared.OrganisationRow, error) {
	rows, err := q.QueryContext(ctx, `WITH pg AS (SELECT id, name, created_at FROM organisations WHERE id = ?) `+orgCounts, id)
	if err != nil {
		return nil, db.Wrap("organisation: read", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, db.Wrap("organisation: read", err)
		}
		return nil, problem.NotFound
	}
	r, err := scanOrg(rows)
	if err != nil {
		return nil, db.Wrap("organisation: read", err)
	}
	return &r, nil
}

// OrganisationDetail is one organisation with its homes and the people of its homes.
func (s *Service) OrganisationDetail(ctx context.Context, p *auth.Principal, id string) (*shared.OrganisationDetail, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	row, err := s.orgRow(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	out := &shared.OrganisationDetail{OrganisationRow: *row, HomeList: []shared.OrganisationHome{}, PeopleList: []shared.OrganisationPerson{}}
	homes, err := s.db.QueryContext(ctx, `SELECT t.id, t.facility_name, t.status,
		CASE WHEN t.deleted_at IS NOT NULL THEN 'DELETED' WHEN t.disabled_at IS NOT NULL THEN 'DISABLED' ELSE 'ENABLED' END,
		COALESCE(t.subscription_plan, ''), (SELECT COUNT(*) FROM memberships m WHERE m.tenant_id = t.id)
		FROM tenants t WHERE t.organisation_id = ? ORDER BY LOWER(t.facility_name), t.id`, id)
	if err != nil {
		return nil, db.Wrap("organisation: homes", err)
	}
	defer homes.Close()
	for homes.Next() {
		var h shared.OrganisationHome
		if err := homes.Scan(&h.TenantID, &h.FacilityName, &h.Status, &h.State, &h.Plan, &h.People); err != nil {
			return nil, db.Wrap("organisation: homes", err)
		}
		out.HomeList = append(out.HomeList, h)
		out.PeopleTotal += h.People
	}
	if err := homes.Err(); err != nil {
		return nil, db.Wrap("organisation: homes", err)
	}
	people, err := s.db.QueryContext(ctx, `SELECT u.id, u.name, u.account, m.role, t.id, t.facility_name, m.status
		FROM tenants t JOIN memberships m ON m.tenant_id = t.id JOIN users u ON u.id = m.user_id
		WHERE t.organisation_id = ? ORDER BY LOWER(u.name), u.id, LOWER(t.facility_name), t.id LIMIT ?`, id, shared.OrganisationPeopleMax)
	if err != nil {
		return nil, db.Wrap("organisation: people", err)
	}
	defer people.Close()
	for people.Next() {
		var m shared.OrganisationPerson
		if err := people.Scan(&m.UserID, &m.Name, &m.Account, &m.Role, &m.TenantID, &m.FacilityName, &m.Status); err != nil {
			return nil, db.Wrap("organisation: people", err)
		}
		out.PeopleList = append(out.PeopleList, m)
	}
	return out, db.Wrap("organisation: people", people.Err())
}

// nameTaken refuses a name another organisation has (letter case and end spaces aside).
func nameTaken(ctx context.Context, q db.Querier, name, except string) error {
	var other string
	err := q.QueryRowContext(ctx, `SELECT id FROM organisations WHERE LOWER(TRIM(name)) = ? AND id <> ? LIMIT 1`, strings.ToLower(name), except).Scan(&other)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return db.Wrap("organisation: name", err)
	}
	return ErrOrganisationName.With(map[string]any{"name": name})
}

// AddOrganisation is the super admin adding an organisation with no home yet.
func (s *Service) AddOrganisation(ctx context.Context, p *auth.Principal, req shared.CreateOrganisationRequest) (*shared.OrganisationRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	name, err := orgName(req.Name)
	if err != nil {
		return nil, err
	}
	var out *shared.OrganisationRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := nameTaken(ctx, tx, name, ""); err != nil {
			return err
		}
		id, err := NewStore(s.db).CreateOrganisation(ctx, tx, name)
		if err != nil {
			return db.Wrap("organisation: create", err)
		}
		if out, err = s.orgRow(ctx, tx, id); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "organisation.create", Entity: "organisation", EntityID: id,
			After: map[string]any{"name": name}})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// RenameOrganisation gives an organisation another name.
func (s *Service) RenameOrganisation(ctx context.Context, p *auth.Principal, req shared.RenameOrganisationRequest) (*shared.OrganisationRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	name, err := orgName(req.Name)
	if err != nil {
		return nil, err
	}
	var out *shared.OrganisationRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.orgRow(ctx, tx, req.OrganisationID)
		if err != nil {
			return err
		}
		if err := nameTaken(ctx, tx, name, req.OrganisationID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE organisations SET name = ? WHERE id = ?`, name, req.OrganisationID); err != nil {
			return db.Wrap("organisation: rename", err)
		}
		if out, err = s.orgRow(ctx, tx, req.OrganisationID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "organisation.rename", Entity: "organisation", EntityID: req.OrganisationID,
			Before: map[string]any{"name": before.Name}, After: map[string]any{"name": name}})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// MoveHome moves a home to another organisation; the one it leaves stays, even with no home.
func (s *Service) MoveHome(ctx context.Context, p *auth.Principal, req shared.MoveHomeRequest) (*shared.OrganisationDetail, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var from string
		err := tx.QueryRowContext(ctx, `SELECT organisation_id FROM tenants WHERE id = ?`, req.TenantID).Scan(&from)
		if errors.Is(err, sql.ErrNoRows) {
			return problem.NotFound
		}
		if err != nil {
			return db.Wrap("organisation: move home", err)
		}
		if _, err := s.orgRow(ctx, tx, req.OrganisationID); err != nil {
			return err
		}
		if from == req.OrganisationID {
			return ErrSameOrganisation
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tenants SET organisation_id = ?, updated_at = ? WHERE id = ?`,
			req.OrganisationID, s.now().UnixMilli(), req.TenantID); err != nil {
			return db.Wrap("organisation: move home", err)
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: req.TenantID, ActorID: p.UserID, Action: "organisation.moveHome", Entity: "tenant",
			EntityID: req.TenantID, Before: map[string]any{"organisationId": from}, After: map[string]any{"organisationId": req.OrganisationID}})
	})
	if err != nil {
		return nil, err
	}
	return s.OrganisationDetail(ctx, p, req.OrganisationID)
}

// DeleteOrganisation removes an organisation that has no home. Every home's
// row names its organisation, deleted and purged homes too (their records are
// kept), so any of them keeps it: the super admin moves them first. People
// belong to an organisation only through its homes' memberships, so an
// organisation with no home has nobody. The row goes (an empty organisation
// holds no record); the audit row keeps its name.
func (s *Service) DeleteOrganisation(ctx context.Context, p *auth.Principal, id string) error {
	if !p.IsSuperAdmin() {
		return problem.Forbidden
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.orgRow(ctx, tx, id)
		if err != nil {
			return err
		}
		var homes, deleted int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(deleted_at) FROM tenants WHERE organisation_id = ?`, id).Scan(&homes, &deleted); err != nil {
			return db.Wrap("organisation: delete: homes", err)
		}
		if homes > 0 {
			return ErrOrganisationHasHomes.With(map[string]any{"name": before.Name, "homes": homes, "deleted": deleted})
		}
		// NOT EXISTS again in the statement: a home moved in meanwhile keeps it.
		gone, err := db.Affected(tx.ExecContext(ctx, `DELETE FROM organisations WHERE id = ? AND NOT EXISTS (SELECT 1 FROM tenants WHERE organisation_id = ?)`, id, id))
		if err != nil {
			return db.Wrap("organisation: delete", err)
		}
		if !gone {
			return ErrOrganisationHasHomes.With(map[string]any{"name": before.Name, "homes": 1, "deleted": 0})
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "organisation.delete", Entity: "organisation", EntityID: id,
			Before: map[string]any{"name": before.Name, "createTime": before.CreateTime}})
	})
}

// OrganisationRoutes mounts the organisation calls that are not in
// admin_http.go: POST /api/system/organization/delete (super admin).
func OrganisationRoutes(api *web.API, s *Service) {
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodPost, Path: "/organization/delete", Access: web.SignedIn,
		Summary: "Super admin: delete an organisation that has no home (deleted homes count); audited",
		Roles:   shared.SuperAdmins, Function: web.AnyPlan},
		func(ctx context.Context, in *web.Body[shared.DeleteOrganisationRequest]) (*struct{}, error) {
			return nil, s.DeleteOrganisation(ctx, auth.From(ctx), in.Body.OrganisationID)
		})
}
