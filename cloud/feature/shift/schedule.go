package shift

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// weekOf is the week a request names (a Sunday; spec 001 §9), or this week.
func weekOf(field, day string, c clock) (string, error) {
	day = strings.TrimSpace(day)
	if day == "" {
		return weekStartOf(c.today), nil
	}
	t, ok := parseDay(day)
	if !ok {
		return "", problem.Invalid(field, "format", "shift.dateFormat", nil)
	}
	if t.Weekday() != time.Sunday {
		return "", problem.Invalid(field, "sunday", "shift.sunday", nil)
	}
	return day, nil
}

// toSchedule is a schedule with its assignments grouped by day.
func toSchedule(c clock, r *scheduleRow, assigns []assignRow) shared.ShiftSchedule {
	out := shared.ShiftSchedule{ScheduleID: r.ID, ShiftTypeID: r.ShiftTypeID, ShiftTypeName: r.ShiftTypeName, Name: r.Name,
		StartDate: r.StartDate, EndDate: r.EndDate, Status: r.Status, Version: r.Version, PublishedAt: r.PublishedAt,
		UpdatedByName: r.UpdatedByName, UpdateTime: r.UpdatedAt, Assignments: []shared.ShiftAssignment{}}
	for _, a := range assigns {
		if a.ScheduleID != r.ID {
			continue
		}
		n := len(out.Assignments)
		if n == 0 || out.Assignments[n-1].Day != a.Day {
			out.Assignments = append(out.Assignments, shared.ShiftAssignment{Day: a.Day, CaregiverIDs: []string{},
				Caregivers: []shared.ShiftCaregiver{}, Start: a.StartAt, End: a.EndAt, Past: a.Day < c.today})
			n++
		}
		d := &out.Assignments[n-1]
		d.CaregiverIDs = append(d.CaregiverIDs, a.CaregiverID)
		d.Caregivers = append(d.Caregivers, shared.ShiftCaregiver{CaregiverID: a.CaregiverID, UserID: a.UserID, Name: a.CaregiverName,
			Color: a.CaregiverColor, Status: shared.UserEnabled})
	}
	return out
}

// ListByWeek answers the week's schedules of every shift type, its coverage
// gaps and the conflicts of saved assignments (owners and admins).
func (s *Service) ListByWeek(ctx context.Context, p *auth.Principal, req shared.ListByWeekRequest) (*shared.WeekSchedule, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	week, err := weekOf("weekStart", req.WeekStart, c)
	if err != nil {
		return nil, err
	}
	types, err := s.store.Types(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	scheds, err := s.store.Week(ctx, s.db, p.TenantID, week)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(scheds))
	for i := range scheds {
		ids[i] = scheds[i].ID
	}
	assigns, err := s.store.AssignmentsOf(ctx, s.db, p.TenantID, ids)
	if err != nil {
		return nil, err
	}
	out := &shared.WeekSchedule{WeekStart: week, WeekEnd: addDays(week, 6), Today: c.today, TimeZone: c.tz,
		ShiftTypes: []shared.ShiftType{}, Schedules: []shared.ShiftSchedule{}}
	for i := range types {
		has := slices.ContainsFunc(scheds, func(r scheduleRow) bool { return r.ShiftTypeID == types[i].ID })
		if types[i].Active || has {
			out.ShiftTypes = append(out.ShiftTypes, toType(&types[i]))
		}
	}
	for i := range scheds {
		out.Schedules = append(out.Schedules, toSchedule(c, &scheds[i], assigns))
	}
	if out.Gaps, err = s.weekGaps(ctx, s.db, p.TenantID, c, week, types); err != nil {
		return nil, err
	}
	if out.Conflicts, err = s.savedConflicts(ctx, p, c, scheds, assigns, types); err != nil {
		return nil, err
	}
	out.Conflicts = append(out.Conflicts, overHours(ctx, assigns)...)
	s.markDisabled(ctx, p.TenantID, out.Schedules)
	return out, nil
}

// markDisabled shows the current status of each assigned caregiver.
func (s *Service) markDisabled(ctx context.Context, tenantID string, scheds []shared.ShiftSchedule) {
	var ids []string
	for _, sc := range scheds {
		for _, a := range sc.Assignments {
			ids = append(ids, a.CaregiverIDs...)
		}
	}
	by, err := s.store.Caregivers(ctx, s.db, tenantID, ids)
	if err != nil {
		return // a status is a hint; the schedule itself is right
	}
	for i := range scheds {
		for j := range scheds[i].Assignments {
			for k := range scheds[i].Assignments[j].Caregivers {
				cg := &scheds[i].Assignments[j].Caregivers[k]
				if st, ok := by[cg.CaregiverID]; ok {
					cg.Status = st.Status
				}
			}
		}
	}
}

// planned is one assignment a save would write.
type planned struct {
	cg       caregiver
	day      string
	from, to time.Time
}

// slot is a shift as a conflict names it: its type, its facility day and
// its hours ("HH:MM").
type slot struct{ shiftType, day, start, end string }

func slotOf(t *typeRow, day string) slot { return slot{t.Name, day, t.StartTime, t.EndTime} }

// when writes the slot's day and hours as the reader reads them: "Mon
// 11/30/2026 (3:00 PM–11:00 PM)", "lun 30/11/2026 (15:00–23:00)".
func (sl slot) when(lang shared.Language) string {
	d, ok := parseDay(sl.day)
	if !ok {
		return sl.day
	}
	clock := func(hm string) string {
		t, err := time.Parse("15:04", hm)
		if err != nil {
			return hm
		}
		return msg.Clock(lang, t)
	}
	return msg.T(lang, "shift.when", map[string]any{"weekday": msg.T(lang, "shift.weekday."+strconv.Itoa(int(d.Weekday())), nil),
		"date": msg.Date(lang, d), "from": clock(sl.start), "to": clock(sl.end)})
}

// conflictOf is one conflict of the shift sl in the caller's language,
// naming the shift type and the day; other is the shift it overlaps (OVERLAP).
func conflictOf(ctx context.Context, kind shared.ShiftConflictKind, sched string, t *typeRow, cg caregiver, sl slot, other *slot) shared.ShiftConflict {
	lang := msg.Language(ctx)
	args := map[string]any{"name": cg.Name, "day": sl.when(lang), "shiftType": sl.shiftType}
	if other != nil {
		args["otherShift"], args["otherDay"] = other.shiftType, other.when(lang)
	}
	return shared.ShiftConflict{Kind: kind, ScheduleID: sched, ShiftTypeID: t.ID, ShiftTypeName: t.Name, Day: sl.day, CaregiverID: cg.ID,
		CaregiverName: cg.Name, Message: msg.T(lang, "shift.conflict."+string(kind), args)}
}

// conflicts are the reasons each planned shift cannot be worked: a disabled
// or removed caregiver, approved leave over the shift, another shift of
// theirs overlapping it (in another schedule, or in this plan: a night shift
// runs into the next morning), or the type's credential overdue (the staff
// rules engine).
func (s *Service) conflicts(ctx context.Context, look conflictLookups, tenantID, schedID string, t *typeRow, plan []planned) ([]shared.ShiftConflict, error) {
	var out []shared.ShiftConflict
	var blocked map[string]bool
	if t.RequiredCredential != "" {
		var ids []string
		for _, pl := range plan {
			if !slices.Contains(ids, pl.cg.ID) {
				ids = append(ids, pl.cg.ID)
			}
		}
		var err error
		if blocked, err = s.creds.CredentialOverdue(ctx, tenantID, ids, t.RequiredCredential); err != nil {
			return nil, err
		}
	}
	for i, pl := range plan {
		if pl.cg.Deleted || pl.cg.Status == shared.UserDisabled {
			out = append(out, conflictOf(ctx, shared.ConflictDisabled, schedID, t, pl.cg, slotOf(t, pl.day), nil))
			continue
		}
		leave, err := look.onLeave(ctx, pl.cg.UserID, pl.from.UnixMilli(), pl.to.UnixMilli())
		if err != nil {
			return nil, err
		}
		if leave {
			out = append(out, conflictOf(ctx, shared.ConflictLeave, schedID, t, pl.cg, slotOf(t, pl.day), nil))
			continue
		}
		others, err := look.overlapping(ctx, pl.cg.ID, schedID, pl.from.UnixMilli(), pl.to.UnixMilli())
		if err != nil {
			return nil, err
		}
		if len(others) > 0 {
			o := others[0]
			out = append(out, conflictOf(ctx, shared.ConflictOverlap, schedID, t, pl.cg, slotOf(t, pl.day),
				&slot{o.ShiftTypeName, o.Day, o.TypeStartTime, o.TypeEndTime}))
			continue
		}
		if j := slices.IndexFunc(plan[:i], func(o planned) bool {
			return o.cg.ID == pl.cg.ID && o.from.Before(pl.to) && o.to.After(pl.from)
		}); j >= 0 {
			prev := slotOf(t, plan[j].day)
			out = append(out, conflictOf(ctx, shared.ConflictOverlap, schedID, t, pl.cg, slotOf(t, pl.day), &prev))
			continue
		}
		if blocked[pl.cg.ID] {
			out = append(out, conflictOf(ctx, shared.ConflictCredential, schedID, t, pl.cg, slotOf(t, pl.day), nil))
		}
	}
	return out, nil
}

// refuse turns conflicts into the save's 4022: the first one's message, and
// each as a field error (field "assignments", rule the conflict's kind).
func refuse(cs []shared.ShiftConflict) error {
	fes := make([]shared.FieldError, len(cs))
	for i, c := range cs {
		fes[i] = shared.FieldError{Field: "assignments", Rule: string(c.Kind), Message: c.Message}
	}
	return &problem.Error{Code: shared.CodeValidation, Key: "shift.conflicts", Args: map[string]any{"message": cs[0].Message}, Data: fes}
}

// savedConflicts are the conflicts of saved assignments from today on
// (leave approved after the schedule was made, a credential gone overdue).
func (s *Service) savedConflicts(ctx context.Context, p *auth.Principal, c clock, scheds []scheduleRow, assigns []assignRow, types []typeRow) ([]shared.ShiftConflict, error) {
	out := []shared.ShiftConflict{}
	// The shifts from today on, their caregivers, leaves and other shifts, each read
	// once for the week rather than once per shift (the rules then ask weekRows).
	var ids []string
	var from, to int64
	for _, a := range assigns {
		if a.Day < c.today {
			continue
		}
		ids = append(ids, a.CaregiverID)
		if from == 0 || a.StartAt < from {
			from = a.StartAt
		}
		to = max(to, a.EndAt)
	}
	if len(ids) == 0 {
		return out, nil
	}
	by, err := s.store.Caregivers(ctx, s.db, p.TenantID, ids)
	if err != nil {
		return nil, err
	}
	week := &weekRows{}
	if week.leaves, err = s.store.Leaves(ctx, s.db, p.TenantID, from, to); err != nil {
		return nil, err
	}
	if week.assigns, err = s.store.Between(ctx, s.db, assignFilter{tenantID: p.TenantID, from: from, to: to}); err != nil {
		return nil, err
	}
	for _, sc := range scheds {
		ti := slices.IndexFunc(types, func(t typeRow) bool { return t.ID == sc.ShiftTypeID })
		if ti < 0 {
			continue
		}
		var plan []planned
		for _, a := range assigns {
			if a.ScheduleID == sc.ID && a.Day >= c.today {
				plan = append(plan, planned{cg: by[a.CaregiverID], day: a.Day, from: time.UnixMilli(a.StartAt), to: time.UnixMilli(a.EndAt)})
			}
		}
		cs, err := s.conflicts(ctx, week, p.TenantID, sc.ID, &types[ti], plan)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// conflictLookups answers the two questions the conflict rules ask of the
// database for each planned shift: is its person on approved leave over it,
// and which other shifts of its caregiver (outside schedule except) overlap
// it, by start.
type conflictLookups interface {
	onLeave(ctx context.Context, userID string, from, to int64) (bool, error)
	overlapping(ctx context.Context, caregiverID, except string, from, to int64) ([]assignRow, error)
}

// askStore asks the database for each shift, in q's transaction (a save: one schedule's shifts).
type askStore struct {
	store    Store
	q        db.Querier
	tenantID string
}

func (a askStore) onLeave(ctx context.Context, userID string, from, to int64) (bool, error) {
	return a.store.OnLeave(ctx, a.q, a.tenantID, userID, from, to)
}

func (a askStore) overlapping(ctx context.Context, caregiverID, except string, from, to int64) ([]assignRow, error) {
	return a.store.Between(ctx, a.q, assignFilter{tenantID: a.tenantID, from: from, to: to, caregiverID: caregiverID, exceptSchedID: except})
}

// weekRows answers from the approved leaves and the assignments overlapping
// the whole span of the shifts asked about, read once (a week's listing): the
// same rows, in the same order, that askStore would read for each shift.
type weekRows struct {
	leaves  []leaveRow
	assigns []assignRow // by start, as Store.Between orders them
}

func (w *weekRows) onLeave(_ context.Context, userID string, from, to int64) (bool, error) {
	return slices.ContainsFunc(w.leaves, func(l leaveRow) bool { return l.UserID == userID && l.StartAt < to && l.EndAt > from }), nil
}

func (w *weekRows) overlapping(_ context.Context, caregiverID, except string, from, to int64) ([]assignRow, error) {
	var out []assignRow
	for _, a := range w.assigns {
		if a.CaregiverID == caregiverID && (except == "" || a.ScheduleID != except) && a.StartAt < to && a.EndAt > from {
			out = append(out, a)
		}
	}
	return out, nil
}

// SaveSchedule makes a week's schedule of a shift type or edits one (spec 000
// §5 "Shift"): owners and admins. Days before today are kept as they are.
func (s *Service) SaveSchedule(ctx context.Context, p *auth.Principal, req shared.SaveScheduleRequest) (*shared.ScheduleResult, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	// A week needs no name of its own: an empty one is the type's name and the week (set below).
	name, err := problem.Text("name", req.Name, false, shared.ScheduleNameMax)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.StartDate) == "" {
		return nil, problem.Invalid("startDate", "required", "shift.dateRangeRequired", nil)
	}
	if strings.TrimSpace(req.EndDate) == "" {
		return nil, problem.Invalid("endDate", "required", "shift.dateRangeRequired", nil)
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	week, err := weekOf("startDate", req.StartDate, c)
	if err != nil {
		return nil, err
	}
	if _, ok := parseDay(req.EndDate); !ok {
		return nil, problem.Invalid("endDate", "format", "shift.dateFormat", nil)
	}
	if req.EndDate < week || req.EndDate > addDays(week, 6) {
		return nil, problem.Invalid("endDate", "dateRange", "shift.endDate", nil)
	}
	// The days asked for, each once, each inside the range, none twice.
	want := map[string][]string{}
	for _, a := range req.Assignments {
		if _, ok := parseDay(a.Day); !ok {
			return nil, problem.Invalid("assignments", "format", "shift.dateFormat", nil)
		}
		if a.Day < week || a.Day > req.EndDate {
			return nil, problem.Invalid("assignments", "dateRange", "shift.dayOutside", map[string]any{"day": a.Day})
		}
		for _, id := range a.CaregiverIDs {
			if id = strings.TrimSpace(id); id != "" && !slices.Contains(want[a.Day], id) {
				want[a.Day] = append(want[a.Day], id)
			}
		}
		if len(want[a.Day]) > shared.ShiftCaregiversMax {
			return nil, problem.Invalid("assignments", "maxItems", "validation.maxItems", map[string]any{"max": shared.ShiftCaregiversMax})
		}
	}
	schedID := strings.TrimSpace(req.ScheduleID)
	var res *shared.ScheduleResult
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.LockSchedules(ctx, tx, p.TenantID); err != nil {
			return err
		}
		t, err := s.store.Type(ctx, tx, p.TenantID, req.ShiftTypeID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		var old *scheduleRow
		var oldAssigns []assignRow
		if schedID != "" {
			old, err = s.store.Schedule(ctx, tx, p.TenantID, schedID)
			if errors.Is(err, db.ErrNotFound) {
				return problem.NotFound
			}
			if err != nil {
				return err
			}
			if old.ShiftTypeID != t.ID || old.StartDate != week {
				return problem.NotFound
			}
			if req.Version == 0 {
				return problem.Invalid("version", "required", "shift.versionRequired", nil)
			}
			if req.Version != old.Version {
				return ErrChanged
			}
			if oldAssigns, err = s.store.AssignmentsOf(ctx, tx, p.TenantID, []string{schedID}); err != nil {
				return err
			}
		} else if !t.Active {
			return problem.Invalid("shiftTypeId", "active", "shift.typeInactive", map[string]any{"name": t.Name})
		}
		// Past days: what is sent must be what is stored (spec 001 §9: shifts only for today or later).
		for _, a := range req.Assignments {
			if a.Day >= c.today {
				continue
			}
			var stored []string
			for _, o := range oldAssigns {
				if o.Day == a.Day {
					stored = append(stored, o.CaregiverID)
				}
			}
			if !sameSet(stored, want[a.Day]) {
				d, _ := parseDay(a.Day)
				return problem.Invalid("assignments", "pastDay", "shift.pastDay", map[string]any{"day": msg.Date(msg.Language(ctx), d)})
			}
		}
		if old != nil && req.EndDate < old.EndDate {
			for _, o := range oldAssigns {
				if o.Day < c.today && o.Day > req.EndDate {
					return problem.Invalid("endDate", "pastDay", "shift.pastDay", map[string]any{"day": o.Day})
				}
			}
		}
		// At least one shift element: someone on some day (kept past days count).
		total := 0
		for day, ids := range want {
			if day >= c.today {
				total += len(ids)
			}
		}
		for _, o := range oldAssigns {
			if o.Day < c.today {
				total++
			}
		}
		if total == 0 {
			return problem.Invalid("assignments", "required", "shift.noElement", nil)
		}
		plan, err := s.plan(ctx, tx, p.TenantID, c, t, want)
		if err != nil {
			return err
		}
		if cs, err := s.conflicts(ctx, askStore{s.store, tx, p.TenantID}, p.TenantID, schedID, t, plan); err != nil {
			return err
		} else if len(cs) > 0 {
			return refuse(cs)
		}
		if name == "" {
			name = defaultName(ctx, t.Name, week)
		}
		now := s.now().UnixMilli()
		r := &scheduleRow{ID: schedID, TenantID: p.TenantID, ShiftTypeID: t.ID, Name: name, StartDate: week, EndDate: req.EndDate,
			Status: shared.ScheduleDraft, UpdatedBy: p.UserID, UpdatedAt: now, CreatedAt: now}
		if old == nil {
			r.ID = uuid.Must(uuid.NewV7()).String()
			if err := s.store.InsertSchedule(ctx, tx, r); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrWeekTaken
				}
				return db.Wrap("shift: insert schedule", err)
			}
		} else {
			ok, err := s.store.UpdateSchedule(ctx, tx, r, old.Version)
			if err != nil {
				return err
			}
			if !ok {
				return ErrChanged
			}
			if err := s.store.DeleteAssignmentsFrom(ctx, tx, p.TenantID, r.ID, c.today); err != nil {
				return err
			}
		}
		if err := s.writePlan(ctx, tx, p.TenantID, r.ID, c, plan); err != nil {
			return err
		}
		if old != nil && old.Status == shared.SchedulePublished {
			if err := s.notifyChanges(ctx, tx, p.TenantID, c, old, t, oldAssigns, plan); err != nil {
				return err
			}
		}
		if res, err = s.result(ctx, tx, p.TenantID, c, r.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "shiftSchedule.save",
			Entity: "shift_schedule", EntityID: r.ID, Before: old, After: res.Schedule})
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// plan resolves the caregivers of the days from today on into shifts.
func (s *Service) plan(ctx context.Context, q db.Querier, tenantID string, c clock, t *typeRow, want map[string][]string) ([]planned, error) {
	var ids []string
	days := make([]string, 0, len(want))
	for day, list := range want {
		if day >= c.today {
			days = append(days, day)
			ids = append(ids, list...)
		}
	}
	sort.Strings(days)
	by, err := s.store.Caregivers(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	var out []planned
	for _, day := range days {
		for _, id := range want[day] {
			cg, ok := by[id]
			if !ok {
				return nil, problem.Invalid("assignments", "ofFacility", "shift.notStaff", nil)
			}
			from, to := span(c.loc, day, t.StartTime, t.EndTime)
			out = append(out, planned{cg: cg, day: day, from: from, to: to})
		}
	}
	return out, nil
}

// writePlan stores the planned shifts of a schedule.
func (s *Service) writePlan(ctx context.Context, tx *db.Tx, tenantID, schedID string, c clock, plan []planned) error {
	for _, pl := range plan {
		eve, soon := reminders(c.loc, pl.day, pl.from)
		if err := s.store.InsertAssignment(ctx, tx, &assignRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, ScheduleID: schedID,
			CaregiverID: pl.cg.ID, UserID: pl.cg.UserID, Day: pl.day, StartAt: pl.from.UnixMilli(), EndAt: pl.to.UnixMilli(),
			RemindEve: eve, RemindSoon: soon}); err != nil {
			return err
		}
	}
	return nil
}

// result is a schedule as saved, with the week's gaps.
func (s *Service) result(ctx context.Context, q db.Querier, tenantID string, c clock, schedID string) (*shared.ScheduleResult, error) {
	r, err := s.store.Schedule(ctx, q, tenantID, schedID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	assigns, err := s.store.AssignmentsOf(ctx, q, tenantID, []string{schedID})
	if err != nil {
		return nil, err
	}
	types, err := s.store.Types(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	gaps, err := s.weekGaps(ctx, q, tenantID, c, r.StartDate, types)
	if err != nil {
		return nil, err
	}
	return &shared.ScheduleResult{Schedule: toSchedule(c, r, assigns), Gaps: gaps, Skipped: []shared.ShiftConflict{}}, nil
}

// notifyChanges tells the caregivers added to and removed from a published
// schedule (days from today on), one notification each.
func (s *Service) notifyChanges(ctx context.Context, tx *db.Tx, tenantID string, c clock, old *scheduleRow, t *typeRow, before []assignRow, plan []planned) error {
	type change struct{ days []string }
	added, removed := map[string]*change{}, map[string]*change{}
	for _, pl := range plan {
		if !slices.ContainsFunc(before, func(a assignRow) bool { return a.CaregiverID == pl.cg.ID && a.Day == pl.day }) {
			if added[pl.cg.UserID] == nil {
				added[pl.cg.UserID] = &change{}
			}
			added[pl.cg.UserID].days = append(added[pl.cg.UserID].days, pl.day)
		}
	}
	for _, a := range before {
		if a.Day < c.today {
			continue
		}
		if !slices.ContainsFunc(plan, func(pl planned) bool { return pl.cg.ID == a.CaregiverID && pl.day == a.Day }) {
			if removed[a.UserID] == nil {
				removed[a.UserID] = &change{}
			}
			removed[a.UserID].days = append(removed[a.UserID].days, a.Day)
		}
	}
	send := func(m map[string]*change, title, body, what string) error {
		for userID, ch := range m {
			sort.Strings(ch.days)
			err := s.notify.Notify(ctx, tx, tenantID, []string{userID}, shared.NotificationDraft{Kind: shared.NotificationShift,
				TitleKey: title, BodyKey: body, Link: "/shift-report",
				Params:    map[string]string{"shiftType": t.Name, "day": ch.days[0], "days": strconv.Itoa(len(ch.days))},
				DedupeKey: "shift-" + what + ":" + old.ID + ":" + strconv.Itoa(old.Version) + ":" + strings.Join(ch.days, ",")})
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := send(added, shared.NotifyShiftAddedTitle, shared.NotifyShiftAddedBody, "added"); err != nil {
		return err
	}
	return send(removed, shared.NotifyShiftRemovedTitle, shared.NotifyShiftRemovedBody, "removed")
}

// CopyLastWeek copies the previous week's schedule of a shift type into the
// week as a DRAFT: days before today and caregivers with a conflict are left
// out and listed as skipped.
func (s *Service) CopyLastWeek(ctx context.Context, p *auth.Principal, req shared.CopyLastWeekRequest) (*shared.ScheduleResult, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.WeekStart) == "" {
		return nil, problem.Invalid("weekStart", "required", "shift.dateRangeRequired", nil)
	}
	week, err := weekOf("weekStart", req.WeekStart, c)
	if err != nil {
		return nil, err
	}
	if addDays(week, 6) < c.today {
		return nil, problem.Invalid("weekStart", "pastDay", "shift.pastWeek", nil)
	}
	var res *shared.ScheduleResult
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.LockSchedules(ctx, tx, p.TenantID); err != nil {
			return err
		}
		t, err := s.store.Type(ctx, tx, p.TenantID, req.ShiftTypeID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if !t.Active {
			return problem.Invalid("shiftTypeId", "active", "shift.typeInactive", map[string]any{"name": t.Name})
		}
		prev, err := s.store.ScheduleOf(ctx, tx, p.TenantID, t.ID, addDays(week, -7))
		if errors.Is(err, db.ErrNotFound) {
			return ErrNothingToCopy
		}
		if err != nil {
			return err
		}
		if _, err := s.store.ScheduleOf(ctx, tx, p.TenantID, t.ID, week); err == nil {
			return ErrWeekTaken
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		prevAssigns, err := s.store.AssignmentsOf(ctx, tx, p.TenantID, []string{prev.ID})
		if err != nil {
			return err
		}
		skipped := []shared.ShiftConflict{}
		want := map[string][]string{}
		for _, a := range prevAssigns {
			day := addDays(a.Day, 7)
			if day < c.today {
				skipped = append(skipped, conflictOf(ctx, shared.ConflictPast, "", t, caregiver{ID: a.CaregiverID, Name: a.CaregiverName}, slotOf(t, day), nil))
				continue
			}
			want[day] = append(want[day], a.CaregiverID)
		}
		plan, err := s.plan(ctx, tx, p.TenantID, c, t, want)
		if err != nil {
			return err
		}
		cs, err := s.conflicts(ctx, askStore{s.store, tx, p.TenantID}, p.TenantID, "", t, plan)
		if err != nil {
			return err
		}
		kept := plan[:0:0]
		for _, pl := range plan {
			if !slices.ContainsFunc(cs, func(x shared.ShiftConflict) bool { return x.CaregiverID == pl.cg.ID && x.Day == pl.day }) {
				kept = append(kept, pl)
			}
		}
		skipped = append(skipped, cs...)
		now := s.now().UnixMilli()
		r := &scheduleRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, ShiftTypeID: t.ID, Name: prev.Name, StartDate: week,
			EndDate: addDays(week, 6), Status: shared.ScheduleDraft, UpdatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
		if err := s.store.InsertSchedule(ctx, tx, r); err != nil {
			if db.IsUniqueViolation(err) {
				return ErrWeekTaken
			}
			return db.Wrap("shift: insert schedule", err)
		}
		if err := s.writePlan(ctx, tx, p.TenantID, r.ID, c, kept); err != nil {
			return err
		}
		if res, err = s.result(ctx, tx, p.TenantID, c, r.ID); err != nil {
			return err
		}
		res.Skipped = skipped
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "shiftSchedule.copyLastWeek",
			Entity: "shift_schedule", EntityID: r.ID, After: res.Schedule})
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// Publish publishes a schedule (owners and admins): its caregivers see it and
// are reminded; each caregiver on it from today on is told once. Gaps do not
// stop it; the answer lists them.
func (s *Service) Publish(ctx context.Context, p *auth.Principal, req shared.PublishRequest) (*shared.ScheduleResult, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	var res *shared.ScheduleResult
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.store.Schedule(ctx, tx, p.TenantID, req.ScheduleID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if req.Version != old.Version {
			return ErrChanged
		}
		ok, err := s.store.Publish(ctx, tx, p.TenantID, old.ID, old.Version, p.UserID, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		assigns, err := s.store.AssignmentsOf(ctx, tx, p.TenantID, []string{old.ID})
		if err != nil {
			return err
		}
		if old.Status != shared.SchedulePublished {
			first := map[string]string{}
			count := map[string]int{}
			for _, a := range assigns {
				if a.Day < c.today {
					continue
				}
				if first[a.UserID] == "" {
					first[a.UserID] = a.Day
				}
				count[a.UserID]++
			}
			for userID, day := range first {
				if err := s.notify.Notify(ctx, tx, p.TenantID, []string{userID}, shared.NotificationDraft{Kind: shared.NotificationShift,
					TitleKey: shared.NotifyShiftAddedTitle, BodyKey: shared.NotifyShiftAddedBody, Link: "/shift-report",
					Params:    map[string]string{"shiftType": old.ShiftTypeName, "day": day, "days": strconv.Itoa(count[userID])},
					DedupeKey: "shift-published:" + old.ID}); err != nil {
					return err
				}
			}
		}
		if res, err = s.result(ctx, tx, p.TenantID, c, old.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "shiftSchedule.publish",
			Entity: "shift_schedule", EntityID: old.ID, Before: old, After: res.Schedule})
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// MyShifts answers the caller's published shifts this week and next.
func (s *Service) MyShifts(ctx context.Context, p *auth.Principal) (*shared.MyShifts, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	week := weekStartOf(c.today)
	from := wall(c.loc, week, "00:00")
	to := wall(c.loc, addDays(week, 7*shared.MyShiftsWeeks), "00:00")
	mine, err := s.store.Between(ctx, s.db, assignFilter{tenantID: p.TenantID, from: from.UnixMilli(), to: to.UnixMilli(), published: true, userID: p.UserID})
	if err != nil {
		return nil, err
	}
	all, err := s.store.Between(ctx, s.db, assignFilter{tenantID: p.TenantID, from: from.UnixMilli(), to: to.UnixMilli(), published: true})
	if err != nil {
		return nil, err
	}
	out := &shared.MyShifts{WeekStart: week, TimeZone: c.tz, Shifts: []shared.MyShift{}}
	nowMs := c.now.UnixMilli()
	for _, a := range mine {
		if a.Day < week { // a night shift of last Saturday running into this week
			continue
		}
		sh := shared.MyShift{ScheduleID: a.ScheduleID, ShiftTypeID: a.ShiftTypeID, ShiftTypeName: a.ShiftTypeName, Color: a.TypeColor,
			Day: a.Day, StartTime: time.UnixMilli(a.StartAt).In(c.loc).Format("15:04"), EndTime: time.UnixMilli(a.EndAt).In(c.loc).Format("15:04"),
			Start: a.StartAt, End: a.EndAt, Coworkers: []string{}, Past: a.EndAt <= nowMs}
		for _, o := range all {
			if o.ScheduleID == a.ScheduleID && o.Day == a.Day && o.UserID != p.UserID {
				sh.Coworkers = append(sh.Coworkers, o.CaregiverName)
			}
		}
		out.Shifts = append(out.Shifts, sh)
	}
	for i := range out.Shifts {
		if !out.Shifts[i].Past {
			n := out.Shifts[i]
			out.Next = &n
			break
		}
	}
	return out, nil
}

// defaultName is a week's schedule name when the owner gives none: "Day · week
// of 11/29/2026" in the caller's language.
func defaultName(ctx context.Context, typeName, week string) string {
	lang := msg.Language(ctx)
	date := week
	if d, ok := parseDay(week); ok {
		date = msg.Date(lang, d)
	}
	name := msg.T(lang, "shift.defaultName", map[string]any{"shiftType": typeName, "date": date})
	if r := []rune(name); len(r) > shared.ScheduleNameMax {
		name = string(r[:shared.ScheduleNameMax])
	}
	return name
}

// overHours warns of each caregiver whose shifts of the week (every shift
// type, drafts and published alike) add up to more than ShiftWeekHoursMax:
// one conflict on the shift that passes the limit. Assignments come oldest
// first per schedule; they are summed in the order they start.
func overHours(ctx context.Context, assigns []assignRow) []shared.ShiftConflict {
	sorted := slices.Clone(assigns)
	slices.SortStableFunc(sorted, func(a, b assignRow) int { return cmp.Compare(a.StartAt, b.StartAt) })
	limit := int64(shared.ShiftWeekHoursMax) * 60 * 60 * 1000
	sum := map[string]int64{}
	warned := map[string]bool{}
	var out []shared.ShiftConflict
	lang := msg.Language(ctx)
	for _, a := range sorted {
		sum[a.CaregiverID] += a.EndAt - a.StartAt
		if sum[a.CaregiverID] <= limit || warned[a.CaregiverID] {
			continue
		}
		warned[a.CaregiverID] = true
		var hours int64
		for _, b := range sorted {
			if b.CaregiverID == a.CaregiverID {
				hours += b.EndAt - b.StartAt
			}
		}
		sl := slot{a.ShiftTypeName, a.Day, a.TypeStartTime, a.TypeEndTime}
		out = append(out, shared.ShiftConflict{Kind: shared.ConflictOverHours, ScheduleID: a.ScheduleID, ShiftTypeID: a.ShiftTypeID,
			ShiftTypeName: a.ShiftTypeName, Day: a.Day, CaregiverID: a.CaregiverID, CaregiverName: a.CaregiverName,
			Message: msg.T(lang, "shift.conflict.OVER_HOURS", map[string]any{"name": a.CaregiverName, "day": sl.when(lang),
				"shiftType": a.ShiftTypeName, "hours": strconv.FormatInt(hours/3_600_000, 10), "max": shared.ShiftWeekHoursMax})})
	}
	return out
}
