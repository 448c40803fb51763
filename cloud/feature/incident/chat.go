package incident

import (
	"context"

	"hearth/cloud/platform/chatpost"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Chat is Hearth's chat: a report submitted for review is said in the Hearth
// chat of each owner and admin told of it (issue 20, "System messages"), in
// the submit's transaction. cloud/server wires the chat service (Deps.Chat,
// required).
type Chat interface {
	Post(ctx context.Context, q db.Querier, p chatpost.Post) error
}

// chatForReview tells managers in their Hearth chats that r waits for their
// review. The type goes as its code (the UI names it in the reader's
// language); a facility-group report has no resident.
func (s *Service) chatForReview(ctx context.Context, q db.Querier, tenantID string, managers []string, r *row) error {
	if len(managers) == 0 { // no one named would mean the facility's channel
		return nil
	}
	resident := r.ResidentName
	if r.Group != shared.IncidentGroupResident {
		resident = ""
	}
	return s.chat.Post(ctx, q, chatpost.Post{TenantID: tenantID, To: managers, Key: shared.ChatKeyIncidentForReview,
		Params:   map[string]string{"author": r.AuthorName, "resident": resident, "incidentType": string(r.Type)},
		SourceID: r.ID, At: r.SubmittedAt})
}
