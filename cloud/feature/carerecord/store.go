package carerecord

import (
	"context"
	"database/sql"
	"hearth/cloud/platform/people"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// Store is the SQL of progress notes, health readings and care records. Every
// method takes the querier, so the caller chooses the transaction, and names
// the tenant. It reads the residents and tenants tables of other features
// for names (a user's name comes from platform/people); it writes only its
// own tables.
type Store struct{}

// resident is what the record needs of a resident.
type resident struct {
	ID, Name, Room string
	Status         shared.ResidentStatus
	MoveIn         string // YYYY-MM-DD; empty when not recorded
}

// Resident is one resident of the tenant (db.ErrNotFound when none, or a
// cancelled move-in: residency.Found).
func (Store) Resident(ctx context.Context, q db.Querier, tenantID, id string) (*resident, error) {
	var r resident
	err := q.QueryRowContext(ctx, `SELECT r.id, r.first_name || ' ' || r.last_name, r.room, r.status, r.move_in_date FROM residents r
		WHERE r.tenant_id = ? AND r.id = ? AND `+residency.Found, tenantID, id).Scan(&r.ID, &r.Name, &r.Room, &r.Status, &r.MoveIn)
	if err != nil {
		return nil, db.NotFound("carerecord: resident", err)
	}
	return &r, nil
}

// Facility is a facility's name and licence number.
func (Store) Facility(ctx context.Context, q db.Querier, tenantID string) (name, licence string, err error) {
	err = q.QueryRowContext(ctx, `SELECT facility_name, licence_number FROM tenants WHERE id = ?`, tenantID).Scan(&name, &licence)
	return name, licence, db.Wrap("carerecord: facility", err)
}

// noteRow is a progress_notes row with the names the answers show.
type noteRow struct {
	ID, TenantID, ResidentID string
	ReportDate               int64
	Day                      string
	Type                     shared.ProgressNoteType
	Notes                    string
	Language                 shared.Language
	EnglishNotes             string
	AuthorID                 string
	MsgKey, MsgArgs          string
	SourceID, ClientID       string
	CreatedAt, UpdatedAt     int64

	// Read with the row.
	ResidentName, AuthorName string
	Read                     bool
}

// selectNote reads notes with the caller's read status (two ? for the user).
const selectNote = `SELECT n.id, n.tenant_id, n.resident_id, n.report_date, n.day, n.note_type, n.notes, n.language,
	n.english_notes, COALESCE(n.author_id, ''), n.msg_key, n.msg_args, COALESCE(n.source_id, ''), COALESCE(n.client_id, ''),
	n.created_at, n.updated_at, r.first_name || ' ' || r.last_name,
	CASE WHEN n.author_id = ? OR EXISTS (SELECT 1 FROM progress_note_reads rd WHERE rd.note_id = n.id AND rd.user_id = ?) THEN 1 ELSE 0 END
	FROM progress_notes n
	JOIN residents r ON r.id = n.resident_id AND r.tenant_id = n.tenant_id`

func scanNote(sc interface{ Scan(...any) error }) (*noteRow, error) {
	var r noteRow
	var read int
	if err := sc.Scan(&r.ID, &r.TenantID, &r.ResidentID, &r.ReportDate, &r.Day, &r.Type, &r.Notes, &r.Language, &r.EnglishNotes,
		&r.AuthorID, &r.MsgKey, &r.MsgArgs, &r.SourceID, &r.ClientID, &r.CreatedAt, &r.UpdatedAt, &r.ResidentName, &read); err != nil {
		return nil, err
	}
	r.Read = read == 1
	return &r, nil
}

// withNames fills in the name of the user each row names (its author, who
// recorded it), from platform/people in one query; "" for an id no account has.
func withNames[T any](ctx context.Context, q db.Querier, rows []T, who func(*T) (id string, name *string)) error {
	ids := make([]string, len(rows))
	for i := range rows {
		ids[i], _ = who(&rows[i])
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return err
	}
	for i := range rows {
		id, name := who(&rows[i])
		*name = names[id]
	}
	return nil
}

func noteAuthor(r *noteRow) (string, *string) { return r.AuthorID, &r.AuthorName }

func queryNotes(ctx context.Context, q db.Querier, query string, args ...any) ([]noteRow, error) {
	const what = "carerecord: notes"
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []noteRow
	for rows.Next() {
		r, err := scanNote(rows)
		if err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	if err := withNames(ctx, q, out, noteAuthor); err != nil {
		return nil, db.Wrap(what, err)
	}
	return out, nil
}

// Note is one note of the tenant as userID sees it (db.ErrNotFound if none).
func (Store) Note(ctx context.Context, q db.Querier, tenantID, userID, id string) (*noteRow, error) {
	r, err := scanNote(q.QueryRowContext(ctx, selectNote+` WHERE n.tenant_id = ? AND n.id = ?`, userID, userID, tenantID, id))
	if err != nil {
		return nil, db.NotFound("carerecord: note", err)
	}
	if r.AuthorName, err = people.Name(ctx, q, r.AuthorID); err != nil {
		return nil, db.Wrap("carerecord: note", err)
	}
	return r, nil
}

// NoteByClient is the note an author already stored under a device's id
// (db.ErrNotFound if none).
func (s Store) NoteByClient(ctx context.Context, q db.Querier, tenantID, authorID, clientID string) (*noteRow, error) {
	r, err := scanNote(q.QueryRowContext(ctx, selectNote+` WHERE n.tenant_id = ? AND n.author_id = ? AND n.client_id = ?`,
		authorID, authorID, tenantID, authorID, clientID))
	if err != nil {
		return nil, db.NotFound("carerecord: note by client", err)
	}
	if r.AuthorName, err = people.Name(ctx, q, r.AuthorID); err != nil {
		return nil, db.Wrap("carerecord: note by client", err)
	}
	return r, nil
}

// noteFilter narrows a list of notes.
type noteFilter struct {
	tenantID, userID, residentID string
	noteType                     shared.ProgressNoteType
	startDay, endDay             string
	unread                       bool
}

// unreadCond is "not opened by the user and not written by them" (one ? for the user twice).
const unreadCond = ` AND (n.author_id IS NULL OR n.author_id <> ?)
	AND NOT EXISTS (SELECT 1 FROM progress_note_reads rd WHERE rd.note_id = n.id AND rd.user_id = ?)`

func (f noteFilter) where() (string, []any) {
	w, args := ` WHERE n.tenant_id = ? AND `+residency.Shown, []any{f.tenantID}
	if f.residentID != "" {
		w += ` AND n.resident_id = ?`
		args = append(args, f.residentID)
	}
	if f.noteType != "" {
		w += ` AND n.note_type = ?`
		args = append(args, string(f.noteType))
	}
	if f.startDay != "" {
		w += ` AND n.day >= ?`
		args = append(args, f.startDay)
	}
	if f.endDay != "" {
		w += ` AND n.day <= ?`
		args = append(args, f.endDay)
	}
	if f.unread {
		w += unreadCond
		args = append(args, f.userID, f.userID)
	}
	return w, args
}

// Notes is a page of notes, newest report first, and their total.
func (Store) Notes(ctx context.Context, q db.Querier, f noteFilter, limit, offset int) ([]noteRow, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM progress_notes n JOIN residents r ON r.id = n.resident_id AND r.tenant_id = n.tenant_id`+w,
		args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("carerecord: notes", err)
	}
	all := append([]any{f.userID, f.userID}, args...)
	rows, err := queryNotes(ctx, q, selectNote+w+` ORDER BY n.report_date DESC, n.id DESC LIMIT ? OFFSET ?`,
		append(all, limit, offset)...)
	return rows, total, err
}

// CountUnread counts the notes of the tenant's residents userID has not opened nor written.
func (Store) CountUnread(ctx context.Context, q db.Querier, tenantID, userID, residentID string) (int, error) {
	w, args := noteFilter{tenantID: tenantID, userID: userID, residentID: residentID, unread: true}.where()
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM progress_notes n JOIN residents r ON r.id = n.resident_id AND r.tenant_id = n.tenant_id`+w,
		args...).Scan(&n)
	return n, db.Wrap("carerecord: count unread", err)
}

// InsertNote adds a note.
func (Store) InsertNote(ctx context.Context, q db.Querier, r *noteRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO progress_notes (id, tenant_id, resident_id, report_date, day, note_type, notes,
		language, english_notes, author_id, msg_key, msg_args, source_id, client_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ResidentID, r.ReportDate, r.Day, string(r.Type), r.Notes, string(r.Language), r.EnglishNotes,
		db.NullString(r.AuthorID), r.MsgKey, r.MsgArgs, db.NullString(r.SourceID), db.NullString(r.ClientID), r.CreatedAt, r.UpdatedAt)
	return db.Wrap("carerecord: insert note", err)
}

// InsertEventNote adds a note written by an event unless the event's note
// exists (same source); false when it did.
func (Store) InsertEventNote(ctx context.Context, q db.Querier, r *noteRow) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `INSERT INTO progress_notes (id, tenant_id, resident_id, report_date, day, note_type, notes,
		language, english_notes, author_id, msg_key, msg_args, source_id, client_id, created_at, updated_at)
		SELECT ?, ?, ?, ?, ?, ?, ?, ?, '', NULL, ?, ?, ?, NULL, ?, ?
		WHERE NOT EXISTS (SELECT 1 FROM progress_notes WHERE tenant_id = ? AND source_id = ?)`,
		r.ID, r.TenantID, r.ResidentID, r.ReportDate, r.Day, string(r.Type), r.Notes, string(r.Language),
		r.MsgKey, r.MsgArgs, r.SourceID, r.CreatedAt, r.UpdatedAt, r.TenantID, r.SourceID))
}

// UpdateNote changes a note in place when authorID wrote it at or after
// since; false when not (someone else's, or too old).
func (Store) UpdateNote(ctx context.Context, q db.Querier, r *noteRow, authorID string, since int64) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `UPDATE progress_notes SET report_date = ?, day = ?, note_type = ?, notes = ?, language = ?,
		english_notes = '', updated_at = ? WHERE tenant_id = ? AND id = ? AND author_id = ? AND created_at >= ?`,
		r.ReportDate, r.Day, string(r.Type), r.Notes, string(r.Language), r.UpdatedAt, r.TenantID, r.ID, authorID, since))
}

// addendumRow is a progress_note_addenda row with its author's name.
type addendumRow struct {
	ID, TenantID, NoteID, AuthorID, Reason, Text string
	CreatedAt                                    int64
	AuthorName                                   string
}

// InsertAddendum adds an addendum.
func (Store) InsertAddendum(ctx context.Context, q db.Querier, a *addendumRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO progress_note_addenda (id, tenant_id, note_id, author_id, reason, text, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, a.ID, a.TenantID, a.NoteID, a.AuthorID, a.Reason, a.Text, a.CreatedAt)
	return db.Wrap("carerecord: insert addendum", err)
}

// CountAddenda counts a note's addenda.
func (Store) CountAddenda(ctx context.Context, q db.Querier, tenantID, noteID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM progress_note_addenda WHERE tenant_id = ? AND note_id = ?`, tenantID, noteID).Scan(&n)
	return n, db.Wrap("carerecord: count addenda", err)
}

// Addenda are the addenda of notes, oldest first, by note.
func (Store) Addenda(ctx context.Context, q db.Querier, tenantID string, noteIDs []string) (map[string][]addendumRow, error) {
	out := map[string][]addendumRow{}
	if len(noteIDs) == 0 {
		return out, nil
	}
	marks, args := db.In(noteIDs)
	rows, err := q.QueryContext(ctx, `SELECT a.id, a.tenant_id, a.note_id, a.author_id, a.reason, a.text, a.created_at
		FROM progress_note_addenda a
		WHERE a.tenant_id = ? AND a.note_id IN (`+marks+`) ORDER BY a.created_at, a.id`, append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("carerecord: addenda", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a addendumRow
		if err := rows.Scan(&a.ID, &a.TenantID, &a.NoteID, &a.AuthorID, &a.Reason, &a.Text, &a.CreatedAt); err != nil {
			return nil, db.Wrap("carerecord: addenda", err)
		}
		out[a.NoteID] = append(out[a.NoteID], a)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("carerecord: addenda", err)
	}
	var ids []string
	for _, as := range out {
		for _, a := range as {
			ids = append(ids, a.AuthorID)
		}
	}
	names, err := people.Names(ctx, q, ids...)
	if err != nil {
		return nil, db.Wrap("carerecord: addenda", err)
	}
	for _, as := range out {
		for i := range as {
			as[i].AuthorName = names[as[i].AuthorID]
		}
	}
	return out, nil
}

// MarkRead records that userID opened a note (once).
func (Store) MarkRead(ctx context.Context, q db.Querier, tenantID, noteID, userID string, at int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO progress_note_reads (tenant_id, note_id, user_id, read_at)
		SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM progress_note_reads WHERE note_id = ? AND user_id = ?)`,
		tenantID, noteID, userID, at, noteID, userID)
	return db.Wrap("carerecord: mark read", err)
}

// MarkAllRead records that userID opened every note of the tenant (of one
// resident) not opened yet; how many.
func (Store) MarkAllRead(ctx context.Context, q db.Querier, tenantID, userID, residentID string, at int64) (int64, error) {
	w, args := noteFilter{tenantID: tenantID, userID: userID, residentID: residentID, unread: true}.where()
	res, err := q.ExecContext(ctx, `INSERT INTO progress_note_reads (tenant_id, note_id, user_id, read_at)
		SELECT n.tenant_id, n.id, ?, ? FROM progress_notes n JOIN residents r ON r.id = n.resident_id AND r.tenant_id = n.tenant_id`+w,
		append([]any{userID, at}, args...)...)
	if err != nil {
		return 0, db.Wrap("carerecord: mark all read", err)
	}
	n, err := res.RowsAffected()
	return n, db.Wrap("carerecord: mark all read", err)
}

// readingRow is a health_readings row with the names the answers show.
type readingRow struct {
	ID, TenantID, ResidentID string
	Metric                   shared.HealthMetric
	Value                    float64
	TakenAt                  int64
	Day                      string
	Source                   shared.ReadingSource
	SourceID                 string
	Flagged                  bool
	NormalLow, NormalHigh    sql.NullFloat64
	RecordedBy               string
	Note, ClientID           string
	CreatedAt                int64

	ResidentName, RecordedByName string
}

const readingColumns = `SELECT h.id, h.tenant_id, h.resident_id, h.metric, h.value, h.taken_at, h.day, h.source, h.source_id,
	h.flagged, h.normal_low, h.normal_high, COALESCE(h.recorded_by, ''), h.note, COALESCE(h.client_id, ''), h.created_at, `

const selectReading = readingColumns + `r.first_name || ' ' || r.last_name
	FROM health_readings h
	JOIN residents r ON r.id = h.resident_id AND r.tenant_id = h.tenant_id`

// selectResidentReading reads one resident's readings without their name
// (the caller has it): the page is then read straight off the index
// health_readings_time (or _resident with metrics), newest first, with no join
// to order first.
const selectResidentReading = readingColumns + `''
	FROM health_readings h`

func queryReadings(ctx context.Context, q db.Querier, query string, args ...any) ([]readingRow, error) {
	const what = "carerecord: readings"
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []readingRow
	for rows.Next() {
		var r readingRow
		if err := rows.Scan(&r.ID, &r.TenantID, &r.ResidentID, &r.Metric, &r.Value, &r.TakenAt, &r.Day, &r.Source, &r.SourceID,
			&r.Flagged, &r.NormalLow, &r.NormalHigh, &r.RecordedBy, &r.Note, &r.ClientID, &r.CreatedAt, &r.ResidentName); err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	if err := withNames(ctx, q, out, func(r *readingRow) (string, *string) { return r.RecordedBy, &r.RecordedByName }); err != nil {
		return nil, db.Wrap(what, err)
	}
	return out, nil
}

// InsertReading adds a reading.
func (Store) InsertReading(ctx context.Context, q db.Querier, r *readingRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO health_readings (id, tenant_id, resident_id, metric, value, taken_at, day, source,
		source_id, flagged, normal_low, normal_high, recorded_by, note, client_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ResidentID, string(r.Metric), r.Value, r.TakenAt, r.Day, string(r.Source), r.SourceID, r.Flagged,
		r.NormalLow, r.NormalHigh, db.NullString(r.RecordedBy), r.Note, db.NullString(r.ClientID), r.CreatedAt)
	return db.Wrap("carerecord: insert reading", err)
}

// ReadingsByClient are the readings a user stored under a device's id.
func (Store) ReadingsByClient(ctx context.Context, q db.Querier, tenantID, userID, clientID string) ([]readingRow, error) {
	return queryReadings(ctx, q, selectReading+` WHERE h.tenant_id = ? AND h.recorded_by = ? AND h.client_id = ? ORDER BY h.id`,
		tenantID, userID, clientID)
}

// readingFilter narrows a list of readings.
type readingFilter struct {
	tenantID, residentID string
	metrics              []shared.HealthMetric
	startDay, endDay     string
	flaggedOnly          bool
}

// where is the filter; one resident's (checked by the caller) needs no join
// to residents, the facility's hides residents still moving in.
func (f readingFilter) where() (string, []any) {
	w, args := ` WHERE h.tenant_id = ? AND `+residency.Shown, []any{f.tenantID}
	if f.residentID != "" {
		w, args = ` WHERE h.tenant_id = ? AND h.resident_id = ?`, []any{f.tenantID, f.residentID}
	}
	if len(f.metrics) > 0 {
		marks, in := db.In(f.metrics)
		w += ` AND h.metric IN (` + marks + `)`
		for _, m := range in {
			args = append(args, string(m.(shared.HealthMetric)))
		}
	}
	if f.startDay != "" {
		w += ` AND h.day >= ?`
		args = append(args, f.startDay)
	}
	if f.endDay != "" {
		w += ` AND h.day <= ?`
		args = append(args, f.endDay)
	}
	if f.flaggedOnly {
		w += ` AND h.flagged`
	}
	return w, args
}

// Readings is a page of readings, newest first, and their total. One
// resident's come without the resident's name (the caller fills it in).
func (Store) Readings(ctx context.Context, q db.Querier, f readingFilter, limit, offset int) ([]readingRow, int64, error) {
	w, args := f.where()
	from, sel := ` FROM health_readings h JOIN residents r ON r.id = h.resident_id AND r.tenant_id = h.tenant_id`, selectReading
	if f.residentID != "" {
		from, sel = ` FROM health_readings h`, selectResidentReading
	}
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+from+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("carerecord: readings", err)
	}
	rows, err := queryReadings(ctx, q, sel+w+` ORDER BY h.taken_at DESC, h.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	return rows, total, err
}

// point is one reading on a chart.
type point struct {
	ID      string
	TakenAt int64
	Value   float64
	Flagged bool
}

// Series is a resident's newest limit readings of a metric in a range, newest first.
func (Store) Series(ctx context.Context, q db.Querier, tenantID, residentID string, metric shared.HealthMetric, startDay, endDay string, limit int) ([]point, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, taken_at, value, flagged FROM health_readings
		WHERE tenant_id = ? AND resident_id = ? AND metric = ? AND day >= ? AND day <= ? ORDER BY taken_at DESC, id DESC LIMIT ?`,
		tenantID, residentID, string(metric), startDay, endDay, limit)
	if err != nil {
		return nil, db.Wrap("carerecord: series", err)
	}
	defer rows.Close()
	var out []point
	for rows.Next() {
		var p point
		if err := rows.Scan(&p.ID, &p.TakenAt, &p.Value, &p.Flagged); err != nil {
			return nil, db.Wrap("carerecord: series", err)
		}
		out = append(out, p)
	}
	return out, db.Wrap("carerecord: series", rows.Err())
}

// MetricsWithReadings are the metrics a resident has readings of in a range.
func (Store) MetricsWithReadings(ctx context.Context, q db.Querier, tenantID, residentID, startDay, endDay string) ([]shared.HealthMetric, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT metric FROM health_readings WHERE tenant_id = ? AND resident_id = ? AND day >= ? AND day <= ?`,
		tenantID, residentID, startDay, endDay)
	if err != nil {
		return nil, db.Wrap("carerecord: metrics with readings", err)
	}
	defer rows.Close()
	var out []shared.HealthMetric
	for rows.Next() {
		var m shared.HealthMetric
		if err := rows.Scan(&m); err != nil {
			return nil, db.Wrap("carerecord: metrics with readings", err)
		}
		out = append(out, m)
	}
	return out, db.Wrap("carerecord: metrics with readings", rows.Err())
}

// ownRange is a resident's own normal range of a metric.
type ownRange struct {
	Low, High sql.NullFloat64
}

// Ranges are a resident's own normal ranges by metric.
func (Store) Ranges(ctx context.Context, q db.Querier, tenantID, residentID string) (map[shared.HealthMetric]ownRange, error) {
	rows, err := q.QueryContext(ctx, `SELECT metric, normal_low, normal_high FROM health_normal_ranges WHERE tenant_id = ? AND resident_id = ?`,
		tenantID, residentID)
	if err != nil {
		return nil, db.Wrap("carerecord: ranges", err)
	}
	defer rows.Close()
	out := map[shared.HealthMetric]ownRange{}
	for rows.Next() {
		var m shared.HealthMetric
		var r ownRange
		if err := rows.Scan(&m, &r.Low, &r.High); err != nil {
			return nil, db.Wrap("carerecord: ranges", err)
		}
		out[m] = r
	}
	return out, db.Wrap("carerecord: ranges", rows.Err())
}

// SaveRange sets (or, both bounds NULL, removes) a resident's own range.
func (Store) SaveRange(ctx context.Context, q db.Querier, tenantID, residentID string, metric shared.HealthMetric, r ownRange, by string, at int64) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM health_normal_ranges WHERE tenant_id = ? AND resident_id = ? AND metric = ?`,
		tenantID, residentID, string(metric)); err != nil {
		return db.Wrap("carerecord: save range", err)
	}
	if !r.Low.Valid && !r.High.Valid {
		return nil
	}
	_, err := q.ExecContext(ctx, `INSERT INTO health_normal_ranges (tenant_id, resident_id, metric, normal_low, normal_high, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, tenantID, residentID, string(metric), r.Low, r.High, by, at)
	return db.Wrap("carerecord: save range", err)
}

// FlaggedSince are the residents (names, most flagged first) with flagged readings taken since, and how many readings.
func (Store) FlaggedSince(ctx context.Context, q db.Querier, tenantID string, since int64) (names []string, firstID string, count int, err error) {
	rows, err := q.QueryContext(ctx, `SELECT r.id, r.first_name || ' ' || r.last_name, COUNT(*) FROM health_readings h
		JOIN residents r ON r.id = h.resident_id AND r.tenant_id = h.tenant_id
		WHERE h.tenant_id = ? AND h.flagged AND h.taken_at >= ? AND r.status IN ('NORMAL', 'GOING_OUT')
		GROUP BY r.id, r.first_name, r.last_name ORDER BY COUNT(*) DESC, r.id`, tenantID, since)
	if err != nil {
		return nil, "", 0, db.Wrap("carerecord: flagged", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		var n int
		if err := rows.Scan(&id, &name, &n); err != nil {
			return nil, "", 0, db.Wrap("carerecord: flagged", err)
		}
		if firstID == "" {
			firstID = id
		}
		names = append(names, name)
		count += n
	}
	return names, firstID, count, db.Wrap("carerecord: flagged", rows.Err())
}

// OldestFlaggedSince is the earliest time of a flagged reading taken at or
// after since (0 when none), of any resident: the first to leave FlaggedSince.
func (Store) OldestFlaggedSince(ctx context.Context, q db.Querier, tenantID string, since int64) (int64, error) {
	var oldest int64
	err := q.QueryRowContext(ctx, `SELECT COALESCE(MIN(taken_at), 0) FROM health_readings WHERE tenant_id = ? AND flagged AND taken_at >= ?`,
		tenantID, since).Scan(&oldest)
	return oldest, db.Wrap("carerecord: oldest flagged", err)
}

// careRow is a care_records row with the names the answers show.
type careRow struct {
	ID, TenantID, ResidentID string
	Activity                 shared.CareActivity
	Day                      string
	GivenAt                  int64
	Value                    sql.NullFloat64
	Assistance               shared.CareAssistance
	Note                     string
	Source                   shared.ReadingSource
	SourceID                 string
	RecordedBy, ClientID     string
	CreatedAt                int64

	ResidentName, RecordedByName string
}

const selectCare = `SELECT c.id, c.tenant_id, c.resident_id, c.activity, c.day, c.given_at, c.value, c.assistance, c.note, c.source,
	c.source_id, COALESCE(c.recorded_by, ''), COALESCE(c.client_id, ''), c.created_at, r.first_name || ' ' || r.last_name
	FROM care_records c
	JOIN residents r ON r.id = c.resident_id AND r.tenant_id = c.tenant_id`

func queryCare(ctx context.Context, q db.Querier, query string, args ...any) ([]careRow, error) {
	const what = "carerecord: care records"
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var out []careRow
	for rows.Next() {
		var r careRow
		if err := rows.Scan(&r.ID, &r.TenantID, &r.ResidentID, &r.Activity, &r.Day, &r.GivenAt, &r.Value, &r.Assistance, &r.Note,
			&r.Source, &r.SourceID, &r.RecordedBy, &r.ClientID, &r.CreatedAt, &r.ResidentName); err != nil {
			return nil, db.Wrap(what, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	if err := withNames(ctx, q, out, func(r *careRow) (string, *string) { return r.RecordedBy, &r.RecordedByName }); err != nil {
		return nil, db.Wrap(what, err)
	}
	return out, nil
}

// InsertCare adds a care record.
func (Store) InsertCare(ctx context.Context, q db.Querier, r *careRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO care_records (id, tenant_id, resident_id, activity, day, given_at, value, assistance,
		note, source, source_id, recorded_by, client_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ResidentID, string(r.Activity), r.Day, r.GivenAt, r.Value, string(r.Assistance), r.Note, string(r.Source),
		r.SourceID, db.NullString(r.RecordedBy), db.NullString(r.ClientID), r.CreatedAt)
	return db.Wrap("carerecord: insert care", err)
}

// InsertEventCare adds a care record another feature recorded, unless one
// of the same source is there already.
func (Store) InsertEventCare(ctx context.Context, q db.Querier, r *careRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO care_records (id, tenant_id, resident_id, activity, day, given_at, value, assistance,
		note, source, source_id, recorded_by, client_id, created_at)
		SELECT ?, ?, ?, ?, ?, ?, NULL, '', ?, ?, ?, ?, NULL, ?
		WHERE NOT EXISTS (SELECT 1 FROM care_records WHERE tenant_id = ? AND source = ? AND source_id = ?)`,
		r.ID, r.TenantID, r.ResidentID, string(r.Activity), r.Day, r.GivenAt, r.Note, string(r.Source), r.SourceID,
		db.NullString(r.RecordedBy), r.CreatedAt, r.TenantID, string(r.Source), r.SourceID)
	return db.Wrap("carerecord: insert event care", err)
}

// Care is one care record (db.ErrNotFound if none).
func (Store) Care(ctx context.Context, q db.Querier, tenantID, id string) (*careRow, error) {
	rows, err := queryCare(ctx, q, selectCare+` WHERE c.tenant_id = ? AND c.id = ?`, tenantID, id)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, db.NotFound("carerecord: care", db.ErrNoRows)
	}
	return &rows[0], nil
}

// CareByClient is the care record a user stored under a device's id
// (db.ErrNotFound if none).
func (Store) CareByClient(ctx context.Context, q db.Querier, tenantID, userID, clientID string) (*careRow, error) {
	rows, err := queryCare(ctx, q, selectCare+` WHERE c.tenant_id = ? AND c.recorded_by = ? AND c.client_id = ?`, tenantID, userID, clientID)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, db.NotFound("carerecord: care by client", db.ErrNoRows)
	}
	return &rows[0], nil
}

// careFilter narrows a list of care records.
type careFilter struct {
	tenantID, residentID string
	activity             shared.CareActivity
	startDay, endDay     string
}

func (f careFilter) where() (string, []any) {
	w, args := ` WHERE c.tenant_id = ? AND `+residency.Shown, []any{f.tenantID}
	if f.residentID != "" {
		w += ` AND c.resident_id = ?`
		args = append(args, f.residentID)
	}
	if f.activity != "" {
		w += ` AND c.activity = ?`
		args = append(args, string(f.activity))
	}
	if f.startDay != "" {
		w += ` AND c.day >= ?`
		args = append(args, f.startDay)
	}
	if f.endDay != "" {
		w += ` AND c.day <= ?`
		args = append(args, f.endDay)
	}
	return w, args
}

// CareRecords is a page of care records, newest first, and their total.
func (Store) CareRecords(ctx context.Context, q db.Querier, f careFilter, limit, offset int) ([]careRow, int64, error) {
	w, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM care_records c JOIN residents r ON r.id = c.resident_id AND r.tenant_id = c.tenant_id`+w,
		args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("carerecord: care records", err)
	}
	rows, err := queryCare(ctx, q, selectCare+w+` ORDER BY c.given_at DESC, c.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return rows, total, err
}

// gridCell is one day's records of one activity.
type gridCell struct {
	Day      string
	Activity shared.CareActivity
	Count    int
	Avg, Sum sql.NullFloat64
	Refused  int
}

// Grid sums a resident's care records per day and activity.
func (Store) Grid(ctx context.Context, q db.Querier, tenantID, residentID, startDay, endDay string) ([]gridCell, error) {
	rows, err := q.QueryContext(ctx, `SELECT day, activity, COUNT(*), AVG(value), SUM(value),
		SUM(CASE WHEN assistance = 'REFUSED' THEN 1 ELSE 0 END)
		FROM care_records WHERE tenant_id = ? AND resident_id = ? AND day >= ? AND day <= ? GROUP BY day, activity`,
		tenantID, residentID, startDay, endDay)
	if err != nil {
		return nil, db.Wrap("carerecord: grid", err)
	}
	defer rows.Close()
	var out []gridCell
	for rows.Next() {
		var c gridCell
		if err := rows.Scan(&c.Day, &c.Activity, &c.Count, &c.Avg, &c.Sum, &c.Refused); err != nil {
			return nil, db.Wrap("carerecord: grid", err)
		}
		out = append(out, c)
	}
	return out, db.Wrap("carerecord: grid", rows.Err())
}
