-- Incident reports (spec 000 §2 /incident and /incident-management, §3
-- "Incident report", §4 incident states). Times are epoch milliseconds UTC;
-- ids are UUIDv7 text. A submitted report is never deleted (only a draft,
-- by its author): DSHS may ask for it years later (../shared/docs/DOMAIN.md
-- "incidents", "records").

-- +goose Up

-- One report. The columns lists filter and sort by are columns; the rest of
-- what was written (narrative, injuries, notifications, witnesses, files…)
-- is the JSON body, the reporting duties, the analyses and the timeline are
-- JSON lists the service rewrites in the same transaction as the version.
-- version grows by one with every change: an edit is an UPDATE ... WHERE
-- version = the version the editor saw.
CREATE TABLE incident_reports (
    id                TEXT PRIMARY KEY,
    tenant_id         TEXT NOT NULL REFERENCES tenants(id),
    incident_group    TEXT NOT NULL,
    incident_type     TEXT NOT NULL,
    resident_id       TEXT REFERENCES residents(id),
    state             TEXT NOT NULL,
    author_id         TEXT NOT NULL REFERENCES users(id),
    reviewer_id       TEXT REFERENCES users(id),
    occurred_at       BIGINT NOT NULL DEFAULT 0,
    discovered_at     BIGINT NOT NULL DEFAULT 0,
    submitted_at      BIGINT NOT NULL DEFAULT 0,
    completed_at      BIGINT NOT NULL DEFAULT 0,
    body              TEXT NOT NULL DEFAULT '{}',
    duties            TEXT NOT NULL DEFAULT '[]',
    analyses          TEXT NOT NULL DEFAULT '[]',
    timeline          TEXT NOT NULL DEFAULT '[]',
    analysis_pending  INTEGER NOT NULL DEFAULT 0,
    version           INTEGER NOT NULL DEFAULT 1,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
-- The facility's list, newest discovered first, by state (reviews waiting).
CREATE INDEX incident_reports_state ON incident_reports (tenant_id, state, discovered_at);
-- A resident's reports (the resident profile's tab).
CREATE INDEX incident_reports_resident ON incident_reports (tenant_id, resident_id, discovered_at);
-- A caregiver's own reports.
CREATE INDEX incident_reports_author ON incident_reports (tenant_id, author_id, discovered_at);

-- +goose Down
DROP TABLE incident_reports;
