-- +goose Up
-- Care plans and daily tasks (spec 000 §2 /task, /calendar; §3 "Task",
-- "Facility routine sessions"; §5 task completion; spec 001 §7.6, §7.8).
-- A task is the plan ("help Mrs Olsen bathe, Tuesdays, morning"); a task
-- record is one occurrence of it, with its due window and what happened.
-- Times are epoch milliseconds UTC; days ('YYYY-MM-DD') are the facility's.
-- Nothing here is hard-deleted except occurrences that have not happened yet
-- (PENDING records ahead of the clock), which are remade when a task changes.

-- One task: a resident's care-plan task, or a facility task (resident_id
-- NULL). days_of_week is "0,2,4" (0 = Sunday). generated_through is the last
-- facility day whose occurrences exist (the horizon job extends it); '' when
-- none were made (stopped, or a resident still moving in). title_key is the
-- title lower-cased in Go, so "contains, any case" is the same on both engines.
CREATE TABLE tasks (
    id                 TEXT PRIMARY KEY,
    tenant_id          TEXT NOT NULL REFERENCES tenants(id),
    resident_id        TEXT REFERENCES residents(id),
    caregiver_id       TEXT REFERENCES users(id),
    title              TEXT NOT NULL,
    title_key          TEXT NOT NULL,
    type               TEXT NOT NULL,
    area               TEXT NOT NULL,
    content            TEXT NOT NULL DEFAULT '',
    category           TEXT NOT NULL,
    time_session       TEXT NOT NULL DEFAULT '',
    time_of_day        TEXT NOT NULL DEFAULT '',
    start_date         TEXT NOT NULL,
    end_date           TEXT NOT NULL DEFAULT '',
    frequency          TEXT NOT NULL,
    days_of_week       TEXT NOT NULL DEFAULT '',
    repeat_interval    INTEGER NOT NULL DEFAULT 0,
    run_status         TEXT NOT NULL DEFAULT 'NORMAL',
    business_type      TEXT NOT NULL,
    remarks            TEXT NOT NULL DEFAULT '',
    generated_through  TEXT NOT NULL DEFAULT '',
    created_by         TEXT REFERENCES users(id),
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL,
    deleted_at         BIGINT
);
-- The facility's task list and a resident's care plan.
CREATE INDEX tasks_tenant ON tasks (tenant_id, resident_id, created_at) WHERE deleted_at IS NULL;
-- The horizon job: live scheduled tasks whose occurrences stop short of the horizon.
CREATE INDEX tasks_horizon ON tasks (generated_through)
    WHERE deleted_at IS NULL AND run_status = 'NORMAL' AND frequency <> 'AS_NEEDED';

-- One occurrence of a task. The task's title, type, area, category, session
-- and time are copied in, so editing the task never rewrites what was done.
-- status goes PENDING -> COMPLETED | EXPIRED, EXPIRED -> COMPLETED (late) |
-- CLEARED, each by a conditional UPDATE ... WHERE status IN (...), so two
-- caregivers completing at once cannot both win. (task_id, due_start) is
-- unique: making occurrences again, or two horizon jobs at once, never
-- duplicates one. late is completed after due_end.
CREATE TABLE task_records (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants(id),
    task_id       TEXT NOT NULL REFERENCES tasks(id),
    resident_id   TEXT REFERENCES residents(id),
    caregiver_id  TEXT REFERENCES users(id),
    title         TEXT NOT NULL,
    content       TEXT NOT NULL DEFAULT '',
    type          TEXT NOT NULL,
    area          TEXT NOT NULL,
    category      TEXT NOT NULL,
    time_session  TEXT NOT NULL DEFAULT '',
    time_of_day   TEXT NOT NULL DEFAULT '',
    day           TEXT NOT NULL,
    due_start     BIGINT NOT NULL,
    due_end       BIGINT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'PENDING',
    completed_by  TEXT REFERENCES users(id),
    completed_at  BIGINT,
    comment       TEXT NOT NULL DEFAULT '',
    late          BOOLEAN NOT NULL DEFAULT FALSE,
    late_reason   TEXT NOT NULL DEFAULT '',
    remark        TEXT NOT NULL DEFAULT '',
    expired_at    BIGINT,
    cleared_by    TEXT REFERENCES users(id),
    cleared_at    BIGINT,
    clear_reason  TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    UNIQUE (task_id, due_start)
);
-- A facility day's work (today, future days, the calendar).
CREATE INDEX task_records_day ON task_records (tenant_id, day, due_start);
-- Expired and overdue work of a facility (the sidebar count, the expired list).
CREATE INDEX task_records_status ON task_records (tenant_id, status, due_end);
-- A resident's expired work (listResidentExpiredData, the clear calls).
CREATE INDEX task_records_resident ON task_records (tenant_id, resident_id, status, due_end);
-- The expiry job: pending occurrences by the end of their window, all facilities at once.
CREATE INDEX task_records_pending ON task_records (due_end) WHERE status = 'PENDING';

-- A facility's routine sessions (the spec's facilityConfig): sessions is a
-- JSON array of {session, startTime, endTime} (HH:mm, facility time). No row
-- means the defaults (cloud/feature/task/routine.go).
CREATE TABLE facility_routines (
    tenant_id                TEXT PRIMARY KEY REFERENCES tenants(id),
    medication_prep_enabled  BOOLEAN NOT NULL DEFAULT FALSE,
    sessions                 TEXT NOT NULL,
    updated_by               TEXT REFERENCES users(id),
    updated_at               BIGINT NOT NULL
);

-- +goose Down
DROP TABLE facility_routines;
DROP TABLE task_records;
DROP TABLE tasks;
