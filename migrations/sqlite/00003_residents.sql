-- +goose Up
-- Residents, their contacts and their documents (spec 000 §2/§3/§4 "Resident",
-- "Contact", 001 §7.6/§7.7). Times are epoch milliseconds UTC; ids are UUIDv7
-- text; calendar dates (date of birth, move-in) are 'YYYY-MM-DD' text.
-- Nothing here is hard-deleted: resident records are kept 3 years after
-- discharge or death (WAC 388-76, ../shared/docs/DOMAIN.md "records").

-- One resident. status is NORMAL, GOING_OUT, MOVED_OUT or DECEASED; the last
-- two are final, and every change is an UPDATE ... WHERE status = the status
-- the caller saw, so two changes at once cannot both win. name_key and
-- room_key are lower-cased in Go so "contains, any case" is the same on both
-- engines. physician and pharmacy are JSON objects {name, phone, fax, email, address}.
CREATE TABLE residents (
    id                    TEXT PRIMARY KEY,
    tenant_id             TEXT NOT NULL REFERENCES tenants(id),
    first_name            TEXT NOT NULL,
    last_name             TEXT NOT NULL,
    preferred_name        TEXT NOT NULL DEFAULT '',
    name_key              TEXT NOT NULL,
    dob                   TEXT NOT NULL,
    gender                TEXT NOT NULL,
    room                  TEXT NOT NULL,
    room_key              TEXT NOT NULL,
    phone                 TEXT NOT NULL DEFAULT '',
    language              TEXT NOT NULL,
    language_other        TEXT NOT NULL DEFAULT '',
    height                DOUBLE PRECISION,
    height_unit           TEXT NOT NULL DEFAULT '',
    weight                DOUBLE PRECISION,
    weight_unit           TEXT NOT NULL DEFAULT '',
    allergies             TEXT NOT NULL DEFAULT '',
    dnr                   TEXT NOT NULL,
    diagnoses             TEXT NOT NULL DEFAULT '',
    diet                  TEXT NOT NULL DEFAULT '',
    mobility              TEXT NOT NULL DEFAULT '',
    hygiene               TEXT NOT NULL DEFAULT '',
    toileting             TEXT NOT NULL DEFAULT '',
    hearing               TEXT NOT NULL DEFAULT '',
    vision                TEXT NOT NULL DEFAULT '',
    physician             TEXT NOT NULL DEFAULT '{}',
    pharmacy              TEXT NOT NULL DEFAULT '{}',
    personal_background   TEXT NOT NULL DEFAULT '',
    preferences           TEXT NOT NULL DEFAULT '',
    move_in_date          TEXT NOT NULL DEFAULT '',
    avatar_file_id        TEXT,
    status                TEXT NOT NULL DEFAULT 'NORMAL',
    return_date           BIGINT,
    going_out_reason      TEXT NOT NULL DEFAULT '',
    move_out_destination  TEXT NOT NULL DEFAULT '',
    destination_other     TEXT NOT NULL DEFAULT '',
    status_at             BIGINT NOT NULL,
    care_plan_updated_at  BIGINT,
    created_by            TEXT REFERENCES users(id),
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL
);
-- The facility's list (by status, then name) and the active count of the plan limit.
CREATE INDEX residents_tenant_status ON residents (tenant_id, status, last_name, first_name);

-- One contact of a resident, in a group (EMERGENCY, PROVIDER, FAMILY_FRIENDS,
-- OTHER). Deleting one sets deleted_at; the row stays with the record.
CREATE TABLE resident_contacts (
    id             TEXT PRIMARY KEY,
    tenant_id      TEXT NOT NULL REFERENCES tenants(id),
    resident_id    TEXT NOT NULL REFERENCES residents(id),
    contact_group  TEXT NOT NULL,
    name           TEXT NOT NULL,
    phone          TEXT NOT NULL,
    address        TEXT NOT NULL DEFAULT '',
    role           TEXT NOT NULL DEFAULT '',
    email          TEXT NOT NULL DEFAULT '',
    fax            TEXT NOT NULL DEFAULT '',
    relationship   TEXT NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    deleted_at     BIGINT
);
CREATE INDEX resident_contacts_resident ON resident_contacts (tenant_id, resident_id, contact_group, created_at);

-- A resident's document: a file of the file service (its bytes, type and soft
-- delete live there) linked to the resident with its category and uploader.
CREATE TABLE resident_files (
    file_id      TEXT PRIMARY KEY REFERENCES files(id),
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    resident_id  TEXT NOT NULL REFERENCES residents(id),
    category     TEXT NOT NULL,
    uploader_id  TEXT NOT NULL REFERENCES users(id),
    created_at   BIGINT NOT NULL
);
CREATE INDEX resident_files_resident ON resident_files (tenant_id, resident_id, category, created_at);

-- +goose Down
DROP TABLE resident_files;
DROP TABLE resident_contacts;
DROP TABLE residents;
