package im

import (
	"context"
	"database/sql"
	"strconv"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// Store holds the chat's SQL (migrations 00022_chat.sql). Every method takes
// the querier its caller chose (a transaction or the pool).
type Store struct{}

type chatRow struct {
	ID            string
	TenantID      string
	Kind          shared.ChatKind
	Key           string
	Name          string
	LastSeq       int64
	LastMessageAt int64
	CreatedBy     string
	CreatedAt     int64
}

type memberRow struct {
	ChatID        string
	UserID        string
	ReadSeq       int64
	JoinedSeq     int64
	AutoTranslate bool
	Left          bool
	Name          string
	Avatar        string
	Role          string
	Language      shared.Language
}

type messageRow struct {
	ID           string
	TenantID     string
	ChatID       string
	Seq          int64
	TrackID      string
	SenderID     string
	Kind         shared.MessageKind
	Format       shared.MessageFormat
	Content      string
	Extra        string
	ReferID      string
	ReferContent string
	Language     string
	Recalled     bool
	CreatedAt    int64
	SenderName   string
}

// person is someone of a facility who may chat: an enabled membership of an enabled account.
type person struct {
	UserID   string
	Name     string
	Avatar   string
	Role     string
	Language shared.Language
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

const chatCols = `id, tenant_id, kind, chat_key, name, last_seq, last_message_at, created_by, created_at`

func scanChat(sc interface{ Scan(...any) error }) (*chatRow, error) {
	var c chatRow
	err := sc.Scan(&c.ID, &c.TenantID, &c.Kind, &c.Key, &c.Name, &c.LastSeq, &c.LastMessageAt, &c.CreatedBy, &c.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// Chat is a facility's chat; db.ErrNotFound when it has none of that id.
func (Store) Chat(ctx context.Context, q db.Querier, tenantID, id string) (*chatRow, error) {
	c, err := scanChat(q.QueryRowContext(ctx, `SELECT `+chatCols+` FROM chats WHERE tenant_id = ? AND id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("im: chat", err)
	}
	return c, nil
}

// ChatByKey is the facility's chat with key ('f', 's:<user>', 'd:<a>:<b>');
// db.ErrNotFound when it has not been made.
func (Store) ChatByKey(ctx context.Context, q db.Querier, tenantID, key string) (*chatRow, error) {
	c, err := scanChat(q.QueryRowContext(ctx, `SELECT `+chatCols+` FROM chats WHERE tenant_id = ? AND chat_key = ?`, tenantID, key))
	if err != nil {
		return nil, db.NotFound("im: chat by key", err)
	}
	return c, nil
}

// InsertChat adds c unless a chat with its key exists; it reports whether it did.
func (Store) InsertChat(ctx context.Context, q db.Querier, c *chatRow) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `INSERT INTO chats (`+chatCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (tenant_id, chat_key) DO NOTHING`,
		c.ID, c.TenantID, c.Kind, c.Key, c.Name, c.LastSeq, c.LastMessageAt, c.CreatedBy, c.CreatedAt))
	return ok, db.Wrap("im: insert chat", err)
}

// Rename sets a chat's name.
func (Store) Rename(ctx context.Context, q db.Querier, chatID, name string) error {
	_, err := q.ExecContext(ctx, `UPDATE chats SET name = ? WHERE id = ?`, name, chatID)
	return db.Wrap("im: rename", err)
}

// NextSeq takes the chat's next sequence number. The row stays locked until
// the transaction ends, so messages of one chat are numbered one at a time.
func (Store) NextSeq(ctx context.Context, q db.Querier, chatID string, at int64) (int64, error) {
	var seq int64
	err := q.QueryRowContext(ctx, `UPDATE chats SET last_seq = last_seq + 1,
		last_message_at = CASE WHEN last_message_at < ? THEN ? ELSE last_message_at END WHERE id = ? RETURNING last_seq`,
		at, at, chatID).Scan(&seq)
	return seq, db.Wrap("im: next seq", err)
}

const memberCols = `cm.chat_id, cm.user_id, cm.read_seq, cm.joined_seq, cm.auto_translate, cm.left_at IS NOT NULL,
	u.name, u.avatar, COALESCE(ms.role, ''), u.language`

const memberFrom = ` FROM chat_members cm JOIN users u ON u.id = cm.user_id
	LEFT JOIN memberships ms ON ms.tenant_id = cm.tenant_id AND ms.user_id = cm.user_id`

func scanMember(sc interface{ Scan(...any) error }) (*memberRow, error) {
	var m memberRow
	err := sc.Scan(&m.ChatID, &m.UserID, &m.ReadSeq, &m.JoinedSeq, &m.AutoTranslate, &m.Left, &m.Name, &m.Avatar, &m.Role, &m.Language)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Member is userID's row in a chat (also when they left); db.ErrNotFound
// when they were never in it.
func (Store) Member(ctx context.Context, q db.Querier, chatID, userID string) (*memberRow, error) {
	m, err := scanMember(q.QueryRowContext(ctx, `SELECT `+memberCols+memberFrom+` WHERE cm.chat_id = ? AND cm.user_id = ?`, chatID, userID))
	if err != nil {
		return nil, db.NotFound("im: member", err)
	}
	return m, nil
}

// Members are the chat's people now in it, by name.
func (Store) Members(ctx context.Context, q db.Querier, chatID string) ([]memberRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+memberCols+memberFrom+` WHERE cm.chat_id = ? AND cm.left_at IS NULL ORDER BY u.name, cm.user_id`, chatID)
	if err != nil {
		return nil, db.Wrap("im: members", err)
	}
	defer rows.Close()
	var out []memberRow
	for rows.Next() {
		m, err := scanMember(rows)
		if err != nil {
			return nil, db.Wrap("im: members", err)
		}
		out = append(out, *m)
	}
	return out, db.Wrap("im: members", rows.Err())
}

// MembersOf are the people now in each of chatIDs, by name, per chat: the
// chat list reads every chat's members in one statement.
func (Store) MembersOf(ctx context.Context, q db.Querier, chatIDs []string) (map[string][]memberRow, error) {
	out := map[string][]memberRow{}
	if len(chatIDs) == 0 {
		return out, nil
	}
	marks, args := db.In(chatIDs)
	rows, err := q.QueryContext(ctx, `SELECT `+memberCols+memberFrom+` WHERE cm.chat_id IN (`+marks+`) AND cm.left_at IS NULL
		ORDER BY cm.chat_id, u.name, cm.user_id`, args...)
	if err != nil {
		return nil, db.Wrap("im: members of", err)
	}
	defer rows.Close()
	for rows.Next() {
		m, err := scanMember(rows)
		if err != nil {
			return nil, db.Wrap("im: members of", err)
		}
		out[m.ChatID] = append(out[m.ChatID], *m)
	}
	return out, db.Wrap("im: members of", rows.Err())
}

// LastMessages are, for each of chatIDs that userID is in now, the newest
// message they can see (what Page's first row would be). Each chat's is found
// as Page finds it, newest first down the (chat_id, seq) index, by a subquery
// per chat in one statement; then the messages are read in a second.
func (Store) LastMessages(ctx context.Context, q db.Querier, userID string, chatIDs []string) (map[string]messageRow, error) {
	out := map[string]messageRow{}
	if len(chatIDs) == 0 {
		return out, nil
	}
	marks, args := db.In(chatIDs)
	rows, err := q.QueryContext(ctx, `SELECT (SELECT v.id FROM chat_messages v
			WHERE v.chat_id = cm.chat_id AND v.seq > cm.joined_seq AND v.kind <> 'COMMAND'
			AND NOT EXISTS (SELECT 1 FROM chat_message_hidden h WHERE h.message_id = v.id AND h.user_id = cm.user_id)
			ORDER BY v.seq DESC LIMIT 1)
		FROM chat_members cm WHERE cm.user_id = ? AND cm.left_at IS NULL AND cm.chat_id IN (`+marks+`)`,
		append([]any{userID}, args...)...)
	if err != nil {
		return nil, db.Wrap("im: last messages", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id sql.NullString
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("im: last messages", err)
		}
		if id.Valid {
			ids = append(ids, id.String)
		}
	}
	if err := rows.Err(); err != nil || len(ids) == 0 {
		return out, db.Wrap("im: last messages", err)
	}
	rows.Close() // before the second statement: a transaction has one connection
	idMarks, idArgs := db.In(ids)
	msgs, err := scanMessages(q.QueryContext(ctx, `SELECT `+messageCols+messageFrom+` WHERE m.id IN (`+idMarks+`)`, idArgs...))
	if err != nil {
		return nil, db.Wrap("im: last messages", err)
	}
	if err := senderNames(ctx, q, msgs); err != nil {
		return nil, err
	}
	for _, m := range msgs {
		out[m.ChatID] = m
	}
	return out, nil
}

// Join puts userID in the chat (again, when they had left), reading from
// after joinedSeq; it reports whether anything changed.
func (Store) Join(ctx context.Context, q db.Querier, tenantID, chatID, userID string, joinedSeq, at int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `INSERT INTO chat_members (chat_id, user_id, tenant_id, read_seq, joined_seq, joined_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (chat_id, user_id) DO UPDATE SET left_at = NULL, joined_seq = excluded.joined_seq, read_seq = excluded.read_seq,
			joined_at = excluded.joined_at
		WHERE chat_members.left_at IS NOT NULL`, chatID, userID, tenantID, joinedSeq, joinedSeq, at))
	return ok, db.Wrap("im: join", err)
}

// Leave takes userID out of the chat; it reports whether they were in it.
func (Store) Leave(ctx context.Context, q db.Querier, chatID, userID string, at int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE chat_members SET left_at = ? WHERE chat_id = ? AND user_id = ? AND left_at IS NULL`,
		at, chatID, userID))
	return ok, db.Wrap("im: leave", err)
}

// SetRead moves userID's read mark forward to seq (never back).
func (Store) SetRead(ctx context.Context, q db.Querier, chatID, userID string, seq int64) error {
	_, err := q.ExecContext(ctx, `UPDATE chat_members SET read_seq = ? WHERE chat_id = ? AND user_id = ? AND read_seq < ?`,
		seq, chatID, userID, seq)
	return db.Wrap("im: set read", err)
}

// SetAutoTranslate sets userID's per-chat switch.
func (Store) SetAutoTranslate(ctx context.Context, q db.Querier, chatID, userID string, on bool) error {
	_, err := q.ExecContext(ctx, `UPDATE chat_members SET auto_translate = ? WHERE chat_id = ? AND user_id = ?`, b2i(on), chatID, userID)
	return db.Wrap("im: auto translate", err)
}

// ChatsOf are the chats userID is in at a facility, latest activity first.
func (Store) ChatsOf(ctx context.Context, q db.Querier, tenantID, userID string, offset, limit int) ([]chatRow, bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.tenant_id, c.kind, c.chat_key, c.name, c.last_seq, c.last_message_at, c.created_by, c.created_at
		FROM chat_members cm JOIN chats c ON c.id = cm.chat_id
		WHERE cm.tenant_id = ? AND cm.user_id = ? AND cm.left_at IS NULL
		ORDER BY c.last_message_at DESC, c.id DESC LIMIT ? OFFSET ?`, tenantID, userID, limit+1, offset)
	if err != nil {
		return nil, false, db.Wrap("im: chats of", err)
	}
	defer rows.Close()
	var out []chatRow
	for rows.Next() {
		c, err := scanChat(rows)
		if err != nil {
			return nil, false, db.Wrap("im: chats of", err)
		}
		out = append(out, *c)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	return out, more, db.Wrap("im: chats of", rows.Err())
}

// unreadWhere: a member's unread messages are the others' messages after
// what they read (and after they joined), not hidden by them, never COMMAND.
const unreadWhere = `m.seq > cm.read_seq AND m.seq > cm.joined_seq AND m.sender_id <> cm.user_id AND m.kind <> 'COMMAND'
	AND NOT EXISTS (SELECT 1 FROM chat_message_hidden h WHERE h.message_id = m.id AND h.user_id = cm.user_id)`

// UnreadCountMax is where a chat's unread count stops: a badge shows "99+"
// long before, and counting stops early, so a member who never opens the
// channel costs no more to tell of a new message than one who does.
const UnreadCountMax = 999

// UnreadByChat counts userID's unread messages per chat at a facility (each up to UnreadCountMax).
func (Store) UnreadByChat(ctx context.Context, q db.Querier, tenantID, userID string) (map[string]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT cm.chat_id, (SELECT COUNT(*) FROM (SELECT 1 FROM chat_messages m
			WHERE m.chat_id = cm.chat_id AND `+unreadWhere+` LIMIT `+strconv.Itoa(UnreadCountMax)+`) u)
		FROM chat_members cm WHERE cm.tenant_id = ? AND cm.user_id = ? AND cm.left_at IS NULL`, tenantID, userID)
	if err != nil {
		return nil, db.Wrap("im: unread", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, db.Wrap("im: unread", err)
		}
		if n > 0 {
			out[id] = n
		}
	}
	return out, db.Wrap("im: unread", rows.Err())
}

const messageCols = `m.id, m.tenant_id, m.chat_id, m.seq, m.track_id, m.sender_id, m.kind, m.format, m.content, m.extra,
	m.refer_id, m.refer_content, m.language, m.recalled, m.created_at`

const messageFrom = ` FROM chat_messages m`

func scanMessage(sc interface{ Scan(...any) error }) (*messageRow, error) {
	var m messageRow
	err := sc.Scan(&m.ID, &m.TenantID, &m.ChatID, &m.Seq, &m.TrackID, &m.SenderID, &m.Kind, &m.Format, &m.Content, &m.Extra,
		&m.ReferID, &m.ReferContent, &m.Language, &m.Recalled, &m.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// scanMessages reads a list of messages, without their senders' names (senderNames).
func scanMessages(rows *sql.Rows, err error) ([]messageRow, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []messageRow
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return nil, db.Wrap("scan message", err)
		}
		out = append(out, *m)
	}
	return out, db.Wrap("read messages", rows.Err())
}

// senderNames fills in the senders' names (platform/people) of msgs in one
// query; a Hearth message (no sender) or a removed account's has none.
func senderNames(ctx context.Context, q db.Querier, msgs []messageRow) error {
	ids := make([]string, len(msgs))
	for i := range msgs {
		ids[i] = msgs[i].SenderID
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return err
	}
	for i := range msgs {
		msgs[i].SenderName = names[msgs[i].SenderID]
	}
	return nil
}

// oneMessage is the message of a one-row query with its sender's name;
// db.ErrNotFound when there is none.
func oneMessage(ctx context.Context, q db.Querier, what string, row interface{ Scan(...any) error }) (*messageRow, error) {
	m, err := scanMessage(row)
	if err != nil {
		return nil, db.NotFound(what, err)
	}
	if m.SenderName, err = people.Name(ctx, q, m.SenderID); err != nil {
		return nil, err
	}
	return m, nil
}

// InsertMessage stores m.
func (Store) InsertMessage(ctx context.Context, q db.Querier, m *messageRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO chat_messages (id, tenant_id, chat_id, seq, track_id, sender_id, kind, format, content, extra,
		refer_id, refer_content, language, recalled, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, m.TenantID, m.ChatID, m.Seq, m.TrackID, m.SenderID, m.Kind, m.Format, m.Content, m.Extra,
		m.ReferID, m.ReferContent, m.Language, b2i(m.Recalled), m.CreatedAt)
	return db.Wrap("im: insert message", err)
}

// MessageByTrack is the message senderID sent to a chat with trackID;
// db.ErrNotFound when there is none.
func (Store) MessageByTrack(ctx context.Context, q db.Querier, chatID, senderID, trackID string) (*messageRow, error) {
	return oneMessage(ctx, q, "im: message by track", q.QueryRowContext(ctx, `SELECT `+messageCols+messageFrom+`
		WHERE m.chat_id = ? AND m.sender_id = ? AND m.track_id = ?`, chatID, senderID, trackID))
}

// Message is a facility's message; db.ErrNotFound when it has none of that id.
func (Store) Message(ctx context.Context, q db.Querier, tenantID, id string) (*messageRow, error) {
	return oneMessage(ctx, q, "im: message", q.QueryRowContext(ctx, `SELECT `+messageCols+messageFrom+` WHERE m.tenant_id = ? AND m.id = ?`, tenantID, id))
}

// Messages are a facility's messages of ids (unknown ids left out).
func (Store) Messages(ctx context.Context, q db.Querier, tenantID string, ids []string) ([]messageRow, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	marks, args := db.In(ids)
	out, err := scanMessages(q.QueryContext(ctx, `SELECT `+messageCols+messageFrom+` WHERE m.tenant_id = ? AND m.id IN (`+marks+`)
		ORDER BY m.chat_id, m.seq`, append([]any{tenantID}, args...)...))
	if err != nil {
		return nil, db.Wrap("im: messages", err)
	}
	return out, senderNames(ctx, q, out)
}

// Page is up to limit+1 messages of a chat visible to userID (after
// joinedSeq, before before when it is not 0, not hidden by them), newest first.
func (Store) Page(ctx context.Context, q db.Querier, chatID, userID string, joinedSeq, before int64, limit int) ([]messageRow, error) {
	if before <= 0 {
		before = 1 << 62
	}
	out, err := scanMessages(q.QueryContext(ctx, `SELECT `+messageCols+messageFrom+`
		WHERE m.chat_id = ? AND m.seq > ? AND m.seq < ? AND m.kind <> 'COMMAND'
		AND NOT EXISTS (SELECT 1 FROM chat_message_hidden h WHERE h.message_id = m.id AND h.user_id = ?)
		ORDER BY m.seq DESC LIMIT ?`, chatID, joinedSeq, before, userID, limit+1))
	if err != nil {
		return nil, db.Wrap("im: page", err)
	}
	return out, senderNames(ctx, q, out)
}

// Recall empties a message its sender sent at or after since; it reports whether it did.
func (Store) Recall(ctx context.Context, q db.Querier, id, senderID string, since int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE chat_messages SET content = '', extra = '', refer_content = '', recalled = 1
		WHERE id = ? AND sender_id = ? AND recalled = 0 AND created_at >= ?`, id, senderID, since))
	if err == nil && ok {
		_, err = q.ExecContext(ctx, `DELETE FROM chat_translations WHERE message_id = ?`, id)
	}
	return ok, db.Wrap("im: recall", err)
}

// Hide hides a message from userID.
func (Store) Hide(ctx context.Context, q db.Querier, tenantID, messageID, userID string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO chat_message_hidden (message_id, user_id, tenant_id) VALUES (?, ?, ?)
		ON CONFLICT (message_id, user_id) DO NOTHING`, messageID, userID, tenantID)
	return db.Wrap("im: hide", err)
}

// Hidden reports whether userID deleted the message for themselves.
func (Store) Hidden(ctx context.Context, q db.Querier, messageID, userID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM chat_message_hidden WHERE message_id = ? AND user_id = ?`, messageID, userID).Scan(&n)
	return n > 0, db.Wrap("im: hidden", err)
}

const personCols = `u.id, u.name, u.avatar, ms.role, u.language`

const peopleFrom = ` FROM memberships ms JOIN users u ON u.id = ms.user_id
	WHERE ms.tenant_id = ? AND ms.status = 'enabled' AND u.status = 'enabled'`

func scanPeople(rows *sql.Rows, err error) ([]person, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []person
	for rows.Next() {
		var p person
		if err := rows.Scan(&p.UserID, &p.Name, &p.Avatar, &p.Role, &p.Language); err != nil {
			return nil, db.Wrap("scan person", err)
		}
		out = append(out, p)
	}
	return out, db.Wrap("read people", rows.Err())
}

// People are the facility's people who may chat, by name.
func (Store) People(ctx context.Context, q db.Querier, tenantID string, limit int) ([]person, error) {
	out, err := scanPeople(q.QueryContext(ctx, `SELECT `+personCols+peopleFrom+` ORDER BY u.name, u.id LIMIT ?`, tenantID, limit))
	return out, db.Wrap("im: people", err)
}

// PeopleByID are those of ids who are the facility's people who may chat.
func (Store) PeopleByID(ctx context.Context, q db.Querier, tenantID string, ids []string) ([]person, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	marks, args := db.In(ids)
	out, err := scanPeople(q.QueryContext(ctx, `SELECT `+personCols+peopleFrom+` AND u.id IN (`+marks+`) ORDER BY u.name, u.id`,
		append([]any{tenantID}, args...)...))
	return out, db.Wrap("im: people by id", err)
}

// FacilityName is the facility's name; db.ErrNotFound for an unknown facility.
func (Store) FacilityName(ctx context.Context, q db.Querier, tenantID string) (string, error) {
	var n string
	if err := q.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE id = ?`, tenantID).Scan(&n); err != nil {
		return "", db.NotFound("im: facility name", err)
	}
	return n, nil
}

// Translations are the cached translations of ids into lang, by message id.
func (Store) Translations(ctx context.Context, q db.Querier, ids []string, lang shared.Language) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	marks, args := db.In(ids)
	rows, err := q.QueryContext(ctx, `SELECT message_id, translation FROM chat_translations WHERE language = ? AND message_id IN (`+marks+`)`,
		append([]any{lang}, args...)...)
	if err != nil {
		return nil, db.Wrap("im: translations", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, text string
		if err := rows.Scan(&id, &text); err != nil {
			return nil, db.Wrap("im: translations", err)
		}
		out[id] = text
	}
	return out, db.Wrap("im: translations", rows.Err())
}

// PutTranslation caches a message's translation (the first one kept).
func (Store) PutTranslation(ctx context.Context, q db.Querier, tenantID, messageID string, lang shared.Language, text string, at int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO chat_translations (message_id, language, tenant_id, translation, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (message_id, language) DO NOTHING`, messageID, lang, tenantID, text, at)
	return db.Wrap("im: put translation", err)
}

// AddFile records a file as a chat's (uploaded to it or forwarded into it).
func (Store) AddFile(ctx context.Context, q db.Querier, tenantID, chatID, fileID, uploaderID string, kind shared.MessageKind, details string, at int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO chat_files (chat_id, file_id, tenant_id, uploader_id, kind, details, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, file_id) DO NOTHING`, chatID, fileID, tenantID, uploaderID, kind, details, at)
	return db.Wrap("im: add file", err)
}

// chatFile is a file of a chat.
type chatFile struct {
	UploaderID string
	Kind       shared.MessageKind
	Details    string
}

// File is a chat's file; db.ErrNotFound when the chat has none of that id.
func (Store) File(ctx context.Context, q db.Querier, chatID, fileID string) (*chatFile, error) {
	var f chatFile
	err := q.QueryRowContext(ctx, `SELECT uploader_id, kind, details FROM chat_files WHERE chat_id = ? AND file_id = ?`, chatID, fileID).
		Scan(&f.UploaderID, &f.Kind, &f.Details)
	if err != nil {
		return nil, db.NotFound("im: file", err)
	}
	return &f, nil
}

// FileReadable reports whether userID is now in a chat of the facility the file belongs to.
func (Store) FileReadable(ctx context.Context, q db.Querier, tenantID, userID, fileID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM chat_files f JOIN chat_members cm ON cm.chat_id = f.chat_id
		WHERE f.tenant_id = ? AND f.file_id = ? AND cm.user_id = ? AND cm.left_at IS NULL`, tenantID, fileID, userID).Scan(&n)
	return n > 0, db.Wrap("im: file readable", err)
}
