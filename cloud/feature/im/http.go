package im

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// uploadForm is the multipart body of /message/upload.
type uploadForm struct {
	File        huma.FormFile `form:"file" required:"false" doc:"An image (JPEG, PNG, WebP), a file (PDF, text, zip/Office, GIF), an audio clip (MP3, WAV, Ogg, WebM, M4A) or a video (MP4, WebM), at most 25 MB, decided by content"`
	ChatID      string        `form:"chatId" required:"false" maxLength:"64" doc:"The chat it will be sent to"`
	MessageType string        `form:"messageType" required:"false" maxLength:"16" doc:"AUDIO: a WebM or MP4 recording is a voice clip"`
}

type uploadInput struct {
	RawBody huma.MultipartFormFiles[uploadForm]
}

// renameInput is /chat/name/modify's form-encoded body (a JSON body is read too).
type renameInput struct {
	RawBody []byte `contentType:"application/x-www-form-urlencoded"`
}

// readRename reads chatId and name from a form-encoded (or JSON) body and checks their bounds.
func readRename(raw []byte) (shared.ChatRenameRequest, error) {
	var in shared.ChatRenameRequest
	body := strings.TrimSpace(string(raw))
	if strings.HasPrefix(body, "{") {
		if err := json.Unmarshal(raw, &in); err != nil {
			return in, problem.Invalid("body", "format", "validation.type", nil)
		}
	} else {
		v, err := url.ParseQuery(body)
		if err != nil {
			return in, problem.Invalid("body", "format", "validation.type", nil)
		}
		in.ChatID, in.Name = v.Get("chatId"), v.Get("name")
	}
	if in.ChatID == "" {
		return in, problem.Invalid("chatId", "required", "validation.required", nil)
	}
	if len(in.ChatID) > shared.IDMax {
		return in, problem.Invalid("chatId", "maxLength", "validation.maxLength", map[string]any{"max": shared.IDMax})
	}
	return in, web.CheckBounds(&in) // read by hand, so checked by hand: no control characters
}

// Routes mounts the chat under the im service (spec 001 §7.11; docs/api.md
// "Chat"). Every facility role chats under the Message plan function (the
// free plan has none); the super admin, who has no facility, is told so.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.IM, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.ChatUsers, Function: shared.FnMessage}
	}
	dashboard := op(http.MethodGet, "/dashboard", "The caller's unread chat messages")
	dashboard.Alias = "/dashboard/" // spec 001 §7.11's path, which the UI calls
	web.Handle(api, dashboard,
		func(ctx context.Context, _ *web.None) (*shared.ImDashboard, error) {
			return s.Dashboard(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodPost, "/chat/pageLatest", "The caller's chats, latest activity first, with unread counts and the last message"),
		func(ctx context.Context, in *web.Body[shared.ChatPageRequest]) (*shared.Page[shared.Chat], error) {
			return s.ChatPage(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/chat/start", "Open the direct chat with one person (the same one again), or make a group"),
		func(ctx context.Context, in *web.Body[shared.ChatStartRequest]) (*shared.Chat, error) {
			return s.Start(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/chat/addMember", "Add people of the facility to a group the caller is in"),
		func(ctx context.Context, in *web.Body[shared.ChatMembersRequest]) (*shared.Chat, error) {
			return s.AddMembers(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/chat/removeMember", "Take people out of a group the caller is in"),
		func(ctx context.Context, in *web.Body[shared.ChatMembersRequest]) (*shared.Chat, error) {
			return s.RemoveMembers(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/chat/readAll", "Mark everything in a chat read (a read receipt to its members)"),
		func(ctx context.Context, in *web.Body[shared.ChatReadAllRequest]) (*struct{}, error) {
			return nil, s.ReadAll(ctx, auth.From(ctx), in.Body.ChatID)
		})
	web.Handle(api, op(http.MethodPost, "/chat/leave", "Leave a group or a direct chat (not the facility's channel nor the Hearth chat)"),
		func(ctx context.Context, in *shared.ChatIDQuery) (*struct{}, error) {
			return nil, s.Leave(ctx, auth.From(ctx), in.ChatID)
		})
	web.Handle(api, op(http.MethodPost, "/chat/name/modify", "Rename a group the caller is in (form encoded: chatId, name)"),
		func(ctx context.Context, in *renameInput) (*shared.Chat, error) {
			req, err := readRename(in.RawBody)
			if err != nil {
				return nil, err
			}
			return s.Rename(ctx, auth.From(ctx), req)
		})
	web.Handle(api, op(http.MethodPost, "/chat/autoTranslate", "The caller's per-chat switch: show translations without asking"),
		func(ctx context.Context, in *web.Body[shared.ChatAutoTranslateRequest]) (*shared.Chat, error) {
			return s.SetAutoTranslate(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/message/pageLatest", "A page of a chat's messages, oldest first, with cached translations"),
		func(ctx context.Context, in *web.Body[shared.MessagePageRequest]) (*shared.MessagePage, error) {
			return s.MessagePage(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/message/push", "Send a message; the same trackId again answers the stored message"),
		func(ctx context.Context, in *web.Body[shared.MessagePushRequest]) (*shared.Message, error) {
			return s.Push(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/message/delete", "Delete messages for the caller only"),
		func(ctx context.Context, in *web.Body[shared.MessageDeleteRequest]) (*struct{}, error) {
			return nil, s.DeleteForMe(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/message/forward", "Forward messages, each or merged, to chats the caller is in"),
		func(ctx context.Context, in *web.Body[shared.MessageForwardRequest]) ([]shared.Message, error) {
			return s.Forward(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/message/translate", "A message's text in the caller's language (cached; 4150 without an AI provider)"),
		func(ctx context.Context, in *web.Body[shared.MessageTranslateRequest]) (*shared.MessageTranslation, error) {
			return s.Translate(ctx, auth.From(ctx), in.Body.MessageID)
		})
	web.Handle(api, op(http.MethodGet, "/message/recall", "Recall the caller's message for everyone, within the recall window"),
		func(ctx context.Context, in *shared.MessageIDQuery) (*shared.Message, error) {
			return s.Recall(ctx, auth.From(ctx), in.MessageID)
		})
	uploadOp := op(http.MethodPost, "/message/upload", "Upload an image, file, audio clip or video to send to a chat")
	uploadOp.MaxBodyBytes = ChatUploadMaxBytes + 1<<20
	web.Handle(api, uploadOp, func(ctx context.Context, in *uploadInput) (*shared.ChatUpload, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.File)
		files := upload.FromForm([]huma.FormFile{form.File})
		if len(files) == 0 {
			return nil, problem.Invalid("file", "required", "validation.required", nil)
		}
		if form.ChatID == "" {
			return nil, problem.Invalid("chatId", "required", "validation.required", nil)
		}
		return s.Upload(ctx, auth.From(ctx), form.ChatID, strings.EqualFold(form.MessageType, string(shared.MessageAudio)), files[0])
	})
	web.Handle(api, op(http.MethodPost, "/contact/page", "The people of the caller's facility they may talk to"),
		func(ctx context.Context, in *web.Body[shared.ContactPageRequest]) (*shared.Page[shared.Contact], error) {
			return s.Contacts(ctx, auth.From(ctx), in.Body)
		})
	web.HandleFile(api, op(http.MethodGet, "/file/download", "A chat's file for the members of a chat it was sent to; images resized on request"),
		func(ctx context.Context, in *shared.ChatFileQuery) (*web.File, error) {
			return s.Download(ctx, auth.From(ctx), *in)
		})
}
