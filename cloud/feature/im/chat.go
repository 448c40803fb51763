package im

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Chat keys (chats.chat_key): the chats that exist once per facility.
const facilityKey = "f"

func systemKey(userID string) string { return "s:" + userID }

func directKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return "d:" + a + ":" + b
}

// hearthName is the name of a person's Hearth chat (the UI shows its own words for it).
const hearthName = "Hearth"

// ensureFacility makes the facility's channel when it has none and keeps its
// members in step with the facility's people: every enabled member of the
// staff and its owners is in it, nobody else (spec 000 §5; it is checked
// whenever the chat list, the unread count or a post to the channel is read).
func (s *Service) ensureFacility(ctx context.Context, q db.Querier, tenantID string) (*chatRow, error) {
	now := s.now().UnixMilli()
	c, err := s.ensureChat(ctx, q, tenantID, facilityKey, shared.ChatFacility, "", now)
	if err != nil {
		return nil, err
	}
	persons, err := s.store.People(ctx, q, tenantID, 100000)
	if err != nil {
		return nil, err
	}
	members, err := s.store.Members(ctx, q, c.ID)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, p := range persons {
		want[p.UserID] = true
	}
	have := map[string]bool{}
	for _, m := range members {
		have[m.UserID] = true
		if !want[m.UserID] {
			if _, err := s.store.Leave(ctx, q, c.ID, m.UserID, now); err != nil {
				return nil, err
			}
		}
	}
	for _, p := range persons {
		if !have[p.UserID] {
			// A newcomer reads the channel's history; its earlier messages are not unread for them.
			if _, err := s.store.Join(ctx, q, tenantID, c.ID, p.UserID, 0, now); err != nil {
				return nil, err
			}
			if err := s.store.SetRead(ctx, q, c.ID, p.UserID, c.LastSeq); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// ensureChat is the facility's chat with key, made when missing (two callers
// at once make it once: the key is unique).
func (s *Service) ensureChat(ctx context.Context, q db.Querier, tenantID, key string, kind shared.ChatKind, createdBy string, now int64) (*chatRow, error) {
	c, err := s.store.ChatByKey(ctx, q, tenantID, key)
	if !errors.Is(err, db.ErrNotFound) {
		return c, err
	}
	if _, err := s.store.InsertChat(ctx, q, &chatRow{ID: newID(), TenantID: tenantID, Kind: kind, Key: key,
		LastMessageAt: now, CreatedBy: createdBy, CreatedAt: now}); err != nil {
		return nil, err
	}
	return s.store.ChatByKey(ctx, q, tenantID, key)
}

// ensureSystem is a person's Hearth chat, made when missing.
func (s *Service) ensureSystem(ctx context.Context, q db.Querier, tenantID, userID string) (*chatRow, error) {
	now := s.now().UnixMilli()
	c, err := s.ensureChat(ctx, q, tenantID, systemKey(userID), shared.ChatSystem, "", now)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.Join(ctx, q, tenantID, c.ID, userID, 0, now); err != nil {
		return nil, err
	}
	return c, nil
}

// Dashboard is the caller's unread messages in all their chats of the facility.
// The super admin, who chats nowhere, has none.
func (s *Service) Dashboard(ctx context.Context, p *auth.Principal) (*shared.ImDashboard, error) {
	recall := int(s.params.Int(ctx, param.ChatRecallSeconds))
	if p.TenantID == "" {
		return &shared.ImDashboard{RecallSeconds: recall}, nil
	}
	if err := s.syncFacility(ctx, p.TenantID); err != nil {
		return nil, err
	}
	total, err := s.unreadTotal(ctx, s.db, p.TenantID, p.UserID)
	return &shared.ImDashboard{UnreadMessageCount: total, RecallSeconds: recall}, err
}

// syncFacility keeps the facility's channel in step with its people; it
// writes (one transaction) only when they differ, so the frequent reads of
// the chat list and the unread count stay reads.
func (s *Service) syncFacility(ctx context.Context, tenantID string) error {
	c, err := s.store.ChatByKey(ctx, s.db, tenantID, facilityKey)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	if err == nil {
		persons, err := s.store.People(ctx, s.db, tenantID, 100000)
		if err != nil {
			return err
		}
		members, err := s.store.Members(ctx, s.db, c.ID)
		if err != nil {
			return err
		}
		if len(persons) == len(members) {
			in := map[string]bool{}
			for _, m := range members {
				in[m.UserID] = true
			}
			same := true
			for _, pp := range persons {
				same = same && in[pp.UserID]
			}
			if same {
				return nil
			}
		}
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		_, err := s.ensureFacility(ctx, tx, tenantID)
		return err
	})
}

// CountUnread is the caller's unread chat messages (a sidebar counter).
func (s *Service) CountUnread(ctx context.Context, p *auth.Principal) (int, error) {
	if p.TenantID == "" {
		return 0, nil
	}
	return s.unreadTotal(ctx, s.db, p.TenantID, p.UserID)
}

func (s *Service) unreadTotal(ctx context.Context, q db.Querier, tenantID, userID string) (int, error) {
	by, err := s.store.UnreadByChat(ctx, q, tenantID, userID)
	total := 0
	for _, n := range by {
		total += n
	}
	return total, err
}

// ChatPage is the caller's chats at the facility, latest activity first.
func (s *Service) ChatPage(ctx context.Context, p *auth.Principal, in shared.ChatPageRequest) (*shared.Page[shared.Chat], error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	current, size := max(in.Current, 1), in.Size
	if size <= 0 {
		size = 20
	}
	out := &shared.Page[shared.Chat]{Current: current, Size: size, Records: []shared.Chat{}}
	if err := s.syncFacility(ctx, tenant); err != nil {
		return nil, err
	}
	rows, more, err := s.store.ChatsOf(ctx, s.db, tenant, p.UserID, shared.Offset(current, size), size)
	if err != nil {
		return nil, err
	}
	unread, err := s.store.UnreadByChat(ctx, s.db, tenant, p.UserID)
	if err != nil {
		return nil, err
	}
	page := make([]*chatRow, len(rows))
	for i := range rows {
		page[i] = &rows[i]
	}
	if out.Records, err = s.chats(ctx, s.db, page, p.UserID, unread); err != nil {
		return nil, err
	}
	out.Total = int64(shared.Offset(current, size) + len(rows))
	if more {
		out.Total++ // at least one more: the client pages on while records come
	}
	return out, nil
}

// chat is one chat as userID sees it.
func (s *Service) chat(ctx context.Context, q db.Querier, c *chatRow, userID string, unread int) (*shared.Chat, error) {
	list, err := s.chats(ctx, q, []*chatRow{c}, userID, map[string]int{c.ID: unread})
	if err != nil {
		return nil, err
	}
	return &list[0], nil
}

// chats are chats as userID sees them, in the order given. Their members and
// each one's newest message are read for all of them at once, so a page of
// the chat list costs the same few statements however many chats it holds.
func (s *Service) chats(ctx context.Context, q db.Querier, cs []*chatRow, userID string, unread map[string]int) ([]shared.Chat, error) {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	membersOf, err := s.store.MembersOf(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	last, err := s.store.LastMessages(ctx, q, userID, ids)
	if err != nil {
		return nil, err
	}
	facilityNames := map[string]string{}
	out := make([]shared.Chat, 0, len(cs))
	for _, c := range cs {
		members := membersOf[c.ID]
		view := shared.Chat{ID: c.ID, Kind: c.Kind, Name: c.Name, TenantID: c.TenantID, Members: make([]shared.ChatMember, 0, len(members)),
			UnreadMessageCount: unread[c.ID], LastMessageTime: c.LastMessageAt, CreatedAt: c.CreatedAt}
		var me *memberRow
		for i, m := range members {
			view.Members = append(view.Members, s.toMember(m))
			if m.UserID == userID {
				me = &members[i]
			}
		}
		switch c.Kind {
		case shared.ChatFacility:
			name, ok := facilityNames[c.TenantID]
			if !ok {
				if name, err = s.store.FacilityName(ctx, q, c.TenantID); err != nil {
					return nil, err
				}
				facilityNames[c.TenantID] = name
			}
			view.Name = name
		case shared.ChatSystem:
			view.Name = hearthName
		case shared.ChatDirect:
			for _, m := range members {
				if m.UserID != userID {
					view.Name = m.Name
				}
			}
			if view.Name == "" { // the other person left: still named after them
				for _, id := range strings.Split(strings.TrimPrefix(c.Key, "d:"), ":") {
					if id != userID {
						if view.Name, err = people.Name(ctx, q, id); err != nil {
							return nil, err
						}
					}
				}
			}
		}
		if me != nil {
			view.AutoTranslate = me.AutoTranslate
			if m, ok := last[c.ID]; ok {
				lm := toMessage(&m, "")
				view.LastMessage = &lm
				// The time beside the entry is the message it shows: last_message_at also
				// counts the chat's creation (the demo's channel is made after its messages),
				// messages deleted for this reader and those from before they joined.
				view.LastMessageTime = m.CreatedAt
			}
		}
		out = append(out, view)
	}
	return out, nil
}

// chatFor answers a chat the caller is in, as they see it.
func (s *Service) chatFor(ctx context.Context, q db.Querier, tenantID, chatID, userID string) (*shared.Chat, error) {
	c, _, err := s.memberChat(ctx, q, tenantID, chatID, userID)
	if err != nil {
		return nil, err
	}
	unread, err := s.store.UnreadByChat(ctx, q, tenantID, userID)
	if err != nil {
		return nil, err
	}
	return s.chat(ctx, q, c, userID, unread[chatID])
}

// facilityPeople are ids (without the caller, once each) who are people of
// the facility who may chat; anyone else answers 4004.
func (s *Service) facilityPeople(ctx context.Context, q db.Querier, tenantID, callerID string, ids []string) ([]person, error) {
	var want []string
	for _, id := range ids {
		if id != callerID && !slices.Contains(want, id) {
			want = append(want, id)
		}
	}
	persons, err := s.store.PeopleByID(ctx, q, tenantID, want)
	if err != nil {
		return nil, err
	}
	if len(persons) != len(want) {
		return nil, problem.NotFound
	}
	return persons, nil
}

// Start opens the direct chat with one person (the existing one when there
// is one), or makes a group of the members and the caller.
func (s *Service) Start(ctx context.Context, p *auth.Principal, in shared.ChatStartRequest) (*shared.Chat, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	name, err := problem.Text("name", in.Name, false, shared.ChatNameMax)
	if err != nil {
		return nil, err
	}
	var out *shared.Chat
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		persons, err := s.facilityPeople(ctx, tx, tenant, p.UserID, in.MemberIDs)
		if err != nil {
			return err
		}
		if len(persons) == 0 {
			return problem.Invalid("memberIds", "required", "validation.required", nil)
		}
		if len(persons) > shared.ChatMembersMax-1 {
			return ErrGroupFull.With(map[string]any{"max": shared.ChatMembersMax})
		}
		now := s.now().UnixMilli()
		var c *chatRow
		if len(persons) == 1 && name == "" {
			if c, err = s.ensureChat(ctx, tx, tenant, directKey(p.UserID, persons[0].UserID), shared.ChatDirect, p.UserID, now); err != nil {
				return err
			}
			for _, id := range []string{p.UserID, persons[0].UserID} {
				joined, err := s.store.Join(ctx, tx, tenant, c.ID, id, 0, now)
				if err != nil {
					return err
				}
				if joined && id == p.UserID { // back in a direct chat they had left: nothing old is unread
					if err := s.store.SetRead(ctx, tx, c.ID, id, c.LastSeq); err != nil {
						return err
					}
				}
			}
		} else {
			if name == "" {
				name = groupName(persons)
			}
			c = &chatRow{ID: newID(), TenantID: tenant, Kind: shared.ChatGroup, Name: name, LastMessageAt: now, CreatedBy: p.UserID, CreatedAt: now}
			c.Key = "g:" + c.ID
			if _, err := s.store.InsertChat(ctx, tx, c); err != nil {
				return err
			}
			for _, id := range append([]string{p.UserID}, idsOf(persons)...) {
				if _, err := s.store.Join(ctx, tx, tenant, c.ID, id, 0, now); err != nil {
					return err
				}
			}
			if _, err := s.event(ctx, tx, c, p, shared.ChatKeyCreated, map[string]string{}); err != nil {
				return err
			}
			if err := s.audit(ctx, tx, p, "chat.create", "chat", c.ID, nil, map[string]any{"name": name, "members": idsOf(persons)}); err != nil {
				return err
			}
		}
		if out, err = s.chatFor(ctx, tx, tenant, c.ID, p.UserID); err != nil {
			return err
		}
		return s.publishChat(ctx, tx, c, userIDsOf(out.Members))
	})
	return out, err
}

func idsOf(persons []person) []string {
	out := make([]string, len(persons))
	for i, p := range persons {
		out[i] = p.UserID
	}
	return out
}

func userIDsOf(ms []shared.ChatMember) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UserID
	}
	return out
}

func namesOf(persons []person) string {
	names := make([]string, len(persons))
	for i, p := range persons {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// groupName names an unnamed group after its first members, within ChatNameMax.
func groupName(persons []person) string {
	sorted := slices.Clone(persons)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	r := []rune(namesOf(sorted))
	if len(r) > shared.ChatNameMax {
		r = append(r[:shared.ChatNameMax-1], '…')
	}
	return string(r)
}

// groupOfMember is a group of the caller's facility the caller is in.
func (s *Service) groupOfMember(ctx context.Context, q db.Querier, tenantID, chatID, userID string) (*chatRow, error) {
	c, _, err := s.memberChat(ctx, q, tenantID, chatID, userID)
	if err != nil {
		return nil, err
	}
	if c.Kind != shared.ChatGroup {
		return nil, ErrNotGroup
	}
	return c, nil
}

// AddMembers puts people of the facility in a group the caller is in.
func (s *Service) AddMembers(ctx context.Context, p *auth.Principal, in shared.ChatMembersRequest) (*shared.Chat, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	var out *shared.Chat
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		c, err := s.groupOfMember(ctx, tx, tenant, in.ChatID, p.UserID)
		if err != nil {
			return err
		}
		persons, err := s.facilityPeople(ctx, tx, tenant, p.UserID, in.UserIDs)
		if err != nil {
			return err
		}
		members, err := s.store.Members(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		var added []person
		for _, pp := range persons {
			if !slices.Contains(userIDs(members), pp.UserID) {
				added = append(added, pp)
			}
		}
		if len(members)+len(added) > shared.ChatMembersMax {
			return ErrGroupFull.With(map[string]any{"max": shared.ChatMembersMax})
		}
		if len(added) > 0 {
			now := s.now().UnixMilli()
			for _, pp := range added {
				// Someone added reads the group from here on.
				if _, err := s.store.Join(ctx, tx, tenant, c.ID, pp.UserID, c.LastSeq, now); err != nil {
					return err
				}
			}
			if _, err := s.event(ctx, tx, c, p, shared.ChatKeyMemberAdded, map[string]string{"members": namesOf(added)}); err != nil {
				return err
			}
			if err := s.audit(ctx, tx, p, "chat.addMember", "chat", c.ID, nil, map[string]any{"added": idsOf(added)}); err != nil {
				return err
			}
		}
		if out, err = s.chatFor(ctx, tx, tenant, c.ID, p.UserID); err != nil {
			return err
		}
		return s.publishChat(ctx, tx, c, userIDsOf(out.Members))
	})
	return out, err
}

// RemoveMembers takes people out of a group the caller is in (the caller
// taking themselves out leaves it).
func (s *Service) RemoveMembers(ctx context.Context, p *auth.Principal, in shared.ChatMembersRequest) (*shared.Chat, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	var out *shared.Chat
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		c, err := s.groupOfMember(ctx, tx, tenant, in.ChatID, p.UserID)
		if err != nil {
			return err
		}
		members, err := s.store.Members(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		var removed []person
		self := false
		for _, m := range members {
			if !slices.Contains(in.UserIDs, m.UserID) {
				continue
			}
			if m.UserID == p.UserID {
				self = true
				continue
			}
			if _, err := s.store.Leave(ctx, tx, c.ID, m.UserID, now); err != nil {
				return err
			}
			removed = append(removed, person{UserID: m.UserID, Name: m.Name})
		}
		if len(removed) > 0 {
			if _, err := s.event(ctx, tx, c, p, shared.ChatKeyMemberRemoved, map[string]string{"members": namesOf(removed)}); err != nil {
				return err
			}
			if err := s.audit(ctx, tx, p, "chat.removeMember", "chat", c.ID, nil, map[string]any{"removed": idsOf(removed)}); err != nil {
				return err
			}
		}
		if self {
			if err := s.leave(ctx, tx, c, p); err != nil {
				return err
			}
		}
		all := append(userIDs(members), idsOf(removed)...)
		if !self {
			if out, err = s.chatFor(ctx, tx, tenant, c.ID, p.UserID); err != nil {
				return err
			}
		}
		return s.publishChat(ctx, tx, c, all)
	})
	return out, err
}

// Leave takes the caller out of a group or a direct chat (starting the
// direct chat again brings it back). Nobody leaves the facility's channel
// or their Hearth chat.
func (s *Service) Leave(ctx context.Context, p *auth.Principal, chatID string) error {
	tenant, err := tenantOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		c, _, err := s.memberChat(ctx, tx, tenant, chatID, p.UserID)
		if err != nil {
			return err
		}
		if c.Kind == shared.ChatFacility || c.Kind == shared.ChatSystem {
			return ErrCannotLeave
		}
		return s.leave(ctx, tx, c, p)
	})
}

func (s *Service) leave(ctx context.Context, tx *db.Tx, c *chatRow, p *auth.Principal) error {
	if c.Kind == shared.ChatGroup {
		if _, err := s.event(ctx, tx, c, p, shared.ChatKeyMemberLeft, map[string]string{}); err != nil {
			return err
		}
	}
	if _, err := s.store.Leave(ctx, tx, c.ID, p.UserID, s.now().UnixMilli()); err != nil {
		return err
	}
	if err := s.audit(ctx, tx, p, "chat.leave", "chat", c.ID, nil, nil); err != nil {
		return err
	}
	members, err := s.store.Members(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	return s.publishChat(ctx, tx, c, append(userIDs(members), p.UserID))
}

// Rename names a group the caller is in.
func (s *Service) Rename(ctx context.Context, p *auth.Principal, in shared.ChatRenameRequest) (*shared.Chat, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	name, err := problem.Text("name", in.Name, true, shared.ChatNameMax)
	if err != nil {
		return nil, err
	}
	var out *shared.Chat
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		c, err := s.groupOfMember(ctx, tx, tenant, in.ChatID, p.UserID)
		if err != nil {
			return err
		}
		if c.Name != name {
			if err := s.store.Rename(ctx, tx, c.ID, name); err != nil {
				return err
			}
			c.Name = name
			if _, err := s.event(ctx, tx, c, p, shared.ChatKeyRenamed, map[string]string{"name": name}); err != nil {
				return err
			}
			if err := s.audit(ctx, tx, p, "chat.rename", "chat", c.ID, map[string]any{"name": c.Name}, map[string]any{"name": name}); err != nil {
				return err
			}
		}
		if out, err = s.chatFor(ctx, tx, tenant, c.ID, p.UserID); err != nil {
			return err
		}
		return s.publishChat(ctx, tx, c, userIDsOf(out.Members))
	})
	return out, err
}

// ReadAll marks everything in a chat read for the caller: the members see
// the read receipt, the caller's devices the new unread counts.
func (s *Service) ReadAll(ctx context.Context, p *auth.Principal, chatID string) error {
	tenant, err := tenantOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		c, _, err := s.memberChat(ctx, tx, tenant, chatID, p.UserID)
		if err != nil {
			return err
		}
		if err := s.store.SetRead(ctx, tx, c.ID, p.UserID, c.LastSeq); err != nil {
			return err
		}
		members, err := s.store.Members(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		if err := s.publish(ctx, tx, c.TenantID, userIDs(members), shared.ImRead, shared.ImReadEvent{ChatID: c.ID, UserID: p.UserID, ReadSeq: c.LastSeq}); err != nil {
			return err
		}
		return s.publishUnread(ctx, tx, tenant, c.ID, []string{p.UserID})
	})
}

// publishChat tells each of users' devices the chat as that person now sees
// it (ImChat): its name, members and counts; someone no longer in it finds
// themselves missing from its members.
func (s *Service) publishChat(ctx context.Context, q db.Querier, c *chatRow, users []string) error {
	for _, uid := range dedupe(users) {
		unread, err := s.store.UnreadByChat(ctx, q, c.TenantID, uid)
		if err != nil {
			return err
		}
		view, err := s.chat(ctx, q, c, uid, unread[c.ID])
		if err != nil {
			return err
		}
		if err := s.publish(ctx, q, c.TenantID, []string{uid}, shared.ImChat, view); err != nil {
			return err
		}
	}
	return nil
}

// publishUnread tells each of users' devices their unread counts (all chats, and chatID's).
func (s *Service) publishUnread(ctx context.Context, q db.Querier, tenantID, chatID string, users []string) error {
	for _, uid := range users {
		by, err := s.store.UnreadByChat(ctx, q, tenantID, uid)
		if err != nil {
			return err
		}
		total := 0
		for _, n := range by {
			total += n
		}
		if err := s.publish(ctx, q, tenantID, []string{uid}, shared.ImUnread, shared.ImUnreadEvent{UnreadMessageCount: total, ChatID: chatID, ChatUnread: by[chatID]}); err != nil {
			return err
		}
	}
	return nil
}

// SetAutoTranslate sets the caller's per-chat switch.
func (s *Service) SetAutoTranslate(ctx context.Context, p *auth.Principal, in shared.ChatAutoTranslateRequest) (*shared.Chat, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	var out *shared.Chat
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, _, err := s.memberChat(ctx, tx, tenant, in.ChatID, p.UserID); err != nil {
			return err
		}
		if err := s.store.SetAutoTranslate(ctx, tx, in.ChatID, p.UserID, in.On); err != nil {
			return err
		}
		out, err = s.chatFor(ctx, tx, tenant, in.ChatID, p.UserID)
		return err
	})
	return out, err
}

// Contacts are the people of the caller's facility they may talk to (not themselves).
func (s *Service) Contacts(ctx context.Context, p *auth.Principal, in shared.ContactPageRequest) (*shared.Page[shared.Contact], error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	current, size := max(in.Current, 1), in.Size
	if size <= 0 {
		size = shared.ChatContactsMax
	}
	facility, err := s.store.FacilityName(ctx, s.db, tenant)
	if err != nil {
		return nil, err
	}
	persons, err := s.store.People(ctx, s.db, tenant, current*size+1)
	if err != nil {
		return nil, err
	}
	out := &shared.Page[shared.Contact]{Current: current, Size: size, Records: []shared.Contact{}}
	var all []person
	for _, pp := range persons {
		if pp.UserID != p.UserID {
			all = append(all, pp)
		}
	}
	out.Total = int64(len(all))
	from := min((current-1)*size, len(all))
	to := min(from+size, len(all))
	for _, pp := range all[from:to] {
		out.Records = append(out.Records, shared.Contact{UID: pp.UserID, UserName: pp.Name, TenantID: tenant, FacilityName: facility,
			RoleType: pp.Role, Avatar: s.avatar(pp.Avatar), Language: string(pp.Language)})
	}
	return out, nil
}
