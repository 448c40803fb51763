-- Every signed-in call checks its sign-in with
--   (SELECT MIN(login_at) FROM sessions WHERE family_id = ? AND user_id = ? AND revoked_at IS NULL)
-- With an index on family_id alone, SQLite chose sessions_user (user_id) and read
-- every session row the user ever had (each sign-in and each refresh adds one,
-- for 30 days). The pair finds the family's rows directly on both engines.

-- +goose Up
DROP INDEX sessions_family;
CREATE INDEX sessions_family_user ON sessions (family_id, user_id);

-- +goose Down
DROP INDEX sessions_family_user;
CREATE INDEX sessions_family ON sessions (family_id);
