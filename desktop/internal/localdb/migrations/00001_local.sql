-- +goose Up
-- The desktop shell's local data (issue 6). Times are epoch milliseconds.

-- Last good answer of a GET the proxy passed to the cloud, per person:
-- who is "<sub>@<tenant>" from the (unverified) bearer token, "kiosk" for the
-- door kiosk's calls, "public" for calls without a token. query is the
-- request's query without its per-request t and sign values, sorted.
CREATE TABLE read_cache (
    who           TEXT NOT NULL,
    path          TEXT NOT NULL,
    query         TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    body          BLOB NOT NULL,
    size          INTEGER NOT NULL,
    fetched_at    INTEGER NOT NULL,
    PRIMARY KEY (who, path, query)
);
CREATE INDEX read_cache_age ON read_cache (fetched_at);

-- The kiosk's punches, in the order they happened (seq). state:
-- CHECKING  saved, PIN not yet checked, nobody told yet (dropped at start);
-- WAITING   PIN checked here offline, to be sent in seq order;
-- SENT      the cloud stored it; REFUSED the cloud refused it for good.
-- No PIN is ever stored.
CREATE TABLE outbox (
    seq                  INTEGER PRIMARY KEY AUTOINCREMENT,
    client_punch_id      TEXT NOT NULL UNIQUE,
    caregiver_id         TEXT NOT NULL,
    caregiver_name       TEXT NOT NULL DEFAULT '',
    punch_time           INTEGER NOT NULL,
    state                TEXT NOT NULL,
    pin_checked_offline  INTEGER NOT NULL DEFAULT 0,
    guessed_type         TEXT NOT NULL DEFAULT '',
    attempts             INTEGER NOT NULL DEFAULT 0,
    last_error           TEXT NOT NULL DEFAULT '',
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL
);
CREATE INDEX outbox_state ON outbox (state, seq);

-- The kiosk's offline PIN checks (GET /api/care/kiosk/pinVerifiers), replaced
-- whole on each sync; kiosk_kdf holds the one row of salt and parameters.
CREATE TABLE pin_verifiers (
    caregiver_id  TEXT PRIMARY KEY,
    verifier      TEXT NOT NULL,
    update_time   INTEGER NOT NULL
);
CREATE TABLE kiosk_kdf (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    device_salt  TEXT NOT NULL,
    algorithm    TEXT NOT NULL,
    time         INTEGER NOT NULL,
    memory_kib   INTEGER NOT NULL,
    threads      INTEGER NOT NULL,
    key_length   INTEGER NOT NULL,
    synced_at    INTEGER NOT NULL
);

-- Wrong PINs typed at this kiosk while it checked PINs itself.
CREATE TABLE pin_failures (
    caregiver_id  TEXT PRIMARY KEY,
    failures      INTEGER NOT NULL,
    locked_until  INTEGER NOT NULL DEFAULT 0
);

-- Caregivers' avatars for the kiosk's start screen. source is the signed
-- link's path (the file), signed_url the last full link (valid 10 minutes
-- from signed_at); body is null until fetched.
CREATE TABLE kiosk_avatars (
    caregiver_id  TEXT PRIMARY KEY,
    source        TEXT NOT NULL,
    signed_url    TEXT NOT NULL,
    signed_at     INTEGER NOT NULL,
    content_type  TEXT NOT NULL DEFAULT '',
    body          BLOB,
    fetched_at    INTEGER NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE kiosk_avatars;
DROP TABLE pin_failures;
DROP TABLE kiosk_kdf;
DROP TABLE pin_verifiers;
DROP TABLE outbox;
DROP TABLE read_cache;
