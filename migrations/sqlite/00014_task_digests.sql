-- The daily digest of missed care (cloud/feature/task/notify.go): once a
-- facility's day has closed (07:00 the next morning, facility time), its
-- owners and admins are mailed what expired undone and what was done late.
-- One row per facility and facility day ('YYYY-MM-DD'), written in the
-- transaction that decides the day's digest; the primary key lets only one
-- such transaction commit, so however many replicas, retries and hourly runs
-- look at a day, it is mailed at most once. The mails go out after the
-- commit: a crash or an SMTP failure then loses them (logged, and counted in
-- hearth_task_digest_mails_total{outcome="failed"}) rather than sending twice.
-- expired and late are the day's counts; recipients how many were mailed
-- (0: nothing was missed, no mail); sent_at when it was decided (epoch ms UTC).

-- +goose Up
CREATE TABLE task_digests (
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    day         TEXT NOT NULL,
    expired     INTEGER NOT NULL,
    late        INTEGER NOT NULL,
    recipients  INTEGER NOT NULL,
    sent_at     BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, day)
);

-- +goose Down
DROP TABLE task_digests;
