package task

import (
	"context"
	"slices"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// CalendarSource gives another feature's calendar entries (approved leave,
// residents going out, care plans falling due) between from and to (instants,
// to exclusive) for the caller's facility, optionally about one resident
// (residentID "" = all). Features offer one; cloud/server adds it with
// AddCalendarSource, so this package never imports them.
type CalendarSource func(ctx context.Context, p *auth.Principal, from, to time.Time, residentID string) ([]shared.CalendarEvent, error)

// AddCalendarSource adds a source of calendar entries (at start-up).
func (s *Service) AddCalendarSource(src CalendarSource) { s.sources = append(s.sources, src) }

// ErrRangeOrder: a calendar range ends on or after its first day.
var ErrRangeOrder = problem.Invalid("end", "minimum", "task.rangeOrder", nil)

// calendarRange checks a CalendarRange of at most maxDays days.
func (s *Service) calendarRange(ctx context.Context, p *auth.Principal, req shared.CalendarRange, maxDays int) (from, to time.Time, residentID string, f *facility, err error) {
	if err = auth.Member(p); err != nil {
		return
	}
	var ok bool
	if from, ok = parseDate(req.Start); !ok {
		err = problem.Invalid("start", "pattern", "task.date", nil)
		return
	}
	if to, ok = parseDate(req.End); !ok {
		err = problem.Invalid("end", "pattern", "task.date", nil)
		return
	}
	if to.Before(from) {
		err = ErrRangeOrder
		return
	}
	if int(to.Sub(from)/(24*time.Hour))+1 > maxDays {
		err = problem.Invalid("end", "maximum", "task.rangeTooLong", map[string]any{"days": maxDays})
		return
	}
	residentID = strings.TrimSpace(req.ResidentID)
	if _, err = s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
		return
	}
	f, err = s.facilityOf(ctx, s.db, p.TenantID)
	return
}

// CalendarTasks is listCalendarTask: the task occurrences of facility days
// start..end (at most CalendarTaskRangeDays), by due time, each with its
// assigned caregiver's staff colour. Days beyond a task's horizon show its
// plan (occurrences without a record id, not yet completable).
func (s *Service) CalendarTasks(ctx context.Context, p *auth.Principal, req shared.CalendarRange) (*web.Answer[[]shared.TaskRecord], error) {
	from, to, residentID, f, err := s.calendarRange(ctx, p, req, shared.CalendarTaskRangeDays)
	if err != nil {
		return nil, err
	}
	now := s.now()
	parts := []string{"calendarTasks", p.RoleKey(), formatDate(from), formatDate(to), residentID}
	return s.keptCalendarTasks.Serve(ctx, s.db, p.TenantID, now, parts, web.AnswerOf(func(ctx context.Context) ([]shared.TaskRecord, error) {
		return s.calendarTasks(ctx, p, from, to, residentID, f, now)
	}))
}

// calendarTasks makes CalendarTasks's answer at now, saying when each
// pending occurrence turns overdue or, projected, leaves (keep.ChangesAt).
func (s *Service) calendarTasks(ctx context.Context, p *auth.Principal, from, to time.Time, residentID string, f *facility, now time.Time) ([]shared.TaskRecord, error) {
	rows, err := s.records(ctx, recordFilter{tenantID: p.TenantID, residentID: residentID, from: formatDate(from), to: formatDate(to)})
	if err != nil {
		return nil, err
	}
	extra, err := s.projections(ctx, p.TenantID, residentID, from, to, f, now)
	if err != nil {
		return nil, err
	}
	rows = append(rows, extra...)
	sortRecords(rows)
	out := make([]shared.TaskRecord, 0, len(rows))
	for i := range rows {
		rows[i].changes(ctx)
		out = append(out, rows[i].toRecord(now.UnixMilli()))
	}
	return out, nil
}

// CalendarData is listCalendarData: each facility day's task figures for
// start..end (at most CalendarRangeDays), and the other features' entries.
func (s *Service) CalendarData(ctx context.Context, p *auth.Principal, req shared.CalendarRange) (*web.Answer[*shared.CalendarData], error) {
	from, to, residentID, f, err := s.calendarRange(ctx, p, req, shared.CalendarRangeDays)
	if err != nil {
		return nil, err
	}
	now := s.now()
	parts := []string{"calendarData", p.RoleKey(), formatDate(from), formatDate(to), residentID}
	return s.keptCalendarData.Serve(ctx, s.db, p.TenantID, now, parts, web.AnswerOf(func(ctx context.Context) (*shared.CalendarData, error) {
		return s.calendarData(ctx, p, from, to, residentID, f, now)
	}))
}

// calendarData makes CalendarData's answer at now, saying when its figures
// move on with the clock (keep.ChangesAt): a pending occurrence turning
// overdue (the facility's next, whatever its day) or, projected, leaving.
// The other features' entries do not change with time alone.
func (s *Service) calendarData(ctx context.Context, p *auth.Principal, from, to time.Time, residentID string, f *facility, now time.Time) (*shared.CalendarData, error) {
	ms := now.UnixMilli()
	counts, err := s.store.DayCounts(ctx, s.db, recordFilter{tenantID: p.TenantID, residentID: residentID, from: formatDate(from), to: formatDate(to)}, ms)
	if err != nil {
		return nil, err
	}
	next, err := s.store.NextDueEnd(ctx, s.db, p.TenantID, ms)
	if err != nil {
		return nil, err
	}
	keep.ChangesAtMillis(ctx, next)
	days := map[string]*shared.CalendarDay{}
	out := &shared.CalendarData{Days: []shared.CalendarDay{}, Events: []shared.CalendarEvent{}}
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		out.Days = append(out.Days, shared.CalendarDay{Day: formatDate(d)})
	}
	for i := range out.Days {
		days[out.Days[i].Day] = &out.Days[i]
	}
	for _, c := range counts {
		d := days[c.Day]
		if d == nil {
			continue
		}
		d.Total += c.Count
		switch c.Status {
		case shared.RecordCompleted:
			d.Completed += c.Count
		case shared.RecordExpired:
			d.Expired += c.Count
		case shared.RecordPending:
			d.Expired += c.Overdue
			d.Pending += c.Count - c.Overdue
		}
	}
	extra, err := s.projections(ctx, p.TenantID, residentID, from, to, f, now)
	if err != nil {
		return nil, err
	}
	for _, r := range extra {
		r.changes(ctx)
		if d := days[r.Day]; d != nil {
			d.Total++
			d.Pending++
		}
	}
	start, end := at(from, 0, 0, f.loc), at(to, 1, 0, f.loc)
	for _, src := range s.sources {
		evs, err := src(ctx, p, start, end, residentID)
		if err != nil {
			return nil, err
		}
		out.Events = append(out.Events, evs...)
	}
	slices.SortStableFunc(out.Events, func(a, b shared.CalendarEvent) int {
		switch {
		case a.Start < b.Start:
			return -1
		case a.Start > b.Start:
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}
