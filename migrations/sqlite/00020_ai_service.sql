-- The AI service (cloud/feature/aiservice, cloud/platform/ai): the provider of
-- each capability, which plans may use which capability, the facility rate
-- limit, a per-minute counter per facility, and the usage log billing reads.
--
-- ai_providers: one row per capability (TRANSLATION, TRANSCRIPTION, SPEECH,
-- ANALYSIS) once the super admin saved /ai-config; a capability without a row
-- takes the HEARTH_AI_* variables or has no provider. api_key_enc is the key
-- sealed with AES-256-GCM under a key derived from HEARTH_JWT_SECRET
-- (base64 of nonce + ciphertext); the key is never sent back in full.
-- ai_plan_capabilities: a row means the plan may use the capability; the
-- defaults give the essential and premium plans everything (spec 000 §6:
-- the translator is for premium and essential), the free plan nothing.
-- ai_rate_windows: calls per facility per minute (window_start is the
-- minute's first epoch ms), counted with one upsert so every replica shares it.
-- ai_usage: one row per call: who, what, which model, tokens or characters or
-- audio milliseconds, the answer code and the time. tenant_id is '' for the
-- platform's own calls (the super admin's connection tests). Times are epoch
-- milliseconds UTC.

-- +goose Up
CREATE TABLE ai_settings (
    id                 TEXT PRIMARY KEY,
    tenant_per_minute  INTEGER NOT NULL,
    updated_at         BIGINT NOT NULL DEFAULT 0,
    updated_by         TEXT NOT NULL DEFAULT ''
);
INSERT INTO ai_settings (id, tenant_per_minute) VALUES ('platform', 120);

CREATE TABLE ai_providers (
    capability       TEXT PRIMARY KEY,
    base_url         TEXT NOT NULL DEFAULT '',
    model            TEXT NOT NULL DEFAULT '',
    api_key_enc      TEXT NOT NULL DEFAULT '',
    api_key_last4    TEXT NOT NULL DEFAULT '',
    timeout_seconds  INTEGER NOT NULL DEFAULT 0,
    updated_at       BIGINT NOT NULL,
    updated_by       TEXT NOT NULL DEFAULT ''
);

CREATE TABLE ai_plan_capabilities (
    plan        TEXT NOT NULL,
    capability  TEXT NOT NULL,
    PRIMARY KEY (plan, capability)
);
INSERT INTO ai_plan_capabilities (plan, capability) VALUES
 ('ESSENTIAL_PLAN', 'TRANSLATION'), ('ESSENTIAL_PLAN', 'TRANSCRIPTION'), ('ESSENTIAL_PLAN', 'SPEECH'), ('ESSENTIAL_PLAN', 'ANALYSIS'),
 ('PREMIUM_PLAN', 'TRANSLATION'), ('PREMIUM_PLAN', 'TRANSCRIPTION'), ('PREMIUM_PLAN', 'SPEECH'), ('PREMIUM_PLAN', 'ANALYSIS');

CREATE TABLE ai_rate_windows (
    tenant_id     TEXT NOT NULL,
    window_start  BIGINT NOT NULL,
    calls         INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, window_start)
);

CREATE TABLE ai_usage (
    id                 TEXT PRIMARY KEY,
    tenant_id          TEXT NOT NULL,
    user_id            TEXT NOT NULL,
    capability         TEXT NOT NULL,
    provider           TEXT NOT NULL,
    model              TEXT NOT NULL DEFAULT '',
    prompt_tokens      INTEGER NOT NULL DEFAULT 0,
    completion_tokens  INTEGER NOT NULL DEFAULT 0,
    characters         INTEGER NOT NULL DEFAULT 0,
    audio_ms           BIGINT NOT NULL DEFAULT 0,
    outcome            TEXT NOT NULL,
    latency_ms         BIGINT NOT NULL DEFAULT 0,
    created_at         BIGINT NOT NULL
);
-- A facility's usage by time (billing, the owner's list); the platform's across facilities.
CREATE INDEX ai_usage_tenant ON ai_usage (tenant_id, created_at);
CREATE INDEX ai_usage_created ON ai_usage (created_at);

-- +goose Down
DROP TABLE ai_usage;
DROP TABLE ai_rate_windows;
DROP TABLE ai_plan_capabilities;
DROP TABLE ai_providers;
DROP TABLE ai_settings;
