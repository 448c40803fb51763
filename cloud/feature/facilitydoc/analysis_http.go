package facilitydoc

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// AnalysisRoutes mounts the compliance check's calls (spec 001 §7.4) under
// /api/system/files: owners and admins, plan function InspectionStatus, the
// facility the token's. The spec's GET fileComplianceAnalysis reads a
// version's check; a GET must not start work that may cost an AI call, so
// runComplianceAnalysis starts one and cancelComplianceAnalysis stops it.
func AnalysisRoutes(api *web.API, s *Service, uploadLimit int64) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/files" + path, Summary: summary,
			Access: web.SignedIn, Roles: shared.FacilityManagers, Function: shared.FnInspectionStatus}
	}
	up := op(http.MethodPost, "/uploadAFListing",
		"Upload a facility document for a checklist item (the fields of uploadFacilityInitFile) and queue its compliance check")
	up.MaxBodyBytes = uploadLimit
	web.Handle(api, up, func(ctx context.Context, in *uploadInput) (*shared.FacilityDocListingUpload, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.Files...)
		p := auth.From(ctx)
		v, err := s.Upload(ctx, p, Upload{Files: upload.FromForm(form.Files), Check: true, FacilityDocFields: shared.FacilityDocFields{
			Category: shared.FacilityDocCategory(form.Category), RequirementCode: form.RequirementCode, DocumentID: form.DocumentID,
			Name: form.Name, DocType: form.DocType, SignaturesRequired: form.SignaturesRequired, Signer: form.Signer,
			SignaturesCompleted: form.SignaturesCompleted, ValidFrom: form.ValidFrom, ExpiresOn: form.ExpiresOn, Renewal: form.Renewal,
			ComplianceCheck: form.ComplianceCheck, BuildingSafetyException: form.BuildingSafetyException, IsApprovalStep: form.IsApprovalStep,
			SignerIDs: splitIDs(form.SignerIDs)}})
		if err != nil {
			return nil, err
		}
		a, err := s.Analysis(ctx, p, v.VersionID)
		if err != nil {
			return nil, err
		}
		return &shared.FacilityDocListingUpload{Version: *v, Analysis: *a}, nil
	})
	web.Handle(api, op(http.MethodGet, "/fileComplianceAnalysis", "A facility document version's compliance check: progress while it runs, then its report"),
		func(ctx context.Context, in *shared.FacilityDocAnalysisQuery) (*shared.FacilityDocAnalysis, error) {
			return s.Analysis(ctx, auth.From(ctx), in.VersionID)
		})
	web.Handle(api, op(http.MethodPost, "/runComplianceAnalysis", "Run the compliance check of a facility document version (again after a new version, a failure or a cancel)"),
		func(ctx context.Context, in *web.Body[shared.FacilityDocAnalysisRequest]) (*shared.FacilityDocAnalysis, error) {
			return s.StartAnalysis(ctx, auth.From(ctx), in.Body.VersionID)
		})
	web.Handle(api, op(http.MethodPost, "/cancelComplianceAnalysis", "Stop a facility document version's compliance check under way"),
		func(ctx context.Context, in *web.Body[shared.FacilityDocAnalysisRequest]) (*shared.FacilityDocAnalysis, error) {
			return s.CancelAnalysis(ctx, auth.From(ctx), in.Body.VersionID)
		})
}
