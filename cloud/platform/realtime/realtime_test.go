package realtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

const (
	maple = "Maple House AFH"
	owner = "owner_evergreen"
	amina = "caregiver_maple1"
)

// frame is a frame as a client reads it, its data left to decode.
type frame struct {
	Action shared.ImAction `json:"action"`
	Code   int             `json:"code"`
	Data   json.RawMessage `json:"data"`
}

// wsURL is the socket's address on e with token.
func wsURL(e *servertest.Env, token string) string {
	return "ws" + strings.TrimPrefix(e.HTTP.URL, "http") + "/api/im/ws?token=" + url.QueryEscape(token)
}

// dial opens a socket with c's token; it fails the test unless the upgrade succeeds.
func dial(t *testing.T, e *servertest.Env, c *servertest.Client) *websocket.Conn {
	t.Helper()
	ws, resp, err := websocket.DefaultDialer.Dial(wsURL(e, c.Token), nil)
	if resp != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial: %v (HTTP %d)", err, status)
	}
	t.Cleanup(func() { _ = ws.Close() })
	return ws
}

// bound opens a socket for c and binds it as c's user; it must be answered 200.
func bound(t *testing.T, e *servertest.Env, c *servertest.Client) *websocket.Conn {
	t.Helper()
	ws := dial(t, e, c)
	send(t, ws, shared.ImFrame{Action: shared.ImBind, Data: bindAs(c.Result.LoginUserInfo.UserID)})
	if f := next(t, ws); f.Action != shared.ImBind || f.Code != shared.ImCodeOK {
		t.Fatalf("bind reply = %+v, want action 1 code 200", f)
	}
	return ws
}

func bindAs(uid string) shared.ImBindRequest {
	return shared.ImBindRequest{UID: uid, Channel: "web", AppVersion: "1.0.0", PackageName: "hearth-web", DeviceID: "test", DeviceName: "Go test"}
}

func send(t *testing.T, ws *websocket.Conn, f shared.ImFrame) {
	t.Helper()
	if err := ws.WriteJSON(f); err != nil {
		t.Fatalf("send %+v: %v", f, err)
	}
}

// next reads the next frame (a guard deadline keeps a broken test from hanging).
func next(t *testing.T, ws *websocket.Conn) frame {
	t.Helper()
	_ = ws.SetReadDeadline(time.Now().Add(20 * time.Second))
	var f frame
	if err := ws.ReadJSON(&f); err != nil {
		t.Fatalf("read a frame: %v", err)
	}
	return f
}

// closed reads until the connection ends and answers its close code.
func closed(t *testing.T, ws *websocket.Conn) int {
	t.Helper()
	_ = ws.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code
			}
			t.Fatalf("the connection ended without a close frame: %v", err)
		}
		t.Logf("frame before the close: %s", data)
	}
}

func knockedOut(t *testing.T, ws *websocket.Conn) string {
	t.Helper()
	f := next(t, ws)
	if f.Action != shared.ImKnockOut {
		t.Fatalf("frame = %+v, want the knock-out (999)", f)
	}
	var ev shared.ImKnockOutEvent
	if err := json.Unmarshal(f.Data, &ev); err != nil {
		t.Fatal(err)
	}
	closed(t, ws)
	return ev.Reason
}

func pingPong(t *testing.T, ws *websocket.Conn) {
	t.Helper()
	send(t, ws, shared.ImFrame{Action: shared.ImPing})
	if f := next(t, ws); f.Action != shared.ImPong {
		t.Fatalf("answer to ping = %+v, want pong (3)", f)
	}
}

func TestHandshake(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		refused := func(name, token string) {
			t.Helper()
			_, resp, err := websocket.DefaultDialer.Dial(wsURL(e, token), nil)
			if resp != nil {
				_ = resp.Body.Close()
			}
			if err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
				status := 0
				if resp != nil {
					status = resp.StatusCode
				}
				t.Errorf("%s: handshake = HTTP %d (%v), want 401 before the upgrade", name, status, err)
			}
		}
		refused("no token", "")
		refused("a forged token", "eyJhbGciOiJIUzI1NiJ9.e30.x")

		c := e.SignIn(t, owner, maple)
		ws := bound(t, e, c)
		pingPong(t, ws)
		// Binding again (the client's retry) is answered 200 again.
		send(t, ws, shared.ImFrame{Action: shared.ImBind, Data: bindAs(c.Result.LoginUserInfo.UserID)})
		if f := next(t, ws); f.Code != shared.ImCodeOK {
			t.Fatalf("second bind = %+v", f)
		}

		// Someone else's uid: 401 and the close that stops the client.
		other := dial(t, e, c)
		send(t, other, shared.ImFrame{Action: shared.ImBind, Data: bindAs(e.UserID(t, amina))})
		if f := next(t, other); f.Action != shared.ImBind || f.Code != shared.ImCodeUnauthorized {
			t.Fatalf("bind as another user = %+v, want code 401", f)
		}
		if code := closed(t, other); code != 4401 {
			t.Errorf("close code = %d, want 4401", code)
		}

		// A signed-out token is refused at the handshake.
		gone := e.SignIn(t, amina)
		gone.Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: gone.RefreshToken}).OK(t)
		refused("a signed-out sign-in", gone.Token)

		// An expired one too.
		e.Clock.Advance(16 * time.Minute)
		refused("an expired token", c.Token)
	})
}

// Spec 000 §6, 001 §6: a free-plan user who is not the super admin gets no chat connection.
func TestFreePlanGetsNoConnection(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		birch := e.SignIn(t, "owner_birch")
		ws := dial(t, e, birch)
		send(t, ws, shared.ImFrame{Action: shared.ImBind, Data: bindAs(birch.Result.LoginUserInfo.UserID)})
		if f := next(t, ws); f.Action != shared.ImBind || f.Code != shared.ImCodeForbidden {
			t.Fatalf("free-plan bind = %+v, want code 403", f)
		}
		if code := closed(t, ws); code != 4403 {
			t.Errorf("close code = %d, want 4403", code)
		}
		// The super admin, who has no plan, is connected.
		bound(t, e, e.SignIn(t, "superadmin"))
	})
}

func TestFramesAfterCommit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		ctx := context.Background()
		boss, carer := e.SignIn(t, owner, maple), e.SignIn(t, amina)
		phone, laptop := bound(t, e, carer), bound(t, e, carer) // one user, two devices
		hub := e.Server.Realtime
		to := []string{carer.Result.LoginUserInfo.UserID}

		errRollback := errors.New("roll back")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := hub.Publish(ctx, tx, to, shared.ImFrame{Action: shared.ImChat, Data: "rolled back"}); err != nil {
				t.Fatal(err)
			}
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			t.Fatal(err)
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			return hub.Publish(ctx, tx, to, shared.ImFrame{Action: shared.ImChat, Data: "committed"})
		}); err != nil {
			t.Fatal(err)
		}
		for _, ws := range []*websocket.Conn{phone, laptop} {
			// Frames keep their order, so the first one read shows the rolled-back one never went.
			if f := next(t, ws); f.Action != shared.ImChat || string(f.Data) != `"committed"` {
				t.Fatalf("first frame = %+v %s, want the committed one", f, f.Data)
			}
		}

		// The chat itself: the owner writes to Amina, and her devices see it at once.
		var chat shared.Chat
		boss.Post(t, "/api/im/chat/start", shared.ChatStartRequest{MemberIDs: []string{carer.Result.LoginUserInfo.UserID}}).OK(t).Into(t, &chat)
		boss.Post(t, "/api/im/message/push", shared.MessagePushRequest{ChatID: chat.ID, TrackID: "t-1", MessageType: shared.MessageText, Content: "Can you cover Friday?"}).OK(t)
		for _, ws := range []*websocket.Conn{phone, laptop} {
			m := nextOf(t, ws, shared.ImMessage)
			var msg shared.Message
			if err := json.Unmarshal(m.Data, &msg); err != nil {
				t.Fatal(err)
			}
			if msg.Content != "Can you cover Friday?" || msg.ChatID != chat.ID {
				t.Fatalf("pushed message = %+v", msg)
			}
		}
	})
}

// nextOf reads frames until one of action (the chat also sends chat and unread frames).
func nextOf(t *testing.T, ws *websocket.Conn, action shared.ImAction) frame {
	t.Helper()
	for {
		if f := next(t, ws); f.Action == action {
			return f
		}
	}
}

func TestKnockOut(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		ctx := context.Background()

		// Disabled: every device is knocked out.
		carer1, carer2 := e.SignIn(t, amina), e.SignIn(t, amina)
		a, b := bound(t, e, carer1), bound(t, e, carer2)
		if err := e.Server.IAM.SetUserStatus(ctx, carer1.Result.LoginUserInfo.UserID, shared.UserDisabled); err != nil {
			t.Fatal(err)
		}
		for _, ws := range []*websocket.Conn{a, b} {
			if reason := knockedOut(t, ws); reason == "" {
				t.Error("knock-out without a reason")
			}
		}

		// Signed out: that sign-in's socket only.
		home, work := e.SignIn(t, owner, maple), e.SignIn(t, owner, maple)
		hs, ws := bound(t, e, home), bound(t, e, work)
		home.Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: home.RefreshToken}).OK(t)
		if reason := knockedOut(t, hs); reason != "SIGNED_OUT" {
			t.Errorf("reason = %q", reason)
		}
		pingPong(t, ws)

		// A new password signs her out everywhere else: the other device's socket goes, this one stays.
		phone := e.SignIn(t, owner, maple)
		ps := bound(t, e, phone)
		work.Post(t, "/api/system/user/updatePassword", shared.UpdatePasswordRequest{
			OriginalPassword: servertest.EncodePassword(demo.DemoPassword), Password: servertest.EncodePassword("Hearth#2027y")}).OK(t)
		if reason := knockedOut(t, ps); reason != "SIGNED_OUT" {
			t.Errorf("reason = %q", reason)
		}
		pingPong(t, ws)
	})
}

// A client whose server went away dials again (the same or another server) and binds.
func TestReconnectAfterRestart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		first := servertest.Start(t, d, servertest.Options{Outbox: true})
		c := first.SignIn(t, owner, maple)
		ws := bound(t, first, c)
		first.Server.Realtime.Close() // what Run does when the server stops
		first.HTTP.Close()
		if code := closed(t, ws); code != websocket.CloseGoingAway {
			t.Errorf("close code = %d, want 1001 (going away: come back)", code)
		}
		again := servertest.Start(t, d, servertest.Options{Outbox: true, NoDemo: true})
		ws = bound(t, again, c)
		pingPong(t, ws)
	})
}

// Two replicas on one PostgreSQL database: a frame published on one reaches
// the sockets on the other, large ones (over PostgreSQL's 8000-byte NOTIFY
// payload) included, and the publishing replica's own sockets get it once.
func TestReplicasDeliverAcross(t *testing.T) {
	d := dbtest.Postgres(t)
	one := servertest.Start(t, d, servertest.Options{Outbox: true})
	two := servertest.Start(t, d, servertest.Options{Outbox: true, NoDemo: true})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, e := range []*servertest.Env{one, two} {
		go func() { _ = e.Server.Realtime.Run(ctx) }()
		<-e.Server.Realtime.Listening()
	}
	boss, carer := one.SignIn(t, owner, maple), one.SignIn(t, amina)
	onOne, onTwo := bound(t, one, carer), bound(t, two, carer)

	var chat shared.Chat
	boss.Post(t, "/api/im/chat/start", shared.ChatStartRequest{MemberIDs: []string{carer.Result.LoginUserInfo.UserID}}).OK(t).Into(t, &chat)
	boss.Post(t, "/api/im/message/push", shared.MessagePushRequest{ChatID: chat.ID, TrackID: "t-1", MessageType: shared.MessageText, Content: "Across replicas"}).OK(t)
	for _, ws := range []*websocket.Conn{onOne, onTwo} {
		var msg shared.Message
		if err := json.Unmarshal(nextOf(t, ws, shared.ImMessage).Data, &msg); err != nil {
			t.Fatal(err)
		}
		if msg.Content != "Across replicas" {
			t.Fatalf("message = %+v", msg)
		}
	}

	big := strings.Repeat("Long shift notes. ", 1000) // about 18 kB
	to := []string{carer.Result.LoginUserInfo.UserID}
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		return one.Server.Realtime.Publish(ctx, tx, to, shared.ImFrame{Action: shared.ImChat, Data: big})
	}); err != nil {
		t.Fatal(err)
	}
	if err := one.Server.Realtime.Publish(ctx, d, to, shared.ImFrame{Action: shared.ImChat, Data: "after"}); err != nil {
		t.Fatal(err)
	}
	for _, ws := range []*websocket.Conn{onOne, onTwo} {
		if f := nextOf(t, ws, shared.ImChat); string(f.Data) != `"`+big+`"` {
			t.Fatalf("large frame: %d bytes of data, want %d", len(f.Data), len(big)+2)
		}
		// Once: the next chat frame is the one after it, not the same again.
		if f := nextOf(t, ws, shared.ImChat); string(f.Data) != `"after"` {
			t.Fatalf("frame after the large one = %s", f.Data)
		}
	}

	// A sign-in ended on one replica knocks its socket out on the other,
	// through the sign-in revocations' own LISTEN (iam), once it listens.
	heard := make(chan string, 100)
	two.Server.IAM.OnSessionsChanged(func(userID string) { heard <- userID })
	go func() { _ = two.Server.IAM.ListenSessionChanges(ctx) }()
	birch := one.UserID(t, "owner_birch")
	for listening := false; !listening; {
		if err := one.Server.IAM.SetUserStatus(ctx, birch, shared.UserEnabled); err != nil {
			t.Fatal(err)
		}
		select {
		case <-heard:
			listening = true
		case <-time.After(200 * time.Millisecond): // not listening yet: say it again
		}
	}
	boss2 := two.SignIn(t, owner, maple)
	bs := bound(t, two, boss2)
	if err := one.Server.IAM.SetUserStatus(ctx, boss2.Result.LoginUserInfo.UserID, shared.UserDisabled); err != nil {
		t.Fatal(err)
	}
	knockedOut(t, bs)
}

// A frame for one facility reaches only the sockets signed in to it; a facility whose
// plan loses chat has its people's sockets knocked out (reason PLAN).
func TestFacilityFramesAndPlan(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		ctx := context.Background()
		mapleOwner, carer := e.SignIn(t, owner, maple), e.SignIn(t, amina)
		a, b := bound(t, e, mapleOwner), bound(t, e, carer)
		cedar := bound(t, e, e.SignIn(t, owner, "Cedar Home AFH")) // the same owner in another facility

		// A frame of Maple's goes to her Maple socket, not to the Cedar one.
		me := []string{mapleOwner.Result.LoginUserInfo.UserID}
		if err := e.Server.Realtime.PublishIn(ctx, d, e.FacilityID(t, maple), me, shared.ImFrame{Action: shared.ImUnread, Data: "maple"}); err != nil {
			t.Fatal(err)
		}
		if err := e.Server.Realtime.Publish(ctx, d, me, shared.ImFrame{Action: shared.ImChat, Data: "everywhere"}); err != nil {
			t.Fatal(err)
		}
		if f := next(t, a); f.Action != shared.ImUnread {
			t.Fatalf("Maple socket: %+v", f)
		}
		next(t, a)
		if f := next(t, cedar); f.Action != shared.ImChat {
			t.Fatalf("Cedar socket got %+v first, want only the frame for every facility", f)
		}

		mapleID := e.FacilityID(t, maple)
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			return e.Server.Realtime.PlanChanged(ctx, tx, mapleID, shared.PlanFree)
		}); err != nil {
			t.Fatal(err)
		}
		for _, ws := range []*websocket.Conn{a, b} {
			if reason := knockedOut(t, ws); reason != "PLAN" {
				t.Errorf("reason = %q, want PLAN", reason)
			}
		}
		pingPong(t, cedar)
	})
}

// A device that stops reading is dropped; the person's other devices get every frame.
func TestSlowDeviceIsDropped(t *testing.T) {
	s := startBench(t, 1)
	dialer := websocket.Dialer{}
	open := func() *websocket.Conn {
		ws, resp, err := dialer.Dial("ws"+strings.TrimPrefix(s.http.URL, "http")+"/api/im/ws?token="+s.tokens[0], nil)
		if resp != nil {
			_ = resp.Body.Close()
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = ws.Close() })
		send(t, ws, shared.ImFrame{Action: shared.ImBind, Data: shared.ImBindRequest{UID: s.users[0]}})
		if f := next(t, ws); f.Code != shared.ImCodeOK {
			t.Fatalf("bind: %+v", f)
		}
		return ws
	}
	slow, fast := open(), open()
	const frames = 1000
	chunk := strings.Repeat("x", 32<<10) // 32 MB in all: more than the kernel buffers on both ends
	received := make(chan int)
	var read atomic.Int64
	go func() {
		n := 0
		for n < frames {
			if _, _, err := fast.ReadMessage(); err != nil {
				break
			}
			n++
			read.Store(int64(n))
		}
		received <- n
	}()
	d := dbtest.SQLite(t)
	for i := range frames {
		// The reading device keeps up as a phone on a good network does: never
		// more than a quarter of its queue behind (on a loaded machine an
		// unpaced loop could outrun any reader and drop it too).
		for deadline := time.Now().Add(30 * time.Second); int64(i)-read.Load() > 64 && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		if err := s.hub.Publish(context.Background(), d, s.users, shared.ImFrame{Action: shared.ImChat, Data: chunk}); err != nil {
			t.Fatal(i, err)
		}
	}
	if n := <-received; n != frames {
		t.Fatalf("the reading device got %d frames, want %d", n, frames)
	}
	_ = slow.SetReadDeadline(time.Now().Add(30 * time.Second))
	for {
		if _, _, err := slow.ReadMessage(); err != nil {
			var ne interface{ Timeout() bool }
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatal("the device that stopped reading is still connected")
			}
			break
		}
	}
}
