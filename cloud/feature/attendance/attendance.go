// Package attendance is clock-in records, hours and the door kiosk (spec 001
// §7.8 caregiverClockInRecord; issue 5 "Attendance"; the kiosk app of issue 6).
//
// A punch carries an id its client made; the facility stores each id once, so
// a retry or an offline outbox replayed twice finds the original record
// (DOMAIN.md: kiosks that duplicated punches after offline sync). Whether a
// punch is IN or OUT is decided here, from the person's latest punch at or
// before its time. A punch taken offline carries the time it happened: it is
// accepted when at most 7 days old and not ahead of the server's clock by more
// than 2 minutes of skew (a time inside the skew is stored as the server's
// time), and flagged late when it arrived more than 5 minutes after it happened.
//
// The kiosk is a device, not a person: it holds a credential shown once at
// registration (only a hash is stored; the owner revokes it) and may only list
// the facility's enabled caregivers, punch for one who gives the right PIN, and
// fetch the verifiers it needs to check PINs offline (kiosk.go, pin.go).
package attendance

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Problems this package answers. A record or person the caller may not see
// answers problem.NotFound (4004), whichever facility it belongs to.
var (
	ErrPunchIDTaken   = problem.New(shared.CodeConflict, "attendance.punchIdTaken")
	ErrPinWrong       = problem.New(shared.CodePinWrong, "attendance.pinWrong")
	ErrPinLocked      = problem.New(shared.CodePinLocked, "attendance.pinLocked")
	ErrPinNotSet      = problem.New(shared.CodePinNotSet, "attendance.pinNotSet")
	ErrNoVerifier     = problem.New(shared.CodeForbidden, "attendance.noOfflineVerifier")
	ErrKioskRevoked   = problem.New(shared.CodeConflict, "attendance.kioskRevoked")
	ErrRangeOrder     = problem.Invalid("endDate", "minimum", "attendance.rangeOrder", nil)
	ErrRangeTooLong   = problem.Invalid("endDate", "maximum", "attendance.rangeTooLong", map[string]any{"days": shared.AttendanceMaxRangeDays})
	ErrPunchTooOld    = problem.Invalid("punchTime", "minimum", "attendance.punchTooOld", map[string]any{"days": shared.OfflinePunchMaxAgeDays})
	ErrPunchInFuture  = problem.Invalid("punchTime", "maximum", "attendance.punchInFuture", nil)
	ErrPinRequired    = problem.Invalid("pin", "required", "validation.required", nil)
	errNotAFacilityID = problem.Forbidden // a caller with no facility (the super admin) has no attendance
)

func invalidDate(field string) error {
	return problem.Invalid(field, "format", "attendance.badDate", nil)
}

// AvatarURLs turns a user's avatar file id into a signed link (the file service).
type AvatarURLs interface {
	AvatarURL(fileID string) string
}

// Service is the attendance service.
type Service struct {
	db      *db.DB
	store   Store
	mail    mail.Sender
	avatars AvatarURLs
	log     *slog.Logger
	now     func() time.Time
}

// Deps are the attendance service's collaborators, all required but Log
// and Now (slog.Default, time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB      *db.DB
	Mail    mail.Sender
	Avatars AvatarURLs // the kiosk's photos
	Log     *slog.Logger
	Now     func() time.Time
}

// New makes the attendance service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("attendance", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, mail: d.Mail, avatars: d.Avatars, log: d.Log, now: d.Now}, nil
}

// isManager reports whether p sees the facility's attendance (owner or admin)
// rather than only their own.
func isManager(p *auth.Principal) bool {
	return p.Has(shared.FacilityManagers...)
}

// punchIn is one punch to store.
type punchIn struct {
	tenantID, userID, clientID string
	at                         int64 // 0 = now
	source                     shared.PunchSource
	deviceID                   string
	pinCheck                   shared.PinCheck
}

// checkTime is the time to store for a punch said to have happened at (0 =
// now): refused when older than 7 days or further ahead than the skew.
func (s *Service) checkTime(at int64) (int64, error) {
	now := s.now().UnixMilli()
	if at == 0 {
		return now, nil
	}
	if at > now+shared.PunchClockSkewSeconds*1000 {
		return 0, ErrPunchInFuture
	}
	if at < now-int64(shared.OfflinePunchMaxAgeDays)*24*3600*1000 {
		return 0, ErrPunchTooOld
	}
	return min(at, now), nil
}

// replay is the punch a client id already made, if any: the original for the
// same person; 4009 when the id was used for someone else.
func (s *Service) replay(ctx context.Context, q db.Querier, in punchIn) (*punchRow, error) {
	r, err := s.store.PunchByClientID(ctx, q, in.tenantID, in.clientID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil // a new punch
	}
	if err != nil {
		return nil, err
	}
	if r.UserID != in.userID {
		return nil, ErrPunchIDTaken
	}
	return r, nil
}

// punch stores a punch in tx, or finds the one its client id already made.
func (s *Service) punch(ctx context.Context, tx *db.Tx, in punchIn) (*punchRow, error) {
	if r, err := s.replay(ctx, tx, in); err != nil || r != nil {
		return r, err
	}
	at, err := s.checkTime(in.at)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	if err := s.store.LockClock(ctx, tx, in.tenantID, in.userID, now); err != nil {
		return nil, err
	}
	if r, err := s.replay(ctx, tx, in); err != nil || r != nil { // made while we waited for the lock
		return r, err
	}
	last, err := s.store.LastPunch(ctx, tx, in.tenantID, in.userID, at)
	if err != nil && !errors.Is(err, db.ErrNotFound) { // none yet: this one is IN
		return nil, err
	}
	typ := shared.PunchIn
	if last != nil && last.Type == shared.PunchIn {
		typ = shared.PunchOut
	}
	r := &punchRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: in.tenantID, ClientID: in.clientID, UserID: in.userID,
		Type: typ, PunchedAt: at, ReceivedAt: now, Source: in.source, PinCheck: in.pinCheck,
		Late: now-at > shared.PunchLateAfterSeconds*1000}
	if in.deviceID != "" {
		r.DeviceID.String, r.DeviceID.Valid = in.deviceID, true
	}
	if err := s.store.InsertPunch(ctx, tx, r); err != nil {
		if db.IsUniqueViolation(err) {
			return nil, ErrPunchIDTaken // the same id, for someone else, at the same moment
		}
		return nil, err
	}
	if err := audit.Write(ctx, tx, audit.Entry{TenantID: in.tenantID, ActorID: in.userID, Action: "attendance.punch",
		Entity: "clock_punch", EntityID: r.ID, After: toRecord(r)}); err != nil {
		return nil, err
	}
	return s.store.PunchByClientID(ctx, tx, in.tenantID, in.clientID)
}

// ClockIn clocks the signed-in person in or out from the browser.
func (s *Service) ClockIn(ctx context.Context, p *auth.Principal, req shared.ClockInRequest) (*shared.ClockInRecord, error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	in := punchIn{tenantID: p.TenantID, userID: p.UserID, clientID: req.ClientPunchID, at: req.PunchTime, source: shared.PunchFromBrowser}
	// A replay (a retry, an outbox sent twice) is answered from a read, as the
	// kiosk's is: it takes no write transaction (SQLite's single writer).
	r, err := s.replay(ctx, s.db, in)
	if err != nil {
		return nil, err
	}
	if r == nil {
		err = s.db.InTx(ctx, func(tx *db.Tx) (err error) {
			r, err = s.punch(ctx, tx, in)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	rec := toRecord(r)
	return &rec, nil
}

// List is one page of punches: the caller's own, or for an owner or admin the
// facility's (optionally one person's).
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.ClockInRecordFilter]) (*shared.Page[shared.ClockInRecord], error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	f := punchFilter{tenantID: p.TenantID, from: req.Data.StartTime, to: req.Data.EndTime, source: req.Data.Source, lateOnly: req.Data.LateOnly}
	who, err := s.subject(ctx, p, req.Data.CaregiverID, req.Data.UserID)
	if err != nil {
		return nil, err
	}
	if who != "" {
		f.userIDs = []string{who}
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.ListPunches(ctx, s.db, f, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, toRecord), nil
}

// subject is whose records p asks for: always p for a caregiver; for a
// manager the named person (by staff id or account; 4004 when not of this
// facility) or "" for everyone.
func (s *Service) subject(ctx context.Context, p *auth.Principal, caregiverID, userID string) (string, error) {
	if !isManager(p) {
		return p.UserID, nil
	}
	caregiverID, userID = strings.TrimSpace(caregiverID), strings.TrimSpace(userID)
	switch {
	case caregiverID != "":
		id, err := s.store.UserOfCaregiver(ctx, s.db, p.TenantID, caregiverID)
		if errors.Is(err, db.ErrNotFound) {
			return "", problem.NotFound
		}
		if err != nil {
			return "", err
		}
		if userID != "" && userID != id {
			return "", problem.NotFound
		}
		return id, nil
	case userID != "":
		_, err := s.store.PersonByUser(ctx, s.db, p.TenantID, userID)
		if errors.Is(err, db.ErrNotFound) {
			return "", problem.NotFound
		}
		if err != nil {
			return "", err
		}
		return userID, nil
	}
	return "", nil
}

// Summary is hours per person per day and per week in the facility's zone.
func (s *Service) Summary(ctx context.Context, p *auth.Principal, req shared.AttendanceSummaryRequest) (*shared.AttendanceSummary, error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	loc, code, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	r, err := rangeOf(strings.TrimSpace(req.StartDate), strings.TrimSpace(req.EndDate), loc, now)
	if err != nil {
		return nil, err
	}
	who, err := s.subject(ctx, p, req.CaregiverID, req.UserID)
	if err != nil {
		return nil, err
	}
	var people []person
	if who != "" {
		one, err := s.store.PersonByUser(ctx, s.db, p.TenantID, who)
		if errors.Is(err, db.ErrNotFound) { // a caregiver whose membership ended still sees their own
			one, err = &person{UserID: who}, nil
		}
		if err != nil {
			return nil, err
		}
		people = []person{*one}
	} else if people, err = s.store.People(ctx, s.db, p.TenantID, r.start().UnixMilli(), r.end().UnixMilli()); err != nil {
		return nil, err
	}
	out := &shared.AttendanceSummary{TimeZone: code, StartDate: r.first.Format(dateLayout), EndDate: r.last.Format(dateLayout),
		Caregivers: []shared.CaregiverAttendance{}}
	if len(people) == 0 {
		return out, nil
	}
	ids := make([]string, len(people))
	for i, pp := range people {
		ids[i] = pp.UserID
	}
	// A shift that began up to 7 days before the range still counts inside it.
	punches, err := s.store.PunchesBetween(ctx, s.db, punchFilter{tenantID: p.TenantID, userIDs: ids,
		from: r.start().AddDate(0, 0, -shared.OfflinePunchMaxAgeDays).UnixMilli(), to: r.end().UnixMilli()})
	if err != nil {
		return nil, err
	}
	marks := map[string][]punchMark{}
	for _, pr := range punches {
		marks[pr.UserID] = append(marks[pr.UserID], punchMark{at: pr.PunchedAt, typ: pr.Type})
	}
	open, err := s.store.OnShift(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	for _, pp := range people {
		days, weeks, shifts, total := tally(pairShifts(marks[pp.UserID]), r, now)
		ca := shared.CaregiverAttendance{CaregiverID: pp.CaregiverID, UserID: pp.UserID, CaregiverName: pp.Name, Color: pp.Color,
			TotalMinutes: total, Days: days, Weeks: weeks, Shifts: shifts}
		if since, ok := open[pp.UserID]; ok {
			ca.OpenShift, ca.OpenSince = true, since
		}
		out.Caregivers = append(out.Caregivers, ca)
	}
	return out, nil
}

// MyStatus is what /your-status shows: in or out, this week's minutes, the PIN.
func (s *Service) MyStatus(ctx context.Context, p *auth.Principal) (*shared.ClockInStatus, error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	sum, err := s.Summary(ctx, &auth.Principal{UserID: p.UserID, TenantID: p.TenantID, Roles: []shared.Role{shared.RoleCaregiverStaff}},
		shared.AttendanceSummaryRequest{})
	if err != nil {
		return nil, err
	}
	out := &shared.ClockInStatus{WeekStart: sum.StartDate, TimeZone: sum.TimeZone}
	if len(sum.Caregivers) > 0 {
		out.WeekMinutes = sum.Caregivers[0].TotalMinutes
	}
	now := s.now().UnixMilli()
	last, err := s.store.LastPunch(ctx, s.db, p.TenantID, p.UserID, now)
	if err != nil && !errors.Is(err, db.ErrNotFound) { // none yet: no last punch
		return nil, err
	}
	if last != nil {
		rec := toRecord(last)
		out.LastPunch = &rec
		out.OpenShift = last.Type == shared.PunchIn
	}
	c, err := s.store.Clock(ctx, s.db, p.TenantID, p.UserID)
	if err != nil && !errors.Is(err, db.ErrNotFound) { // never punched nor set a PIN
		return nil, err
	}
	if c != nil {
		out.PinSet = c.PinHash != ""
		if c.PinLockedUntil > now {
			out.PinLockedUntil = c.PinLockedUntil
		}
	}
	return out, nil
}

// toRecord converts a punch row to its wire form.
func toRecord(r *punchRow) shared.ClockInRecord {
	return shared.ClockInRecord{RecordID: r.ID, ClientPunchID: r.ClientID, CaregiverID: r.CaregiverID.String, UserID: r.UserID,
		CaregiverName: r.UserName, PunchType: r.Type, PunchTime: r.PunchedAt, ReceivedTime: r.ReceivedAt, Source: r.Source,
		DeviceID: r.DeviceID.String, DeviceName: r.DeviceName.String, PinCheck: r.PinCheck, Late: r.Late}
}
