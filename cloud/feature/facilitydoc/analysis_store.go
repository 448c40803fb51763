package facilitydoc

import (
	"context"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// checkItem is one row of facility_doc_check_items (migrations 00065, 00066);
// Label is the English wording (what the AI provider is asked about).
type checkItem struct {
	Code, RequirementCode, Label, Source string
	LabelES, LabelZH                     string
	Sort                                 int
	Keywords                             []string
}

func (it *checkItem) labels() shared.FacilityDocLabels {
	return shared.FacilityDocLabels{EnUS: it.Label, EsES: it.LabelES, ZhCN: it.LabelZH}
}

// analysisRow is one row of facility_doc_analyses.
type analysisRow struct {
	ID, TenantID, VersionID          string
	State                            shared.FacilityDocAnalysisState
	Progress                         int
	Step, Method, Model, RulesReason string
	ErrorCode, ErrorDetail, Report   string
	RequestedBy                      string
	CreatedAt, StartedAt, FinishedAt int64
}

// CheckItems lists the check items of a requirement (every one of the
// required set when code is empty), by requirement in order.
func (store) CheckItems(ctx context.Context, q db.Querier, code string) ([]checkItem, error) {
	query, args := `SELECT code, requirement_code, label, label_es, label_zh, source, keywords, sort FROM facility_doc_check_items`, []any{}
	if code != "" {
		query, args = query+` WHERE requirement_code = ?`, append(args, code)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY requirement_code, sort, code`, args...)
	if err != nil {
		return nil, db.Wrap("facilitydoc: check items", err)
	}
	defer rows.Close()
	var out []checkItem
	for rows.Next() {
		var it checkItem
		var kw string
		if err := rows.Scan(&it.Code, &it.RequirementCode, &it.Label, &it.LabelES, &it.LabelZH, &it.Source, &kw, &it.Sort); err != nil {
			return nil, db.Wrap("facilitydoc: check items", err)
		}
		for _, k := range strings.Split(kw, "|") {
			if k = strings.ToLower(strings.TrimSpace(k)); k != "" {
				it.Keywords = append(it.Keywords, k)
			}
		}
		out = append(out, it)
	}
	return out, db.Wrap("facilitydoc: check items", rows.Err())
}

const analysisColumns = `id, tenant_id, version_id, state, progress, step, method, model, rules_reason, error_code, error_detail,
	report, requested_by, created_at, started_at, finished_at`

func scanAnalysis(sc interface{ Scan(...any) error }) (*analysisRow, error) {
	var a analysisRow
	err := sc.Scan(&a.ID, &a.TenantID, &a.VersionID, &a.State, &a.Progress, &a.Step, &a.Method, &a.Model, &a.RulesReason,
		&a.ErrorCode, &a.ErrorDetail, &a.Report, &a.RequestedBy, &a.CreatedAt, &a.StartedAt, &a.FinishedAt)
	return &a, err //nolint:wrapcheck // wrapped by the callers, which name their query
}

// InsertAnalysis writes a queued check.
func (store) InsertAnalysis(ctx context.Context, q db.Querier, a *analysisRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO facility_doc_analyses (id, tenant_id, version_id, state, requested_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, a.ID, a.TenantID, a.VersionID, a.State, a.RequestedBy, a.CreatedAt)
	return db.Wrap("facilitydoc: insert analysis", err)
}

// Analysis is one check of the facility by its id.
func (store) Analysis(ctx context.Context, q db.Querier, tenantID, id string) (*analysisRow, error) {
	a, err := scanAnalysis(q.QueryRowContext(ctx, `SELECT `+analysisColumns+` FROM facility_doc_analyses WHERE tenant_id = ? AND id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("facilitydoc: analysis", err)
	}
	return a, nil
}

// LatestAnalyses are the newest check of each of the versions, by version id.
func (store) LatestAnalyses(ctx context.Context, q db.Querier, tenantID string, versionIDs []string) (map[string]*analysisRow, error) {
	out := map[string]*analysisRow{}
	if len(versionIDs) == 0 {
		return out, nil
	}
	in, args := db.In(versionIDs)
	rows, err := q.QueryContext(ctx, `SELECT `+analysisColumns+` FROM facility_doc_analyses
		WHERE tenant_id = ? AND version_id IN (`+in+`) ORDER BY version_id, created_at DESC, id DESC`, append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("facilitydoc: latest analyses", err)
	}
	defer rows.Close()
	for rows.Next() {
		a, err := scanAnalysis(rows)
		if err != nil {
			return nil, db.Wrap("facilitydoc: latest analyses", err)
		}
		if out[a.VersionID] == nil {
			out[a.VersionID] = a
		}
	}
	return out, db.Wrap("facilitydoc: latest analyses", rows.Err())
}

// StartAnalysis marks a queued (or, after a crash, running) check running; false when it was cancelled or is over.
func (store) StartAnalysis(ctx context.Context, q db.Querier, tenantID, id string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE facility_doc_analyses SET state = 'RUNNING', progress = 0, step = ?, started_at = ?
		WHERE tenant_id = ? AND id = ? AND state IN ('QUEUED', 'RUNNING')`, string(shared.FacilityDocStepReading), now, tenantID, id))
	return ok, db.Wrap("facilitydoc: start analysis", err)
}

// AnalysisProgress records a running check's progress; false when it is no longer running (cancelled).
func (store) AnalysisProgress(ctx context.Context, q db.Querier, tenantID, id string, progress int, step string) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE facility_doc_analyses SET progress = ?, step = ?
		WHERE tenant_id = ? AND id = ? AND state = 'RUNNING'`, progress, step, tenantID, id))
	return ok, db.Wrap("facilitydoc: analysis progress", err)
}

// FinishAnalysis ends a check that is still queued or running (DONE or FAILED); false when it was cancelled meanwhile.
func (store) FinishAnalysis(ctx context.Context, q db.Querier, a *analysisRow) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE facility_doc_analyses SET state = ?, progress = ?, step = '', method = ?, model = ?,
		rules_reason = ?, error_code = ?, error_detail = ?, report = ?, finished_at = ?
		WHERE tenant_id = ? AND id = ? AND state IN ('QUEUED', 'RUNNING')`, a.State, a.Progress, a.Method, a.Model, a.RulesReason,
		a.ErrorCode, a.ErrorDetail, a.Report, a.FinishedAt, a.TenantID, a.ID))
	return ok, db.Wrap("facilitydoc: finish analysis", err)
}

// CancelAnalysis cancels the version's check under way; false when none is.
func (store) CancelAnalysis(ctx context.Context, q db.Querier, tenantID, versionID string, now int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE facility_doc_analyses SET state = 'CANCELLED', step = '', finished_at = ?
		WHERE tenant_id = ? AND version_id = ? AND state IN ('QUEUED', 'RUNNING')`, now, tenantID, versionID))
	return ok, db.Wrap("facilitydoc: cancel analysis", err)
}
