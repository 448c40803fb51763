package file

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Files whose rules belong to the feature that holds them (chat media: audio,
// video and documents beside images, read by a chat's members): the feature
// decides the type from the bytes and who may read; this package keeps the
// bytes, the row, the facility's storage total, the cleanup and the resizing.

// UploadTyped stores one file of category whose content type and suffix the
// calling feature decided from its bytes, refused above maxBytes (0: the
// configured per-file limit). Unconfirmed, it is removed after UnconfirmedTTL
// unless Attach confirms it.
func (s *Service) UploadTyped(ctx context.Context, p *auth.Principal, category shared.FileCategory, f Incoming, contentType, suffix string, maxBytes int64) (*shared.FileItem, error) {
	tenant := tenantOf(p)
	lim, err := s.limitsFor(ctx, tenant)
	if err != nil {
		return nil, err
	}
	if maxBytes <= 0 {
		maxBytes = lim.MaxFileBytes
	}
	name := displayName(f.Name)
	if f.Size <= 0 {
		return nil, problem.Invalid("file", "empty", "file.empty", map[string]any{"name": name})
	}
	if maxBytes > 0 && f.Size > maxBytes {
		return nil, ErrTooLarge.With(map[string]any{"name": name, "max": mb(maxBytes)})
	}
	if err := s.checkRoom(ctx, s.db, tenant, f.Size, lim); err != nil {
		return nil, err
	}
	id := uuid.Must(uuid.NewV7()).String()
	key, err := blob.Key(tenant, id, "original")
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	n, err := s.blobs.Put(ctx, key, io.TeeReader(f.Body, h))
	if err == nil && n != f.Size {
		err = fmt.Errorf("file: stored %d bytes of %d", n, f.Size)
	}
	if err != nil {
		s.removeKeys(ctx, []string{key})
		return nil, err
	}
	r := &record{ID: id, TenantID: tenant, UploaderID: p.UserID, Category: category, Name: withSuffix(name, suffix),
		Suffix: suffix, ContentType: contentType, Size: n, StorageKey: key, SHA256: hex.EncodeToString(h.Sum(nil)), CreatedAt: s.now().UnixMilli()}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkRoom(ctx, tx, tenant, f.Size, lim); err != nil {
			return err
		}
		if err := s.store.Insert(ctx, tx, r); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: auditTenant(tenant), ActorID: p.UserID, Action: "file.upload",
			Entity: "file", EntityID: r.ID, After: auditView(r)})
	})
	if err != nil {
		s.removeKeys(ctx, []string{key})
		return nil, err
	}
	it := s.item(r)
	return &it, nil
}

// OpenAuthorised opens a file of tenantID for a feature that has decided the
// reader may have it: the original, or (w, h > 0) the image scaled as
// CompressImage does. Another facility's file and a deleted one answer 4004.
func (s *Service) OpenAuthorised(ctx context.Context, tenantID, id string, w, h int) (shared.FileItem, io.ReadCloser, int64, error) {
	r, err := s.store.ByID(ctx, s.db, id)
	if errors.Is(err, db.ErrNotFound) {
		return shared.FileItem{}, nil, 0, problem.NotFound
	}
	if err != nil {
		return shared.FileItem{}, nil, 0, err
	}
	if r.DeletedAt.Valid || r.TenantID != tenantID {
		return shared.FileItem{}, nil, 0, problem.NotFound
	}
	if w <= 0 || h <= 0 {
		r, rc, size, err := s.open(ctx, r)
		if err != nil {
			return shared.FileItem{}, nil, 0, err
		}
		return s.item(r), rc, size, nil
	}
	if !resizable(r.ContentType) {
		return shared.FileItem{}, nil, 0, problem.Invalid("fileName", "fileType", "file.notImage", map[string]any{"name": r.Name})
	}
	r, rc, size, err := s.variant(ctx, r, sizeFor(w, h))
	if err != nil {
		return shared.FileItem{}, nil, 0, err
	}
	it := s.item(r)
	it.ContentType, it.Suffix = "image/jpeg", "jpg"
	return it, rc, size, nil
}
