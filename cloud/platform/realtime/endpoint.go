package realtime

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Path is where the chat's websocket is served.
const Path = "/api/" + web.IM + "/ws"

// upgrader keeps idle sockets small: a 512-byte read buffer per socket (client
// frames are a bind and pings), and write buffers lent from a pool only while
// a frame is written (gorilla/websocket docs, "Buffers": a WriteBufferPool
// holds buffers for the duration of a write only).
var upgrader = websocket.Upgrader{
	HandshakeTimeout: 10 * time.Second,
	ReadBufferSize:   512,
	WriteBufferSize:  4096,
	WriteBufferPool:  &sync.Pool{},
	// The socket is authenticated by the access token in its URL, never by a
	// cookie, so a page of another origin cannot ride on the user's browser
	// (the cross-site hijacking gorilla's same-origin default guards against);
	// the desktop shell's pages have an origin of their own.
	CheckOrigin: func(*http.Request) bool { return true },
}

// mustChangePassword refuses the socket of a user who must first change a
// temporary password, as the HTTP routes do (code 4112), with status 403.
var mustChangePassword = &problem.Error{Code: shared.CodePasswordChange, Key: "auth.mustChangePassword", Status: http.StatusForbidden}

// ServeHTTP is GET /api/im/ws?token=<access token>. The token is checked as an
// HTTP call's is (signature, expiry, the sign-in still live) and answered 401
// before the upgrade when it fails; then the client binds (socket.go).
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	if token == "" {
		token = strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	}
	p, err := h.tokens.Verify(token)
	if err != nil {
		web.WriteProblem(w, r, problem.Unauthorized)
		return
	}
	mustChange, err := h.sessions.CheckSession(r.Context(), p)
	var pe *problem.Error
	switch {
	case errors.As(err, &pe):
		web.WriteProblem(w, r, problem.Unauthorized) // revoked, disabled: the socket's answer is 401
		return
	case err != nil:
		h.log.Error("chat socket: session check failed", "err", err)
		web.WriteProblem(w, r, problem.Internal)
		return
	case mustChange:
		web.WriteProblem(w, r, mustChangePassword)
		return
	}
	p.DeviceID = r.Header.Get("X-Device-Id")
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade has answered the client
	}
	s := newSocket(h, ws, p)
	if !h.add(s) {
		s.closeWith(closeGoingAway, "server stopping")
		return
	}
	// The reader runs on a goroutine of its own, and this handler's
	// goroutine (deep in net/http's and the router's frames) ends.
	go s.read()
}
