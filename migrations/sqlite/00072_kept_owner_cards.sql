-- The owner's and admin's last dashboard cards kept too (issue 28): what they
-- read that no version covered yet now raises one in the writing transaction.
-- A facility document's check (facility_doc_analyses: the card's red flags)
-- and a home's orders (billing_orders: the subscription card's order waiting
-- for payment) raise the facility's care version (00069). A backup run,
-- which no facility owns, raises the platform setting 'backupRuns'
-- (platform_versions, 00038), as the parameters and menus do, so the owners'
-- backup card is made again when a backup starts, ends or fails, whatever
-- code, command or SQL records it (cloud/platform/shell, Card.Platform).

-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER facility_doc_analyses_care_version_insert AFTER INSERT ON facility_doc_analyses BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_doc_analyses_care_version_update AFTER UPDATE ON facility_doc_analyses BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_doc_analyses_care_version_delete AFTER DELETE ON facility_doc_analyses BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER billing_orders_care_version_insert AFTER INSERT ON billing_orders BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER billing_orders_care_version_update AFTER UPDATE ON billing_orders BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER billing_orders_care_version_delete AFTER DELETE ON billing_orders BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER backup_runs_version_insert AFTER INSERT ON backup_runs BEGIN
    INSERT INTO platform_versions (name, version) VALUES ('backupRuns', 1)
        ON CONFLICT (name) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER backup_runs_version_update AFTER UPDATE ON backup_runs BEGIN
    INSERT INTO platform_versions (name, version) VALUES ('backupRuns', 1)
        ON CONFLICT (name) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER backup_runs_version_delete AFTER DELETE ON backup_runs BEGIN
    INSERT INTO platform_versions (name, version) VALUES ('backupRuns', 1)
        ON CONFLICT (name) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER facility_doc_analyses_care_version_insert;
DROP TRIGGER facility_doc_analyses_care_version_update;
DROP TRIGGER facility_doc_analyses_care_version_delete;
DROP TRIGGER billing_orders_care_version_insert;
DROP TRIGGER billing_orders_care_version_update;
DROP TRIGGER billing_orders_care_version_delete;
DROP TRIGGER backup_runs_version_insert;
DROP TRIGGER backup_runs_version_update;
DROP TRIGGER backup_runs_version_delete;
