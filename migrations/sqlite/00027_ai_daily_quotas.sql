-- Daily quotas of AI calls (issue 26): calls sent to a provider cost the
-- platform, so each person and each facility may make at most so many a day
-- (UTC). The super admin sets both in /ai-config beside the per-minute limit.
--
-- ai_settings.user_per_day, tenant_per_day: the quotas (defaults
-- shared.AIDefaultUserPerDay and AIDefaultTenantPerDay).
-- ai_daily_calls: calls counted per day, for a person (scope 'user',
-- subject_id a user id) and for a facility (scope 'tenant', a tenant id); day
-- is the UTC day's first epoch ms. Counted with one conditional upsert, so
-- every replica shares the count and a call past the quota is not counted;
-- a subject's first call of a day deletes its older days.

-- +goose Up
ALTER TABLE ai_settings ADD COLUMN user_per_day INTEGER NOT NULL DEFAULT 500;
ALTER TABLE ai_settings ADD COLUMN tenant_per_day INTEGER NOT NULL DEFAULT 3000;

CREATE TABLE ai_daily_calls (
    scope       TEXT NOT NULL,
    subject_id  TEXT NOT NULL,
    day         BIGINT NOT NULL,
    calls       INTEGER NOT NULL,
    PRIMARY KEY (scope, subject_id, day)
);

-- +goose Down
DROP TABLE ai_daily_calls;
ALTER TABLE ai_settings DROP COLUMN tenant_per_day;
ALTER TABLE ai_settings DROP COLUMN user_per_day;
