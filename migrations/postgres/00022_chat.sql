-- In-app chat (spec 000 §2 /message, §3 "Chat", §4, §5 "Chat"; spec 001
-- §7.11). Times are epoch milliseconds UTC; ids are UUIDv7 text. Every row
-- carries tenant_id: a chat belongs to one facility.

-- +goose Up

-- One chat. chat_key makes the chats that must exist once unique within a
-- facility: 'f' its channel, 's:<user id>' a person's Hearth chat,
-- 'd:<user id>:<user id>' (ids sorted) a direct chat; a group's key is
-- 'g:<its id>'. last_seq is the sequence of the newest message: a new
-- message takes last_seq + 1 by an UPDATE of this row, which also orders
-- two messages sent at once.
CREATE TABLE chats (
    id              TEXT PRIMARY KEY,
    tenant_id       TEXT NOT NULL REFERENCES tenants(id),
    kind            TEXT NOT NULL,
    chat_key        TEXT NOT NULL,
    name            TEXT NOT NULL DEFAULT '',
    last_seq        BIGINT NOT NULL DEFAULT 0,
    last_message_at BIGINT NOT NULL,
    created_by      TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL,
    UNIQUE (tenant_id, chat_key)
);

-- A person in a chat. left_at is set when they leave or are removed (or, in
-- the facility's channel, when they no longer work there); they read nothing
-- more. read_seq is what they have read; joined_seq hides a group's earlier
-- messages from someone added later.
CREATE TABLE chat_members (
    chat_id        TEXT NOT NULL REFERENCES chats(id),
    user_id        TEXT NOT NULL REFERENCES users(id),
    tenant_id      TEXT NOT NULL,
    read_seq       BIGINT NOT NULL DEFAULT 0,
    joined_seq     BIGINT NOT NULL DEFAULT 0,
    auto_translate INTEGER NOT NULL DEFAULT 0,
    joined_at      BIGINT NOT NULL,
    left_at        BIGINT,
    PRIMARY KEY (chat_id, user_id)
);
CREATE INDEX chat_members_user ON chat_members (tenant_id, user_id, left_at);

-- One message. sender_id is '' for Hearth's own (SYSTEM) messages; the
-- client's track_id is unique per sender and chat, so a message sent twice
-- (a retry, two tabs) is stored once even when both arrive at once. A
-- recalled message keeps its row with content and extra emptied.
CREATE TABLE chat_messages (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL,
    chat_id       TEXT NOT NULL REFERENCES chats(id),
    seq           BIGINT NOT NULL,
    track_id      TEXT NOT NULL,
    sender_id     TEXT NOT NULL DEFAULT '',
    kind          TEXT NOT NULL,
    format        TEXT NOT NULL DEFAULT 'PLAIN',
    content       TEXT NOT NULL DEFAULT '',
    extra         TEXT NOT NULL DEFAULT '',
    refer_id      TEXT NOT NULL DEFAULT '',
    refer_content TEXT NOT NULL DEFAULT '',
    language      TEXT NOT NULL DEFAULT '',
    recalled      INTEGER NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX chat_messages_seq ON chat_messages (chat_id, seq);
CREATE UNIQUE INDEX chat_messages_track ON chat_messages (chat_id, sender_id, track_id);

-- A message deleted by one person: hidden from them only.
CREATE TABLE chat_message_hidden (
    message_id TEXT NOT NULL REFERENCES chat_messages(id),
    user_id    TEXT NOT NULL,
    tenant_id  TEXT NOT NULL,
    PRIMARY KEY (message_id, user_id)
);

-- A message's translation into one language, made once and read by everyone
-- who reads that language.
CREATE TABLE chat_translations (
    message_id  TEXT NOT NULL REFERENCES chat_messages(id),
    language    TEXT NOT NULL,
    tenant_id   TEXT NOT NULL,
    translation TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (message_id, language)
);

-- The files of a chat (files.id, category CHAT): uploaded to it, or
-- forwarded into it. Only its members download them. details is the JSON a
-- media message's extra carries (name, size, contentType, width, height).
CREATE TABLE chat_files (
    chat_id     TEXT NOT NULL REFERENCES chats(id),
    file_id     TEXT NOT NULL REFERENCES files(id),
    tenant_id   TEXT NOT NULL,
    uploader_id TEXT NOT NULL,
    kind        TEXT NOT NULL,
    details     TEXT NOT NULL DEFAULT '{}',
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (chat_id, file_id)
);
CREATE INDEX chat_files_file ON chat_files (file_id);

-- +goose Down
DROP TABLE chat_files;
DROP TABLE chat_translations;
DROP TABLE chat_message_hidden;
DROP TABLE chat_messages;
DROP TABLE chat_members;
DROP TABLE chats;
