package im

import (
	"context"
	"errors"

	"hearth/cloud/platform/chatpost"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Post stores one of Hearth's own messages (kind SYSTEM, format KEY: its key
// and params are read in each reader's language) in q's transaction: in the
// facility's channel, or in the Hearth chat of each person of p.To who works
// at the facility. A second post with the same Key and SourceID to the same
// chat is not stored again. Sockets hear of it after the commit. The other
// features reach it through their own one-method interface (chatpost).
func (s *Service) Post(ctx context.Context, q db.Querier, p chatpost.Post) error {
	at := p.At
	if at == 0 {
		at = s.now().UnixMilli()
	}
	var chats []*chatRow
	if len(p.To) == 0 {
		c, err := s.ensureFacility(ctx, q, p.TenantID)
		if err != nil {
			return err
		}
		chats = append(chats, c)
	} else {
		people, err := s.store.PeopleByID(ctx, q, p.TenantID, dedupe(p.To))
		if err != nil {
			return err
		}
		for _, pp := range people {
			c, err := s.ensureSystem(ctx, q, p.TenantID, pp.UserID)
			if err != nil {
				return err
			}
			chats = append(chats, c)
		}
	}
	track := p.Key + "|" + p.SourceID
	if p.SourceID == "" {
		track = p.Key + "|" + newID()
	}
	for _, c := range chats {
		// Looked for first, so a repeated post usually takes no sequence number;
		// send looks again once the chat is locked.
		if _, err := s.store.MessageByTrack(ctx, q, c.ID, "", track); err == nil {
			continue
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		m := &messageRow{TrackID: track, Kind: shared.MessageSystem, Format: shared.FormatKey, Content: p.Key,
			Extra: params(p.Params), CreatedAt: at}
		if err := s.send(ctx, q, c, m, nil); err != nil && !errors.Is(err, errDuplicate) {
			return err
		}
	}
	return nil
}
