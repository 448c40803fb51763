package carerecord

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/shell"
	"hearth/shared"
)

// CardRecord is the owners' and admins' dashboard card of the residents'
// record (registered in cloud/server).
const CardRecord = "careRecord"

// RecordCard shows the progress notes the caller has not read and the
// residents with readings outside their normal range in the last 24 hours
// (names, most flagged first), linking to the first one's profile. Hidden
// when there is neither.
func (s *Service) RecordCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p == nil || p.TenantID == "" {
		return nil, nil
	}
	unread, err := s.store.CountUnread(ctx, s.db, p.TenantID, p.UserID, "")
	if err != nil {
		return nil, err
	}
	since := s.now().Add(-flaggedWindow).UnixMilli()
	names, first, _, err := s.store.FlaggedSince(ctx, s.db, p.TenantID, since)
	if err != nil {
		return nil, err
	}
	oldest, err := s.store.OldestFlaggedSince(ctx, s.db, p.TenantID, since)
	if err != nil {
		return nil, err
	}
	if oldest > 0 { // it leaves the last 24 hours the millisecond after
		shell.ChangesAtMillis(ctx, oldest+flaggedWindow.Milliseconds()+1)
	}
	if unread == 0 && len(names) == 0 {
		return nil, nil
	}
	items := []shared.DashboardItem{{Key: "progressNotesUnread", Count: unread, Tone: shared.ToneNone}}
	if unread > 0 {
		items[0].Tone = shared.ToneWarning
	}
	flagged := shared.DashboardItem{Key: "residentsFlagged", Count: len(names), Tone: shared.ToneNone}
	if len(names) > 0 {
		flagged.Tone = shared.ToneDanger
		flagged.Names = names[:min(len(names), shared.DashboardMaxNames)]
		flagged.Link = "/resident-management/detail?residentId=" + first
	}
	return &shared.DashboardCard{Link: "/resident-management", Items: append(items, flagged)}, nil
}
