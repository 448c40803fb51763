-- The language a person reads Hearth in (en-US, es-ES, zh-CN; '' = not known yet).
-- Set when a manager hires them (their invite is written in it) and each time they
-- sign in, so e-mails sent while they are away (a decided request, a kiosk lock)
-- reach them in their language rather than the sender's.

-- +goose Up
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE users DROP COLUMN language;
