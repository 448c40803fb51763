package smartsetup

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/riverqueue/river"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/doctext"
	"hearth/shared"
)

// StepArgs is the queue's job of one smart-setup job at one run.
type StepArgs struct {
	TenantID string `json:"tenantId"`
	JobID    string `json:"jobId"`
	Run      int    `json:"run"`
}

// Kind names the job (stored in river_job: never rename it).
func (StepArgs) Kind() string { return "smart_setup_step" }

// GroupArgs is the queue's job that groups a batch's files by resident once its text is read.
type GroupArgs struct {
	TenantID string `json:"tenantId"`
	BatchID  string `json:"batchId"`
}

// Kind names the job.
func (GroupArgs) Kind() string { return "smart_setup_group" }

// stepAttempts: a provider or database hiccup is tried again, then the job fails.
const stepAttempts = 3

// stepTimeout bounds one attempt (OCR of the group's pages and the AI call);
// under jobs.RescueAfter, so a slow job is never run twice.
const stepTimeout = 12 * time.Minute

type stepWorker struct {
	river.WorkerDefaults[StepArgs]
	s *Service
}

func (w *stepWorker) Timeout(*river.Job[StepArgs]) time.Duration { return stepTimeout }

func (w *stepWorker) Work(ctx context.Context, j *river.Job[StepArgs]) error {
	return w.s.runStep(ctx, j.Args, j.Attempt >= stepAttempts)
}

type groupWorker struct {
	river.WorkerDefaults[GroupArgs]
	s *Service
}

func (w *groupWorker) Work(ctx context.Context, j *river.Job[GroupArgs]) error {
	return w.s.group(ctx, j.Args)
}

// Reasons a job or a file failed (error_key; messages smartSetup.job.<key>, smartSetup.file.<key>).
const (
	failNoText      = "noText"
	failOther       = "failed"
	fileToolMissing = "toolMissing"
	fileUnreadable  = "unreadable"
	fileUnsupported = "unsupported"
	fileTimeout     = "timeout"
	fileNoText      = "noText"
)

// runStep works one job at one run: nothing when it was stopped, cleared or
// queued again meanwhile (another run), so a job runs once whatever the replicas.
func (s *Service) runStep(ctx context.Context, args StepArgs, last bool) error {
	j, err := s.store.Job(ctx, s.DB, args.TenantID, args.JobID)
	if errors.Is(err, db.ErrNotFound) {
		return nil // deleted
	}
	if err != nil {
		return err
	}
	if j.Run != args.Run {
		return nil
	}
	ok, err := s.store.Begin(ctx, s.DB, j.TenantID, j.ID, j.Run, s.Now().UnixMilli())
	if err != nil || !ok {
		return err
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	halted := false
	progress := func(pct int) {
		ok, err := s.store.Progress(ctx, s.DB, j.TenantID, j.ID, j.Run, min(99, max(1, pct)), s.Now().UnixMilli())
		if err == nil && !ok {
			halted = true
			stop()
		}
	}
	done := &jobRow{ID: j.ID, TenantID: j.TenantID, Run: j.Run, State: shared.SmartCompleted, Progress: 100}
	if j.Step == shared.SmartStepText {
		err = s.readGroup(ctx, j, progress, done)
	} else {
		err = s.mapStep(ctx, j, progress, done, last)
	}
	if halted {
		return nil
	}
	if err != nil {
		if !last {
			return err
		}
		s.Log.Error("smart setup job failed", "job", j.ID, "step", j.Step, "err", err)
		done.State, done.ErrorKey, done.Result = shared.SmartFailed, failOther, ""
	}
	return s.DB.InTx(context.WithoutCancel(ctx), func(tx *db.Tx) error {
		ok, err := s.store.Finish(ctx, tx, done, s.Now().UnixMilli())
		if err != nil || !ok || j.Step != shared.SmartStepText {
			return err
		}
		// The last TEXT job of the batch to finish leaves a group job that sees every other's end.
		return s.Queue.Enqueue(ctx, tx, GroupArgs{TenantID: j.TenantID, BatchID: j.BatchID}, &river.InsertOpts{MaxAttempts: stepAttempts})
	})
}

// maxDocumentBytes bounds what is read of one stored file.
const maxDocumentBytes = 64 << 20

// readGroup is the TEXT step: each file of the group not yet read is read by
// itself; a file that cannot be read (an encrypted PDF, a broken image) gets
// its own message and the others go on. The step fails when no file has text.
func (s *Service) readGroup(ctx context.Context, j *jobRow, progress func(int), done *jobRow) error {
	files, err := s.store.Files(ctx, s.DB, j.TenantID, j.BatchID, j.GroupID)
	if err != nil {
		return err
	}
	withText := 0
	for i, f := range files {
		if f.FileID == "" {
			continue
		}
		if f.Pages != "" {
			withText++
			continue // read in an earlier run (continue keeps it)
		}
		base, span := 100*i/len(files), 100/len(files)
		res, err := s.readFile(ctx, j.TenantID, f.FileID, func(d, t int) { progress(base + span*d/max(t, 1)) })
		if ctx.Err() != nil {
			return ctx.Err() //nolint:wrapcheck // the job's own end
		}
		var missing *doctext.MissingToolError
		switch {
		case err == nil:
		case errors.As(err, &missing):
			f.ErrorKey, f.ErrorDetail = fileToolMissing, missing.Package
		case errors.Is(err, doctext.ErrUnreadable):
			f.ErrorKey = fileUnreadable
		case errors.Is(err, doctext.ErrUnsupported):
			f.ErrorKey = fileUnsupported
		case errors.Is(err, doctext.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
			f.ErrorKey = fileTimeout
		default:
			return err
		}
		if res != nil {
			pages := make([]filePage, 0, len(res.Pages))
			for _, pg := range res.Pages {
				text := pg.Text
				if r := []rune(text); len(r) > shared.SmartSetupPageTextMax {
					text = string(r[:shared.SmartSetupPageTextMax])
				}
				pages = append(pages, filePage{Number: pg.Number, Text: text, OCR: pg.OCR})
				if pg.OCR {
					f.OCRPages++
				}
			}
			if !hasText(pages) {
				f.ErrorKey = fileNoText
			}
			body, err := json.Marshal(pages)
			if err != nil {
				return fmt.Errorf("smartsetup: pages: %w", err)
			}
			f.Pages, f.TotalPages, f.DetectedName = string(body), res.TotalPages, findName(pages)
		}
		if f.ErrorKey == "" {
			withText++
		}
		if err := s.store.SetFileText(ctx, s.DB, j.TenantID, &f); err != nil {
			return err
		}
	}
	if withText == 0 {
		done.State, done.ErrorKey = shared.SmartFailed, failNoText
	}
	return nil
}

// filePage is one page of a file as stored (smart_setup_files.pages).
type filePage struct {
	Number int    `json:"n"`
	Text   string `json:"t"`
	OCR    bool   `json:"o,omitempty"`
}

func hasText(pages []filePage) bool {
	for _, p := range pages {
		if len([]rune(p.Text)) >= 3 {
			return true
		}
	}
	return false
}

func (s *Service) readFile(ctx context.Context, tenantID, fileID string, progress func(done, total int)) (*doctext.Result, error) {
	item, rc, _, err := s.Files.OpenAuthorised(ctx, tenantID, fileID, 0, 0)
	if err != nil {
		return nil, err //nolint:wrapcheck // the file service names its failure
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, maxDocumentBytes))
	if err != nil {
		return nil, fmt.Errorf("smartsetup: read file: %w", err)
	}
	return doctext.Extract(ctx, data, item.ContentType, s.Text, progress) //nolint:wrapcheck // doctext's errors are sorted by the caller
}

// group settles a batch's groups once none of its TEXT jobs is pending or
// running: groups not yet mapped, not put together by hand, whose files name
// the same resident become one (the oldest keeps them); then every group's
// mapping steps that are drafts, or stopped needing retry, are queued.
func (s *Service) group(ctx context.Context, args GroupArgs) error {
	now := s.Now().UnixMilli()
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		// The claim first, then the count, in one transaction: a TEXT job queued again
		// meanwhile writes the batch row too, so it is either seen here (and the claim
		// rolled back) or reopens the grouping after it.
		ok, err := s.store.ClaimGrouping(ctx, tx, args.TenantID, args.BatchID, now)
		if err != nil || !ok {
			return err
		}
		if n, err := s.store.TextRunning(ctx, tx, args.TenantID, args.BatchID); err != nil || n > 0 {
			return cmp.Or(err, errTextRunning) // the last TEXT job to end leaves another group job
		}
		groups, err := s.store.Groups(ctx, tx, args.TenantID, args.BatchID)
		if err != nil {
			return err
		}
		files, err := s.store.Files(ctx, tx, args.TenantID, args.BatchID, "")
		if err != nil {
			return err
		}
		js, err := s.store.Jobs(ctx, tx, args.TenantID, args.BatchID, "")
		if err != nil {
			return err
		}
		jobsOf := map[string][]jobRow{}
		for _, j := range js {
			jobsOf[j.GroupID] = append(jobsOf[j.GroupID], j)
		}
		nameOf := map[string]string{}
		for _, f := range files {
			if f.DetectedName != "" && nameOf[f.GroupID] == "" {
				nameOf[f.GroupID] = f.DetectedName
			}
		}
		fresh := func(g groupRow) bool { // its mapping steps never ran
			for _, j := range jobsOf[g.ID] {
				if j.Step != shared.SmartStepText && j.State != shared.SmartDraft {
					return false
				}
			}
			return !g.ByHand
		}
		keep := map[string]string{} // name key → the group that keeps that resident's files
		var live []groupRow
		for _, g := range groups {
			name := nameOf[g.ID]
			key := nameKey(name)
			if name != "" && !g.ByHand && g.NameKey != key {
				g.Name, g.NameKey = name, key
				if err := s.store.RenameGroup(ctx, tx, args.TenantID, g.ID, g.Name, g.NameKey, false); err != nil {
					return err
				}
			}
			if key != "" && fresh(g) {
				if into, ok := keep[key]; ok {
					if err := s.store.MoveFiles(ctx, tx, args.TenantID, g.ID, into); err != nil {
						return err
					}
					if err := s.store.DeleteGroup(ctx, tx, args.TenantID, g.ID); err != nil {
						return err
					}
					continue
				}
				keep[key] = g.ID
			}
			live = append(live, g)
		}
		again := []shared.SmartSetupState{shared.SmartDraft}
		for _, g := range live {
			text := false
			for _, j := range jobsOf[g.ID] {
				text = text || j.Step == shared.SmartStepText && j.State == shared.SmartCompleted
			}
			if !text {
				continue
			}
			for _, j := range jobsOf[g.ID] {
				if j.Step == shared.SmartStepText || !(j.State == shared.SmartDraft || j.State == shared.SmartStopped && j.NeedsRetry) {
					continue
				}
				from := again
				if j.State == shared.SmartStopped {
					from = []shared.SmartSetupState{shared.SmartStopped}
				}
				if _, err := s.queue(ctx, tx, &j, from, true, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if errors.Is(err, errTextRunning) {
		return nil
	}
	return err
}

// errTextRunning rolls a grouping back while a TEXT job of the batch is still pending or running.
var errTextRunning = errors.New("smartsetup: text still being read")

// groupPages are a group's pages, numbered across its files in upload order.
func (s *Service) groupPages(ctx context.Context, q db.Querier, tenantID, batchID, groupID string) ([]shared.SmartSetupPage, error) {
	files, err := s.store.Files(ctx, q, tenantID, batchID, groupID)
	if err != nil {
		return nil, err
	}
	out := []shared.SmartSetupPage{}
	for _, f := range files {
		if f.Pages == "" {
			continue
		}
		var pages []filePage
		if err := json.Unmarshal([]byte(f.Pages), &pages); err != nil {
			return nil, fmt.Errorf("smartsetup: pages of %s: %w", f.ID, err)
		}
		for _, p := range pages {
			out = append(out, shared.SmartSetupPage{Page: len(out) + 1, FileID: f.ID, FilePage: p.Number, OCR: p.OCR, Text: p.Text})
		}
	}
	return out, nil
}

// principal is who made the batch, as the AI service's caller (the home's plan and limits).
func (s *Service) principal(ctx context.Context, tenantID, batchID string) (*auth.Principal, error) {
	b, err := s.store.Batch(ctx, s.DB, tenantID, batchID)
	if err != nil {
		return nil, err
	}
	var plan string
	if err := s.DB.QueryRowContext(ctx, `SELECT COALESCE(subscription_plan, '') FROM tenants WHERE id = ?`, tenantID).Scan(&plan); err != nil {
		return nil, db.Wrap("smartsetup: plan", err)
	}
	return &auth.Principal{UserID: b.CreatedBy, TenantID: tenantID, Plan: shared.Plan(plan)}, nil
}
