// Package mail sends e-mail through SMTP, or keeps it in the development
// outbox (a table, printed to the log) when no SMTP server is configured.
package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/smtp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Message is one plain-text e-mail.
type Message struct {
	To      string
	Subject string
	Body    string
}

// Sender sends mail.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New picks SMTP when a host is configured, else the development outbox.
func New(c config.SMTP, d *db.DB, log *slog.Logger) Sender {
	if c.Host != "" {
		return &SMTP{cfg: c}
	}
	return &Outbox{db: d, log: log}
}

// SMTP sends through an SMTP server (STARTTLS when offered, unless disabled).
type SMTP struct{ cfg config.SMTP }

// Send delivers m, giving up after 30 seconds.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	d := net.Dialer{Timeout: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("smtp dial: %w", err)
	}
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp hello: %w", err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok && s.cfg.StartTLS {
		if err := c.StartTLS(&tls.Config{ServerName: s.cfg.Host}); err != nil {
			return fmt.Errorf("smtp starttls: %w", err)
		}
	}
	if s.cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.cfg.Host)); err != nil {
			return fmt.Errorf("smtp auth: %w", err)
		}
	}
	from := s.cfg.From
	if a, err := parseAddr(from); err == nil {
		from = a
	}
	if err := c.Mail(from); err != nil {
		return fmt.Errorf("smtp mail from: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("smtp rcpt: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp data: %w", err)
	}
	msg := "From: " + s.cfg.From + "\r\nTo: " + m.To + "\r\nSubject: " + mime.QEncoding.Encode("utf-8", m.Subject) +
		"\r\nDate: " + time.Now().UTC().Format(time.RFC1123Z) + "\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" +
		strings.ReplaceAll(m.Body, "\n", "\r\n")
	if _, err := w.Write([]byte(msg)); err != nil {
		return fmt.Errorf("smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp send: %w", err)
	}
	if err := c.Quit(); err != nil {
		return fmt.Errorf("smtp quit: %w", err)
	}
	return nil
}

func parseAddr(s string) (string, error) {
	if i, j := strings.IndexByte(s, '<'), strings.IndexByte(s, '>'); i >= 0 && j > i {
		return s[i+1 : j], nil
	}
	return s, nil
}

// Outbox keeps mail in the mail_outbox table and prints it to the log.
type Outbox struct {
	db  *db.DB
	log *slog.Logger
}

// Send stores m.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	id, _ := uuid.NewV7()
	_, err := o.db.ExecContext(ctx, `INSERT INTO mail_outbox (id, to_addr, subject, body, created_at) VALUES (?, ?, ?, ?, ?)`,
		id.String(), strings.ToLower(m.To), m.Subject, m.Body, time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	o.log.InfoContext(ctx, "mail kept in development outbox", "to", m.To, "subject", m.Subject, "body", m.Body)
	return nil
}

// List returns the newest outbox mail, optionally for one address.
func List(ctx context.Context, d *db.DB, to string, limit int) ([]shared.OutboxMail, error) {
	q := `SELECT id, to_addr, subject, body, created_at FROM mail_outbox`
	var args []any
	if to != "" {
		q += ` WHERE to_addr = ?`
		args = append(args, strings.ToLower(to))
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	args = append(args, limit)
	rows, err := d.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, db.Wrap("outbox: list", err)
	}
	defer rows.Close()
	out := []shared.OutboxMail{}
	for rows.Next() {
		var m shared.OutboxMail
		if err := rows.Scan(&m.ID, &m.To, &m.Subject, &m.Body, &m.SentTime); err != nil {
			return nil, db.Wrap("outbox: list", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("outbox: list", err)
	}
	return out, nil
}
