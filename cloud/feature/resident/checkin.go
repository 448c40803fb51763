package resident

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The manual move-in wizard (spec 000 §2 /resident-management/move-in/{step},
// spec 001 §7.6; shared/checkin.go). The first step creates the resident as
// MOVING_IN: hidden from every list but MOVING_IN and from the dashboard, and
// making no task occurrences. Each later step replaces what an earlier save of
// the same step stored, in one transaction, so saving a step again is safe.
// completeCheckIn makes the resident NORMAL, activates the care plan's tasks
// and announces the move-in (the task creation rules' RESIDENT event) in the
// same transaction.

var (
	// ErrMovingIn: a resident still moving in cannot go out, return, move out or die.
	ErrMovingIn = problem.New(shared.CodeConflict, "resident.movingIn")
	// ErrMoveInDone: the wizard's steps are closed once the move-in is complete.
	ErrMoveInDone = problem.New(shared.CodeConflict, "resident.moveInDone")
	// ErrMoveInDoneNoCancel: a completed move-in is not abandoned; the resident moves out instead.
	ErrMoveInDoneNoCancel = problem.New(shared.CodeConflict, "resident.moveInDoneNoCancel")
)

// CheckInTasks is what the wizard needs from the tasks (task.Service has it).
type CheckInTasks interface {
	// ReplaceCheckInTasks makes reqs the resident's care plan in tx (the care-plan step).
	ReplaceCheckInTasks(ctx context.Context, tx *db.Tx, p *auth.Principal, residentID string, reqs []shared.SaveTaskRequest) ([]shared.Task, error)
	// ResidentTasks are the resident's current tasks.
	ResidentTasks(ctx context.Context, q db.Querier, tenantID, residentID string) ([]shared.Task, error)
	// ActivateResident starts the tasks of a resident who has moved in, in tx.
	ActivateResident(ctx context.Context, tx *db.Tx, tenantID, residentID string) error
}

// CheckInMedications is what the wizard needs from the medications (medication.Service has it).
type CheckInMedications interface {
	ReplaceCheckIn(ctx context.Context, tx *db.Tx, p *auth.Principal, residentID string, reqs []shared.SaveMedicationRequest) ([]shared.Medication, error)
	ListByResident(ctx context.Context, q db.Querier, tenantID, residentID string) ([]shared.Medication, error)
	// ActivateResident makes the med passes of a resident who has moved in, in tx.
	ActivateResident(ctx context.Context, tx *db.Tx, tenantID, residentID string) error
}

// stepCategories are the document categories of each step's files when the
// form names none: what a home has in hand at that step.
var stepCategories = map[shared.CheckInStep]shared.FileCategory{
	shared.StepProfile:     shared.FileAssessment,
	shared.StepCarePlan:    shared.FileCarePlan,
	shared.StepMedications: shared.FilePhysicianOrder,
	shared.StepContacts:    shared.FileOther,
}

// CheckInUpload is the documents sent with one step: added to the resident's
// documents (never replacing earlier ones: a wrong one is removed with
// deleteResidentFile). Category "" is the step's default.
type CheckInUpload struct {
	Category shared.FileCategory
	Files    []upload.File
}

// moveInOf finds a move-in whose steps are still open, in q: the resident of
// p's facility (4004 otherwise), its move-in (4004 for a resident who did not
// come through the wizard), not completed (4009).
func (s *Service) moveInOf(ctx context.Context, q db.Querier, p *auth.Principal, residentID string) (*row, *moveInRow, error) {
	r, err := s.found(ctx, q, p, residentID)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.store.MoveIn(ctx, q, p.TenantID, r.ID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, problem.NotFound
	}
	if err != nil {
		return nil, nil, err
	}
	if m.CancelledAt.Valid {
		return nil, nil, problem.NotFound
	}
	if m.CompletedAt.Valid || r.Status != shared.ResidentMovingIn {
		return nil, nil, ErrMoveInDone.With(map[string]any{"name": r.name()})
	}
	return r, m, nil
}

// step runs one wizard step: the files' bytes are checked and stored first
// (all or none), then one transaction runs write and links the files to the
// resident; when it fails, the uploads are removed again and nothing of the
// step is kept.
func (s *Service) step(ctx context.Context, p *auth.Principal, step shared.CheckInStep, up CheckInUpload,
	write func(tx *db.Tx) (residentID string, err error)) (string, error) {
	category := up.Category
	if category == "" {
		category = stepCategories[step]
	}
	if !slices.Contains(shared.ResidentFileCategories, category) {
		return "", problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": categoryNames()})
	}
	if len(up.Files) > shared.ResidentFilesMax {
		return "", problem.Invalid("files", "maxItems", "validation.maxItems", map[string]any{"max": shared.ResidentFilesMax})
	}
	var ids []string
	if len(up.Files) > 0 {
		items, err := s.files.Upload(ctx, p, category, up.Files)
		if err != nil {
			return "", err
		}
		for _, it := range items {
			ids = append(ids, it.FileID)
		}
	}
	now := s.now().UnixMilli()
	var rid string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if rid, err = write(tx); err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		if err := s.files.Attach(ctx, tx, p, category, ids); err != nil {
			return err
		}
		for _, id := range ids {
			f := fileRow{FileID: id, TenantID: p.TenantID, ResidentID: rid, Category: category, UploaderID: p.UserID, CreatedAt: now, MoveInStep: step}
			if err := s.store.InsertFile(ctx, tx, f); err != nil {
				return err
			}
		}
		return audit.Write(ctx, tx, auditEntry(p, "resident.uploadFiles", rid, nil,
			map[string]any{"category": category, "fileIds": ids, "moveInStep": step}))
	})
	if err != nil {
		for _, id := range ids {
			_ = s.files.Delete(context.WithoutCancel(ctx), p, id) // still unconfirmed: removed with its bytes
		}
		return "", err
	}
	return rid, nil
}

func categoryNames() string {
	names := make([]string, len(shared.ResidentFileCategories))
	for i, c := range shared.ResidentFileCategories {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// CheckInProfile is the confirm and profile steps (createResidentForCheckIn):
// without residentId it starts a move-in, a new MOVING_IN resident, within
// the plan's limit of active residents; with it, it replaces the profile of
// that resident still moving in.
func (s *Service) CheckInProfile(ctx context.Context, p *auth.Principal, data shared.CheckInResidentData, up CheckInUpload) (*shared.CheckIn, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	now := s.now()
	req := data.SaveResidentRequest
	if id := strings.TrimSpace(req.ResidentID); id != "" {
		// Checked before any byte is stored, and again in the transaction.
		old, _, err := s.moveInOf(ctx, s.db, p, id)
		if err != nil {
			return nil, err
		}
		r := *old
		if err := applyProfile(&r, req, now); err != nil {
			return nil, err
		}
	} else {
		var r row
		if err := applyProfile(&r, req, now); err != nil {
			return nil, err
		}
	}
	rid, err := s.step(ctx, p, shared.StepProfile, up, func(tx *db.Tx) (string, error) {
		if id := strings.TrimSpace(req.ResidentID); id != "" {
			return s.replaceProfile(ctx, tx, p, id, req, now)
		}
		return s.startMoveIn(ctx, tx, p, req, now)
	})
	if err != nil {
		return nil, err
	}
	return s.checkIn(ctx, p, rid)
}

// startMoveIn adds a MOVING_IN resident and its move-in, in tx.
func (s *Service) startMoveIn(ctx context.Context, tx *db.Tx, p *auth.Principal, req shared.SaveResidentRequest, now time.Time) (string, error) {
	ms := now.UnixMilli()
	r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Status: shared.ResidentMovingIn,
		StatusAt: ms, CreatedAt: ms, UpdatedAt: ms}
	r.CreatedBy.String, r.CreatedBy.Valid = p.UserID, true
	if err := applyProfile(r, req, now); err != nil {
		return "", err
	}
	// The plan's limit is checked when a move-in starts, and again when it completes.
	if err := s.checkRoom(ctx, tx, p); err != nil {
		return "", err
	}
	if err := s.attachAvatar(ctx, tx, p, "", r); err != nil {
		return "", err
	}
	if err := s.store.Insert(ctx, tx, r); err != nil {
		return "", err
	}
	m := &moveInRow{ResidentID: r.ID, TenantID: p.TenantID, ProfileSavedAt: ms, CreatedBy: p.UserID, CreatedAt: ms, UpdatedAt: ms}
	if err := s.store.InsertMoveIn(ctx, tx, m); err != nil {
		return "", err
	}
	return r.ID, audit.Write(ctx, tx, auditEntry(p, "resident.checkIn.start", r.ID, nil, auditView(r)))
}

// replaceProfile replaces the profile of a resident still moving in, in tx.
func (s *Service) replaceProfile(ctx context.Context, tx *db.Tx, p *auth.Principal, id string, req shared.SaveResidentRequest, now time.Time) (string, error) {
	old, _, err := s.moveInOf(ctx, tx, p, id)
	if err != nil {
		return "", err
	}
	r := *old
	if err := applyProfile(&r, req, now); err != nil {
		return "", err
	}
	r.UpdatedAt = now.UnixMilli()
	if err := s.attachAvatar(ctx, tx, p, old.AvatarFileID.String, &r); err != nil {
		return "", err
	}
	ok, err := s.store.UpdateProfile(ctx, tx, &r, []shared.ResidentStatus{shared.ResidentMovingIn})
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrChanged
	}
	if err := s.markStep(ctx, tx, p, &r, shared.StepProfile, now.UnixMilli()); err != nil {
		return "", err
	}
	return r.ID, audit.Write(ctx, tx, auditEntry(p, "resident.checkIn.profile", r.ID, auditView(old), auditView(&r)))
}

func (s *Service) markStep(ctx context.Context, tx *db.Tx, p *auth.Principal, r *row, step shared.CheckInStep, now int64) error {
	ok, err := s.store.MarkStep(ctx, tx, p.TenantID, r.ID, step, now)
	if err != nil {
		return err
	}
	if !ok {
		return ErrMoveInDone.With(map[string]any{"name": r.name()})
	}
	return nil
}

// checkRoom refuses when the facility already has the plan's maximum of
// active residents (spec 001 §8: 7002). The facility's row is locked first, so
// two calls at once cannot both see room for one more (see Create).
func (s *Service) checkRoom(ctx context.Context, tx *db.Tx, p *auth.Principal) error {
	limit, err := s.maxResidents(ctx, tx, p)
	if err != nil || limit <= 0 {
		return err
	}
	if err := db.LockTenant(ctx, tx, p.TenantID); err != nil {
		return err
	}
	n, err := s.store.CountActive(ctx, tx, p.TenantID)
	if err != nil {
		return err
	}
	if n >= limit {
		return ErrMaxResidents.With(map[string]any{"max": limit})
	}
	return nil
}

// CheckInTasks is the care-plan step (createTaskForCheckIn): the tasks become
// the resident's care plan, replacing what an earlier save of the step stored.
func (s *Service) CheckInTasks(ctx context.Context, p *auth.Principal, data shared.CheckInTasksData, up CheckInUpload) (*shared.CheckIn, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	if _, _, err := s.moveInOf(ctx, s.db, p, data.ResidentID); err != nil {
		return nil, err
	}
	rid, err := s.step(ctx, p, shared.StepCarePlan, up, func(tx *db.Tx) (string, error) {
		r, _, err := s.moveInOf(ctx, tx, p, data.ResidentID)
		if err != nil {
			return "", err
		}
		reqs := make([]shared.SaveTaskRequest, len(data.Tasks))
		for i, t := range data.Tasks {
			t.ResidentID = r.ID // the resident's, whatever the form sent
			reqs[i] = t
		}
		tasks, err := s.tasks.ReplaceCheckInTasks(ctx, tx, p, r.ID, reqs)
		if err != nil {
			return "", err
		}
		if err := s.markStep(ctx, tx, p, r, shared.StepCarePlan, s.now().UnixMilli()); err != nil {
			return "", err
		}
		ids := make([]string, len(tasks))
		for i, t := range tasks {
			ids[i] = t.TaskID
		}
		return r.ID, audit.Write(ctx, tx, auditEntry(p, "resident.checkIn.carePlan", r.ID, nil, map[string]any{"taskIds": ids}))
	})
	if err != nil {
		return nil, err
	}
	return s.checkIn(ctx, p, rid)
}

// CheckInMedications is the eMAR step (createEmarsForCheckIn): the resident's
// medication list, replacing what an earlier save of the step stored.
func (s *Service) CheckInMedications(ctx context.Context, p *auth.Principal, data shared.CheckInMedicationsData, up CheckInUpload) (*shared.CheckIn, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	if _, _, err := s.moveInOf(ctx, s.db, p, data.ResidentID); err != nil {
		return nil, err
	}
	rid, err := s.step(ctx, p, shared.StepMedications, up, func(tx *db.Tx) (string, error) {
		r, _, err := s.moveInOf(ctx, tx, p, data.ResidentID)
		if err != nil {
			return "", err
		}
		meds, err := s.meds.ReplaceCheckIn(ctx, tx, p, r.ID, data.Medications)
		if err != nil {
			return "", err
		}
		if err := s.markStep(ctx, tx, p, r, shared.StepMedications, s.now().UnixMilli()); err != nil {
			return "", err
		}
		ids := make([]string, len(meds))
		for i, m := range meds {
			ids[i] = m.MedicationID
		}
		return r.ID, audit.Write(ctx, tx, auditEntry(p, "resident.checkIn.medications", r.ID, nil, map[string]any{"medicationIds": ids}))
	})
	if err != nil {
		return nil, err
	}
	return s.checkIn(ctx, p, rid)
}

// CompleteCheckIn finishes a move-in (completeCheckIn): at least the profile
// is saved (the first step made the resident); within the plan's limit of
// active residents, the resident becomes NORMAL with the move-in date (today
// in the facility's time zone when none was given), the care plan's tasks and the medications' passes
// start, and the move-in is announced to the task creation rules, all in one
// transaction. Completing a completed move-in answers it unchanged.
func (s *Service) CompleteCheckIn(ctx context.Context, p *auth.Principal, residentID string) (*shared.CheckIn, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	errDone := errors.New("already completed")
	var rid string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.found(ctx, tx, p, residentID)
		if err != nil {
			return err
		}
		rid = old.ID
		m, err := s.store.MoveIn(ctx, tx, p.TenantID, old.ID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if m.CancelledAt.Valid {
			return problem.NotFound
		}
		if m.CompletedAt.Valid {
			return errDone
		}
		if old.Status != shared.ResidentMovingIn {
			return ErrChanged
		}
		if err := s.checkRoom(ctx, tx, p); err != nil {
			return err
		}
		moveIn := old.MoveInDate
		if moveIn == "" {
			loc, _, err := zone.Facility(ctx, tx, p.TenantID)
			if err != nil {
				return err
			}
			moveIn = s.now().In(loc).Format(time.DateOnly)
		}
		now := s.now().UnixMilli()
		ok, err := s.store.MovedIn(ctx, tx, p.TenantID, old.ID, moveIn, now)
		if err != nil {
			return err
		}
		if ok {
			ok, err = s.store.CompleteMoveIn(ctx, tx, p.TenantID, old.ID, p.UserID, now)
		}
		if err != nil {
			return err
		}
		if !ok {
			return errDone // another completeCheckIn won
		}
		if err := s.tasks.ActivateResident(ctx, tx, p.TenantID, old.ID); err != nil {
			return err
		}
		if err := s.meds.ActivateResident(ctx, tx, p.TenantID, old.ID); err != nil {
			return err
		}
		if err := s.announce(ctx, tx, shared.BusinessResident, p.TenantID, old.ID, p.UserID); err != nil {
			return err
		}
		r := *old
		r.Status, r.MoveInDate, r.StatusAt = shared.ResidentNormal, moveIn, now
		return audit.Write(ctx, tx, auditEntry(p, "resident.checkIn.complete", old.ID,
			map[string]any{"status": old.Status, "moveInDate": old.MoveInDate}, map[string]any{"status": r.Status, "moveInDate": moveIn}))
	})
	if err != nil && !errors.Is(err, errDone) {
		return nil, err
	}
	return s.checkIn(ctx, p, rid)
}

// CancelCheckIn abandons a move-in that is not complete (cancelCheckIn): the
// family chose another home, or it was started twice by mistake. Nothing is
// deleted (care records are kept: ../shared/docs/DOMAIN.md "records"): the
// move-in is marked cancelled with who, when and the reason, and from then on
// the resident, still MOVING_IN, is found by no call (4004) and listed
// nowhere. Its draft care plan and medication list stay inert, as for every
// MOVING_IN resident: the task service makes occurrences only for NORMAL and
// GOING_OUT residents, and only completeCheckIn starts them. A completed
// move-in answers 4009 (the resident moves out instead); a cancelled one,
// 4004 like any resident the caller cannot see.
func (s *Service) CancelCheckIn(ctx context.Context, p *auth.Principal, req shared.CancelCheckInQuery) error {
	if err := writer(p); err != nil {
		return err
	}
	reason, err := problem.Text("reason", req.Reason, true, shared.SubDetailsMax)
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.found(ctx, tx, p, req.ResidentID)
		if err != nil {
			return err
		}
		m, err := s.store.MoveIn(ctx, tx, p.TenantID, r.ID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if m.CancelledAt.Valid {
			return problem.NotFound
		}
		done := ErrMoveInDoneNoCancel.With(map[string]any{"name": r.name()})
		if m.CompletedAt.Valid || r.Status != shared.ResidentMovingIn {
			return done
		}
		// The resident's row first, as completeCheckIn writes it (store.TouchMovingIn).
		ok, err := s.store.TouchMovingIn(ctx, tx, p.TenantID, r.ID, now)
		if err != nil {
			return err
		}
		if !ok {
			return done // completed meanwhile
		}
		if ok, err = s.store.CancelMoveIn(ctx, tx, p.TenantID, r.ID, p.UserID, reason, now); err != nil {
			return err
		}
		if !ok {
			return problem.NotFound // another cancel won
		}
		return audit.Write(ctx, tx, auditEntry(p, "resident.checkIn.cancel", r.ID,
			map[string]any{"status": r.Status, "step": nextStep(m)}, map[string]any{"cancelled": true, "reason": reason}))
	})
}

// GetCheckIn answers where a move-in stands (getCheckIn), to resume it.
func (s *Service) GetCheckIn(ctx context.Context, p *auth.Principal, residentID string) (*shared.CheckIn, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	return s.checkIn(ctx, p, residentID)
}

// checkIn answers a move-in as it stands: the resident, what each step
// saved, the wizard's documents and the first step not yet saved.
func (s *Service) checkIn(ctx context.Context, p *auth.Principal, residentID string) (*shared.CheckIn, error) {
	r, err := s.found(ctx, s.db, p, residentID)
	if err != nil {
		return nil, err
	}
	m, err := s.store.MoveIn(ctx, s.db, p.TenantID, r.ID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if m.CancelledAt.Valid {
		return nil, problem.NotFound
	}
	res, err := s.Get(ctx, p, r.ID)
	if err != nil {
		return nil, err
	}
	out := &shared.CheckIn{Resident: *res, Completed: m.CompletedAt.Valid, Contacts: []shared.ResidentContact{}}
	if out.Tasks, err = s.tasks.ResidentTasks(ctx, s.db, p.TenantID, r.ID); err != nil {
		return nil, err
	}
	if out.Medications, err = s.meds.ListByResident(ctx, s.db, p.TenantID, r.ID); err != nil {
		return nil, err
	}
	contacts, _, err := s.store.Contacts(ctx, s.db, p.TenantID, r.ID, "", shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	for i := range contacts {
		out.Contacts = append(out.Contacts, toContact(&contacts[i]))
	}
	files, err := s.store.MoveInFiles(ctx, s.db, p.TenantID, r.ID)
	if err != nil {
		return nil, err
	}
	if out.Files, err = s.residentFiles(ctx, files); err != nil {
		return nil, err
	}
	if out.Tasks == nil {
		out.Tasks = []shared.Task{}
	}
	if out.Medications == nil {
		out.Medications = []shared.Medication{}
	}
	out.Step = nextStep(m)
	return out, nil
}

// nextStep is the first step not yet saved (result once complete, or when every step is saved).
func nextStep(m *moveInRow) shared.CheckInStep {
	switch {
	case m.CompletedAt.Valid:
		return shared.StepResult
	case !m.CarePlanSavedAt.Valid:
		return shared.StepCarePlan
	case !m.MedicationsSavedAt.Valid:
		return shared.StepMedications
	case !m.ContactsSavedAt.Valid:
		return shared.StepContacts
	}
	return shared.StepResult
}
