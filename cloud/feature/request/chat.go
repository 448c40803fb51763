package request

import (
	"context"
	"time"

	"hearth/cloud/platform/chatpost"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Chat is Hearth's chat: approved leave is said in the requester's Hearth
// chat (issue 20, "System messages"), in the decision's transaction.
// cloud/server wires the chat service (Deps.Chat, required).
type Chat interface {
	Post(ctx context.Context, q db.Querier, p chatpost.Post) error
}

// chatLeaveApproved tells the requester of leave r that it was approved, its
// first and last days in the facility's zone. The end is an instant the leave
// runs up to, so a leave ending at midnight ends the day before.
func (s *Service) chatLeaveApproved(ctx context.Context, q db.Querier, tenantID string, r *row, at int64) error {
	if r.Type != shared.ApplicationLeave {
		return nil
	}
	loc, _, err := zone.Facility(ctx, q, tenantID)
	if err != nil {
		return err
	}
	day := func(ms int64) string { return time.UnixMilli(ms).In(loc).Format(time.DateOnly) }
	return s.chat.Post(ctx, q, chatpost.Post{TenantID: tenantID, To: []string{r.CreatorID}, Key: shared.ChatKeyLeaveApproved,
		Params:   map[string]string{"caregiver": r.CreatorName, "from": day(r.StartAt), "to": day(max(r.StartAt, r.EndAt-1))},
		SourceID: r.ID, At: at})
}
