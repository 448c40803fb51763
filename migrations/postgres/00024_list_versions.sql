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
CREATE FUNCTION list_version_bump(t TEXT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO list_versions (tenant_id, version) VALUES (t, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = list_versions.version + 1;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION list_version_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM list_version_bump(NEW.tenant_id);
    ELSIF TG_OP = 'UPDATE' THEN
        PERFORM list_version_bump(OLD.tenant_id);
        IF NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
            PERFORM list_version_bump(NEW.tenant_id);
        END IF;
    ELSE
        PERFORM list_version_bump(OLD.tenant_id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION list_version_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- In tenant order, so two writers of users with shared facilities take the rows in the same order.
    INSERT INTO list_versions (tenant_id, version)
        SELECT m.tenant_id, 1 FROM memberships m WHERE m.user_id = OLD.id ORDER BY m.tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = list_versions.version + 1;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER residents_list_version AFTER INSERT OR UPDATE OR DELETE ON residents FOR EACH ROW EXECUTE FUNCTION list_version_row();
CREATE TRIGGER files_list_version AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH ROW EXECUTE FUNCTION list_version_row();
CREATE TRIGGER caregivers_list_version AFTER INSERT OR UPDATE OR DELETE ON caregivers FOR EACH ROW EXECUTE FUNCTION list_version_row();
CREATE TRIGGER caregiver_credentials_list_version AFTER INSERT OR UPDATE OR DELETE ON caregiver_credentials FOR EACH ROW EXECUTE FUNCTION list_version_row();
CREATE TRIGGER memberships_list_version AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION list_version_row();
CREATE TRIGGER users_list_version AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION list_version_user();

-- +goose Down
DROP TRIGGER residents_list_version ON residents;
DROP TRIGGER files_list_version ON files;
DROP TRIGGER caregivers_list_version ON caregivers;
DROP TRIGGER caregiver_credentials_list_version ON caregiver_credentials;
DROP TRIGGER memberships_list_version ON memberships;
DROP TRIGGER users_list_version ON users;
DROP FUNCTION list_version_user();
DROP FUNCTION list_version_row();
DROP FUNCTION list_version_bump(TEXT);
DROP TABLE list_versions;
