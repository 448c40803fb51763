package task

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// DefaultSessions are a facility's routine sessions until its owner saves
// its own (spec 000 §3 "Facility routine sessions": morning is wake to
// breakfast, midday breakfast to lunch, afternoon lunch to dinner, evening
// dinner to bed, night bed to wake). The hours are an adult family home's
// usual day: up from 06:00, breakfast done by 09:00, lunch at noon, dinner
// at 17:00, in bed by 21:00; midnight is the 23:00–01:00 round of
// incontinence checks and repositioning that night staff do.
var DefaultSessions = []shared.RoutineSession{
	{Session: shared.SessionMorning, StartTime: "06:00", EndTime: "09:00"},
	{Session: shared.SessionMidday, StartTime: "09:00", EndTime: "12:00"},
	{Session: shared.SessionAfternoon, StartTime: "12:00", EndTime: "17:00"},
	{Session: shared.SessionEvening, StartTime: "17:00", EndTime: "21:00"},
	{Session: shared.SessionNight, StartTime: "21:00", EndTime: "06:00"},
	{Session: shared.SessionMidnight, StartTime: "23:00", EndTime: "01:00"},
}

// facility is what scheduling needs of a facility: its zone and its sessions.
type facility struct {
	loc     *time.Location
	routine routine
	config  shared.FacilityRoutine
}

// facilityOf loads the facility's zone and routine (the defaults when never saved).
func (s *Service) facilityOf(ctx context.Context, q db.Querier, tenantID string) (*facility, error) {
	loc, _, err := zone.Facility(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	f := &facility{loc: loc}
	medPrep, stored, ok, err := s.store.Routine(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	f.config = shared.FacilityRoutine{MedicationPrepButtonEnabled: medPrep, Sessions: slices.Clone(DefaultSessions)}
	if ok {
		var sessions []shared.RoutineSession
		if err := json.Unmarshal([]byte(stored), &sessions); err != nil {
			return nil, fmt.Errorf("task: routine of %s: %w", tenantID, err)
		}
		f.config.Sessions = sessions
	}
	f.routine = routine{}
	for _, rs := range f.config.Sessions {
		st, _ := parseClock(rs.StartTime)
		en, _ := parseClock(rs.EndTime)
		f.routine[rs.Session] = span{start: st, end: en}
	}
	return f, nil
}

// Routine answers /routineTime/get: the facility's sessions and med-prep flag.
func (s *Service) Routine(ctx context.Context, p *auth.Principal) (*shared.FacilityRoutine, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	f, err := s.facilityOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	return &f.config, nil
}

// SaveRoutine is /routineTime/save (owners): all six sessions, each HH:mm
// with a start different from its end (NIGHT and MIDNIGHT may cross
// midnight). Session-bound occurrences that have not opened yet move to the
// new windows; open, done and expired ones keep theirs.
func (s *Service) SaveRoutine(ctx context.Context, p *auth.Principal, req shared.FacilityRoutine) (*shared.FacilityRoutine, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if !p.Has(shared.FacilityOwners...) {
		return nil, problem.Forbidden
	}
	lang := msg.Language(ctx)
	byName := map[shared.TimeSession]shared.RoutineSession{}
	for i, rs := range req.Sessions {
		field := fmt.Sprintf("sessions[%d]", i)
		if !slices.Contains(shared.TimeSessions, rs.Session) {
			return nil, problem.Invalid(field+".session", "enum", "validation.enum", map[string]any{"values": sessionList()})
		}
		if _, dup := byName[rs.Session]; dup {
			return nil, problem.Invalid(field+".session", "unique", "task.routine.duplicate",
				map[string]any{"session": msg.T(lang, "task.session."+string(rs.Session), nil)})
		}
		st, ok1 := parseClock(rs.StartTime)
		en, ok2 := parseClock(rs.EndTime)
		if !ok1 {
			return nil, problem.Invalid(field+".startTime", "pattern", "task.clock", nil)
		}
		if !ok2 {
			return nil, problem.Invalid(field+".endTime", "pattern", "task.clock", nil)
		}
		if st == en {
			return nil, problem.Invalid(field+".endTime", "notEqual", "task.routine.sameStartEnd",
				map[string]any{"session": msg.T(lang, "task.session."+string(rs.Session), nil)})
		}
		byName[rs.Session] = rs
	}
	if len(byName) != len(shared.TimeSessions) {
		return nil, problem.Invalid("sessions", "minItems", "task.routine.missing", map[string]any{"count": len(shared.TimeSessions)})
	}
	ordered := make([]shared.RoutineSession, 0, len(shared.TimeSessions))
	for _, ts := range shared.TimeSessions {
		ordered = append(ordered, byName[ts])
	}
	stored, err := json.Marshal(ordered)
	if err != nil {
		return nil, fmt.Errorf("task: routine sessions: %w", err)
	}
	now := s.now()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.facilityOf(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if err := s.store.SaveRoutine(ctx, tx, p.TenantID, req.MedicationPrepButtonEnabled, string(stored), p.UserID, now.UnixMilli()); err != nil {
			return err
		}
		after, err := s.facilityOf(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if err := s.retime(ctx, tx, p.TenantID, after, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.routine.save",
			Entity: "facility_routine", EntityID: p.TenantID, Before: before.config, After: after.config})
	})
	if err != nil {
		return nil, err
	}
	return s.Routine(ctx, p)
}

// retime moves the facility's session-bound PENDING occurrences that open
// after now to the sessions' current windows.
func (s *Service) retime(ctx context.Context, tx *db.Tx, tenantID string, f *facility, now time.Time) error {
	rows, err := s.store.SessionPending(ctx, tx, tenantID, now.UnixMilli())
	if err != nil {
		return err
	}
	for _, r := range rows {
		d, ok := parseDate(r.Day)
		if !ok {
			continue
		}
		sc := schedule{minute: noTime, session: r.TimeSession}
		w := sc.windowOn(d, f.routine, f.loc)
		if err := s.store.Retime(ctx, tx, tenantID, r.ID, w.start.UnixMilli(), w.end.UnixMilli(), now.UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}

func sessionList() string {
	out := ""
	for i, ts := range shared.TimeSessions {
		if i > 0 {
			out += ", "
		}
		out += string(ts)
	}
	return out
}
