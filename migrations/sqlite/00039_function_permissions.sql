-- Function APIs and function permissions (spec 000 §3; issue 30). A function
-- API is a call a package can switch off (DISABLED: 7003), allow until a time
-- (TIME_LIMITED: 7004 after limit_time) or allow so many times a calendar
-- month, UTC (USAGE_LIMITED: 7011 past limit_count). A package is a plan code
-- until the billing issue adds packages. The route guard enforces them
-- (cloud/feature/funcperm) after the plan's functions (cloud/platform/auth).
-- function_usage counts calls per facility, function and month with one
-- conditional upsert, so replicas racing at the limit let exactly the limit through.
--
-- Default data: the four business types of spec 000 §3, and the plan table's
-- rule that incident reports are premium only (spec 000 §6) as DISABLED rows
-- for the free and essential plans.

-- +goose Up
CREATE TABLE function_apis (
    id             TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    api_path       TEXT NOT NULL UNIQUE,
    business_type  TEXT NOT NULL,
    function_type  TEXT NOT NULL,
    description    TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);

CREATE TABLE function_permissions (
    id               TEXT PRIMARY KEY,
    function_id      TEXT NOT NULL REFERENCES function_apis(id) ON DELETE CASCADE,
    package_id       TEXT NOT NULL,
    permission_type  TEXT NOT NULL,
    limit_count      BIGINT NOT NULL DEFAULT 0,
    limit_time       BIGINT NOT NULL DEFAULT 0,
    status           TEXT NOT NULL,
    updated_at       BIGINT NOT NULL,
    UNIQUE (function_id, package_id)
);

CREATE TABLE function_usage (
    tenant_id    TEXT NOT NULL,
    function_id  TEXT NOT NULL,
    period       BIGINT NOT NULL,
    calls        BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, function_id, period)
);

INSERT INTO function_apis (id, name, api_path, business_type, function_type, description, created_at) VALUES
 ('fn-create-caregiver', 'Create caregiver', '/care/caregiver/save', 'CREATE_CAREGIVER', 'add', 'Add a staff member', 0),
 ('fn-incident-report', 'Incident report', '/care/incidentReport/saveIncidentDraft', 'INCIDENT_REPORT', 'add', 'Start an incident report', 0),
 ('fn-resident', 'Resident', '/care/resident/createResident', 'RESIDENT', 'add', 'Add a resident', 0),
 ('fn-shift-report', 'Shift report', '/care/shiftReport/save', 'SHIFT_REPORT', 'add', 'Save a shift report', 0);

INSERT INTO function_permissions (id, function_id, package_id, permission_type, limit_count, limit_time, status, updated_at) VALUES
 ('fp-incident-free', 'fn-incident-report', 'FREE_PLAN', 'DISABLED', 0, 0, 'ENABLED', 0),
 ('fp-incident-essential', 'fn-incident-report', 'ESSENTIAL_PLAN', 'DISABLED', 0, 0, 'ENABLED', 0);

-- +goose Down
DROP TABLE function_usage;
DROP TABLE function_permissions;
DROP TABLE function_apis;
