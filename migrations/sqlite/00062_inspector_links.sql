-- +goose Up
-- The inspector's link (issue 32): an owner or admin issues a time-limited,
-- read-only link for a named inspector, scoped to one home and the areas
-- chosen. Only the hash of the link's token is kept. The inspector signs in
-- with a code e-mailed to the link's address (inspector_codes: hashed, single
-- use, a few tries); each sign-in is an inspector_sessions row whose refresh
-- token is kept hashed and rotated. A revoked or expired link ends every
-- session on the next call. Page views and downloads are in audit_log
-- (entity inspector_link).
CREATE TABLE inspector_links (
    id              TEXT PRIMARY KEY,
    tenant_id       TEXT NOT NULL REFERENCES tenants(id),
    token_hash      TEXT NOT NULL UNIQUE,
    inspector_name  TEXT NOT NULL,
    email           TEXT NOT NULL,
    areas           TEXT NOT NULL,
    downloads       INTEGER NOT NULL DEFAULT 0,
    expires_at      BIGINT NOT NULL,
    revoked_at      BIGINT,
    revoked_by      TEXT REFERENCES users(id),
    created_by      TEXT NOT NULL REFERENCES users(id),
    created_at      BIGINT NOT NULL
);
CREATE INDEX inspector_links_tenant ON inspector_links (tenant_id, created_at);

CREATE TABLE inspector_codes (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    link_id     TEXT NOT NULL REFERENCES inspector_links(id),
    code_hash   TEXT NOT NULL,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    tries       INTEGER NOT NULL DEFAULT 0,
    used_at     BIGINT
);
CREATE INDEX inspector_codes_link ON inspector_codes (tenant_id, link_id, sent_at);

CREATE TABLE inspector_sessions (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants(id),
    link_id       TEXT NOT NULL REFERENCES inspector_links(id),
    refresh_hash  TEXT NOT NULL UNIQUE,
    created_at    BIGINT NOT NULL,
    refreshed_at  BIGINT NOT NULL
);
CREATE INDEX inspector_sessions_link ON inspector_sessions (tenant_id, link_id);

-- +goose Down
DROP TABLE inspector_sessions;
DROP TABLE inspector_codes;
DROP TABLE inspector_links;
