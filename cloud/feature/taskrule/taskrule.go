// Package taskrule keeps the platform's task creation rules (spec 000 §2
// /task-creation-rule, §3 "Task creation rule"): the super admin says "when
// this business event happens in a facility, make this task there". The
// events come through the background jobs (a jobs.Event enqueued in the
// transaction of the write that caused it): RESIDENT when a move-in is
// completed, CREATE_CAREGIVER when a caregiver is created. INCIDENT_REPORT and
// SHIFT_REPORT rules are stored and fire once those features raise their events.
package taskrule

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
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Enumerations a rule's fields are checked against (shared/task.go).
var (
	BusinessTypes = []shared.TaskBusinessType{shared.BusinessResident, shared.BusinessCreateCaregiver,
		shared.BusinessIncidentReport, shared.BusinessShiftReport}
	TaskTypes = []shared.TaskType{shared.TaskRoutine, shared.TaskOther, shared.TaskAsNeeded, shared.TaskMandatory,
		shared.TaskNonMandatory, shared.TaskVitalCheck, shared.TaskHealthMonitoring}
	Frequencies = []shared.TaskFrequency{shared.FrequencyOnce, shared.FrequencyHourly, shared.FrequencyDaily,
		shared.FrequencyWeekdays, shared.FrequencyWeekends, shared.FrequencyWeekly, shared.FrequencyBiweekly,
		shared.FrequencyMonthly, shared.FrequencyQuarterly, shared.FrequencySemiannually, shared.FrequencyYearly,
		shared.FrequencyCustom, shared.FrequencyAnytime}
)

// ErrHourly: an hourly task starts at a time of day of its own, which a rule does not have.
var ErrHourly = problem.Invalid("frequency", "enum", "taskrule.hourly", nil)

// Service is the task creation rules service.
type Service struct {
	db    *db.DB
	store Store
	log   *slog.Logger
	now   func() time.Time
}

// New makes the rules service.
func New(d *db.DB, log *slog.Logger, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: d, log: log, now: now}
}

func toRule(r *row) shared.TaskCreationRule {
	days := r.DaysOfWeek
	if days == nil {
		days = []int{}
	}
	return shared.TaskCreationRule{RuleID: r.ID, Title: r.Title, BusinessType: r.BusinessType, TaskType: r.TaskType,
		Frequency: r.Frequency, TimeSession: r.TimeSession, RepeatInterval: r.RepeatInterval, DaysOfWeek: days,
		DurationDays: r.DurationDays, Enabled: r.Enabled, CreateTime: r.CreatedAt, UpdateTime: r.UpdatedAt}
}

func superAdmin(p *auth.Principal) error {
	if p == nil || !p.IsSuperAdmin() {
		return problem.Forbidden
	}
	return nil
}

// List answers a page of the rules, newest first.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.TaskCreationRuleFilter]) (*shared.Page[shared.TaskCreationRule], error) {
	if err := superAdmin(p); err != nil {
		return nil, err
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, strings.ToLower(strings.TrimSpace(req.Data.Title)), req.Data.BusinessType, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, toRule), nil
}

// Get answers one rule.
func (s *Service) Get(ctx context.Context, p *auth.Principal, id string) (*shared.TaskCreationRule, error) {
	if err := superAdmin(p); err != nil {
		return nil, err
	}
	r, err := s.store.Get(ctx, s.db, strings.TrimSpace(id))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	out := toRule(r)
	return &out, nil
}

// Save adds a rule, or with ruleId replaces one.
func (s *Service) Save(ctx context.Context, p *auth.Principal, req shared.SaveTaskCreationRuleRequest) (*shared.TaskCreationRule, error) {
	if err := superAdmin(p); err != nil {
		return nil, err
	}
	var out *shared.TaskCreationRule
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		out, err = s.save(ctx, tx, p.UserID, req)
		return err
	})
	return out, err
}

// InsertDemo adds a rule of the demonstration data in q's transaction (the
// demo seed's), through the same checks as Save; actorID is the super admin.
func (s *Service) InsertDemo(ctx context.Context, q db.Querier, actorID string, req shared.SaveTaskCreationRuleRequest) error {
	req.RuleID = ""
	_, err := s.save(ctx, q, actorID, req)
	return err
}

func (s *Service) save(ctx context.Context, q db.Querier, actorID string, req shared.SaveTaskCreationRuleRequest) (*shared.TaskCreationRule, error) {
	r, err := check(req)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	r.UpdatedBy, r.UpdatedAt = actorID, now
	key := strings.ToLower(r.Title)
	entry := audit.Entry{ActorID: actorID, Entity: "task_creation_rule"} // platform-level: no tenant
	if id := strings.TrimSpace(req.RuleID); id != "" {
		old, err := s.store.Get(ctx, q, id)
		if errors.Is(err, db.ErrNotFound) {
			return nil, problem.NotFound
		}
		if err != nil {
			return nil, err
		}
		r.ID, r.CreatedBy, r.CreatedAt = old.ID, old.CreatedBy, old.CreatedAt
		ok, err := s.store.Update(ctx, q, &r, key)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, problem.NotFound
		}
		entry.Action, entry.EntityID, entry.Before = "taskCreationRule.update", r.ID, toRule(old)
	} else {
		r.ID, r.CreatedBy, r.CreatedAt = uuid.Must(uuid.NewV7()).String(), actorID, now
		if err := s.store.Insert(ctx, q, &r, key); err != nil {
			return nil, err
		}
		entry.Action, entry.EntityID = "taskCreationRule.create", r.ID
	}
	out := toRule(&r)
	entry.After = out
	return &out, audit.Write(ctx, q, entry)
}

// Delete removes a rule (soft: it fires no more; the tasks it made stay).
func (s *Service) Delete(ctx context.Context, p *auth.Principal, id string) error {
	if err := superAdmin(p); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.store.Get(ctx, tx, strings.TrimSpace(id))
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		ok, err := s.store.Delete(ctx, tx, old.ID, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: p.UserID, Action: "taskCreationRule.delete", Entity: "task_creation_rule",
			EntityID: old.ID, Before: toRule(old)})
	})
}

// check validates a rule beyond (and including) its tags and answers the row
// to store, keeping only the schedule fields its frequency uses (as the
// task form does: days of the week for WEEKLY and BIWEEKLY, an interval in
// days for CUSTOM, no session for anytime tasks, no duration for a task that
// happens once or any time).
func check(req shared.SaveTaskCreationRuleRequest) (row, error) {
	r := row{BusinessType: req.BusinessType, TaskType: req.TaskType, Frequency: req.Frequency,
		TimeSession: req.TimeSession, Enabled: req.Enabled}
	var err error
	if r.Title, err = problem.Text("title", req.Title, true, shared.TaskTitleMax); err != nil {
		return r, err
	}
	if !slices.Contains(BusinessTypes, r.BusinessType) {
		return r, problem.Invalid("businessType", "enum", "validation.enum", map[string]any{"values": join(BusinessTypes)})
	}
	if !slices.Contains(TaskTypes, r.TaskType) {
		return r, problem.Invalid("taskType", "enum", "validation.enum", map[string]any{"values": join(TaskTypes)})
	}
	if !slices.Contains(Frequencies, r.Frequency) {
		return r, problem.Invalid("frequency", "enum", "validation.enum", map[string]any{"values": join(Frequencies)})
	}
	if r.TimeSession != "" && !slices.Contains(shared.TimeSessions, r.TimeSession) {
		return r, problem.Invalid("timeSession", "enum", "validation.enum", map[string]any{"values": join(shared.TimeSessions)})
	}
	if req.DurationDays < 0 || req.DurationDays > shared.TaskRuleDurationMax {
		return r, problem.Invalid("durationDays", "maximum", "validation.maximum", map[string]any{"max": shared.TaskRuleDurationMax})
	}
	switch r.Frequency {
	case shared.FrequencyHourly:
		return r, ErrHourly
	case shared.FrequencyWeekly, shared.FrequencyBiweekly:
		if len(req.DaysOfWeek) == 0 {
			return r, problem.Invalid("daysOfWeek", "minItems", "validation.atLeastOne", nil)
		}
		for _, d := range req.DaysOfWeek {
			if d < 0 || d > 6 {
				return r, problem.Invalid("daysOfWeek", "enum", "taskrule.dayOfWeek", nil)
			}
			if !slices.Contains(r.DaysOfWeek, d) {
				r.DaysOfWeek = append(r.DaysOfWeek, d)
			}
		}
		slices.Sort(r.DaysOfWeek)
	case shared.FrequencyCustom:
		if req.RepeatInterval < 1 || req.RepeatInterval > shared.TaskRepeatIntervalMax {
			return r, problem.Invalid("repeatInterval", "minimum", "taskrule.repeatInterval", map[string]any{"max": shared.TaskRepeatIntervalMax})
		}
		r.RepeatInterval = req.RepeatInterval
	case shared.FrequencyAnytime:
		r.TimeSession = ""
	}
	if r.Frequency != shared.FrequencyOnce && r.Frequency != shared.FrequencyAnytime {
		r.DurationDays = req.DurationDays
	}
	return r, nil
}

func join[T ~string](values []T) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return strings.Join(out, ", ")
}
