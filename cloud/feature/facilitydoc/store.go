package facilitydoc

import (
	"context"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// requirement is one row of facility_doc_requirements (migrations 00056, 00066).
type requirement struct {
	Code, Category, Source string
	Names                  shared.FacilityDocNames
	Sort                   int
	ExpiryRequired         bool
	SignaturesRequired     bool
	ApprovalStep           bool
	ValidityMonths         int
	ExpiringSoonDays       int   // 0: the parameter
	RetiredAt              int64 // 0: in force
	UpdatedAt              int64
	UpdatedBy              string
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

const requirementColumns = `code, category, source, name_en, name_es, name_zh, sort, expiry_required, signatures_required,
	approval_step, validity_months, expiring_soon_days, retired_at, updated_at, updated_by`

func scanRequirement(sc interface{ Scan(...any) error }) (*requirement, error) {
	var r requirement
	var exp, sig, appr int
	err := sc.Scan(&r.Code, &r.Category, &r.Source, &r.Names.EnUS, &r.Names.EsES, &r.Names.ZhCN, &r.Sort, &exp, &sig, &appr,
		&r.ValidityMonths, &r.ExpiringSoonDays, &r.RetiredAt, &r.UpdatedAt, &r.UpdatedBy)
	r.ExpiryRequired, r.SignaturesRequired, r.ApprovalStep = exp == 1, sig == 1, appr == 1
	return &r, err //nolint:wrapcheck // wrapped by the callers, which name their query
}

// Requirements lists the whole required set, retired ones too, in the page's order.
func (store) Requirements(ctx context.Context, q db.Querier) ([]requirement, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+requirementColumns+` FROM facility_doc_requirements ORDER BY sort, code`)
	if err != nil {
		return nil, db.Wrap("facilitydoc: requirements", err)
	}
	defer rows.Close()
	var out []requirement
	for rows.Next() {
		r, err := scanRequirement(rows)
		if err != nil {
			return nil, db.Wrap("facilitydoc: requirements", err)
		}
		out = append(out, *r)
	}
	return out, db.Wrap("facilitydoc: requirements", rows.Err())
}

// Requirement is one requirement by its code (retired or not).
func (store) Requirement(ctx context.Context, q db.Querier, code string) (*requirement, error) {
	r, err := scanRequirement(q.QueryRowContext(ctx, `SELECT `+requirementColumns+` FROM facility_doc_requirements WHERE code = ?`, code))
	if err != nil {
		return nil, db.NotFound("facilitydoc: requirement", err)
	}
	return r, nil
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

// signature is one row of facility_doc_signatures.
type signature struct {
	VersionID, UserID, Role string
	SignedAt                int64 // 0: not yet
}

// Signatures lists the signature rows of the versions, by version, signers
// in the order they were named, the approval last.
func (store) Signatures(ctx context.Context, q db.Querier, tenantID string, versionIDs []string) ([]signature, error) {
	if len(versionIDs) == 0 {
		return nil, nil
	}
	in, args := db.In(versionIDs)
	rows, err := q.QueryContext(ctx, `SELECT version_id, user_id, role, COALESCE(signed_at, 0) FROM facility_doc_signatures
		WHERE tenant_id = ? AND version_id IN (`+in+`) ORDER BY version_id, role DESC, created_at, id`, append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("facilitydoc: signatures", err)
	}
	defer rows.Close()
	var out []signature
	for rows.Next() {
		var g signature
		if err := rows.Scan(&g.VersionID, &g.UserID, &g.Role, &g.SignedAt); err != nil {
			return nil, db.Wrap("facilitydoc: signatures", err)
		}
		out = append(out, g)
	}
	return out, db.Wrap("facilitydoc: signatures", rows.Err())
}

// InsertSignature writes one signer named (signedAt 0) or one approval given.
func (store) InsertSignature(ctx context.Context, q db.Querier, id, tenantID, versionID, userID, role string, signedAt, now int64) error {
	var at any
	if signedAt > 0 {
		at = signedAt
	}
	_, err := q.ExecContext(ctx, `INSERT INTO facility_doc_signatures (id, tenant_id, version_id, user_id, role, signed_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, id, tenantID, versionID, userID, role, at, now)
	return db.Wrap("facilitydoc: insert signature", err)
}

// Sign records the caller's signature once: false when they are not a signer
// of the version who has yet to sign.
func (store) Sign(ctx context.Context, q db.Querier, tenantID, versionID, userID string, at int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE facility_doc_signatures SET signed_at = ?
		WHERE tenant_id = ? AND version_id = ? AND user_id = ? AND role = 'SIGNER' AND signed_at IS NULL`, at, tenantID, versionID, userID))
	return ok, db.Wrap("facilitydoc: sign", err)
}

// Managers counts the ids that are enabled people of the home who may sign: owners, admins and caregivers.
func (store) Managers(ctx context.Context, q db.Querier, tenantID string, userIDs []string) (int, error) {
	in, args := db.In(userIDs)
	roles, rargs := db.In(shared.EveryFacilityRole)
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(DISTINCT user_id) FROM memberships WHERE tenant_id = ? AND status = 'enabled'
		AND user_id IN (`+in+`) AND role IN (`+roles+`)`, append(append([]any{tenantID}, args...), rargs...)...).Scan(&n)
	return n, db.Wrap("facilitydoc: managers", err)
}

// Version is one version of the facility by its id.
func (store) Version(ctx context.Context, q db.Querier, tenantID, versionID string) (*version, error) {
	v, err := scanVersion(q.QueryRowContext(ctx, `SELECT `+versionColumns+` FROM facility_documents WHERE tenant_id = ? AND id = ?`, tenantID, versionID))
	if err != nil {
		return nil, db.NotFound("facilitydoc: version", err)
	}
	return v, nil
}

// ManagerIDs lists the user ids of the home's enabled people who may sign:
// owners, admins and caregivers (shared.EveryFacilityRole).
func (store) ManagerIDs(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	roles, args := db.In(shared.EveryFacilityRole)
	rows, err := q.QueryContext(ctx, `SELECT user_id FROM memberships WHERE tenant_id = ? AND status = 'enabled' AND role IN (`+roles+`)
		ORDER BY created_at, user_id`, append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("facilitydoc: manager ids", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("facilitydoc: manager ids", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("facilitydoc: manager ids", rows.Err())
}

// ToSign lists the versions of the home the user was named to sign and has not signed, oldest first.
func (store) ToSign(ctx context.Context, q db.Querier, tenantID, userID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT version_id FROM facility_doc_signatures WHERE tenant_id = ? AND user_id = ? AND role = ?
		AND signed_at IS NULL ORDER BY created_at, version_id`, tenantID, userID, string(shared.FacilityDocSigner))
	if err != nil {
		return nil, db.Wrap("facilitydoc: to sign", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("facilitydoc: to sign", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("facilitydoc: to sign", rows.Err())
}
