// Package request is requests (applications): a caregiver asks for leave or
// a shift adjustment, the owner or an admin approves or refuses it (spec 000
// §3 "Application", §4 "Leave request: pending, approved, pass, refused", §6
// "owner / admin approves or refuses requests"; spec 001 §7.8 applicationForm).
package request

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// MaxSpan bounds one request's time range: a year covers any leave a home grants at once.
const MaxSpan = 366 * 24 * time.Hour

// Problems this package answers. A request the caller may not see answers
// problem.NotFound (4004), whether it is another facility's or a colleague's.
var (
	ErrDecided         = problem.New(shared.CodeConflict, "request.decided")
	ErrEndBeforeStart  = problem.Invalid("endTime", "minimum", "request.endBeforeStart", nil)
	ErrSpanTooLong     = problem.Invalid("endTime", "maximum", "request.spanTooLong", map[string]any{"days": 366})
	ErrCommentRequired = problem.Invalid("comment", "required", "request.commentRequired", nil)
	ErrOwnRequest      = problem.New(shared.CodeForbidden, "request.ownRequest")
)

// Service is the request service.
type Service struct {
	db    *db.DB
	store Store
	mail  mail.Sender
	chat  Chat // Hearth's chat (chat.go)
	log   *slog.Logger
	now   func() time.Time
}

// Deps are the request service's collaborators, all required but Log and
// Now (slog.Default, time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB   *db.DB
	Mail mail.Sender // tells requesters about decisions (notify.go)
	Chat Chat        // Hearth's chat: approved leave (chat.go)
	Log  *slog.Logger
	Now  func() time.Time
}

// New makes the request service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("request", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, mail: d.Mail, chat: d.Chat, log: d.Log, now: d.Now}, nil
}

// isManager reports whether p decides requests and sees the facility's.
func isManager(p *auth.Principal) bool {
	return p.Has(shared.FacilityManagers...)
}

// scopeOf is what p may see, from the token alone.
func scopeOf(p *auth.Principal) scope {
	if isManager(p) {
		return scope{tenantID: p.TenantID}
	}
	return scope{tenantID: p.TenantID, creatorID: p.UserID}
}

// Save files a new request, or edits the caller's own while it is PENDING.
func (s *Service) Save(ctx context.Context, p *auth.Principal, req shared.SaveApplicationFormRequest) (*shared.ApplicationForm, error) {
	if p.TenantID == "" {
		return nil, problem.Forbidden
	}
	switch req.Type {
	case shared.ApplicationLeave, shared.ApplicationShiftAdjustment:
	default:
		return nil, problem.Invalid("type", "enum", "validation.enum", map[string]any{"values": "LEAVE, SHIFT_ADJUSTMENT"})
	}
	reason := strings.TrimSpace(req.Reason)
	if reason == "" {
		return nil, problem.Invalid("reason", "required", "validation.required", nil)
	}
	if utf8.RuneCountInString(reason) > shared.ApplicationReasonMax {
		return nil, problem.Invalid("reason", "maxLength", "validation.maxLength", map[string]any{"max": shared.ApplicationReasonMax})
	}
	if req.EndTime <= req.StartTime {
		return nil, ErrEndBeforeStart
	}
	if time.Duration(req.EndTime-req.StartTime)*time.Millisecond > MaxSpan {
		return nil, ErrSpanTooLong
	}
	now := s.now().UnixMilli()
	r := &row{ID: strings.TrimSpace(req.ApplicationID), TenantID: p.TenantID, CreatorID: p.UserID, Type: req.Type,
		StartAt: req.StartTime, EndAt: req.EndTime, Reason: reason, CreatedAt: now, UpdatedAt: now}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if r.ID == "" {
			r.ID = uuid.Must(uuid.NewV7()).String()
			if err := s.store.Insert(ctx, tx, r); err != nil {
				return err
			}
			return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "request.create",
				Entity: "application_form", EntityID: r.ID, After: toForm(r)})
		}
		before, err := s.store.Get(ctx, tx, scope{tenantID: p.TenantID, creatorID: p.UserID}, r.ID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		ok, err := s.store.Edit(ctx, tx, r)
		if err != nil {
			return err
		}
		if !ok {
			return ErrDecided
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "request.edit",
			Entity: "application_form", EntityID: r.ID, Before: toForm(before), After: toForm(r)})
	})
	if err != nil {
		return nil, err
	}
	return s.get(ctx, scopeOf(p), r.ID)
}

// Approval approves (the spec's "pass") or refuses a PENDING request of the
// facility, once. Refusing needs a comment; nobody decides their own request.
// After the decision commits the requester is e-mailed (see notifyDecided);
// approved leave is also said in their Hearth chat, in the decision's
// transaction (chat.go).
func (s *Service) Approval(ctx context.Context, p *auth.Principal, q shared.ApprovalQuery) (*shared.ApplicationForm, error) {
	if p.TenantID == "" || !isManager(p) {
		return nil, problem.Forbidden
	}
	status := q.Status
	switch status {
	case shared.ApplicationPass, shared.ApplicationApproved:
		status = shared.ApplicationApproved
	case shared.ApplicationRefused:
	default:
		return nil, problem.Invalid("status", "enum", "validation.enum", map[string]any{"values": "APPROVED, REFUSED"})
	}
	comment := strings.TrimSpace(q.Comment)
	if utf8.RuneCountInString(comment) > shared.ApplicationCommentMax {
		return nil, problem.Invalid("comment", "maxLength", "validation.maxLength", map[string]any{"max": shared.ApplicationCommentMax})
	}
	if status == shared.ApplicationRefused && comment == "" {
		return nil, ErrCommentRequired
	}
	sc := scope{tenantID: p.TenantID}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.store.Get(ctx, tx, sc, q.ApplicationID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if before.CreatorID == p.UserID {
			return ErrOwnRequest
		}
		now := s.now().UnixMilli()
		ok, err := s.store.Decide(ctx, tx, p.TenantID, before.ID, status, p.UserID, comment, now)
		if err != nil {
			return err
		}
		if !ok {
			return ErrDecided
		}
		if status == shared.ApplicationApproved {
			if err := s.chatLeaveApproved(ctx, tx, p.TenantID, before, now); err != nil {
				return err
			}
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "request.decide",
			Entity: "application_form", EntityID: before.ID, Before: map[string]any{"status": before.Status},
			After: map[string]any{"status": status, "comment": comment}})
	})
	if err != nil {
		return nil, err
	}
	f, err := s.get(ctx, sc, q.ApplicationID)
	if err != nil {
		return nil, err
	}
	s.notifyDecided(ctx, p.TenantID, f)
	return f, nil
}

// List is one page of requests: the caller's own, or for an owner or admin
// the facility's (optionally one creator's). Pending first, then newest.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.ApplicationFormFilter]) (*shared.Page[shared.ApplicationForm], error) {
	if p.TenantID == "" {
		return nil, problem.Forbidden
	}
	f := filter{scope: scopeOf(p), status: req.Data.Status, typ: req.Data.Type}
	if isManager(p) {
		f.creator = strings.TrimSpace(req.Data.Creator)
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, f, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, toForm), nil
}

// CountPending is the sidebar's applicationFormCount: the facility's pending
// requests for an owner or admin, a caregiver's own pending ones, 0 for
// someone with no facility. It matches resident.CounterFunc.
func (s *Service) CountPending(ctx context.Context, p *auth.Principal) (int, error) {
	if p == nil || p.TenantID == "" {
		return 0, nil
	}
	return s.store.CountPending(ctx, s.db, scopeOf(p))
}

func (s *Service) get(ctx context.Context, sc scope, id string) (*shared.ApplicationForm, error) {
	r, err := s.store.Get(ctx, s.db, sc, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	f := toForm(r)
	return &f, nil
}

// toForm converts a row to its wire form.
func toForm(r *row) shared.ApplicationForm {
	return shared.ApplicationForm{ApplicationID: r.ID, Type: r.Type, StartTime: r.StartAt, EndTime: r.EndAt, Reason: r.Reason,
		Status: r.Status, Creator: r.CreatorID, CreatorName: r.CreatorName, CreatorColor: r.CreatorColor.String,
		Approver: r.ApproverID.String, ApproverName: r.ApproverName, Comment: r.Comment, ApproveTime: r.DecidedAt.Int64,
		CreateTime: r.CreatedAt, UpdateTime: r.UpdatedAt}
}
