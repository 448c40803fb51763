package realtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A replica killed in the middle of a chat broadcast (issue 35): messages
// are pushed through replica one while it is killed; a message one
// acknowledged reaches the caregiver's socket on replica two all the same
// (its NOTIFY went with its commit, to every replica), each once and in order;
// the sender goes on through two; the socket on one is closed and the
// caregiver binds again on two, where every acknowledged message is in the chat.
func TestReplicaKilledDuringABroadcast(t *testing.T) {
	d := dbtest.Postgres(t)
	one := servertest.Start(t, d, servertest.Options{Outbox: true})
	two := servertest.Start(t, d, servertest.Options{Outbox: true, NoDemo: true})
	ctxOne, killOne := context.WithCancel(context.Background())
	ctxTwo, stopTwo := context.WithCancel(context.Background())
	defer killOne()
	defer stopTwo()
	go func() { _ = one.Server.Realtime.Run(ctxOne) }()
	go func() { _ = two.Server.Realtime.Run(ctxTwo) }()
	<-one.Server.Realtime.Listening()
	<-two.Server.Realtime.Listening()

	boss, carer := one.SignIn(t, owner, maple), one.SignIn(t, amina)
	onOne, onTwo := bound(t, one, carer), bound(t, two, carer)
	var chat shared.Chat
	boss.Post(t, "/api/im/chat/start", shared.ChatStartRequest{MemberIDs: []string{carer.Result.LoginUserInfo.UserID}}).OK(t).Into(t, &chat)
	push := func(c *servertest.Client, i int) error {
		r, err := c.Try(servertest.Request{Path: "/api/im/message/push", Body: shared.MessagePushRequest{ChatID: chat.ID,
			TrackID: fmt.Sprintf("kill-%d", i), MessageType: shared.MessageText, Content: fmt.Sprintf("Broadcast %d", i)}})
		if err != nil {
			return err
		}
		return r.Check(200, shared.CodeOK)
	}

	const total = 30
	var acked []int
	viaTwo := two.SignIn(t, owner, maple)
	for i := 0; i < total; i++ {
		if i == 10 {
			// Killed: its sockets dropped, its listener gone, its port closed.
			killOne()
			one.Server.Realtime.Close()
			one.HTTP.CloseClientConnections()
			one.HTTP.Close()
		}
		if err := push(boss, i); err != nil {
			if i < 10 {
				t.Fatalf("push %d before the kill: %v", i, err)
			}
			// The sender's app tries again through the other replica (the same track id: once).
			if err := push(viaTwo, i); err != nil {
				t.Fatalf("push %d through two: %v", i, err)
			}
		}
		acked = append(acked, i)
	}

	for _, want := range acked {
		var msg shared.Message
		if err := json.Unmarshal(nextOf(t, onTwo, shared.ImMessage).Data, &msg); err != nil {
			t.Fatal(err)
		}
		if msg.Content != fmt.Sprintf("Broadcast %d", want) {
			t.Fatalf("replica two delivered %q, want Broadcast %d (each once, in order)", msg.Content, want)
		}
	}
	// The socket on the killed replica ends: with a going-away close frame when
	// the hub had time to send one, else the connection just drops (a real kill).
	_ = onOne.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		if _, _, err := onOne.ReadMessage(); err != nil {
			var ce *websocket.CloseError
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatal("the socket on the killed replica is still open")
			}
			if errors.As(err, &ce) && ce.Code != websocket.CloseGoingAway && ce.Code != websocket.CloseAbnormalClosure {
				t.Errorf("the socket on the killed replica closed with %d", ce.Code)
			}
			break
		}
	}
	again := bound(t, two, carer)
	pingPong(t, again)
	var n int
	if err := d.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM chat_messages WHERE chat_id = ? AND content LIKE 'Broadcast %'", chat.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != total {
		t.Fatalf("%d messages kept in the chat, %d acknowledged", n, total)
	}
}
