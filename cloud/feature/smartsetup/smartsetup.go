// Package smartsetup is smart setup (issue 33): a home moves its residents in
// from the papers it already has. Files uploaded as a batch are grouped by
// resident; each group has one job per step (shared.SmartSetupSteps), worked
// by the job queue, so jobs survive a restart and run once on several
// replicas (a run number on each job: a stop, a clear or a retry makes a new
// run, and a worker holding an old one writes nothing more). The result is a
// draft of the move-in wizard's fields; nothing enters the resident list, the
// eMAR or the task list until the owner confirms the move-in in the wizard.
package smartsetup

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/doctext"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// Problems (spec 001 §8 smart move-in messages).
var (
	ErrNotEnoughFiles  = problem.New(shared.CodeValidation, "smartSetup.notEnoughFiles")
	ErrNeedsRetry      = problem.New(shared.CodeConflict, "smartSetup.needsRetry")
	ErrRetryOnlyStop   = problem.New(shared.CodeConflict, "smartSetup.retryOnlyStopped")
	ErrCannotStop      = problem.New(shared.CodeConflict, "smartSetup.cannotStop")
	ErrCannotContinue  = problem.New(shared.CodeConflict, "smartSetup.cannotContinue")
	ErrStopFirst       = problem.New(shared.CodeConflict, "smartSetup.stopFirst")
	ErrNothingToStart  = problem.New(shared.CodeConflict, "smartSetup.nothingToStart")
	ErrNotStuck        = problem.New(shared.CodeConflict, "smartSetup.notRunning")
	ErrTooManyGroups   = problem.New(shared.CodeValidation, "smartSetup.tooManyGroups")
	ErrMoveWhileActive = problem.New(shared.CodeConflict, "smartSetup.moveWhileRunning")
	ErrNotAllConfirmed = problem.New(shared.CodeConflict, "smartSetup.notAllConfirmed")
	ErrNotMovedIn      = problem.New(shared.CodeConflict, "smartSetup.notMovedIn")
	ErrOtherGroup      = problem.New(shared.CodeConflict, "smartSetup.residentTaken")
	ErrFinished        = problem.New(shared.CodeConflict, "smartSetup.finished")
)

// Files is what the feature needs of the file service (file.Service has it).
type Files interface {
	// UploadPapers stores PDFs, photos of paper (JPEG, PNG, HEIC) and Word documents (DOCX).
	UploadPapers(ctx context.Context, p *auth.Principal, category shared.FileCategory, files []upload.File) ([]shared.FileItem, error)
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	OpenAuthorised(ctx context.Context, tenantID, id string, w, h int) (shared.FileItem, io.ReadCloser, int64, error)
}

// Documents files the papers in a resident's documents (resident.Service).
type Documents interface {
	FileDocuments(ctx context.Context, q db.Querier, p *auth.Principal, residentID string, fileIDs []string) error
}

// Analyzer is the AI service's analysis call (aiservice.Service).
type Analyzer interface {
	Analyze(ctx context.Context, p *auth.Principal, system, prompt string) (*shared.ChatCompletionResult, error)
}

// Deps are the service's collaborators; Log, Now and Text are optional.
type Deps struct {
	DB       *db.DB
	Files    Files
	Analyzer Analyzer
	Docs     Documents
	Queue    *jobs.Queue
	Log      *slog.Logger
	Now      func() time.Time
	Text     doctext.Options // zero: doctext's defaults with SmartSetupMaxPages
}

// Service is smart setup.
type Service struct {
	Deps
	store store
}

// New makes the service and registers its job workers (before the queue runs).
func New(d Deps) (*Service, error) {
	if err := wire.Check("smartsetup", d, "Log", "Now", "Text"); err != nil {
		return nil, err
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Text.MaxPages <= 0 {
		d.Text.MaxPages = shared.SmartSetupMaxPages
	}
	s := &Service{Deps: d}
	jobs.Register(d.Queue, &stepWorker{s: s})
	jobs.Register(d.Queue, &groupWorker{s: s})
	return s, nil
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// fileCategory: the files are the resident's papers until the move-in files them in its documents.
const fileCategory = shared.FileOther

// Upload adds files to a batch (a new one when batchID is empty): into the
// group named, or each into a new group of its own (grouped by name when the
// batch runs). Each file is stored or refused by itself, with its message;
// the package's file limits apply to each. A file uploaded into a group whose
// jobs ran stops them, needing retry. When every file is refused for a
// package limit, that limit's code answers.
func (s *Service) Upload(ctx context.Context, p *auth.Principal, batchID, groupID string, files []upload.File) (*shared.SmartSetupBatch, error) {
	if len(files) == 0 {
		return nil, ErrNotEnoughFiles
	}
	if len(files) > shared.SmartSetupFilesMax {
		return nil, problem.Invalid("files", "maxItems", "validation.maxItems", map[string]any{"max": shared.SmartSetupFilesMax})
	}
	var b *batchRow
	now := s.Now().UnixMilli()
	if batchID = strings.TrimSpace(batchID); batchID != "" {
		var err error
		if b, err = s.store.Batch(ctx, s.DB, p.TenantID, batchID); err != nil {
			return nil, notFound(err)
		}
		if b.FinishedAt != 0 {
			return nil, ErrFinished
		}
	}
	var group *groupRow
	if groupID = strings.TrimSpace(groupID); groupID != "" {
		g, err := s.store.Group(ctx, s.DB, p.TenantID, groupID)
		if err != nil || b == nil || g.BatchID != b.ID {
			return nil, problem.NotFound
		}
		group = g
	}
	type stored struct {
		in   upload.File
		item *shared.FileItem
		err  *problem.Error
	}
	out := make([]stored, 0, len(files))
	// The whole batch first: the package's file-count limit (7008) is the call's.
	// A batch refused for one file's sake (its type, emptiness, size) is stored
	// file by file, so each bad file gets its own message and the others go on.
	items, err := s.Files.UploadPapers(ctx, p, fileCategory, files)
	if err == nil {
		for i, f := range files {
			out = append(out, stored{in: f, item: &items[i]})
		}
		files = nil
	} else if pr, ok := problem.As(err); !ok || pr.Code == shared.CodeMaxUploadFiles {
		return nil, err
	}
	var limitErr error
	refusedAll := len(out) == 0
	for _, f := range files {
		if _, err := f.Body.Seek(0, io.SeekStart); err != nil {
			return nil, fmt.Errorf("smartsetup: rewind %s: %w", f.Name, err)
		}
		items, err := s.Files.UploadPapers(ctx, p, fileCategory, []upload.File{f})
		if err != nil {
			pr, ok := problem.As(err)
			if !ok {
				return nil, err
			}
			if limitErr == nil && (pr.Code == shared.CodeMaxUploadFiles || pr.Code == shared.CodeTotalUploadSize || pr.Code == shared.CodeSingleFileSize) {
				limitErr = err
			}
			out = append(out, stored{in: f, err: pr})
			continue
		}
		refusedAll = false
		out = append(out, stored{in: f, item: &items[0]})
	}
	if refusedAll && limitErr != nil {
		return nil, limitErr
	}
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if b == nil {
			b = &batchRow{ID: newID(), TenantID: p.TenantID, CreatedBy: p.UserID, CreatedAt: now}
			if err := s.store.InsertBatch(ctx, tx, b); err != nil {
				return err
			}
		}
		groups, err := s.store.Groups(ctx, tx, p.TenantID, b.ID)
		if err != nil {
			return err
		}
		var ids []string
		added := 0
		for i, st := range out {
			f := &fileRow{ID: newID(), BatchID: b.ID, Name: clipName(st.in.Name), Size: st.in.Size, CreatedAt: now + int64(i)}
			if st.err != nil {
				detail, err := json.Marshal(refusal{Key: st.err.Key, Args: st.err.Args})
				if err != nil {
					return fmt.Errorf("smartsetup: refusal: %w", err)
				}
				f.ErrorKey, f.ErrorDetail = "refused", string(detail)
				if err := s.store.InsertFile(ctx, tx, p.TenantID, f); err != nil {
					return err
				}
				continue
			}
			f.FileID, f.ContentType, f.Size = st.item.FileID, st.item.ContentType, st.item.Size
			ids = append(ids, st.item.FileID)
			if group != nil {
				f.GroupID = group.ID
			} else {
				if len(groups)+added >= shared.SmartSetupGroupsMax {
					return ErrTooManyGroups.With(map[string]any{"max": shared.SmartSetupGroupsMax})
				}
				g := &groupRow{ID: newID(), BatchID: b.ID, Name: baseName(f.Name), CreatedAt: now + int64(i)}
				if err := s.store.InsertGroup(ctx, tx, p.TenantID, g); err != nil {
					return err
				}
				if err := s.insertJobs(ctx, tx, p.TenantID, b.ID, g.ID, now); err != nil {
					return err
				}
				f.GroupID = g.ID
				added++
			}
			if err := s.store.InsertFile(ctx, tx, p.TenantID, f); err != nil {
				return err
			}
		}
		if len(ids) > 0 {
			if err := s.Files.Attach(ctx, tx, p, fileCategory, ids); err != nil {
				return err
			}
		}
		if group != nil && len(ids) > 0 {
			if err := s.needRetry(ctx, tx, p.TenantID, b.ID, group.ID, now); err != nil {
				return err
			}
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "smartSetup.upload",
			Entity: "smart_setup_batch", EntityID: b.ID, After: map[string]any{"files": len(out), "stored": len(ids), "groupId": groupID}})
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, p, b.ID)
}

// insertJobs makes a new group's jobs, one per step, as drafts.
func (s *Service) insertJobs(ctx context.Context, tx *db.Tx, tenantID, batchID, groupID string, now int64) error {
	for i, step := range shared.SmartSetupSteps {
		j := &jobRow{ID: newID(), TenantID: tenantID, BatchID: batchID, GroupID: groupID, Step: step, State: shared.SmartDraft, CreatedAt: now + int64(i)}
		if err := s.store.InsertJob(ctx, tx, j); err != nil {
			return err
		}
	}
	return nil
}

var ran = []shared.SmartSetupState{shared.SmartPending, shared.SmartProgressing, shared.SmartCompleted, shared.SmartFailed, shared.SmartStopped}

// needRetry stops every job of a group that ran (its files changed): each needs retry.
func (s *Service) needRetry(ctx context.Context, tx *db.Tx, tenantID, batchID, groupID string, now int64) error {
	js, err := s.store.Jobs(ctx, tx, tenantID, batchID, groupID)
	if err != nil {
		return err
	}
	for _, j := range js {
		if _, err := s.store.Halt(ctx, tx, tenantID, j.ID, ran, true, now); err != nil {
			return err
		}
	}
	return nil
}

func clipName(n string) string {
	n = strings.TrimSpace(strings.ReplaceAll(n, "\\", "/"))
	if i := strings.LastIndex(n, "/"); i >= 0 {
		n = n[i+1:]
	}
	if n == "" {
		n = "file"
	}
	if r := []rune(n); len(r) > shared.TitleMax {
		n = string(r[:shared.TitleMax])
	}
	return n
}

func baseName(n string) string {
	if i := strings.LastIndex(n, "."); i > 0 {
		n = n[:i]
	}
	return n
}

func notFound(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return problem.NotFound
	}
	return err
}

// Start queues the TEXT job of every group whose jobs are drafts (4009 when none is; 4022 a batch without a file read).
func (s *Service) Start(ctx context.Context, p *auth.Principal, batchID string) (*shared.SmartSetupProgress, error) {
	b, err := s.store.Batch(ctx, s.DB, p.TenantID, strings.TrimSpace(batchID))
	if err != nil {
		return nil, notFound(err)
	}
	if b.FinishedAt != 0 {
		return nil, ErrFinished
	}
	js, err := s.store.Jobs(ctx, s.DB, p.TenantID, b.ID, "")
	if err != nil {
		return nil, err
	}
	var texts []jobRow
	for _, j := range js {
		if j.Step == shared.SmartStepText && j.State == shared.SmartDraft {
			texts = append(texts, j)
		}
	}
	if len(js) == 0 {
		return nil, ErrNotEnoughFiles
	}
	if len(texts) == 0 {
		return nil, ErrNothingToStart
	}
	now := s.Now().UnixMilli()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, j := range texts {
			if _, err := s.queue(ctx, tx, &j, []shared.SmartSetupState{shared.SmartDraft}, false, now); err != nil {
				return err
			}
		}
		if err := s.store.SetBatch(ctx, tx, p.TenantID, b.ID, true, false, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "smartSetup.start",
			Entity: "smart_setup_batch", EntityID: b.ID, After: map[string]any{"groups": len(texts)}})
	})
	if err != nil {
		return nil, err
	}
	return s.Progress(ctx, p, b.ID)
}

// queue makes j PENDING from one of the states and inserts its job in tx;
// false when it was in none. Queuing a TEXT job reopens the batch's grouping.
func (s *Service) queue(ctx context.Context, tx *db.Tx, j *jobRow, from []shared.SmartSetupState, clear bool, now int64) (bool, error) {
	run, ok, err := s.store.Queue(ctx, tx, j.TenantID, j.ID, from, clear, now)
	if err != nil || !ok {
		return ok, err
	}
	if j.Step == shared.SmartStepText {
		if clear {
			if err := s.store.ClearGroupText(ctx, tx, j.TenantID, j.GroupID); err != nil {
				return false, err
			}
		}
		if err := s.store.SetBatch(ctx, tx, j.TenantID, j.BatchID, true, false, now); err != nil {
			return false, err
		}
	}
	return true, s.Queue.Enqueue(ctx, tx, StepArgs{TenantID: j.TenantID, JobID: j.ID, Run: run}, &river.InsertOpts{MaxAttempts: stepAttempts})
}

// jobAction runs one state change of a job the caller's facility owns.
func (s *Service) jobAction(ctx context.Context, p *auth.Principal, jobID, action string, fn func(tx *db.Tx, j *jobRow, now int64) error) (*shared.SmartSetupProgress, error) {
	j, err := s.store.Job(ctx, s.DB, p.TenantID, strings.TrimSpace(jobID))
	if err != nil {
		return nil, notFound(err)
	}
	now := s.Now().UnixMilli()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := fn(tx, j, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "smartSetup." + action,
			Entity: "smart_setup_job", EntityID: j.ID, Before: map[string]any{"state": j.State, "step": j.Step}})
	})
	if err != nil {
		return nil, err
	}
	return s.Progress(ctx, p, j.BatchID)
}

// Stop stops a pending or running job (4009 otherwise).
func (s *Service) Stop(ctx context.Context, p *auth.Principal, jobID string) (*shared.SmartSetupProgress, error) {
	return s.jobAction(ctx, p, jobID, "stop", func(tx *db.Tx, j *jobRow, now int64) error {
		ok, err := s.store.Halt(ctx, tx, p.TenantID, j.ID, []shared.SmartSetupState{shared.SmartPending, shared.SmartProgressing}, false, now)
		if err == nil && !ok {
			err = ErrCannotStop
		}
		return err
	})
}

// Continue queues a stopped job again, keeping what it did (4009 when it is
// not stopped, or needs retry because its files changed).
func (s *Service) Continue(ctx context.Context, p *auth.Principal, jobID string) (*shared.SmartSetupProgress, error) {
	return s.jobAction(ctx, p, jobID, "continue", func(tx *db.Tx, j *jobRow, now int64) error {
		if j.State == shared.SmartStopped && j.NeedsRetry {
			return ErrNeedsRetry
		}
		ok, err := s.queue(ctx, tx, j, []shared.SmartSetupState{shared.SmartStopped}, false, now)
		if err == nil && !ok {
			err = ErrCannotContinue
		}
		return err
	})
}

// Retry runs a stopped job again from the start (spec 000 §4: retry only for stopped jobs).
func (s *Service) Retry(ctx context.Context, p *auth.Principal, jobID string) (*shared.SmartSetupProgress, error) {
	return s.jobAction(ctx, p, jobID, "retry", func(tx *db.Tx, j *jobRow, now int64) error {
		ok, err := s.queue(ctx, tx, j, []shared.SmartSetupState{shared.SmartStopped}, true, now)
		if err == nil && !ok {
			err = ErrRetryOnlyStop
		}
		return err
	})
}

// Delete removes a job that is not pending or running (stop it first: 4009).
func (s *Service) Delete(ctx context.Context, p *auth.Principal, jobID string) (*shared.SmartSetupProgress, error) {
	return s.jobAction(ctx, p, jobID, "delete", func(tx *db.Tx, j *jobRow, now int64) error {
		ok, err := s.store.DeleteJob(ctx, tx, p.TenantID, j.ID)
		if err == nil && !ok {
			err = ErrStopFirst
		}
		return err
	})
}

// ForceClear is forceClearAITaskProgress: a job stuck pending or progressing
// (its process died, its provider hangs) is stopped at once; the worker still
// holding it, if any, writes nothing more. It can then be retried.
func (s *Service) ForceClear(ctx context.Context, p *auth.Principal, jobID string) (*shared.SmartSetupProgress, error) {
	return s.jobAction(ctx, p, jobID, "forceClear", func(tx *db.Tx, j *jobRow, now int64) error {
		ok, err := s.store.Halt(ctx, tx, p.TenantID, j.ID, []shared.SmartSetupState{shared.SmartPending, shared.SmartProgressing}, false, now)
		if err == nil && !ok {
			err = ErrNotStuck
		}
		return err
	})
}

// MoveFile moves a file to another group of its batch, or to a new one. Both
// groups' jobs that ran need retry; a group left empty is removed. Not while
// either group's jobs are pending or running (4009).
func (s *Service) MoveFile(ctx context.Context, p *auth.Principal, req shared.SmartSetupMoveFileRequest) (*shared.SmartSetupBatch, error) {
	f, err := s.store.File(ctx, s.DB, p.TenantID, strings.TrimSpace(req.ID))
	if err != nil {
		return nil, notFound(err)
	}
	if f.GroupID == "" {
		return nil, problem.Invalid("id", "stored", "smartSetup.fileRefused", nil)
	}
	b, err := s.store.Batch(ctx, s.DB, p.TenantID, f.BatchID)
	if err != nil {
		return nil, err
	}
	if b.FinishedAt != 0 {
		return nil, ErrFinished
	}
	name, err := problem.Text("name", req.Name, false, shared.ResidentFullNameMax)
	if err != nil {
		return nil, err
	}
	now := s.Now().UnixMilli()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		target := strings.TrimSpace(req.GroupID)
		if target != "" {
			g, err := s.store.Group(ctx, tx, p.TenantID, target)
			if err != nil || g.BatchID != f.BatchID {
				return problem.NotFound
			}
			if g.ID == f.GroupID {
				return nil
			}
		}
		for _, gid := range []string{f.GroupID, target} {
			if gid == "" {
				continue
			}
			js, err := s.store.Jobs(ctx, tx, p.TenantID, f.BatchID, gid)
			if err != nil {
				return err
			}
			for _, j := range js {
				if j.State == shared.SmartPending || j.State == shared.SmartProgressing {
					return ErrMoveWhileActive
				}
			}
		}
		if target == "" {
			groups, err := s.store.Groups(ctx, tx, p.TenantID, f.BatchID)
			if err != nil {
				return err
			}
			if len(groups) >= shared.SmartSetupGroupsMax {
				return ErrTooManyGroups.With(map[string]any{"max": shared.SmartSetupGroupsMax})
			}
			if name == "" {
				name = baseName(f.Name)
			}
			g := &groupRow{ID: newID(), BatchID: f.BatchID, Name: name, NameKey: nameKey(name), ByHand: true, CreatedAt: now}
			if err := s.store.InsertGroup(ctx, tx, p.TenantID, g); err != nil {
				return err
			}
			if err := s.insertJobs(ctx, tx, p.TenantID, f.BatchID, g.ID, now); err != nil {
				return err
			}
			target = g.ID
		} else {
			g, err := s.store.Group(ctx, tx, p.TenantID, target)
			if err != nil {
				return err
			}
			if err := s.store.RenameGroup(ctx, tx, p.TenantID, g.ID, g.Name, g.NameKey, true); err != nil {
				return err
			}
			if err := s.needRetry(ctx, tx, p.TenantID, f.BatchID, target, now); err != nil {
				return err
			}
		}
		if err := s.store.MoveFile(ctx, tx, p.TenantID, f.ID, target); err != nil {
			return err
		}
		left, err := s.store.CountGroupFiles(ctx, tx, p.TenantID, f.GroupID)
		if err != nil {
			return err
		}
		if left == 0 {
			if err := s.store.DeleteGroup(ctx, tx, p.TenantID, f.GroupID); err != nil {
				return err
			}
		} else if err := s.needRetry(ctx, tx, p.TenantID, f.BatchID, f.GroupID, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "smartSetup.moveFile",
			Entity: "smart_setup_file", EntityID: f.ID, Before: map[string]any{"groupId": f.GroupID}, After: map[string]any{"groupId": target}})
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, p, f.BatchID)
}

// nameKey is how names are matched: lower-cased, letters and digits only, in order.
func nameKey(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(strings.ToLower(name)) {
		w = strings.Trim(w, ".,;:'\"()")
		if w == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// Batch is getBatch: the batch's groups with their files and jobs, and the refused files.
func (s *Service) Batch(ctx context.Context, p *auth.Principal, batchID string) (*shared.SmartSetupBatch, error) {
	b, err := s.store.Batch(ctx, s.DB, p.TenantID, strings.TrimSpace(batchID))
	if err != nil {
		return nil, notFound(err)
	}
	groups, err := s.store.Groups(ctx, s.DB, p.TenantID, b.ID)
	if err != nil {
		return nil, err
	}
	files, err := s.store.Files(ctx, s.DB, p.TenantID, b.ID, "")
	if err != nil {
		return nil, err
	}
	js, err := s.store.Jobs(ctx, s.DB, p.TenantID, b.ID, "")
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	out := &shared.SmartSetupBatch{BatchID: b.ID, Started: b.Started, Finished: b.FinishedAt != 0, CreateTime: b.CreatedAt,
		Groups: []shared.SmartSetupGroup{}, Refused: []shared.SmartSetupFile{}}
	at := map[string]int{}
	for _, g := range groups {
		at[g.ID] = len(out.Groups)
		out.Groups = append(out.Groups, shared.SmartSetupGroup{GroupID: g.ID, Name: g.Name, ByHand: g.ByHand, ResidentID: g.ResidentID,
			ConfirmTime: g.ConfirmedAt, Files: []shared.SmartSetupFile{}, Jobs: []shared.SmartSetupJob{}})
		if g.ResidentID == "" {
			out.Unconfirmed++
		}
	}
	for _, f := range files {
		v := toSharedFile(lang, &f)
		if i, ok := at[f.GroupID]; ok {
			out.Groups[i].Files = append(out.Groups[i].Files, v)
		} else {
			out.Refused = append(out.Refused, v)
		}
	}
	for _, j := range js {
		if i, ok := at[j.GroupID]; ok {
			out.Groups[i].Jobs = append(out.Groups[i].Jobs, toSharedJob(lang, &j))
		}
	}
	return out, nil
}

// Progress is getAITaskProgress: each job's state and progress.
func (s *Service) Progress(ctx context.Context, p *auth.Principal, batchID string) (*shared.SmartSetupProgress, error) {
	b, err := s.store.Batch(ctx, s.DB, p.TenantID, strings.TrimSpace(batchID))
	if err != nil {
		return nil, notFound(err)
	}
	js, err := s.store.Jobs(ctx, s.DB, p.TenantID, b.ID, "")
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	out := &shared.SmartSetupProgress{BatchID: b.ID, Done: true, Jobs: []shared.SmartSetupJob{}}
	sum := 0
	for _, j := range js {
		out.Jobs = append(out.Jobs, toSharedJob(lang, &j))
		switch j.State {
		case shared.SmartCompleted, shared.SmartFailed:
			sum += 100
		case shared.SmartPending, shared.SmartProgressing:
			out.Done = false
			sum += j.Progress
		default:
			sum += j.Progress
		}
	}
	if len(js) > 0 {
		out.Progress = sum / len(js)
	}
	return out, nil
}

// refusal is why the file service refused a file (smart_setup_files.error_detail), shown in the reader's language.
type refusal struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args,omitempty"`
}

func toSharedFile(lang shared.Language, f *fileRow) shared.SmartSetupFile {
	v := shared.SmartSetupFile{ID: f.ID, FileID: f.FileID, Name: f.Name, ContentType: f.ContentType, Size: f.Size, GroupID: f.GroupID,
		TotalPages: f.TotalPages, OCRPages: f.OCRPages, DetectedName: f.DetectedName, UploadTime: f.CreatedAt}
	switch f.ErrorKey {
	case "":
	case "refused":
		var r refusal
		if json.Unmarshal([]byte(f.ErrorDetail), &r) == nil {
			if r.Args == nil {
				r.Args = map[string]any{}
			}
			r.Args["name"] = f.Name
			if r.Key == "file.badPaperType" { // smart setup's own says the other files go on
				r.Key = "smartSetup.file.badType"
			}
			v.ErrorMessage = msg.T(lang, r.Key, r.Args)
		}
	default:
		v.ErrorMessage = msg.T(lang, "smartSetup.file."+f.ErrorKey, map[string]any{"package": f.ErrorDetail})
	}
	return v
}

func toSharedJob(lang shared.Language, j *jobRow) shared.SmartSetupJob {
	v := shared.SmartSetupJob{JobID: j.ID, GroupID: j.GroupID, Step: j.Step, State: j.State, Progress: j.Progress, NeedsRetry: j.NeedsRetry,
		Method: shared.SmartSetupMethod(j.Method), RulesReason: shared.FacilityDocRulesReason(j.RulesReason), StartTime: j.StartedAt, FinishTime: j.FinishedAt}
	if j.ErrorKey != "" {
		v.ErrorMessage = msg.T(lang, "smartSetup.job."+j.ErrorKey, nil)
	}
	if j.State == shared.SmartCompleted || j.State == shared.SmartFailed {
		v.Progress = 100
	}
	active := j.State == shared.SmartPending || j.State == shared.SmartProgressing
	v.CanStop = active
	v.CanContinue = j.State == shared.SmartStopped && !j.NeedsRetry
	v.CanRetry = j.State == shared.SmartStopped
	v.CanDelete = !active
	return v
}

// Confirm links a group to the resident the owner moved in with the wizard
// from its draft, and files the group's papers in the resident's documents: the resident must be of the facility and moved in
// (completeCheckIn; 4009 while still moving in), not linked to another group
// of the batch (4009), and the group's steps must not need retry (4009).
func (s *Service) Confirm(ctx context.Context, p *auth.Principal, req shared.SmartSetupConfirmRequest) (*shared.SmartSetupBatch, error) {
	g, err := s.store.Group(ctx, s.DB, p.TenantID, strings.TrimSpace(req.GroupID))
	if err != nil {
		return nil, notFound(err)
	}
	residentID := strings.TrimSpace(req.ResidentID)
	st, err := s.store.ResidentStatus(ctx, s.DB, p.TenantID, residentID)
	if err != nil {
		return nil, notFound(err)
	}
	if residency.Hidden(st) {
		return nil, ErrNotMovedIn
	}
	js, err := s.store.Jobs(ctx, s.DB, p.TenantID, g.BatchID, g.ID)
	if err != nil {
		return nil, err
	}
	for _, j := range js {
		if j.NeedsRetry {
			return nil, ErrNeedsRetry
		}
	}
	now := s.Now().UnixMilli()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		other, err := s.store.GroupOfResident(ctx, tx, p.TenantID, g.BatchID, residentID)
		if err != nil {
			return err
		}
		if other != "" && other != g.ID {
			return ErrOtherGroup
		}
		if err := s.store.ConfirmGroup(ctx, tx, p.TenantID, g.ID, residentID, now); err != nil {
			return err
		}
		files, err := s.store.Files(ctx, tx, p.TenantID, g.BatchID, g.ID)
		if err != nil {
			return err
		}
		var ids []string
		for _, f := range files {
			if f.FileID != "" {
				ids = append(ids, f.FileID)
			}
		}
		// The papers the draft was read from go with the resident, in its documents.
		if err := s.Docs.FileDocuments(ctx, tx, p, residentID, ids); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "smartSetup.confirm",
			Entity: "smart_setup_group", EntityID: g.ID, Before: map[string]any{"residentId": g.ResidentID}, After: map[string]any{"residentId": residentID}})
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, p, g.BatchID)
}

// Finish closes a batch once every group with a stored file has its resident
// confirmed (4009 "residents not all confirmed", spec 001 §8, with the count).
func (s *Service) Finish(ctx context.Context, p *auth.Principal, batchID string) (*shared.SmartSetupBatch, error) {
	b, err := s.Batch(ctx, p, batchID)
	if err != nil {
		return nil, err
	}
	left := 0
	for _, g := range b.Groups {
		if g.ResidentID == "" && len(g.Files) > 0 {
			left++
		}
	}
	if left > 0 {
		return nil, ErrNotAllConfirmed.With(map[string]any{"count": left})
	}
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.FinishBatch(ctx, tx, p.TenantID, b.BatchID, s.Now().UnixMilli()); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "smartSetup.finish",
			Entity: "smart_setup_batch", EntityID: b.BatchID})
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, p, b.BatchID)
}
