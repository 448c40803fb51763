package im_test

import (
	"bytes"
	"image"
	_ "image/jpeg"
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

func upload(t *testing.T, e *servertest.Env, c *servertest.Client, chatID, name string, data []byte) *servertest.Response {
	t.Helper()
	return filetest.Post(t, e, c, api+"/message/upload", map[string]string{"chatId": chatID},
		filetest.Part{Field: "file", Name: name, Data: data})
}

// download fetches a chat file's bytes (nil and the envelope's code on a refusal).
func download(t *testing.T, c *servertest.Client, query string) ([]byte, string) {
	t.Helper()
	r := c.Get(t, api+"/file/download?"+query)
	if r.Code != "" {
		return nil, r.Code
	}
	return r.Body, ""
}

// Uploads are typed by their bytes: a picture is an IMAGE with its size, a
// page renamed .png is refused, an empty file and one over 25 MB too. An
// image is sent by its uploader only, to the chat it was uploaded to; its
// members download it and its thumbnail, nobody else does.
func TestUploads(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := e.SignIn(t, "caregiver_maple1")
		wei := e.SignIn(t, "caregiver_maple2")
		c := start(t, owner, "", e.UserID(t, "caregiver_maple1"))
		other := start(t, owner, "", e.UserID(t, "caregiver_maple2"))

		var up shared.ChatUpload
		upload(t, e, owner, c.ID, "wound.png", filetest.PNG(800, 600)).OK(t).Into(t, &up)
		if up.MessageType != shared.MessageImage || up.Width != 800 || up.Height != 600 || up.FileName == "" {
			t.Fatalf("upload %+v", up)
		}
		upload(t, e, owner, c.ID, "page.png", []byte("<html><script>alert(1)</script></html>")).Is(t, 200, shared.CodeValidation)
		upload(t, e, owner, c.ID, "empty.pdf", nil).Is(t, 200, shared.CodeValidation)
		big := append(filetest.PDF(), bytes.Repeat([]byte{' '}, shared.ChatUploadMaxMB<<20)...)
		upload(t, e, owner, c.ID, "big.pdf", big).Is(t, 200, shared.CodeValidation)
		var pdf shared.ChatUpload
		upload(t, e, owner, c.ID, "care plan.pdf", filetest.PDF()).OK(t).Into(t, &pdf)
		if pdf.MessageType != shared.MessageFile {
			t.Fatalf("pdf %+v", pdf)
		}
		// Someone not in the chat cannot upload to it.
		upload(t, e, wei, c.ID, "x.png", filetest.PNG(10, 10)).Is(t, 200, shared.CodeNotFound)

		img := shared.MessagePushRequest{ChatID: c.ID, TrackID: "img-1", MessageType: shared.MessageImage, Content: up.FileName}
		amina.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: c.ID, TrackID: "img-0", MessageType: shared.MessageImage,
			Content: up.FileName}).Is(t, 200, shared.CodeValidation) // not hers
		bad := img
		bad.ChatID = other.ID
		owner.Post(t, api+"/message/push", bad).Is(t, 200, shared.CodeValidation) // uploaded to another chat
		var sent shared.Message
		owner.Post(t, api+"/message/push", img).OK(t).Into(t, &sent)
		if !strings.Contains(sent.Extra, `"width":800`) {
			t.Fatalf("extra %q", sent.Extra)
		}

		orig, code := download(t, amina, "fileName="+up.FileName)
		if code != "" || len(orig) == 0 {
			t.Fatalf("amina downloads: %s", code)
		}
		thumb, code := download(t, amina, "fileName="+up.FileName+"&resize=thumb&preview=true")
		if code != "" {
			t.Fatalf("thumb: %s", code)
		}
		cfg, _, err := image.DecodeConfig(bytes.NewReader(thumb))
		if err != nil || cfg.Width > shared.ChatThumbWidth || cfg.Height > shared.ChatThumbHeight {
			t.Fatalf("thumbnail %dx%d %v", cfg.Width, cfg.Height, err)
		}
		if _, code := download(t, wei, "fileName="+up.FileName); code != shared.CodeNotFound {
			t.Fatalf("wei, not in the chat, gets %q", code)
		}
		if _, code := download(t, e.SignIn(t, "caregiver_cedar1"), "fileName="+up.FileName); code != shared.CodeNotFound {
			t.Fatalf("cedar gets %q", code)
		}
		// Not through the facility-wide file route either.
		r := wei.Get(t, "/api/system/files/downloadAndCompressImage?fileId="+up.FileName+"&width=100&height=100")
		if r.Status == http.StatusOK && r.Code != shared.CodeNotFound {
			t.Fatal("a chat file is readable through the file service by someone outside the chat")
		}
		// Forwarded to Wei, he reads it.
		owner.Post(t, api+"/message/forward", shared.MessageForwardRequest{MessageIDs: []string{sent.ID}, ChatIDs: []string{other.ID},
			Mode: shared.MessageForwardEach, TrackID: "fw"}).OK(t)
		if _, code := download(t, wei, "fileName="+up.FileName); code != "" {
			t.Fatalf("wei after the forward gets %q", code)
		}
	})
}

// A browser's voice recording (WebM) sent as AUDIO is a clip, with its
// duration from the client; named .webm without that, it is a video.
func TestVoiceClip(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", maple)
		c := start(t, owner, "", e.UserID(t, "caregiver_maple2"))
		webm := append([]byte{0x1A, 0x45, 0xDF, 0xA3}, bytes.Repeat([]byte{0x42}, 600)...)
		var clip shared.ChatUpload
		filetest.Post(t, e, owner, api+"/message/upload", map[string]string{"chatId": c.ID, "messageType": "AUDIO"},
			filetest.Part{Field: "file", Name: "voice.webm", Data: webm}).OK(t).Into(t, &clip)
		if clip.MessageType != shared.MessageAudio || clip.ContentType != "audio/webm" {
			t.Fatalf("clip %+v", clip)
		}
		var video shared.ChatUpload
		upload(t, e, owner, c.ID, "walk.webm", webm).OK(t).Into(t, &video)
		if video.MessageType != shared.MessageVideo {
			t.Fatalf("video %+v", video)
		}
		var m shared.Message
		owner.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: c.ID, TrackID: "a-1", MessageType: shared.MessageAudio,
			Content: clip.FileName, Extra: `{"durationMs":4200}`}).OK(t).Into(t, &m)
		if !strings.Contains(m.Extra, `"durationMs":4200`) {
			t.Fatalf("extra %q", m.Extra)
		}
		// A video cannot pass as a picture.
		owner.Post(t, api+"/message/push", shared.MessagePushRequest{ChatID: c.ID, TrackID: "a-2", MessageType: shared.MessageImage,
			Content: video.FileName}).Is(t, 200, shared.CodeValidation)
	})
}
