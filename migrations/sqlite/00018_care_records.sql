-- The resident's record over time (spec 000 §2 profile tabs "progress notes",
-- "health monitor", "care monitor"; §3 "Progress note", "Health metrics").
-- Times are epoch milliseconds UTC; ids are UUIDv7 text; calendar dates are
-- 'YYYY-MM-DD' text in the facility's zone. Nothing here is ever deleted: a
-- progress note is corrected by addenda, a reading by a newer reading.

-- +goose Up

-- One progress note. notes is the text as written, in language; english_notes
-- the AI provider's rendering (empty until one is configured). A note written
-- by an event (author_id NULL) keeps msg_key and msg_args so it reads in each
-- reader's language; source_id names the event (a pass, a task record, a
-- status change) and is unique per facility, so a repeated event writes once.
-- client_id is the device's random id: the same batch sent twice writes once.
CREATE TABLE progress_notes (
    id             TEXT PRIMARY KEY,
    tenant_id      TEXT NOT NULL REFERENCES tenants(id),
    resident_id    TEXT NOT NULL REFERENCES residents(id),
    report_date    BIGINT NOT NULL,
    day            TEXT NOT NULL,
    note_type      TEXT NOT NULL,
    notes          TEXT NOT NULL,
    language       TEXT NOT NULL,
    english_notes  TEXT NOT NULL DEFAULT '',
    author_id      TEXT REFERENCES users(id),
    msg_key        TEXT NOT NULL DEFAULT '',
    msg_args       TEXT NOT NULL DEFAULT '',
    source_id      TEXT,
    client_id      TEXT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
-- A resident's notes by date (the profile tab, the printout) and the facility's.
CREATE INDEX progress_notes_resident ON progress_notes (tenant_id, resident_id, day, report_date);
CREATE INDEX progress_notes_facility ON progress_notes (tenant_id, report_date);
CREATE UNIQUE INDEX progress_notes_client ON progress_notes (tenant_id, author_id, client_id) WHERE client_id IS NOT NULL;
CREATE UNIQUE INDEX progress_notes_source ON progress_notes (tenant_id, source_id) WHERE source_id IS NOT NULL;

-- Corrections and additions to a note, dated when written (the note stays as written).
CREATE TABLE progress_note_addenda (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    note_id     TEXT NOT NULL REFERENCES progress_notes(id),
    author_id   TEXT NOT NULL REFERENCES users(id),
    reason      TEXT NOT NULL,
    text        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX progress_note_addenda_note ON progress_note_addenda (tenant_id, note_id, created_at);

-- Who has opened which note (read status is per reader).
CREATE TABLE progress_note_reads (
    tenant_id  TEXT NOT NULL REFERENCES tenants(id),
    note_id    TEXT NOT NULL REFERENCES progress_notes(id),
    user_id    TEXT NOT NULL REFERENCES users(id),
    read_at    BIGINT NOT NULL,
    PRIMARY KEY (note_id, user_id)
);
CREATE INDEX progress_note_reads_user ON progress_note_reads (tenant_id, user_id, note_id);

-- One measurement. normal_low/normal_high are the range it was judged
-- against (flagged when outside); source DIRECT, TASK or EMAR with source_id
-- the task record or med pass. client_id: the same save sent twice writes once.
CREATE TABLE health_readings (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    resident_id  TEXT NOT NULL REFERENCES residents(id),
    metric       TEXT NOT NULL,
    value        DOUBLE PRECISION NOT NULL,
    taken_at     BIGINT NOT NULL,
    day          TEXT NOT NULL,
    source       TEXT NOT NULL,
    source_id    TEXT NOT NULL DEFAULT '',
    flagged      BOOLEAN NOT NULL DEFAULT FALSE,
    normal_low   DOUBLE PRECISION,
    normal_high  DOUBLE PRECISION,
    recorded_by  TEXT REFERENCES users(id),
    note         TEXT NOT NULL DEFAULT '',
    client_id    TEXT,
    created_at   BIGINT NOT NULL
);
-- A resident's readings by metric and time, newest first with id breaking ties (the charts, the list, the printout).
CREATE INDEX health_readings_resident ON health_readings (tenant_id, resident_id, metric, taken_at, id);
CREATE INDEX health_readings_time ON health_readings (tenant_id, resident_id, taken_at, id);
-- The facility's flagged readings (the dashboard).
CREATE INDEX health_readings_flagged ON health_readings (tenant_id, taken_at) WHERE flagged;
CREATE UNIQUE INDEX health_readings_client ON health_readings (tenant_id, recorded_by, client_id, metric) WHERE client_id IS NOT NULL;

-- A resident's own normal range of a metric (NULL bound = none).
CREATE TABLE health_normal_ranges (
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    resident_id  TEXT NOT NULL REFERENCES residents(id),
    metric       TEXT NOT NULL,
    normal_low   DOUBLE PRECISION,
    normal_high  DOUBLE PRECISION,
    updated_by   TEXT NOT NULL REFERENCES users(id),
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (resident_id, metric)
);

-- One ADL care given (bathing, toileting, meals eaten, sleep...).
CREATE TABLE care_records (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    resident_id  TEXT NOT NULL REFERENCES residents(id),
    activity     TEXT NOT NULL,
    day          TEXT NOT NULL,
    given_at     BIGINT NOT NULL,
    value        DOUBLE PRECISION,
    assistance   TEXT NOT NULL DEFAULT '',
    note         TEXT NOT NULL DEFAULT '',
    source       TEXT NOT NULL,
    source_id    TEXT NOT NULL DEFAULT '',
    recorded_by  TEXT REFERENCES users(id),
    client_id    TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX care_records_resident ON care_records (tenant_id, resident_id, day, given_at);
CREATE INDEX care_records_facility ON care_records (tenant_id, given_at);
CREATE UNIQUE INDEX care_records_client ON care_records (tenant_id, recorded_by, client_id) WHERE client_id IS NOT NULL;

-- +goose Down
DROP TABLE care_records;
DROP TABLE health_normal_ranges;
DROP TABLE health_readings;
DROP TABLE progress_note_reads;
DROP TABLE progress_note_addenda;
DROP TABLE progress_notes;
