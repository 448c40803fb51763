package incident

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

const base = "/incidentReport"

// Routes mounts the incident report calls under the care service (spec 001
// §7.9; docs/api.md "Incident reports"). Caregivers use them under the
// CaregiverIncident plan function, owners and admins under
// IncidentManagement; both are premium only (spec 000 §6).
func Routes(api *web.API, s *Service) {
	fns := map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnCaregiverIncident}
	anyone := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: base + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.EveryFacilityRole, Function: shared.FnIncidentManagement, RoleFunctions: fns}
	}
	review := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: base + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.FacilityManagers, Function: shared.FnIncidentManagement}
	}
	web.Handle(api, anyone(http.MethodPost, "/saveIncidentDraft", "Start an incident report as the caller's draft (7007 past the plan's monthly maximum)"),
		func(ctx context.Context, in *web.Body[shared.SaveIncidentDraftRequest]) (*shared.IncidentReport, error) {
			return s.SaveDraft(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, anyone(http.MethodPost, "/updateIncidentReport", "Edit the caller's draft, or (owners and admins) a report pending review; a completed report is read-only"),
		func(ctx context.Context, in *web.Body[shared.UpdateIncidentReportRequest]) (*shared.IncidentReport, error) {
			return s.Update(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, anyone(http.MethodGet, "/submit", "Submit the caller's draft for review: the reporting duties are set and owners and admins notified"),
		func(ctx context.Context, in *shared.IncidentIDQuery) (*shared.IncidentReport, error) {
			return s.Submit(ctx, auth.From(ctx), in.IncidentID)
		})
	web.Handle(api, review(http.MethodGet, "/preliminaryAnalysis", "Make the preliminary analysis again now (AI, or the rules checklist without a provider)"),
		func(ctx context.Context, in *shared.IncidentIDQuery) (*shared.IncidentReport, error) {
			return s.Preliminary(ctx, auth.From(ctx), in.IncidentID)
		})
	web.Handle(api, review(http.MethodGet, "/finalAnalysis", "Make the final analysis of a report pending review"),
		func(ctx context.Context, in *shared.IncidentIDQuery) (*shared.IncidentReport, error) {
			return s.Final(ctx, auth.From(ctx), in.IncidentID)
		})
	web.Handle(api, review(http.MethodPost, "/checkDuty", "Tick or untick a reporting duty of a report pending review"),
		func(ctx context.Context, in *web.Body[shared.IncidentDutyCheckRequest]) (*shared.IncidentReport, error) {
			return s.CheckDuty(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, review(http.MethodPost, "/approval", "Approve and close a report: every mandatory duty done or waived with a reason"),
		func(ctx context.Context, in *web.Body[shared.IncidentApprovalRequest]) (*shared.IncidentReport, error) {
			return s.Approve(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, anyone(http.MethodPost, "/listIncidentReport", "Incident reports the caller may see, newest first"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.IncidentFilter]]) (*shared.Page[shared.IncidentReport], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, anyone(http.MethodGet, "/deleteIncidentReport", "Delete a draft (its author only)"),
		func(ctx context.Context, in *shared.IncidentIDQuery) (*struct{}, error) {
			return nil, s.Delete(ctx, auth.From(ctx), in.IncidentID)
		})
	web.Handle(api, anyone(http.MethodGet, "/getIncidentReportById", "One incident report with its duties, analyses and timeline"),
		func(ctx context.Context, in *shared.IncidentIDQuery) (*shared.IncidentReport, error) {
			return s.Get(ctx, auth.From(ctx), in.IncidentID)
		})
	web.Handle(api, anyone(http.MethodGet, "/countReminders", "Reports waiting for the caller's review, overdue duties, the caller's drafts"),
		func(ctx context.Context, _ *web.None) (*shared.IncidentReminders, error) {
			return s.Reminders(ctx, auth.From(ctx))
		})
	web.HandleFile(api, review(http.MethodGet, "/export", "The reports the list's filters select, found in a period, as CSV (at most report.printMaxRecords; 4022 above it)"),
		func(ctx context.Context, in *shared.IncidentExportQuery) (*web.File, error) {
			return s.Export(ctx, auth.From(ctx), *in)
		})
	web.HandleFile(api, anyone(http.MethodGet, "/print", "One incident report as a PDF in the caller's language"),
		func(ctx context.Context, in *shared.IncidentIDQuery) (*web.File, error) {
			return s.Print(ctx, auth.From(ctx), in.IncidentID)
		})
}
