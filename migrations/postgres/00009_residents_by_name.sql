-- The residents page lists a facility's NORMAL and GOING_OUT residents by last name, first
-- name and id. With only residents_tenant_status (tenant_id, status, ...) SQLite read each
-- status's rows and sorted them all, full rows of about 40 columns, on every call (about half
-- of the page query's time). This index gives the page its order directly; status is kept in
-- it so residents who moved out are skipped without reading their rows.

-- +goose Up
CREATE INDEX residents_tenant_name ON residents (tenant_id, last_name, first_name, id, status);

-- +goose Down
DROP INDEX residents_tenant_name;
