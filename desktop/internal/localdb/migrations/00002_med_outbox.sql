-- +goose Up
-- The desktop med pass outbox (issue 15): logPass, logPrn and prnFollowUp
-- made in the owner's window while the cloud does not answer. Times are epoch
-- milliseconds. who is "<sub>@<tenant>" from the person's (unverified) token:
-- an entry is only ever sent with a token of that same person.
-- state: WAITING (to send), SENT (the cloud has it), CONFLICT (someone else
-- logged the pass or documented the effect first: never sent again),
-- REFUSED (the cloud refused it for good). body is the request as it will be
-- sent (givenTime filled in); answer the cloud's envelope once it answered.
CREATE TABLE med_outbox (
    seq              INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id        TEXT NOT NULL UNIQUE,
    kind             TEXT NOT NULL,
    who              TEXT NOT NULL,
    tenant_id        TEXT NOT NULL,
    staff_name       TEXT NOT NULL DEFAULT '',
    lang             TEXT NOT NULL DEFAULT '',
    body             BLOB NOT NULL,
    pass_id          TEXT NOT NULL DEFAULT '',
    medication_id    TEXT NOT NULL DEFAULT '',
    resident_id      TEXT NOT NULL DEFAULT '',
    resident_name    TEXT NOT NULL DEFAULT '',
    medication_name  TEXT NOT NULL DEFAULT '',
    day              TEXT NOT NULL DEFAULT '',
    time_of_day      TEXT NOT NULL DEFAULT '',
    due_time         INTEGER NOT NULL DEFAULT 0,
    happened_at      INTEGER NOT NULL,
    state            TEXT NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    first_try_at     INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT NOT NULL DEFAULT '',
    answer           BLOB,
    server_pass_id   TEXT NOT NULL DEFAULT '',
    sent_at          INTEGER NOT NULL DEFAULT 0,
    seen             INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
);
CREATE INDEX med_outbox_state ON med_outbox (state, seq);
CREATE INDEX med_outbox_tenant ON med_outbox (tenant_id, pass_id);

-- +goose Down
DROP TABLE med_outbox;
