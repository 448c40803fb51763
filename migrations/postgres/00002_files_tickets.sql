-- +goose Up
-- Files (the uploads of every feature) and support tickets (spec 000 §3/§4,
-- 001 §7.4/§7.5). Times are epoch milliseconds UTC; ids are UUIDv7 text.

-- One uploaded file. Its bytes live in blob storage under storage_key, a name
-- the server made; no path ever comes from a client. tenant_id is the facility,
-- or 'platform' for a super admin's own upload (no facility), so it carries no
-- foreign key. An upload not confirmed within 24 hours is removed with its
-- bytes; a confirmed one is only soft-deleted (deleted_at), as records are kept.
CREATE TABLE files (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL,
    uploader_id   TEXT NOT NULL REFERENCES users(id),
    category      TEXT NOT NULL,
    name          TEXT NOT NULL,
    suffix        TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size          BIGINT NOT NULL,
    storage_key   TEXT NOT NULL,
    sha256        TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    confirmed_at  BIGINT,
    deleted_at    BIGINT
);
CREATE INDEX files_tenant ON files (tenant_id, created_at);
CREATE INDEX files_unconfirmed ON files (created_at) WHERE confirmed_at IS NULL;

-- A support ticket. title_key is the title in lower case (made in Go, so the
-- "contains, any case" filter behaves the same on both engines). The replies are rows of support_ticket_replies; the
-- ticket keeps their count and the last one's side and time, so the turn
-- check and the unread badge need no scan, and a reply appends only when the
-- count it saw is still current (two replies at once cannot both win).
CREATE TABLE support_tickets (
    id               TEXT PRIMARY KEY,
    tenant_id        TEXT NOT NULL REFERENCES tenants(id),
    creator_id       TEXT NOT NULL REFERENCES users(id),
    title            TEXT NOT NULL,
    title_key        TEXT NOT NULL,
    type             TEXT NOT NULL,
    content          TEXT NOT NULL,
    file_ids         TEXT NOT NULL DEFAULT '[]',
    status           TEXT NOT NULL DEFAULT 'SUBMITTED',
    creator_delete   INTEGER NOT NULL DEFAULT 0,
    reply_count      INTEGER NOT NULL DEFAULT 0,
    last_reply_role  TEXT,
    last_reply_at    BIGINT,
    creator_seen_at  BIGINT,
    admin_seen_at    BIGINT,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    resolved_at      BIGINT
);
CREATE INDEX support_tickets_creator ON support_tickets (tenant_id, creator_id, creator_delete, created_at);
-- The super admin's list spans every facility, newest first.
CREATE INDEX support_tickets_created ON support_tickets (created_at);

CREATE TABLE support_ticket_replies (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    ticket_id   TEXT NOT NULL REFERENCES support_tickets(id),
    seq         INTEGER NOT NULL,
    role        TEXT NOT NULL,
    author_id   TEXT NOT NULL REFERENCES users(id),
    reply       TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    UNIQUE (ticket_id, seq)
);
CREATE INDEX support_ticket_replies_tenant ON support_ticket_replies (tenant_id, ticket_id, seq);

-- +goose Down
DROP TABLE support_ticket_replies;
DROP TABLE support_tickets;
DROP TABLE files;
