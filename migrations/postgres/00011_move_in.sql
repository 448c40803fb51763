-- The manual move-in wizard, residents' medications and the platform's task
-- creation rules (spec 000 §2 /resident-management/move-in/{step},
-- /task-creation-rule; §3 "Medication", "Task creation rule"; 001 §7.6).
-- Times are epoch milliseconds UTC; ids are UUIDv7 text; calendar dates are
-- 'YYYY-MM-DD' text. Nothing of a resident's record is hard-deleted.
--
-- residents.status gains the value MOVING_IN (the wizard is not finished). The
-- column has no CHECK constraint (00003_residents.sql), so no table rebuild
-- is needed: the service is what knows the statuses.

-- +goose Up

-- One move-in through the wizard: which steps were saved and when, and when it
-- was completed (the resident then becomes NORMAL). The confirm and profile
-- steps are saved together, by the call that creates the resident.
CREATE TABLE resident_move_ins (
    resident_id           TEXT PRIMARY KEY REFERENCES residents(id),
    tenant_id             TEXT NOT NULL REFERENCES tenants(id),
    profile_saved_at      BIGINT NOT NULL,
    care_plan_saved_at    BIGINT,
    medications_saved_at  BIGINT,
    contacts_saved_at     BIGINT,
    completed_at          BIGINT,
    completed_by          TEXT REFERENCES users(id),
    created_by            TEXT NOT NULL REFERENCES users(id),
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL
);
CREATE INDEX resident_move_ins_tenant ON resident_move_ins (tenant_id, completed_at);

-- A document uploaded in a wizard step names that step ('profile', 'care-plan',
-- 'emars', 'contacts'); NULL for documents uploaded from the resident's page.
ALTER TABLE resident_files ADD COLUMN move_in_step TEXT;

-- One medication order of a resident (spec 000 §3 "Medication"). times is a
-- JSON array of 'HH:mm' in the facility's time (empty for PRN). status is
-- CURRENT or DISCONTINUED; a medication removed from the list (a wizard step
-- saved again without it) keeps its row with deleted_at set.
CREATE TABLE medications (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants(id),
    resident_id   TEXT NOT NULL REFERENCES residents(id),
    name          TEXT NOT NULL,
    type          TEXT NOT NULL,
    dose          TEXT NOT NULL,
    frequency     TEXT NOT NULL DEFAULT '',
    route         TEXT NOT NULL,
    instructions  TEXT NOT NULL DEFAULT '',
    diagnosis     TEXT NOT NULL DEFAULT '',
    rx_number     TEXT NOT NULL DEFAULT '',
    physician     TEXT NOT NULL DEFAULT '',
    start_date    TEXT NOT NULL,
    end_date      TEXT NOT NULL DEFAULT '',
    times         TEXT NOT NULL DEFAULT '[]',
    status        TEXT NOT NULL DEFAULT 'CURRENT',
    created_by    TEXT REFERENCES users(id),
    created_at    BIGINT NOT NULL,
    updated_by    TEXT REFERENCES users(id),
    updated_at    BIGINT NOT NULL,
    deleted_by    TEXT REFERENCES users(id),
    deleted_at    BIGINT
);
CREATE INDEX medications_resident ON medications (tenant_id, resident_id, status, created_at);

-- A task creation rule: platform-wide, the super admin's (no tenant). When its
-- business event happens in a facility (a resident moves in, a caregiver is
-- created, ...) and it is enabled, a task is made there. duration_days > 0
-- ends the task that many days after it starts (e.g. a daily check for the
-- first week); 0 = no end. days_of_week is a JSON array of 0-6.
CREATE TABLE task_creation_rules (
    id               TEXT PRIMARY KEY,
    title            TEXT NOT NULL,
    title_key        TEXT NOT NULL,
    business_type    TEXT NOT NULL,
    task_type        TEXT NOT NULL,
    frequency        TEXT NOT NULL,
    time_session     TEXT NOT NULL DEFAULT '',
    repeat_interval  INTEGER NOT NULL DEFAULT 0,
    days_of_week     TEXT NOT NULL DEFAULT '[]',
    duration_days    INTEGER NOT NULL DEFAULT 0,
    enabled          INTEGER NOT NULL DEFAULT 1,
    created_by       TEXT REFERENCES users(id),
    created_at       BIGINT NOT NULL,
    updated_by       TEXT REFERENCES users(id),
    updated_at       BIGINT NOT NULL,
    deleted_at       BIGINT
);
-- The worker's lookup (enabled rules of a business type) and the admin's list.
CREATE INDEX task_creation_rules_business ON task_creation_rules (business_type, enabled, created_at);

-- One firing of a rule for one business event: the unique (rule_id, event_key)
-- is what makes a retried event never make a task twice. task_id is the task
-- made; NULL with a skip_reason when the rule could not apply (say, the
-- resident had moved out before the job ran).
CREATE TABLE task_rule_firings (
    id           TEXT PRIMARY KEY,
    rule_id      TEXT NOT NULL REFERENCES task_creation_rules(id),
    event_key    TEXT NOT NULL,
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    task_id      TEXT,
    skip_reason  TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL
);
CREATE UNIQUE INDEX task_rule_firings_event ON task_rule_firings (rule_id, event_key);
CREATE INDEX task_rule_firings_tenant ON task_rule_firings (tenant_id, created_at);

-- +goose Down
DROP TABLE task_rule_firings;
DROP TABLE task_creation_rules;
DROP TABLE medications;
ALTER TABLE resident_files DROP COLUMN move_in_step;
DROP TABLE resident_move_ins;
