package db

import (
	"database/sql/driver"
	"errors"
	"io"
	"net"
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
	var op *net.OpError
	if errors.As(err, &connect) || errors.As(err, &op) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var lite sqlite3.Error
	if errors.As(err, &lite) {
		return lite.Code == sqlite3.ErrBusy || lite.Code == sqlite3.ErrLocked
	}
	// pgx reports a connection closed under it in words only.
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "failed to connect to") || strings.Contains(msg, "unexpected EOF")
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
