-- +goose Up
-- Staff (spec 000 §3 "Staff", 001 §7.8 "caregiver"): the per-facility
-- caregiver profile and the certificate / continuing-education records the
-- credential rules engine reads (../shared/docs/DOMAIN.md "staff credentials").
-- Times are epoch milliseconds UTC; ids are UUIDv7 text; calendar dates (hire
-- date, birthday, a certificate's issue and expiry) are 'YYYY-MM-DD' text, a
-- day with no time zone, which sorts and compares the same on both engines.

-- One staff member (FACILITY_ADMIN or CAREGIVER_STAFF) of one facility. The
-- account and its name, e-mail, phone and avatar are the users row; the role
-- is memberships.role. status is the facility's own decision (enabled or
-- disabled) and is kept equal to memberships.status, which the sign-in checks;
-- "unverified" is not stored here but read from users.status until the invite
-- is accepted. So the caregivers who may work now are:
--   caregivers c JOIN users u ON u.id = c.user_id
--   WHERE c.tenant_id = ? AND c.status = 'enabled' AND c.deleted_at IS NULL AND u.status = 'enabled'
-- color_key is color in lower case: each facility's live caregivers have
-- distinct colours. deleted_at is the soft delete (the end of employment):
-- personnel records are kept for employment + 2 years, so nothing is removed.
CREATE TABLE caregivers (
    id                   TEXT PRIMARY KEY,
    tenant_id            TEXT NOT NULL REFERENCES tenants(id),
    user_id              TEXT NOT NULL REFERENCES users(id),
    color                TEXT NOT NULL,
    color_key            TEXT NOT NULL,
    hire_date            TEXT NOT NULL,
    birth_date           TEXT NOT NULL DEFAULT '',
    name_key             TEXT NOT NULL,
    specialties          TEXT NOT NULL DEFAULT '',
    nurse_delegation     INTEGER NOT NULL DEFAULT 0,
    diabetes_delegation  INTEGER NOT NULL DEFAULT 0,
    status               TEXT NOT NULL DEFAULT 'enabled',
    created_by           TEXT REFERENCES users(id),
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL,
    deleted_at           BIGINT,
    UNIQUE (tenant_id, user_id)
);
CREATE INDEX caregivers_tenant ON caregivers (tenant_id, deleted_at, status, created_at);
CREATE UNIQUE INDEX caregivers_color ON caregivers (tenant_id, color_key) WHERE deleted_at IS NULL;

-- One certificate or continuing-education record of a caregiver: its type,
-- dates, CE hours (in minutes, so 30-minute food-safety CE is exact) and the
-- uploaded files (a JSON array of files.id, category CAREGIVER_CREDENTIAL).
-- Records are soft-deleted only (TB records are kept 18 months after the
-- worker leaves, personnel files employment + 2 years).
CREATE TABLE caregiver_credentials (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants(id),
    caregiver_id  TEXT NOT NULL REFERENCES caregivers(id),
    type          TEXT NOT NULL,
    name          TEXT NOT NULL DEFAULT '',
    issue_date    TEXT NOT NULL,
    expiry_date   TEXT NOT NULL DEFAULT '',
    ce_minutes    INTEGER NOT NULL DEFAULT 0,
    file_ids      TEXT NOT NULL DEFAULT '[]',
    uploader_id   TEXT NOT NULL REFERENCES users(id),
    created_at    BIGINT NOT NULL,
    deleted_at    BIGINT
);
CREATE INDEX caregiver_credentials_caregiver ON caregiver_credentials (tenant_id, caregiver_id, deleted_at, issue_date);

-- +goose Down
DROP TABLE caregiver_credentials;
DROP TABLE caregivers;
