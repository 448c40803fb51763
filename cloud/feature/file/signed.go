package file

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/url"
	"strconv"
	"time"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// SignedURLTTL is how long a signed link works (a FileItem's url).
const SignedURLTTL = shared.SignedURLTTLMillis * time.Millisecond

// SignedPath is where signed links point, under the system service.
const SignedPath = "/api/system/files/signed/"

// signature is HMAC-SHA256 over the file id and the expiry, keyed with the
// server's secret, so a link cannot be moved to another file or extended.
func (s *Service) signature(fileID string, exp int64) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("hearth-file-link\x00" + fileID + "\x00" + strconv.FormatInt(exp, 10)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// SignedURL is a relative link to the file's bytes that needs no headers,
// for <img> tags and plain links, valid SignedURLTTL from now.
func (s *Service) SignedURL(fileID string) string {
	exp := s.now().Add(SignedURLTTL).UnixMilli()
	return SignedPath + url.PathEscape(fileID) + "?exp=" + strconv.FormatInt(exp, 10) + "&sig=" + s.signature(fileID, exp)
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
func (s *Service) OpenSigned(ctx context.Context, fileID string, exp int64, sig string) (*record, io.ReadCloser, int64, time.Duration, error) {
	want := s.signature(fileID, exp)
	if !hmac.Equal([]byte(sig), []byte(want)) {
		return nil, nil, 0, 0, ErrLinkInvalid
	}
	left := time.UnixMilli(exp).Sub(s.now())
	if left <= 0 {
		return nil, nil, 0, 0, ErrLinkInvalid
	}
	r, err := s.store.ByID(ctx, s.db, fileID)
	if err != nil {
		return nil, nil, 0, 0, err
	}
	if r == nil || r.DeletedAt.Valid {
		return nil, nil, 0, 0, problem.NotFound
	}
	r, rc, size, err := s.open(ctx, r)
	return r, rc, size, left, err
}
