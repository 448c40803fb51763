package push_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/push/pushtest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const base = "/api/system/push"

var pacific = func() *time.Location {
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		panic(err)
	}
	return loc
}()

// next moves the clock forward to the next hh:00 at the demo homes (Pacific
// time): the demo's published schedules put caregiver_maple1 on the day
// shift (07:00-15:00) every day of last, this and next week, so 10:00 is
// inside her shift and 03:00 outside it, whatever the hour the test runs.
func next(e *servertest.Env, hour int) {
	now := e.Clock.Now().In(pacific)
	at := time.Date(now.Year(), now.Month(), now.Day(), hour, 0, 0, 0, pacific)
	if !at.After(now) {
		at = at.AddDate(0, 0, 1)
	}
	e.Clock.Advance(at.Sub(e.Clock.Now()))
}

func notify(t *testing.T, e *servertest.Env, tenantID, userID string, d shared.NotificationDraft) {
	t.Helper()
	err := e.DB.InTx(context.Background(), func(tx *db.Tx) error {
		return e.Server.Notifications.Notify(context.Background(), tx, tenantID, []string{userID}, d)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func overdueSoon(key string, dueAt time.Time) shared.NotificationDraft {
	return shared.NotificationDraft{Kind: shared.NotificationMedication, TitleKey: shared.NotifyMedicationOverdueSoonTitle,
		BodyKey: shared.NotifyMedicationOverdueSoonBody, Link: "/emars", DedupeKey: key,
		Params: map[string]string{"resident": "Margaret Lee", "medication": "Lisinopril 10 mg", "dueAt": formatInt(dueAt.UnixMilli())}}
}

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }

// tagged are the messages the endpoint read with tag (the demo's own jobs,
// worked by the same drain, may push other alerts of the day).
func tagged(t *testing.T, ep *pushtest.Endpoint, tag string) []pushtest.Message {
	t.Helper()
	if errs := ep.Errors(); len(errs) > 0 {
		t.Fatalf("the push endpoint could not read a message: %v", errs)
	}
	var out []pushtest.Message
	for _, m := range ep.Messages() {
		if m.Payload.Tag == tag {
			out = append(out, m)
		}
	}
	return out
}

func status(t *testing.T, c *servertest.Client) shared.PushStatus {
	t.Helper()
	var s shared.PushStatus
	c.Get(t, base+"/status").OK(t).Into(t, &s)
	return s
}

func setLanguage(t *testing.T, e *servertest.Env, account string, lang shared.Language) {
	t.Helper()
	if _, err := e.DB.ExecContext(context.Background(), `UPDATE users SET language = ? WHERE account_key = ?`, lang, account); err != nil {
		t.Fatal(err)
	}
}

// The whole path but the last hop: a caregiver turns push on for her phone,
// a med pass 30 minutes from overdue is notified in the app, and the local
// push endpoint receives it once, signed with the server's VAPID key,
// encrypted for her browser's keys (decrypted here as RFC 8291 says), in her
// language, with the pass's time in the home's zone, the link and the tag.
func TestPushReachesThePhone(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		maple, m1 := e.FacilityID(t, "Maple House AFH"), e.UserID(t, "caregiver_maple1")
		setLanguage(t, e, "caregiver_maple1", shared.LangEsES)
		next(e, 10)
		c := e.SignIn(t, "caregiver_maple1")
		var key shared.PushKey
		c.Get(t, base+"/publicKey").OK(t).Into(t, &key)
		if len(key.PublicKey) != 87 {
			t.Fatalf("VAPID public key %q, want 65 bytes base64url", key.PublicKey)
		}
		if s := status(t, c); s.Subscribed {
			t.Fatalf("subscribed before subscribing: %+v", s)
		}
		ep := pushtest.Start(t)
		var st shared.PushStatus
		c.Post(t, base+"/subscribe", ep.Subscription()).OK(t).Into(t, &st)
		if !st.Subscribed || st.Devices != 1 {
			t.Fatalf("after subscribe: %+v", st)
		}
		// Subscribing the same device again replaces its subscription.
		c.Post(t, base+"/subscribe", ep.Subscription()).OK(t).Into(t, &st)
		if st.Devices != 1 {
			t.Fatalf("the same device twice: %+v", st)
		}

		due := e.Clock.Now().In(pacific).Add(-30 * time.Minute)
		notify(t, e, maple, m1, overdueSoon("medpass-overdue-soon:test-1", due))
		if got := tagged(t, ep, "medpass-overdue-soon:test-1"); len(got) != 0 {
			t.Fatalf("pushed before the jobs ran (on the request path?): %+v", got)
		}
		e.DrainJobs(t)
		got := tagged(t, ep, "medpass-overdue-soon:test-1")
		if len(got) != 1 {
			t.Fatalf("received %d messages of the pass, want 1: %+v", len(got), ep.Messages())
		}
		m := got[0]
		if m.VAPIDKey != key.PublicKey {
			t.Errorf("signed with %q, want the published key %q", m.VAPIDKey, key.PublicKey)
		}
		wantBody := "Lisinopril 10 mg para Margaret Lee (la toma de las " + due.Format("15:04") + ") aún no está registrada. Estará atrasada en 30 minutos."
		if m.Payload.Title != "Una toma de medicación vence pronto" || m.Payload.Body != wantBody {
			t.Errorf("payload %+v, want the Spanish title and body %q", m.Payload, wantBody)
		}
		if m.Payload.URL != "/emars" || m.Payload.Alert != shared.PushAlertMedPass || m.TTL != "1800" {
			t.Errorf("payload %+v TTL %s", m.Payload, m.TTL)
		}
		// The same notification again (a retried job) is not pushed again.
		notify(t, e, maple, m1, overdueSoon("medpass-overdue-soon:test-1", due))
		e.DrainJobs(t)
		if got := tagged(t, ep, "medpass-overdue-soon:test-1"); len(got) != 1 {
			t.Errorf("a repeated notification pushed again: %d messages", len(got))
		}

		// A chat message from a colleague reaches her phone too, with its words.
		other := e.SignIn(t, "caregiver_maple2")
		var chat shared.Chat
		other.Post(t, "/api/im/chat/start", shared.ChatStartRequest{MemberIDs: []string{m1}}).OK(t).Into(t, &chat)
		other.Post(t, "/api/im/message/push", shared.MessagePushRequest{ChatID: chat.ID, TrackID: "push-test-1",
			MessageType: shared.MessageText, Content: "¿Puedes cubrir el turno?"}).OK(t)
		e.DrainJobs(t)
		msgs := tagged(t, ep, "chat:"+chat.ID)
		if len(msgs) != 1 || msgs[0].Payload.Body != "¿Puedes cubrir el turno?" || !strings.HasPrefix(msgs[0].Payload.Title, "Mensaje de ") ||
			msgs[0].Payload.URL != "/message?chat="+chat.ID || msgs[0].Payload.Alert != shared.PushAlertChatMessage {
			t.Errorf("chat push: %+v", msgs)
		}
		// The sender's own phone gets nothing of her message (she has none subscribed; nothing else was read).

		// Sign-out: the app unsubscribes the device; nothing more is sent to it.
		c.Post(t, base+"/unsubscribe", nil).OK(t).Into(t, &st)
		if st.Subscribed || st.Devices != 0 {
			t.Fatalf("after unsubscribe: %+v", st)
		}
		notify(t, e, maple, m1, overdueSoon("medpass-overdue-soon:test-2", due))
		e.DrainJobs(t)
		if got := tagged(t, ep, "medpass-overdue-soon:test-2"); len(got) != 0 {
			t.Errorf("pushed to an unsubscribed device: %+v", got)
		}
	})
}

// Each person's choice is respected; alerts are quiet outside the person's
// shifts, except the reminder of her own shift; a push service's 410 removes
// the subscription.
func TestPushChoiceShiftAndGone(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		maple, m1 := e.FacilityID(t, "Maple House AFH"), e.UserID(t, "caregiver_maple1")
		next(e, 10)
		c := e.SignIn(t, "caregiver_maple1")
		ep := pushtest.Start(t)
		c.Post(t, base+"/subscribe", ep.Subscription()).OK(t)

		var prefs shared.PushPreferences
		c.Get(t, base+"/preferences").OK(t).Into(t, &prefs)
		if prefs != (shared.PushPreferences{MedPass: true, PrnCheck: true, ShiftReminder: true, ChatMessage: true}) {
			t.Fatalf("default preferences %+v, want every alert", prefs)
		}
		off := shared.PushPreferences{MedPass: false, PrnCheck: true, ShiftReminder: true, ChatMessage: true}
		c.Post(t, base+"/savePreferences", off).OK(t).Into(t, &prefs)
		c.Get(t, base+"/preferences").OK(t).Into(t, &prefs)
		if prefs != off {
			t.Fatalf("saved %+v, read %+v", off, prefs)
		}
		now := e.Clock.Now()
		notify(t, e, maple, m1, overdueSoon("medpass-overdue-soon:off", now))
		prn := shared.NotificationDraft{Kind: shared.NotificationMedication, TitleKey: shared.NotifyPrnCheckDueTitle,
			BodyKey: shared.NotifyPrnCheckDueBody, Link: "/emars", DedupeKey: "prn-check-due:on",
			Params: map[string]string{"resident": "Rosa Diaz", "medication": "Acetaminophen 500 mg", "givenAt": formatInt(now.Add(-time.Hour).UnixMilli()),
				"dueAt": formatInt(now.UnixMilli())}}
		notify(t, e, maple, m1, prn)
		e.DrainJobs(t)
		if got := tagged(t, ep, "medpass-overdue-soon:off"); len(got) != 0 {
			t.Errorf("a med pass alert she turned off was pushed: %+v", got)
		}
		got := tagged(t, ep, "prn-check-due:on")
		if len(got) != 1 || got[0].Payload.Title != "PRN effect check due" || !strings.Contains(got[0].Payload.Body, "Acetaminophen 500 mg") ||
			!strings.Contains(got[0].Payload.Body, now.Add(-time.Hour).In(pacific).Format("3:04 PM")) {
			t.Errorf("the PRN check she kept on: %+v", got)
		}

		// 03:00: her day shift is over. A PRN check is quiet; her shift reminder still comes.
		next(e, 3)
		prn.DedupeKey = "prn-check-due:night"
		notify(t, e, maple, m1, prn)
		start := e.Clock.Now().Add(4 * time.Hour)
		notify(t, e, maple, m1, shared.NotificationDraft{Kind: shared.NotificationShift, TitleKey: shared.NotifyShiftSoonTitle,
			BodyKey: shared.NotifyShiftSoonBody, Link: "/shift-report", DedupeKey: "shift-soon:night",
			Params: map[string]string{"shiftType": "Day", "startAt": formatInt(start.UnixMilli()), "endAt": formatInt(start.Add(8 * time.Hour).UnixMilli())}})
		e.DrainJobs(t)
		if got := tagged(t, ep, "prn-check-due:night"); len(got) != 0 {
			t.Errorf("an alert outside her shift was pushed: %+v", got)
		}
		if got := tagged(t, ep, "shift-soon:night"); len(got) != 1 || got[0].Payload.Body != "The Day shift starts at "+start.In(pacific).Format("3:04 PM")+"." {
			t.Errorf("her shift reminder: %+v", got)
		}

		// The push service says the subscription is gone: it is removed.
		ep.Answer(http.StatusGone)
		notify(t, e, maple, m1, shared.NotificationDraft{Kind: shared.NotificationShift, TitleKey: shared.NotifyShiftTomorrowTitle,
			BodyKey: shared.NotifyShiftTomorrowBody, Link: "/shift-report", DedupeKey: "shift-tomorrow:gone",
			Params: map[string]string{"shiftType": "Day", "startAt": formatInt(start.UnixMilli()), "endAt": formatInt(start.Add(8 * time.Hour).UnixMilli())}})
		e.DrainJobs(t)
		c.Token = e.SignIn(t, "caregiver_maple1").Token // the same device, signed in again hours later
		if s := status(t, c); s.Subscribed || s.Devices != 0 {
			t.Errorf("after the push service answered 410: %+v", s)
		}
		var n int
		if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM push_subscriptions WHERE user_id = ?`, m1).Scan(&n); err != nil || n != 0 {
			t.Errorf("subscriptions left: %d (%v)", n, err)
		}
	})
}

// Bounds: a subscription that is not a browser's is refused and nothing is kept.
func TestSubscribeBounds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		c := e.SignIn(t, "caregiver_maple1")
		ep := pushtest.Start(t)
		good := ep.Subscription()
		for name, tc := range map[string]struct {
			req   shared.PushSubscribeRequest
			field string
		}{
			"not a URL":         {shared.PushSubscribeRequest{Endpoint: "push me", P256dh: good.P256dh, Auth: good.Auth}, "endpoint"},
			"another scheme":    {shared.PushSubscribeRequest{Endpoint: "ftp://push.example.com/x", P256dh: good.P256dh, Auth: good.Auth}, "endpoint"},
			"too long":          {shared.PushSubscribeRequest{Endpoint: "https://push.example.com/" + strings.Repeat("a", shared.PushEndpointMax), P256dh: good.P256dh, Auth: good.Auth}, "endpoint"},
			"key not a point":   {shared.PushSubscribeRequest{Endpoint: good.Endpoint, P256dh: "BAAA" + good.P256dh[4:], Auth: good.Auth}, "p256dh"},
			"key not base64url": {shared.PushSubscribeRequest{Endpoint: good.Endpoint, P256dh: "***", Auth: good.Auth}, "p256dh"},
			"short auth":        {shared.PushSubscribeRequest{Endpoint: good.Endpoint, P256dh: good.P256dh, Auth: "AAAA"}, "auth"},
			"no endpoint":       {shared.PushSubscribeRequest{P256dh: good.P256dh, Auth: good.Auth}, "endpoint"},
		} {
			r := c.Post(t, base+"/subscribe", tc.req)
			if r.Code != shared.CodeValidation || !strings.Contains(string(r.Body), tc.field) {
				t.Errorf("%s: code %s %.200s, want %s on %s", name, r.Code, r.Body, shared.CodeValidation, tc.field)
			}
		}
		if s := status(t, c); s.Devices != 0 {
			t.Errorf("a refused subscription was kept: %+v", s)
		}
	})
}

// Access: every facility role manages its own devices and choices; the super
// admin (no facility) and anyone not signed in are refused; another home's
// caregiver sees and changes only her own, and never gets Maple's alerts.
func TestPushAccess(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		ep := pushtest.Start(t)
		routes := []servertest.Route[struct{}]{
			{Name: "publicKey", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, base+"/publicKey") }},
			{Name: "subscribe", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, base+"/subscribe", ep.Subscription())
			}},
			{Name: "status", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, base+"/status") }},
			{Name: "preferences", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, base+"/preferences") }},
			{Name: "savePreferences", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, base+"/savePreferences", shared.PushPreferences{MedPass: true})
			}},
			{Name: "unsubscribe", Do: func(c *servertest.Client) *servertest.Response { return c.Post(t, base+"/unsubscribe", nil) }},
		}
		ok := func(servertest.Route[struct{}]) string { return shared.CodeOK }
		var callers []servertest.Caller[struct{}]
		for _, account := range []string{"owner_birch", "admin_maple", "caregiver_maple1", "caregiver_cedar1"} {
			callers = append(callers, servertest.Caller[struct{}]{Name: account, Client: e.SignIn(t, account), Want: ok})
		}
		servertest.RoleMatrix(t, routes, callers...)
		servertest.Outsiders(t, e, routes)

		// Cedar's caregiver subscribes; Maple's caregiver's choices and alerts are not hers.
		maple, m1 := e.FacilityID(t, "Maple House AFH"), e.UserID(t, "caregiver_maple1")
		cedarC := e.SignIn(t, "caregiver_cedar1")
		cedarC.Post(t, base+"/subscribe", ep.Subscription()).OK(t)
		maple1 := e.SignIn(t, "caregiver_maple1")
		maple1.Post(t, base+"/savePreferences", shared.PushPreferences{}).OK(t)
		var prefs shared.PushPreferences
		cedarC.Get(t, base+"/preferences").OK(t).Into(t, &prefs)
		if prefs != (shared.PushPreferences{MedPass: true}) { // her own, saved in the matrix above
			t.Errorf("Cedar's caregiver reads Maple's choices: %+v", prefs)
		}
		if s := status(t, maple1); s.Subscribed || s.Devices != 0 {
			t.Errorf("Maple's caregiver sees Cedar's subscription: %+v", s)
		}
		maple1.Post(t, base+"/savePreferences", shared.PushPreferences{MedPass: true}).OK(t)
		next(e, 10)
		notify(t, e, maple, m1, overdueSoon("medpass-overdue-soon:access", e.Clock.Now()))
		e.DrainJobs(t)
		if got := tagged(t, ep, "medpass-overdue-soon:access"); len(got) != 0 {
			t.Errorf("Maple's alert reached Cedar's caregiver's phone: %+v", got)
		}
	})
}
