-- Chat frames too large for a PostgreSQL notification (its payload must be
-- shorter than 8000 bytes: PostgreSQL docs, NOTIFY). The replica that
-- publishes such a frame writes it here in the publishing transaction and
-- notifies its id; the other replicas read it by id. Rows are kept a few
-- minutes, then removed by any replica. Frames go to people, not to a
-- facility: user_ids is the JSON array of the people it is for. On SQLite
-- (one server process) the table stays empty.

-- +goose Up
CREATE TABLE realtime_frames (
    id         TEXT PRIMARY KEY,
    user_ids   TEXT NOT NULL,
    frame      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX realtime_frames_created ON realtime_frames (created_at);

-- +goose Down
DROP TABLE realtime_frames;
