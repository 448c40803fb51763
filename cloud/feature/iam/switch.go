package iam

import (
	"context"
	"errors"
	"net/http"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/shell"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Facility switching: an owner of several homes moves this sign-in to another
// of their facilities without signing out and without a new e-mailed code. The
// new token pair belongs to the same session family (signing out ends both),
// and the refresh tokens of the facility left behind are revoked; its access
// token lapses within auth.AccessTokenTTL.

// MyFacilities lists the facilities the caller may switch to (enabled
// memberships of approved facilities), the current one marked.
func (s *Service) MyFacilities(ctx context.Context, p *auth.Principal) ([]shared.MyFacility, error) {
	if p.TenantID == "" {
		return nil, problem.Forbidden
	}
	ms, err := s.store.Memberships(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	out := []shared.MyFacility{}
	for i := range ms {
		if facilityOpen(&ms[i]) != nil {
			continue
		}
		out = append(out, shared.MyFacility{TenantID: ms[i].TenantID, FacilityName: ms[i].FacilityName, Role: ms[i].Role,
			Current: ms[i].TenantID == p.TenantID})
	}
	return out, nil
}

// OwnedHomes lists the open facilities a user is an enabled member of, with
// their role and the facility's plan there (the dashboard across an owner's
// homes computes each home's cards as that membership).
func (s *Service) OwnedHomes(ctx context.Context, userID string) ([]shell.Home, error) {
	ms, err := s.store.Memberships(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	out := []shell.Home{}
	for i := range ms {
		if facilityOpen(&ms[i]) != nil {
			continue
		}
		h := shell.Home{TenantID: ms[i].TenantID, FacilityName: ms[i].FacilityName, TimeZone: ms[i].TimeZone, Role: ms[i].Role}
		if ms[i].Plan.Valid {
			h.Plan = shared.Plan(ms[i].Plan.String)
		}
		out = append(out, h)
	}
	return out, nil
}

// SwitchFacility answers a token pair for the caller's membership of another
// facility, in the same sign-in. A facility the user is not a member of
// answers 4004 (as another tenant's ids do); a closed membership or facility
// answers as at sign-in (4106, 4107, 4108).
func (s *Service) SwitchFacility(ctx context.Context, p *auth.Principal, tenantID string, c Client) (*shared.LoginResult, error) {
	if p.TenantID == "" {
		return nil, problem.Forbidden
	}
	if tenantID == p.TenantID {
		return nil, problem.Invalid("tenantId", "enum", "auth.badTenant", nil)
	}
	u, err := s.store.UserByID(ctx, s.db, p.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.Revoked
	}
	if err != nil {
		return nil, err
	}
	if u.Status != shared.UserEnabled {
		return nil, problem.Revoked
	}
	m, err := s.store.Membership(ctx, s.db, p.UserID, tenantID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if err := facilityOpen(m); err != nil {
		return nil, err
	}
	// The new pair first: if anything after fails, the old pair still works.
	res, err := s.issue(ctx, u, m, c, p.SessionID)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.RevokeFamilyIn(ctx, tx, p.SessionID, p.TenantID, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: tenantID, ActorID: p.UserID, Action: "session.switchFacility",
			Entity: "session", EntityID: p.SessionID,
			Before: map[string]any{"tenantId": p.TenantID, "role": p.Roles}, After: map[string]any{"tenantId": tenantID, "role": m.Role}})
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// RevokeFamilyIn ends a sign-in's refresh tokens for one facility (the one switched away from).
func (s *Store) RevokeFamilyIn(ctx context.Context, q db.Querier, familyID, tenantID string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE sessions SET revoked_at = ? WHERE family_id = ? AND tenant_id = ? AND revoked_at IS NULL`,
		now, familyID, tenantID)
	return db.Wrap("iam: revoke family in facility", err)
}

// switchRoutes mounts the facility switch (owners of several homes).
func switchRoutes(api *web.API, s *Service, client func(context.Context) Client) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.EveryFacilityRole, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodGet, "/user/listMyFacilities", "The facilities this user can switch to, the current one marked"),
		func(ctx context.Context, _ *web.None) ([]shared.MyFacility, error) {
			return s.MyFacilities(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodPost, "/user/switchFacility", "Continue this sign-in in another of the user's facilities (no new code)"),
		func(ctx context.Context, in *web.Body[shared.SwitchFacilityRequest]) (*shared.LoginResult, error) {
			return s.SwitchFacility(ctx, auth.From(ctx), in.Body.TenantID, client(ctx))
		})
}
