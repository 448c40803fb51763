-- Run-time parameters the super admin changes at /params-setting (issue 30):
-- one row per parameter that differs from its default (the definitions, with
-- type, bounds and default, live in cloud/platform/param). platform_versions
-- counts changes of platform-wide settings (params, menus, function
-- permissions): each change raises its row in the writing transaction and
-- tells the other replicas (pg_notify 'hearth_platform'), which read the
-- settings again; each replica also reads them again at most a second after
-- its last read, so an operator's SQL is seen too.

-- +goose Up
CREATE TABLE platform_params (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_by  TEXT,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE platform_versions (
    name     TEXT PRIMARY KEY,
    version  BIGINT NOT NULL
);

-- +goose Down
DROP TABLE platform_versions;
DROP TABLE platform_params;
