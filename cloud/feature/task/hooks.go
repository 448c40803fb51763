package task

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// What other features call, wired by cloud/server: the move-in wizard
// (ReplaceCheckInTasks, ResidentTasks, ActivateResident) and the task
// creation rules (CreateFromRule). Each runs in the caller's transaction.

// ErrNotMovingIn: the wizard's care-plan step is for a resident still moving in.
var ErrNotMovingIn = problem.New(shared.CodeConflict, "task.notMovingIn")

// numbered names the task of a batch that broke a rule ("Task 3: Title is
// required."), with the field as tasks[2].title, so the wizard can show it.
func numbered(ctx context.Context, i int, err error) error {
	p, ok := problem.As(err)
	if !ok {
		return err
	}
	detail := msg.T(msg.Language(ctx), p.Key, p.Args)
	out := &problem.Error{Code: p.Code, Key: "task.numbered", Args: map[string]any{"n": i + 1, "detail": detail}, Status: p.Status}
	if fes, ok := p.Data.([]shared.FieldError); ok {
		prefixed := make([]shared.FieldError, len(fes))
		for j, fe := range fes {
			prefixed[j] = shared.FieldError{Field: fmt.Sprintf("tasks[%d].%s", i, fe.Field), Rule: fe.Rule}
		}
		out.Data = prefixed
	}
	return out
}

// ReplaceCheckInTasks replaces the tasks of a MOVING_IN resident with reqs
// (their residentId is ignored; residentID is used) and returns them. It runs
// in the caller's transaction. The resident makes no occurrences until
// ActivateResident; the tasks replaced are soft-deleted.
func (s *Service) ReplaceCheckInTasks(ctx context.Context, tx *db.Tx, p *auth.Principal, residentID string, reqs []shared.SaveTaskRequest) ([]shared.Task, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	if len(reqs) > shared.CheckInTasksMax {
		return nil, problem.Invalid("tasks", "maxItems", "validation.maxItems", map[string]any{"max": shared.CheckInTasksMax})
	}
	res, err := s.store.Resident(ctx, tx, p.TenantID, residentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if !residency.Hidden(res.Status) {
		return nil, ErrNotMovingIn
	}
	f, err := s.facilityOf(ctx, tx, p.TenantID)
	if err != nil {
		return nil, err
	}
	today := civil(s.now(), f.loc)
	// Every task is checked before anything is written.
	for i, req := range reqs {
		req.ResidentID = residentID
		if _, _, err := s.check(ctx, tx, p.TenantID, req, today, nil); err != nil {
			return nil, numbered(ctx, i, err)
		}
	}
	old, err := s.store.AllTasks(ctx, tx, taskFilter{tenantID: p.TenantID, residentID: residentID, anyResident: true})
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	for i := range old {
		if _, err := s.store.DeleteTask(ctx, tx, p.TenantID, old[i].ID, now); err != nil {
			return nil, err
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.delete", Entity: "task",
			EntityID: old[i].ID, Before: auditView(&old[i])}); err != nil {
			return nil, err
		}
	}
	out := make([]shared.Task, 0, len(reqs))
	for i, req := range reqs {
		req.ResidentID = residentID
		t, err := s.create(ctx, tx, f, p.TenantID, p.UserID, req, shared.BusinessCarePlan)
		if err != nil {
			return nil, numbered(ctx, i, err)
		}
		got, err := s.store.GetTask(ctx, tx, p.TenantID, t.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, s.toTask(got, f))
	}
	return out, nil
}

// ResidentTasks lists a resident's current (not deleted) tasks, whatever the
// resident's status (the move-in wizard shows a MOVING_IN resident's).
func (s *Service) ResidentTasks(ctx context.Context, q db.Querier, tenantID, residentID string) ([]shared.Task, error) {
	rows, err := s.store.AllTasks(ctx, q, taskFilter{tenantID: tenantID, residentID: strings.TrimSpace(residentID), anyResident: true})
	if err != nil {
		return nil, err
	}
	f, err := s.facilityOf(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	out := make([]shared.Task, 0, len(rows))
	for i := range rows {
		out = append(out, s.toTask(&rows[i], f))
	}
	return out, nil
}

// ActivateResident makes the occurrences of the resident's tasks from now on
// (called in completeCheckIn's transaction once the resident is NORMAL).
func (s *Service) ActivateResident(ctx context.Context, tx *db.Tx, tenantID, residentID string) error {
	rows, err := s.store.AllTasks(ctx, tx, taskFilter{tenantID: tenantID, residentID: residentID, anyResident: true})
	if err != nil {
		return err
	}
	f, err := s.facilityOf(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	now := s.now()
	for i := range rows {
		if err := s.plan(ctx, tx, &rows[i], f, now); err != nil {
			return err
		}
	}
	return nil
}

// CreateFromRule makes a task from a task creation rule for a business event,
// in tx; business is the rule's business type. actorID may be "" (the
// system). A rule's task starts today when req names no start date.
func (s *Service) CreateFromRule(ctx context.Context, tx *db.Tx, tenantID, actorID string, req shared.SaveTaskRequest, business shared.TaskBusinessType) (*shared.Task, error) {
	f, err := s.facilityOf(ctx, tx, tenantID)
	if err != nil {
		return nil, err
	}
	if req.StartDate == "" {
		req.StartDate = formatDate(civil(s.now(), f.loc))
	}
	t, err := s.create(ctx, tx, f, tenantID, actorID, req, business)
	if err != nil {
		return nil, err
	}
	got, err := s.store.GetTask(ctx, tx, tenantID, t.ID)
	if err != nil {
		return nil, err
	}
	out := s.toTask(got, f)
	return &out, nil
}
