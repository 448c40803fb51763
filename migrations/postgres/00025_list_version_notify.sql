-- The facility row itself (its name, time zone and plan, which user info
-- shows) now raises the facility's list version too, and every raise tells
-- the other server instances which facility changed: pg_notify in the writing
-- transaction, delivered when and only when it commits (PostgreSQL docs,
-- NOTIFY). Each instance keeps versions for at most a second and forgets a
-- facility's as its notification arrives (cloud/platform/keep).

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION list_version_bump(t TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (t, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = list_versions.version + 1;
    PERFORM pg_notify('hearth_list_versions', t);
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION list_version_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t TEXT;
BEGIN
    -- In tenant order, so two writers of users with shared facilities take the rows in the same order.
    FOR t IN SELECT m.tenant_id FROM memberships m WHERE m.user_id = OLD.id ORDER BY m.tenant_id LOOP
        PERFORM list_version_bump(t);
    END LOOP;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION list_version_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM list_version_bump(OLD.id);
    ELSE
        PERFORM list_version_bump(NEW.id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER tenants_list_version AFTER INSERT OR UPDATE OR DELETE ON tenants FOR EACH ROW EXECUTE FUNCTION list_version_tenant();

-- +goose Down
DROP TRIGGER tenants_list_version ON tenants;
DROP FUNCTION list_version_tenant();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION list_version_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO list_versions (tenant_id, version)
        SELECT m.tenant_id, 1 FROM memberships m WHERE m.user_id = OLD.id ORDER BY m.tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = list_versions.version + 1;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION list_version_bump(t TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO list_versions (tenant_id, version) VALUES (t, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = list_versions.version + 1;
END;
$$;
-- +goose StatementEnd
