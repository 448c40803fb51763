-- +goose Up
-- Signatures and approvals of facility document versions collected inside the
-- product (issue 32): the uploader names who signs (owners and admins of the
-- home); each signs with their own sign-in (signed_at set once, audited). An
-- approval step (the version's approval_step) is one APPROVER row, written by
-- the owner or admin who approves once every signature is in. A version with
-- a signature or approval outstanding is not in force (shared.FacilityDocStatusOf).
CREATE TABLE facility_doc_signatures (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    version_id  TEXT NOT NULL REFERENCES facility_documents(id),
    user_id     TEXT NOT NULL REFERENCES users(id),
    role        TEXT NOT NULL,
    signed_at   BIGINT,
    created_at  BIGINT NOT NULL
);
-- One signature per person and role on a version; one approval per version.
CREATE UNIQUE INDEX facility_doc_signatures_who ON facility_doc_signatures (tenant_id, version_id, role, user_id);
CREATE UNIQUE INDEX facility_doc_signatures_approval ON facility_doc_signatures (tenant_id, version_id) WHERE role = 'APPROVER';

-- +goose Down
DROP TABLE facility_doc_signatures;
