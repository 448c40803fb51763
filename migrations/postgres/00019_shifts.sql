-- Shifts (spec 000 §2 /shift-management, /shift-report; §3 "Shift report,
-- shift and shift type"; §4; §5 "Shift"). Times are epoch milliseconds UTC;
-- ids are UUIDv7 text; calendar dates are 'YYYY-MM-DD' text and times of day
-- 'HH:MM' text, both in the facility's zone.

-- +goose Up

-- A facility's shift types. end_time at or before start_time ends the next
-- day (a night shift). name_key is the name lower-cased in Go (unique per
-- facility). required_credential is a credential type or ''.
CREATE TABLE shift_types (
    id                   TEXT PRIMARY KEY,
    tenant_id            TEXT NOT NULL REFERENCES tenants(id),
    name                 TEXT NOT NULL,
    name_key             TEXT NOT NULL,
    start_time           TEXT NOT NULL,
    end_time             TEXT NOT NULL,
    color                TEXT NOT NULL,
    min_staff            INTEGER NOT NULL DEFAULT 1,
    required_credential  TEXT NOT NULL DEFAULT '',
    active               INTEGER NOT NULL DEFAULT 1,
    created_by           TEXT REFERENCES users(id),
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL,
    UNIQUE (tenant_id, name_key)
);

-- One week (Sunday to Saturday) of one shift type. version guards edits
-- (UPDATE ... WHERE version = ?: two owners editing cannot overwrite each
-- other silently).
CREATE TABLE shift_schedules (
    id             TEXT PRIMARY KEY,
    tenant_id      TEXT NOT NULL REFERENCES tenants(id),
    shift_type_id  TEXT NOT NULL REFERENCES shift_types(id),
    name           TEXT NOT NULL,
    start_date     TEXT NOT NULL,
    end_date       TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'DRAFT',
    version        INTEGER NOT NULL DEFAULT 1,
    published_at   BIGINT NOT NULL DEFAULT 0,
    created_by     TEXT REFERENCES users(id),
    created_at     BIGINT NOT NULL,
    updated_by     TEXT REFERENCES users(id),
    updated_at     BIGINT NOT NULL,
    UNIQUE (tenant_id, shift_type_id, start_date)
);
CREATE INDEX shift_schedules_week ON shift_schedules (tenant_id, start_date);

-- One caregiver on one day of a schedule: the shift's real start and end
-- (start_at, end_at: a night shift ends the next day) and the moments of its
-- two reminders, with when each was sent (a conditional UPDATE marks it, so
-- two job runs send it once).
CREATE TABLE shift_assignments (
    id              TEXT PRIMARY KEY,
    tenant_id       TEXT NOT NULL REFERENCES tenants(id),
    schedule_id     TEXT NOT NULL REFERENCES shift_schedules(id),
    caregiver_id    TEXT NOT NULL REFERENCES caregivers(id),
    user_id         TEXT NOT NULL REFERENCES users(id),
    day             TEXT NOT NULL,
    start_at        BIGINT NOT NULL,
    end_at          BIGINT NOT NULL,
    remind_eve_at   BIGINT NOT NULL,
    remind_soon_at  BIGINT NOT NULL,
    eve_sent_at     BIGINT,
    soon_sent_at    BIGINT,
    UNIQUE (schedule_id, caregiver_id, day)
);
CREATE INDEX shift_assignments_caregiver ON shift_assignments (tenant_id, caregiver_id, start_at);
CREATE INDEX shift_assignments_user ON shift_assignments (tenant_id, user_id, start_at);
CREATE INDEX shift_assignments_eve ON shift_assignments (remind_eve_at);
CREATE INDEX shift_assignments_soon ON shift_assignments (remind_soon_at);

-- A hand-over report: DRAFT (its author's) -> SUBMIT (everyone's, read-only).
CREATE TABLE shift_reports (
    id                    TEXT PRIMARY KEY,
    tenant_id             TEXT NOT NULL REFERENCES tenants(id),
    author_id             TEXT NOT NULL REFERENCES users(id),
    shift_date            TEXT NOT NULL,
    shift_type_id         TEXT NOT NULL DEFAULT '',
    status                TEXT NOT NULL DEFAULT 'DRAFT',
    residents_of_concern  TEXT NOT NULL DEFAULT '',
    meds_given_held       TEXT NOT NULL DEFAULT '',
    incidents             TEXT NOT NULL DEFAULT '',
    tasks_left_open       TEXT NOT NULL DEFAULT '',
    free_text             TEXT NOT NULL DEFAULT '',
    version               INTEGER NOT NULL DEFAULT 1,
    submitted_at          BIGINT NOT NULL DEFAULT 0,
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL
);
CREATE INDEX shift_reports_status ON shift_reports (tenant_id, status, submitted_at);
CREATE INDEX shift_reports_author ON shift_reports (tenant_id, author_id, status);

-- Who has opened which submitted report (unread = no row).
CREATE TABLE shift_report_reads (
    tenant_id  TEXT NOT NULL REFERENCES tenants(id),
    report_id  TEXT NOT NULL REFERENCES shift_reports(id),
    user_id    TEXT NOT NULL REFERENCES users(id),
    read_at    BIGINT NOT NULL,
    PRIMARY KEY (report_id, user_id)
);
CREATE INDEX shift_report_reads_user ON shift_report_reads (tenant_id, user_id);

-- +goose Down
DROP TABLE shift_report_reads;
DROP TABLE shift_reports;
DROP TABLE shift_assignments;
DROP TABLE shift_schedules;
DROP TABLE shift_types;
