-- A second version number per facility, raised by the database itself with
-- every write of the care records: tasks and their occurrences, the eMAR
-- (orders, passes, changes, assistance levels, disposals), progress notes and
-- who read them, readings and normal ranges, care records, incidents, clock
-- punches, leave requests, the shift schedule and its reports, and facility
-- documents and their signatures, a facility's subscription; and a service
-- package's limits raise the version of each facility on it. The dashboard's
-- cards keep their answers in memory only while this number and the list
-- version (00024) are unchanged (cloud/platform/keep, keep.Care;
-- cloud/platform/shell, Card.Kept), so no write can leave a stale card,
-- whatever code or SQL makes it. A row without a facility raises nothing.
-- Each raise tells the other server instances which facility changed, as
-- 00025 does for the list version (pg_notify in the writing transaction,
-- delivered when and only when it commits; PostgreSQL docs, NOTIFY).

-- +goose Up
CREATE TABLE care_versions (
    tenant_id TEXT PRIMARY KEY,
    version   BIGINT NOT NULL
);

-- +goose StatementBegin
CREATE FUNCTION care_version_bump(t TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF t IS NULL THEN
        RETURN;
    END IF;
    -- The facility's list version row first: a transaction that writes both a
    -- care record and a resident (or user, file, membership) takes the two
    -- rows in the same order as every other, so two such writers wait for
    -- each other instead of deadlocking (PostgreSQL docs, "Deadlocks").
    PERFORM 1 FROM list_versions WHERE tenant_id = t FOR NO KEY UPDATE;
    INSERT INTO care_versions (tenant_id, version) VALUES (t, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = care_versions.version + 1;
    PERFORM pg_notify('hearth_care_versions', t);
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION care_version_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM care_version_bump(NEW.tenant_id);
    ELSIF TG_OP = 'UPDATE' THEN
        PERFORM care_version_bump(OLD.tenant_id);
        IF NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
            PERFORM care_version_bump(NEW.tenant_id);
        END IF;
    ELSE
        PERFORM care_version_bump(OLD.tenant_id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER tasks_care_version AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER task_records_care_version AFTER INSERT OR UPDATE OR DELETE ON task_records FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER facility_routines_care_version AFTER INSERT OR UPDATE OR DELETE ON facility_routines FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER medications_care_version AFTER INSERT OR UPDATE OR DELETE ON medications FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER medication_passes_care_version AFTER INSERT OR UPDATE OR DELETE ON medication_passes FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER medication_changes_care_version AFTER INSERT OR UPDATE OR DELETE ON medication_changes FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER medication_assistance_care_version AFTER INSERT OR UPDATE OR DELETE ON medication_assistance FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER medication_disposals_care_version AFTER INSERT OR UPDATE OR DELETE ON medication_disposals FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER medication_disposal_changes_care_version AFTER INSERT OR UPDATE OR DELETE ON medication_disposal_changes FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER progress_notes_care_version AFTER INSERT OR UPDATE OR DELETE ON progress_notes FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER progress_note_addenda_care_version AFTER INSERT OR UPDATE OR DELETE ON progress_note_addenda FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER progress_note_reads_care_version AFTER INSERT OR UPDATE OR DELETE ON progress_note_reads FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER health_readings_care_version AFTER INSERT OR UPDATE OR DELETE ON health_readings FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER health_normal_ranges_care_version AFTER INSERT OR UPDATE OR DELETE ON health_normal_ranges FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER care_records_care_version AFTER INSERT OR UPDATE OR DELETE ON care_records FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER incident_reports_care_version AFTER INSERT OR UPDATE OR DELETE ON incident_reports FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER caregiver_clocks_care_version AFTER INSERT OR UPDATE OR DELETE ON caregiver_clocks FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER clock_punches_care_version AFTER INSERT OR UPDATE OR DELETE ON clock_punches FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER application_forms_care_version AFTER INSERT OR UPDATE OR DELETE ON application_forms FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER shift_types_care_version AFTER INSERT OR UPDATE OR DELETE ON shift_types FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER shift_schedules_care_version AFTER INSERT OR UPDATE OR DELETE ON shift_schedules FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER shift_assignments_care_version AFTER INSERT OR UPDATE OR DELETE ON shift_assignments FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER shift_reports_care_version AFTER INSERT OR UPDATE OR DELETE ON shift_reports FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER shift_report_reads_care_version AFTER INSERT OR UPDATE OR DELETE ON shift_report_reads FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER facility_documents_care_version AFTER INSERT OR UPDATE OR DELETE ON facility_documents FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER facility_doc_signatures_care_version AFTER INSERT OR UPDATE OR DELETE ON facility_doc_signatures FOR EACH ROW EXECUTE FUNCTION care_version_row();
CREATE TRIGGER subscription_plans_care_version AFTER INSERT OR UPDATE OR DELETE ON subscription_plans FOR EACH ROW EXECUTE FUNCTION care_version_row();

-- +goose StatementBegin
CREATE FUNCTION care_version_package() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t TEXT;
BEGIN
    -- In tenant order, so two writers take the version rows in the same order.
    FOR t IN SELECT id FROM tenants WHERE package_id = OLD.id OR (TG_OP = 'UPDATE' AND package_id = NEW.id) ORDER BY id LOOP
        PERFORM care_version_bump(t);
    END LOOP;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER service_packages_care_version AFTER UPDATE OR DELETE ON service_packages FOR EACH ROW EXECUTE FUNCTION care_version_package();

-- +goose Down
DROP TRIGGER tasks_care_version ON tasks;
DROP TRIGGER task_records_care_version ON task_records;
DROP TRIGGER facility_routines_care_version ON facility_routines;
DROP TRIGGER medications_care_version ON medications;
DROP TRIGGER medication_passes_care_version ON medication_passes;
DROP TRIGGER medication_changes_care_version ON medication_changes;
DROP TRIGGER medication_assistance_care_version ON medication_assistance;
DROP TRIGGER medication_disposals_care_version ON medication_disposals;
DROP TRIGGER medication_disposal_changes_care_version ON medication_disposal_changes;
DROP TRIGGER progress_notes_care_version ON progress_notes;
DROP TRIGGER progress_note_addenda_care_version ON progress_note_addenda;
DROP TRIGGER progress_note_reads_care_version ON progress_note_reads;
DROP TRIGGER health_readings_care_version ON health_readings;
DROP TRIGGER health_normal_ranges_care_version ON health_normal_ranges;
DROP TRIGGER care_records_care_version ON care_records;
DROP TRIGGER incident_reports_care_version ON incident_reports;
DROP TRIGGER caregiver_clocks_care_version ON caregiver_clocks;
DROP TRIGGER clock_punches_care_version ON clock_punches;
DROP TRIGGER application_forms_care_version ON application_forms;
DROP TRIGGER shift_types_care_version ON shift_types;
DROP TRIGGER shift_schedules_care_version ON shift_schedules;
DROP TRIGGER shift_assignments_care_version ON shift_assignments;
DROP TRIGGER shift_reports_care_version ON shift_reports;
DROP TRIGGER shift_report_reads_care_version ON shift_report_reads;
DROP TRIGGER facility_documents_care_version ON facility_documents;
DROP TRIGGER facility_doc_signatures_care_version ON facility_doc_signatures;
DROP TRIGGER subscription_plans_care_version ON subscription_plans;
DROP TRIGGER service_packages_care_version ON service_packages;
DROP FUNCTION care_version_package();
DROP FUNCTION care_version_row();
DROP FUNCTION care_version_bump(TEXT);
DROP TABLE care_versions;
