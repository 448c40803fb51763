-- +goose Up
-- Smart setup (issue 33; spec 000 §2 /resident-management/batch-upload/{step},
-- §4 smart-setup job states; spec 001 §7.6 getAITaskProgress,
-- forceClearAITaskProgress). A batch holds the files a home uploads to move
-- its residents in; its files are grouped by resident (automatically by the
-- name read in them, or by hand); each group has one job per step (TEXT,
-- PROFILE, CARE_PLAN, MEDICATIONS, CONTACTS), worked by the job queue
-- (cloud/feature/smartsetup). Nothing here is a care record: a group's result
-- is a draft for the move-in wizard until the owner confirms it there.
CREATE TABLE smart_setup_batches (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    created_by  TEXT NOT NULL REFERENCES users(id),
    started     INTEGER NOT NULL DEFAULT 0,
    grouped     INTEGER NOT NULL DEFAULT 0,
    finished_at BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX smart_setup_batches_tenant ON smart_setup_batches (tenant_id, created_at);

-- A resident's files within a batch; name_key is the name lower-cased in Go
-- (how names are matched on both engines); resident_id the resident the owner
-- moved in with the wizard from this group's draft (confirmed_at when linked).
CREATE TABLE smart_setup_groups (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    batch_id    TEXT NOT NULL REFERENCES smart_setup_batches(id),
    name        TEXT NOT NULL DEFAULT '',
    name_key    TEXT NOT NULL DEFAULT '',
    by_hand     INTEGER NOT NULL DEFAULT 0,
    resident_id TEXT NOT NULL DEFAULT '',
    confirmed_at BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL
);
CREATE INDEX smart_setup_groups_batch ON smart_setup_groups (tenant_id, batch_id, created_at);

-- One uploaded file of a batch. file_id is the stored file (files.id), empty
-- for a file refused at upload (error_key says why); pages is the text read
-- from it by the TEXT step (JSON), detected_name the resident's name found in it.
CREATE TABLE smart_setup_files (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants(id),
    batch_id      TEXT NOT NULL REFERENCES smart_setup_batches(id),
    group_id      TEXT NOT NULL DEFAULT '',
    file_id       TEXT NOT NULL DEFAULT '',
    name          TEXT NOT NULL,
    content_type  TEXT NOT NULL DEFAULT '',
    size          BIGINT NOT NULL DEFAULT 0,
    error_key     TEXT NOT NULL DEFAULT '',
    error_detail  TEXT NOT NULL DEFAULT '',
    pages         TEXT NOT NULL DEFAULT '',
    total_pages   INTEGER NOT NULL DEFAULT 0,
    ocr_pages     INTEGER NOT NULL DEFAULT 0,
    detected_name TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL
);
CREATE INDEX smart_setup_files_batch ON smart_setup_files (tenant_id, batch_id, group_id, created_at);

-- One job: a group's step. state: DRAFT, PENDING, PROGRESSING, COMPLETED,
-- FAILED, STOPPED (spec 000 §4); needs_retry: a file was uploaded again or
-- moved after it ran; result: the step's part of the wizard's draft (JSON).
CREATE TABLE smart_setup_jobs (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL REFERENCES tenants(id),
    batch_id     TEXT NOT NULL REFERENCES smart_setup_batches(id),
    group_id     TEXT NOT NULL REFERENCES smart_setup_groups(id),
    step         TEXT NOT NULL,
    state        TEXT NOT NULL,
    progress     INTEGER NOT NULL DEFAULT 0,
    needs_retry  INTEGER NOT NULL DEFAULT 0,
    run          INTEGER NOT NULL DEFAULT 0,
    method       TEXT NOT NULL DEFAULT '',
    rules_reason TEXT NOT NULL DEFAULT '',
    error_key    TEXT NOT NULL DEFAULT '',
    result       TEXT NOT NULL DEFAULT '',
    started_at   BIGINT NOT NULL DEFAULT 0,
    finished_at  BIGINT NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE UNIQUE INDEX smart_setup_jobs_step ON smart_setup_jobs (tenant_id, group_id, step);
CREATE INDEX smart_setup_jobs_batch ON smart_setup_jobs (tenant_id, batch_id);

-- +goose Down
DROP TABLE smart_setup_jobs;
DROP TABLE smart_setup_files;
DROP TABLE smart_setup_groups;
DROP TABLE smart_setup_batches;
