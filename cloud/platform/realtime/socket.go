package realtime

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// Socket timing. The browser client pings every 25 s (frontend chatSocket.ts),
// but a hidden tab's timers may run once a minute (Chrome's intensive
// throttling), so the server also sends protocol pings, which browsers answer
// by themselves; any frame or pong keeps a socket alive for readWait.
const (
	bindWait  = 15 * time.Second // from the upgrade to the bind frame
	pingEvery = 30 * time.Second
	readWait  = 2*pingEvery + 10*time.Second
	writeWait = 10 * time.Second // one frame to one client
	// sendQueue bounds the frames waiting for one socket: a client that falls
	// this far behind is dropped (it reconnects and reads what it missed), so
	// one slow device never holds back a broadcast.
	sendQueue = 256
	// clientFrameMax bounds what a client may send (bind, ping).
	clientFrameMax = 4096
)

// Close codes (RFC 6455 §7.4.1; 4000–4999 are the application's). The web
// client stops for good on 4401 and 4403 (frontend chatSocket.ts).
const (
	closeNormal       = websocket.CloseNormalClosure // 1000
	closeGoingAway    = websocket.CloseGoingAway     // 1001
	closeTryAgain     = websocket.CloseServiceRestart
	closeUnauthorized = 4401
	closeForbidden    = 4403
)

// Frames the server sends often, encoded once.
var (
	pongFrame      = mustFrame(shared.ImFrame{Action: shared.ImPong})
	bindOK         = mustFrame(shared.ImFrame{Action: shared.ImBind, Code: shared.ImCodeOK})
	bindForbidden  = mustFrame(shared.ImFrame{Action: shared.ImBind, Code: shared.ImCodeForbidden})
	bindNotAllowed = mustFrame(shared.ImFrame{Action: shared.ImBind, Code: shared.ImCodeUnauthorized})
)

func mustFrame(f shared.ImFrame) *websocket.PreparedMessage {
	b, err := json.Marshal(f)
	if err != nil {
		panic(err)
	}
	return prepared(b)
}

// prepared is a text frame encoded once for every socket it goes to
// (gorilla/websocket, PreparedMessage: "efficiently send a message payload to
// multiple connections"); it fails only for a bad message type.
func prepared(msg []byte) *websocket.PreparedMessage {
	pm, err := websocket.NewPreparedMessage(websocket.TextMessage, msg)
	if err != nil {
		panic(err)
	}
	return pm
}

// outFrame is one item of a socket's send queue: a text frame, or (close > 0)
// a close frame after which the connection ends.
type outFrame struct {
	msg         *websocket.PreparedMessage
	close       int
	closeReason string
}

// socket is one device's connection. Its reader is its only long-lived
// goroutine; a writer runs only while frames wait (idle sockets cost no
// writer goroutine and no write buffer: gorilla's WriteBufferPool).
type socket struct {
	hub *Hub
	ws  *websocket.Conn
	p   *auth.Principal

	mu      sync.Mutex
	queue   []outFrame
	writing bool // a writer goroutine is running
	ending  bool // a close is queued or done: nothing more is queued
	pinger  *time.Timer
}

func newSocket(h *Hub, ws *websocket.Conn, p *auth.Principal) *socket {
	return &socket{hub: h, ws: ws, p: p}
}

// send queues f; a socket whose queue is full is dropped. It never blocks.
func (s *socket) send(f outFrame) {
	s.mu.Lock()
	if s.ending {
		s.mu.Unlock()
		return
	}
	if len(s.queue) >= sendQueue {
		s.ending = true
		s.queue = nil
		s.mu.Unlock()
		s.hub.log.Warn("chat socket dropped: the client does not keep up", "user", s.p.UserID)
		// On its own goroutine: the close may wait for the stuck writer, and
		// send runs under the hub's lock, in the middle of a broadcast.
		go s.finish(closeTryAgain, "too slow")
		return
	}
	if f.close > 0 {
		s.ending = true
	}
	s.queue = append(s.queue, f)
	if !s.writing {
		s.writing = true
		go s.write()
	}
	s.mu.Unlock()
}

// write sends the queue in order until it is empty, then ends.
func (s *socket) write() {
	for {
		s.mu.Lock()
		batch := s.queue
		s.queue = nil
		if len(batch) == 0 {
			s.writing = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		_ = s.ws.SetWriteDeadline(time.Now().Add(writeWait))
		for _, f := range batch {
			if f.close > 0 {
				s.finish(f.close, f.closeReason)
				return // writing stays true: nothing is queued after a close
			}
			if err := s.ws.WritePreparedMessage(f.msg); err != nil {
				s.closeWith(closeGoingAway, "")
				s.mu.Lock()
				s.writing = false
				s.mu.Unlock()
				return
			}
		}
	}
}

// knockOut sends the knock-out frame (999) and closes: the client stops
// reconnecting (spec 000 §4).
func (s *socket) knockOut(reason string) {
	s.send(outFrame{msg: mustFrame(shared.ImFrame{Action: shared.ImKnockOut, Data: shared.ImKnockOutEvent{Reason: reason}})})
	s.send(outFrame{close: closeNormal, closeReason: "knocked out"})
}

// closeWith closes at once, dropping what waits (Close and WriteControl may
// run beside a writer: gorilla/websocket docs, "Concurrency").
func (s *socket) closeWith(code int, reason string) {
	s.mu.Lock()
	s.ending = true
	s.queue = nil
	s.mu.Unlock()
	s.finish(code, reason)
}

// finish writes the close frame and ends the connection; the reader then
// sees the error and forgets the socket.
func (s *socket) finish(code int, reason string) {
	_ = s.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	_ = s.ws.Close()
}

// inFrame is a client frame with its data left for the action to read.
type inFrame struct {
	Action shared.ImAction `json:"action"`
	Data   json.RawMessage `json:"data"`
}

// read is the socket's life: bind, pings, until the connection ends.
func (s *socket) read() {
	defer func() {
		s.mu.Lock()
		s.ending = true
		s.queue = nil
		if s.pinger != nil {
			s.pinger.Stop()
		}
		s.mu.Unlock()
		s.hub.remove(s)
		_ = s.ws.Close()
	}()
	s.ws.SetReadLimit(clientFrameMax)
	_ = s.ws.SetReadDeadline(time.Now().Add(bindWait))
	s.ws.SetPongHandler(func(string) error { return s.ws.SetReadDeadline(time.Now().Add(readWait)) })
	bound, refused := false, false
	for {
		_, data, err := s.ws.ReadMessage()
		if err != nil {
			return
		}
		if refused {
			continue // the refusal's close frame is on its way; the connection ends with it
		}
		var f inFrame
		if json.Unmarshal(data, &f) != nil {
			continue // not a frame: ignored, like an unknown action
		}
		if bound {
			_ = s.ws.SetReadDeadline(time.Now().Add(readWait))
		}
		switch f.Action {
		case shared.ImPing:
			s.send(outFrame{msg: pongFrame})
		case shared.ImBind:
			if !s.bindAs(f.Data, bound) {
				refused = true
				continue
			}
			if !bound {
				bound = true
				_ = s.ws.SetReadDeadline(time.Now().Add(readWait))
				s.schedulePing()
			}
		}
	}
}

// bindAs answers a bind frame: 200 and the socket receives its user's
// frames; 401 when uid is not the token's user; 403 when the plan has no
// chat. A refusal is followed by a close (4401, 4403) after which the client
// does not come back.
func (s *socket) bindAs(data json.RawMessage, again bool) bool {
	var req shared.ImBindRequest
	_ = json.Unmarshal(data, &req)
	switch {
	case req.UID != s.p.UserID:
		s.send(outFrame{msg: bindNotAllowed})
		s.send(outFrame{close: closeUnauthorized, closeReason: "uid is not the token's user"})
		return false
	case !chatAllowed(s.p, s.p.Plan):
		s.send(outFrame{msg: bindForbidden})
		s.send(outFrame{close: closeForbidden, closeReason: "the plan has no chat"})
		return false
	}
	if !again {
		s.hub.bind(s)
	}
	s.send(outFrame{msg: bindOK})
	return true
}

// schedulePing sends a protocol ping every pingEvery; the pong (or any frame)
// moves the read deadline on. A timer, not a goroutine, waits in between.
func (s *socket) schedulePing() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pinger = time.AfterFunc(pingEvery, func() {
		if err := s.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait)); err != nil {
			_ = s.ws.Close()
			return
		}
		s.mu.Lock()
		if !s.ending {
			s.pinger.Reset(pingEvery)
		}
		s.mu.Unlock()
	})
}
