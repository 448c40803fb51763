-- The owner's and admin's last dashboard cards kept too (issue 28): what they
-- read that no version covered yet now raises one in the writing transaction.
-- A facility document's check (facility_doc_analyses: the card's red flags)
-- and a home's orders (billing_orders: the subscription card's order waiting
-- for payment) raise the facility's care version (00069). A backup run,
-- which no facility owns, raises the platform setting 'backupRuns'
-- (platform_versions, 00038), as the parameters and menus do, so the owners'
-- backup card is made again when a backup starts, ends or fails, whatever
-- code, command or SQL records it (cloud/platform/shell, Card.Platform).
-- Each raise tells the other server instances (pg_notify in the writing
-- transaction, as 00069 and the platform settings do).

-- +goose Up
CREATE TRIGGER facility_doc_analyses_care_version AFTER INSERT OR UPDATE OR DELETE ON facility_doc_analyses FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER billing_orders_care_version AFTER INSERT OR UPDATE OR DELETE ON billing_orders FOR EACH ROW EXECUTE FUNCTION care_version_row();

-- +goose StatementBegin
CREATE FUNCTION backup_runs_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO platform_versions (name, version) VALUES ('backupRuns', 1)
        ON CONFLICT (name) DO UPDATE SET version = platform_versions.version + 1;
    PERFORM pg_notify('hearth_platform', 'backupRuns');
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
-- Per row: a statement that changes no run (the sweep's check for interrupted runs) raises nothing.
CREATE TRIGGER backup_runs_version AFTER INSERT OR UPDATE OR DELETE ON backup_runs FOR EACH ROW EXECUTE FUNCTION backup_runs_version();

-- +goose Down
DROP TRIGGER backup_runs_version ON backup_runs;
DROP FUNCTION backup_runs_version();
DROP TRIGGER billing_orders_care_version ON billing_orders;
DROP TRIGGER facility_doc_analyses_care_version ON facility_doc_analyses;
