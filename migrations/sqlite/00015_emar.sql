-- The eMAR (issue 15; spec 000 §2 /emars, §3 "Medication", §4, §5; spec 001
-- §7.7, §9). Times are epoch milliseconds UTC; ids are UUIDv7 text; calendar
-- dates are 'YYYY-MM-DD' text. Nothing of a medication record is deleted
-- (the law keeps it for years, ../shared/docs/DOMAIN.md "records"), except
-- passes never logged that an order change or discontinuation took away
-- before they were due.

-- +goose Up

-- The order's eMAR part. vital names the vital taken before each pass
-- (hold_below / hold_above and the sliding scale read it); sliding_scale is a
-- JSON array of {from, to, dose}. on_hold: held by the prescriber since
-- hold_at. end_at: when a DISCONTINUED order stopped. planned_until: the
-- instant up to which its passes have been made (0: never planned, e.g. an
-- order of a resident still moving in). name_key is the name lower-cased in
-- Go ("contains, any case" the same on both engines; filled here for rows
-- made before, whose names the ASCII LOWER of SQLite covers in practice).
ALTER TABLE medications ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE medications SET name_key = LOWER(name);
ALTER TABLE medications ADD COLUMN controlled BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE medications ADD COLUMN vital TEXT NOT NULL DEFAULT '';
ALTER TABLE medications ADD COLUMN hold_below DOUBLE PRECISION;
ALTER TABLE medications ADD COLUMN hold_above DOUBLE PRECISION;
ALTER TABLE medications ADD COLUMN sliding_scale TEXT NOT NULL DEFAULT '[]';
ALTER TABLE medications ADD COLUMN on_hold BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE medications ADD COLUMN hold_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE medications ADD COLUMN hold_at BIGINT;
ALTER TABLE medications ADD COLUMN end_at BIGINT;
ALTER TABLE medications ADD COLUMN stop_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE medications ADD COLUMN planned_until BIGINT NOT NULL DEFAULT 0;

-- One med pass: a scheduled time of an order on a facility day (kind
-- SCHEDULED, due_at = that time in the facility's zone, stored in UTC), or a
-- PRN dose logged on demand (kind PRN, due_at = when it was given). outcome
-- '' = not logged yet; GIVEN, REFUSED, HELD, NOT_GIVEN once logged, by one
-- conditional UPDATE ... WHERE outcome = '', so two devices at once make one
-- record. client_id is the id the logging device made (a retry finds the
-- original). on_hold: the order was on hold at its time. warned_at: the
-- on-shift caregivers were told it is about to be overdue (one replica does
-- it: a conditional UPDATE ... WHERE warned_at IS NULL). ack_*: a red item
-- acknowledged by an owner or admin (clearColourByStatusId): it stops
-- counting; the pass stays unlogged. follow_up_*: a PRN dose's effectiveness check.
CREATE TABLE medication_passes (
    id                   TEXT PRIMARY KEY,
    tenant_id            TEXT NOT NULL REFERENCES tenants(id),
    medication_id        TEXT NOT NULL REFERENCES medications(id),
    resident_id          TEXT NOT NULL REFERENCES residents(id),
    kind                 TEXT NOT NULL,
    day                  TEXT NOT NULL,
    time_of_day          TEXT NOT NULL,
    due_at               BIGINT NOT NULL,
    on_hold              BOOLEAN NOT NULL DEFAULT FALSE,
    outcome              TEXT NOT NULL DEFAULT '',
    given_at             BIGINT,
    logged_at            BIGINT,
    staff_id             TEXT REFERENCES users(id),
    staff_name           TEXT NOT NULL DEFAULT '',
    initials             TEXT NOT NULL DEFAULT '',
    reason               TEXT NOT NULL DEFAULT '',
    site                 TEXT NOT NULL DEFAULT '',
    site_note            TEXT NOT NULL DEFAULT '',
    vital                TEXT NOT NULL DEFAULT '',
    vital_value          DOUBLE PRECISION,
    dose_given           TEXT NOT NULL DEFAULT '',
    count_before         INTEGER,
    count_after          INTEGER,
    note                 TEXT NOT NULL DEFAULT '',
    client_id            TEXT,
    warned_at            BIGINT,
    follow_up_due        BIGINT,
    follow_up_at         BIGINT,
    follow_up_by         TEXT REFERENCES users(id),
    follow_up_name       TEXT NOT NULL DEFAULT '',
    follow_up_effective  BOOLEAN,
    follow_up_note       TEXT NOT NULL DEFAULT '',
    ack_at               BIGINT,
    ack_by               TEXT REFERENCES users(id),
    ack_name             TEXT NOT NULL DEFAULT '',
    ack_note             TEXT NOT NULL DEFAULT '',
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);
CREATE UNIQUE INDEX medication_passes_due ON medication_passes (medication_id, due_at);
CREATE UNIQUE INDEX medication_passes_client ON medication_passes (tenant_id, client_id);
CREATE INDEX medication_passes_day ON medication_passes (tenant_id, day, resident_id);
CREATE INDEX medication_passes_resident ON medication_passes (tenant_id, resident_id, due_at);
-- What the warning job (every facility) and the red counts (one facility's) look
-- at: passes not logged, and PRN doses awaiting their check.
CREATE INDEX medication_passes_open ON medication_passes (due_at) WHERE outcome = '';
CREATE INDEX medication_passes_tenant_open ON medication_passes (tenant_id, due_at) WHERE outcome = '';
CREATE INDEX medication_passes_follow_up ON medication_passes (follow_up_due) WHERE follow_up_due IS NOT NULL AND follow_up_at IS NULL;

-- The med history: every change of an order (new, changed, held, resumed,
-- discontinued, restored, removed from the move-in list) with the order
-- before and after (JSON of shared.Medication), the date the prescriber
-- ordered it, the prescriber, the logged call and the written verification
-- (WAC 388-76-10475).
CREATE TABLE medication_changes (
    id                    TEXT PRIMARY KEY,
    tenant_id             TEXT NOT NULL REFERENCES tenants(id),
    medication_id         TEXT NOT NULL REFERENCES medications(id),
    resident_id           TEXT NOT NULL REFERENCES residents(id),
    kind                  TEXT NOT NULL,
    before_json           TEXT,
    after_json            TEXT,
    change_date           TEXT NOT NULL,
    prescriber            TEXT NOT NULL DEFAULT '',
    note                  TEXT NOT NULL DEFAULT '',
    verification_file_id  TEXT REFERENCES files(id),
    actor_id              TEXT REFERENCES users(id),
    created_at            BIGINT NOT NULL
);
CREATE INDEX medication_changes_resident ON medication_changes (tenant_id, resident_id, created_at);

-- A resident's medication assistance level (WAC 388-76-10440 independent,
-- 10450 self-administration with assistance, 10460 administration).
CREATE TABLE medication_assistance (
    resident_id  TEXT PRIMARY KEY REFERENCES residents(id),
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    level        TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    updated_by   TEXT REFERENCES users(id),
    updated_at   BIGINT NOT NULL
);
CREATE INDEX medication_assistance_tenant ON medication_assistance (tenant_id);

-- +goose Down
DROP TABLE medication_assistance;
DROP TABLE medication_changes;
DROP TABLE medication_passes;
ALTER TABLE medications DROP COLUMN planned_until;
ALTER TABLE medications DROP COLUMN stop_reason;
ALTER TABLE medications DROP COLUMN end_at;
ALTER TABLE medications DROP COLUMN hold_at;
ALTER TABLE medications DROP COLUMN hold_reason;
ALTER TABLE medications DROP COLUMN on_hold;
ALTER TABLE medications DROP COLUMN sliding_scale;
ALTER TABLE medications DROP COLUMN hold_above;
ALTER TABLE medications DROP COLUMN hold_below;
ALTER TABLE medications DROP COLUMN vital;
ALTER TABLE medications DROP COLUMN controlled;
ALTER TABLE medications DROP COLUMN name_key;
