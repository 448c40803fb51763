package file

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"net/url"
	"strconv"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// SignedURLTTL is how long a signed link works (a FileItem's url).
const SignedURLTTL = shared.SignedURLTTLMillis * time.Millisecond

// SignedPath is where signed links point, under the system service.
const SignedPath = "/api/system/files/signed/"

// signature is HMAC-SHA256 over the file id and the expiry, keyed with the
// server's secret, so a link cannot be moved to another file or extended.
func (s *Service) signature(fileID string, exp int64, size int) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("hearth-file-link\x00" + fileID + "\x00" + strconv.FormatInt(exp, 10)))
	if size > 0 { // an image size is signed too, so a thumbnail link cannot be turned into another size
		m.Write([]byte("\x00" + strconv.Itoa(size)))
	}
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// SignedURL is a relative link to the file's bytes that needs no headers,
// for <img> tags and plain links, valid SignedURLTTL from now.
func (s *Service) SignedURL(fileID string) string {
	exp := s.now().Add(SignedURLTTL).UnixMilli()
	return SignedPath + url.PathEscape(fileID) + "?exp=" + strconv.FormatInt(exp, 10) + "&sig=" + s.signature(fileID, exp, 0)
}

// SignedImageURL is like SignedURL for an image scaled to fit side × side
// (JPEG, made once and kept next to the original).
func (s *Service) SignedImageURL(fileID string, side int) string {
	exp := s.now().Add(SignedURLTTL).UnixMilli()
	return SignedPath + url.PathEscape(fileID) + "?exp=" + strconv.FormatInt(exp, 10) + "&size=" + strconv.Itoa(side) +
		"&sig=" + s.signature(fileID, exp, side)
}

// AvatarThumbURL is the signed link of a user's 64 × 64 avatar thumbnail ("" for
// none), made when the avatar was stored (spec 001 §9), for the header.
func (s *Service) AvatarThumbURL(fileID string) string {
	if fileID == "" {
		return ""
	}
	return s.SignedImageURL(fileID, shared.AvatarThumbSide)
}

// AvatarURL is the signed link of a user's avatar file ("" for none). The
// identity service calls it for getUserInfo.
func (s *Service) AvatarURL(fileID string) string {
	if fileID == "" {
		return ""
	}
	return s.SignedURL(fileID)
}

// OpenSigned opens the file of a signed link after checking the signature
// and the expiry; it also says how long the link has left.
func (s *Service) OpenSigned(ctx context.Context, fileID string, exp int64, sig string, size int) (*record, io.ReadCloser, int64, time.Duration, error) {
	want := s.signature(fileID, exp, size)
	if !hmac.Equal([]byte(sig), []byte(want)) {
		return nil, nil, 0, 0, ErrLinkInvalid
	}
	left := time.UnixMilli(exp).Sub(s.now())
	if left <= 0 {
		return nil, nil, 0, 0, ErrLinkInvalid
	}
	r, err := s.store.ByID(ctx, s.db, fileID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, 0, 0, problem.NotFound
	}
	if err != nil {
		return nil, nil, 0, 0, err
	}
	if r.DeletedAt.Valid {
		return nil, nil, 0, 0, problem.NotFound
	}
	if size > 0 {
		if !resizable(r.ContentType) {
			return nil, nil, 0, 0, problem.Invalid("fileId", "fileType", "file.notImage", map[string]any{"name": r.Name})
		}
		r, rc, n, err := s.variant(ctx, r, sizeFor(size, size))
		return r, rc, n, left, err
	}
	r, rc, n, err := s.open(ctx, r)
	return r, rc, n, left, err
}
