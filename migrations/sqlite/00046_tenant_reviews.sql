-- +goose Up
-- The platform dashboard's sign-ups and approvals per week (tenantDateSummary)
-- find the homes reviewed since a day by this index, beside tenants_created.
CREATE INDEX tenants_reviewed ON tenants (reviewed_at);

-- +goose Down
DROP INDEX tenants_reviewed;
