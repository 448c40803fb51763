package inspector

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the inspector's link under /api/system/inspector:
//   - the owner's and admin's calls (FacilityManagers, plan function
//     InspectionStatus, like the inspection page they live on);
//   - the inspector's sign-in (public: the link's token and the e-mailed code);
//   - the inspector's read-only views (role INSPECTOR only, the same plan
//     function): no other route admits the role (web's guard), and no route
//     here writes a record.
func Routes(api *web.API, s *Service) {
	owner := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/inspector" + path, Summary: summary,
			Access: web.SignedIn, Roles: shared.FacilityManagers, Function: shared.FnInspectionStatus}
	}
	public := func(path, summary string) web.Op {
		return web.Op{Service: web.System, Method: http.MethodPost, Path: "/inspector" + path, Summary: summary, Access: web.Public}
	}
	reader := func(path, summary string) web.Op {
		return web.Op{Service: web.System, Method: http.MethodGet, Path: "/inspector" + path, Summary: summary,
			Access: web.SignedIn, Roles: shared.Inspectors, Function: shared.FnInspectionStatus}
	}

	web.Handle(api, owner(http.MethodPost, "/createInspectorLink", "Issue a read-only link for a named inspector: the areas shared, downloads or not, up to 14 days; mailed to the inspector and answered once"),
		func(ctx context.Context, in *web.Body[shared.InspectorLinkRequest]) (*shared.InspectorLink, error) {
			return s.Create(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, owner(http.MethodGet, "/listInspectorLinks", "The home's inspector links, newest first, with their status and use"),
		func(ctx context.Context, _ *web.None) ([]shared.InspectorLink, error) {
			return s.List(ctx, auth.From(ctx))
		})
	web.Handle(api, owner(http.MethodPost, "/revokeInspectorLink", "End an inspector link now (its sessions end on their next call)"),
		func(ctx context.Context, in *web.Body[shared.InspectorLinkID]) (*shared.InspectorLink, error) {
			return s.Revoke(ctx, auth.From(ctx), in.Body.ID)
		})
	web.Handle(api, owner(http.MethodPost, "/listInspectorActivity", "The sign-ins, page views and downloads through one inspector link, newest first"),
		func(ctx context.Context, in *web.Body[shared.InspectorLinkID]) ([]shared.InspectorActivity, error) {
			return s.Activity(ctx, auth.From(ctx), in.Body.ID)
		})

	web.Handle(api, public("/requestInspectorCode", "E-mail a sign-in code to the address an inspector link names (60 s between codes, 5 an hour)"),
		func(ctx context.Context, in *web.Body[shared.InspectorCodeRequest]) (*shared.InspectorCodeSent, error) {
			return s.RequestCode(ctx, in.Body.Token)
		})
	web.Handle(api, public("/inspectorSignIn", "Sign in as the link's inspector with the e-mailed code (5 tries)"),
		func(ctx context.Context, in *web.Body[shared.InspectorSignInRequest]) (*shared.InspectorSession, error) {
			return s.SignIn(ctx, in.Body.Token, in.Body.Code)
		})
	refresh := public("/refreshInspectorToken", "A new access token for an inspector's session while its link works (the refresh token is rotated)")
	refresh.SignInAgain = true
	web.Handle(api, refresh, func(ctx context.Context, in *web.Body[shared.InspectorRefreshRequest]) (*shared.InspectorSession, error) {
		return s.Refresh(ctx, in.Body.RefreshToken)
	})

	web.Handle(api, reader("/getInspectorGrant", "What the inspector's link shares: the home, the areas, downloads and its end"),
		func(ctx context.Context, _ *web.None) (*shared.InspectorGrant, error) {
			return s.Grant(ctx, auth.From(ctx))
		})
	web.Handle(api, reader("/listInspectorResidents", "The home's residents (a link sharing residents' records, MARs or notes)"),
		func(ctx context.Context, _ *web.None) ([]shared.InspectorResident, error) {
			return s.Residents(ctx, auth.From(ctx))
		})
	web.Handle(api, reader("/getInspectorResident", "A resident's record and files (area RESIDENTS)"),
		func(ctx context.Context, in *shared.InspectorID) (*shared.InspectorResidentRecord, error) {
			return s.Resident(ctx, auth.From(ctx), in.ID)
		})
	web.Handle(api, reader("/getInspectorMar", "A resident's medications and MAR of the last 30 days (area MARS)"),
		func(ctx context.Context, in *shared.InspectorID) (*shared.InspectorMAR, error) {
			return s.MAR(ctx, auth.From(ctx), in.ID)
		})
	web.Handle(api, reader("/getInspectorNotes", "A resident's progress notes, newest first (area NOTES)"),
		func(ctx context.Context, in *shared.InspectorID) (*shared.InspectorNotes, error) {
			return s.Notes(ctx, auth.From(ctx), in.ID)
		})
	web.Handle(api, reader("/listInspectorIncidents", "The home's submitted incident reports (area INCIDENTS)"),
		func(ctx context.Context, _ *web.None) ([]shared.InspectorIncident, error) {
			return s.Incidents(ctx, auth.From(ctx))
		})
	web.Handle(api, reader("/getInspectorIncident", "One submitted incident report with its written fields (area INCIDENTS)"),
		func(ctx context.Context, in *shared.InspectorID) (*shared.InspectorIncident, error) {
			return s.Incident(ctx, auth.From(ctx), in.ID)
		})
	web.Handle(api, reader("/listInspectorStaff", "The home's caregivers with their credentials (area STAFF)"),
		func(ctx context.Context, _ *web.None) ([]shared.InspectorStaffMember, error) {
			return s.Staff(ctx, auth.From(ctx))
		})
	web.Handle(api, reader("/listInspectorDocuments", "The home's facility documents, every version (area FACILITY_DOCS)"),
		func(ctx context.Context, _ *web.None) ([]shared.InspectorDocument, error) {
			return s.Documents(ctx, auth.From(ctx))
		})
	web.HandleFile(api, reader("/downloadInspectorFile", "Download a file of a shared area when the link allows downloads (audited)"),
		func(ctx context.Context, in *shared.InspectorID) (*web.File, error) {
			return s.Download(ctx, auth.From(ctx), in.ID)
		})
}
