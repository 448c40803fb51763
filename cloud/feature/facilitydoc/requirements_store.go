package facilitydoc

import (
	"context"
	"strings"

	"hearth/cloud/platform/db"
)

// The required set's writes (the super admin's editor, requirements.go). The
// set is platform-wide: no tenant id; the homes' documents point at it.

// InsertRequirement adds a requirement.
func (store) InsertRequirement(ctx context.Context, q db.Querier, r *requirement) error {
	_, err := q.ExecContext(ctx, `INSERT INTO facility_doc_requirements (`+requirementColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.Code, r.Category, r.Source, r.Names.EnUS, r.Names.EsES, r.Names.ZhCN, r.Sort, flag(r.ExpiryRequired),
		flag(r.SignaturesRequired), flag(r.ApprovalStep), r.ValidityMonths, r.ExpiringSoonDays, r.RetiredAt, r.UpdatedAt, r.UpdatedBy)
	return db.Wrap("facilitydoc: insert requirement", err)
}

// UpdateRequirement changes what the editor edits of a requirement (not its code, category or retirement).
func (store) UpdateRequirement(ctx context.Context, q db.Querier, r *requirement) error {
	_, err := q.ExecContext(ctx, `UPDATE facility_doc_requirements SET source = ?, name_en = ?, name_es = ?, name_zh = ?, sort = ?,
		expiry_required = ?, signatures_required = ?, approval_step = ?, validity_months = ?, expiring_soon_days = ?,
		updated_at = ?, updated_by = ? WHERE code = ?`,
		r.Source, r.Names.EnUS, r.Names.EsES, r.Names.ZhCN, r.Sort, flag(r.ExpiryRequired), flag(r.SignaturesRequired),
		flag(r.ApprovalStep), r.ValidityMonths, r.ExpiringSoonDays, r.UpdatedAt, r.UpdatedBy, r.Code)
	return db.Wrap("facilitydoc: update requirement", err)
}

// SetRetired retires a requirement in force (retiredAt > 0) or restores a
// retired one (retiredAt 0); false when it already was so.
func (store) SetRetired(ctx context.Context, q db.Querier, code string, retiredAt, now int64, by string) (bool, error) {
	cond := `retired_at = 0`
	if retiredAt == 0 {
		cond = `retired_at > 0`
	}
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE facility_doc_requirements SET retired_at = ?, updated_at = ?, updated_by = ?
		WHERE code = ? AND `+cond, retiredAt, now, by, code))
	return ok, db.Wrap("facilitydoc: retire requirement", err)
}

// ReplaceCheckItems makes items the requirement's check items (a report
// already made keeps its own copy of the items it checked).
func (store) ReplaceCheckItems(ctx context.Context, q db.Querier, code string, items []checkItem) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM facility_doc_check_items WHERE requirement_code = ?`, code); err != nil {
		return db.Wrap("facilitydoc: replace check items", err)
	}
	for _, it := range items {
		if _, err := q.ExecContext(ctx, `INSERT INTO facility_doc_check_items (code, requirement_code, sort, label, label_es, label_zh,
			source, keywords) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, it.Code, code, it.Sort, it.Label, it.LabelES, it.LabelZH, it.Source,
			strings.Join(it.Keywords, "|")); err != nil {
			return db.Wrap("facilitydoc: replace check items", err)
		}
	}
	return nil
}

// CodeTaken says whether a requirement or a check item already has the code.
func (store) CodeTaken(ctx context.Context, q db.Querier, code string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM facility_doc_requirements WHERE code = ?)
		+ (SELECT COUNT(*) FROM facility_doc_check_items WHERE code = ?)`, code, code).Scan(&n)
	return n > 0, db.Wrap("facilitydoc: code taken", err)
}

// DocumentCounts are the document versions every home filed against each requirement.
func (store) DocumentCounts(ctx context.Context, q db.Querier) (map[string]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT requirement_code, COUNT(*) FROM facility_documents
		WHERE requirement_code IS NOT NULL GROUP BY requirement_code`)
	if err != nil {
		return nil, db.Wrap("facilitydoc: document counts", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var code string
		var n int
		if err := rows.Scan(&code, &n); err != nil {
			return nil, db.Wrap("facilitydoc: document counts", err)
		}
		out[code] = n
	}
	return out, db.Wrap("facilitydoc: document counts", rows.Err())
}
