-- In-app notifications (cloud/feature/notification): what a feature tells a
-- person, one row per recipient. Titles and bodies are UI message KEYS with
-- their params as a JSON object ({"resident": "Margaret Lee"}), rendered in the
-- reader's language; link is an app path ("/emars"). dedupe_key is unique per
-- facility and person, so a notification inserted twice (a job retried, two
-- replicas) is stored once: Notify inserts with ON CONFLICT DO NOTHING.
-- read_at is NULL while unread. Rows older than 90 days are deleted by a daily
-- job (notifications_created serves it across facilities): a notification is
-- a reminder, not a care record. Times are epoch milliseconds UTC.

-- +goose Up
CREATE TABLE notifications (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    user_id     TEXT NOT NULL REFERENCES users(id),
    kind        TEXT NOT NULL,
    title_key   TEXT NOT NULL,
    body_key    TEXT NOT NULL DEFAULT '',
    params      TEXT NOT NULL DEFAULT '{}',
    link        TEXT NOT NULL DEFAULT '',
    dedupe_key  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    read_at     BIGINT,
    UNIQUE (tenant_id, user_id, dedupe_key)
);
-- A person's inbox: the unread count and list (read_at IS NULL), newest first.
CREATE INDEX notifications_inbox ON notifications (tenant_id, user_id, read_at, created_at);
CREATE INDEX notifications_created ON notifications (created_at);

-- +goose Down
DROP TABLE notifications;
