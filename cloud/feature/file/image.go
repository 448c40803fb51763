package file

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"math"
	"path"
	"strings"

	"github.com/google/uuid"
	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // avatars may be WebP (spec 001 §5)

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// maxDecodePixels refuses to decode larger images (a small file can claim a
// huge size and would take gigabytes to decode).
const maxDecodePixels = 40_000_000

// resizedQuality is the JPEG quality of downloadAndCompressImage answers.
const resizedQuality = 85

// avatarTypes are what an avatar may be (spec 001 §5: jpeg, png or webp), by content.
var avatarTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}

// variantKey is where a resized copy of a file is cached: beside the
// original, so removing the file's folder removes its copies too.
func variantKey(storageKey string, w, h int) string {
	return path.Dir(storageKey) + fmt.Sprintf("/w%dh%d.jpg", w, h)
}

// fit scales src to fit inside maxW × maxH keeping its aspect ratio, never
// enlarging, on white (JPEG has no transparency), with Catmull-Rom.
func fit(src image.Image, maxW, maxH int) image.Image {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	scale := math.Min(1, math.Min(float64(maxW)/float64(w), float64(maxH)/float64(h)))
	nw := max(1, int(math.Round(float64(w)*scale)))
	nh := max(1, int(math.Round(float64(h)*scale)))
	dst := image.NewRGBA(image.Rect(0, 0, nw, nh))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
	return dst
}

func encodeJPEG(img image.Image, quality int) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decode reads an image whose size stays within the limits.
func decode(data []byte, maxSide int) (image.Image, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxSide || cfg.Height > maxSide || cfg.Width*cfg.Height > maxDecodePixels {
		return nil, errTooManyPixels
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	return img, err
}

var errTooManyPixels = errors.New("image too large to decode")

// CompressImage answers the image scaled to fit inside w × h as JPEG, from
// the cache when this size was made before. PDFs are refused.
func (s *Service) CompressImage(ctx context.Context, p *auth.Principal, id string, w, h int) (*record, io.ReadCloser, int64, error) {
	if w < shared.ImageMinSide || w > shared.ImageMaxSide || h < shared.ImageMinSide || h > shared.ImageMaxSide {
		return nil, nil, 0, problem.Invalid("width", "maximum", "file.badBox", map[string]any{"min": shared.ImageMinSide, "max": shared.ImageMaxSide})
	}
	r, err := s.readable(ctx, s.db, p, id)
	if err != nil {
		return nil, nil, 0, err
	}
	if !strings.HasPrefix(r.ContentType, "image/") {
		return nil, nil, 0, problem.Invalid("fileId", "fileType", "file.notImage", map[string]any{"name": r.Name})
	}
	return s.variant(ctx, r, w, h)
}

// variant is the image r scaled to fit inside w × h as JPEG, from the cache
// when this size was made before (avatars keep their 64 × 64 thumbnail there).
func (s *Service) variant(ctx context.Context, r *record, w, h int) (*record, io.ReadCloser, int64, error) {
	key := variantKey(r.StorageKey, w, h)
	if rc, info, err := s.blobs.Open(ctx, key); err == nil {
		return r, rc, info.Size, nil
	} else if !errors.Is(err, blob.ErrNotFound) {
		return nil, nil, 0, err
	}
	_, src, _, err := s.open(ctx, r)
	if err != nil {
		return nil, nil, 0, err
	}
	data, err := io.ReadAll(src)
	src.Close()
	if err != nil {
		return nil, nil, 0, err
	}
	img, err := decode(data, math.MaxInt32)
	if errors.Is(err, errTooManyPixels) {
		return nil, nil, 0, problem.Invalid("fileId", "imageDimensions", "file.imageTooLarge", map[string]any{"name": r.Name})
	}
	if err != nil {
		return nil, nil, 0, problem.Invalid("fileId", "imageProcessing", "file.processingFailed", map[string]any{"name": r.Name})
	}
	out, err := encodeJPEG(fit(img, w, h), resizedQuality)
	if err != nil {
		return nil, nil, 0, err
	}
	// A failed cache write costs only a resize next time.
	if _, err := s.blobs.Put(ctx, key, bytes.NewReader(out)); err != nil {
		s.log.WarnContext(ctx, "cache resized image", "key", key, "err", err)
	}
	return r, io.NopCloser(bytes.NewReader(out)), int64(len(out)), nil
}

// UploadAvatar checks an avatar (spec 001 §5: an image, JPEG, PNG or WebP by
// content, at most 10 MB and 4096 × 4096), stores it as a JPEG fitting
// 400 × 400 at quality 80 with a 64 × 64 thumbnail (spec 001 §9), points the
// user's avatar at it and removes the avatar it replaces. Each refusal names its rule.
func (s *Service) UploadAvatar(ctx context.Context, p *auth.Principal, userID string, f Incoming) (*shared.FileItem, error) {
	if userID == "" {
		userID = p.UserID
	}
	if userID != p.UserID && !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	if s.accounts == nil {
		return nil, errNoAccountLink
	}
	if f.Size > shared.AvatarMaxBytes {
		return nil, problem.Invalid("file", "fileSize", "avatar.tooLarge", map[string]any{"max": shared.AvatarMaxBytes >> 20})
	}
	ct := ""
	if f.Size > 0 {
		var err error
		if ct, err = sniff(f.Body); err != nil {
			return nil, err
		}
	}
	if !avatarTypes[ct] {
		return nil, problem.Invalid("file", "fileType", "avatar.badType", nil)
	}
	data, err := io.ReadAll(io.LimitReader(f.Body, shared.AvatarMaxBytes+1))
	if err != nil {
		return nil, err
	}
	img, err := decode(data, shared.AvatarMaxSide)
	if errors.Is(err, errTooManyPixels) {
		return nil, problem.Invalid("file", "imageDimensions", "avatar.tooManyPixels", map[string]any{"max": shared.AvatarMaxSide})
	}
	if err != nil {
		return nil, problem.Invalid("file", "imageProcessing", "avatar.processingFailed", nil)
	}
	large, err := encodeJPEG(fit(img, shared.AvatarSide, shared.AvatarSide), shared.AvatarQuality)
	if err != nil {
		return nil, problem.Invalid("file", "imageProcessing", "avatar.processingFailed", nil)
	}
	thumb, err := encodeJPEG(fit(img, shared.AvatarThumbSide, shared.AvatarThumbSide), shared.AvatarQuality)
	if err != nil {
		return nil, problem.Invalid("file", "imageProcessing", "avatar.processingFailed", nil)
	}

	tenant := p.TenantID
	if tenant == "" || userID != p.UserID {
		tenant = PlatformTenant // the super admin's own avatar, or one set for someone else
	}
	now := s.now().UnixMilli()
	id := uuid.Must(uuid.NewV7()).String()
	key, err := blob.Key(tenant, id, "original")
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(large)
	r := &record{ID: id, TenantID: tenant, UploaderID: p.UserID, Category: shared.FileAvatar, Name: "avatar.jpg", Suffix: "jpg",
		ContentType: "image/jpeg", Size: int64(len(large)), StorageKey: key, SHA256: hex.EncodeToString(sum[:]), CreatedAt: now,
		ConfirmedAt: sql.NullInt64{Int64: now, Valid: true}}
	thumbKey := variantKey(key, shared.AvatarThumbSide, shared.AvatarThumbSide)
	keys := []string{key, thumbKey}
	for k, b := range map[string][]byte{key: large, thumbKey: thumb} {
		if _, err := s.blobs.Put(ctx, k, bytes.NewReader(b)); err != nil {
			s.removeKeys(ctx, keys)
			return nil, err
		}
	}
	var previous string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.Insert(ctx, tx, r); err != nil {
			return err
		}
		var err error
		if previous, err = s.accounts.SetAvatar(ctx, tx, userID, id); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: auditTenant(p.TenantID), ActorID: p.UserID, Action: "user.avatar",
			Entity: "user", EntityID: userID, Before: map[string]any{"avatar": previous}, After: map[string]any{"avatar": id}})
	})
	if err != nil {
		s.removeKeys(ctx, keys)
		return nil, err
	}
	if previous != "" && previous != id {
		s.discardAvatar(ctx, previous)
	}
	item := s.item(r)
	return &item, nil
}

// discardAvatar removes a replaced avatar, row and bytes. An avatar is not a
// care record, so nothing of it is kept.
func (s *Service) discardAvatar(ctx context.Context, id string) {
	old, err := s.store.ByID(ctx, s.db, id)
	if err != nil || old == nil || old.Category != shared.FileAvatar {
		return
	}
	var ok bool
	err = s.db.InTx(ctx, func(tx *db.Tx) (err error) { ok, err = s.store.DeleteAvatar(ctx, tx, id); return err })
	if err != nil {
		s.log.ErrorContext(ctx, "remove replaced avatar", "file_id", id, "err", err)
		return
	}
	if ok {
		s.removeBlobs(ctx, old.StorageKey)
	}
}
