package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Fan-out between replicas (PostgreSQL only; on SQLite one process holds
// every socket). Each notice is sent with pg_notify in the publishing
// transaction, so the other replicas hear it when, and only if, it commits,
// in commit order. The publishing replica delivers to its own sockets after
// the commit and skips its own notices when it hears them.
const channel = "hearth_realtime"

// notifyMax is the largest notice sent inline. A NOTIFY payload "must be
// shorter than 8000 bytes" (PostgreSQL docs, NOTIFY); larger ones (a long
// message, a broadcast to many people) go by reference to realtime_frames.
const notifyMax = 7900

// frameKeep is how long a frame sent by reference is kept for the other
// replicas to read; cleanEvery is how often old ones are removed.
const (
	frameKeep  = 5 * time.Minute
	cleanEvery = time.Minute
)

// notice is the payload of one notification: a frame for users, or a
// facility's new plan; Ref names a frame kept in realtime_frames instead.
type notice struct {
	Replica string          `json:"o"`
	Users   []string        `json:"u,omitempty"`
	In      string          `json:"i,omitempty"` // the frame's facility: only sockets signed in to it
	Frame   json.RawMessage `json:"f,omitempty"`
	Ref     string          `json:"r,omitempty"`
	Tenant  string          `json:"t,omitempty"`
	Plan    shared.Plan     `json:"p,omitempty"`
}

// announce tells the other replicas about n once q commits.
func (h *Hub) announce(ctx context.Context, q db.Querier, n notice) error {
	if h.db == nil || h.db.Engine != db.Postgres {
		return nil
	}
	n.Replica = h.replica
	payload, err := json.Marshal(n)
	if err != nil {
		return fmt.Errorf("realtime: encode notice: %w", err)
	}
	if len(payload) >= notifyMax {
		users, err := json.Marshal(n.Users)
		if err != nil {
			return fmt.Errorf("realtime: encode users: %w", err)
		}
		id := uuid.Must(uuid.NewV7()).String()
		if _, err := q.ExecContext(ctx, `INSERT INTO realtime_frames (id, user_ids, frame, created_at) VALUES (?, ?, ?, ?)`,
			id, string(users), string(n.Frame), h.now().UnixMilli()); err != nil {
			return fmt.Errorf("realtime: keep a large frame: %w", err)
		}
		if payload, err = json.Marshal(notice{Replica: h.replica, Ref: id, In: n.In}); err != nil {
			return fmt.Errorf("realtime: notice: %w", err)
		}
	}
	if err := h.db.Notify(ctx, q, channel, string(payload)); err != nil {
		return fmt.Errorf("realtime: notify: %w", err)
	}
	return nil
}

// heard handles another replica's notice.
func (h *Hub) heard(payload string) {
	var n notice
	if err := json.Unmarshal([]byte(payload), &n); err != nil {
		h.log.Warn("chat fan-out: unreadable notice", "err", err)
		return
	}
	if n.Replica == h.replica {
		return // delivered here after the commit already
	}
	if n.Ref != "" {
		if err := h.readRef(&n); err != nil {
			h.log.Warn("chat fan-out: large frame not read", "id", n.Ref, "err", err)
			return
		}
	}
	if n.Tenant != "" {
		h.planChanged(n.Tenant, n.Plan)
		return
	}
	h.deliver(n.Users, n.In, prepared(n.Frame))
}

// readRef fills n from the realtime_frames row it names.
func (h *Hub) readRef(n *notice) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var users, frame string
	if err := h.db.QueryRowContext(ctx, `SELECT user_ids, frame FROM realtime_frames WHERE id = ?`, n.Ref).Scan(&users, &frame); err != nil {
		return db.Wrap("realtime: read a large frame", err)
	}
	if err := json.Unmarshal([]byte(users), &n.Users); err != nil {
		return fmt.Errorf("realtime: read a large frame: %w", err)
	}
	n.Frame = json.RawMessage(frame)
	return nil
}

// Run hears the other replicas' frames until ctx ends (PostgreSQL), removes
// old large frames, and at the end closes every socket (1001) so clients
// connect again elsewhere. When the LISTEN connection was lost, frames of
// that gap may be missed: every socket is then closed with 1012, and the
// clients reconnect and read again what they missed.
func (h *Hub) Run(ctx context.Context) error {
	defer h.Close()
	if h.db == nil || h.db.Engine != db.Postgres {
		h.readyOnce.Do(func() { close(h.ready) })
		<-ctx.Done()
		return nil
	}
	go h.clean(ctx)
	connected := false
	reset := func() {
		if connected {
			h.closeAll(closeTryAgain, "frames may have been missed")
		}
		connected = true
		h.readyOnce.Do(func() { close(h.ready) })
	}
	return h.db.Listen(ctx, channel, h.heard, reset, h.log)
}

// Listening is closed once Run hears the other replicas (at once on SQLite).
func (h *Hub) Listening() <-chan struct{} { return h.ready }

// clean removes frames kept longer than frameKeep (any replica may; it is idempotent).
func (h *Hub) clean(ctx context.Context) {
	t := time.NewTicker(cleanEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			cutoff := h.now().Add(-frameKeep).UnixMilli()
			if _, err := h.db.ExecContext(ctx, `DELETE FROM realtime_frames WHERE created_at < ?`, cutoff); err != nil && ctx.Err() == nil {
				h.log.Warn("chat fan-out: old frames not removed", "err", err)
			}
		}
	}
}
