// Package facilitydoc is the home's own document library (issue 32, spec 000
// §3 "Facility document", spec 001 §7.3): uploads by category with their
// metadata, kept as versions (a renewal adds one, the old ones stay readable),
// and the checklist of what Washington asks a home to keep, each item's status
// computed by shared.FacilityDocStatusOf. Owners and admins, plan function
// InspectionStatus.
package facilitydoc

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// CardDocuments is the feature's dashboard card (registered in cloud/server).
const CardDocuments = "facilityDocuments"

// Problems of the feature.
var (
	ErrExpiryBeforeValid = problem.New(shared.CodeValidation, "facilityDocs.expiryBeforeValid")
	ErrWrongCategory     = problem.New(shared.CodeValidation, "facilityDocs.wrongCategory")
	ErrExpiryRequired    = problem.New(shared.CodeValidation, "facilityDocs.expiryRequired")
	ErrSignersNeedFlag   = problem.New(shared.CodeValidation, "facilityDocs.signersNeedFlag")
	ErrSignerNotManager  = problem.New(shared.CodeValidation, "facilityDocs.signerNotManager")
	ErrAlreadySigned     = problem.New(shared.CodeConflict, "facilityDocs.alreadySigned")
	ErrNotApprovalStep   = problem.New(shared.CodeConflict, "facilityDocs.notApprovalStep")
	ErrAwaitingSignature = problem.New(shared.CodeConflict, "facilityDocs.awaitingSignatures")
	ErrAlreadyApproved   = problem.New(shared.CodeConflict, "facilityDocs.alreadyApproved")
)

// Files is what the feature needs from the file service (file.Service has it).
type Files interface {
	// UploadPapers stores PDFs, photos of paper (JPEG, PNG, HEIC) and Word documents (DOCX).
	UploadPapers(ctx context.Context, p *auth.Principal, category shared.FileCategory, files []upload.File) ([]shared.FileItem, error)
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	Items(ctx context.Context, ids []string) ([]shared.FileItem, error)
}

// Service is the facility documents service.
type Service struct {
	db     *db.DB
	store  store
	files  Files
	params *param.Params
	now    func() time.Time
	an     *analyses // the compliance check (analysis.go); nil until EnableAnalysis
	reqs   setCache  // the required set at its platform version (requirements.go)
}

// Deps are the service's collaborators, all required but Now (time.Now).
type Deps struct {
	DB     *db.DB
	Files  Files
	Params *param.Params // facilityDocs.expiringSoonDays; the required set's version
	Now    func() time.Time
}

// New makes the service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("facilitydoc", d, "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{db: d.DB, files: d.Files, params: d.Params, now: d.Now}, nil
}

// today is the calendar day in the facility's time zone.
func (s *Service) today(ctx context.Context, tenantID string) (string, error) {
	loc, _, err := zone.Facility(ctx, s.db, tenantID)
	if err != nil {
		return "", err
	}
	return s.now().In(loc).Format(time.DateOnly), nil
}

func day(field, v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", nil
	}
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		return "", problem.Invalid(field, "format", "validation.pattern", nil)
	}
	return v, nil
}

func categoryValues() []string {
	out := make([]string, len(shared.FacilityDocCategories))
	for i, c := range shared.FacilityDocCategories {
		out[i] = string(c)
	}
	return out
}

// Upload is one uploadFacilityInitFile request: the metadata and one file.
type Upload struct {
	shared.FacilityDocFields
	Files []upload.File
	Check bool // queue the compliance check of the new version (uploadAFListing)
}

// check validates the metadata and answers it trimmed.
func check(f shared.FacilityDocFields, files int) (shared.FacilityDocFields, error) {
	var err error
	if !slices.Contains(shared.FacilityDocCategories, f.Category) {
		return f, problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": strings.Join(categoryValues(), ", ")})
	}
	if f.RequirementCode, err = problem.Text("requirementCode", f.RequirementCode, false, shared.FacilityDocCodeMax); err != nil {
		return f, err
	}
	if f.DocumentID, err = problem.Text("documentId", f.DocumentID, false, shared.IDMax); err != nil {
		return f, err
	}
	if f.Name, err = problem.Text("name", f.Name, true, shared.FacilityDocNameMax); err != nil {
		return f, err
	}
	if f.DocType, err = problem.Text("docType", f.DocType, false, shared.FacilityDocTypeMax); err != nil {
		return f, err
	}
	if f.Signer, err = problem.Text("signer", f.Signer, false, shared.FacilityDocSignerMax); err != nil {
		return f, err
	}
	if f.ValidFrom, err = day("validFrom", f.ValidFrom); err != nil {
		return f, err
	}
	if f.ExpiresOn, err = day("expiresOn", f.ExpiresOn); err != nil {
		return f, err
	}
	if f.ValidFrom != "" && f.ExpiresOn != "" && f.ExpiresOn < f.ValidFrom {
		return f, ErrExpiryBeforeValid.WithData([]shared.FieldError{{Field: "expiresOn", Rule: "minimum"}})
	}
	ids := make([]string, 0, len(f.SignerIDs))
	for _, id := range f.SignerIDs {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(ids, id) {
			if len(id) > shared.IDMax {
				return f, problem.Invalid("signerIds", "maxLength", "validation.maxLength", map[string]any{"max": shared.IDMax})
			}
			ids = append(ids, id)
		}
	}
	f.SignerIDs = ids
	if len(ids) > shared.FacilityDocSignersMax {
		return f, problem.Invalid("signerIds", "maxItems", "validation.maxItems", map[string]any{"max": shared.FacilityDocSignersMax})
	}
	if len(ids) > 0 && !f.SignaturesRequired {
		return f, ErrSignersNeedFlag.WithData([]shared.FieldError{{Field: "signerIds", Rule: "signaturesRequired"}})
	}
	if files == 0 {
		return f, problem.Invalid("files", "required", "validation.required", nil)
	}
	if files > 1 {
		return f, problem.Invalid("files", "maxItems", "validation.maxItems", map[string]any{"max": 1})
	}
	return f, nil
}

// Upload is uploadFacilityInitFile: the file is stored through the file
// service (checked by content, counted against the home's storage quota), then
// the version is written and the upload confirmed in one transaction. A
// document named by DocumentID, or the checklist item's document when it has
// one, gets a new version; otherwise a new document starts at version 1.
func (s *Service) Upload(ctx context.Context, p *auth.Principal, up Upload) (*shared.FacilityDocVersion, error) {
	f, err := check(up.FacilityDocFields, len(up.Files))
	if err != nil {
		return nil, err
	}
	var req *requirement
	if f.RequirementCode != "" {
		req, err = s.store.Requirement(ctx, s.db, f.RequirementCode)
		if errors.Is(err, db.ErrNotFound) {
			return nil, problem.Invalid("requirementCode", "enum", "validation.enum", map[string]any{"values": "the checklist's codes"})
		}
		if err != nil {
			return nil, err
		}
		if req.RetiredAt > 0 {
			return nil, ErrRequirementRetired
		}
		if req.Category != string(f.Category) {
			return nil, ErrWrongCategory.WithData([]shared.FieldError{{Field: "requirementCode", Rule: "category"}})
		}
		// What the required set says of its documents (the super admin's editor).
		f.SignaturesRequired = f.SignaturesRequired || req.SignaturesRequired
		f.IsApprovalStep = f.IsApprovalStep || req.ApprovalStep
		if req.ValidityMonths > 0 && f.ExpiresOn == "" {
			start := f.ValidFrom
			if start == "" {
				if start, err = s.today(ctx, p.TenantID); err != nil {
					return nil, err
				}
			}
			f.ExpiresOn = validUntil(start, req.ValidityMonths)
		}
		if req.ExpiryRequired && f.ExpiresOn == "" {
			return nil, ErrExpiryRequired.WithData([]shared.FieldError{{Field: "expiresOn", Rule: "required"}})
		}
	}
	// The document must be the caller's facility's, and the signers its owners or admins, before any byte is stored.
	if _, err := s.previous(ctx, s.db, p.TenantID, f); err != nil {
		return nil, err
	}
	if len(f.SignerIDs) > 0 {
		n, err := s.store.Managers(ctx, s.db, p.TenantID, f.SignerIDs)
		if err != nil {
			return nil, err
		}
		if n != len(f.SignerIDs) {
			return nil, ErrSignerNotManager.WithData([]shared.FieldError{{Field: "signerIds", Rule: "member"}})
		}
	}
	today, err := s.today(ctx, p.TenantID)
	if err != nil {
		return nil, err
	}
	items, err := s.files.UploadPapers(ctx, p, shared.FileFacilityDocument, up.Files)
	if err != nil {
		return nil, err
	}
	v := &version{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Version: 1, Category: string(f.Category),
		RequirementCode: f.RequirementCode, Name: f.Name, DocType: f.DocType, Signer: f.Signer,
		SignaturesRequired: f.SignaturesRequired, SignaturesCompleted: f.SignaturesCompleted, ValidFrom: f.ValidFrom,
		ExpiresOn: f.ExpiresOn, Renewal: f.Renewal, ComplianceCheck: f.ComplianceCheck,
		BuildingSafetyException: f.BuildingSafetyException, ApprovalStep: f.IsApprovalStep,
		FileID: items[0].FileID, UploadedOn: today, UploaderID: p.UserID, CreatedAt: s.now().UnixMilli()}
	// Not confirmed if this fails: the file service removes the upload after 24 hours.
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := db.LockTenant(ctx, tx, p.TenantID); err != nil {
			return err
		}
		prev, err := s.previous(ctx, tx, p.TenantID, f)
		if err != nil {
			return err
		}
		v.DocumentID = uuid.Must(uuid.NewV7()).String()
		if prev != nil {
			v.DocumentID, v.Version, v.RequirementCode = prev.DocumentID, prev.Version+1, prev.RequirementCode
		}
		if err := s.files.Attach(ctx, tx, p, shared.FileFacilityDocument, []string{v.FileID}); err != nil {
			return err
		}
		if err := s.store.Insert(ctx, tx, v); err != nil {
			if db.IsUniqueViolation(err) {
				return problem.Conflict
			}
			return err
		}
		for _, id := range f.SignerIDs {
			if err := s.store.InsertSignature(ctx, tx, uuid.Must(uuid.NewV7()).String(), p.TenantID, v.ID, id, string(shared.FacilityDocSigner), 0, v.CreatedAt); err != nil {
				return err
			}
		}
		if err := s.checkOnUpload(ctx, tx, p, v, prev, up.Check); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "facilityDocument.upload",
			Entity: "facility_document", EntityID: v.ID, After: map[string]any{"documentId": v.DocumentID, "version": v.Version,
				"category": v.Category, "requirementCode": v.RequirementCode, "name": v.Name, "validFrom": v.ValidFrom,
				"expiresOn": v.ExpiresOn, "renewal": v.Renewal, "fileId": v.FileID, "signerIds": f.SignerIDs,
				"signaturesRequired": v.SignaturesRequired, "approvalStep": v.ApprovalStep}})
	})
	if err != nil {
		return nil, err
	}
	docs, err := s.documents(ctx, p.TenantID, []version{*v})
	if err != nil {
		return nil, err
	}
	return &docs[0].Versions[0], nil
}

// validUntil is the last valid day of a document that takes effect on start
// and is valid for months (a licence from 2026-03-01 for 12 months: 2027-02-28).
func validUntil(start string, months int) string {
	t, err := time.Parse(time.DateOnly, start)
	if err != nil {
		return ""
	}
	return t.AddDate(0, months, -1).Format(time.DateOnly)
}

// Signers is listFacilityDocSigners: who may be named to sign, the home's owners, admins and caregivers by name.
func (s *Service) Signers(ctx context.Context, p *auth.Principal) ([]shared.FacilityDocSignature, error) {
	ids, err := s.store.ManagerIDs(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	names, err := people.Names(ctx, s.db, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]shared.FacilityDocSignature, 0, len(ids))
	for _, id := range ids {
		out = append(out, shared.FacilityDocSignature{UserID: id, Name: names[id], Role: shared.FacilityDocSigner})
	}
	slices.SortStableFunc(out, func(a, b shared.FacilityDocSignature) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// ToSign is listFacilityDocsToSign: the versions the caller was named to
// sign and has not signed yet (a caregiver's, an admin's or an owner's own list).
func (s *Service) ToSign(ctx context.Context, p *auth.Principal) ([]shared.FacilityDocVersion, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	ids, err := s.store.ToSign(ctx, s.db, p.TenantID, p.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]shared.FacilityDocVersion, 0, len(ids))
	for _, id := range ids {
		v, err := s.version(ctx, p, id)
		if err != nil {
			return nil, err
		}
		out = append(out, *v)
	}
	return out, nil
}

// version answers one version of the caller's facility with its signatures (4004 when it is not there).
func (s *Service) version(ctx context.Context, p *auth.Principal, versionID string) (*shared.FacilityDocVersion, error) {
	v, err := s.store.Version(ctx, s.db, p.TenantID, strings.TrimSpace(versionID))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	docs, err := s.documents(ctx, p.TenantID, []version{*v})
	if err != nil {
		return nil, err
	}
	return &docs[0].Versions[0], nil
}

// Sign is signFacilityDocument: the caller signs a version they were named
// to sign, with their own sign-in, once (time-stamped and audited). Anyone
// else, or another home's version, gets 4004; a second signature 4009.
func (s *Service) Sign(ctx context.Context, p *auth.Principal, versionID string) (*shared.FacilityDocVersion, error) {
	cur, err := s.version(ctx, p, versionID)
	if err != nil {
		return nil, err
	}
	named := slices.ContainsFunc(cur.Signatures, func(g shared.FacilityDocSignature) bool {
		return g.Role == shared.FacilityDocSigner && g.UserID == p.UserID
	})
	if !named {
		return nil, problem.NotFound
	}
	now := s.now().UnixMilli()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		ok, err := s.store.Sign(ctx, tx, p.TenantID, cur.VersionID, p.UserID, now)
		if err != nil {
			return err
		}
		if !ok {
			return ErrAlreadySigned
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "facilityDocument.sign",
			Entity: "facility_document", EntityID: cur.VersionID, After: map[string]any{"documentId": cur.DocumentID,
				"version": cur.Version, "signedAt": now}})
	})
	if err != nil {
		return nil, err
	}
	return s.version(ctx, p, cur.VersionID)
}

// Approve is approveFacilityDocument: an owner or admin approves a version
// whose metadata makes it an approval step, once every signature is in
// (4009 before, 4009 twice, 4009 when it is not an approval step).
func (s *Service) Approve(ctx context.Context, p *auth.Principal, versionID string) (*shared.FacilityDocVersion, error) {
	cur, err := s.version(ctx, p, versionID)
	if err != nil {
		return nil, err
	}
	switch {
	case !cur.IsApprovalStep:
		return nil, ErrNotApprovalStep
	case !cur.AwaitingApproval:
		return nil, ErrAlreadyApproved
	case cur.AwaitingSignatures > 0:
		return nil, ErrAwaitingSignature
	}
	now := s.now().UnixMilli()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		err := s.store.InsertSignature(ctx, tx, uuid.Must(uuid.NewV7()).String(), p.TenantID, cur.VersionID, p.UserID,
			string(shared.FacilityDocApprover), now, now)
		if db.IsUniqueViolation(err) {
			return ErrAlreadyApproved
		}
		if err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "facilityDocument.approve",
			Entity: "facility_document", EntityID: cur.VersionID, After: map[string]any{"documentId": cur.DocumentID,
				"version": cur.Version, "approvedAt": now}})
	})
	if err != nil {
		return nil, err
	}
	return s.version(ctx, p, cur.VersionID)
}

// previous is the version a new upload follows: the named document's newest
// (4004 when it is not this facility's; 4022 when its category or checklist
// item differs), else the checklist item's document's newest, else nil.
func (s *Service) previous(ctx context.Context, q db.Querier, tenantID string, f shared.FacilityDocFields) (*version, error) {
	if f.DocumentID != "" {
		prev, err := s.store.Latest(ctx, q, tenantID, f.DocumentID)
		if errors.Is(err, db.ErrNotFound) {
			return nil, problem.NotFound
		}
		if err != nil {
			return nil, err
		}
		if prev.Category != string(f.Category) || (f.RequirementCode != "" && prev.RequirementCode != f.RequirementCode) {
			return nil, ErrWrongCategory.WithData([]shared.FieldError{{Field: "documentId", Rule: "category"}})
		}
		return prev, nil
	}
	if f.RequirementCode == "" {
		return nil, nil
	}
	prev, err := s.store.LatestOfRequirement(ctx, q, tenantID, f.RequirementCode)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	return prev, err
}

// awaiting is what a version still lacks: signatures (the named signers who
// have not signed, or 1 for paper signatures not marked complete) and the approval.
func awaiting(v *version, sigs []signature) (signatures int, approval bool) {
	named, approved := 0, false
	for _, g := range sigs {
		switch {
		case g.Role == string(shared.FacilityDocApprover) && g.SignedAt > 0:
			approved = true
		case g.Role == string(shared.FacilityDocSigner):
			named++
			if g.SignedAt == 0 {
				signatures++
			}
		}
	}
	if v.SignaturesRequired && named == 0 && !v.SignaturesCompleted {
		signatures = 1
	}
	return signatures, v.ApprovalStep && !approved
}

func view(v *version, file shared.FileItem, uploader string, sigs []signature, names map[string]string) shared.FacilityDocVersion {
	out := shared.FacilityDocVersion{
		FacilityDocFields: shared.FacilityDocFields{Category: shared.FacilityDocCategory(v.Category), RequirementCode: v.RequirementCode,
			DocumentID: v.DocumentID, Name: v.Name, DocType: v.DocType, SignaturesRequired: v.SignaturesRequired, Signer: v.Signer,
			SignaturesCompleted: v.SignaturesCompleted, ValidFrom: v.ValidFrom, ExpiresOn: v.ExpiresOn, Renewal: v.Renewal,
			ComplianceCheck: v.ComplianceCheck, BuildingSafetyException: v.BuildingSafetyException, IsApprovalStep: v.ApprovalStep},
		VersionID: v.ID, Version: v.Version, UploadedOn: v.UploadedOn, UploaderName: uploader, CreateTime: v.CreatedAt, File: file,
		Signatures: []shared.FacilityDocSignature{}}
	for _, g := range sigs {
		out.Signatures = append(out.Signatures, shared.FacilityDocSignature{UserID: g.UserID, Name: names[g.UserID],
			Role: shared.FacilityDocSignRole(g.Role), SignedAt: g.SignedAt})
		if g.Role == string(shared.FacilityDocSigner) {
			out.SignerIDs = append(out.SignerIDs, g.UserID)
		}
	}
	out.AwaitingSignatures, out.AwaitingApproval = awaiting(v, sigs)
	if v.SignaturesRequired {
		out.SignaturesCompleted = out.AwaitingSignatures == 0
	}
	return out
}

// signaturesOf loads the signature rows of the versions, by version id.
func (s *Service) signaturesOf(ctx context.Context, tenantID string, vs []version) (map[string][]signature, error) {
	ids := make([]string, len(vs))
	for i := range vs {
		ids[i] = vs[i].ID
	}
	rows, err := s.store.Signatures(ctx, s.db, tenantID, ids)
	if err != nil {
		return nil, err
	}
	out := map[string][]signature{}
	for _, g := range rows {
		out[g.VersionID] = append(out[g.VersionID], g)
	}
	return out, nil
}

// documents groups versions (by document, newest first) into documents with
// their files and uploaders' names.
func (s *Service) documents(ctx context.Context, tenantID string, vs []version) ([]shared.FacilityDocument, error) {
	ids := make([]string, 0, len(vs))
	uploaders := make([]string, 0, len(vs))
	for _, v := range vs {
		ids = append(ids, v.FileID)
		uploaders = append(uploaders, v.UploaderID)
	}
	sigs, err := s.signaturesOf(ctx, tenantID, vs)
	if err != nil {
		return nil, err
	}
	for _, rows := range sigs {
		for _, g := range rows {
			uploaders = append(uploaders, g.UserID)
		}
	}
	items, err := s.files.Items(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]shared.FileItem, len(items))
	for _, it := range items {
		byID[it.FileID] = it
	}
	names, err := people.Names(ctx, s.db, uploaders...)
	if err != nil {
		return nil, err
	}
	out := []shared.FacilityDocument{}
	for i := range vs {
		v := &vs[i]
		if len(out) == 0 || out[len(out)-1].DocumentID != v.DocumentID {
			out = append(out, shared.FacilityDocument{DocumentID: v.DocumentID, Category: shared.FacilityDocCategory(v.Category),
				RequirementCode: v.RequirementCode, Versions: []shared.FacilityDocVersion{}})
		}
		d := &out[len(out)-1]
		d.Versions = append(d.Versions, view(v, byID[v.FileID], names[v.UploaderID], sigs[v.ID], names))
	}
	return out, nil
}

// List is listFacilityFiles: the facility's documents with every version, newest first.
func (s *Service) List(ctx context.Context, p *auth.Principal, f shared.FacilityFilesFilter) ([]shared.FacilityDocument, error) {
	if f.Category != "" && !slices.Contains(shared.FacilityDocCategories, f.Category) {
		return nil, problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": strings.Join(categoryValues(), ", ")})
	}
	vs, err := s.store.Versions(ctx, s.db, p.TenantID, string(f.Category), strings.TrimSpace(f.RequirementCode))
	if err != nil {
		return nil, err
	}
	return s.documents(ctx, p.TenantID, vs)
}

// Inspections is getFacilityFileInspections: every checklist item of the
// facility with its status on the facility's today, and the counts.
func (s *Service) Inspections(ctx context.Context, p *auth.Principal, q shared.FacilityInspectionsQuery) (*shared.FacilityInspections, error) {
	if q.Category != "" && !slices.Contains(shared.FacilityDocCategories, q.Category) {
		return nil, problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": strings.Join(categoryValues(), ", ")})
	}
	if q.Status != "" && !slices.Contains(shared.FacilityDocStatuses, q.Status) {
		return nil, problem.Invalid("status", "enum", "validation.enum", nil)
	}
	all, err := s.checklist(ctx, p.TenantID)
	if err != nil {
		return nil, err
	}
	out := *all
	out.Items = []shared.FacilityRequirement{}
	for _, it := range all.Items {
		if (q.Category == "" || it.Category == q.Category) && (q.Status == "" || it.Status == q.Status) {
			out.Items = append(out.Items, it)
		}
	}
	return &out, nil
}

func (s *Service) checklist(ctx context.Context, tenantID string) (*shared.FacilityInspections, error) {
	today, err := s.today(ctx, tenantID)
	if err != nil {
		return nil, err
	}
	soon := int(s.params.Int(ctx, param.FacilityDocsExpiringSoonDays))
	set, err := s.requirementSet(ctx)
	if err != nil {
		return nil, err
	}
	reqs := set.inForce() // a retired requirement is missing nowhere
	vs, err := s.store.Versions(ctx, s.db, tenantID, "", "")
	if err != nil {
		return nil, err
	}
	sigs, err := s.signaturesOf(ctx, tenantID, vs)
	if err != nil {
		return nil, err
	}
	byReq := map[string][]version{}
	for _, v := range vs {
		if v.RequirementCode != "" {
			byReq[v.RequirementCode] = append(byReq[v.RequirementCode], v)
		}
	}
	out := &shared.FacilityInspections{Today: today, ExpiringSoonDays: soon, Items: make([]shared.FacilityRequirement, 0, len(reqs))}
	for _, r := range reqs {
		mine := byReq[r.Code]
		dates := make([]shared.FacilityDocDates, len(mine))
		for i := range mine {
			dates[i] = mine[i].dates()
			n, approval := awaiting(&mine[i], sigs[mine[i].ID])
			dates[i].Incomplete = n > 0 || approval
		}
		warn := soon
		if r.ExpiringSoonDays > 0 {
			warn = r.ExpiringSoonDays
		}
		it := shared.FacilityRequirement{Code: r.Code, Names: r.Names, Category: shared.FacilityDocCategory(r.Category), Source: r.Source,
			ExpiryRequired: r.ExpiryRequired, SignaturesRequired: r.SignaturesRequired, ApprovalStep: r.ApprovalStep,
			ValidityMonths: r.ValidityMonths, ExpiringSoonDays: warn, Status: shared.FacilityDocStatusOf(dates, today, warn), VersionCount: len(mine)}
		if len(mine) > 0 {
			docs, err := s.documents(ctx, tenantID, mine[:1])
			if err != nil {
				return nil, err
			}
			it.DocumentID = mine[0].DocumentID
			it.Current = &docs[0].Versions[0]
		}
		switch it.Status {
		case shared.FacilityDocMissing:
			out.MissingCount++
		case shared.FacilityDocExpired:
			out.ExpiredCount++
		case shared.FacilityDocExpiringSoon:
			out.ExpiringSoonCount++
		}
		out.Items = append(out.Items, it)
	}
	return out, s.redFlags(ctx, tenantID, out)
}

// Checklist is the home's whole checklist with its counts (the inspection page's printed report).
func (s *Service) Checklist(ctx context.Context, p *auth.Principal) (*shared.FacilityInspections, error) {
	return s.checklist(ctx, p.TenantID)
}

// CountAttention is the sidebar's facilityDocumentCount: the checklist items
// the card shows (missing, expired, expiring soon), counted by the same rule.
func (s *Service) CountAttention(ctx context.Context, p *auth.Principal) (int, error) {
	c, err := s.checklist(ctx, p.TenantID)
	if err != nil {
		return 0, err
	}
	return c.MissingCount + c.ExpiredCount + c.ExpiringSoonCount, nil
}

// DocumentsCard is the owner's and admin's "facilityDocuments" card: checklist
// items missing, expired and expiring soon, each linking to the checklist
// filtered to that status.
func (s *Service) DocumentsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p.TenantID == "" {
		return nil, nil
	}
	c, err := s.checklist(ctx, p.TenantID)
	if err != nil {
		return nil, err
	}
	tone := func(n int, t shared.DashboardTone) shared.DashboardTone {
		if n == 0 {
			return shared.ToneNone
		}
		return t
	}
	return &shared.DashboardCard{Link: "/inspection-status", Items: []shared.DashboardItem{
		{Key: "facilityDocsMissing", Count: c.MissingCount, Tone: tone(c.MissingCount, shared.ToneDanger), Link: "/inspection-status?status=MISSING"},
		{Key: "facilityDocsExpired", Count: c.ExpiredCount, Tone: tone(c.ExpiredCount, shared.ToneDanger), Link: "/inspection-status?status=EXPIRED"},
		{Key: "facilityDocsExpiringSoon", Count: c.ExpiringSoonCount, Tone: tone(c.ExpiringSoonCount, shared.ToneWarning), Link: "/inspection-status?status=EXPIRING_SOON"},
		{Key: "facilityDocsRedFlags", Count: c.RedFlagCount, Tone: tone(c.RedFlagCount, shared.ToneDanger), Link: "/inspection-status?redFlags=1"},
	}}, nil
}
