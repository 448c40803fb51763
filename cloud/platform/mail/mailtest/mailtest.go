// Package mailtest is an in-process SMTP server for tests: it accepts every
// message on a local port and keeps it, so a test can read the code or link
// a user would have found in their inbox.
package mailtest

import (
	"bytes"
	"io"
	"mime"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"

	"hearth/cloud/platform/config"
)

// Message is one delivered e-mail.
type Message struct {
	From    string   // envelope sender (MAIL FROM)
	To      []string // envelope recipients (RCPT TO)
	Header  mail.Header
	Subject string // decoded
	Body    string // with \n line ends
}

// Server is a running SMTP server that keeps what it receives.
type Server struct {
	Host string
	Port int

	mu   sync.Mutex
	msgs []Message
}

// Start listens on 127.0.0.1 and stops when the test ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("mailtest: listen: %v", err)
	}
	s := &Server{Host: "127.0.0.1", Port: l.Addr().(*net.TCPAddr).Port}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{srv: s}, nil }))
	srv.Domain = "mailtest.localhost"
	logs := &testLogger{t: tb}
	srv.ErrorLog = logs
	go func() { _ = srv.Serve(l) }()
	tb.Cleanup(func() {
		logs.stop()
		_ = srv.Close()
	})
	return s
}

// Config is the SMTP configuration that sends to this server (STARTTLS off: it offers none).
func (s *Server) Config() config.SMTP {
	return config.SMTP{Host: s.Host, Port: s.Port, From: "Hearth <no-reply@hearth.test>", StartTLS: false}
}

// Messages returns every message received so far, oldest first.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// To returns the messages addressed to addr (case-insensitive), oldest first.
func (s *Server) To(addr string) []Message {
	var out []Message
	for _, m := range s.Messages() {
		for _, to := range m.To {
			if strings.EqualFold(to, addr) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

func (s *Server) keep(m Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, m)
}

type session struct {
	srv  *Server
	from string
	to   []string
}

func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := Message{From: ss.from, To: append([]string(nil), ss.to...)}
	parsed, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		m.Body = string(raw)
	} else {
		body, _ := io.ReadAll(parsed.Body)
		m.Header = parsed.Header
		m.Subject, err = new(mime.WordDecoder).DecodeHeader(parsed.Header.Get("Subject"))
		if err != nil {
			m.Subject = parsed.Header.Get("Subject")
		}
		m.Body = strings.ReplaceAll(string(body), "\r\n", "\n")
	}
	ss.srv.keep(m)
	return nil
}

// testLogger writes the server's errors to the test log until the test ends
// (a test's log must not be written after it has finished).
type testLogger struct {
	mu      sync.Mutex
	t       testing.TB
	stopped bool
}

func (l *testLogger) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopped = true
}

func (l *testLogger) Printf(format string, v ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.stopped {
		l.t.Logf("mailtest: "+format, v...)
	}
}

func (l *testLogger) Println(v ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.stopped {
		l.t.Log(append([]any{"mailtest:"}, v...)...)
	}
}
