// Package shift keeps a facility's shifts (spec 000 §2 /shift-management,
// /shift-management/shift-scheduling/{shiftTypeId}, /shift-report, "Caregiver
// shifts, reminders and schedule"; §3 "Shift report, shift and shift type";
// §4; §5 "Shift"; spec 001 §8 7006, §9 "weeks start on Sunday; shifts only for
// today or later").
//
// Shift types are the parts of the facility's day (a night shift crosses
// midnight). A schedule is one week (Sunday to Saturday) of one shift type
// with the caregivers assigned to each day; the owner publishes it, and each
// caregiver is reminded the evening before and an hour before (jobs.go).
// Coverage gaps are the hours of the week with fewer caregivers than needed
// (coverage.go). Shift reports are the hand-over between shifts (report.go),
// and the hours report sets the scheduled time beside the clocked time
// (hours.go). Every date and time of day is the facility's (its time zone).
package shift

import (
	"context"
	"log/slog"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Problems of this package (messages in messages/*.json).
var (
	ErrChanged        = problem.New(shared.CodeConflict, "shift.changed")
	ErrWeekTaken      = problem.New(shared.CodeConflict, "shift.weekTaken")
	ErrTypeScheduled  = problem.New(shared.CodeConflict, "shift.typeScheduled")
	ErrReportLocked   = problem.New(shared.CodeConflict, "shift.reportSubmitted")
	ErrNothingToCopy  = problem.New(shared.CodeNotFound, "shift.nothingToCopy")
	ErrMaxShiftReport = problem.New(shared.CodeMaxShiftReports, "shift.maxShiftReports")
)

// Notifier tells people something in the caller's transaction
// (notification.Service has it).
type Notifier interface {
	Notify(ctx context.Context, tx *db.Tx, tenantID string, userIDs []string, d shared.NotificationDraft) error
}

// Credentials says, per caregiver, whether a credential keeps them off a
// shift that requires it (the staff rules engine: staff.Service has it).
type Credentials interface {
	CredentialOverdue(ctx context.Context, tenantID string, caregiverIDs []string, typ shared.CredentialType) (map[string]bool, error)
}

// Service is the shifts service.
type Service struct {
	db    *db.DB
	store Store
	log   *slog.Logger
	now   func() time.Time
	pkgs  Packages // the home's package: shift reports a month (0 = unlimited)

	notify   Notifier
	creds    Credentials
	announce jobs.Announce
	chat     Chat // Hearth's chat (chat.go)

	// keptReports are the shift report pages asked, per reader (ListReports).
	keptReports *keep.Timed[*web.Answer[*shared.Page[shared.ShiftReport]]]
}

// keptReportPages is how many shift report pages are kept (one or two per person).
const keptReportPages = 512

// Packages answer a home's limits from its current service package
// (cloud/feature/svcpkg): 7001 when it has none.
type Packages interface {
	Limits(ctx context.Context, q db.Querier, tenantID string) (shared.PackageLimits, error)
}

// Deps are the shifts service's collaborators, all required but Log and
// Now (slog.Default, time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB *db.DB
	// Packages give the home's limit of shift reports submitted in its calendar month (7006).
	Packages    Packages
	Notify      Notifier      // reminders, schedule changes and submitted reports
	Credentials Credentials   // the staff rules engine's credential check
	Announce    jobs.Announce // the business event SHIFT_REPORT
	Chat        Chat          // Hearth's chat: a submitted report in the facility's channel (chat.go)
	Log         *slog.Logger
	Now         func() time.Time
}

// New makes the shifts service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("shift", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, pkgs: d.Packages, log: d.Log, now: d.Now,
		notify: d.Notify, creds: d.Credentials, announce: d.Announce, chat: d.Chat,
		keptReports: keep.NewTimed[*web.Answer[*shared.Page[shared.ShiftReport]]](keptReportPages, keep.TimedMaxAge, zone.Of)}, nil
}

// clock is a facility's zone and its now.
type clock struct {
	loc   *time.Location
	tz    shared.TimeZone
	now   time.Time
	today string // YYYY-MM-DD
}

func (s *Service) clockOf(ctx context.Context, q db.Querier, tenantID string) (clock, error) {
	loc, tz, err := zone.Facility(ctx, q, tenantID)
	if err != nil {
		return clock{}, err
	}
	n := s.now().In(loc)
	return clock{loc: loc, tz: tz, now: n, today: n.Format(time.DateOnly)}, nil
}

// parseDay reads YYYY-MM-DD as a UTC midnight.
func parseDay(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// addDays is day + n days, as YYYY-MM-DD.
func addDays(day string, n int) string {
	t, ok := parseDay(day)
	if !ok {
		return day
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// weekStartOf is the Sunday on or before day (spec 001 §9: weeks start on Sunday).
func weekStartOf(day string) string {
	t, ok := parseDay(day)
	if !ok {
		return day
	}
	return t.AddDate(0, 0, -int(t.Weekday())).Format(time.DateOnly)
}

// minutesOf reads HH:MM as minutes after midnight (-1 when malformed).
func minutesOf(hhmm string) int {
	if len(hhmm) != 5 || hhmm[2] != ':' {
		return -1
	}
	h, m := int(hhmm[0]-'0')*10+int(hhmm[1]-'0'), int(hhmm[3]-'0')*10+int(hhmm[4]-'0')
	if h < 0 || h > 23 || m < 0 || m > 59 {
		return -1
	}
	return h*60 + m
}

// wall is the moment of day's HH:MM on the facility's wall clock (a time in
// a spring-forward gap is moved forward, as time.Date does).
func wall(loc *time.Location, day, hhmm string) time.Time {
	t, _ := parseDay(day)
	m := minutesOf(hhmm)
	return time.Date(t.Year(), t.Month(), t.Day(), m/60, m%60, 0, 0, loc)
}

// span is a shift's start and end on day: a type whose end is at or before
// its start ends the next day.
func span(loc *time.Location, day, start, end string) (time.Time, time.Time) {
	from := wall(loc, day, start)
	endDay := day
	if minutesOf(end) <= minutesOf(start) {
		endDay = addDays(day, 1)
	}
	return from, wall(loc, endDay, end)
}

// durationMinutes is a type's length on a day without a clock change.
func durationMinutes(start, end string) int {
	d := minutesOf(end) - minutesOf(start)
	if d <= 0 {
		d += 24 * 60
	}
	return d
}

// reminders are the two reminder moments of a shift starting at from on day:
// ShiftReminderEveningHour the evening before, and ShiftReminderBeforeMinutes
// before it starts.
func reminders(loc *time.Location, day string, from time.Time) (eve, soon int64) {
	prev, _ := parseDay(addDays(day, -1))
	e := time.Date(prev.Year(), prev.Month(), prev.Day(), shared.ShiftReminderEveningHour, 0, 0, 0, loc)
	return e.UnixMilli(), from.Add(-shared.ShiftReminderBeforeMinutes * time.Minute).UnixMilli()
}
