// Package task is care plans and daily tasks (spec 000 §2 /task and
// /calendar, §3 "Task" and "Facility routine sessions", §5 task completion;
// spec 001 §7.6 residentTaskList and the expired-data calls, §7.8 taskInfo and
// routineTime). A task is the plan; its occurrences are task records with a
// due window, made for today and TaskFutureDays ahead when the task is saved
// and by a periodic job after that, expired by another when their window
// closes, completed once, and cleared (never deleted) by an owner.
package task

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Problems this package answers. A task, record or resident the caller may
// not see answers problem.NotFound (4004), whichever facility it belongs to.
var (
	ErrTimeAndSession    = problem.Invalid("timeOfDay", "exclusive", "task.timeAndSession", nil)
	ErrClock             = problem.Invalid("timeOfDay", "pattern", "task.clock", nil)
	ErrHourlyNeedsTime   = problem.Invalid("timeOfDay", "required", "task.hourlyNeedsTime", nil)
	ErrCustomInterval    = problem.Invalid("repeatInterval", "minimum", "task.customInterval", nil)
	ErrDaysRequired      = problem.Invalid("daysOfWeek", "minItems", "task.daysRequired", nil)
	ErrDayOfWeek         = problem.Invalid("daysOfWeek", "range", "task.dayOfWeek", nil)
	ErrEndBeforeStart    = problem.Invalid("endDate", "minimum", "task.endBeforeStart", nil)
	ErrAsNeededFrequency = problem.Invalid("frequency", "enum", "task.asNeededFrequency", nil)
	ErrCaregiver         = problem.Invalid("caregiverId", "exists", "task.caregiverNotMember", nil)
	ErrResidentLeft      = problem.New(shared.CodeConflict, "task.residentLeft")
)

// Service is the task service.
type Service struct {
	db      *db.DB
	store   Store
	log     *slog.Logger
	now     func() time.Time
	sources []CalendarSource
	chart   Chart                   // the resident's record (chart.go)
	dirs    *keep.Cache[*directory] // facilities' kept directories (directory.go)

	// The care path's day lists, kept per facility, role and request while
	// nothing they show changes (keep.Timed): Today, Expired, CalendarTasks,
	// CalendarData. They are the same for every member of the facility in a
	// role, but a caregiver's own tasks (Today with mine), kept per person.
	keptToday         *keep.Timed[*web.Answer[*shared.TodayTasks]]
	keptCarePlans     *keep.Timed[*web.Answer[*shared.CarePlan]]
	keptExpired       *keep.Timed[*web.Answer[*shared.Page[shared.TaskRecord]]]
	keptCalendarTasks *keep.Timed[*web.Answer[[]shared.TaskRecord]]
	keptCalendarData  *keep.Timed[*web.Answer[*shared.CalendarData]]
}

// How many answers each kept day list holds: a day's list or a page is tens
// of kilobytes, a facility's week of occurrences (CalendarTasks) up to about
// 700 KB, so at most some 100 MB in all however many homes ask.
const (
	keptLists = 512
	keptWeeks = 128
)

// Deps are the task service's collaborators, all required but Log and Now
// (slog.Default, time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB    *db.DB
	Chart Chart // the resident's record: readings, care given, overdue vital checks (chart.go)
	Log   *slog.Logger
	Now   func() time.Time
}

// New makes the task service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("task", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, chart: d.Chart, log: d.Log, now: d.Now, dirs: keep.New[*directory](keep.MaxAnswers, keep.MaxAge),
		keptToday:         keep.NewTimed[*web.Answer[*shared.TodayTasks]](keptLists, keep.TimedMaxAge, zone.Of),
		keptCarePlans:     keep.NewTimed[*web.Answer[*shared.CarePlan]](keptLists, keep.TimedMaxAge, zone.Of),
		keptExpired:       keep.NewTimed[*web.Answer[*shared.Page[shared.TaskRecord]]](keptLists, keep.TimedMaxAge, zone.Of),
		keptCalendarTasks: keep.NewTimed[*web.Answer[[]shared.TaskRecord]](keptWeeks, keep.TimedMaxAge, zone.Of),
		keptCalendarData:  keep.NewTimed[*web.Answer[*shared.CalendarData]](keptLists, keep.TimedMaxAge, zone.Of),
	}, nil
}

var (
	taskTypes = []shared.TaskType{shared.TaskRoutine, shared.TaskOther, shared.TaskAsNeeded, shared.TaskMandatory,
		shared.TaskNonMandatory, shared.TaskVitalCheck, shared.TaskHealthMonitoring}
	frequencies = []shared.TaskFrequency{shared.FrequencyOnce, shared.FrequencyHourly, shared.FrequencyDaily, shared.FrequencyWeekdays,
		shared.FrequencyWeekends, shared.FrequencyWeekly, shared.FrequencyBiweekly, shared.FrequencyMonthly, shared.FrequencyQuarterly,
		shared.FrequencySemiannually, shared.FrequencyYearly, shared.FrequencyCustom, shared.FrequencyAnytime}
)

func enumValues[T ~string](vs []T) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}

// check validates a SaveTaskRequest for tenantID on the facility day today
// and makes the task's row (ids, owner and times are the caller's to set).
// before is the task being updated, nil for a new one: a task keeps its
// resident, and only a new or changed start date must not be in the past.
func (s *Service) check(ctx context.Context, q db.Querier, tenantID string, req shared.SaveTaskRequest, today time.Time, before *taskRow) (*taskRow, *residentRef, error) {
	t := &taskRow{TenantID: tenantID}
	var err error
	if t.Title, err = problem.Text("title", req.Title, true, shared.TaskTitleMax); err != nil {
		return nil, nil, err
	}
	if t.Content, err = problem.Text("content", req.Content, false, shared.TaskContentMax); err != nil {
		return nil, nil, err
	}
	if t.Remarks, err = problem.Text("remarks", req.Remarks, false, shared.TaskCommentMax); err != nil {
		return nil, nil, err
	}
	if t.Type = req.Type; !slices.Contains(taskTypes, t.Type) {
		return nil, nil, problem.Invalid("type", "enum", "validation.enum", map[string]any{"values": enumValues(taskTypes)})
	}
	if t.Area = req.Area; t.Area == "" {
		t.Area = shared.AreaOther
	}
	if !slices.Contains(shared.CareAreas, t.Area) {
		return nil, nil, problem.Invalid("area", "enum", "validation.enum", map[string]any{"values": enumValues(shared.CareAreas)})
	}
	if t.Frequency = req.Frequency; !slices.Contains(frequencies, t.Frequency) {
		return nil, nil, problem.Invalid("frequency", "enum", "validation.enum", map[string]any{"values": enumValues(frequencies)})
	}
	// An as-needed (PRN-style) task is done when needed, so it has no schedule.
	if t.Type == shared.TaskAsNeeded && t.Frequency != shared.FrequencyAnytime {
		return nil, nil, ErrAsNeededFrequency
	}
	if t.RunStatus = req.RunStatus; t.RunStatus == "" {
		t.RunStatus = shared.RunNormal
	}
	if t.RunStatus != shared.RunNormal && t.RunStatus != shared.RunStopped {
		return nil, nil, problem.Invalid("runStatus", "enum", "validation.enum", map[string]any{"values": "NORMAL, STOPPED"})
	}

	// When in the day: a time of day, a session, or neither (any time of the day).
	t.TimeSession, t.TimeOfDay = req.TimeSession, strings.TrimSpace(req.TimeOfDay)
	if t.TimeSession != "" && !slices.Contains(shared.TimeSessions, t.TimeSession) {
		return nil, nil, problem.Invalid("timeSession", "enum", "validation.enum", map[string]any{"values": sessionList()})
	}
	if t.TimeOfDay != "" {
		if _, ok := parseClock(t.TimeOfDay); !ok {
			return nil, nil, ErrClock
		}
	}
	if t.TimeOfDay != "" && t.TimeSession != "" {
		return nil, nil, ErrTimeAndSession
	}
	t.Category = shared.CategoryOnGoing
	if t.TimeOfDay != "" {
		t.Category = shared.CategoryTimeSpecific
	}

	// How often.
	if req.RepeatInterval < 0 || req.RepeatInterval > shared.TaskRepeatIntervalMax {
		return nil, nil, problem.Invalid("repeatInterval", "maximum", "validation.maximum", map[string]any{"max": shared.TaskRepeatIntervalMax})
	}
	switch t.Frequency {
	case shared.FrequencyHourly:
		if t.TimeOfDay == "" {
			return nil, nil, ErrHourlyNeedsTime
		}
		t.RepeatInterval = max(req.RepeatInterval, 1)
	case shared.FrequencyCustom:
		if req.RepeatInterval < 1 {
			return nil, nil, ErrCustomInterval
		}
		t.RepeatInterval = req.RepeatInterval
	case shared.FrequencyWeekly, shared.FrequencyBiweekly:
		if len(req.DaysOfWeek) == 0 {
			return nil, nil, ErrDaysRequired
		}
		if len(req.DaysOfWeek) > shared.DaysOfWeekMax {
			return nil, nil, problem.Invalid("daysOfWeek", "maxItems", "validation.maxItems", map[string]any{"max": shared.DaysOfWeekMax})
		}
		for _, d := range req.DaysOfWeek {
			if d < 0 || d > 6 {
				return nil, nil, ErrDayOfWeek
			}
		}
		t.DaysOfWeek = formatDays(sortedDays(req.DaysOfWeek))
	}

	// From when to when, in facility days.
	start, ok := parseDate(req.StartDate)
	if !ok {
		return nil, nil, problem.Invalid("startDate", "pattern", "task.date", nil)
	}
	t.StartDate = formatDate(start)
	if start.Before(today) && (before == nil || before.StartDate != t.StartDate) {
		return nil, nil, problem.Invalid("startDate", "minimum", "task.startInPast", map[string]any{"today": formatDate(today)})
	}
	if req.EndDate != "" {
		end, ok := parseDate(req.EndDate)
		if !ok {
			return nil, nil, problem.Invalid("endDate", "pattern", "task.date", nil)
		}
		if end.Before(start) {
			return nil, nil, ErrEndBeforeStart
		}
		t.EndDate = formatDate(end)
	}
	if t.Frequency == shared.FrequencyOnce {
		t.EndDate = t.StartDate
	}

	// Who it is for, and who does it.
	var res *residentRef
	if before != nil {
		t.ResidentID = before.ResidentID
		t.ResidentStatus = before.ResidentStatus
	} else if id := strings.TrimSpace(req.ResidentID); id != "" {
		res, err = s.store.Resident(ctx, q, tenantID, id)
		if errors.Is(err, db.ErrNotFound) {
			return nil, nil, problem.NotFound
		}
		if err != nil {
			return nil, nil, err
		}
		if residency.Left(res.Status) {
			return nil, nil, ErrResidentLeft.With(map[string]any{"name": res.name()})
		}
		t.ResidentID = db.NullString(res.ID)
		t.ResidentStatus = db.NullString(string(res.Status))
	}
	if id := strings.TrimSpace(req.CaregiverID); id != "" {
		ok, err := s.store.Member(ctx, q, tenantID, id)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return nil, nil, ErrCaregiver
		}
		t.CaregiverID = db.NullString(id)
	}
	return t, res, nil
}

// Create is createTask: a care-plan task of a resident of the facility, or a
// facility task (no resident). Its occurrences from now to the horizon are
// made in the same transaction.
func (s *Service) Create(ctx context.Context, p *auth.Principal, req shared.SaveTaskRequest) (*shared.Task, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	var id string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		// A resident moving in gets tasks through the wizard only (ReplaceCheckInTasks).
		if _, err := s.residentOf(ctx, tx, p.TenantID, strings.TrimSpace(req.ResidentID)); err != nil {
			return err
		}
		f, err := s.facilityOf(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		t, err := s.create(ctx, tx, f, p.TenantID, p.UserID, req, shared.BusinessCarePlan)
		if err != nil {
			return err
		}
		id = t.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, id)
}

// create checks and stores a new task, makes its occurrences and audits it, in tx.
func (s *Service) create(ctx context.Context, tx *db.Tx, f *facility, tenantID, actorID string, req shared.SaveTaskRequest, business shared.TaskBusinessType) (*taskRow, error) {
	now := s.now()
	t, _, err := s.check(ctx, tx, tenantID, req, civil(now, f.loc), nil)
	if err != nil {
		return nil, err
	}
	t.ID = uuid.Must(uuid.NewV7()).String()
	t.BusinessType = business
	t.CreatedBy = db.NullString(actorID)
	t.CreatedAt, t.UpdatedAt = now.UnixMilli(), now.UnixMilli()
	if err := s.store.InsertTask(ctx, tx, t); err != nil {
		return nil, err
	}
	if err := s.plan(ctx, tx, t, f, now); err != nil {
		return nil, err
	}
	return t, audit.Write(ctx, tx, audit.Entry{TenantID: tenantID, ActorID: actorID, Action: "task.create", Entity: "task",
		EntityID: t.ID, After: auditView(t)})
}

// Update is updateTask: the task's plan from now on. Occurrences not yet
// closed and not done are remade from the new plan; completed, expired and
// cleared records are never rewritten. A task stays with its resident.
func (s *Service) Update(ctx context.Context, p *auth.Principal, req shared.SaveTaskRequest) (*shared.Task, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	id := strings.TrimSpace(req.TaskID)
	if id == "" {
		return nil, problem.Invalid("taskId", "required", "validation.required", nil)
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.store.GetTask(ctx, tx, p.TenantID, id)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if residency.Left(shared.ResidentStatus(before.ResidentStatus.String)) {
			return ErrResidentLeft.With(map[string]any{"name": before.residentName()})
		}
		f, err := s.facilityOf(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		now := s.now()
		t, _, err := s.check(ctx, tx, p.TenantID, req, civil(now, f.loc), before)
		if err != nil {
			return err
		}
		t.ID, t.BusinessType, t.CreatedBy, t.CreatedAt, t.UpdatedAt = before.ID, before.BusinessType, before.CreatedBy, before.CreatedAt, now.UnixMilli()
		t.GeneratedThrough = before.GeneratedThrough
		ok, err := s.store.UpdateTask(ctx, tx, t)
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		if err := s.store.DropPending(ctx, tx, p.TenantID, t.ID, now.UnixMilli()); err != nil {
			return err
		}
		if err := s.plan(ctx, tx, t, f, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.update", Entity: "task",
			EntityID: t.ID, Before: auditView(before), After: auditView(t)})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, id)
}

// Delete is deleteTask: the task is soft-deleted and its occurrences not yet
// closed and not done go; its records stay in the resident's record.
func (s *Service) Delete(ctx context.Context, p *auth.Principal, id string) error {
	if err := auth.Manager(p); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.store.GetTask(ctx, tx, p.TenantID, id)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		ok, err := s.store.DeleteTask(ctx, tx, p.TenantID, id, now)
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		if err := s.store.DropPending(ctx, tx, p.TenantID, id, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.delete", Entity: "task",
			EntityID: id, Before: auditView(before)})
	})
}

// Get is getTaskInfo: one task of the facility.
func (s *Service) Get(ctx context.Context, p *auth.Principal, id string) (*shared.Task, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	t, err := s.store.GetTask(ctx, s.db, p.TenantID, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	f, err := s.facilityOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	out := s.toTask(t, f)
	return &out, nil
}

// List is listTasksByPage: the facility's tasks (of residents who live here,
// and facility tasks), a resident's together, then by time of the day.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.TaskFilter]) (*shared.Page[shared.Task], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, s.db, p.TenantID, strings.TrimSpace(req.Data.ResidentID)); err != nil {
		return nil, err
	}
	f := taskFilter{tenantID: p.TenantID, residentID: strings.TrimSpace(req.Data.ResidentID),
		titleKey: strings.ToLower(strings.TrimSpace(req.Data.Title)), typ: req.Data.Type, area: req.Data.Area, runStatus: req.Data.RunStatus}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.ListTasks(ctx, s.db, f, size, offset)
	if err != nil {
		return nil, err
	}
	fac, err := s.facilityOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, func(t *taskRow) shared.Task { return s.toTask(t, fac) }), nil
}

// schedule is the task's recurrence.
func (t *taskRow) schedule() *schedule {
	sc := &schedule{freq: t.Frequency, days: parseDays(t.DaysOfWeek), interval: t.RepeatInterval, minute: noTime, session: t.TimeSession}
	sc.start, _ = parseDate(t.StartDate)
	if t.EndDate != "" {
		sc.end, _ = parseDate(t.EndDate)
	}
	if m, ok := parseClock(t.TimeOfDay); ok {
		sc.minute, sc.session = m, ""
	}
	return sc
}

// toTask converts a row to its wire form; the next occurrence is worked out from the clock.
func (s *Service) toTask(t *taskRow, f *facility) shared.Task {
	out := shared.Task{TaskID: t.ID, ResidentID: t.ResidentID.String, ResidentName: t.residentName(), CaregiverID: t.CaregiverID.String,
		CaregiverName: t.CaregiverName.String, Title: t.Title, Type: t.Type, Area: t.Area, Content: t.Content, Category: t.Category,
		TimeSession: t.TimeSession, TimeOfDay: t.TimeOfDay, StartDate: t.StartDate, EndDate: t.EndDate, Frequency: t.Frequency,
		DaysOfWeek: parseDays(t.DaysOfWeek), RepeatInterval: t.RepeatInterval, RunStatus: t.RunStatus, BusinessType: t.BusinessType,
		Remarks: t.Remarks, CreatorName: t.CreatorName.String, CreateTime: t.CreatedAt, UpdateTime: t.UpdatedAt}
	if t.live() && f != nil {
		if next := t.schedule().next(s.now(), f.routine, f.loc); !next.IsZero() {
			out.NextExecuteTime = next.UnixMilli()
		}
	}
	return out
}

// auditView is what the audit log keeps of a task.
func auditView(t *taskRow) map[string]any {
	return map[string]any{"residentId": t.ResidentID.String, "caregiverId": t.CaregiverID.String, "title": t.Title, "type": t.Type,
		"area": t.Area, "content": t.Content, "timeSession": t.TimeSession, "timeOfDay": t.TimeOfDay, "startDate": t.StartDate,
		"endDate": t.EndDate, "frequency": t.Frequency, "daysOfWeek": t.DaysOfWeek, "repeatInterval": t.RepeatInterval,
		"runStatus": t.RunStatus, "businessType": t.BusinessType, "remarks": t.Remarks}
}
