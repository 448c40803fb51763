package db_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"hearth/cloud/platform/db"
)

// Which errors are the database away (5003) or the disk full (5007), and which
// stay someone else's: a mail server or an AI provider that does not answer is
// not the database.
func TestFaultClassification(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	_, dialErr := pgconn.Connect(context.Background(), "postgres://nobody@127.0.0.1:1/none?connect_timeout=2")
	for _, c := range []struct {
		name              string
		err               error
		unavailable, full bool
	}{
		{"PostgreSQL not accepting connections", dialErr, true, false},
		{"admin shutdown (57P01)", fmt.Errorf("resident: list: %w", &pgconn.PgError{Code: "57P01"}), true, false},
		{"connection failure (08006)", &pgconn.PgError{Code: "08006"}, true, false},
		{"a bad connection", fmt.Errorf("x: %w", driver.ErrBadConn), true, false},
		{"a lost connection, in pgx's words", errors.New("iam: session: receive message failed: unexpected EOF"), true, false},
		{"a unique violation", &pgconn.PgError{Code: "23505"}, false, false},
		{"PostgreSQL's disk full (53100)", &pgconn.PgError{Code: "53100"}, false, true},
		{"ENOSPC from a file", &os.PathError{Op: "write", Path: "/data/files/x", Err: syscall.ENOSPC}, false, true},
		{"SMTP refused", fmt.Errorf("mail: send: %w", refused), false, false},
		{"a client's cut upload", fmt.Errorf("upload: %w", io.ErrUnexpectedEOF), false, false},
		{"nothing", nil, false, false},
	} {
		if got := db.IsUnavailable(c.err); got != c.unavailable {
			t.Errorf("%s: IsUnavailable = %v (%v)", c.name, got, c.err)
		}
		if got := db.IsDiskFull(c.err); got != c.full {
			t.Errorf("%s: IsDiskFull = %v (%v)", c.name, got, c.err)
		}
	}
}
