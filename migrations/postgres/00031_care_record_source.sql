-- +goose Up
-- The care monitor counts a completed care-plan task once: a task record
-- already written to the care records (source TASK, source_id the record) is
-- found by this index, not by reading the facility's care records.
CREATE INDEX care_records_source ON care_records (tenant_id, source, source_id);

-- +goose Down
DROP INDEX care_records_source;
