package im

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/realtime"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// Problems of this package (messages in messages/*.json).
var (
	ErrNoFacility    = problem.New(shared.CodeForbidden, "im.noFacility")
	ErrReadOnly      = problem.New(shared.CodeForbidden, "im.readOnly")
	ErrNotGroup      = problem.New(shared.CodeConflict, "im.notGroup")
	ErrCannotLeave   = problem.New(shared.CodeConflict, "im.cannotLeave")
	ErrRecallTooLate = problem.New(shared.CodeConflict, "im.recallTooLate")
	ErrNotYours      = problem.New(shared.CodeForbidden, "im.notYours")
	ErrGroupFull     = problem.New(shared.CodeConflict, "im.groupFull")
	ErrNothingToRead = problem.New(shared.CodeConflict, "im.notTranslatable")
)

// Files is what the chat needs from the file service (file.Service has it):
// media stored with the chat's own type rules, confirmed when sent, and read
// by the members the chat has checked.
type Files interface {
	UploadTyped(ctx context.Context, p *auth.Principal, category shared.FileCategory, f upload.File, contentType, suffix string, maxBytes int64) (*shared.FileItem, error)
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	OpenAuthorised(ctx context.Context, tenantID, id string, w, h int) (shared.FileItem, io.ReadCloser, int64, error)
	// AvatarThumbURL is the signed link of an avatar's 64 × 64 thumbnail ("" for none).
	AvatarThumbURL(fileID string) string
}

// Alerts is Web Push (cloud/feature/push), wired by cloud/server: a person's
// message is a push job for each other member, in the message's transaction.
type Alerts interface {
	Chat(ctx context.Context, tx *db.Tx, tenantID string, to []string, chatID, sender, text string) error
}

// Translator is the AI service's translation (aiservice.Service), wired by cloud/server.
type Translator interface {
	Translate(ctx context.Context, p *auth.Principal, in shared.TranslateRequest) (*shared.TranslationResult, error)
}

// Service is the chat service.
type Service struct {
	db         *db.DB
	store      Store
	files      Files
	translator Translator
	pub        realtime.Publisher
	alerts     Alerts
	params     *param.Params // the recall window (param.ChatRecallSeconds)
	forwardMax int
	log        *slog.Logger
	now        func() time.Time
}

// Deps are the chat service's collaborators, all required but Config
// (config.DefaultChat), Log and Now (slog.Default, time.Now): New refuses a
// Deps with one missing.
type Deps struct {
	DB         *db.DB
	Files      Files              // uploads, voice messages, avatars
	Translator Translator         // the AI service's translation
	Publisher  realtime.Publisher // carries frames to the members' sockets
	Alerts     Alerts             // Web Push to the members' phones
	Params     *param.Params      // the recall window (its default is Config's RecallSeconds, given to param.New)
	Config     config.Chat        // ForwardMax
	Log        *slog.Logger
	Now        func() time.Time
}

// New makes the chat service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("im", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	cfg, def := d.Config, config.DefaultChat()
	if cfg.ForwardMax <= 0 || cfg.ForwardMax > shared.ChatForwardMax {
		cfg.ForwardMax = def.ForwardMax
	}
	return &Service{db: d.DB, files: d.Files, translator: d.Translator, pub: d.Publisher, alerts: d.Alerts, params: d.Params,
		forwardMax: cfg.ForwardMax, log: d.Log, now: d.Now}, nil
}

// SetPublisher replaces who carries frames to the members' sockets (a
// test's recorder); pub must not be nil.
func (s *Service) SetPublisher(pub realtime.Publisher) {
	if pub == nil {
		panic("im.SetPublisher: nil Publisher")
	}
	s.pub = pub
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// tenantOf is the facility the caller chats in: the super admin has none.
func tenantOf(p *auth.Principal) (string, error) {
	if p.TenantID == "" {
		return "", ErrNoFacility
	}
	return p.TenantID, nil
}

// facilityPublisher is a publisher that can address the sockets signed in
// to one facility (realtime.Hub): a person who works at two facilities sees
// each facility's chat only on the sockets signed in to it.
type facilityPublisher interface {
	PublishIn(ctx context.Context, q db.Querier, tenantID string, userIDs []string, frame shared.ImFrame) error
}

// publish sends a frame to users' sockets signed in to tenantID, after q's
// transaction commits.
func (s *Service) publish(ctx context.Context, q db.Querier, tenantID string, users []string, action shared.ImAction, data any) error {
	if len(users) == 0 {
		return nil
	}
	frame := shared.ImFrame{Action: action, Data: data}
	if fp, ok := s.pub.(facilityPublisher); ok {
		return fp.PublishIn(ctx, q, tenantID, users, frame)
	}
	return s.pub.Publish(ctx, q, users, frame)
}

// memberChat is a chat of the caller's facility the caller is in now. A chat
// of another facility, an unknown one and one the caller left or was removed
// from look alike (4004), so ids cannot be probed.
func (s *Service) memberChat(ctx context.Context, q db.Querier, tenantID, chatID, userID string) (*chatRow, *memberRow, error) {
	c, err := s.store.Chat(ctx, q, tenantID, chatID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, problem.NotFound
	}
	if err != nil {
		return nil, nil, err
	}
	m, err := s.store.Member(ctx, q, chatID, userID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, problem.NotFound
	}
	if err != nil {
		return nil, nil, err
	}
	if m.Left {
		return nil, nil, problem.NotFound
	}
	return c, m, nil
}

// userIDs are the members' user ids.
func userIDs(ms []memberRow) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UserID
	}
	return out
}

// others are ids without userID.
func others(ids []string, userID string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id != userID {
			out = append(out, id)
		}
	}
	return out
}

// params is a SYSTEM or EVENT message's params as its extra.
func params(v map[string]string) string {
	if len(v) == 0 {
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// toMessage is a stored message as the caller reads it.
func toMessage(m *messageRow, translation string) shared.Message {
	return shared.Message{ID: m.ID, TrackID: m.TrackID, ChatID: m.ChatID, Seq: m.Seq, MessageType: m.Kind, Content: m.Content,
		Format: m.Format, Extra: m.Extra, Sender: m.SenderID, SenderName: m.SenderName, Timestamp: m.CreatedAt,
		SendingState: shared.SendingSuccess, ReferMessageID: m.ReferID, ReferMessageContent: m.ReferContent, Recalled: m.Recalled,
		Language: m.Language, Translation: translation}
}

// toMember is a member on the wire.
func (s *Service) toMember(m memberRow) shared.ChatMember {
	return shared.ChatMember{UserID: m.UserID, Name: m.Name, Avatar: s.avatar(m.Avatar), RoleType: m.Role, ReadSeq: m.ReadSeq}
}

// avatar is the signed link of a person's avatar thumbnail.
func (s *Service) avatar(fileID string) string {
	if fileID == "" {
		return ""
	}
	return s.files.AvatarThumbURL(fileID)
}

// audit records a change to a chat's people, name or a recalled message in
// q's transaction. Messages themselves are the chat's own record and are not
// copied to the audit log.
func (s *Service) audit(ctx context.Context, q db.Querier, p *auth.Principal, action, entity, id string, before, after any) error {
	return audit.Write(ctx, q, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: entity, EntityID: id,
		Before: before, After: after})
}
