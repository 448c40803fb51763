package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/riverqueue/river"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Shifts says whether a person is on one of their published shifts at a
// moment (the shift feature's schedule): alerts are quiet outside them.
type Shifts interface {
	OnShiftAt(ctx context.Context, tenantID, userID string, at time.Time) (bool, error)
}

// Jobs' tries: an alert is decided once (a failure is a database hiccup); a
// delivery is tried while the push service answers 429 or 5xx or cannot be
// reached, for about 20 minutes (River waits attempt⁴ seconds), after which
// the alert is stale anyway.
const (
	alertAttempts   = 3
	deliverAttempts = 6
	// chatPreviewMax bounds the message text a chat alert shows.
	chatPreviewMax = 120
)

// alertMessages are each alert's push message key stems by the in-app
// notification's title key: push.<stem>.title and push.<stem>.body.
var alertMessages = map[string]struct {
	alert shared.PushAlert
	stem  string
	ttl   time.Duration
}{
	shared.NotifyMedicationOverdueSoonTitle: {shared.PushAlertMedPass, "medPass", 30 * time.Minute},
	shared.NotifyPrnCheckDueTitle:           {shared.PushAlertPrnCheck, "prnCheck", time.Hour},
	shared.NotifyShiftTomorrowTitle:         {shared.PushAlertShiftReminder, "shiftTomorrow", 12 * time.Hour},
	shared.NotifyShiftSoonTitle:             {shared.PushAlertShiftReminder, "shiftSoon", time.Hour},
}

// AlertArgs is the job of one alert to one person: decided when it runs
// (their choice, their shift), then delivered to each of their devices.
type AlertArgs struct {
	TenantID string            `json:"tenantId"`
	UserID   string            `json:"userId"`
	Alert    shared.PushAlert  `json:"alert"`
	Stem     string            `json:"stem"`
	Params   map[string]string `json:"params"`
	URL      string            `json:"url"`
	Tag      string            `json:"tag"`
	TTL      int               `json:"ttl"` // seconds
}

// Kind names the job (stored in river_job: never rename it).
func (AlertArgs) Kind() string { return "push_alert" }

// DeliverArgs is the job of one payload to one device.
type DeliverArgs struct {
	SubscriptionID string `json:"subscriptionId"`
	Payload        string `json:"payload"`
	Topic          string `json:"topic"`
	TTL            int    `json:"ttl"`
}

// Kind names the job (stored in river_job: never rename it).
func (DeliverArgs) Kind() string { return "push_deliver" }

// Notified is called by the notification service for each notification it
// stored, in the same transaction: a notification that is one of the push
// alerts becomes a push job for its recipient; the others push nothing.
func (s *Service) Notified(ctx context.Context, tx *db.Tx, tenantID, userID string, d shared.NotificationDraft) error {
	m, ok := alertMessages[d.TitleKey]
	if !ok {
		return nil
	}
	return s.enqueueAlert(ctx, tx, AlertArgs{TenantID: tenantID, UserID: userID, Alert: m.alert, Stem: m.stem, Params: d.Params,
		URL: d.Link, Tag: d.DedupeKey, TTL: int(m.ttl.Seconds())})
}

// Chat is called by the chat in the transaction that stores a person's
// message: each other member gets a push job (the service worker shows it only
// while no window of the app is in view).
func (s *Service) Chat(ctx context.Context, tx *db.Tx, tenantID string, to []string, chatID, sender, text string) error {
	stem := "chat"
	if text == "" {
		stem = "chatFile"
	}
	if utf8.RuneCountInString(text) > chatPreviewMax {
		text = string([]rune(text)[:chatPreviewMax-1]) + "…"
	}
	for _, userID := range to {
		err := s.enqueueAlert(ctx, tx, AlertArgs{TenantID: tenantID, UserID: userID, Alert: shared.PushAlertChatMessage, Stem: stem,
			Params: map[string]string{"sender": sender, "text": text}, URL: "/message?chat=" + chatID, Tag: "chat:" + chatID,
			TTL: int(time.Hour.Seconds())})
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) enqueueAlert(ctx context.Context, tx *db.Tx, a AlertArgs) error {
	if err := s.queue.Enqueue(ctx, tx, a, &river.InsertOpts{MaxAttempts: alertAttempts}); err != nil {
		return fmt.Errorf("push: %w", err)
	}
	return nil
}

// RegisterJobs registers the alert and delivery workers on q; shifts says who is on shift.
func (s *Service) RegisterJobs(q *jobs.Queue, shifts Shifts) {
	jobs.Register(q, &alertWorker{s: s, shifts: shifts})
	jobs.Register(q, &deliverWorker{s: s})
}

type alertWorker struct {
	river.WorkerDefaults[AlertArgs]
	s      *Service
	shifts Shifts
}

func (w *alertWorker) Work(ctx context.Context, j *river.Job[AlertArgs]) error {
	_, err := w.s.decide(ctx, w.shifts, j.Args)
	return err
}

// wants reports whether prefs let alert through.
func wants(prefs shared.PushPreferences, alert shared.PushAlert) bool {
	switch alert {
	case shared.PushAlertMedPass:
		return prefs.MedPass
	case shared.PushAlertPrnCheck:
		return prefs.PrnCheck
	case shared.PushAlertShiftReminder:
		return prefs.ShiftReminder
	case shared.PushAlertChatMessage:
		return prefs.ChatMessage
	}
	return false
}

// decide applies the person's choice and shift to an alert and enqueues its
// delivery to each of their devices, in their language; answers how many.
// A reminder of one's own shift comes before the shift, so only it is sent
// outside one.
func (s *Service) decide(ctx context.Context, shifts Shifts, a AlertArgs) (int, error) {
	subs, err := s.store.Subscriptions(ctx, s.db, a.TenantID, a.UserID)
	if err != nil || len(subs) == 0 {
		return 0, err
	}
	prefs, err := s.store.Preferences(ctx, s.db, a.TenantID, a.UserID)
	if err != nil || !wants(prefs, a.Alert) {
		return 0, err
	}
	now := s.now()
	if a.Alert != shared.PushAlertShiftReminder {
		on, err := shifts.OnShiftAt(ctx, a.TenantID, a.UserID, now)
		if err != nil || !on {
			return 0, err //nolint:wrapcheck // the shift feature's own wrapped error
		}
	}
	person, err := people.Get(ctx, s.db, a.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	loc, _, err := zone.Facility(ctx, s.db, a.TenantID)
	if err != nil {
		return 0, err //nolint:wrapcheck // zone wraps its own
	}
	payload, err := json.Marshal(Payload(person.Language, loc, now, a))
	if err != nil {
		return 0, fmt.Errorf("push: payload: %w", err)
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, sub := range subs {
			d := DeliverArgs{SubscriptionID: sub.ID, Payload: string(payload), Topic: topic(a.Tag), TTL: a.TTL}
			if err := s.queue.Enqueue(ctx, tx, d, &river.InsertOpts{MaxAttempts: deliverAttempts}); err != nil {
				return fmt.Errorf("push: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(subs), nil
}

// Payload is the alert as the recipient reads it: in their language, a
// param ending in At (epoch ms) written as a time in the facility's zone
// (with its date when it is not today there).
func Payload(l shared.Language, loc *time.Location, now time.Time, a AlertArgs) shared.PushPayload {
	args := make(map[string]any, len(a.Params))
	today := now.In(loc).Format(time.DateOnly)
	for k, v := range a.Params {
		args[k] = v
		if ms, err := strconv.ParseInt(v, 10, 64); err == nil && strings.HasSuffix(k, "At") {
			t := time.UnixMilli(ms).In(loc)
			if t.Format(time.DateOnly) == today {
				args[k] = msg.Clock(l, t)
			} else {
				args[k] = msg.DateTime(l, t)
			}
		}
	}
	return shared.PushPayload{Title: msg.T(l, "push."+a.Stem+".title", args), Body: msg.T(l, "push."+a.Stem+".body", args),
		URL: a.URL, Tag: a.Tag, Alert: a.Alert}
}

// topic is the Topic header (at most 32 base64url characters, RFC 8030 §5.4):
// a newer message of the same thing replaces one the push service still holds.
func topic(tag string) string {
	var b strings.Builder
	for _, r := range tag {
		if b.Len() == 32 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

type deliverWorker struct {
	river.WorkerDefaults[DeliverArgs]
	s *Service
}

func (w *deliverWorker) Timeout(*river.Job[DeliverArgs]) time.Duration { return time.Minute }

func (w *deliverWorker) Work(ctx context.Context, j *river.Job[DeliverArgs]) error {
	return w.s.deliver(ctx, j.Args)
}

// errRetry is a push service's temporary refusal (429, 5xx): the job is tried again.
var errRetry = errors.New("push: push service answered")

// deliver sends one payload to one device. 404 and 410 mean the subscription
// is gone (RFC 8030 §7.3; the browser dropped it): it is removed. Another 4xx
// is our mistake or a refused payload: logged, not retried. 429, 5xx and no
// answer are tried again.
func (s *Service) deliver(ctx context.Context, d DeliverArgs) error {
	sub, err := s.store.Subscription(ctx, s.db, d.SubscriptionID)
	if errors.Is(err, db.ErrNotFound) {
		return nil // unsubscribed meanwhile
	} else if err != nil {
		return err
	}
	public, private := s.keys()
	resp, err := webpush.SendNotificationWithContext(ctx, []byte(d.Payload), &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth}}, &webpush.Options{HTTPClient: s.http, Subscriber: s.subject,
		VAPIDPublicKey: public, VAPIDPrivateKey: private, TTL: d.TTL, Topic: d.Topic, Urgency: webpush.UrgencyHigh})
	if err != nil {
		return fmt.Errorf("push: send: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		_, err := s.store.Gone(ctx, s.db, sub.ID, sub.Endpoint)
		return err
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return fmt.Errorf("%w %d", errRetry, resp.StatusCode)
	default:
		s.log.WarnContext(ctx, "push: the push service refused a message", "status", resp.StatusCode, "subscription", sub.ID)
		return nil
	}
}
