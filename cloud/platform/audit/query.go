package audit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// ErrBadCursor answers a cursor this server did not make.
var ErrBadCursor = problem.Invalid("after", "pattern", "audit.badCursor", nil)

// Reader answers the super admin's questions of the audit log (/IAM/audit-logs).
// Pages are keyset pages, newest first by (created_at, id): each filter has an
// index that leads with it and ends in that order (migration 00040).
type Reader struct {
	db *db.DB
}

// NewReader makes the audit log's reader.
func NewReader(d *db.DB) *Reader { return &Reader{db: d} }

// cursor is the position after a row: its time and id.
type cursor struct {
	at int64
	id string
}

func (c cursor) String() string { return strconv.FormatInt(c.at, 10) + "." + c.id }

func parseCursor(s string) (*cursor, error) {
	if s == "" {
		return nil, nil
	}
	at, id, ok := strings.Cut(s, ".")
	n, err := strconv.ParseInt(at, 10, 64)
	if !ok || err != nil || id == "" {
		return nil, ErrBadCursor
	}
	return &cursor{at: n, id: id}, nil
}

// Subject narrows a query to the rows about one thing, as its owner knows
// them (a resident: its own rows and its records'): a condition on the
// columns entity and entity_id, in parentheses, with its arguments. Whoever
// makes one scopes its subqueries to the tenant it reads.
type Subject struct {
	SQL  string
	Args []any
}

// where is the filter's SQL and arguments (and the subject's, when given).
func where(f shared.AuditLogFilter, subject *Subject, after *cursor) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, a ...any) { conds = append(conds, cond); args = append(args, a...) }
	if subject != nil {
		add(subject.SQL, subject.Args...)
	}
	if f.TenantID != "" {
		add("tenant_id = ?", f.TenantID)
	}
	if f.UserID != "" {
		add("actor_id = ?", f.UserID)
	}
	if f.Action != "" {
		add("action = ?", f.Action)
	}
	if f.Entity != "" {
		add("entity = ?", f.Entity)
	}
	if f.EntityID != "" {
		add("entity_id = ?", f.EntityID)
	}
	if f.From > 0 {
		add("created_at >= ?", f.From)
	}
	if f.To > 0 && (after == nil || after.at >= f.To) { // a cursor inside the range bounds it already (and better: both columns)
		add("created_at < ?", f.To)
	}
	if after != nil {
		add("(created_at, id) < (?, ?)", after.at, after.id) // a row value: an index range on both engines
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

const columns = `SELECT id, COALESCE(tenant_id, ''), COALESCE(actor_id, ''), action, entity, entity_id, COALESCE(before_json, ''),
	COALESCE(after_json, ''), created_at FROM audit_log`

func scan(sc interface{ Scan(...any) error }) (shared.AuditLogEntry, error) {
	var e shared.AuditLogEntry
	err := sc.Scan(&e.ID, &e.TenantID, &e.ActorID, &e.Action, &e.Entity, &e.EntityID, &e.Before, &e.After, &e.CreateTime)
	return e, err //nolint:wrapcheck // the callers wrap
}

// listSQL is the query of a page.
func listSQL(f shared.AuditLogFilter, subject *Subject, after *cursor, limit int) (string, []any) {
	w, args := where(f, subject, after)
	return columns + w + ` ORDER BY created_at DESC, id DESC LIMIT ?`, append(args, limit)
}

// rows reads at most limit rows of f after the cursor, newest first.
func (r *Reader) rows(ctx context.Context, f shared.AuditLogFilter, subject *Subject, after *cursor, limit int) ([]shared.AuditLogEntry, error) {
	q, args := listSQL(f, subject, after, limit)
	rows, err := r.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, db.Wrap("audit: list", err)
	}
	defer rows.Close()
	out := []shared.AuditLogEntry{}
	for rows.Next() {
		e, err := scan(rows)
		if err != nil {
			return nil, db.Wrap("audit: list", err)
		}
		out = append(out, e)
	}
	return out, db.Wrap("audit: list", rows.Err())
}

// Page is one page of rows, newest first, after req.After.
func (r *Reader) Page(ctx context.Context, req shared.AuditLogPageRequest) (*shared.AuditLogPage, error) {
	after, err := parseCursor(req.After)
	if err != nil {
		return nil, err
	}
	size := req.Size
	if size <= 0 {
		size = shared.DefaultPageSize
	}
	rows, err := r.rows(ctx, req.Filter, nil, after, size+1)
	if err != nil {
		return nil, err
	}
	page := &shared.AuditLogPage{Records: rows}
	if len(rows) > size {
		page.Records = rows[:size]
		last := page.Records[size-1]
		page.Next = cursor{at: last.CreateTime, id: last.ID}.String()
	}
	return page, r.names(ctx, page.Records)
}

// Get is one row.
func (r *Reader) Get(ctx context.Context, id string) (*shared.AuditLogEntry, error) {
	e, err := scan(r.db.QueryRowContext(ctx, columns+` WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("audit: get", err)
	}
	rows := []shared.AuditLogEntry{e}
	return &rows[0], r.names(ctx, rows)
}

// names fills the actors' and facilities' names of rows.
func (r *Reader) names(ctx context.Context, rows []shared.AuditLogEntry) error {
	if err := people.Fill(ctx, r.db, rows, func(e *shared.AuditLogEntry) string { return e.ActorID },
		func(e *shared.AuditLogEntry, n string) { e.ActorName = n }); err != nil {
		return err //nolint:wrapcheck // people says what failed
	}
	ids := map[string]bool{}
	var list []string
	for _, e := range rows {
		if e.TenantID != "" && !ids[e.TenantID] {
			ids[e.TenantID] = true
			list = append(list, e.TenantID)
		}
	}
	if len(list) == 0 {
		return nil
	}
	in, args := db.In(list)
	q, err := r.db.QueryContext(ctx, `SELECT id, facility_name FROM tenants WHERE id IN (`+in+`)`, args...)
	if err != nil {
		return db.Wrap("audit: facility names", err)
	}
	defer q.Close()
	names := map[string]string{}
	for q.Next() {
		var id, name string
		if err := q.Scan(&id, &name); err != nil {
			return db.Wrap("audit: facility names", err)
		}
		names[id] = name
	}
	for i := range rows {
		rows[i].FacilityName = names[rows[i].TenantID]
	}
	return db.Wrap("audit: facility names", q.Err())
}

// exportBatch is how many rows one query of an export reads.
const exportBatch = 1000

// Export writes the rows of f as CSV to cw, newest first, a batch at a time
// (never the whole log in memory), at most max rows (0: all).
func (r *Reader) Export(ctx context.Context, cw *web.CSV, f shared.AuditLogFilter, max int) error {
	head := []string{"time (UTC)", "facility", "facility id", "actor", "actor id", "action", "entity", "entity id", "before", "after", "id"}
	return r.ExportAs(ctx, cw, f, nil, max, head, func(e shared.AuditLogEntry) []string {
		return []string{time.UnixMilli(e.CreateTime).UTC().Format(time.RFC3339), e.FacilityName, e.TenantID, e.ActorName, e.ActorID,
			e.Action, e.Entity, e.EntityID, e.Before, e.After, e.ID}
	})
}

// Count is how many rows f and subject select.
func (r *Reader) Count(ctx context.Context, f shared.AuditLogFilter, subject *Subject) (int, error) {
	w, args := where(f, subject, nil)
	var n int
	if err := r.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`+w, args...).Scan(&n); err != nil {
		return 0, db.Wrap("audit: count", err)
	}
	return n, nil
}

// ExportAs writes the rows of f and subject as CSV to cw the way Export does
// (newest first, a batch at a time, at most max rows; 0: all), under head,
// each row as rec lays it out (names filled in).
func (r *Reader) ExportAs(ctx context.Context, cw *web.CSV, f shared.AuditLogFilter, subject *Subject, max int, head []string,
	rec func(shared.AuditLogEntry) []string) error {
	if err := cw.Row(head...); err != nil {
		return fmt.Errorf("audit: export: %w", err)
	}
	var after *cursor
	written := 0
	for {
		limit := exportBatch
		if max > 0 {
			limit = min(limit, max-written)
		}
		if limit <= 0 {
			break
		}
		rows, err := r.rows(ctx, f, subject, after, limit)
		if err != nil {
			return err
		}
		if err := r.names(ctx, rows); err != nil {
			return err
		}
		for _, e := range rows {
			if err := cw.Row(rec(e)...); err != nil {
				return fmt.Errorf("audit: export: %w", err)
			}
		}
		written += len(rows)
		if err := cw.Flush(); err != nil {
			return fmt.Errorf("audit: export: %w", err)
		}
		if len(rows) < limit {
			break
		}
		last := rows[len(rows)-1]
		after = &cursor{at: last.CreateTime, id: last.ID}
	}
	return nil
}
