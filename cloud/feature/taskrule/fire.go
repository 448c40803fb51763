package taskrule

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// TaskMaker makes a task of a rule in a facility (task.Service has it).
type TaskMaker interface {
	CreateFromRule(ctx context.Context, tx *db.Tx, tenantID, actorID string, req shared.SaveTaskRequest, business shared.TaskBusinessType) (*shared.Task, error)
}

// Worker works the business events (jobs.Event): every enabled rule of the
// event's business type makes its task in the event's facility, once.
type Worker struct {
	river.WorkerDefaults[jobs.Event]
	rules *Service
	tasks TaskMaker
}

// Worker is the events' worker, making tasks through tasks; register it with jobs.Register.
func (s *Service) Worker(tasks TaskMaker) *Worker {
	return &Worker{rules: s, tasks: tasks}
}

// Work fires the rules for one event. River may deliver an event again (a
// retry after a failure, a crash between the work and its completion): each
// rule's firing is recorded in the transaction that makes its task, under a
// unique (rule, event), so a rule that fired already is skipped.
func (w *Worker) Work(ctx context.Context, job *river.Job[jobs.Event]) error {
	return w.Fire(ctx, job.Args)
}

// Fire makes the tasks of the rules matching ev. A rule that cannot apply (the
// resident moved out before the job ran, a task the task service refuses) is
// recorded as skipped with the reason and logged; a failure of the database is
// returned, so River retries the event, and only the rules not yet fired run again.
func (w *Worker) Fire(ctx context.Context, ev jobs.Event) error {
	business := shared.TaskBusinessType(ev.Type)
	if ev.TenantID == "" || ev.SubjectID == "" {
		return river.JobCancel(fmt.Errorf("taskrule: event %s without a facility or subject", ev.Type))
	}
	rules, err := w.rules.store.Enabled(ctx, w.rules.db, business)
	if err != nil {
		return err
	}
	key := fmt.Sprintf("%s/%s/%s", ev.Type, ev.TenantID, ev.SubjectID)
	var errs []error
	for i := range rules {
		if err := w.fire(ctx, &rules[i], ev, key); err != nil {
			errs = append(errs, fmt.Errorf("rule %s: %w", rules[i].ID, err))
		}
	}
	return errors.Join(errs...)
}

// skipped is a rule that cannot apply to the event, with the reason.
type skipped struct{ reason string }

func (s *skipped) Error() string { return "skipped: " + s.reason }

// fire fires one rule for an event, once.
func (w *Worker) fire(ctx context.Context, r *row, ev jobs.Event, key string) error {
	s := w.rules
	f := &firing{ID: uuid.Must(uuid.NewV7()).String(), RuleID: r.ID, EventKey: key, TenantID: ev.TenantID, CreatedAt: s.now().UnixMilli()}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		fresh, err := s.store.Fire(ctx, tx, f)
		if err != nil || !fresh {
			return err // fired already: nothing to do
		}
		req, err := s.taskFor(ctx, tx, r, ev)
		if err != nil {
			return err
		}
		task, err := w.tasks.CreateFromRule(ctx, tx, ev.TenantID, ev.ActorID, req, r.BusinessType)
		if err != nil {
			if p, ok := problem.As(err); ok {
				return &skipped{reason: "task refused: " + p.Key}
			}
			return err
		}
		return s.store.SetFiringTask(ctx, tx, f.ID, task.TaskID)
	})
	var skip *skipped
	if !errors.As(err, &skip) {
		return err
	}
	// Recorded in a transaction of its own, after the refused one rolled back.
	s.log.WarnContext(ctx, "task creation rule skipped", "rule_id", r.ID, "event", key, "reason", skip.reason)
	f.ID, f.SkipReason = uuid.Must(uuid.NewV7()).String(), skip.reason
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		_, err := s.store.Fire(ctx, tx, f)
		return err
	})
}

// taskFor is the task a rule makes for an event: RESIDENT a task for the
// resident from the move-in day, CREATE_CAREGIVER a facility task assigned to
// the new caregiver (an orientation, say), any other a facility task; each
// starting no earlier than today in the facility's time zone, and ending
// after the rule's durationDays when it has one.
func (s *Service) taskFor(ctx context.Context, tx *db.Tx, r *row, ev jobs.Event) (shared.SaveTaskRequest, error) {
	loc, _, err := zone.Facility(ctx, tx, ev.TenantID)
	if err != nil {
		return shared.SaveTaskRequest{}, err
	}
	today := s.now().In(loc).Format(time.DateOnly)
	req := shared.SaveTaskRequest{Title: r.Title, Type: r.TaskType, TimeSession: r.TimeSession, StartDate: today,
		Frequency: r.Frequency, DaysOfWeek: r.DaysOfWeek, RepeatInterval: r.RepeatInterval}
	switch shared.TaskBusinessType(ev.Type) {
	case shared.BusinessResident:
		moveIn, atHome, found, err := s.store.residentAtHome(ctx, tx, ev.TenantID, ev.SubjectID)
		if err != nil {
			return req, err
		}
		if !found || !atHome {
			return req, &skipped{reason: "the resident no longer lives in the home"}
		}
		req.ResidentID = ev.SubjectID
		if moveIn > today { // YYYY-MM-DD compares as text; a past move-in day starts today
			req.StartDate = moveIn
		}
	case shared.BusinessCreateCaregiver:
		req.CaregiverID = ev.SubjectID
	}
	if r.DurationDays > 0 {
		start, err := time.Parse(time.DateOnly, req.StartDate)
		if err != nil {
			return req, fmt.Errorf("taskrule: start date: %w", err)
		}
		req.EndDate = start.AddDate(0, 0, r.DurationDays-1).Format(time.DateOnly)
	}
	return req, nil
}
