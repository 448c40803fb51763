package db

import (
	"database/sql/driver"
	"errors"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// IsUnavailable reports whether err means the database could not be reached
// or dropped the connection (PostgreSQL restarting or failing over, the network
// gone): the request changed nothing and may be tried again in a moment. The
// pool drops such connections and opens new ones by itself. Sources: PostgreSQL
// manual, Appendix A "Error Codes" (class 08 connection exception; 57P01
// admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), pgconn's
// ConnectError, database/sql's driver.ErrBadConn; SQLite's SQLITE_BUSY after the
// busy timeout (sqlite.org/rescode.html).
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03"
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) || errors.Is(err, driver.ErrBadConn) {
		return true
	}
	var lite sqlite3.Error
	if errors.As(err, &lite) {
		return lite.Code == sqlite3.ErrBusy || lite.Code == sqlite3.ErrLocked
	}
	// pgx (v5.12) says a connection was lost under a query in words only
	// ("receive message failed: unexpected EOF", "conn closed"), or that a
	// request never reached the server (pgconn.SafeToRetry). A network error of
	// anything else (SMTP, an AI provider, a client's cut upload) is not the
	// database's and keeps its own answer.
	if pgconn.SafeToRetry(err) {
		return true
	}
	msg := err.Error()
	for _, s := range []string{"conn closed", "failed to connect to", "receive message failed", "failed to receive message", "write failed"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// IsDiskFull reports whether err means the disk is full: SQLITE_FULL, SQLite's
// I/O errors from a write that found no space, PostgreSQL's 53100 disk_full,
// or ENOSPC from the file system. Nothing was written.
func IsDiskFull(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "53100"
	}
	var lite sqlite3.Error
	if errors.As(err, &lite) {
		return lite.Code == sqlite3.ErrFull || (lite.Code == sqlite3.ErrIoErr && errors.Is(lite.SystemErrno, syscall.ENOSPC))
	}
	return false
}
