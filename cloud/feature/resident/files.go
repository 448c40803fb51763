package resident

import (
	"context"
	"slices"
	"strings"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/shared"
)

// Files answers a resident's documents, newest first, optionally of one category.
func (s *Service) Files(ctx context.Context, p *auth.Principal, residentID string, category shared.FileCategory) ([]shared.ResidentFile, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.found(ctx, s.db, p, residentID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.Files(ctx, s.db, p.TenantID, r.ID, category)
	if err != nil {
		return nil, err
	}
	return s.residentFiles(ctx, rows)
}

func (s *Service) residentFiles(ctx context.Context, rows []fileRow) ([]shared.ResidentFile, error) {
	ids := make([]string, len(rows))
	for i, f := range rows {
		ids[i] = f.FileID
	}
	items, err := s.files.Items(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]shared.FileItem, len(items))
	for _, it := range items {
		byID[it.FileID] = it
	}
	out := []shared.ResidentFile{}
	for _, f := range rows {
		it, ok := byID[f.FileID]
		if !ok {
			continue // deleted through the file service
		}
		out = append(out, shared.ResidentFile{FileItem: it, ResidentID: f.ResidentID, UploaderID: f.UploaderID, UploaderName: f.UploaderName})
	}
	return out, nil
}

// UploadFiles stores a batch of documents for a resident, all or none: the
// file service checks and stores the bytes, then one transaction confirms the
// uploads and links them; if it fails, the uploads are removed again.
func (s *Service) UploadFiles(ctx context.Context, p *auth.Principal, residentID string, category shared.FileCategory, files []upload.File) ([]shared.ResidentFile, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	if !slices.Contains(shared.ResidentFileCategories, category) {
		names := make([]string, len(shared.ResidentFileCategories))
		for i, c := range shared.ResidentFileCategories {
			names[i] = string(c)
		}
		return nil, problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": strings.Join(names, ", ")})
	}
	if len(files) == 0 {
		return nil, problem.Invalid("files", "required", "validation.required", nil)
	}
	if len(files) > shared.ResidentFilesMax {
		return nil, problem.Invalid("files", "maxItems", "validation.maxItems", map[string]any{"max": shared.ResidentFilesMax})
	}
	// Checked before any byte is stored, and again in the transaction.
	if _, err := s.editable(ctx, s.db, p, residentID); err != nil {
		return nil, err
	}
	items, err := s.files.Upload(ctx, p, category, files)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.FileID
	}
	now := s.now().UnixMilli()
	var rows []fileRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.editable(ctx, tx, p, residentID)
		if err != nil {
			return err
		}
		if err := s.files.Attach(ctx, tx, p, category, ids); err != nil {
			return err
		}
		for _, id := range ids {
			f := fileRow{FileID: id, TenantID: p.TenantID, ResidentID: r.ID, Category: category, UploaderID: p.UserID, CreatedAt: now}
			if err := s.store.InsertFile(ctx, tx, f); err != nil {
				return err
			}
			rows = append(rows, f)
		}
		return audit.Write(ctx, tx, auditEntry(p, "resident.uploadFiles", r.ID, nil,
			map[string]any{"category": category, "fileIds": ids}))
	})
	if err != nil {
		for _, id := range ids {
			_ = s.files.Delete(context.WithoutCancel(ctx), p, id) // still unconfirmed: removed with its bytes
		}
		return nil, err
	}
	// The uploader's name for the answer.
	all, err := s.store.Files(ctx, s.db, p.TenantID, rows[0].ResidentID, category)
	if err != nil {
		return nil, err
	}
	var mine []fileRow
	for _, f := range all {
		if slices.Contains(ids, f.FileID) {
			mine = append(mine, f)
		}
	}
	return s.residentFiles(ctx, mine)
}

// DeleteFile removes a document uploaded by mistake (owners and admins). The
// file service soft-deletes it (the row and bytes are kept, as the record's
// retention asks; it leaves every list and link) with its own audit row
// (file.delete), then resident.deleteFile records it on the resident. A
// document of another resident or facility answers 4004; a moved-out or
// deceased resident's record is final (4009).
func (s *Service) DeleteFile(ctx context.Context, p *auth.Principal, residentID, fileID string) error {
	if err := writer(p); err != nil {
		return err
	}
	r, err := s.editable(ctx, s.db, p, residentID)
	if err != nil {
		return err
	}
	fileID = strings.TrimSpace(fileID)
	ok, err := s.store.HasFile(ctx, s.db, p.TenantID, r.ID, fileID)
	if err != nil {
		return err
	}
	if !ok {
		return problem.NotFound
	}
	if err := s.files.Delete(ctx, p, fileID); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		return audit.Write(ctx, tx, auditEntry(p, "resident.deleteFile", r.ID, map[string]any{"fileId": fileID}, map[string]any{"fileId": fileID, "deleted": true}))
	})
}
