package facilitydoc

import (
	"context"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// requirement is one row of facility_doc_requirements.
type requirement struct {
	Code, Category, Source string
	ExpiryRequired         bool
}

// version is one row of facility_documents (one uploaded version).
type version struct {
	ID, TenantID, DocumentID string
	Version                  int
	Category                 string
	RequirementCode          string
	Name, DocType, Signer    string
	SignaturesRequired       bool
	SignaturesCompleted      bool
	ValidFrom, ExpiresOn     string
	Renewal, ComplianceCheck bool
	BuildingSafetyException  bool
	ApprovalStep             bool
	FileID                   string
	UploadedOn               string
	UploaderID               string
	CreatedAt                int64
}

func (v *version) dates() shared.FacilityDocDates {
	return shared.FacilityDocDates{ValidFrom: v.ValidFrom, ExpiresOn: v.ExpiresOn, UploadedOn: v.UploadedOn}
}

// store holds the feature's SQL; every method takes the tenant id from the caller's token.
type store struct{}

// Requirements lists the checklist in the page's order.
func (store) Requirements(ctx context.Context, q db.Querier) ([]requirement, error) {
	rows, err := q.QueryContext(ctx, `SELECT code, category, source, expiry_required FROM facility_doc_requirements ORDER BY sort, code`)
	if err != nil {
		return nil, db.Wrap("facilitydoc: requirements", err)
	}
	defer rows.Close()
	var out []requirement
	for rows.Next() {
		var r requirement
		var exp int
		if err := rows.Scan(&r.Code, &r.Category, &r.Source, &exp); err != nil {
			return nil, db.Wrap("facilitydoc: requirements", err)
		}
		r.ExpiryRequired = exp == 1
		out = append(out, r)
	}
	return out, db.Wrap("facilitydoc: requirements", rows.Err())
}

// Requirement is one checklist item by its code.
func (store) Requirement(ctx context.Context, q db.Querier, code string) (*requirement, error) {
	var r requirement
	var exp int
	err := q.QueryRowContext(ctx, `SELECT code, category, source, expiry_required FROM facility_doc_requirements WHERE code = ?`, code).
		Scan(&r.Code, &r.Category, &r.Source, &exp)
	if err != nil {
		return nil, db.NotFound("facilitydoc: requirement", err)
	}
	r.ExpiryRequired = exp == 1
	return &r, nil
}

const versionColumns = `id, tenant_id, document_id, version, category, COALESCE(requirement_code, ''), name, doc_type,
	signatures_required, signer, signatures_completed, valid_from, expires_on, renewal, compliance_check,
	building_safety_exception, approval_step, file_id, uploaded_on, uploader_id, created_at`

func scanVersion(sc interface{ Scan(...any) error }) (*version, error) {
	var v version
	var sigReq, sigDone, renewal, check, exception, approval int
	err := sc.Scan(&v.ID, &v.TenantID, &v.DocumentID, &v.Version, &v.Category, &v.RequirementCode, &v.Name, &v.DocType,
		&sigReq, &v.Signer, &sigDone, &v.ValidFrom, &v.ExpiresOn, &renewal, &check, &exception, &approval,
		&v.FileID, &v.UploadedOn, &v.UploaderID, &v.CreatedAt)
	v.SignaturesRequired, v.SignaturesCompleted, v.Renewal = sigReq == 1, sigDone == 1, renewal == 1
	v.ComplianceCheck, v.BuildingSafetyException, v.ApprovalStep = check == 1, exception == 1, approval == 1
	return &v, err //nolint:wrapcheck // wrapped by the callers, which name their query
}

// Versions lists the facility's versions, by document, newest version first;
// category and requirement narrow it when not empty.
func (store) Versions(ctx context.Context, q db.Querier, tenantID, category, requirementCode string) ([]version, error) {
	query := `SELECT ` + versionColumns + ` FROM facility_documents WHERE tenant_id = ?`
	args := []any{tenantID}
	if category != "" {
		query += ` AND category = ?`
		args = append(args, category)
	}
	if requirementCode != "" {
		query += ` AND requirement_code = ?`
		args = append(args, requirementCode)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY category, document_id, version DESC`, args...)
	if err != nil {
		return nil, db.Wrap("facilitydoc: versions", err)
	}
	defer rows.Close()
	var out []version
	for rows.Next() {
		v, err := scanVersion(rows)
		if err != nil {
			return nil, db.Wrap("facilitydoc: versions", err)
		}
		out = append(out, *v)
	}
	return out, db.Wrap("facilitydoc: versions", rows.Err())
}

// Latest is a document's newest version in the facility.
func (store) Latest(ctx context.Context, q db.Querier, tenantID, documentID string) (*version, error) {
	v, err := scanVersion(q.QueryRowContext(ctx, `SELECT `+versionColumns+` FROM facility_documents
		WHERE tenant_id = ? AND document_id = ? ORDER BY version DESC LIMIT 1`, tenantID, documentID))
	if err != nil {
		return nil, db.NotFound("facilitydoc: latest", err)
	}
	return v, nil
}

// LatestOfRequirement is the newest version of the checklist item's document in the facility.
func (store) LatestOfRequirement(ctx context.Context, q db.Querier, tenantID, code string) (*version, error) {
	v, err := scanVersion(q.QueryRowContext(ctx, `SELECT `+versionColumns+` FROM facility_documents
		WHERE tenant_id = ? AND requirement_code = ? ORDER BY version DESC LIMIT 1`, tenantID, code))
	if err != nil {
		return nil, db.NotFound("facilitydoc: latest of requirement", err)
	}
	return v, nil
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Insert writes one version.
func (store) Insert(ctx context.Context, q db.Querier, v *version) error {
	_, err := q.ExecContext(ctx, `INSERT INTO facility_documents (`+versionColumnsInsert+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		v.ID, v.TenantID, v.DocumentID, v.Version, v.Category, db.NullString(v.RequirementCode), v.Name, v.DocType,
		flag(v.SignaturesRequired), v.Signer, flag(v.SignaturesCompleted), v.ValidFrom, v.ExpiresOn, flag(v.Renewal),
		flag(v.ComplianceCheck), flag(v.BuildingSafetyException), flag(v.ApprovalStep), v.FileID, v.UploadedOn, v.UploaderID, v.CreatedAt)
	return db.Wrap("facilitydoc: insert", err)
}

const versionColumnsInsert = `id, tenant_id, document_id, version, category, requirement_code, name, doc_type,
	signatures_required, signer, signatures_completed, valid_from, expires_on, renewal, compliance_check,
	building_safety_exception, approval_step, file_id, uploaded_on, uploader_id, created_at`
