package smartsetup

import (
	"context"
	"database/sql"
	"errors"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/residency"
	"hearth/shared"
)

// store holds the feature's SQL; every method takes the tenant.
type store struct{}

// flag is a boolean as the INTEGER column both engines keep it in.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

type batchRow struct {
	ID, TenantID, CreatedBy string
	Started, Grouped        bool
	CreatedAt, FinishedAt   int64
}

type groupRow struct {
	ID, BatchID, Name, NameKey, ResidentID string
	ByHand                                 bool
	CreatedAt, ConfirmedAt                 int64
}

type fileRow struct {
	ID, BatchID, GroupID, FileID, Name, ContentType string
	Size                                            int64
	ErrorKey, ErrorDetail, Pages, DetectedName      string
	TotalPages, OCRPages                            int
	CreatedAt                                       int64
}

type jobRow struct {
	ID, TenantID, BatchID, GroupID string
	Step                           shared.SmartSetupStep
	State                          shared.SmartSetupState
	Progress, Run                  int
	NeedsRetry                     bool
	Method, RulesReason, ErrorKey  string
	Result                         string
	StartedAt, FinishedAt          int64
	CreatedAt                      int64
}

func (store) InsertBatch(ctx context.Context, q db.Querier, b *batchRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO smart_setup_batches (id, tenant_id, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		b.ID, b.TenantID, b.CreatedBy, b.CreatedAt, b.CreatedAt)
	return db.Wrap("smartsetup: insert batch", err)
}

func (store) Batch(ctx context.Context, q db.Querier, tenantID, id string) (*batchRow, error) {
	var b batchRow
	var started, grouped int
	err := q.QueryRowContext(ctx, `SELECT id, tenant_id, created_by, started, grouped, created_at, finished_at FROM smart_setup_batches
		WHERE tenant_id = ? AND id = ?`, tenantID, id).Scan(&b.ID, &b.TenantID, &b.CreatedBy, &started, &grouped, &b.CreatedAt, &b.FinishedAt)
	if err != nil {
		return nil, db.NotFound("smartsetup: batch", err)
	}
	b.Started, b.Grouped = started == 1, grouped == 1
	return &b, nil
}

// SetBatch records that the batch was started and whether its groups are settled.
func (store) SetBatch(ctx context.Context, q db.Querier, tenantID, id string, started, grouped bool, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_batches SET started = ?, grouped = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
		flag(started), flag(grouped), now, tenantID, id)
	return db.Wrap("smartsetup: set batch", err)
}

// ClaimGrouping marks the batch grouped; false when another job did it first.
func (store) ClaimGrouping(ctx context.Context, q db.Querier, tenantID, id string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE smart_setup_batches SET grouped = 1, updated_at = ? WHERE tenant_id = ? AND id = ? AND grouped = 0`,
		now, tenantID, id))
	return ok, db.Wrap("smartsetup: claim grouping", err)
}

const groupColumns = `id, batch_id, name, name_key, by_hand, created_at, resident_id, confirmed_at`

// ConfirmGroup links a group to the resident moved in from its draft.
func (store) ConfirmGroup(ctx context.Context, q db.Querier, tenantID, id, residentID string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_groups SET resident_id = ?, confirmed_at = ? WHERE tenant_id = ? AND id = ?`,
		residentID, now, tenantID, id)
	return db.Wrap("smartsetup: confirm group", err)
}

// GroupOfResident is the batch's group already linked to the resident ("" when none).
func (store) GroupOfResident(ctx context.Context, q db.Querier, tenantID, batchID, residentID string) (string, error) {
	var id string
	err := q.QueryRowContext(ctx, `SELECT id FROM smart_setup_groups WHERE tenant_id = ? AND batch_id = ? AND resident_id = ?`,
		tenantID, batchID, residentID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, db.Wrap("smartsetup: group of resident", err)
}

// ResidentStatus is a resident's status by the one lookup rule (cloud/platform/residency).
func (store) ResidentStatus(ctx context.Context, q db.Querier, tenantID, residentID string) (shared.ResidentStatus, error) {
	var st shared.ResidentStatus
	err := q.QueryRowContext(ctx, `SELECT r.status FROM residents r WHERE r.tenant_id = ? AND r.id = ? AND `+residency.Found,
		tenantID, residentID).Scan(&st)
	if err != nil {
		return "", db.NotFound("smartsetup: resident", err)
	}
	return st, nil
}

// FinishBatch marks the batch finished.
func (store) FinishBatch(ctx context.Context, q db.Querier, tenantID, id string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_batches SET finished_at = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND finished_at = 0`,
		now, now, tenantID, id)
	return db.Wrap("smartsetup: finish batch", err)
}

func (store) InsertGroup(ctx context.Context, q db.Querier, tenantID string, g *groupRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO smart_setup_groups (id, tenant_id, batch_id, name, name_key, by_hand, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		g.ID, tenantID, g.BatchID, g.Name, g.NameKey, flag(g.ByHand), g.CreatedAt)
	return db.Wrap("smartsetup: insert group", err)
}

func (store) Groups(ctx context.Context, q db.Querier, tenantID, batchID string) ([]groupRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+groupColumns+` FROM smart_setup_groups
		WHERE tenant_id = ? AND batch_id = ? ORDER BY created_at, id`, tenantID, batchID)
	if err != nil {
		return nil, db.Wrap("smartsetup: groups", err)
	}
	defer rows.Close()
	var out []groupRow
	for rows.Next() {
		var g groupRow
		var byHand int
		if err := rows.Scan(&g.ID, &g.BatchID, &g.Name, &g.NameKey, &byHand, &g.CreatedAt, &g.ResidentID, &g.ConfirmedAt); err != nil {
			return nil, db.Wrap("smartsetup: groups", err)
		}
		g.ByHand = byHand == 1
		out = append(out, g)
	}
	return out, db.Wrap("smartsetup: groups", rows.Err())
}

func (store) Group(ctx context.Context, q db.Querier, tenantID, id string) (*groupRow, error) {
	var g groupRow
	var byHand int
	err := q.QueryRowContext(ctx, `SELECT `+groupColumns+` FROM smart_setup_groups WHERE tenant_id = ? AND id = ?`,
		tenantID, id).Scan(&g.ID, &g.BatchID, &g.Name, &g.NameKey, &byHand, &g.CreatedAt, &g.ResidentID, &g.ConfirmedAt)
	if err != nil {
		return nil, db.NotFound("smartsetup: group", err)
	}
	g.ByHand = byHand == 1
	return &g, nil
}

func (store) RenameGroup(ctx context.Context, q db.Querier, tenantID, id, name, key string, byHand bool) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_groups SET name = ?, name_key = ?, by_hand = ? WHERE tenant_id = ? AND id = ?`,
		name, key, flag(byHand), tenantID, id)
	return db.Wrap("smartsetup: rename group", err)
}

// DeleteGroup removes a group (merged into another, or left empty) and its jobs.
func (store) DeleteGroup(ctx context.Context, q db.Querier, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM smart_setup_jobs WHERE tenant_id = ? AND group_id = ?`, tenantID, id); err != nil {
		return db.Wrap("smartsetup: delete group jobs", err)
	}
	_, err := q.ExecContext(ctx, `DELETE FROM smart_setup_groups WHERE tenant_id = ? AND id = ?`, tenantID, id)
	return db.Wrap("smartsetup: delete group", err)
}

const fileColumns = `id, batch_id, group_id, file_id, name, content_type, size, error_key, error_detail, pages, total_pages, ocr_pages, detected_name, created_at`

func scanFile(sc interface{ Scan(...any) error }) (*fileRow, error) {
	var f fileRow
	err := sc.Scan(&f.ID, &f.BatchID, &f.GroupID, &f.FileID, &f.Name, &f.ContentType, &f.Size, &f.ErrorKey, &f.ErrorDetail, &f.Pages,
		&f.TotalPages, &f.OCRPages, &f.DetectedName, &f.CreatedAt)
	return &f, err //nolint:wrapcheck // wrapped by the callers, which name their query
}

func (store) InsertFile(ctx context.Context, q db.Querier, tenantID string, f *fileRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO smart_setup_files (id, tenant_id, batch_id, group_id, file_id, name, content_type, size,
		error_key, error_detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, tenantID, f.BatchID, f.GroupID, f.FileID, f.Name, f.ContentType, f.Size, f.ErrorKey, f.ErrorDetail, f.CreatedAt)
	return db.Wrap("smartsetup: insert file", err)
}

// Files are the batch's files (groupID non-empty: that group's only).
func (store) Files(ctx context.Context, q db.Querier, tenantID, batchID, groupID string) ([]fileRow, error) {
	query, args := `SELECT `+fileColumns+` FROM smart_setup_files WHERE tenant_id = ? AND batch_id = ?`, []any{tenantID, batchID}
	if groupID != "" {
		query, args = query+` AND group_id = ?`, append(args, groupID)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY created_at, id`, args...)
	if err != nil {
		return nil, db.Wrap("smartsetup: files", err)
	}
	defer rows.Close()
	var out []fileRow
	for rows.Next() {
		f, err := scanFile(rows)
		if err != nil {
			return nil, db.Wrap("smartsetup: files", err)
		}
		out = append(out, *f)
	}
	return out, db.Wrap("smartsetup: files", rows.Err())
}

func (store) File(ctx context.Context, q db.Querier, tenantID, id string) (*fileRow, error) {
	f, err := scanFile(q.QueryRowContext(ctx, `SELECT `+fileColumns+` FROM smart_setup_files WHERE tenant_id = ? AND id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("smartsetup: file", err)
	}
	return f, nil
}

// SetFileText records what the TEXT step read of a file (or why it could not).
func (store) SetFileText(ctx context.Context, q db.Querier, tenantID string, f *fileRow) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_files SET pages = ?, total_pages = ?, ocr_pages = ?, detected_name = ?, error_key = ?, error_detail = ?
		WHERE tenant_id = ? AND id = ?`, f.Pages, f.TotalPages, f.OCRPages, f.DetectedName, f.ErrorKey, f.ErrorDetail, tenantID, f.ID)
	return db.Wrap("smartsetup: file text", err)
}

// ClearGroupText forgets what was read of a group's files (TEXT retried).
func (store) ClearGroupText(ctx context.Context, q db.Querier, tenantID, groupID string) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_files SET pages = '', total_pages = 0, ocr_pages = 0, detected_name = '', error_key = '', error_detail = ''
		WHERE tenant_id = ? AND group_id = ? AND file_id <> ''`, tenantID, groupID)
	return db.Wrap("smartsetup: clear text", err)
}

func (store) MoveFiles(ctx context.Context, q db.Querier, tenantID, fromGroup, toGroup string) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_files SET group_id = ? WHERE tenant_id = ? AND group_id = ?`, toGroup, tenantID, fromGroup)
	return db.Wrap("smartsetup: move files", err)
}

func (store) MoveFile(ctx context.Context, q db.Querier, tenantID, id, toGroup string) error {
	_, err := q.ExecContext(ctx, `UPDATE smart_setup_files SET group_id = ? WHERE tenant_id = ? AND id = ?`, toGroup, tenantID, id)
	return db.Wrap("smartsetup: move file", err)
}

func (store) CountGroupFiles(ctx context.Context, q db.Querier, tenantID, groupID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM smart_setup_files WHERE tenant_id = ? AND group_id = ?`, tenantID, groupID).Scan(&n)
	return n, db.Wrap("smartsetup: count files", err)
}

const jobColumns = `id, tenant_id, batch_id, group_id, step, state, progress, run, needs_retry, method, rules_reason, error_key, result,
	started_at, finished_at, created_at`

func scanJob(sc interface{ Scan(...any) error }) (*jobRow, error) {
	var j jobRow
	var retry int
	err := sc.Scan(&j.ID, &j.TenantID, &j.BatchID, &j.GroupID, &j.Step, &j.State, &j.Progress, &j.Run, &retry, &j.Method,
		&j.RulesReason, &j.ErrorKey, &j.Result, &j.StartedAt, &j.FinishedAt, &j.CreatedAt)
	j.NeedsRetry = retry == 1
	return &j, err //nolint:wrapcheck // wrapped by the callers, which name their query
}

func (store) InsertJob(ctx context.Context, q db.Querier, j *jobRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO smart_setup_jobs (id, tenant_id, batch_id, group_id, step, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, j.ID, j.TenantID, j.BatchID, j.GroupID, j.Step, j.State, j.CreatedAt, j.CreatedAt)
	return db.Wrap("smartsetup: insert job", err)
}

func (store) Job(ctx context.Context, q db.Querier, tenantID, id string) (*jobRow, error) {
	j, err := scanJob(q.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM smart_setup_jobs WHERE tenant_id = ? AND id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("smartsetup: job", err)
	}
	return j, nil
}

// Jobs are the batch's jobs (groupID non-empty: that group's), by group and step.
func (store) Jobs(ctx context.Context, q db.Querier, tenantID, batchID, groupID string) ([]jobRow, error) {
	query, args := `SELECT `+jobColumns+` FROM smart_setup_jobs WHERE tenant_id = ? AND batch_id = ?`, []any{tenantID, batchID}
	if groupID != "" {
		query, args = query+` AND group_id = ?`, append(args, groupID)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY group_id, created_at, id`, args...)
	if err != nil {
		return nil, db.Wrap("smartsetup: jobs", err)
	}
	defer rows.Close()
	var out []jobRow
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, db.Wrap("smartsetup: jobs", err)
		}
		out = append(out, *j)
	}
	return out, db.Wrap("smartsetup: jobs", rows.Err())
}

// Queue makes a job PENDING with a new run number, from one of the states
// given; false when it was in none of them. needs_retry, progress and the
// error are cleared; clear also forgets the result.
func (store) Queue(ctx context.Context, q db.Querier, tenantID, id string, from []shared.SmartSetupState, clear bool, now int64) (int, bool, error) {
	in, args := db.In(from)
	set := ``
	if clear {
		set = `, result = '', method = '', rules_reason = ''`
	}
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE smart_setup_jobs SET state = 'PENDING', run = run + 1, progress = 0, needs_retry = 0,
		error_key = '', started_at = 0, finished_at = 0, updated_at = ?`+set+` WHERE tenant_id = ? AND id = ? AND state IN (`+in+`)`,
		append([]any{now, tenantID, id}, args...)...))
	if err != nil || !ok {
		return 0, ok, db.Wrap("smartsetup: queue job", err)
	}
	var run int
	err = q.QueryRowContext(ctx, `SELECT run FROM smart_setup_jobs WHERE tenant_id = ? AND id = ?`, tenantID, id).Scan(&run)
	return run, true, db.Wrap("smartsetup: queue job", err)
}

// Halt stops a job that is in one of the states given (a new run number, so a
// worker still holding the old one writes nothing more); needsRetry marks it.
func (store) Halt(ctx context.Context, q db.Querier, tenantID, id string, from []shared.SmartSetupState, needsRetry bool, now int64) (bool, error) {
	in, args := db.In(from)
	set := ``
	if needsRetry {
		set = `, needs_retry = 1`
	}
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE smart_setup_jobs SET state = 'STOPPED', run = run + 1, updated_at = ?`+set+`
		WHERE tenant_id = ? AND id = ? AND state IN (`+in+`)`, append([]any{now, tenantID, id}, args...)...))
	return ok, db.Wrap("smartsetup: stop job", err)
}

// DeleteJob removes a job that is not pending or running.
func (store) DeleteJob(ctx context.Context, q db.Querier, tenantID, id string) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `DELETE FROM smart_setup_jobs WHERE tenant_id = ? AND id = ? AND state NOT IN ('PENDING', 'PROGRESSING')`,
		tenantID, id))
	return ok, db.Wrap("smartsetup: delete job", err)
}

// Begin marks a job of run PROGRESSING; false when it was stopped, cleared or is over.
func (store) Begin(ctx context.Context, q db.Querier, tenantID, id string, run int, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE smart_setup_jobs SET state = 'PROGRESSING', progress = 0, started_at = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND run = ? AND state IN ('PENDING', 'PROGRESSING')`, now, now, tenantID, id, run))
	return ok, db.Wrap("smartsetup: begin job", err)
}

// Progress records a running job's progress; false when it is no longer this run's.
func (store) Progress(ctx context.Context, q db.Querier, tenantID, id string, run, pct int, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE smart_setup_jobs SET progress = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND run = ? AND state = 'PROGRESSING'`, pct, now, tenantID, id, run))
	return ok, db.Wrap("smartsetup: job progress", err)
}

// Finish ends a running job of run (COMPLETED or FAILED); false when it was stopped meanwhile.
func (store) Finish(ctx context.Context, q db.Querier, j *jobRow, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE smart_setup_jobs SET state = ?, progress = ?, method = ?, rules_reason = ?, error_key = ?,
		result = ?, finished_at = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND run = ? AND state = 'PROGRESSING'`,
		j.State, j.Progress, j.Method, j.RulesReason, j.ErrorKey, j.Result, now, now, j.TenantID, j.ID, j.Run))
	return ok, db.Wrap("smartsetup: finish job", err)
}

// TextRunning counts the batch's TEXT jobs still pending or running.
func (store) TextRunning(ctx context.Context, q db.Querier, tenantID, batchID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM smart_setup_jobs WHERE tenant_id = ? AND batch_id = ? AND step = 'TEXT'
		AND state IN ('PENDING', 'PROGRESSING')`, tenantID, batchID).Scan(&n)
	return n, db.Wrap("smartsetup: text running", err)
}
