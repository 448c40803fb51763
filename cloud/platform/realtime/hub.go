package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// SessionChecker confirms that a sign-in is still live (iam.Service, the same
// check every signed-in HTTP call makes; web.SessionChecker's shape).
type SessionChecker interface {
	CheckSession(ctx context.Context, p *auth.Principal) (mustChangePassword bool, err error)
}

// Knock-out reasons (shared.ImKnockOutEvent.Reason).
const (
	ReasonDisabled  = "DISABLED"
	ReasonSignedOut = "SIGNED_OUT"
	ReasonPlan      = "PLAN"
)

// Hub holds this process's chat sockets by user and carries frames to them:
// Publish delivers here after the commit and, on PostgreSQL, tells the other
// replicas (fanout.go). It is the realtime.Publisher the chat service uses
// and the handler of /api/im/ws (endpoint.go).
type Hub struct {
	db       *db.DB
	tokens   *auth.Tokens
	sessions SessionChecker
	log      *slog.Logger
	now      func() time.Time
	// replica names this process in notifications, so it skips its own.
	replica string
	// ready is closed once Run listens for the other replicas (Listening).
	ready     chan struct{}
	readyOnce sync.Once

	mu      sync.RWMutex
	byUser  map[string]map[*socket]struct{}
	pending map[*socket]struct{} // upgraded, not yet bound
	closed  bool
}

// New makes a hub. tokens verify the access token of a socket's handshake
// (as web.Authenticate does for HTTP calls); sessions confirm the sign-in is
// live at the handshake and again whenever it may have ended (Recheck).
func New(d *db.DB, tokens *auth.Tokens, sessions SessionChecker, log *slog.Logger) *Hub {
	if log == nil {
		log = slog.Default()
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return &Hub{db: d, tokens: tokens, sessions: sessions, log: log, now: time.Now,
		replica: hex.EncodeToString(b[:]), ready: make(chan struct{}),
		byUser: map[string]map[*socket]struct{}{}, pending: map[*socket]struct{}{}}
}

var _ Publisher = (*Hub)(nil)

// Publish delivers frame to every socket of userIDs on every replica, after
// q's transaction commits (at once when q is the DB itself); a rollback sends
// nothing. The frame is encoded once, here, for every receiver.
func (h *Hub) Publish(ctx context.Context, q db.Querier, userIDs []string, frame shared.ImFrame) error {
	return h.PublishIn(ctx, q, "", userIDs, frame)
}

// PublishIn is Publish to the sockets of userIDs signed in to the facility
// tenantID only ("" = every socket of theirs): a person who works in two
// facilities and has one open must not see the other's chat frames there
// (an unread count is per facility).
func (h *Hub) PublishIn(ctx context.Context, q db.Querier, tenantID string, userIDs []string, frame shared.ImFrame) error {
	if len(userIDs) == 0 {
		return nil
	}
	msg, err := json.Marshal(frame)
	if err != nil {
		return fmt.Errorf("realtime: encode frame: %w", err)
	}
	users := append([]string(nil), userIDs...)
	if err := h.announce(ctx, q, notice{Users: users, In: tenantID, Frame: msg}); err != nil {
		return err
	}
	db.AfterCommit(q, func() { h.deliver(users, tenantID, prepared(msg)) })
	return nil
}

// PlanChanged knocks out (reason PLAN), on every replica after q commits, the
// sockets of tenantID whose people the new plan no longer gives chat. Whatever
// changes a facility's plan calls it in the same transaction.
func (h *Hub) PlanChanged(ctx context.Context, q db.Querier, tenantID string, plan shared.Plan) error {
	if err := h.announce(ctx, q, notice{Tenant: tenantID, Plan: plan}); err != nil {
		return err
	}
	db.AfterCommit(q, func() { h.planChanged(tenantID, plan) })
	return nil
}

// deliver queues msg on this process's sockets of users (in tenantID when set).
func (h *Hub) deliver(users []string, tenantID string, msg *websocket.PreparedMessage) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, u := range users {
		for s := range h.byUser[u] {
			if tenantID == "" || s.p.TenantID == tenantID {
				s.send(outFrame{msg: msg})
			}
		}
	}
}

// Recheck checks again the sign-ins of userID's sockets on this process and
// knocks out those that ended (signed out everywhere, a sign-in revoked,
// disabled, removed from the facility). iam calls it, through server.go,
// whenever a sign-in of userID may have ended, here or on another replica.
func (h *Hub) Recheck(userID string) {
	h.mu.RLock()
	var socks []*socket
	for s := range h.byUser[userID] {
		socks = append(socks, s)
	}
	h.mu.RUnlock()
	if len(socks) == 0 {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for _, s := range socks {
			if reason, ended := h.sessionEnded(ctx, s.p); ended {
				s.knockOut(reason)
			}
		}
	}()
}

// sessionEnded asks whether p's sign-in has ended. A database error is not an
// ending: the socket stays, and the next change or reconnect checks again.
func (h *Hub) sessionEnded(ctx context.Context, p *auth.Principal) (string, bool) {
	check := *p
	_, err := h.sessions.CheckSession(ctx, &check)
	if err == nil {
		return "", false
	}
	var pe *problem.Error
	if errors.As(err, &pe) {
		return ReasonSignedOut, true
	}
	h.log.Warn("chat socket: session check failed", "user", p.UserID, "err", err)
	return "", false
}

// planChanged knocks out the sockets of tenantID that plan gives no chat.
func (h *Hub) planChanged(tenantID string, plan shared.Plan) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, socks := range h.byUser {
		for s := range socks {
			if s.p.TenantID == tenantID && !chatAllowed(s.p, plan) {
				s.knockOut(ReasonPlan)
			}
		}
	}
}

// chatAllowed is the plan check of the chat's HTTP routes (web's guard with
// Roles shared.ChatUsers, Function shared.FnMessage): the super admin always,
// anyone else when the plan includes the function (spec 000 §6: a free-plan
// user who is not the super admin gets no chat connection, spec 001 §6).
func chatAllowed(p *auth.Principal, plan shared.Plan) bool {
	if !p.Has(shared.ChatUsers...) {
		return false
	}
	return p.IsSuperAdmin() || auth.PlanAllows(plan, shared.FnMessage)
}

// add records s as pending (upgraded, not bound); false when the hub is closed.
func (h *Hub) add(s *socket) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	h.pending[s] = struct{}{}
	return true
}

// bind moves s to its user's sockets.
func (h *Hub) bind(s *socket) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.pending[s]; !ok {
		return // already bound, or removed
	}
	delete(h.pending, s)
	set := h.byUser[s.p.UserID]
	if set == nil {
		set = map[*socket]struct{}{}
		h.byUser[s.p.UserID] = set
	}
	set[s] = struct{}{}
}

// remove forgets s.
func (h *Hub) remove(s *socket) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.pending, s)
	if set := h.byUser[s.p.UserID]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(h.byUser, s.p.UserID)
		}
	}
}

// Count is how many sockets this process holds (bound and not yet bound).
func (h *Hub) Count() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := len(h.pending)
	for _, set := range h.byUser {
		n += len(set)
	}
	return n
}

// Close ends every socket with "going away" (1001), so clients connect again
// (to another replica or to this server when it is back), and refuses new
// ones. The HTTP server's Shutdown does not close hijacked connections.
func (h *Hub) Close() {
	h.mu.Lock()
	h.closed = true
	var all []*socket
	for s := range h.pending {
		all = append(all, s)
	}
	for _, set := range h.byUser {
		for s := range set {
			all = append(all, s)
		}
	}
	h.mu.Unlock()
	closeEach(all, closeGoingAway, "server stopping")
}

// closeEach closes socks at once, each on its own goroutine (a close waits up
// to a second for a writer stuck on a slow device), and returns when all are.
func closeEach(socks []*socket, code int, reason string) {
	var wg sync.WaitGroup
	for _, s := range socks {
		wg.Go(func() { s.closeWith(code, reason) })
	}
	wg.Wait()
}

// closeAll ends every socket with 1012 (service restart): used when this
// replica may have missed other replicas' frames, so clients reconnect and
// read again what they missed.
func (h *Hub) closeAll(code int, reason string) {
	h.mu.RLock()
	var all []*socket
	for _, set := range h.byUser {
		for s := range set {
			all = append(all, s)
		}
	}
	h.mu.RUnlock()
	closeEach(all, code, reason)
}
