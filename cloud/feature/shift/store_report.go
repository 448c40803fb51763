package shift

import (
	"context"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// reportRow is a shift_reports row with its author's (from platform/people)
// and type's names and whether the reader has opened it.
type reportRow struct {
	ID, TenantID, AuthorID, AuthorName, ShiftDate, ShiftTypeID, ShiftTypeName string
	Status                                                                    shared.ShiftReportStatus
	Concern, Meds, Incidents, Tasks, Free                                     string
	Version                                                                   int
	SubmittedAt, CreatedAt, UpdatedAt                                         int64
	Read                                                                      bool
	ReadCount                                                                 int
}

const reportCols = `r.id, r.tenant_id, r.author_id, r.shift_date, r.shift_type_id, COALESCE(t.name, ''), r.status,
	r.residents_of_concern, r.meds_given_held, r.incidents, r.tasks_left_open, r.free_text, r.version, r.submitted_at, r.created_at,
	r.updated_at,
	CASE WHEN r.author_id = ? OR EXISTS (SELECT 1 FROM shift_report_reads x WHERE x.report_id = r.id AND x.user_id = ?) THEN 1 ELSE 0 END,
	(SELECT COUNT(*) FROM shift_report_reads y WHERE y.report_id = r.id)`

const reportFrom = ` FROM shift_reports r LEFT JOIN shift_types t ON t.id = r.shift_type_id`

func scanReport(sc interface{ Scan(...any) error }) (*reportRow, error) {
	var r reportRow
	var read int
	err := sc.Scan(&r.ID, &r.TenantID, &r.AuthorID, &r.ShiftDate, &r.ShiftTypeID, &r.ShiftTypeName, &r.Status,
		&r.Concern, &r.Meds, &r.Incidents, &r.Tasks, &r.Free, &r.Version, &r.SubmittedAt, &r.CreatedAt, &r.UpdatedAt, &read, &r.ReadCount)
	if err != nil {
		return nil, err
	}
	r.Read = read != 0
	return &r, nil
}

// visibleTo: a submitted report, or the reader's own draft.
const visibleTo = ` AND (r.status = 'SUBMIT' OR r.author_id = ?)`

// Report is one report the reader may see; db.ErrNotFound when there is none
// they may see.
func (Store) Report(ctx context.Context, q db.Querier, tenantID, readerID, id string) (*reportRow, error) {
	r, err := scanReport(q.QueryRowContext(ctx, `SELECT `+reportCols+reportFrom+` WHERE r.tenant_id = ? AND r.id = ?`+visibleTo,
		readerID, readerID, tenantID, id, readerID))
	if err != nil {
		return nil, db.NotFound("shift: report", err)
	}
	if r.AuthorName, err = people.Name(ctx, q, r.AuthorID); err != nil {
		return nil, err
	}
	return r, nil
}

// reportFilter filters the list for one reader.
type reportFilter struct {
	tenantID, readerID string
	status             shared.ShiftReportStatus
	startDate, endDate string
	shiftTypeID        string
	authorID           string
	unreadOnly         bool
}

func (f reportFilter) where() (string, []any) {
	w := ` WHERE r.tenant_id = ?` + visibleTo
	args := []any{f.tenantID, f.readerID}
	if f.status != "" {
		w += ` AND r.status = ?`
		args = append(args, string(f.status))
	}
	if f.startDate != "" {
		w += ` AND r.shift_date >= ?`
		args = append(args, f.startDate)
	}
	if f.endDate != "" {
		w += ` AND r.shift_date <= ?`
		args = append(args, f.endDate)
	}
	if f.shiftTypeID != "" {
		w += ` AND r.shift_type_id = ?`
		args = append(args, f.shiftTypeID)
	}
	if f.authorID != "" {
		w += ` AND r.author_id = ?`
		args = append(args, f.authorID)
	}
	if f.unreadOnly {
		w += ` AND r.status = 'SUBMIT' AND r.author_id <> ? AND NOT EXISTS (SELECT 1 FROM shift_report_reads z WHERE z.report_id = r.id AND z.user_id = ?)`
		args = append(args, f.readerID, f.readerID)
	}
	return w, args
}

// Reports is one page of reports, unread first, then the newest, and the total.
func (Store) Reports(ctx context.Context, q db.Querier, f reportFilter, limit, offset int) ([]reportRow, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM shift_reports r`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("shift: reports", err)
	}
	all := append([]any{f.readerID, f.readerID}, args...)
	all = append(all, f.readerID, f.readerID, limit, offset)
	rows, err := q.QueryContext(ctx, `SELECT `+reportCols+reportFrom+w+`
		ORDER BY CASE WHEN r.status = 'SUBMIT' AND r.author_id <> ? AND NOT EXISTS (SELECT 1 FROM shift_report_reads z
			WHERE z.report_id = r.id AND z.user_id = ?) THEN 0 ELSE 1 END,
		r.status, r.submitted_at DESC, r.updated_at DESC, r.id DESC LIMIT ? OFFSET ?`, all...)
	if err != nil {
		return nil, 0, db.Wrap("shift: reports", err)
	}
	defer rows.Close()
	var out []reportRow
	var authors []string
	for rows.Next() {
		r, err := scanReport(rows)
		if err != nil {
			return nil, 0, db.Wrap("shift: reports", err)
		}
		out = append(out, *r)
		authors = append(authors, r.AuthorID)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, db.Wrap("shift: reports", err)
	}
	rows.Close() // before the names' query: a transaction has one connection
	names, err := people.Names(ctx, q, authors...)
	if err != nil {
		return nil, 0, err
	}
	for i := range out {
		out[i].AuthorName = names[out[i].AuthorID]
	}
	return out, total, nil
}

// CountUnread counts submitted reports of others the reader has not opened.
func (Store) CountUnread(ctx context.Context, q db.Querier, tenantID, readerID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM shift_reports r WHERE r.tenant_id = ? AND r.status = 'SUBMIT' AND r.author_id <> ?
		AND NOT EXISTS (SELECT 1 FROM shift_report_reads z WHERE z.report_id = r.id AND z.user_id = ?)`, tenantID, readerID, readerID).Scan(&n)
	return n, db.Wrap("shift: count unread", err)
}

// MarkRead records that the reader opened a report (once).
func (Store) MarkRead(ctx context.Context, q db.Querier, tenantID, reportID, userID string, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO shift_report_reads (tenant_id, report_id, user_id, read_at)
		SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM shift_report_reads WHERE report_id = ? AND user_id = ?)`,
		tenantID, reportID, userID, now, reportID, userID)
	return db.Wrap("shift: mark read", err)
}

// InsertReport stores a new report.
func (Store) InsertReport(ctx context.Context, q db.Querier, r *reportRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO shift_reports (id, tenant_id, author_id, shift_date, shift_type_id, status,
		residents_of_concern, meds_given_held, incidents, tasks_left_open, free_text, version, submitted_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
		r.ID, r.TenantID, r.AuthorID, r.ShiftDate, r.ShiftTypeID, string(r.Status), r.Concern, r.Meds, r.Incidents, r.Tasks, r.Free,
		r.SubmittedAt, r.CreatedAt, r.UpdatedAt)
	return db.Wrap("shift: insert report", err)
}

// UpdateReport changes the author's draft if it is still a draft at version.
func (Store) UpdateReport(ctx context.Context, q db.Querier, r *reportRow, version int) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE shift_reports SET shift_date = ?, shift_type_id = ?, status = ?,
		residents_of_concern = ?, meds_given_held = ?, incidents = ?, tasks_left_open = ?, free_text = ?, version = version + 1,
		submitted_at = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND author_id = ? AND status = 'DRAFT' AND version = ?`,
		r.ShiftDate, r.ShiftTypeID, string(r.Status), r.Concern, r.Meds, r.Incidents, r.Tasks, r.Free, r.SubmittedAt, r.UpdatedAt,
		r.TenantID, r.ID, r.AuthorID, version))
	return ok, db.Wrap("shift: update report", err)
}

// CountSubmitted counts the facility's reports submitted in [from, to).
func (Store) CountSubmitted(ctx context.Context, q db.Querier, tenantID string, from, to int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM shift_reports WHERE tenant_id = ? AND status = 'SUBMIT'
		AND submitted_at >= ? AND submitted_at < ?`, tenantID, from, to).Scan(&n)
	return n, db.Wrap("shift: count submitted", err)
}

// prefillRow is one medication pass or task record of the window.
type prefillRow struct {
	Kind                     shared.ShiftReportItemKind
	ResidentID, ResidentName string
	Title, Detail            string
	Time                     int64
}

// MedPasses are the facility's passes due in [from, to) that were held,
// refused or not given (or, missed, still not logged by now - grace), and
// how many were given.
func (Store) MedPasses(ctx context.Context, q db.Querier, tenantID string, from, to, missedBefore int64) ([]prefillRow, int, error) {
	var given int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM medication_passes WHERE tenant_id = ? AND due_at >= ? AND due_at < ?
		AND outcome = ?`, tenantID, from, to, string(shared.OutcomeGiven)).Scan(&given); err != nil {
		return nil, 0, db.Wrap("shift: med passes", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT p.outcome, p.resident_id, r.first_name, r.last_name, m.name, p.reason, p.due_at
		FROM medication_passes p JOIN residents r ON r.id = p.resident_id JOIN medications m ON m.id = p.medication_id
		WHERE p.tenant_id = ? AND p.due_at >= ? AND p.due_at < ?
		AND (p.outcome IN (?, ?, ?) OR (p.outcome = '' AND p.on_hold = ? AND p.due_at < ?))
		ORDER BY p.due_at, r.last_name, r.first_name, m.name LIMIT ?`,
		tenantID, from, to, string(shared.OutcomeHeld), string(shared.OutcomeRefused), string(shared.OutcomeNotGiven), false, missedBefore,
		shared.ShiftPrefillItemsMax)
	if err != nil {
		return nil, 0, db.Wrap("shift: med passes", err)
	}
	defer rows.Close()
	var out []prefillRow
	for rows.Next() {
		var r prefillRow
		var outcome, first, last string
		if err := rows.Scan(&outcome, &r.ResidentID, &first, &last, &r.Title, &r.Detail, &r.Time); err != nil {
			return nil, 0, db.Wrap("shift: med passes", err)
		}
		r.ResidentName = first + " " + last
		switch shared.PassOutcome(outcome) {
		case shared.OutcomeHeld:
			r.Kind = shared.PrefillMedHeld
		case shared.OutcomeRefused:
			r.Kind = shared.PrefillMedRefused
		default:
			r.Kind = shared.PrefillMedNotGiven
		}
		out = append(out, r)
	}
	return out, given, db.Wrap("shift: med passes", rows.Err())
}

// OpenTasks are the facility's task records due in [from, to) still
// pending or expired undone.
func (Store) OpenTasks(ctx context.Context, q db.Querier, tenantID string, from, to int64) ([]prefillRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT COALESCE(k.resident_id, ''), COALESCE(r.first_name, ''), COALESCE(r.last_name, ''), k.title,
		k.status, k.due_start
		FROM task_records k LEFT JOIN residents r ON r.id = k.resident_id
		WHERE k.tenant_id = ? AND k.due_start < ? AND k.due_end > ? AND k.status IN (?, ?)
		ORDER BY k.due_start, k.title LIMIT ?`, tenantID, to, from, string(shared.RecordPending), string(shared.RecordExpired),
		shared.ShiftPrefillItemsMax)
	if err != nil {
		return nil, db.Wrap("shift: open tasks", err)
	}
	defer rows.Close()
	var out []prefillRow
	for rows.Next() {
		var r prefillRow
		var first, last string
		if err := rows.Scan(&r.ResidentID, &first, &last, &r.Title, &r.Detail, &r.Time); err != nil {
			return nil, db.Wrap("shift: open tasks", err)
		}
		if r.ResidentID != "" {
			r.ResidentName = first + " " + last
		}
		r.Kind = shared.PrefillTaskOpen
		out = append(out, r)
	}
	return out, db.Wrap("shift: open tasks", rows.Err())
}
