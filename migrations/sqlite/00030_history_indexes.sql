-- Pages that list a facility's history newest first, and the dashboard's
-- look back over the last days, read every row the facility ever wrote and
-- sorted them when no index gave that order (the index-plan test,
-- cloud/server/indexplan; docs/performance.md "How the cost grows"): their
-- cost grew with each day of history. With these they read the page's rows
-- or the days asked for.

-- +goose Up
-- listMedicationRecordByPage: logged passes, newest first.
CREATE INDEX medication_passes_logged ON medication_passes (tenant_id, given_at, id) WHERE outcome <> '';
-- The dashboard's eMAR card: passes of one outcome since a time.
CREATE INDEX medication_passes_tenant_outcome ON medication_passes (tenant_id, outcome, due_at);
-- listHealthMonitorByPage: the facility's readings, newest first.
CREATE INDEX health_readings_facility ON health_readings (tenant_id, taken_at, id);
-- A resident's progress notes, newest first (the profile's notes tab).
CREATE INDEX progress_notes_resident_time ON progress_notes (tenant_id, resident_id, report_date, id);
-- listIncidentReport: the facility's reports, newest discovered first.
CREATE INDEX incident_reports_discovered ON incident_reports (tenant_id, discovered_at, created_at, id);
-- listByWeek: the assignments of the week's schedules.
CREATE INDEX shift_assignments_schedule ON shift_assignments (tenant_id, schedule_id, day);
-- The calendar and the dashboard: assignments that end after a time (the
-- ones still to come), not every one since the home opened.
CREATE INDEX shift_assignments_end ON shift_assignments (tenant_id, end_at);
-- attendanceSummary: who punched in a range. Carrying user_id lets SQLite
-- read the range from this index instead of every punch through the
-- per-person index; it replaces clock_punches_tenant (its first columns).
CREATE INDEX clock_punches_time ON clock_punches (tenant_id, punched_at, user_id);
DROP INDEX clock_punches_tenant;

-- +goose Down
CREATE INDEX clock_punches_tenant ON clock_punches (tenant_id, punched_at);
DROP INDEX clock_punches_time;
DROP INDEX shift_assignments_end;
DROP INDEX shift_assignments_schedule;
DROP INDEX incident_reports_discovered;
DROP INDEX progress_notes_resident_time;
DROP INDEX health_readings_facility;
DROP INDEX medication_passes_tenant_outcome;
DROP INDEX medication_passes_logged;
