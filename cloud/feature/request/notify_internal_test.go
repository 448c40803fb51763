package request

import (
	"strings"
	"testing"
	"time"

	"hearth/shared"
)

// The decision mail reads in the requester's language when the account has
// one, with every placeholder filled and times on the facility's wall clock.
func TestDecisionMailLanguages(t *testing.T) {
	start := time.Date(2026, 1, 5, 22, 30, 0, 0, time.UTC) // 17:30 in New York (EST)
	f := &shared.ApplicationForm{Type: shared.ApplicationShiftAdjustment, Status: shared.ApplicationRefused,
		StartTime: start.UnixMilli(), EndTime: start.Add(2 * time.Hour).UnixMilli(), Reason: "Clase", ApproverName: "Elena", Comment: "Lo siento"}
	for _, tc := range []struct {
		lang             shared.Language
		subject, comment string
	}{
		{"", "Your shift adjustment request at Casa Sol was refused", "Comment from Elena: Lo siento"},
		{shared.LangEsES, "Su solicitud de cambio de turno en Casa Sol fue rechazada", "Comentario de Elena: Lo siento"},
		{shared.LangZhCN, "您在Casa Sol的调班申请未获批准", "Elena的备注：Lo siento"},
	} {
		m := decisionMail(&requester{Email: "ana@example.com", Name: "Ana", Facility: "Casa Sol", TimeZone: "ET", Language: tc.lang}, f)
		if m.To != "ana@example.com" || m.Subject != tc.subject {
			t.Errorf("%q: to %q, subject %q", tc.lang, m.To, m.Subject)
		}
		for _, want := range []string{tc.comment, "2026-01-05 17:30 ET", "2026-01-05 19:30 ET", "Clase", "Ana"} {
			if !strings.Contains(m.Body, want) {
				t.Errorf("%q: body lacks %q:\n%s", tc.lang, want, m.Body)
			}
		}
		if strings.ContainsAny(m.Subject+m.Body, "{}") {
			t.Errorf("%q: a placeholder is left:\n%s", tc.lang, m.Body)
		}
	}
	f.Status, f.Comment = shared.ApplicationApproved, ""
	if m := decisionMail(&requester{Name: "Ana", Facility: "Casa Sol", TimeZone: "ET", Language: shared.LangEsES}, f); m.Subject != "Su solicitud de cambio de turno en Casa Sol fue aprobada" ||
		strings.Contains(m.Body, "Comentario") {
		t.Errorf("approved without a comment: %q\n%s", m.Subject, m.Body)
	}
}
