-- +goose Up
-- Facility documents (issue 32, spec 000 §3 "Facility document"): what
-- Washington asks a home to keep in each category, as data with its source,
-- and the home's uploaded documents, one row per version (a renewal adds a
-- version; the old ones stay readable). Sources: chapter 388-76 WAC (section
-- titles of its index) and ../shared/docs/DOMAIN.md "What the rules ask".
CREATE TABLE facility_doc_requirements (
    code            TEXT PRIMARY KEY,
    category        TEXT NOT NULL,
    sort            INTEGER NOT NULL,
    expiry_required INTEGER NOT NULL DEFAULT 0,
    source          TEXT NOT NULL
);

INSERT INTO facility_doc_requirements (code, category, sort, expiry_required, source) VALUES
 ('EMERGENCY_DISASTER_PLAN', 'EMERGENCY_PREPAREDNESS', 10, 0, 'WAC 388-76-10830 to 388-76-10895: emergency and disaster plan required'),
 ('EVACUATION_PLAN', 'EMERGENCY_PREPAREDNESS', 20, 0, 'WAC 388-76-10885: elements of emergency evacuation'),
 ('EVACUATION_CAPABILITY', 'EMERGENCY_PREPAREDNESS', 30, 0, 'WAC 388-76-10870: resident evacuation capability levels, identification required'),
 ('LICENSE', 'LICENSING_COMPLIANCE', 10, 1, 'WAC 388-76-10005, 388-76-10010: license required, valid and not transferable'),
 ('INSPECTION_REPORTS', 'LICENSING_COMPLIANCE', 20, 0, 'WAC 388-76-10585: residents may examine inspection results; the last 12 months of reports are posted (DOMAIN.md, inspections)'),
 ('LIABILITY_INSURANCE', 'LICENSING_COMPLIANCE', 30, 1, 'WAC 388-76-10191: liability insurance required, ongoing'),
 ('RESIDENT_RIGHTS_NOTICE', 'RULES_POLICIES', 10, 0, 'WAC 388-76-10510, 388-76-10525: resident rights, basic rights and their description'),
 ('MEDICAID_POLICY_NOTICE', 'RULES_POLICIES', 20, 0, 'WAC 388-76-10522: resident rights notice, policy on accepting Medicaid as a payment source'),
 ('DISCLOSURE_OF_SERVICES', 'RULES_POLICIES', 30, 0, 'WAC 388-76-10532: standardized disclosure of services form'),
 ('HOTLINE_OMBUDS_POSTERS', 'RULES_POLICIES', 40, 0, 'DSHS complaint hotline 1-800-562-6078 and ombuds posters posted (DOMAIN.md, inspections; WAC 388-76-10595 advocacy access)'),
 ('BUILDING_INSPECTION', 'BUILDING_SAFETY', 10, 0, 'WAC 388-76-10700: building official, inspection and approval'),
 ('SMOKE_DETECTORS', 'BUILDING_SAFETY', 20, 0, 'WAC 388-76-10805: automatic smoke detectors'),
 ('FIRE_EXTINGUISHERS', 'BUILDING_SAFETY', 30, 0, 'WAC 388-76-10810: fire extinguishers');

CREATE TABLE facility_documents (
    id                        TEXT PRIMARY KEY,
    tenant_id                 TEXT NOT NULL REFERENCES tenants(id),
    document_id               TEXT NOT NULL,
    version                   INTEGER NOT NULL,
    category                  TEXT NOT NULL,
    requirement_code          TEXT REFERENCES facility_doc_requirements(code),
    name                      TEXT NOT NULL,
    doc_type                  TEXT NOT NULL DEFAULT '',
    signatures_required       INTEGER NOT NULL DEFAULT 0,
    signer                    TEXT NOT NULL DEFAULT '',
    signatures_completed      INTEGER NOT NULL DEFAULT 0,
    valid_from                TEXT NOT NULL DEFAULT '',
    expires_on                TEXT NOT NULL DEFAULT '',
    renewal                   INTEGER NOT NULL DEFAULT 0,
    compliance_check          INTEGER NOT NULL DEFAULT 0,
    building_safety_exception INTEGER NOT NULL DEFAULT 0,
    approval_step             INTEGER NOT NULL DEFAULT 0,
    file_id                   TEXT NOT NULL REFERENCES files(id),
    uploaded_on               TEXT NOT NULL,
    uploader_id               TEXT NOT NULL REFERENCES users(id),
    created_at                BIGINT NOT NULL
);
-- One version number per document, and one document per checklist item:
-- two uploads at once cannot both become the same version or the item's first.
CREATE UNIQUE INDEX facility_documents_version ON facility_documents (tenant_id, document_id, version);
CREATE UNIQUE INDEX facility_documents_requirement ON facility_documents (tenant_id, requirement_code, version) WHERE requirement_code IS NOT NULL;
CREATE INDEX facility_documents_category ON facility_documents (tenant_id, category, document_id);

-- +goose Down
DROP TABLE facility_documents;
DROP TABLE facility_doc_requirements;
