package resident

import (
	"context"
	"slices"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// FileDocuments files documents the facility already stored (smart setup's
// papers, issue 33) in a resident's documents under category OTHER, in the
// caller's transaction q; a document already filed for the resident is left
// as it is. The resident must be one the caller may edit (4004 another
// facility's or unknown; 4009 moved out or deceased).
func (s *Service) FileDocuments(ctx context.Context, q db.Querier, p *auth.Principal, residentID string, fileIDs []string) error {
	if err := writer(p); err != nil {
		return err
	}
	r, err := s.editable(ctx, q, p, residentID)
	if err != nil {
		return err
	}
	have, err := s.store.Files(ctx, q, p.TenantID, r.ID, "")
	if err != nil {
		return err
	}
	var added []string
	now := s.now().UnixMilli()
	for _, id := range fileIDs {
		if slices.ContainsFunc(have, func(f fileRow) bool { return f.FileID == id }) || slices.Contains(added, id) {
			continue
		}
		f := fileRow{FileID: id, TenantID: p.TenantID, ResidentID: r.ID, Category: shared.FileOther, UploaderID: p.UserID, CreatedAt: now}
		if err := s.store.InsertFile(ctx, q, f); err != nil {
			return err
		}
		added = append(added, id)
	}
	if len(added) == 0 {
		return nil
	}
	return audit.Write(ctx, q, auditEntry(p, "resident.fileDocuments", r.ID, nil, map[string]any{"category": shared.FileOther, "fileIds": added}))
}
