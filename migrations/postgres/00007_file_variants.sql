-- Resized copies of images (thumbnail, large, avatar sizes), one row per copy
-- kept beside the original, so they count in the facility's storage (files
-- usage = originals + copies). The primary key makes a copy counted once even
-- when two replicas make it at the same time.

-- +goose Up
CREATE TABLE file_variants (
    file_id    TEXT   NOT NULL,
    tenant_id  TEXT   NOT NULL,
    name       TEXT   NOT NULL,
    size       BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (file_id, name)
);
CREATE INDEX file_variants_tenant ON file_variants (tenant_id);

-- +goose Down
DROP TABLE file_variants;
