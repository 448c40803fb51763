package tenant

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// adminRoutes mounts sign-up, review and the super admin's calls (spec 001 §7.3),
// and the super admin's organisations (/api/system/organization/...).
func adminRoutes(api *web.API, s *Service) {
	public := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.Public}
	}
	super := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, public(http.MethodPost, "/tenant/registerFacility",
		"Sign a home up from the sign-in page (picture code; 5 an hour per address): the owner is e-mailed a link to choose a password, the home waits for review"),
		func(ctx context.Context, in *web.Body[shared.RegisterFacilityRequest]) (*shared.RegisterFacilityResult, error) {
			return s.Register(ctx, in.Body)
		})
	web.Handle(api, public(http.MethodGet, "/tenant/getFacilityInfo",
		"Is a home with this licence and zip code registered already? (60 an hour per address)"),
		func(ctx context.Context, in *shared.FacilityLookupQuery) (*shared.FacilityLookup, error) {
			return s.Lookup(ctx, *in)
		})
	web.Handle(api, public(http.MethodGet, "/tenant/getRegistration", "The refused sign-up a fix link (or a refused sign-in) opens"),
		func(ctx context.Context, in *shared.ResubmitQuery) (*shared.Registration, error) {
			return s.Registration(ctx, in.Token)
		})
	web.Handle(api, public(http.MethodPost, "/tenant/save", "Fix a refused sign-up and send it for review again (the fix token is spent)"),
		func(ctx context.Context, in *web.Body[shared.ResubmitRequest]) (*shared.RegisterFacilityResult, error) {
			return s.Resubmit(ctx, in.Body)
		})
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodPost, Path: "/tenant/registerNewFacility", Access: web.SignedIn,
		Summary: "An owner adds another home to their organisation; it waits for review", Roles: shared.FacilityOwners, Function: web.AnyPlan},
		func(ctx context.Context, in *web.Body[shared.NewFacilityRequest]) (*shared.RegisterFacilityResult, error) {
			return s.RegisterNew(ctx, auth.From(ctx), in.Body)
		})

	web.Handle(api, super(http.MethodPost, "/tenant/listTenantsByPage", "Super admin: homes by name, licence, plan, review status and state, sorted and paged"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.TenantFilter]]) (*shared.Page[shared.TenantRow], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, super(http.MethodGet, "/tenant/getTenantDetail", "Super admin: one home with its owner"),
		func(ctx context.Context, in *shared.TenantIDQuery) (*shared.TenantRow, error) {
			return s.Detail(ctx, auth.From(ctx), in.TenantID)
		})
	web.Handle(api, super(http.MethodPost, "/tenant/changeTenantStatus", "Super admin: enable or disable a home; disabling signs its people out everywhere"),
		func(ctx context.Context, in *web.Body[shared.ChangeTenantStatusRequest]) (*shared.TenantRow, error) {
			return s.ChangeState(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, super(http.MethodPost, "/tenant/createFacilityAccount", "Super admin: make an approved home and its owner, who is e-mailed a link to choose a password"),
		func(ctx context.Context, in *web.Body[shared.CreateFacilityAccountRequest]) (*shared.TenantRow, error) {
			return s.CreateAccount(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, super(http.MethodGet, "/tenant/delete", "Super admin: delete a home softly (nobody signs in; data kept; restorable)"),
		func(ctx context.Context, in *shared.TenantIDQuery) (*shared.TenantRow, error) {
			return s.Delete(ctx, auth.From(ctx), in.TenantID)
		})
	web.Handle(api, super(http.MethodGet, "/tenant/restore", "Super admin: bring a deleted home back"),
		func(ctx context.Context, in *shared.TenantIDQuery) (*shared.TenantRow, error) {
			return s.Restore(ctx, auth.From(ctx), in.TenantID)
		})
	web.Handle(api, super(http.MethodGet, "/tenant/getPurgeDate",
		"Super admin: when a deleted home may be purged (the latest end of its residents' and staff's record retention)"),
		func(ctx context.Context, in *shared.TenantIDQuery) (*shared.TenantPurgeDate, error) {
			return s.PurgeDate(ctx, auth.From(ctx), in.TenantID)
		})
	web.Handle(api, super(http.MethodPost, "/tenant/purge",
		"Super admin: remove a deleted home's rows and files for good, once its records' retention has passed; the home's name is typed to confirm. Its audit rows stay"),
		func(ctx context.Context, in *web.Body[shared.PurgeTenantRequest]) (*shared.TenantPurgeResult, error) {
			return s.Purge(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, super(http.MethodGet, "/tenant/auditFacility", "Super admin: approve a submitted home, or refuse it with a reason; the owner is e-mailed"),
		func(ctx context.Context, in *shared.AuditFacilityQuery) (*shared.TenantRow, error) {
			return s.Audit(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, super(http.MethodGet, "/tenant/tenantDateSummary", "Super admin: sign-ups, approvals and refusals per week, the latest 12 weeks"),
		func(ctx context.Context, _ *web.None) ([]shared.TenantWeek, error) {
			return s.DateSummary(ctx, auth.From(ctx))
		})
	web.Handle(api, super(http.MethodGet, "/tenant/tenantDetailsSummary", "Super admin: homes by review status, plan and state"),
		func(ctx context.Context, _ *web.None) (*shared.TenantDetailsSummary, error) {
			return s.DetailsSummary(ctx, auth.From(ctx))
		})

	web.Handle(api, super(http.MethodPost, "/organization/listByPage", "Super admin: organisations by name, each with its homes and people counted, paged"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.OrganisationFilter]]) (*shared.Page[shared.OrganisationRow], error) {
			return s.ListOrganisations(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, super(http.MethodGet, "/organization/detail", "Super admin: one organisation with its homes and the people of its homes"),
		func(ctx context.Context, in *shared.OrganisationIDQuery) (*shared.OrganisationDetail, error) {
			return s.OrganisationDetail(ctx, auth.From(ctx), in.OrganisationID)
		})
	web.Handle(api, super(http.MethodPost, "/organization/create", "Super admin: add an organisation (no home yet)"),
		func(ctx context.Context, in *web.Body[shared.CreateOrganisationRequest]) (*shared.OrganisationRow, error) {
			return s.AddOrganisation(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, super(http.MethodPost, "/organization/rename", "Super admin: rename an organisation"),
		func(ctx context.Context, in *web.Body[shared.RenameOrganisationRequest]) (*shared.OrganisationRow, error) {
			return s.RenameOrganisation(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, super(http.MethodPost, "/organization/moveHome", "Super admin: move a home to another organisation; the one it leaves stays"),
		func(ctx context.Context, in *web.Body[shared.MoveHomeRequest]) (*shared.OrganisationDetail, error) {
			return s.MoveHome(ctx, auth.From(ctx), in.Body)
		})
}
