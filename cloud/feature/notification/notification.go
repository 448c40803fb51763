// Package notification is in-app notifications: a small service other
// features call to tell people something (the eMAR's "a med pass becomes
// overdue in 30 minutes" to every caregiver on shift; later incidents and
// chat), and the calls with which each person reads and clears their own.
//
// A feature calls Notify inside its own transaction, so the notification is
// stored exactly when what it tells of is; its dedupe key makes a retried job
// or a second replica add nothing. A notification holds UI message keys and
// their params, never text: the reader's UI renders them in the reader's
// language. Notifications are reminders, not care records: they are not
// audited and are removed after shared.NotificationKeepDays (jobs.go).
package notification

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// Problems this package answers. A notification that is not the caller's
// answers problem.NotFound (4004), whoever's it is.
var (
	ErrIDsOrAll = problem.Invalid("notificationIds", "required", "notification.idsOrAll", nil)
	// ErrBadDraft is a calling feature's mistake (an empty or malformed key, an
	// outside link): Notify returns it wrapped, and the caller's transaction fails.
	ErrBadDraft = errors.New("notification: bad draft")
)

var (
	// A message key of the UI catalogue's notification namespace.
	messageKey = regexp.MustCompile(`^notification(\.[A-Za-z0-9]+)+$`)
	paramName  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*$`)
	kinds      = []shared.NotificationKind{shared.NotificationMedication, shared.NotificationIncident, shared.NotificationChat, shared.NotificationSystem, shared.NotificationShift}
)

// Service is the notification service.
type Service struct {
	db    *db.DB
	store Store
	push  Push
	log   *slog.Logger
	now   func() time.Time
}

// Push is Web Push (cloud/feature/push): told of each notification stored,
// in its transaction, it sends the ones that are push alerts to the
// recipient's phone (a job; nothing is sent on the caller's path).
type Push interface {
	Notified(ctx context.Context, tx *db.Tx, tenantID, userID string, d shared.NotificationDraft) error
}

// Quiet is a Push that sends nothing: the demo seed's notifications, written
// before anyone has a phone subscribed.
type Quiet struct{}

// Notified sends nothing.
func (Quiet) Notified(context.Context, *db.Tx, string, string, shared.NotificationDraft) error {
	return nil
}

// Deps are the notification service's collaborators.
type Deps struct {
	DB   *db.DB
	Push Push
	Log  *slog.Logger
	Now  func() time.Time
}

// New makes the notification service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("notification", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, push: d.Push, log: d.Log, now: d.Now}, nil
}

// Notify stores d for each of userIDs in the facility, in the caller's
// transaction tx. Recipients who are not enabled members of the facility are
// skipped (someone on shift may have left it since); repeated ids count once.
// A recipient who already has a notification with d.DedupeKey in the facility
// gets nothing new, so calling Notify again with the same draft (a retried
// job) is safe. A malformed draft returns an error wrapping ErrBadDraft.
func (s *Service) Notify(ctx context.Context, tx *db.Tx, tenantID string, userIDs []string, d shared.NotificationDraft) error {
	if tx == nil {
		return fmt.Errorf("%w: Notify needs the caller's transaction", ErrBadDraft)
	}
	if tenantID == "" {
		return fmt.Errorf("%w: no facility", ErrBadDraft)
	}
	if err := checkDraft(d); err != nil {
		return err
	}
	ids := make([]string, 0, len(userIDs))
	for _, id := range userIDs {
		if id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	members, err := s.store.Members(ctx, tx, tenantID, ids)
	if err != nil {
		return err
	}
	params := d.Params
	if params == nil {
		params = map[string]string{}
	}
	now := s.now().UnixMilli()
	for _, userID := range members {
		r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, UserID: userID, Kind: d.Kind, TitleKey: d.TitleKey,
			BodyKey: d.BodyKey, Params: params, Link: d.Link, DedupeKey: d.DedupeKey, CreatedAt: now}
		stored, err := s.store.Insert(ctx, tx, r)
		if err != nil {
			return err
		}
		if stored { // a repeated draft pushes nothing either
			if err := s.push.Notified(ctx, tx, tenantID, userID, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkDraft refuses a draft the UI could not render or that points outside the app.
func checkDraft(d shared.NotificationDraft) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadDraft, fmt.Sprintf(format, args...))
	}
	if !slices.Contains(kinds, d.Kind) {
		return bad("unknown kind %q", d.Kind)
	}
	if !messageKey.MatchString(d.TitleKey) || len(d.TitleKey) > shared.NotificationKeyMax {
		return bad("title key %q is not a notification.… message key", d.TitleKey)
	}
	if d.BodyKey != "" && (!messageKey.MatchString(d.BodyKey) || len(d.BodyKey) > shared.NotificationKeyMax) {
		return bad("body key %q is not a notification.… message key", d.BodyKey)
	}
	if len(d.Params) > shared.NotificationParamsMax {
		return bad("%d params, at most %d", len(d.Params), shared.NotificationParamsMax)
	}
	for k, v := range d.Params {
		if !paramName.MatchString(k) || len(k) > shared.NotificationParamNameMax {
			return bad("param name %q", k)
		}
		if utf8.RuneCountInString(v) > shared.NotificationParamMax {
			return bad("param %s is longer than %d characters", k, shared.NotificationParamMax)
		}
	}
	if d.Link != "" && !appPath(d.Link) {
		return bad("link %q is not an app path", d.Link)
	}
	if strings.TrimSpace(d.DedupeKey) == "" || utf8.RuneCountInString(d.DedupeKey) > shared.NotificationDedupeKeyMax {
		return bad("a dedupe key of 1 to %d characters is required", shared.NotificationDedupeKeyMax)
	}
	return nil
}

// appPath reports whether link is a path inside the app ("/emars"): not
// another site ("//evil.example", "https://…"), nothing a browser would read
// as one.
func appPath(link string) bool {
	return len(link) <= shared.NotificationLinkMax && strings.HasPrefix(link, "/") && !strings.HasPrefix(link, "//") &&
		!strings.ContainsAny(link, "\\ \t\r\n")
}

// facility is the caller's facility; the super admin has none.
func facility(p *auth.Principal) error {
	if p == nil || p.TenantID == "" {
		return problem.Forbidden
	}
	return nil
}

// ListMine is a page of the caller's notifications in their facility, newest first.
func (s *Service) ListMine(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.NotificationFilter]) (*shared.Page[shared.Notification], error) {
	if err := facility(p); err != nil {
		return nil, err
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, p.TenantID, p.UserID, req.Data.UnreadOnly, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, toNotification), nil
}

// UnreadCount is how many of the caller's notifications are unread, and the newest one's time.
func (s *Service) UnreadCount(ctx context.Context, p *auth.Principal) (*shared.UnreadNotifications, error) {
	if err := facility(p); err != nil {
		return nil, err
	}
	n, latest, err := s.store.Unread(ctx, s.db, p.TenantID, p.UserID)
	if err != nil {
		return nil, err
	}
	return &shared.UnreadNotifications{Count: n, LatestTime: latest}, nil
}

// MarkRead marks the caller's notifications read: the ids given, or all of
// them. An id that is not the caller's (another person's, another
// facility's, or none) answers 4004 and nothing is marked. Marking one
// already read again changes nothing. Answers the unread state after.
func (s *Service) MarkRead(ctx context.Context, p *auth.Principal, req shared.MarkNotificationsReadRequest) (*shared.UnreadNotifications, error) {
	if err := facility(p); err != nil {
		return nil, err
	}
	if req.All == (len(req.NotificationIDs) > 0) {
		return nil, ErrIDsOrAll
	}
	var ids []string
	for _, id := range req.NotificationIDs {
		if id == "" || len(id) > shared.IDMax {
			return nil, problem.NotFound
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	out := &shared.UnreadNotifications{}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if ids != nil {
			own, err := s.store.CountOwn(ctx, tx, p.TenantID, p.UserID, ids)
			if err != nil {
				return err
			}
			if own != len(ids) {
				return problem.NotFound
			}
		}
		if _, err := s.store.MarkRead(ctx, tx, p.TenantID, p.UserID, ids, s.now().UnixMilli()); err != nil {
			return err
		}
		n, latest, err := s.store.Unread(ctx, tx, p.TenantID, p.UserID)
		out.Count, out.LatestTime = n, latest
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// toNotification converts a row to its wire form.
func toNotification(r *row) shared.Notification {
	params := r.Params
	if params == nil {
		params = map[string]string{}
	}
	return shared.Notification{NotificationID: r.ID, Kind: r.Kind, TitleKey: r.TitleKey, BodyKey: r.BodyKey, Params: params,
		Link: r.Link, CreateTime: r.CreatedAt, ReadTime: r.ReadAt.Int64}
}
