-- A version number per facility that the database raises itself whenever a
-- row the residents page or the staff page reads is written: residents and
-- their photo files; caregivers, their credentials, memberships and the users
-- they name. The list pages keep their answers in memory only while this
-- number is unchanged (docs/performance.md, "The signed-in hot path"), so no
-- write can leave a stale list, whatever code or SQL makes it. A user row
-- raises the version of every facility the user belongs to.

-- +goose Up
CREATE TABLE list_versions (
    tenant_id TEXT PRIMARY KEY,
    version   BIGINT NOT NULL
);

-- +goose StatementBegin
CREATE TRIGGER residents_list_version_insert AFTER INSERT ON residents BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (NEW.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER residents_list_version_update AFTER UPDATE ON residents BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO list_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER residents_list_version_delete AFTER DELETE ON residents BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER files_list_version_insert AFTER INSERT ON files BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (NEW.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER files_list_version_update AFTER UPDATE ON files BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO list_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER files_list_version_delete AFTER DELETE ON files BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER caregivers_list_version_insert AFTER INSERT ON caregivers BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (NEW.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER caregivers_list_version_update AFTER UPDATE ON caregivers BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO list_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER caregivers_list_version_delete AFTER DELETE ON caregivers BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER caregiver_credentials_list_version_insert AFTER INSERT ON caregiver_credentials BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (NEW.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER caregiver_credentials_list_version_update AFTER UPDATE ON caregiver_credentials BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO list_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER caregiver_credentials_list_version_delete AFTER DELETE ON caregiver_credentials BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER memberships_list_version_insert AFTER INSERT ON memberships BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (NEW.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER memberships_list_version_update AFTER UPDATE ON memberships BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO list_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER memberships_list_version_delete AFTER DELETE ON memberships BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_list_version_update AFTER UPDATE ON users BEGIN
    INSERT INTO list_versions (tenant_id, version) SELECT tenant_id, 1 FROM memberships WHERE user_id = NEW.id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_list_version_delete AFTER DELETE ON users BEGIN
    INSERT INTO list_versions (tenant_id, version) SELECT tenant_id, 1 FROM memberships WHERE user_id = OLD.id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER residents_list_version_insert;
DROP TRIGGER residents_list_version_update;
DROP TRIGGER residents_list_version_delete;
DROP TRIGGER files_list_version_insert;
DROP TRIGGER files_list_version_update;
DROP TRIGGER files_list_version_delete;
DROP TRIGGER caregivers_list_version_insert;
DROP TRIGGER caregivers_list_version_update;
DROP TRIGGER caregivers_list_version_delete;
DROP TRIGGER caregiver_credentials_list_version_insert;
DROP TRIGGER caregiver_credentials_list_version_update;
DROP TRIGGER caregiver_credentials_list_version_delete;
DROP TRIGGER memberships_list_version_insert;
DROP TRIGGER memberships_list_version_update;
DROP TRIGGER memberships_list_version_delete;
DROP TRIGGER users_list_version_update;
DROP TRIGGER users_list_version_delete;
DROP TABLE list_versions;
