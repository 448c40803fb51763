-- +goose Up
-- The super admin's platform dashboard counts across every home: active users
-- per day (sessions made since a day, each person once), residents under care
-- and open support tickets, each from an index rather than the whole table.
CREATE INDEX sessions_created ON sessions (created_at, user_id);
CREATE INDEX residents_status ON residents (status);
CREATE INDEX support_tickets_status ON support_tickets (status);

-- +goose Down
DROP INDEX support_tickets_status;
DROP INDEX residents_status;
DROP INDEX sessions_created;
