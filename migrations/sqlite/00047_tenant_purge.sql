-- +goose Up
-- A deleted home the super admin purged once its records' retention ended
-- (POST /api/system/tenant/purge, docs/operations.md "Records kept"): every
-- row of the home is gone but its audit rows, and this row stays, marked, so
-- the audit log still names the home and the purge is not done twice.
ALTER TABLE tenants ADD COLUMN purged_at BIGINT;

-- +goose Down
ALTER TABLE tenants DROP COLUMN purged_at;
