package request_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/request"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/mail"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The requester hears back: approving or refusing e-mails them the decision,
// who made it and the comment, once, after the decision is stored.
func TestDecisionMail(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		amina, wei := e.Email(t, "caregiver_maple1"), e.Email(t, "caregiver_maple2")
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		admin := e.SignIn(t, "admin_maple")
		start := time.Date(2026, 6, 10, 15, 0, 0, 0, time.UTC) // 08:00 in Maple House's zone (PT)
		req := shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave, StartTime: start.UnixMilli(),
			EndTime: start.Add(8 * time.Hour).UnixMilli(), Reason: "Citizenship interview"}
		a := saved(t, e.SignIn(t, "caregiver_maple1"), req)
		req.Type, req.Reason = shared.ApplicationShiftAdjustment, "Swap Wednesday for Thursday"
		b := saved(t, e.SignIn(t, "caregiver_maple2"), req)
		beforeA, beforeB := len(e.Mails(t, amina)), len(e.Mails(t, wei))
		beforeAdmin := len(e.Mails(t, e.Email(t, "admin_maple"))) // the sign-in codes

		approval(t, ow, a.ApplicationID, shared.ApplicationApproved, "Good luck, Amina").OK(t)
		got := e.Mails(t, amina)
		if len(got) != beforeA+1 {
			t.Fatalf("%d new mails to the requester after approval, want 1", len(got)-beforeA)
		}
		m := got[len(got)-1]
		if m.Subject != "Your leave request at Maple House AFH was approved" {
			t.Errorf("approved subject %q", m.Subject)
		}
		for _, want := range []string{"Hello Amina Njoroge", "Elena Martinez approved your leave request", "Comment from Elena Martinez: Good luck, Amina",
			"From: 2026-06-10 08:00 PT", "To: 2026-06-10 16:00 PT", "Your reason: Citizenship interview"} {
			if !strings.Contains(m.Body, want) {
				t.Errorf("approved body lacks %q:\n%s", want, m.Body)
			}
		}
		if strings.Contains(m.Subject+m.Body, "{") {
			t.Errorf("a placeholder is left:\n%s\n%s", m.Subject, m.Body)
		}

		approval(t, admin, b.ApplicationID, shared.ApplicationRefused, "We are short on Thursday").OK(t)
		got = e.Mails(t, wei)
		if len(got) != beforeB+1 {
			t.Fatalf("%d new mails to the requester after refusal, want 1", len(got)-beforeB)
		}
		m = got[len(got)-1]
		if m.Subject != "Your shift adjustment request at Maple House AFH was refused" {
			t.Errorf("refused subject %q", m.Subject)
		}
		for _, want := range []string{"Hello Wei Chen", "Grace Kim refused your shift adjustment request", "Comment from Grace Kim: We are short on Thursday",
			"Your reason: Swap Wednesday for Thursday"} {
			if !strings.Contains(m.Body, want) {
				t.Errorf("refused body lacks %q:\n%s", want, m.Body)
			}
		}
		// A second decision is refused (4009) and mails nobody; the decider gets no copy.
		approval(t, ow, b.ApplicationID, shared.ApplicationApproved, "").Is(t, http.StatusOK, shared.CodeConflict)
		if n := len(e.Mails(t, wei)); n != beforeB+1 {
			t.Errorf("%d mails to Wei after a refused second decision, want %d", n, beforeB+1)
		}
		if n := len(e.Mails(t, e.Email(t, "admin_maple"))) - beforeAdmin; n != 0 {
			t.Errorf("the decider got %d mails", n)
		}
	})
}

// An approval without a comment says so without an empty comment line; the
// development outbox collects it when no SMTP server is configured.
func TestDecisionMailOutbox(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		start := e.Clock.Now().Add(48 * time.Hour).UnixMilli()
		f := saved(t, e.SignIn(t, "caregiver_maple1"), shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave,
			StartTime: start, EndTime: start + 3600_000, Reason: "Dentist"})
		approval(t, e.SignIn(t, "admin_maple"), f.ApplicationID, shared.ApplicationPass, "").OK(t)
		got := e.Mails(t, e.Email(t, "caregiver_maple1"))
		if len(got) != 1 || got[0].Subject != "Your leave request at Maple House AFH was approved" {
			t.Fatalf("outbox: %+v", got)
		}
		if strings.Contains(got[0].Body, "Comment from") || strings.Contains(got[0].Body, "{") {
			t.Errorf("body:\n%s", got[0].Body)
		}
	})
}

type failingMail struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (f *failingMail) Send(_ context.Context, m mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, m)
	return errors.New("smtp: connection refused")
}

// A mail that cannot be sent never undoes or fails the decision: it is logged.
func TestDecisionStandsWhenMailFails(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		start := e.Clock.Now().Add(48 * time.Hour).UnixMilli()
		f := saved(t, e.SignIn(t, "caregiver_maple1"), shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave,
			StartTime: start, EndTime: start + 3600_000, Reason: "Dentist"})
		var logged bytes.Buffer
		broken := &failingMail{}
		svc, err := request.New(request.Deps{DB: d, Mail: broken, Chat: e.Server.Chat, Log: slog.New(slog.NewTextHandler(&logged, nil)), Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		owner := &auth.Principal{UserID: e.UserID(t, "owner_evergreen"), TenantID: e.FacilityID(t, "Maple House AFH"),
			Roles: []shared.Role{shared.RoleFacilityOwner}}
		got, err := svc.Approval(context.Background(), owner, shared.ApprovalQuery{ApplicationID: f.ApplicationID,
			Status: shared.ApplicationRefused, Comment: "Not that week"})
		if err != nil || got.Status != shared.ApplicationRefused || got.Comment != "Not that week" {
			t.Fatalf("decision with a broken mailer: %+v, %v", got, err)
		}
		if len(broken.sent) != 1 || broken.sent[0].To != e.Email(t, "caregiver_maple1") {
			t.Errorf("mail attempts: %+v", broken.sent)
		}
		if !strings.Contains(logged.String(), "mail not sent") || !strings.Contains(logged.String(), "connection refused") {
			t.Errorf("log: %s", logged.String())
		}
		if n := count(t, d, `SELECT COUNT(*) FROM application_forms WHERE id = ? AND status = 'REFUSED'`, f.ApplicationID); n != 1 {
			t.Errorf("the refusal was not kept")
		}
	})
}

// The decision reaches the requester in the language they sign in with, not
// the deciding manager's: Wei reads Hearth in Spanish, the admin in English.
func TestDecisionMailInTheRequestersLanguage(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		wei := e.Client()
		wei.Language = "es-ES"
		var lr shared.LoginResult
		wei.Login(t, "caregiver_maple2", demo.DemoPassword, "").OK(t).Into(t, &lr)
		wei.Use(lr)
		start := e.Clock.Now().Add(72 * time.Hour).UnixMilli()
		f := saved(t, wei, shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave, StartTime: start,
			EndTime: start + 8*3600_000, Reason: "Cita médica"})

		admin := e.SignIn(t, "admin_maple") // no Accept-Language: the server's English
		approval(t, admin, f.ApplicationID, shared.ApplicationApproved, "").OK(t)
		m := e.LastMail(t, e.Email(t, "caregiver_maple2"))
		if !strings.Contains(m.Subject, "fue aprobada") || !strings.Contains(m.Body, "Su motivo: Cita médica") {
			t.Fatalf("decision mail not in Spanish:\n%s\n%s", m.Subject, m.Body)
		}
	})
}
