package ticket

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// Store is the SQL of support tickets and their replies. Every method takes
// the querier so the caller chooses the transaction.
type Store struct{}

// row is a support_tickets row with its creator's and facility's names.
type row struct {
	ID, TenantID, CreatorID, Title string
	Type                           shared.TicketType
	Content                        string
	FileIDs                        []string
	Status                         shared.TicketStatus
	CreatorDelete                  int
	ReplyCount                     int
	LastReplyRole                  sql.NullString
	LastReplyAt                    sql.NullInt64
	CreatorSeenAt, AdminSeenAt     sql.NullInt64
	CreatedAt, UpdatedAt           int64
	ResolvedAt                     sql.NullInt64
	CreatorName, FacilityName      string
}

// scope narrows queries to what a viewer may see: the super admin every
// ticket; anyone else their own, in their facility, not deleted by them.
type scope struct {
	all                 bool
	tenantID, creatorID string
}

func (sc scope) where() (string, []any) {
	if sc.all {
		return "", nil
	}
	return ` AND t.tenant_id = ? AND t.creator_id = ? AND t.creator_delete = 0`, []any{sc.tenantID, sc.creatorID}
}

const ticketSelect = `SELECT t.id, t.tenant_id, t.creator_id, t.title, t.type, t.content, t.file_ids, t.status, t.creator_delete,
	t.reply_count, t.last_reply_role, t.last_reply_at, t.creator_seen_at, t.admin_seen_at, t.created_at, t.updated_at, t.resolved_at,
	tn.facility_name
	FROM support_tickets t JOIN tenants tn ON tn.id = t.tenant_id`

func scanTicket(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	var files string
	err := sc.Scan(&r.ID, &r.TenantID, &r.CreatorID, &r.Title, &r.Type, &r.Content, &files, &r.Status, &r.CreatorDelete,
		&r.ReplyCount, &r.LastReplyRole, &r.LastReplyAt, &r.CreatorSeenAt, &r.AdminSeenAt, &r.CreatedAt, &r.UpdatedAt, &r.ResolvedAt,
		&r.FacilityName)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(files), &r.FileIDs); err != nil {
		return nil, fmt.Errorf("stored file ids of %s: %w", r.ID, err)
	}
	return &r, nil
}

// named fills in the creators' names, with one lookup for all the tickets.
func named(ctx context.Context, q db.Querier, rs []row) error {
	return people.Fill(ctx, q, rs, func(r *row) string { return r.CreatorID }, func(r *row, n string) { r.CreatorName = n })
}

func fileIDsJSON(ids []string) string {
	if ids == nil {
		ids = []string{}
	}
	b, _ := json.Marshal(ids)
	return string(b)
}

// Get finds a ticket within the scope (db.ErrNotFound if none).
func (Store) Get(ctx context.Context, q db.Querier, id string, sc scope) (*row, error) {
	w, args := sc.where()
	r, err := scanTicket(q.QueryRowContext(ctx, ticketSelect+` WHERE t.id = ?`+w, append([]any{id}, args...)...))
	if err != nil {
		return nil, db.NotFound("ticket: get", err)
	}
	rs := []row{*r}
	if err := named(ctx, q, rs); err != nil {
		return nil, err
	}
	return &rs[0], nil
}

// Insert adds a ticket.
func (Store) Insert(ctx context.Context, q db.Querier, r *row) error {
	_, err := q.ExecContext(ctx, `INSERT INTO support_tickets (id, tenant_id, creator_id, title, title_key, type, content, file_ids,
		status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.CreatorID, r.Title, strings.ToLower(r.Title), string(r.Type), r.Content, fileIDsJSON(r.FileIDs),
		string(r.Status), r.CreatedAt, r.UpdatedAt)
	return db.Wrap("ticket: insert", err)
}

// Edit changes a ticket's fields while it is still SUBMITTED; false when it no longer is.
func (Store) Edit(ctx context.Context, q db.Querier, r *row) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE support_tickets SET title = ?, title_key = ?, type = ?, content = ?, file_ids = ?, updated_at = ?
		WHERE id = ? AND status = ?`,
		r.Title, strings.ToLower(r.Title), string(r.Type), r.Content, fileIDsJSON(r.FileIDs), r.UpdatedAt, r.ID, string(shared.TicketSubmitted))
	return db.Affected(res, err)
}

// Open moves a SUBMITTED ticket to PROCESSING; false when it was not SUBMITTED.
func (Store) Open(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE support_tickets SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
		string(shared.TicketProcessing), now, id, string(shared.TicketSubmitted))
	return db.Affected(res, err)
}

// Resolve moves a ticket to RESOLVED; false when it already was.
func (Store) Resolve(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE support_tickets SET status = ?, resolved_at = ?, updated_at = ? WHERE id = ? AND status <> ?`,
		string(shared.TicketResolved), now, now, id, string(shared.TicketResolved))
	return db.Affected(res, err)
}

// CreatorDelete hides a ticket from its creator (the super admin still sees it).
func (Store) CreatorDelete(ctx context.Context, q db.Querier, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE support_tickets SET creator_delete = 1, updated_at = ? WHERE id = ? AND creator_delete = 0`, now, id)
	return db.Affected(res, err)
}

// seenColumn is the column that records when a side last opened a ticket.
func seenColumn(side shared.ChatRole) string {
	if side == shared.ChatAdmin {
		return "admin_seen_at"
	}
	return "creator_seen_at"
}

// MarkSeen records that side opened the ticket at now.
func (Store) MarkSeen(ctx context.Context, q db.Querier, id string, side shared.ChatRole, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE support_tickets SET `+seenColumn(side)+` = ? WHERE id = ?`, now, id)
	return db.Wrap("ticket: mark seen", err)
}

// reply is a support_ticket_replies row.
type reply struct {
	ID, TenantID, TicketID string
	Seq                    int
	Role                   shared.ChatRole
	AuthorID, Text         string
	CreatedAt              int64
}

// AppendReply adds a reply when the ticket still has the reply count the
// caller checked the turn against and is not resolved; false otherwise (a
// reply or a solve landed in between). The replier has seen the ticket.
func (Store) AppendReply(ctx context.Context, q db.Querier, rp reply, seenCount int) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE support_tickets SET reply_count = reply_count + 1, last_reply_role = ?, last_reply_at = ?,
		`+seenColumn(rp.Role)+` = ?, updated_at = ? WHERE id = ? AND reply_count = ? AND status <> ?`,
		string(rp.Role), rp.CreatedAt, rp.CreatedAt, rp.CreatedAt, rp.TicketID, seenCount, string(shared.TicketResolved))
	if ok, err := db.Affected(res, err); err != nil || !ok {
		return false, db.Wrap("ticket: append reply", err)
	}
	_, err = q.ExecContext(ctx, `INSERT INTO support_ticket_replies (id, tenant_id, ticket_id, seq, role, author_id, reply, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, rp.ID, rp.TenantID, rp.TicketID, rp.Seq, string(rp.Role), rp.AuthorID, rp.Text, rp.CreatedAt)
	return err == nil, db.Wrap("ticket: append reply", err)
}

// Replies are the chats of tickets, oldest entry first.
func (Store) Replies(ctx context.Context, q db.Querier, ticketIDs []string) (map[string][]shared.ChatEntry, error) {
	out := map[string][]shared.ChatEntry{}
	if len(ticketIDs) == 0 {
		return out, nil
	}
	in, args := db.In(ticketIDs)
	rows, err := q.QueryContext(ctx, `SELECT ticket_id, role, reply, created_at FROM support_ticket_replies
		WHERE ticket_id IN (`+in+`) ORDER BY ticket_id, seq`, args...)
	if err != nil {
		return nil, db.Wrap("ticket: replies", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var e shared.ChatEntry
		if err := rows.Scan(&id, &e.Role, &e.Reply, &e.CreateTime); err != nil {
			return nil, db.Wrap("ticket: replies", err)
		}
		out[id] = append(out[id], e)
	}
	return out, db.Wrap("ticket: replies", rows.Err())
}

// List is one page of tickets within the scope, newest first, and the total.
func (Store) List(ctx context.Context, q db.Querier, sc scope, f shared.TicketFilter, limit, offset int) ([]row, int64, error) {
	w, args := sc.where()
	if t := strings.TrimSpace(f.Title); t != "" {
		w += ` AND ` + db.Like("t.title_key")
		args = append(args, db.Contains(strings.ToLower(t)))
	}
	if f.Status != "" {
		w += ` AND t.status = ?`
		args = append(args, string(f.Status))
	}
	if f.Type != "" {
		w += ` AND t.type = ?`
		args = append(args, string(f.Type))
	}
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM support_tickets t WHERE 1 = 1`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("ticket: list", err)
	}
	rows, err := q.QueryContext(ctx, ticketSelect+` WHERE 1 = 1`+w+` ORDER BY t.created_at DESC, t.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("ticket: list", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scanTicket(rows)
		if err != nil {
			return nil, 0, db.Wrap("ticket: list", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("ticket: list", err)
	}
	if err := named(ctx, q, out); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// Unread counts the tickets within the scope whose last reply is from the
// other side and came after side last opened them.
func (Store) Unread(ctx context.Context, q db.Querier, sc scope, side shared.ChatRole) (int, error) {
	other := shared.ChatUser
	if side == shared.ChatUser {
		other = shared.ChatAdmin
	}
	w, args := sc.where()
	seen := "t." + seenColumn(side)
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM support_tickets t WHERE t.last_reply_role = ?
		AND (`+seen+` IS NULL OR `+seen+` < t.last_reply_at)`+w, append([]any{string(other)}, args...)...).Scan(&n)
	return n, db.Wrap("ticket: unread", err)
}
