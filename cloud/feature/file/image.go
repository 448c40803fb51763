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

// resizedQuality is the JPEG quality of downloadAndCompressImage answers.
const resizedQuality = 85

// avatarTypes are what an avatar may be (spec 001 §5: jpeg, png or webp), by content.
var avatarTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}

// resizable says whether a stored file is an image Go decodes (so it has a
// thumbnail and resized copies): not a PDF, not a HEIC photo.
func resizable(contentType string) bool { return avatarTypes[contentType] }

// box is an output size: a resized copy fits inside it.
type box struct{ w, h int }

// sizes are the only sizes resized copies are made in, smallest first: the
// avatar thumbnail (spec 001 §9), the image thumbnail, the avatar and the
// large image (spec 001 §7.11). Each is made once per file and kept, so one
// image has at most four copies however many sizes are asked for.
var sizes = []box{
	{shared.AvatarThumbSide, shared.AvatarThumbSide},
	{shared.ImageThumbWidth, shared.ImageThumbHeight},
	{shared.AvatarSide, shared.AvatarSide},
	{shared.ImageLargeWidth, shared.ImageLargeHeight},
}

// sizeFor is the smallest fixed size that covers w × h, or the largest one:
// the answer is never bigger than the large image.
func sizeFor(w, h int) box {
	for _, b := range sizes {
		if b.w >= w && b.h >= h {
			return b
		}
	}
	return sizes[len(sizes)-1]
}

// variantKey is where a resized copy of a file is kept: beside the
// original, so removing the file's folder removes its copies too.
func variantKey(storageKey string, b box) string {
	return path.Dir(storageKey) + "/" + variantName(b)
}

func variantName(b box) string { return fmt.Sprintf("w%dh%d.jpg", b.w, b.h) }

// fit scales src to fit inside b keeping its aspect ratio, never enlarging,
// on white (JPEG has no transparency). A large source is first halved with a
// 2 × 2 average until it is less than twice the target, then Catmull-Rom
// makes the last step: Catmull-Rom's working buffer is output width × source
// height × 32 bytes (x/image/draw kernelScaler.makeTmpBuf), 786 MB for a
// 6000 × 6000 picture made 4096 wide, but a few tens of MB after halving.
func fit(src image.Image, b box) image.Image {
	sb := src.Bounds()
	w, h := sb.Dx(), sb.Dy()
	scale := math.Min(1, math.Min(float64(b.w)/float64(w), float64(b.h)/float64(h)))
	nw := max(1, int(math.Round(float64(w)*scale)))
	nh := max(1, int(math.Round(float64(h)*scale)))
	for w >= 2*nw && h >= 2*nh {
		half := image.NewRGBA(image.Rect(0, 0, w/2, h/2))
		draw.Draw(half, half.Bounds(), image.White, image.Point{}, draw.Src)
		draw.ApproxBiLinear.Scale(half, half.Bounds(), src, sb, draw.Over, nil)
		src, sb = half, half.Bounds()
		w, h = sb.Dx(), sb.Dy()
	}
	dst := image.NewRGBA(image.Rect(0, 0, nw, nh))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, sb, draw.Over, nil)
	return dst
}

func encodeJPEG(img image.Image, quality int) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, fmt.Errorf("file: encode jpeg: %w", err)
	}
	return buf.Bytes(), nil
}

// tooLarge says whether an image of this size may not be stored or decoded.
func tooLarge(w, h, maxSide int) bool {
	return w <= 0 || h <= 0 || w > maxSide || h > maxSide || w*h > shared.ImageMaxPixels
}

// decode reads an image whose size stays within the limits; the header is
// read first, so a small file claiming a huge size is never decoded.
func decode(data []byte, maxSide int) (image.Image, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("file: decode image header: %w", err)
	}
	if tooLarge(cfg.Width, cfg.Height, maxSide) {
		return nil, errTooManyPixels
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("file: decode image: %w", err)
	}
	return img, nil
}

var errTooManyPixels = errors.New("image too large to decode")

// acquire waits for one of the decode slots (GOMAXPROCS of them): decoding
// is CPU- and memory-bound, so more at once only adds memory.
func (s *Service) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s.decodes <- struct{}{}:
		return func() { <-s.decodes }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// CompressImage answers the image scaled to fit inside the smallest fixed
// size that covers w × h (sizeFor), as JPEG, made on first use and then kept. PDFs are refused.
func (s *Service) CompressImage(ctx context.Context, p *auth.Principal, id string, w, h int) (*record, io.ReadCloser, int64, error) {
	if w < shared.ImageMinSide || w > shared.ImageMaxSide || h < shared.ImageMinSide || h > shared.ImageMaxSide {
		return nil, nil, 0, problem.Invalid("width", "maximum", "file.badBox", map[string]any{"min": shared.ImageMinSide, "max": shared.ImageMaxSide})
	}
	r, err := s.readable(ctx, s.db, p, id)
	if err != nil {
		return nil, nil, 0, err
	}
	if !resizable(r.ContentType) {
		return nil, nil, 0, problem.Invalid("fileId", "fileType", "file.notImage", map[string]any{"name": r.Name})
	}
	return s.variant(ctx, r, sizeFor(w, h))
}

// variant is the image r scaled to fit inside b as JPEG, from the kept copy
// when it was made before (avatars keep their 64 × 64 thumbnail there). A new
// copy is counted in the facility's storage.
func (s *Service) variant(ctx context.Context, r *record, b box) (*record, io.ReadCloser, int64, error) {
	key := variantKey(r.StorageKey, b)
	if rc, info, err := s.blobs.Open(ctx, key); err == nil {
		return r, rc, info.Size, nil
	} else if !errors.Is(err, blob.ErrNotFound) {
		return nil, nil, 0, err
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, nil, 0, err
	}
	defer release()
	_, src, _, err := s.open(ctx, r)
	if err != nil {
		return nil, nil, 0, err
	}
	data, err := io.ReadAll(src)
	src.Close()
	if err != nil {
		return nil, nil, 0, fmt.Errorf("file: read stored image: %w", err)
	}
	img, err := decode(data, shared.ImageUploadMaxSide)
	if errors.Is(err, errTooManyPixels) {
		return nil, nil, 0, problem.Invalid("fileId", "imageDimensions", "file.imageTooLarge", map[string]any{"name": r.Name})
	}
	if err != nil {
		return nil, nil, 0, problem.Invalid("fileId", "imageProcessing", "file.processingFailed", map[string]any{"name": r.Name})
	}
	data = nil
	out, err := encodeJPEG(fit(img, b), resizedQuality)
	if err != nil {
		return nil, nil, 0, err
	}
	// A failed write costs only a resize next time.
	if _, err := s.blobs.Put(ctx, key, bytes.NewReader(out)); err != nil {
		s.log.WarnContext(ctx, "keep resized image", "key", key, "err", err)
	} else if err := s.store.AddVariant(ctx, s.db, r, variantName(b), int64(len(out)), s.now().UnixMilli()); err != nil {
		s.log.WarnContext(ctx, "count resized image", "key", key, "err", err)
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
		return nil, fmt.Errorf("file: read avatar upload: %w", err)
	}
	thumbBox := box{shared.AvatarThumbSide, shared.AvatarThumbSide}
	large, thumb, err := s.avatarImages(ctx, data, thumbBox)
	if err != nil {
		return nil, err
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
	thumbKey := variantKey(key, thumbBox)
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
		if err := s.store.AddVariant(ctx, tx, r, variantName(thumbBox), int64(len(thumb)), now); err != nil {
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

// avatarImages decodes an avatar (in one of the decode slots) and makes its
// 400 × 400 image and its thumbnail.
func (s *Service) avatarImages(ctx context.Context, data []byte, thumbBox box) (large, thumb []byte, err error) {
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer release()
	img, err := decode(data, shared.AvatarMaxSide)
	if errors.Is(err, errTooManyPixels) {
		return nil, nil, problem.Invalid("file", "imageDimensions", "avatar.tooManyPixels", map[string]any{"max": shared.AvatarMaxSide})
	}
	if err == nil {
		large, err = encodeJPEG(fit(img, box{shared.AvatarSide, shared.AvatarSide}), shared.AvatarQuality)
	}
	if err == nil {
		thumb, err = encodeJPEG(fit(img, thumbBox), shared.AvatarQuality)
	}
	if err != nil {
		return nil, nil, problem.Invalid("file", "imageProcessing", "avatar.processingFailed", nil)
	}
	return large, thumb, nil
}

// discardAvatar removes a replaced avatar, row and bytes. An avatar is not a
// care record, so nothing of it is kept.
func (s *Service) discardAvatar(ctx context.Context, id string) {
	old, err := s.store.ByID(ctx, s.db, id)
	if err != nil || old.Category != shared.FileAvatar { // gone already, or unreadable: nothing to remove here
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
