-- An abandoned move-in (GET /api/care/resident/cancelCheckIn): the family chose
-- another home, or the move-in was started twice by mistake. Nothing of the
-- resident's record is deleted (care records are kept, ../shared/docs/DOMAIN.md
-- "records"): the move-in is marked cancelled, with who, when and why, and the
-- resident, still MOVING_IN, is hidden from every list and call from then on.
-- A move-in is completed or cancelled, never both (the conditional UPDATEs of
-- cloud/feature/resident/store.go test both columns).

-- +goose Up
ALTER TABLE resident_move_ins ADD COLUMN cancelled_at BIGINT;
ALTER TABLE resident_move_ins ADD COLUMN cancelled_by TEXT REFERENCES users(id);
ALTER TABLE resident_move_ins ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE resident_move_ins DROP COLUMN cancel_reason;
ALTER TABLE resident_move_ins DROP COLUMN cancelled_by;
ALTER TABLE resident_move_ins DROP COLUMN cancelled_at;
