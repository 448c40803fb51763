-- +goose Up
-- Backups (issue 35): every backup the server took on its schedule, or that
-- `hearth backup` took by hand, with how it ended; the owner's dashboard card
-- and the super admin's backup status read the last good one and the last
-- failure from here. Platform-wide, like the parameters: no tenant owns it.
-- running is 1 while a backup runs and NULL after, so the unique index lets
-- one backup run at a time across every replica.
CREATE TABLE backup_runs (
    id             TEXT PRIMARY KEY,
    trigger_kind   TEXT NOT NULL,
    status         TEXT NOT NULL,
    running        INTEGER,
    started_at     BIGINT NOT NULL,
    finished_at    BIGINT,
    archive        TEXT NOT NULL DEFAULT '',
    size_bytes     BIGINT NOT NULL DEFAULT 0,
    files          INTEGER NOT NULL DEFAULT 0,
    schema_version BIGINT NOT NULL DEFAULT 0,
    pruned         INTEGER NOT NULL DEFAULT 0,
    error          TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX backup_runs_one_running ON backup_runs (running);
CREATE INDEX backup_runs_started ON backup_runs (started_at);

-- +goose Down
DROP TABLE backup_runs;
