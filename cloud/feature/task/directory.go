package task

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
	"hearth/shared"
)

// directory is what a facility's occurrence lists show beside each record,
// and decide whether a resident's record shows by: the facility's residents
// (name, room, status and when it last changed) and its caregivers' staff
// colours. A day's list has dozens of records and a week's hundreds, each of
// a handful of residents and caregivers: looking them up here rather than
// joining them to every row costs a quarter less of the list's SQL work.
//
// It is kept per facility under the facility's list version (keep.Version),
// which the triggers of migrations 00024 and 00025 raise with every write of
// residents and caregivers, the same guarantee as the residents and staff
// pages' kept answers (read again after any write made here, and at least
// every keep.VersionTTL). Task records are not under that version and are
// read on every call.
type directory struct {
	residents map[string]dirResident
	colors    map[string]string // caregivers' user id → colour (caregivers not deleted)
}

type dirResident struct {
	first, last, room string
	status            shared.ResidentStatus
	statusAt          int64
}

// shows is the SQL condition visible for one of the resident's records: while
// they live here (or are out), and after they left only a record of before.
func (r *dirResident) shows(dueStart int64) bool {
	switch r.status {
	case shared.ResidentNormal, shared.ResidentGoingOut:
		return true
	case shared.ResidentMovedOut, shared.ResidentDeceased:
		return dueStart < r.statusAt
	}
	return false
}

// directoryOf is the facility's directory, kept under its list version.
func (s *Service) directoryOf(ctx context.Context, tenantID string) (*directory, error) {
	version, _, known, err := keep.Version(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	return s.dirs.Fetch(tenantID, version, known, time.Now(), func() (*directory, error) {
		return s.store.Directory(ctx, s.db, tenantID)
	})
}

// Directory reads a facility's residents and caregivers' colours.
func (Store) Directory(ctx context.Context, q db.Querier, tenantID string) (*directory, error) {
	d := &directory{residents: map[string]dirResident{}, colors: map[string]string{}}
	rows, err := q.QueryContext(ctx, `SELECT id, first_name, last_name, room, status, status_at FROM residents WHERE tenant_id = ?`, tenantID)
	if err != nil {
		return nil, db.Wrap("task: directory", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var r dirResident
		if err := rows.Scan(&id, &r.first, &r.last, &r.room, &r.status, &r.statusAt); err != nil {
			return nil, db.Wrap("task: directory", err)
		}
		d.residents[id] = r
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("task: directory", err)
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, `SELECT user_id, color FROM caregivers WHERE tenant_id = ? AND deleted_at IS NULL`, tenantID)
	if err != nil {
		return nil, db.Wrap("task: directory", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, color string
		if err := rows.Scan(&id, &color); err != nil {
			return nil, db.Wrap("task: directory", err)
		}
		d.colors[id] = color
	}
	return d, db.Wrap("task: directory", rows.Err())
}

// records are what Store.Records gives for the filter (the records shown,
// with resident, colour and names, in recordOrder), read as bare rows and
// completed from the facility's kept directory.
func (s *Service) records(ctx context.Context, f recordFilter) ([]recordRow, error) {
	out, err := s.unnamedRecords(ctx, f)
	if err != nil {
		return nil, err
	}
	if err := withRecordNames(ctx, s.db, out); err != nil {
		return nil, db.Wrap("task: records", err)
	}
	return out, nil
}

// unnamedRecords are records without the names of who is assigned, who
// completed and who cleared (withNames adds them).
func (s *Service) unnamedRecords(ctx context.Context, f recordFilter) ([]recordRow, error) {
	dir, err := s.directoryOf(ctx, f.tenantID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.BareRecords(ctx, s.db, f)
	if err != nil {
		return nil, err
	}
	out := rows[:0]
	for i := range rows {
		r := rows[i]
		if r.ResidentID.Valid {
			res, ok := dir.residents[r.ResidentID.String]
			if !ok || !res.shows(r.DueStart) {
				continue
			}
			r.ResidentFirst, r.ResidentLast, r.ResidentRoom = valid(res.first), valid(res.last), valid(res.room)
		}
		if r.CaregiverID.Valid {
			if c, ok := dir.colors[r.CaregiverID.String]; ok {
				r.CaregiverColor = valid(c)
			}
		}
		out = append(out, r)
	}
	clear(rows[len(out):])
	sortAsListed(out, s.db.Engine == db.Postgres)
	return out, nil
}

func valid(s string) sql.NullString { return sql.NullString{String: s, Valid: true} }

// sortAsListed orders records as recordOrder does: by due start, resident's
// last and first name (a facility task has none: first on SQLite, last on
// PostgreSQL, as each orders NULL), title and id. Names, titles and ids
// compare byte by byte, as SQLite does; PostgreSQL's collation may order two
// names differently, which changes nothing shown: sortRecords then orders by
// due start and the name and title run together, and only two records whose
// run-together texts are equal keep this order, which for two different
// names needs one to run on into the other's title.
func sortAsListed(rows []recordRow, nullsLast bool) {
	nullName := func(a, b sql.NullString) (int, bool) {
		switch {
		case a.Valid == b.Valid:
			return 0, false
		case !a.Valid == nullsLast:
			return 1, true
		}
		return -1, true
	}
	sortRows(rows, false, func(a, b *recordRow) int {
		if a.DueStart != b.DueStart {
			if a.DueStart < b.DueStart {
				return -1
			}
			return 1
		}
		if c, ok := nullName(a.ResidentLast, b.ResidentLast); ok {
			return c
		}
		if c := strings.Compare(a.ResidentLast.String, b.ResidentLast.String); c != 0 {
			return c
		}
		if c, ok := nullName(a.ResidentFirst, b.ResidentFirst); ok {
			return c
		}
		if c := strings.Compare(a.ResidentFirst.String, b.ResidentFirst.String); c != 0 {
			return c
		}
		if c := strings.Compare(a.Title, b.Title); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}
