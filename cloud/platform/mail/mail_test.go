package mail_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"

	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/mail/mailtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestSMTP(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t)
	cfg := srv.Config()
	cfg.StartTLS = true // asked for but not offered: the message still goes out in plain SMTP
	sender := mail.New(cfg, nil, quiet)
	if _, ok := sender.(*mail.SMTP); !ok {
		t.Fatalf("with a host, New gave %T", sender)
	}
	msg := mail.Message{To: "ana@example.com", Subject: "Código de acceso · 登录验证码",
		Body: "Hello Ana,\n\nYour code is 123456.\n.\nA line with only a dot above.\n"}
	if err := sender.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got := srv.To("ana@example.com")
	if len(got) != 1 {
		t.Fatalf("%d messages", len(got))
	}
	m := got[0]
	if m.From != "no-reply@hearth.test" || m.Header.Get("From") != "Hearth <no-reply@hearth.test>" || m.Header.Get("To") != "ana@example.com" {
		t.Errorf("from %q, headers %v", m.From, m.Header)
	}
	if m.Subject != msg.Subject {
		t.Errorf("subject %q, want %q", m.Subject, msg.Subject)
	}
	if m.Body != msg.Body {
		t.Errorf("body %q, want %q", m.Body, msg.Body)
	}
	if ct := m.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" || m.Header.Get("Date") == "" {
		t.Errorf("headers %v", m.Header)
	}
}

func TestSMTPUnreachable(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close() // nothing listens there now
	sender := mail.New(config.SMTP{Host: "127.0.0.1", Port: port, From: "x@example.com"}, nil, quiet)
	if err := sender.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "s", Body: "b"}); err == nil {
		t.Error("sending to a closed port succeeded")
	}
}

func TestOutbox(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		sender := mail.New(config.SMTP{}, d, quiet)
		if _, ok := sender.(*mail.Outbox); !ok {
			t.Fatalf("without a host, New gave %T", sender)
		}
		for i := range 3 {
			to := "Ana@Example.com"
			if i == 1 {
				to = "ben@example.com"
			}
			if err := sender.Send(ctx, mail.Message{To: to, Subject: fmt.Sprintf("s%d", i), Body: "b"}); err != nil {
				t.Fatal(err)
			}
		}
		all, err := mail.List(ctx, d, "", 50)
		if err != nil || len(all) != 3 {
			t.Fatalf("all: %d, %v", len(all), err)
		}
		ana, err := mail.List(ctx, d, "ANA@example.com", 50)
		if err != nil || len(ana) != 2 {
			t.Fatalf("ana: %+v, %v", ana, err)
		}
		if ana[0].To != "ana@example.com" || ana[0].Subject != "s2" || ana[1].Subject != "s0" || ana[0].ID == "" || ana[0].SentTime == 0 {
			t.Errorf("newest first: %+v", ana)
		}
		one, err := mail.List(ctx, d, "", 1)
		if err != nil || len(one) != 1 || one[0].Subject != "s2" {
			t.Errorf("limit: %+v, %v", one, err)
		}
		none, err := mail.List(ctx, d, "nobody@example.com", 50)
		if err != nil || none == nil || len(none) != 0 {
			t.Errorf("none: %#v, %v", none, err)
		}
		if strings.Contains(fmt.Sprint(all), "Ana@") {
			t.Error("address kept in its original case")
		}
	})
}
