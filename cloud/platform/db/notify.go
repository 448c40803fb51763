package db

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Notify tells every server instance sharing a PostgreSQL database that
// something changed: pg_notify(channel, payload) in q's transaction, so the
// message is delivered when, and only if, the transaction commits (PostgreSQL
// docs, NOTIFY: "if a NOTIFY is executed inside a transaction, the notify
// events are not delivered until and unless the transaction is committed").
// On SQLite, which one server instance owns, it does nothing.
func (d *DB) Notify(ctx context.Context, q Querier, channel, payload string) error {
	if d.Engine != Postgres {
		return nil
	}
	_, err := q.ExecContext(ctx, `SELECT pg_notify(?, ?)`, channel, payload)
	return err
}

// ListenRetry is how long Listen waits before it connects again after losing
// its connection.
const ListenRetry = time.Second

// Listen delivers the payload of every notification on channel to fn until
// ctx ends. It keeps one connection of its own (outside the pool) LISTENing,
// and connects again when that connection is lost. Notifications sent while it
// is not connected are lost, so it calls reset each time it has (re)connected:
// the caller then forgets whatever the lost messages might have been about.
// On SQLite it returns nil at once: there are no other instances to hear from.
func (d *DB) Listen(ctx context.Context, channel string, fn func(payload string), reset func(), log *slog.Logger) error {
	if d.Engine != Postgres {
		return nil
	}
	for {
		err := d.listenOnce(ctx, channel, fn, reset)
		if ctx.Err() != nil {
			return nil
		}
		log.WarnContext(ctx, "database notifications interrupted; reconnecting", "channel", channel, "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(ListenRetry):
		}
	}
}

func (d *DB) listenOnce(ctx context.Context, channel string, fn func(string), reset func()) error {
	conn, err := pgx.Connect(ctx, d.url)
	if err != nil {
		return fmt.Errorf("listen %s: connect: %w", channel, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return fmt.Errorf("listen %s: %w", channel, err)
	}
	reset()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("listen %s: %w", channel, err)
		}
		fn(n.Payload)
	}
}
