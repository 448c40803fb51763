-- +goose Up
-- Sign-up, review and the super admin's tenant administration (spec 001 §7.3):
-- what the sign-up form asks, the review's refusal reason, and whether a home
-- is disabled or (softly) deleted; a deleted home's data stays for the
-- retention docs/operations.md states and the super admin can restore it.
ALTER TABLE tenants ADD COLUMN zip_code TEXT NOT NULL DEFAULT '';
ALTER TABLE tenants ADD COLUMN introduction TEXT NOT NULL DEFAULT '';
ALTER TABLE tenants ADD COLUMN owner_user_id TEXT;
ALTER TABLE tenants ADD COLUMN refuse_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE tenants ADD COLUMN submitted_at BIGINT;
ALTER TABLE tenants ADD COLUMN reviewed_at BIGINT;
ALTER TABLE tenants ADD COLUMN disabled_at BIGINT;
ALTER TABLE tenants ADD COLUMN deleted_at BIGINT;
-- getFacilityInfo finds a registered home by licence and zip code.
CREATE INDEX tenants_licence ON tenants (licence_number, zip_code);
CREATE INDEX tenants_created ON tenants (created_at);

-- +goose Down
DROP INDEX tenants_created;
DROP INDEX tenants_licence;
ALTER TABLE tenants DROP COLUMN deleted_at;
ALTER TABLE tenants DROP COLUMN disabled_at;
ALTER TABLE tenants DROP COLUMN reviewed_at;
ALTER TABLE tenants DROP COLUMN submitted_at;
ALTER TABLE tenants DROP COLUMN refuse_reason;
ALTER TABLE tenants DROP COLUMN owner_user_id;
ALTER TABLE tenants DROP COLUMN introduction;
ALTER TABLE tenants DROP COLUMN zip_code;
