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

-- +goose Up
CREATE TABLE care_versions (
    tenant_id TEXT PRIMARY KEY,
    version   BIGINT NOT NULL
);

-- +goose StatementBegin
CREATE TRIGGER tasks_care_version_insert AFTER INSERT ON tasks BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tasks_care_version_update AFTER UPDATE ON tasks BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tasks_care_version_delete AFTER DELETE ON tasks BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER task_records_care_version_insert AFTER INSERT ON task_records BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER task_records_care_version_update AFTER UPDATE ON task_records BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER task_records_care_version_delete AFTER DELETE ON task_records BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_routines_care_version_insert AFTER INSERT ON facility_routines BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_routines_care_version_update AFTER UPDATE ON facility_routines BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_routines_care_version_delete AFTER DELETE ON facility_routines BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medications_care_version_insert AFTER INSERT ON medications BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medications_care_version_update AFTER UPDATE ON medications BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medications_care_version_delete AFTER DELETE ON medications BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_passes_care_version_insert AFTER INSERT ON medication_passes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_passes_care_version_update AFTER UPDATE ON medication_passes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_passes_care_version_delete AFTER DELETE ON medication_passes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_changes_care_version_insert AFTER INSERT ON medication_changes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_changes_care_version_update AFTER UPDATE ON medication_changes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_changes_care_version_delete AFTER DELETE ON medication_changes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_assistance_care_version_insert AFTER INSERT ON medication_assistance BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_assistance_care_version_update AFTER UPDATE ON medication_assistance BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_assistance_care_version_delete AFTER DELETE ON medication_assistance BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_disposals_care_version_insert AFTER INSERT ON medication_disposals BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_disposals_care_version_update AFTER UPDATE ON medication_disposals BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_disposals_care_version_delete AFTER DELETE ON medication_disposals BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_disposal_changes_care_version_insert AFTER INSERT ON medication_disposal_changes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_disposal_changes_care_version_update AFTER UPDATE ON medication_disposal_changes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER medication_disposal_changes_care_version_delete AFTER DELETE ON medication_disposal_changes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_notes_care_version_insert AFTER INSERT ON progress_notes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_notes_care_version_update AFTER UPDATE ON progress_notes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_notes_care_version_delete AFTER DELETE ON progress_notes BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_note_addenda_care_version_insert AFTER INSERT ON progress_note_addenda BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_note_addenda_care_version_update AFTER UPDATE ON progress_note_addenda BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_note_addenda_care_version_delete AFTER DELETE ON progress_note_addenda BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_note_reads_care_version_insert AFTER INSERT ON progress_note_reads BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_note_reads_care_version_update AFTER UPDATE ON progress_note_reads BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER progress_note_reads_care_version_delete AFTER DELETE ON progress_note_reads BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER health_readings_care_version_insert AFTER INSERT ON health_readings BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER health_readings_care_version_update AFTER UPDATE ON health_readings BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER health_readings_care_version_delete AFTER DELETE ON health_readings BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER health_normal_ranges_care_version_insert AFTER INSERT ON health_normal_ranges BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER health_normal_ranges_care_version_update AFTER UPDATE ON health_normal_ranges BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER health_normal_ranges_care_version_delete AFTER DELETE ON health_normal_ranges BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER care_records_care_version_insert AFTER INSERT ON care_records BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER care_records_care_version_update AFTER UPDATE ON care_records BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER care_records_care_version_delete AFTER DELETE ON care_records BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER incident_reports_care_version_insert AFTER INSERT ON incident_reports BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER incident_reports_care_version_update AFTER UPDATE ON incident_reports BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER incident_reports_care_version_delete AFTER DELETE ON incident_reports BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER caregiver_clocks_care_version_insert AFTER INSERT ON caregiver_clocks BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER caregiver_clocks_care_version_update AFTER UPDATE ON caregiver_clocks BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER caregiver_clocks_care_version_delete AFTER DELETE ON caregiver_clocks BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER clock_punches_care_version_insert AFTER INSERT ON clock_punches BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER clock_punches_care_version_update AFTER UPDATE ON clock_punches BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER clock_punches_care_version_delete AFTER DELETE ON clock_punches BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER application_forms_care_version_insert AFTER INSERT ON application_forms BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER application_forms_care_version_update AFTER UPDATE ON application_forms BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER application_forms_care_version_delete AFTER DELETE ON application_forms BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_types_care_version_insert AFTER INSERT ON shift_types BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_types_care_version_update AFTER UPDATE ON shift_types BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_types_care_version_delete AFTER DELETE ON shift_types BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_schedules_care_version_insert AFTER INSERT ON shift_schedules BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_schedules_care_version_update AFTER UPDATE ON shift_schedules BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_schedules_care_version_delete AFTER DELETE ON shift_schedules BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_assignments_care_version_insert AFTER INSERT ON shift_assignments BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_assignments_care_version_update AFTER UPDATE ON shift_assignments BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_assignments_care_version_delete AFTER DELETE ON shift_assignments BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_reports_care_version_insert AFTER INSERT ON shift_reports BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_reports_care_version_update AFTER UPDATE ON shift_reports BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_reports_care_version_delete AFTER DELETE ON shift_reports BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_report_reads_care_version_insert AFTER INSERT ON shift_report_reads BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_report_reads_care_version_update AFTER UPDATE ON shift_report_reads BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER shift_report_reads_care_version_delete AFTER DELETE ON shift_report_reads BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_documents_care_version_insert AFTER INSERT ON facility_documents BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_documents_care_version_update AFTER UPDATE ON facility_documents BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_documents_care_version_delete AFTER DELETE ON facility_documents BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_doc_signatures_care_version_insert AFTER INSERT ON facility_doc_signatures BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_doc_signatures_care_version_update AFTER UPDATE ON facility_doc_signatures BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER facility_doc_signatures_care_version_delete AFTER DELETE ON facility_doc_signatures BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER subscription_plans_care_version_insert AFTER INSERT ON subscription_plans BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER subscription_plans_care_version_update AFTER UPDATE ON subscription_plans BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
    INSERT INTO care_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT OLD.tenant_id AND NEW.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER subscription_plans_care_version_delete AFTER DELETE ON subscription_plans BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER service_packages_care_version_update AFTER UPDATE ON service_packages BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT id, 1 FROM tenants WHERE package_id IN (OLD.id, NEW.id)
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER service_packages_care_version_delete AFTER DELETE ON service_packages BEGIN
    INSERT INTO care_versions (tenant_id, version) SELECT id, 1 FROM tenants WHERE package_id = OLD.id
        ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER tasks_care_version_insert;
DROP TRIGGER tasks_care_version_update;
DROP TRIGGER tasks_care_version_delete;
DROP TRIGGER task_records_care_version_insert;
DROP TRIGGER task_records_care_version_update;
DROP TRIGGER task_records_care_version_delete;
DROP TRIGGER facility_routines_care_version_insert;
DROP TRIGGER facility_routines_care_version_update;
DROP TRIGGER facility_routines_care_version_delete;
DROP TRIGGER medications_care_version_insert;
DROP TRIGGER medications_care_version_update;
DROP TRIGGER medications_care_version_delete;
DROP TRIGGER medication_passes_care_version_insert;
DROP TRIGGER medication_passes_care_version_update;
DROP TRIGGER medication_passes_care_version_delete;
DROP TRIGGER medication_changes_care_version_insert;
DROP TRIGGER medication_changes_care_version_update;
DROP TRIGGER medication_changes_care_version_delete;
DROP TRIGGER medication_assistance_care_version_insert;
DROP TRIGGER medication_assistance_care_version_update;
DROP TRIGGER medication_assistance_care_version_delete;
DROP TRIGGER medication_disposals_care_version_insert;
DROP TRIGGER medication_disposals_care_version_update;
DROP TRIGGER medication_disposals_care_version_delete;
DROP TRIGGER medication_disposal_changes_care_version_insert;
DROP TRIGGER medication_disposal_changes_care_version_update;
DROP TRIGGER medication_disposal_changes_care_version_delete;
DROP TRIGGER progress_notes_care_version_insert;
DROP TRIGGER progress_notes_care_version_update;
DROP TRIGGER progress_notes_care_version_delete;
DROP TRIGGER progress_note_addenda_care_version_insert;
DROP TRIGGER progress_note_addenda_care_version_update;
DROP TRIGGER progress_note_addenda_care_version_delete;
DROP TRIGGER progress_note_reads_care_version_insert;
DROP TRIGGER progress_note_reads_care_version_update;
DROP TRIGGER progress_note_reads_care_version_delete;
DROP TRIGGER health_readings_care_version_insert;
DROP TRIGGER health_readings_care_version_update;
DROP TRIGGER health_readings_care_version_delete;
DROP TRIGGER health_normal_ranges_care_version_insert;
DROP TRIGGER health_normal_ranges_care_version_update;
DROP TRIGGER health_normal_ranges_care_version_delete;
DROP TRIGGER care_records_care_version_insert;
DROP TRIGGER care_records_care_version_update;
DROP TRIGGER care_records_care_version_delete;
DROP TRIGGER incident_reports_care_version_insert;
DROP TRIGGER incident_reports_care_version_update;
DROP TRIGGER incident_reports_care_version_delete;
DROP TRIGGER caregiver_clocks_care_version_insert;
DROP TRIGGER caregiver_clocks_care_version_update;
DROP TRIGGER caregiver_clocks_care_version_delete;
DROP TRIGGER clock_punches_care_version_insert;
DROP TRIGGER clock_punches_care_version_update;
DROP TRIGGER clock_punches_care_version_delete;
DROP TRIGGER application_forms_care_version_insert;
DROP TRIGGER application_forms_care_version_update;
DROP TRIGGER application_forms_care_version_delete;
DROP TRIGGER shift_types_care_version_insert;
DROP TRIGGER shift_types_care_version_update;
DROP TRIGGER shift_types_care_version_delete;
DROP TRIGGER shift_schedules_care_version_insert;
DROP TRIGGER shift_schedules_care_version_update;
DROP TRIGGER shift_schedules_care_version_delete;
DROP TRIGGER shift_assignments_care_version_insert;
DROP TRIGGER shift_assignments_care_version_update;
DROP TRIGGER shift_assignments_care_version_delete;
DROP TRIGGER shift_reports_care_version_insert;
DROP TRIGGER shift_reports_care_version_update;
DROP TRIGGER shift_reports_care_version_delete;
DROP TRIGGER shift_report_reads_care_version_insert;
DROP TRIGGER shift_report_reads_care_version_update;
DROP TRIGGER shift_report_reads_care_version_delete;
DROP TRIGGER facility_documents_care_version_insert;
DROP TRIGGER facility_documents_care_version_update;
DROP TRIGGER facility_documents_care_version_delete;
DROP TRIGGER facility_doc_signatures_care_version_insert;
DROP TRIGGER facility_doc_signatures_care_version_update;
DROP TRIGGER facility_doc_signatures_care_version_delete;
DROP TRIGGER subscription_plans_care_version_insert;
DROP TRIGGER subscription_plans_care_version_update;
DROP TRIGGER subscription_plans_care_version_delete;
DROP TRIGGER service_packages_care_version_update;
DROP TRIGGER service_packages_care_version_delete;
DROP TABLE care_versions;
