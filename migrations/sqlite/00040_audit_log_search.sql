-- /IAM/audit-logs (issue 30): the super admin pages through the audit log
-- newest first by (created_at, id), narrowed by facility, person, action or
-- record. Each filter has an index that leads with it and ends in the paging
-- order, so a page is an index range scan at a million rows as at ten
-- (cloud/platform/audit/query_test.go checks the plans on both engines).
-- The rows themselves cannot be changed or deleted: triggers refuse it, for
-- any caller, the server's own code included.

-- +goose Up
CREATE INDEX audit_log_time ON audit_log (created_at, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at, id);
CREATE INDEX audit_log_action ON audit_log (action, created_at, id);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, created_at, id);
DROP INDEX audit_log_tenant;
CREATE INDEX audit_log_tenant ON audit_log (tenant_id, created_at, id);

-- +goose StatementBegin
CREATE TRIGGER audit_log_keep_update BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit log rows cannot be changed or deleted');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER audit_log_keep_delete BEFORE DELETE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit log rows cannot be changed or deleted');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER audit_log_keep_delete;
DROP TRIGGER audit_log_keep_update;
DROP INDEX audit_log_tenant;
CREATE INDEX audit_log_tenant ON audit_log (tenant_id, created_at);
DROP INDEX audit_log_entity;
DROP INDEX audit_log_action;
DROP INDEX audit_log_actor;
DROP INDEX audit_log_time;
