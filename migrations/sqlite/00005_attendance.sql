-- +goose Up
-- Attendance, the door kiosk and requests (spec 000 §3 "Attendance / clock-in
-- record", "Application"; 001 §7.8 caregiverClockInRecord, applicationForm;
-- issue 5 and the kiosk app of issue 6). Times are epoch milliseconds UTC; ids
-- are UUIDv7 text. Punches and requests are never deleted (personnel records
-- are kept for employment + 2 years, ../shared/docs/DOMAIN.md "records").

-- A registered door kiosk of one facility. The kiosk authenticates with a
-- random credential shown once at registration; only its SHA-256 is kept
-- (credential_hash: a 256-bit random secret needs no slow hash). salt is the
-- per-device salt of the offline PIN verifiers (base64). Revoking sets
-- revoked_at; the row stays so past punches keep their device.
CREATE TABLE kiosk_devices (
    id               TEXT PRIMARY KEY,
    tenant_id        TEXT NOT NULL REFERENCES tenants(id),
    name             TEXT NOT NULL,
    credential_hash  TEXT NOT NULL UNIQUE,
    salt             TEXT NOT NULL,
    created_by       TEXT NOT NULL REFERENCES users(id),
    created_at       BIGINT NOT NULL,
    last_seen_at     BIGINT,
    revoked_at       BIGINT,
    revoked_by       TEXT REFERENCES users(id)
);
CREATE INDEX kiosk_devices_tenant ON kiosk_devices (tenant_id, revoked_at, created_at);

-- One row per person who punches in a facility. punch_count is bumped first
-- in every punch's transaction: the row lock (PostgreSQL) or the write lock
-- (SQLite) makes two punches of one person at once take turns, so "in or out"
-- is decided from a last punch that cannot change underneath. pin_hash is the
-- argon2id hash of the kiosk PIN (4–6 digits); pin_failures wrong PINs in a
-- row, and pin_locked_until ends the 15-minute lock after the fifth.
CREATE TABLE caregiver_clocks (
    tenant_id         TEXT NOT NULL REFERENCES tenants(id),
    user_id           TEXT NOT NULL REFERENCES users(id),
    punch_count       INTEGER NOT NULL DEFAULT 0,
    pin_hash          TEXT NOT NULL DEFAULT '',
    pin_set_at        BIGINT NOT NULL DEFAULT 0,
    pin_failures      INTEGER NOT NULL DEFAULT 0,
    pin_locked_until  BIGINT NOT NULL DEFAULT 0,
    updated_at        BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, user_id)
);

-- Offline PIN check data of one caregiver on one kiosk:
-- argon2id(PIN, device salt + caregivers.id). Made when the PIN is set (for
-- every active kiosk) or at the first online punch at a kiosk that lacks it;
-- all of a person's rows are replaced when the PIN changes.
CREATE TABLE kiosk_pin_verifiers (
    device_id     TEXT NOT NULL REFERENCES kiosk_devices(id),
    tenant_id     TEXT NOT NULL REFERENCES tenants(id),
    user_id       TEXT NOT NULL REFERENCES users(id),
    caregiver_id  TEXT NOT NULL,
    verifier      TEXT NOT NULL,
    updated_at    BIGINT NOT NULL,
    PRIMARY KEY (device_id, user_id)
);
CREATE INDEX kiosk_pin_verifiers_tenant ON kiosk_pin_verifiers (tenant_id, user_id);

-- One clock-in or clock-out. client_punch_id is made by the client and stored
-- once per facility: a replay (retry, offline outbox) finds the original row.
-- punched_at is when it happened (the device's time for an offline punch),
-- received_at when it arrived; late is set when it arrived more than 5 minutes
-- after it happened. device_id is the kiosk for a kiosk punch, and pin_check
-- how its PIN was checked (ONLINE by the server, OFFLINE by the kiosk).
CREATE TABLE clock_punches (
    id               TEXT PRIMARY KEY,
    tenant_id        TEXT NOT NULL REFERENCES tenants(id),
    client_punch_id  TEXT NOT NULL,
    user_id          TEXT NOT NULL REFERENCES users(id),
    punch_type       TEXT NOT NULL,
    punched_at       BIGINT NOT NULL,
    received_at      BIGINT NOT NULL,
    source           TEXT NOT NULL,
    device_id        TEXT REFERENCES kiosk_devices(id),
    pin_check        TEXT NOT NULL DEFAULT '',
    late             INTEGER NOT NULL DEFAULT 0,
    UNIQUE (tenant_id, client_punch_id)
);
CREATE INDEX clock_punches_user ON clock_punches (tenant_id, user_id, punched_at);
CREATE INDEX clock_punches_tenant ON clock_punches (tenant_id, punched_at);

-- A request for leave or a shift adjustment. status goes PENDING -> APPROVED
-- or REFUSED once, by a conditional UPDATE ... WHERE status = 'PENDING', so two
-- deciders at once cannot both win.
CREATE TABLE application_forms (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    creator_id   TEXT NOT NULL REFERENCES users(id),
    type         TEXT NOT NULL,
    start_at     BIGINT NOT NULL,
    end_at       BIGINT NOT NULL,
    reason       TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'PENDING',
    approver_id  TEXT REFERENCES users(id),
    comment      TEXT NOT NULL DEFAULT '',
    decided_at   BIGINT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX application_forms_creator ON application_forms (tenant_id, creator_id, created_at);
CREATE INDEX application_forms_status ON application_forms (tenant_id, status, created_at);

-- +goose Down
DROP TABLE application_forms;
DROP TABLE clock_punches;
DROP TABLE kiosk_pin_verifiers;
DROP TABLE caregiver_clocks;
DROP TABLE kiosk_devices;
