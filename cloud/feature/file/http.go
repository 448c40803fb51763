package file

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// uploadForm is the multipart body of /files/upload. The category enum must
// list shared.FileCategories (a test checks it).
type uploadForm struct {
	Files    []huma.FormFile     `form:"files" required:"false" doc:"One or more PDF, JPEG or PNG files (decided by content)"`
	Category shared.FileCategory `form:"category" enum:"SERVICE_TICKET_FILE,AVATAR,CARE_PLAN,ASSESSMENT,MEDICAL_RECORD,PHYSICIAN_ORDER,INSURANCE,IDENTIFICATION,OTHER,CAREGIVER_CREDENTIAL,FACILITY_DOCUMENT"`
}

type uploadInput struct {
	RawBody huma.MultipartFormFiles[uploadForm]
}

// avatarForm is the multipart body of /user/uploadAvatar.
type avatarForm struct {
	File   huma.FormFile `form:"file" required:"false" doc:"JPEG, PNG or WebP, at most 10 MB and 4096 × 4096"`
	UserID string        `form:"userId" required:"false" maxLength:"64" doc:"Your own user id (a super admin may name another user)"`
}

type avatarInput struct {
	RawBody huma.MultipartFormFiles[avatarForm]
}

// uploadBodyLimit bounds an upload request: every file at its limit, plus room for the form.
func uploadBodyLimit(l Limits) int64 {
	const ceiling = 4 << 30
	if l.MaxFileBytes <= 0 || l.MaxFiles <= 0 {
		return ceiling
	}
	return min(ceiling, l.MaxFileBytes*int64(l.MaxFiles)+1<<20)
}

// Routes mounts the file service (spec 001 §7.4) and the avatar upload (§7.2)
// under the system service. Files belong to every plan and every role.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn, Function: web.AnyPlan}
	}

	uploadOp := op(http.MethodPost, "/files/upload", "Upload files (PDF, JPEG, PNG by content); all are stored or none")
	uploadOp.MaxBodyBytes = uploadBodyLimit(s.Limits())
	web.Handle(api, uploadOp, func(ctx context.Context, in *uploadInput) ([]shared.FileItem, error) {
		form := in.RawBody.Data()
		files := upload.FromForm(form.Files)
		defer upload.CloseAll(form.Files...)
		return s.Upload(ctx, auth.From(ctx), form.Category, files)
	})

	web.HandleFile(api, op(http.MethodGet, "/files/downloadByPath", "A file's bytes: inline to preview, attachment to save"),
		func(ctx context.Context, in *shared.DownloadQuery) (*web.File, error) {
			r, body, size, err := s.Download(ctx, auth.From(ctx), in.Path)
			if err != nil {
				return nil, err
			}
			name := r.Name
			if n := strings.TrimSpace(in.FileName); n != "" {
				name = withSuffix(displayName(n), r.Suffix)
			}
			return &web.File{Name: name, ContentType: r.ContentType, Size: size, Inline: in.Preview, Body: body}, nil
		})

	web.HandleFile(api, op(http.MethodGet, "/files/downloadAndCompressImage", "An image scaled to fit inside width × height, as JPEG (cached)"),
		func(ctx context.Context, in *shared.CompressImageQuery) (*web.File, error) {
			r, body, size, err := s.CompressImage(ctx, auth.From(ctx), in.FileID, in.Width, in.Height)
			if err != nil {
				return nil, err
			}
			return &web.File{Name: withSuffix(r.Name, "jpg"), ContentType: "image/jpeg", Size: size, Inline: in.Preview, Body: body}, nil
		})

	web.Handle(api, op(http.MethodGet, "/files/delete", "Delete a file: an unused upload is removed, a confirmed file is kept as deleted"),
		func(ctx context.Context, in *shared.FileIDQuery) (*struct{}, error) {
			return nil, s.Delete(ctx, auth.From(ctx), in.FileID)
		})

	web.Handle(api, op(http.MethodPost, "/files/confirmed", "Mark uploads as in use (unconfirmed uploads are removed after 24 hours)"),
		func(ctx context.Context, in *web.Body[shared.ConfirmFilesRequest]) (*struct{}, error) {
			return nil, s.Confirm(ctx, auth.From(ctx), in.Body.FileIDs)
		})

	web.HandleFile(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/files/signed/{fileId}", Access: web.Public,
		Summary: "A file's bytes through a signed link (for <img>; no headers needed; valid 10 minutes)"},
		func(ctx context.Context, in *shared.SignedFileQuery) (*web.File, error) {
			r, body, size, left, err := s.OpenSigned(ctx, in.FileID, in.Exp, in.Sig, in.Size)
			if err != nil {
				return nil, err
			}
			return &web.File{Name: r.Name, ContentType: r.ContentType, Size: size, Inline: true, Body: body, MaxAge: left}, nil
		})

	avatar := op(http.MethodPost, "/user/uploadAvatar", "Set the avatar: an image stored as 400 × 400 JPEG with a 64 × 64 thumbnail")
	avatar.MaxBodyBytes = 2*shared.AvatarMaxBytes + 1<<20 // larger files still get the avatar's own "too large" answer
	web.Handle(api, avatar, func(ctx context.Context, in *avatarInput) (*shared.FileItem, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.File)
		var f Incoming
		if form.File.IsSet {
			f = Incoming{Name: form.File.Filename, Size: form.File.Size, Body: form.File.File}
		}
		return s.UploadAvatar(ctx, auth.From(ctx), form.UserID, f)
	})
}
