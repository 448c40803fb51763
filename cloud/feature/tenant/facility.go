package tenant

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Service is the facility-settings part of the tenant feature: the owner keeps
// the facility's name, address, time zone and licence number.
type Service struct {
	db       *db.DB
	now      func() time.Time
	accounts Accounts
	mail     mail.Sender
	cfg      *config.Config
	params   *param.Params
	blobs    blob.Store
	log      *slog.Logger
}

func (s *Service) info(ctx context.Context, q db.Querier, tenantID string) (*shared.FacilityInfo, error) {
	var f shared.FacilityInfo
	err := q.QueryRowContext(ctx, `SELECT id, facility_name, address, time_zone, licence_number, updated_at FROM tenants WHERE id = ?`, tenantID).
		Scan(&f.TenantID, &f.FacilityName, &f.Address, &f.TimeZone, &f.LicenceNumber, &f.UpdateTime)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("tenant: facility info", err)
	}
	return &f, nil
}

// MyFacility answers the caller's facility (always the token's).
func (s *Service) MyFacility(ctx context.Context, p *auth.Principal) (*shared.FacilityInfo, error) {
	if p.TenantID == "" {
		return nil, problem.Forbidden
	}
	return s.info(ctx, s.db, p.TenantID)
}

// Update changes the caller's facility (owners; the route checks the role), audited with before and after.
func (s *Service) Update(ctx context.Context, p *auth.Principal, req shared.UpdateFacilityRequest) (*shared.FacilityInfo, error) {
	if p.TenantID == "" {
		return nil, problem.Forbidden
	}
	req.FacilityName, req.Address, req.LicenceNumber = strings.TrimSpace(req.FacilityName), strings.TrimSpace(req.Address), strings.TrimSpace(req.LicenceNumber)
	if len([]rune(req.FacilityName)) < shared.FacilityNameMin {
		return nil, problem.Invalid("facilityName", "minLength", "validation.minLength", map[string]any{"min": shared.FacilityNameMin})
	}
	if len([]rune(req.Address)) < shared.FacilityAddrMin {
		return nil, problem.Invalid("address", "minLength", "validation.minLength", map[string]any{"min": shared.FacilityAddrMin})
	}
	if len([]rune(req.LicenceNumber)) < shared.LicenceNumberMin {
		return nil, problem.Invalid("licenceNumber", "minLength", "validation.minLength", map[string]any{"min": shared.LicenceNumberMin})
	}
	var out *shared.FacilityInfo
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.info(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tenants SET facility_name = ?, address = ?, time_zone = ?, licence_number = ?, updated_at = ? WHERE id = ?`,
			req.FacilityName, req.Address, string(req.TimeZone), req.LicenceNumber, s.now().UnixMilli(), p.TenantID); err != nil {
			return db.Wrap("tenant: update facility", err)
		}
		if out, err = s.info(ctx, tx, p.TenantID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "tenant.update", Entity: "tenant",
			EntityID: p.TenantID, Before: before, After: out})
	})
	return out, err
}

// Routes mounts the facility settings (spec 000 §2 "Layout": facility settings, owner only).
func Routes(api *web.API, s *Service) {
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/tenant/getMyFacility", Access: web.SignedIn,
		Summary: "The signed-in user's facility: name, address, time zone, licence number", Roles: shared.EveryFacilityRole, Function: web.AnyPlan},
		func(ctx context.Context, _ *web.None) (*shared.FacilityInfo, error) {
			return s.MyFacility(ctx, auth.From(ctx))
		})
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodPost, Path: "/tenant/updateTenant", Access: web.SignedIn,
		Summary: "The owner changes their facility's name, address, time zone and licence number", Roles: shared.FacilityOwners, Function: web.AnyPlan},
		func(ctx context.Context, in *web.Body[shared.UpdateFacilityRequest]) (*shared.FacilityInfo, error) {
			return s.Update(ctx, auth.From(ctx), in.Body)
		})
	adminRoutes(api, s)
}
