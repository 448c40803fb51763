package im

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// errDuplicate rolls back a send whose trackId was stored before; the stored
// message is answered instead.
var errDuplicate = errors.New("im: message already stored")

// quoteMax is how much of a replied-to text is quoted.
const quoteMax = 200

// mediaKinds are the kinds whose content names an uploaded file.
var mediaKinds = []shared.MessageKind{shared.MessageImage, shared.MessageFile, shared.MessageAudio, shared.MessageVideo}

// send numbers m in its chat and stores it, unless its sender stored a
// message with its trackId before (then errDuplicate, and *dup is that
// message). The chat's row is locked first, so two sends of one trackId at
// once are answered one after the other. Every member's sockets get the
// message; the others get their new unread counts.
func (s *Service) send(ctx context.Context, tx db.Querier, c *chatRow, m *messageRow, dup **messageRow) error {
	seq, err := s.store.NextSeq(ctx, tx, c.ID, m.CreatedAt)
	if err != nil {
		return err
	}
	if existing, err := s.store.MessageByTrack(ctx, tx, c.ID, m.SenderID, m.TrackID); err == nil {
		if dup != nil {
			*dup = existing
		}
		return errDuplicate
	} else if !errors.Is(err, db.ErrNotFound) {
		return err
	}
	m.Seq, c.LastSeq, c.LastMessageAt = seq, seq, m.CreatedAt
	if m.ID == "" {
		m.ID = newID()
	}
	m.TenantID, m.ChatID = c.TenantID, c.ID
	if err := s.store.InsertMessage(ctx, tx, m); err != nil {
		return err
	}
	if m.SenderID != "" {
		if err := s.store.SetRead(ctx, tx, c.ID, m.SenderID, seq); err != nil {
			return err
		}
	}
	members, err := s.store.Members(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	ids := userIDs(members)
	if err := s.publish(ctx, tx, c.TenantID, ids, shared.ImMessage, toMessage(m, "")); err != nil {
		return err
	}
	return s.publishUnread(ctx, tx, c.TenantID, c.ID, others(ids, m.SenderID))
}

// alert tells the other members' phones of m (Web Push, a job in tx):
// a text shows its words, a file only that one came.
func (s *Service) alert(ctx context.Context, tx *db.Tx, c *chatRow, m *messageRow) error {
	members, err := s.store.Members(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	text := ""
	if m.Kind == shared.MessageText {
		text = m.Content
	}
	return s.alerts.Chat(ctx, tx, c.TenantID, others(userIDs(members), m.SenderID), c.ID, m.SenderName, text) //nolint:wrapcheck // push wraps its own
}

// event stores an EVENT message about the chat itself, by the caller.
func (s *Service) event(ctx context.Context, tx db.Querier, c *chatRow, p *auth.Principal, key string, v map[string]string) (*messageRow, error) {
	name, err := people.Name(ctx, tx, p.UserID)
	if err != nil {
		return nil, err
	}
	v["actor"] = name
	if key == shared.ChatKeyMemberLeft {
		v["member"] = name
	}
	m := &messageRow{TrackID: "event:" + newID(), SenderID: p.UserID, SenderName: name, Kind: shared.MessageEvent,
		Format: shared.FormatKey, Content: key, Extra: params(v), CreatedAt: s.now().UnixMilli()}
	return m, s.send(ctx, tx, c, m, nil)
}

// quote is what a reply shows of the message it answers: its text, or its
// file's name; nothing of a recalled one.
func quote(m *messageRow) string {
	if m.Recalled {
		return ""
	}
	switch {
	case m.Kind == shared.MessageText:
		r := []rune(m.Content)
		if len(r) > quoteMax {
			return string(r[:quoteMax-1]) + "…"
		}
		return m.Content
	case slices.Contains(mediaKinds, m.Kind):
		var d struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal([]byte(m.Extra), &d)
		if d.Name != "" {
			return d.Name
		}
	}
	return m.Content
}

// visible finds a message the caller may read: in a chat of their facility
// they are in now, since they joined it, not deleted by them (else 4004).
func (s *Service) visible(ctx context.Context, q db.Querier, tenantID, userID, id string) (*messageRow, *chatRow, error) {
	m, err := s.store.Message(ctx, q, tenantID, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, problem.NotFound
	}
	if err != nil {
		return nil, nil, err
	}
	if m.Kind == shared.MessageCommand {
		return nil, nil, problem.NotFound
	}
	c, me, err := s.memberChat(ctx, q, tenantID, m.ChatID, userID)
	if err != nil {
		return nil, nil, err
	}
	if m.Seq <= me.JoinedSeq {
		return nil, nil, problem.NotFound
	}
	if hidden, err := s.store.Hidden(ctx, q, m.ID, userID); err != nil || hidden {
		if err == nil {
			err = problem.NotFound
		}
		return nil, nil, err
	}
	return m, c, nil
}

// Push sends the caller's message. A trackId the caller already sent to the
// chat answers the stored message again (stored once).
func (s *Service) Push(ctx context.Context, p *auth.Principal, in shared.MessagePushRequest) (*shared.Message, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	content, extra := in.Content, ""
	switch {
	case in.MessageType == shared.MessageText:
		if content, err = problem.Text("content", in.Content, true, shared.ChatTextMax); err != nil {
			return nil, err
		}
	case slices.Contains(mediaKinds, in.MessageType):
		content = strings.TrimSpace(content)
		if content == "" {
			return nil, problem.Invalid("content", "required", "validation.required", nil)
		}
	default:
		return nil, problem.Invalid("messageType", "enum", "validation.enum", map[string]any{"values": "TEXT, IMAGE, FILE, AUDIO, VIDEO"})
	}
	var out, dup *messageRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		c, _, err := s.memberChat(ctx, tx, tenant, in.ChatID, p.UserID)
		if err != nil {
			return err
		}
		if c.Kind == shared.ChatSystem {
			return ErrReadOnly
		}
		name, err := people.Name(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		m := &messageRow{TrackID: in.TrackID, SenderID: p.UserID, SenderName: name, Kind: in.MessageType, Format: shared.FormatPlain,
			Content: content, CreatedAt: s.now().UnixMilli()}
		if in.MessageType == shared.MessageText {
			lang, err := userLanguage(ctx, tx, p.UserID)
			if err != nil {
				return err
			}
			m.Language = string(lang) // the sender's language: what they write in, as far as Hearth knows
		} else {
			if extra, err = s.mediaExtra(ctx, tx, c, p, in); err != nil {
				return err
			}
			m.Extra = extra
		}
		if in.ReferMessageID != "" {
			ref, _, err := s.visible(ctx, tx, tenant, p.UserID, in.ReferMessageID)
			if err != nil {
				return err
			}
			if ref.ChatID != c.ID {
				return problem.NotFound
			}
			m.ReferID, m.ReferContent = ref.ID, quote(ref)
		}
		if err := s.send(ctx, tx, c, m, &dup); err != nil {
			return err
		}
		if err := s.alert(ctx, tx, c, m); err != nil {
			return err
		}
		if in.MessageType != shared.MessageText {
			if err := s.files.Attach(ctx, tx, p, shared.FileChat, []string{content}); err != nil {
				return err
			}
		}
		out = m
		return nil
	})
	if errors.Is(err, errDuplicate) {
		out, err = dup, nil
	} else if db.IsUniqueViolation(err) {
		// Another replica stored it between our check and our insert: answer that one.
		out, err = s.store.MessageByTrack(ctx, s.db, in.ChatID, p.UserID, in.TrackID)
		if errors.Is(err, db.ErrNotFound) {
			err = problem.New(shared.CodeConflict, "error.conflict")
		}
	}
	if err != nil {
		return nil, err
	}
	msg := toMessage(out, "")
	return &msg, nil
}

// mediaExtra checks that a media message names a file the caller uploaded to
// this chat as that kind (any upload may go as a FILE) and answers its extra:
// the file's details, with an audio clip's durationMs from the client.
func (s *Service) mediaExtra(ctx context.Context, q db.Querier, c *chatRow, p *auth.Principal, in shared.MessagePushRequest) (string, error) {
	f, err := s.store.File(ctx, q, c.ID, strings.TrimSpace(in.Content))
	if errors.Is(err, db.ErrNotFound) {
		return "", problem.Invalid("content", "file", "im.notUploaded", nil)
	}
	if err != nil {
		return "", err
	}
	if f.UploaderID != p.UserID {
		return "", problem.Invalid("content", "file", "im.notUploaded", nil)
	}
	if f.Kind != in.MessageType && in.MessageType != shared.MessageFile {
		return "", problem.Invalid("messageType", "file", "im.wrongKind", map[string]any{"kind": string(f.Kind)})
	}
	details := map[string]any{}
	_ = json.Unmarshal([]byte(f.Details), &details)
	if in.MessageType == shared.MessageAudio && in.Extra != "" {
		var e struct {
			DurationMs int64 `json:"durationMs"`
		}
		if json.Unmarshal([]byte(in.Extra), &e) == nil && e.DurationMs > 0 {
			details["durationMs"] = e.DurationMs
		}
	}
	b, _ := json.Marshal(details)
	return string(b), nil
}

// MessagePage is a page of a chat's messages for the caller, oldest first,
// with the cached translations into the caller's language; with the caller's
// auto-translate on, a few missing ones are made (a provider that refuses
// leaves the originals).
func (s *Service) MessagePage(ctx context.Context, p *auth.Principal, in shared.MessagePageRequest) (*shared.MessagePage, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	size := in.Size
	if size <= 0 {
		size = 20
	}
	_, me, err := s.memberChat(ctx, s.db, tenant, in.ChatID, p.UserID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.Page(ctx, s.db, in.ChatID, p.UserID, me.JoinedSeq, in.Before, size)
	if err != nil {
		return nil, err
	}
	out := &shared.MessagePage{HasMore: len(rows) > size, Records: []shared.Message{}}
	if out.HasMore {
		rows = rows[:size]
	}
	slices.Reverse(rows)
	lang, err := s.readerLanguage(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	cached, err := s.store.Translations(ctx, s.db, ids, lang)
	if err != nil {
		return nil, err
	}
	if me.AutoTranslate {
		s.autoTranslate(ctx, p, rows, lang, cached)
	}
	for i := range rows {
		out.Records = append(out.Records, toMessage(&rows[i], cached[rows[i].ID]))
	}
	return out, nil
}

// DeleteForMe hides messages of the caller's chats from the caller only.
func (s *Service) DeleteForMe(ctx context.Context, p *auth.Principal, in shared.MessageDeleteRequest) error {
	tenant, err := tenantOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, id := range in.MessageIDs {
			m, _, err := s.visible(ctx, tx, tenant, p.UserID, id)
			if errors.Is(err, problem.NotFound) {
				if m2, _ := s.store.Message(ctx, tx, tenant, id); m2 != nil {
					if hidden, _ := s.store.Hidden(ctx, tx, id, p.UserID); hidden {
						continue // deleted before: nothing to do
					}
				}
			}
			if err != nil {
				return err
			}
			if err := s.store.Hide(ctx, tx, tenant, m.ID, p.UserID); err != nil {
				return err
			}
		}
		return nil
	})
}

// Recall empties the caller's message for everyone, within the recall
// window after it was sent (spec 000 §4); the members see a recall event.
func (s *Service) Recall(ctx context.Context, p *auth.Principal, messageID string) (*shared.Message, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	window := time.Duration(s.params.Int(ctx, param.ChatRecallSeconds)) * time.Second
	var out *messageRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		m, c, err := s.visible(ctx, tx, tenant, p.UserID, messageID)
		if err != nil {
			return err
		}
		if m.SenderID != p.UserID || m.Kind == shared.MessageEvent {
			return ErrNotYours
		}
		if m.Recalled {
			out = m
			return nil
		}
		since := s.now().Add(-window).UnixMilli()
		ok, err := s.store.Recall(ctx, tx, m.ID, p.UserID, since)
		if err != nil {
			return err
		}
		if !ok {
			return ErrRecallTooLate.With(map[string]any{"seconds": int(window.Seconds())})
		}
		if out, err = s.store.Message(ctx, tx, tenant, m.ID); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, p, "chat.recall", "chatMessage", m.ID, nil, map[string]any{"chatId": c.ID, "seq": m.Seq}); err != nil {
			return err
		}
		members, err := s.store.Members(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		return s.publish(ctx, tx, c.TenantID, userIDs(members), shared.ImRecall, shared.ImRecallEvent{ChatID: c.ID, MessageID: m.ID})
	})
	if err != nil {
		return nil, err
	}
	msg := toMessage(out, "")
	return &msg, nil
}

// forwardable are the kinds a message may be forwarded as.
var forwardable = []shared.MessageKind{shared.MessageText, shared.MessageImage, shared.MessageFile, shared.MessageAudio,
	shared.MessageVideo, shared.MessageForwardMerge}

// Forward sends messages of chats the caller is in to chats the caller is
// in: each as a copy of its own (FORWARD_EACH), or all as one merged message
// (FORWARD_MERGE). At most the configured maximum at once (spec 000 §5).
func (s *Service) Forward(ctx context.Context, p *auth.Principal, in shared.MessageForwardRequest) ([]shared.Message, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	ids := dedupe(in.MessageIDs)
	if len(ids) > s.forwardMax {
		return nil, problem.Invalid("messageIds", "maxItems", "im.forwardTooMany", map[string]any{"max": s.forwardMax})
	}
	if in.Mode != shared.MessageForwardEach && in.Mode != shared.MessageForwardMerge {
		return nil, problem.Invalid("mode", "enum", "validation.enum", map[string]any{"values": "FORWARD_EACH, FORWARD_MERGE"})
	}
	targets := dedupe(in.ChatIDs)
	var out []shared.Message
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var src []*messageRow
		for _, id := range ids {
			m, _, err := s.visible(ctx, tx, tenant, p.UserID, id)
			if err != nil {
				return err
			}
			if m.Recalled || !slices.Contains(forwardable, m.Kind) {
				return problem.Invalid("messageIds", "forwardable", "im.notForwardable", nil)
			}
			src = append(src, m)
		}
		slices.SortStableFunc(src, func(a, b *messageRow) int { return int(a.CreatedAt - b.CreatedAt) })
		name, err := people.Name(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		for ti, chatID := range targets {
			c, _, err := s.memberChat(ctx, tx, tenant, chatID, p.UserID)
			if err != nil {
				return err
			}
			if c.Kind == shared.ChatSystem {
				return ErrReadOnly
			}
			for _, m := range src {
				if err := s.shareFiles(ctx, tx, c, m, now); err != nil {
					return err
				}
			}
			var made []*messageRow
			if in.Mode == shared.MessageForwardEach {
				for i, m := range src {
					made = append(made, &messageRow{TrackID: in.TrackID + "#" + strconv.Itoa(ti) + "." + strconv.Itoa(i), SenderID: p.UserID,
						SenderName: name, Kind: m.Kind, Format: m.Format, Content: m.Content, Extra: m.Extra, Language: m.Language, CreatedAt: now})
				}
			} else {
				items := make([]shared.ForwardedMessage, len(src))
				for i, m := range src {
					items[i] = shared.ForwardedMessage{MessageType: m.Kind, Content: m.Content, Extra: m.Extra, SenderName: m.SenderName, Timestamp: m.CreatedAt}
				}
				b, _ := json.Marshal(items)
				made = append(made, &messageRow{TrackID: in.TrackID + "#" + strconv.Itoa(ti), SenderID: p.UserID, SenderName: name,
					Kind: shared.MessageForwardMerge, Format: shared.FormatPlain, Extra: string(b), CreatedAt: now})
			}
			for _, m := range made {
				var dup *messageRow
				err := s.send(ctx, tx, c, m, &dup)
				if errors.Is(err, errDuplicate) {
					m = dup
				} else if err != nil {
					return err
				}
				out = append(out, toMessage(m, ""))
			}
		}
		return nil
	})
	return out, err
}

// shareFiles lets the members of c read the files m names (forwarded media,
// and the media inside a merged forward).
func (s *Service) shareFiles(ctx context.Context, q db.Querier, c *chatRow, m *messageRow, now int64) error {
	share := func(kind shared.MessageKind, fileID, extra string) error {
		if !slices.Contains(mediaKinds, kind) || fileID == "" {
			return nil
		}
		return s.store.AddFile(ctx, q, c.TenantID, c.ID, fileID, m.SenderID, kind, extra, now)
	}
	if m.Kind != shared.MessageForwardMerge {
		return share(m.Kind, m.Content, m.Extra)
	}
	var items []shared.ForwardedMessage
	_ = json.Unmarshal([]byte(m.Extra), &items)
	for _, it := range items {
		if err := share(it.MessageType, it.Content, it.Extra); err != nil {
			return err
		}
	}
	return nil
}

func dedupe(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
