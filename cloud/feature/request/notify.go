package request

import (
	"context"
	"errors"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// mailTimeLayout is how a request's start and end read in the decision mail:
// the facility's wall clock, followed by its zone code (PT).
const mailTimeLayout = "2006-01-02 15:04"

// notifyDecided e-mails the requester that their request was approved or
// refused, with the decider's comment. It runs after the decision committed;
// a failure is logged, never answered: the decision stands and the requester
// sees it in their request history.
func (s *Service) notifyDecided(ctx context.Context, tenantID string, f *shared.ApplicationForm) {
	// The decision is stored; a client that hangs up now must not stop its mail.
	ctx = context.WithoutCancel(ctx)
	to, err := s.store.Requester(ctx, s.db, tenantID, f.Creator)
	if errors.Is(err, db.ErrNotFound) {
		return // no account to tell any more
	}
	if err != nil {
		s.log.ErrorContext(ctx, "request decided: requester", "err", err, "applicationId", f.ApplicationID)
		return
	}
	if to.Email == "" {
		return
	}
	m := decisionMail(to, f)
	if err := s.mail.Send(ctx, m); err != nil {
		s.log.ErrorContext(ctx, "request decided: mail not sent", "err", err, "to", to.Email, "applicationId", f.ApplicationID)
	}
}

// decisionMail is the requester's mail about a decided request, in their
// language: users.language (the language they last signed in with, or chose
// at hire), else English.
func decisionMail(to *requester, f *shared.ApplicationForm) mail.Message {
	lang := shared.LangEnUS
	if to.Language != "" {
		lang = to.Language
	}
	loc := zone.Of(to.TimeZone)
	at := func(ms int64) string {
		return time.UnixMilli(ms).In(loc).Format(mailTimeLayout) + " " + string(to.TimeZone)
	}
	args := map[string]any{"name": to.Name, "facility": to.Facility, "approver": f.ApproverName,
		"type": msg.T(lang, "request.mail.type."+string(f.Type), nil), "start": at(f.StartTime), "end": at(f.EndTime),
		"reason": f.Reason, "comment": f.Comment}
	args["commentLine"] = ""
	if f.Comment != "" {
		args["commentLine"] = msg.T(lang, "request.mail.comment", args)
	}
	key := "request.mail.approved"
	if f.Status == shared.ApplicationRefused {
		key = "request.mail.refused"
	}
	return mail.Message{To: to.Email, Subject: msg.T(lang, key+".subject", args), Body: msg.T(lang, key+".body", args)}
}
