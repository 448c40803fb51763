// Package file is the file service (spec 001 §7.4): uploads checked by their
// content, downloads with the right type and disposition, short-lived signed
// links for <img> tags, resized images, avatars, and the removal of uploads
// never put to use.
package file

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // decoders for image.DecodeConfig
	_ "image/png"
	"io"
	"log/slog"
	"net/http"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/doctext"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// PlatformTenant holds the files of a super admin, who has no facility.
const PlatformTenant = "platform"

// Cleanup settings: an upload must be confirmed within UnconfirmedTTL.
const (
	UnconfirmedTTL = 24 * time.Hour
	CleanupEvery   = 10 * time.Minute
	cleanupBatch   = 200
)

// Problems this package answers. Each message names the rule that failed.
var (
	ErrTooMany      = problem.New(shared.CodeMaxUploadFiles, "file.tooMany")
	ErrTooLarge     = problem.New(shared.CodeSingleFileSize, "file.tooLarge")
	ErrTenantFull   = problem.New(shared.CodeTotalUploadSize, "file.tenantFull")
	ErrLinkInvalid  = problem.New(shared.CodeForbidden, "file.linkInvalid")
	ErrMissingBytes = problem.New(shared.CodeNotFound, "file.missing")
	ErrNotConfirmed = problem.New(shared.CodeConflict, "error.conflict")
	ErrUnpacksLarge = problem.New(shared.CodeValidation, "file.unpacksTooLarge")
)

// uploadTypes are the content types an upload may have (spec 001 §5: PDF,
// jpg, jpeg, png), decided from the bytes, never from the name.
var uploadTypes = map[string]string{"application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png"}

// paperTypes are what papers read for their text may be besides (issue 33:
// "PDF, JPEG/PNG/HEIC photos of paper, DOCX"): UploadPapers takes them for
// smart setup and the facility documents, which read them with
// cloud/platform/doctext; every other upload stays with uploadTypes.
var paperTypes = map[string]string{"application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png", doctext.HEIC: "heic", doctext.DOCX: "docx"}

// Limits bound uploads; 0 means unlimited.
type Limits = upload.Limits

// Accounts is what avatars need from the identity service.
type Accounts interface {
	// SetAvatar points the user's avatar at fileID in q's transaction and
	// returns the file id it held before ("" if none).
	SetAvatar(ctx context.Context, q db.Querier, userID, fileID string) (previous string, err error)
}

// Service is the file service.
type Service struct {
	db       *db.DB
	store    Store
	blobs    blob.Store
	secret   []byte // signs the short-lived links (the server's JWT secret)
	accounts Accounts
	log      *slog.Logger
	now      func() time.Time

	decodes chan struct{} // one token per image decode in progress (acquire)

	pkgs Packages

	mu     sync.Mutex
	limits Limits
}

// Packages answer a home's limits from its current service package
// (cloud/feature/svcpkg): 7001 when it has none.
type Packages interface {
	Limits(ctx context.Context, q db.Querier, tenantID string) (shared.PackageLimits, error)
}

// Deps are the file service's collaborators, all required but Log and Now
// (slog.Default, time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB     *db.DB
	Blobs  blob.Store
	Secret []byte // signs the short-lived links (the server's JWT secret)
	Limits Limits
	// Packages give a home's file limits from its service package; the
	// stricter of them and Limits applies (Limits bound the request's size).
	Packages Packages
	Accounts Accounts // avatars: the user's avatar file
	Log      *slog.Logger
	Now      func() time.Time
}

// New makes the file service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("file", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if len(d.Secret) == 0 {
		return nil, errors.New("file: no Secret (the links' signing key)")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, blobs: d.Blobs, secret: d.Secret, limits: d.Limits, pkgs: d.Packages, accounts: d.Accounts, log: d.Log, now: d.Now,
		decodes: make(chan struct{}, runtime.GOMAXPROCS(0))}, nil
}

// Limits are the upload limits in force.
func (s *Service) Limits() Limits {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.limits
}

// limitsFor are the limits of an upload to tenant: the configured ones, made
// stricter by the home's package (spec 001 §8 7008–7010; 0 = unlimited). A
// home with no package, and the platform's own files, have the configured ones.
func (s *Service) limitsFor(ctx context.Context, tenant string) (Limits, error) {
	lim := s.Limits()
	if tenant == PlatformTenant {
		return lim, nil
	}
	l, err := s.pkgs.Limits(ctx, s.db, tenant)
	if errors.Is(err, problem.NoPlan) {
		return lim, nil
	}
	if err != nil {
		return lim, fmt.Errorf("file: the package's limits: %w", err)
	}
	lim.MaxFiles = int(stricter(int64(lim.MaxFiles), int64(l.MaxUploadFiles)))
	lim.MaxFileBytes = stricter(lim.MaxFileBytes, int64(l.MaxFileMB)<<20)
	lim.TenantBytes = stricter(lim.TenantBytes, int64(l.MaxTotalFileMB)<<20)
	return lim, nil
}

// stricter is the smaller of two limits where 0 means unlimited.
func stricter(a, b int64) int64 {
	if a <= 0 {
		return b
	}
	if b <= 0 {
		return a
	}
	return min(a, b)
}

// SetLimits changes the upload limits (the billing work will feed package limits here).
func (s *Service) SetLimits(l Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limits = l
}

// Incoming is one uploaded file as the handler received it.
type Incoming = upload.File

// checked is an incoming file that passed every rule.
type checked struct {
	in          Incoming
	contentType string
	suffix      string
	name        string
}

func tenantOf(p *auth.Principal) string {
	if p.TenantID == "" {
		return PlatformTenant
	}
	return p.TenantID
}

// auditTenant is the tenant an audit row names ("" for platform files).
func auditTenant(tenantID string) string {
	if tenantID == PlatformTenant {
		return ""
	}
	return tenantID
}

func mb(n int64) int64 { return (n + 1<<20 - 1) >> 20 }

// Upload checks every file of the batch, then stores them all or none: the
// bytes are written first, the rows in one transaction, and the bytes are
// removed again when the transaction fails. Files are PDF, JPEG or PNG.
func (s *Service) Upload(ctx context.Context, p *auth.Principal, category shared.FileCategory, files []Incoming) ([]shared.FileItem, error) {
	return s.upload(ctx, p, category, files, uploadTypes)
}

// UploadPapers is Upload for papers read for their text (smart setup, the
// facility documents): HEIC photos and Word documents (DOCX) are taken too.
func (s *Service) UploadPapers(ctx context.Context, p *auth.Principal, category shared.FileCategory, files []Incoming) ([]shared.FileItem, error) {
	return s.upload(ctx, p, category, files, paperTypes)
}

func (s *Service) upload(ctx context.Context, p *auth.Principal, category shared.FileCategory, files []Incoming, types map[string]string) ([]shared.FileItem, error) {
	if !slices.Contains(shared.FileCategories, category) {
		return nil, problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": categoryList()})
	}
	if len(files) == 0 {
		return nil, problem.Invalid("files", "required", "validation.required", nil)
	}
	tenant := tenantOf(p)
	lim, err := s.limitsFor(ctx, tenant)
	if err != nil {
		return nil, err
	}
	if lim.MaxFiles > 0 && len(files) > lim.MaxFiles {
		return nil, ErrTooMany.With(map[string]any{"max": lim.MaxFiles})
	}
	var ok []checked
	var total int64
	for _, f := range files {
		c, err := checkUpload(f, lim, types)
		if err != nil {
			return nil, err
		}
		ok = append(ok, c)
		total += f.Size
	}
	if err := s.checkRoom(ctx, s.db, tenant, total, lim); err != nil {
		return nil, err
	}

	now := s.now().UnixMilli()
	var recs []*record
	var keys []string
	discard := func() { s.removeKeys(ctx, keys) }
	for _, c := range ok {
		id := uuid.Must(uuid.NewV7()).String()
		key, err := blob.Key(tenant, id, "original")
		if err != nil {
			discard()
			return nil, err
		}
		h := sha256.New()
		keys = append(keys, key)
		n, err := s.blobs.Put(ctx, key, io.TeeReader(c.in.Body, h))
		if err == nil && n != c.in.Size {
			err = fmt.Errorf("file: stored %d bytes of %d", n, c.in.Size)
		}
		if err != nil {
			discard()
			return nil, err
		}
		recs = append(recs, &record{ID: id, TenantID: tenant, UploaderID: p.UserID, Category: category, Name: c.name,
			Suffix: c.suffix, ContentType: c.contentType, Size: n, StorageKey: key, SHA256: hex.EncodeToString(h.Sum(nil)), CreatedAt: now})
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// Checked again inside the transaction: another upload may have landed meanwhile.
		if err := s.checkRoom(ctx, tx, tenant, total, lim); err != nil {
			return err
		}
		for _, r := range recs {
			if err := s.store.Insert(ctx, tx, r); err != nil {
				return err
			}
			if err := audit.Write(ctx, tx, audit.Entry{TenantID: auditTenant(tenant), ActorID: p.UserID, Action: "file.upload",
				Entity: "file", EntityID: r.ID, After: auditView(r)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		discard()
		return nil, err
	}
	items := make([]shared.FileItem, len(recs))
	for i, r := range recs {
		items[i] = s.item(r)
	}
	return items, nil
}

func categoryList() string {
	names := make([]string, len(shared.FileCategories))
	for i, c := range shared.FileCategories {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// checkUpload applies the per-file rules: not empty, not over the size limit,
// and one of types by its content; an image's header names a size that may be
// decoded, a Word document unpacks to what doctext reads.
func checkUpload(f Incoming, lim Limits, types map[string]string) (checked, error) {
	name := displayName(f.Name)
	args := map[string]any{"name": name}
	if f.Size <= 0 {
		return checked{}, problem.Invalid("files", "empty", "file.empty", args)
	}
	if lim.MaxFileBytes > 0 && f.Size > lim.MaxFileBytes {
		return checked{}, ErrTooLarge.With(map[string]any{"name": name, "max": mb(lim.MaxFileBytes)})
	}
	ct, err := sniff(f.Body)
	if err != nil {
		return checked{}, err
	}
	var whole io.ReaderAt // the file, for the kinds told by more than their first bytes
	if _, known := types[ct]; !known && types[doctext.DOCX] != "" {
		if whole, err = readerAt(f); err != nil {
			return checked{}, err
		}
		if kind := doctext.Sniff(whole, f.Size); kind != "" {
			ct = kind
		}
	}
	suffix, ok := types[ct]
	pixels := problem.Invalid("files", "imageDimensions", "file.tooManyPixels", map[string]any{"name": name,
		"maxSide": shared.ImageUploadMaxSide, "maxMegapixels": shared.ImageMaxPixels / 1_000_000})
	switch {
	case !ok:
	case ct == doctext.HEIC:
		w, h, err := doctext.HEICSize(whole, f.Size)
		if err != nil {
			ok = false
		} else if tooLarge(w, h, shared.ImageUploadMaxSide) {
			return checked{}, pixels
		}
	case ct == doctext.DOCX:
		if err := doctext.CheckDOCX(whole, f.Size); errors.Is(err, doctext.ErrTooLarge) {
			return checked{}, ErrUnpacksLarge.With(map[string]any{"name": name, "maxMB": doctext.DOCXMaxText >> 20, "maxEntries": doctext.DOCXMaxEntries})
		} else if err != nil {
			ok = false
		}
	case strings.HasPrefix(ct, "image/"):
		// The magic bytes are right; the header must be readable too, and
		// name a size that can be decoded later.
		cfg, _, err := image.DecodeConfig(f.Body)
		if err != nil {
			ok = false
		}
		if _, err := f.Body.Seek(0, io.SeekStart); err != nil {
			return checked{}, fmt.Errorf("file: rewind upload: %w", err)
		}
		if ok && tooLarge(cfg.Width, cfg.Height, shared.ImageUploadMaxSide) {
			return checked{}, pixels
		}
	}
	if !ok {
		key := "file.badType"
		if types[doctext.DOCX] != "" {
			key = "file.badPaperType"
		}
		return checked{}, problem.Invalid("files", "fileType", key, args)
	}
	if suffix == "jpg" && strings.EqualFold(path.Ext(name), ".jpeg") {
		suffix = "jpeg"
	}
	return checked{in: f, contentType: ct, suffix: suffix, name: withSuffix(name, suffix)}, nil
}

// readerAt reads the upload at any offset: the multipart file (or the
// test's bytes) as it is, else a copy of it.
func readerAt(f Incoming) (io.ReaderAt, error) {
	if ra, ok := f.Body.(io.ReaderAt); ok {
		return ra, nil
	}
	data, err := io.ReadAll(io.LimitReader(f.Body, f.Size))
	if err == nil {
		_, err = f.Body.Seek(0, io.SeekStart)
	}
	if err != nil {
		return nil, fmt.Errorf("file: read upload: %w", err)
	}
	return bytes.NewReader(data), nil
}

// sniff decides the content type from the first 512 bytes (http.DetectContentType).
func sniff(r io.ReadSeeker) (string, error) {
	buf := make([]byte, 512)
	n, err := io.ReadFull(r, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("file: read upload: %w", err)
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return "", fmt.Errorf("file: rewind upload: %w", err)
	}
	ct := http.DetectContentType(buf[:n])
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return ct, nil
}

// displayName keeps the last segment of a client's file name, without control
// characters, at most 200 characters. It is only ever shown, never a path.
func displayName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return -1
		}
		return r
	}, name))
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	if name == "" || name == "." || name == ".." {
		name = "file"
	}
	return name
}

// withSuffix makes the name's extension match the real content, so a PNG
// sent as "scan.pdf" is kept as "scan.png".
func withSuffix(name, suffix string) string {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
	same := ext == suffix || (suffix == "jpg" && ext == "jpeg") || (suffix == "jpeg" && ext == "jpg")
	if same {
		return name
	}
	if ext != "" && len(name) > len(ext)+1 {
		name = name[:len(name)-len(ext)-1]
	}
	return name + "." + suffix
}

// checkRoom answers 7009 when adding bytes would pass the tenant's total.
func (s *Service) checkRoom(ctx context.Context, q db.Querier, tenant string, adding int64, lim Limits) error {
	if lim.TenantBytes <= 0 {
		return nil
	}
	if tx, ok := q.(*db.Tx); ok && tenant != "" {
		// In the writing transaction, uploads of one facility take their turn, so two at
		// once (on one server or two replicas) cannot both fill its last free bytes.
		if err := db.LockTenant(ctx, tx, tenant); err != nil {
			return err
		}
	}
	used, err := s.store.Usage(ctx, q, tenant)
	if err != nil {
		return err
	}
	if used+adding > lim.TenantBytes {
		return ErrTenantFull.With(map[string]any{"max": mb(lim.TenantBytes), "used": mb(used)})
	}
	return nil
}

// auditView is what the audit log keeps of a file (never its bytes).
func auditView(r *record) map[string]any {
	return map[string]any{"name": r.Name, "category": r.Category, "contentType": r.ContentType, "size": r.Size,
		"sha256": r.SHA256, "confirmedAt": r.ConfirmedAt.Int64, "deletedAt": r.DeletedAt.Int64}
}

func (s *Service) item(r *record) shared.FileItem {
	it := shared.FileItem{FileID: r.ID, Name: r.Name, Suffix: r.Suffix, Size: r.Size, CreateTime: r.CreatedAt,
		Category: r.Category, ContentType: r.ContentType, URL: s.SignedURL(r.ID)}
	if resizable(r.ContentType) {
		it.ThumbURL = s.SignedImageURL(r.ID, shared.AvatarThumbSide)
	}
	return it
}

// readable finds a file p may read, or answers 4004: another facility's file,
// a deleted one, and one p may not see all look alike.
//   - A support-ticket attachment: its uploader, and the super admin (who handles every ticket).
//   - Any other file: the members of its facility; a platform file: its uploader.
//
// The uploader reads his files only while signed in to their facility: the
// owner of two facilities signed in to one does not see the other's files
// (a file belongs to its facility, docs/adding-a-feature.md §4).
func (s *Service) readable(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*record, error) {
	r, err := s.store.ByID(ctx, q, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if r.DeletedAt.Valid || !mayRead(p, r) {
		return nil, problem.NotFound
	}
	return r, nil
}

func mayRead(p *auth.Principal, r *record) bool {
	if r.UploaderID == p.UserID && r.TenantID == tenantOf(p) {
		return true
	}
	if p.IsSuperAdmin() && r.Category == shared.FileServiceTicket {
		return true
	}
	if r.TenantID != p.TenantID || r.TenantID == PlatformTenant || p.TenantID == "" {
		return false
	}
	// A chat's files are read through the chat, by its members (OpenAuthorised).
	return r.Category != shared.FileServiceTicket && r.Category != shared.FileChat
}

// Download opens a file p may read.
func (s *Service) Download(ctx context.Context, p *auth.Principal, id string) (*record, io.ReadCloser, int64, error) {
	r, err := s.readable(ctx, s.db, p, id)
	if err != nil {
		return nil, nil, 0, err
	}
	return s.open(ctx, r)
}

func (s *Service) open(ctx context.Context, r *record) (*record, io.ReadCloser, int64, error) {
	rc, info, err := s.blobs.Open(ctx, r.StorageKey)
	if errors.Is(err, blob.ErrNotFound) {
		s.log.ErrorContext(ctx, "file bytes missing", "file_id", r.ID, "key", r.StorageKey)
		return nil, nil, 0, ErrMissingBytes
	}
	if err != nil {
		return nil, nil, 0, err
	}
	return r, rc, info.Size, nil
}

// Delete removes a file for its uploader or its facility's owner or admin.
// An upload not yet in use goes with its bytes; a confirmed file is part of a
// record and is only marked deleted (records are kept, ../shared/docs/DOMAIN.md).
func (s *Service) Delete(ctx context.Context, p *auth.Principal, id string) error {
	r, err := s.readable(ctx, s.db, p, id)
	if err != nil {
		return err
	}
	manager := r.TenantID == p.TenantID && p.Has(shared.FacilityManagers...)
	if r.UploaderID != p.UserID && !manager {
		return problem.Forbidden
	}
	now := s.now().UnixMilli()
	removed := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var ok bool
		var err error
		action := "file.delete"
		if r.ConfirmedAt.Valid {
			ok, err = s.store.SoftDelete(ctx, tx, r.ID, now)
		} else {
			action = "file.discard"
			ok, err = s.store.DeleteUnconfirmed(ctx, tx, r.ID)
			removed = ok
		}
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotConfirmed // confirmed or removed meanwhile; the caller may try again
		}
		after := auditView(r)
		after["deletedAt"] = now
		return audit.Write(ctx, tx, audit.Entry{TenantID: auditTenant(r.TenantID), ActorID: p.UserID, Action: action,
			Entity: "file", EntityID: r.ID, Before: auditView(r), After: after})
	})
	if err != nil {
		return err
	}
	if removed {
		s.removeBlobs(ctx, r.StorageKey)
	}
	return nil
}

// Confirm marks uploads of p's facility as in use, so the cleanup keeps them.
// Every id must be found, or nothing changes.
func (s *Service) Confirm(ctx context.Context, p *auth.Principal, ids []string) error {
	tenant := tenantOf(p)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, id := range dedupe(ids) {
			r, err := s.store.ByID(ctx, tx, id)
			if errors.Is(err, db.ErrNotFound) {
				return problem.NotFound
			}
			if err != nil {
				return err
			}
			if r.DeletedAt.Valid || r.TenantID != tenant || !mayRead(p, r) {
				return problem.NotFound
			}
			if err := s.confirm(ctx, tx, p, r); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *Service) confirm(ctx context.Context, q db.Querier, p *auth.Principal, r *record) error {
	if r.ConfirmedAt.Valid {
		return nil
	}
	now := s.now().UnixMilli()
	ok, err := s.store.Confirm(ctx, q, r.ID, now)
	if err != nil || !ok {
		return err
	}
	return audit.Write(ctx, q, audit.Entry{TenantID: auditTenant(r.TenantID), ActorID: p.UserID, Action: "file.confirm",
		Entity: "file", EntityID: r.ID, After: map[string]any{"confirmedAt": now}})
}

// Attach checks that ids are p's own uploads of category in p's facility and
// confirms them, in q's transaction (a feature saving a record that holds them
// calls it). Another facility's file, or one p may not read, answers 4004.
func (s *Service) Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error {
	for _, id := range ids {
		r, err := s.store.ByID(ctx, q, id)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if r.DeletedAt.Valid || r.TenantID != tenantOf(p) || r.UploaderID != p.UserID {
			return problem.NotFound
		}
		if r.Category != category {
			return problem.Invalid("fileIds", "category", "file.wrongCategory", map[string]any{"name": r.Name, "category": string(category)})
		}
		if err := s.confirm(ctx, q, p, r); err != nil {
			return err
		}
	}
	return nil
}

// Items are the file items of ids in their order, with signed links, leaving
// out deleted and unknown files. It checks no access: the caller has
// authorised the record that holds the ids.
func (s *Service) Items(ctx context.Context, ids []string) ([]shared.FileItem, error) {
	recs, err := s.store.ByIDs(ctx, s.db, dedupe(ids))
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*record, len(recs))
	for i := range recs {
		byID[recs[i].ID] = &recs[i]
	}
	out := make([]shared.FileItem, 0, len(ids))
	for _, id := range ids {
		if r := byID[id]; r != nil {
			out = append(out, s.item(r))
		}
	}
	return out, nil
}

func dedupe(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Cleanup removes uploads older than UnconfirmedTTL at now that were never
// confirmed, row and bytes, and says how many. Safe to run on several
// replicas at once: the replica whose DELETE removes the row removes the bytes.
func (s *Service) Cleanup(ctx context.Context, now time.Time) (int, error) {
	cutoff := now.Add(-UnconfirmedTTL).UnixMilli()
	removed := 0
	for {
		stale, err := s.store.Stale(ctx, s.db, cutoff, cleanupBatch)
		if err != nil {
			return removed, err
		}
		for i := range stale {
			r := &stale[i]
			var ok bool
			err := s.db.InTx(ctx, func(tx *db.Tx) error {
				var err error
				if ok, err = s.store.DeleteUnconfirmed(ctx, tx, r.ID); err != nil || !ok {
					return err
				}
				return audit.Write(ctx, tx, audit.Entry{TenantID: auditTenant(r.TenantID), Action: "file.expire",
					Entity: "file", EntityID: r.ID, Before: auditView(r)})
			})
			if err != nil {
				return removed, err
			}
			if ok {
				s.removeBlobs(ctx, r.StorageKey)
				removed++
			}
		}
		if len(stale) < cleanupBatch {
			return removed, nil
		}
	}
}

// Run removes stale uploads now and every CleanupEvery until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	t := time.NewTicker(CleanupEvery)
	defer t.Stop()
	for {
		n, err := s.Cleanup(ctx, s.now())
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.ErrorContext(ctx, "file cleanup failed", "err", err)
		case n > 0:
			s.log.InfoContext(ctx, "removed unconfirmed uploads", "count", n)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// removeBlobs removes a file's bytes and every variant made from them (the
// folder of its storage key). A failure only leaves unreachable bytes behind, so it is logged.
func (s *Service) removeBlobs(ctx context.Context, storageKey string) {
	ctx = context.WithoutCancel(ctx)
	keys, err := s.blobs.List(ctx, path.Dir(storageKey)+"/")
	if err != nil {
		s.log.ErrorContext(ctx, "list file bytes", "key", storageKey, "err", err)
		keys = []string{storageKey}
	}
	s.removeKeys(ctx, keys)
}

func (s *Service) removeKeys(ctx context.Context, keys []string) {
	ctx = context.WithoutCancel(ctx)
	for _, k := range keys {
		if err := s.blobs.Delete(ctx, k); err != nil {
			s.log.ErrorContext(ctx, "remove file bytes", "key", k, "err", err)
		}
	}
}
