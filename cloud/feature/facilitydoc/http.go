package facilitydoc

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// uploadForm is the multipart body of uploadFacilityInitFile (the fields of
// shared.FacilityDocFields plus the file). Bounds are checked in the service
// too, with the field's message.
type uploadForm struct {
	Files                   []huma.FormFile `form:"files" required:"false" doc:"One PDF, photo of paper (JPEG, PNG, HEIC) or Word document (DOCX), decided by content"`
	Category                string          `form:"category" required:"false" maxLength:"64" doc:"EMERGENCY_PREPAREDNESS, LICENSING_COMPLIANCE, RULES_POLICIES or BUILDING_SAFETY"`
	RequirementCode         string          `form:"requirementCode" required:"false" maxLength:"64"`
	DocumentID              string          `form:"documentId" required:"false" maxLength:"64"`
	Name                    string          `form:"name" required:"false" maxLength:"100" doc:"1 to 100 characters"`
	DocType                 string          `form:"docType" required:"false" maxLength:"50"`
	SignaturesRequired      bool            `form:"signaturesRequired" required:"false"`
	Signer                  string          `form:"signer" required:"false" maxLength:"50"`
	SignaturesCompleted     bool            `form:"signaturesCompleted" required:"false"`
	ValidFrom               string          `form:"validFrom" format:"date-or-empty" required:"false" maxLength:"10" doc:"YYYY-MM-DD"`
	ExpiresOn               string          `form:"expiresOn" format:"date-or-empty" required:"false" maxLength:"10" doc:"YYYY-MM-DD"`
	Renewal                 bool            `form:"renewal" required:"false"`
	ComplianceCheck         bool            `form:"complianceCheck" required:"false"`
	BuildingSafetyException bool            `form:"buildingSafetyException" required:"false"`
	IsApprovalStep          bool            `form:"isApprovalStep" required:"false"`
	SignerIDs               string          `form:"signerIds" required:"false" maxLength:"660" doc:"Comma-separated user ids of the home's owners, admins or caregivers who sign in the product (at most 10; needs signaturesRequired)"`
}

type uploadInput struct {
	RawBody huma.MultipartFormFiles[uploadForm]
}

// Routes mounts the facility document calls (spec 001 §7.3) under the system
// service: owners and admins, plan function InspectionStatus (spec 000 §2:
// /inspection-status needs the essential plan). The facility is the token's.
func Routes(api *web.API, s *Service, uploadLimit int64) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/tenant" + path, Summary: summary,
			Access: web.SignedIn, Roles: shared.FacilityManagers, Function: shared.FnInspectionStatus}
	}
	up := op(http.MethodPost, "/uploadFacilityInitFile", "Add a facility document, or a new version of one, with its metadata (multipart, one file)")
	up.MaxBodyBytes = uploadLimit
	web.Handle(api, up, func(ctx context.Context, in *uploadInput) (*shared.FacilityDocVersion, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.Files...)
		return s.Upload(ctx, auth.From(ctx), Upload{Files: upload.FromForm(form.Files), FacilityDocFields: shared.FacilityDocFields{
			Category: shared.FacilityDocCategory(form.Category), RequirementCode: form.RequirementCode, DocumentID: form.DocumentID,
			Name: form.Name, DocType: form.DocType, SignaturesRequired: form.SignaturesRequired, Signer: form.Signer,
			SignaturesCompleted: form.SignaturesCompleted, ValidFrom: form.ValidFrom, ExpiresOn: form.ExpiresOn, Renewal: form.Renewal,
			ComplianceCheck: form.ComplianceCheck, BuildingSafetyException: form.BuildingSafetyException, IsApprovalStep: form.IsApprovalStep,
			SignerIDs: splitIDs(form.SignerIDs)}})
	})
	web.Handle(api, op(http.MethodGet, "/listFacilityDocSigners", "Who may be named to sign a facility document: the home's owners, admins and caregivers by name"),
		func(ctx context.Context, _ *web.None) ([]shared.FacilityDocSignature, error) {
			return s.Signers(ctx, auth.From(ctx))
		})
	// The people named to sign may be caregivers too: they list and sign their own, nothing else.
	signer := func(method, path, summary string) web.Op {
		o := op(method, path, summary)
		o.Roles = shared.EveryFacilityRole
		return o
	}
	web.Handle(api, signer(http.MethodGet, "/listFacilityDocsToSign", "The facility document versions the caller was named to sign and has not signed yet"),
		func(ctx context.Context, _ *web.None) ([]shared.FacilityDocVersion, error) {
			return s.ToSign(ctx, auth.From(ctx))
		})
	web.Handle(api, signer(http.MethodPost, "/signFacilityDocument", "Sign a facility document version the caller was named to sign (once, time-stamped, audited)"),
		func(ctx context.Context, in *web.Body[shared.FacilityDocSignRequest]) (*shared.FacilityDocVersion, error) {
			return s.Sign(ctx, auth.From(ctx), in.Body.VersionID)
		})
	web.Handle(api, op(http.MethodPost, "/approveFacilityDocument", "Approve a facility document version that is an approval step, once every signature is in"),
		func(ctx context.Context, in *web.Body[shared.FacilityDocSignRequest]) (*shared.FacilityDocVersion, error) {
			return s.Approve(ctx, auth.From(ctx), in.Body.VersionID)
		})
	web.Handle(api, op(http.MethodPost, "/listFacilityFiles", "The facility's documents with every version, newest first"),
		func(ctx context.Context, in *web.Body[shared.FacilityFilesFilter]) ([]shared.FacilityDocument, error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/getFacilityFileInspections", "The facility's document checklist: each item's status and the counts"),
		func(ctx context.Context, in *shared.FacilityInspectionsQuery) (*shared.FacilityInspections, error) {
			return s.Inspections(ctx, auth.From(ctx), *in)
		})
}

// splitIDs reads a comma-separated list of ids (empty parts dropped).
func splitIDs(v string) []string {
	var out []string
	for _, id := range strings.Split(v, ",") {
		if id = strings.TrimSpace(id); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// BodyLimit bounds an uploadFacilityInitFile request: one file at the per-file limit, plus room for the form.
func BodyLimit(l upload.Limits) int64 {
	const ceiling = 1 << 30
	if l.MaxFileBytes <= 0 {
		return ceiling
	}
	return min(ceiling, l.MaxFileBytes+1<<20)
}
