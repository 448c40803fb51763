package shift

import (
	"context"

	"hearth/cloud/platform/chatpost"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Chat is Hearth's chat: a submitted shift report is said in the facility's
// channel (issue 20, "System messages"), in the submit's transaction.
// cloud/server wires the chat service (Deps.Chat, required).
type Chat interface {
	Post(ctx context.Context, q db.Querier, p chatpost.Post) error
}

// chatReportSubmitted tells the facility's channel that r was submitted.
func (s *Service) chatReportSubmitted(ctx context.Context, q db.Querier, tenantID string, r *reportRow) error {
	return s.chat.Post(ctx, q, chatpost.Post{TenantID: tenantID, Key: shared.ChatKeyShiftReportSubmitted,
		Params: map[string]string{"author": r.AuthorName, "shiftDate": r.ShiftDate}, SourceID: r.ID, At: r.SubmittedAt})
}
