package file

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strings"

	"github.com/google/uuid"

	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// StoreDemo keeps a seed file for the demo data (cloud/feature/demo): the
// bytes where uploads live and a confirmed row in q's transaction, as an
// upload followed by its owner's save would. It answers the file's id.
func (s *Service) StoreDemo(ctx context.Context, q db.Querier, tenantID, uploaderID string, category shared.FileCategory,
	name, contentType string, body []byte) (string, error) {
	id := uuid.Must(uuid.NewV7()).String()
	key, err := blob.Key(tenantID, id, "original")
	if err != nil {
		return "", err
	}
	if _, err := s.blobs.Put(ctx, key, bytes.NewReader(body)); err != nil {
		return "", err
	}
	sum := sha256.Sum256(body)
	now := s.now().UnixMilli()
	r := &record{ID: id, TenantID: tenantID, UploaderID: uploaderID, Category: category, Name: name,
		Suffix: strings.TrimPrefix(path.Ext(name), "."), ContentType: contentType, Size: int64(len(body)), StorageKey: key,
		SHA256: hex.EncodeToString(sum[:]), CreatedAt: now}
	r.ConfirmedAt.Int64, r.ConfirmedAt.Valid = now, true
	return id, s.store.Insert(ctx, q, r)
}
