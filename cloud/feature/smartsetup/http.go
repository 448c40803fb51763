package smartsetup

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// uploadForm is the multipart body of /smartSetup/upload.
type uploadForm struct {
	Files   []huma.FormFile `form:"files" required:"false" doc:"PDF, photos of paper (JPEG, PNG, HEIC) or Word documents (DOCX), decided by content, at most 50; each is stored or refused by itself"`
	BatchID string          `form:"batchId" required:"false" maxLength:"64" doc:"Add to this batch; empty starts a new one"`
	GroupID string          `form:"groupId" required:"false" maxLength:"64" doc:"Add to this resident group of the batch (a file uploaded again: its jobs then need retry); empty: each file in a new group"`
}

type uploadInput struct {
	RawBody huma.MultipartFormFiles[uploadForm]
}

// Routes mounts smart setup (spec 000 §2 batch setup; spec 001 §7.6
// getAITaskProgress, forceClearAITaskProgress) under the care service: owners
// and admins, plan function ResidentManagement (the move-in wizard's), the
// facility the token's.
func Routes(api *web.API, s *Service, uploadLimit int64) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary,
			Access: web.SignedIn, Roles: shared.FacilityManagers, Function: shared.FnResidentManagement}
	}
	up := op(http.MethodPost, "/smartSetup/upload", "Upload residents' papers for smart setup (multipart files, batchId, groupId): each file stored or refused with its message")
	up.MaxBodyBytes = uploadLimit
	web.Handle(api, up, func(ctx context.Context, in *uploadInput) (*shared.SmartSetupBatch, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.Files...)
		return s.Upload(ctx, auth.From(ctx), form.BatchID, form.GroupID, upload.FromForm(form.Files))
	})
	web.Handle(api, op(http.MethodGet, "/smartSetup/getBatch", "A smart-setup batch: its resident groups with their files and jobs, and the files refused"),
		func(ctx context.Context, in *shared.SmartSetupBatchQuery) (*shared.SmartSetupBatch, error) {
			return s.Batch(ctx, auth.From(ctx), in.BatchID)
		})
	web.Handle(api, op(http.MethodPost, "/smartSetup/moveFile", "Move a file of a batch to another resident group, or to a new one (the groups' jobs that ran then need retry)"),
		func(ctx context.Context, in *web.Body[shared.SmartSetupMoveFileRequest]) (*shared.SmartSetupBatch, error) {
			return s.MoveFile(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/smartSetup/start", "Start a batch: every group's draft jobs are queued (text first, then the steps that map it)"),
		func(ctx context.Context, in *web.Body[shared.SmartSetupBatchRequest]) (*shared.SmartSetupProgress, error) {
			return s.Start(ctx, auth.From(ctx), in.Body.BatchID)
		})
	web.Handle(api, op(http.MethodPost, "/smartSetup/confirm", "Link a resident group to the resident moved in from its draft with the move-in wizard (after completeCheckIn)"),
		func(ctx context.Context, in *web.Body[shared.SmartSetupConfirmRequest]) (*shared.SmartSetupBatch, error) {
			return s.Confirm(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/smartSetup/finish", "Close a batch once every resident is confirmed (4009 residents not all confirmed)"),
		func(ctx context.Context, in *web.Body[shared.SmartSetupBatchRequest]) (*shared.SmartSetupBatch, error) {
			return s.Finish(ctx, auth.From(ctx), in.Body.BatchID)
		})
	job := func(path, summary string, fn func(context.Context, *auth.Principal, string) (*shared.SmartSetupProgress, error)) {
		web.Handle(api, op(http.MethodPost, path, summary), func(ctx context.Context, in *web.Body[shared.SmartSetupJobRequest]) (*shared.SmartSetupProgress, error) {
			return fn(ctx, auth.From(ctx), in.Body.JobID)
		})
	}
	job("/smartSetup/stopJob", "Stop a pending or progressing job", s.Stop)
	job("/smartSetup/continueJob", "Continue a stopped job, keeping what it did (not when it needs retry)", s.Continue)
	job("/smartSetup/retryJob", "Run a stopped job again from the start (only stopped jobs)", s.Retry)
	job("/smartSetup/deleteJob", "Delete a job that is not pending or progressing", s.Delete)
	web.Handle(api, op(http.MethodGet, "/smartSetup/getDraft", "What a resident group's steps read, each value with its page, quote and confidence, for the move-in wizard"),
		func(ctx context.Context, in *shared.SmartSetupGroupQuery) (*shared.SmartSetupDraft, error) {
			return s.Draft(ctx, auth.From(ctx), in.GroupID)
		})
	web.Handle(api, op(http.MethodGet, "/resident/getAITaskProgress", "Smart setup: every job of a batch with its state and progress"),
		func(ctx context.Context, in *shared.SmartSetupBatchQuery) (*shared.SmartSetupProgress, error) {
			return s.Progress(ctx, auth.From(ctx), in.BatchID)
		})
	web.Handle(api, op(http.MethodGet, "/resident/forceClearAITaskProgress", "Smart setup: clear a stuck job (pending or progressing becomes stopped; it can then be retried)"),
		func(ctx context.Context, in *shared.SmartSetupJobQuery) (*shared.SmartSetupProgress, error) {
			return s.ForceClear(ctx, auth.From(ctx), in.JobID)
		})
}

// BodyLimit is the upload call's body limit: SmartSetupFilesMax files of the deployment's largest size.
func BodyLimit(l upload.Limits) int64 {
	const ceiling = 4 << 30
	if l.MaxFileBytes <= 0 {
		return ceiling
	}
	return min(ceiling, l.MaxFileBytes*shared.SmartSetupFilesMax+1<<20)
}
