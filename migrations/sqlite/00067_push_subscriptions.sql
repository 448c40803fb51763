-- +goose Up
-- Web Push (issue 34, "Alerts that reach the phone"). push_vapid_keys: the
-- server's one VAPID key pair, made at the first start when
-- HEARTH_VAPID_PUBLIC_KEY / _PRIVATE_KEY are not set; one row (id = 1), so
-- every replica on one database signs with the same key (the first to
-- insert wins, the others read it).
CREATE TABLE push_vapid_keys (
    id          INTEGER PRIMARY KEY,
    public_key  TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

-- push_subscriptions: one browser's push subscription per device of a
-- person in a facility (the device id header the app sends). The endpoint is
-- the push service's URL for that browser; p256dh and auth are its keys
-- (RFC 8291). Removed at sign-out and when the push service answers 404/410.
CREATE TABLE push_subscriptions (
    id         TEXT PRIMARY KEY,
    tenant_id  TEXT NOT NULL REFERENCES tenants(id),
    user_id    TEXT NOT NULL REFERENCES users(id),
    device_id  TEXT NOT NULL,
    endpoint   TEXT NOT NULL,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (tenant_id, user_id, device_id)
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (tenant_id, user_id);
CREATE INDEX push_subscriptions_endpoint ON push_subscriptions (endpoint);

-- push_preferences: which alerts a person wants on their devices in a
-- facility. No row: every alert (a person who turned push on wants alerts).
CREATE TABLE push_preferences (
    tenant_id      TEXT NOT NULL REFERENCES tenants(id),
    user_id        TEXT NOT NULL REFERENCES users(id),
    med_pass       BOOLEAN NOT NULL,
    prn_check      BOOLEAN NOT NULL,
    shift_reminder BOOLEAN NOT NULL,
    chat_message   BOOLEAN NOT NULL,
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, user_id)
);

-- +goose Down
DROP TABLE push_preferences;
DROP TABLE push_subscriptions;
DROP TABLE push_vapid_keys;
