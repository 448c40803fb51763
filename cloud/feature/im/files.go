package im

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // decoders for image.DecodeConfig
	_ "image/png"
	"io"
	"net/http"
	"path"
	"strings"

	_ "golang.org/x/image/webp" // phones send WebP pictures

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// chatType is what a chat upload is, decided from its first bytes
// (http.DetectContentType, the WHATWG MIME sniffing algorithm), never from
// its name: a page or a script renamed .png is refused.
type chatType struct {
	kind   shared.MessageKind
	suffix string
}

var chatTypes = map[string]chatType{
	"image/jpeg":                {shared.MessageImage, "jpg"},
	"image/png":                 {shared.MessageImage, "png"},
	"image/webp":                {shared.MessageImage, "webp"},
	"image/gif":                 {shared.MessageFile, "gif"},
	"application/pdf":           {shared.MessageFile, "pdf"},
	"text/plain; charset=utf-8": {shared.MessageFile, "txt"},
	"application/zip":           {shared.MessageFile, "zip"}, // also .docx, .xlsx, .pptx (kept by name below)
	"audio/mpeg":                {shared.MessageAudio, "mp3"},
	"audio/wave":                {shared.MessageAudio, "wav"},
	"audio/aiff":                {shared.MessageAudio, "aiff"},
	"application/ogg":           {shared.MessageAudio, "ogg"},
	"video/mp4":                 {shared.MessageVideo, "mp4"},
	"video/webm":                {shared.MessageVideo, "webm"},
}

// audioNames: a WebM or MP4 file is a voice clip when the client says so or names it so
// (a browser's MediaRecorder writes audio-only WebM, which sniffs as video/webm).
var audioNames = map[string]string{".weba": "webm", ".webm": "webm", ".m4a": "m4a", ".mp4": "m4a", ".opus": "webm"}

var officeNames = map[string]bool{".docx": true, ".xlsx": true, ".pptx": true, ".odt": true, ".ods": true}

// ChatUploadMaxBytes is the largest chat upload.
const ChatUploadMaxBytes = shared.ChatUploadMaxMB << 20

// Upload keeps a file the caller will send to a chat they are in: its kind
// from its content (an image, a file, an audio clip or a video), at most
// ChatUploadMaxMB. Push it as the answer's messageType with the fileName as content.
func (s *Service) Upload(ctx context.Context, p *auth.Principal, chatID string, asAudio bool, f upload.File) (*shared.ChatUpload, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	c, _, err := s.memberChat(ctx, s.db, tenant, chatID, p.UserID)
	if err != nil {
		return nil, err
	}
	if c.Kind == shared.ChatSystem {
		return nil, ErrReadOnly
	}
	name := path.Base(strings.ReplaceAll(f.Name, "\\", "/"))
	if f.Size <= 0 || f.Body == nil {
		return nil, problem.Invalid("file", "empty", "im.emptyFile", map[string]any{"name": name})
	}
	if f.Size > ChatUploadMaxBytes {
		return nil, problem.Invalid("file", "maxSize", "im.fileTooLarge", map[string]any{"name": name, "max": shared.ChatUploadMaxMB})
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(f.Body, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("im: read upload: %w", err)
	}
	if _, err := f.Body.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("im: rewind upload: %w", err)
	}
	ct := http.DetectContentType(head[:n])
	t, ok := chatTypes[ct]
	if !ok {
		return nil, problem.Invalid("file", "fileType", "im.badType", map[string]any{"name": name})
	}
	ext := strings.ToLower(path.Ext(name))
	if ct == "application/zip" && officeNames[ext] {
		t.suffix = ext[1:]
	}
	if (ct == "video/webm" || ct == "video/mp4") && (asAudio || (ext != ".webm" && ext != ".mp4" && audioNames[ext] != "")) {
		t = chatType{shared.MessageAudio, audioNames[ext]}
		if t.suffix == "" {
			t.suffix = strings.TrimPrefix(ct, "video/")
		}
		ct = strings.Replace(ct, "video/", "audio/", 1)
	}
	out := &shared.ChatUpload{MessageType: t.kind, ContentType: strings.SplitN(ct, ";", 2)[0], Size: f.Size}
	if t.kind == shared.MessageImage {
		cfg, _, err := image.DecodeConfig(io.LimitReader(f.Body, 1<<20))
		if _, serr := f.Body.Seek(0, io.SeekStart); serr != nil {
			return nil, fmt.Errorf("im: rewind upload: %w", serr)
		}
		if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
			return nil, problem.Invalid("file", "fileType", "im.badType", map[string]any{"name": name})
		}
		if cfg.Width > shared.ImageUploadMaxSide || cfg.Height > shared.ImageUploadMaxSide || cfg.Width*cfg.Height > shared.ImageMaxPixels {
			return nil, problem.Invalid("file", "imageDimensions", "im.imageTooLarge", map[string]any{"name": name, "maxSide": shared.ImageUploadMaxSide})
		}
		out.Width, out.Height = cfg.Width, cfg.Height
	}
	item, err := s.files.UploadTyped(ctx, p, shared.FileChat, f, out.ContentType, t.suffix, ChatUploadMaxBytes)
	if err != nil {
		return nil, err
	}
	out.FileName, out.OriginName = item.FileID, item.Name
	details, _ := json.Marshal(map[string]any{"name": item.Name, "size": item.Size, "contentType": out.ContentType,
		"width": out.Width, "height": out.Height})
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		return s.store.AddFile(ctx, tx, tenant, c.ID, item.FileID, p.UserID, t.kind, string(details), s.now().UnixMilli())
	})
	return out, err
}

// Download opens a chat's file for a member of a chat it was sent to
// (anyone else: 4004): the original, or an image's thumbnail (250 × 150) or
// large copy (1280 × 800, spec 001 §9) made by the file service.
func (s *Service) Download(ctx context.Context, p *auth.Principal, in shared.ChatFileQuery) (*web.File, error) {
	tenant, err := tenantOf(p)
	if err != nil {
		return nil, err
	}
	ok, err := s.store.FileReadable(ctx, s.db, tenant, p.UserID, in.FileName)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, problem.NotFound
	}
	w, h := 0, 0
	switch in.Resize {
	case shared.ChatImageThumb:
		w, h = shared.ChatThumbWidth, shared.ChatThumbHeight
	case shared.ChatImageLarge:
		w, h = shared.ChatLargeWidth, shared.ChatLargeHeight
	}
	item, rc, size, err := s.files.OpenAuthorised(ctx, tenant, in.FileName, w, h)
	if err != nil {
		return nil, err
	}
	return &web.File{Name: item.Name, ContentType: item.ContentType, Size: size, Inline: in.Preview, Body: rc}, nil
}
