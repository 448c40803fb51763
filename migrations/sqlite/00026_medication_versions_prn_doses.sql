-- Medication orders carry a version, and PRN doses are not unique in time
-- (issue 26).
--
-- version: every change of an order a person makes (save, hold, resume,
-- discontinue, restore, removal from the move-in list) raises it by one with
-- a conditional UPDATE ... WHERE version = ?, so a form saved on an order
-- someone changed meanwhile answers 4009 instead of overwriting their change.
--
-- medication_passes_due kept one pass per order and instant for every kind,
-- so two caregivers logging the same PRN order at the same givenTime had the
-- second dose refused as a reused id, and a real dose was missing from the
-- record. Only scheduled passes are one per order and time (the planner's
-- ON CONFLICT needs it); PRN doses are each their own row.

-- +goose Up
ALTER TABLE medications ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
DROP INDEX medication_passes_due;
CREATE UNIQUE INDEX medication_passes_due ON medication_passes (medication_id, due_at) WHERE kind = 'SCHEDULED';
CREATE INDEX medication_passes_medication ON medication_passes (medication_id, due_at);

-- +goose Down
-- Fails while an order has two PRN doses at the same instant: they are both real.
DROP INDEX medication_passes_medication;
DROP INDEX medication_passes_due;
CREATE UNIQUE INDEX medication_passes_due ON medication_passes (medication_id, due_at);
ALTER TABLE medications DROP COLUMN version;
