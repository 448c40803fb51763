package medication

import (
	"context"
	"strconv"

	"hearth/cloud/platform/chatpost"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Chat is Hearth's chat: a pass 30 minutes from overdue is also said in the
// Hearth chat of each person warned (issue 20, "System messages"), in the
// transaction that marks the pass warned. cloud/server wires the chat
// service (Deps.Chat, required).
type Chat interface {
	Post(ctx context.Context, q db.Querier, p chatpost.Post) error
}

// chatOverdueSoon tells people in their Hearth chats that pass w becomes overdue in 30 minutes.
func (s *Service) chatOverdueSoon(ctx context.Context, q db.Querier, tenantID string, people []string, w toWarn, now int64) error {
	if len(people) == 0 {
		return nil
	}
	return s.chat.Post(ctx, q, chatpost.Post{TenantID: tenantID, To: people, Key: shared.ChatKeyMedOverdueSoon,
		Params:   map[string]string{"resident": w.ResidentName, "medication": w.MedName, "dueAt": strconv.FormatInt(w.DueAt, 10)},
		SourceID: w.ID, At: now})
}
