-- The facility row itself (its name, time zone and plan, which user info
-- shows) now raises the facility's list version too. (On PostgreSQL this
-- migration also makes every raise notify the other server instances; SQLite
-- has one instance, which sees its own writes through db.DB.Writes.)

-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER tenants_list_version_insert AFTER INSERT ON tenants BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (NEW.id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tenants_list_version_update AFTER UPDATE ON tenants BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (NEW.id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tenants_list_version_delete AFTER DELETE ON tenants BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER tenants_list_version_insert;
DROP TRIGGER tenants_list_version_update;
DROP TRIGGER tenants_list_version_delete;
