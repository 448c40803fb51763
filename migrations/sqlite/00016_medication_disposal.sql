-- Medication disposal records (spec 000 §2 /resident/medication-disposal/{residentId},
-- §3 "Medication disposal record", §5). Times are epoch milliseconds UTC; ids
-- are UUIDv7 text; calendar dates are 'YYYY-MM-DD' text. A record is never
-- deleted: the law keeps medication records for years (../shared/docs/DOMAIN.md
-- "records"), and every change keeps the record before and after.

-- +goose Up

-- One disposal of one medication of a resident. The medication's order
-- (name, type, dose, route, instructions, diagnosis, Rx number, start and end
-- dates) is copied when the record is made, so the record stays what was
-- disposed of even if the order changes later. custom_method and
-- custom_reason hold the words of an OTHER method or reason. version grows by
-- one with every edit: an edit is an UPDATE ... WHERE version = the version
-- the editor saw, so two edits at once cannot both win.
CREATE TABLE medication_disposals (
    id               TEXT PRIMARY KEY,
    tenant_id        TEXT NOT NULL REFERENCES tenants(id),
    resident_id      TEXT NOT NULL REFERENCES residents(id),
    medication_id    TEXT NOT NULL REFERENCES medications(id),
    task_id          TEXT REFERENCES tasks(id),
    medication_name  TEXT NOT NULL,
    medication_type  TEXT NOT NULL,
    dose             TEXT NOT NULL,
    route            TEXT NOT NULL,
    instructions     TEXT NOT NULL DEFAULT '',
    diagnosis        TEXT NOT NULL DEFAULT '',
    rx_number        TEXT NOT NULL DEFAULT '',
    start_date       TEXT NOT NULL DEFAULT '',
    end_date         TEXT NOT NULL DEFAULT '',
    disposal_method  TEXT NOT NULL,
    custom_method    TEXT NOT NULL DEFAULT '',
    disposal_reason  TEXT NOT NULL,
    custom_reason    TEXT NOT NULL DEFAULT '',
    disposal_time    BIGINT NOT NULL,
    pills_number     INTEGER NOT NULL,
    remarks          TEXT NOT NULL DEFAULT '',
    version          INTEGER NOT NULL DEFAULT 1,
    created_by       TEXT NOT NULL REFERENCES users(id),
    created_at       BIGINT NOT NULL,
    updated_by       TEXT NOT NULL REFERENCES users(id),
    updated_at       BIGINT NOT NULL
);
-- A resident's records, newest disposal first (the page's list).
CREATE INDEX medication_disposals_resident ON medication_disposals (tenant_id, resident_id, disposal_time);
-- Whether a medication has been disposed of (the due list).
CREATE INDEX medication_disposals_medication ON medication_disposals (tenant_id, medication_id, disposal_time);

-- Every change of a record: its creation and each edit, with the record
-- before (NULL for the creation) and after as JSON, who and when. Rows are
-- only ever added.
CREATE TABLE medication_disposal_changes (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    disposal_id  TEXT NOT NULL REFERENCES medication_disposals(id),
    action       TEXT NOT NULL,
    fields       TEXT NOT NULL DEFAULT '[]',
    before_json  TEXT,
    after_json   TEXT NOT NULL,
    changed_by   TEXT NOT NULL REFERENCES users(id),
    changed_at   BIGINT NOT NULL
);
CREATE INDEX medication_disposal_changes_record ON medication_disposal_changes (tenant_id, disposal_id, changed_at);

-- +goose Down
DROP TABLE medication_disposal_changes;
DROP TABLE medication_disposals;
