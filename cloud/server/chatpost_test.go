package server_test

import (
	"encoding/json"
	"net/url"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// systemMessages are the Hearth messages with key in the caller's first chat
// of kind, read through /api/im as the UI reads them, with their params.
func systemMessages(t *testing.T, c *servertest.Client, kind shared.ChatKind, key string) []map[string]string {
	t.Helper()
	var chats shared.Page[shared.Chat]
	c.Post(t, "/api/im/chat/pageLatest", shared.ChatPageRequest{Current: 1, Size: shared.ChatPageMax}).OK(t).Into(t, &chats)
	var out []map[string]string
	for _, ch := range chats.Records {
		if ch.Kind != kind {
			continue
		}
		var page shared.MessagePage
		c.Post(t, "/api/im/message/pageLatest", shared.MessagePageRequest{ChatID: ch.ID, Size: shared.ChatPageMax}).OK(t).Into(t, &page)
		for _, m := range page.Records {
			if m.MessageType != shared.MessageSystem || m.Content != key {
				continue
			}
			if m.Format != shared.FormatKey || m.Sender != "" {
				t.Errorf("Hearth's message %s: format %s, sender %q", key, m.Format, m.Sender)
			}
			params := map[string]string{}
			if err := json.Unmarshal([]byte(m.Extra), &params); err != nil {
				t.Fatalf("params of %s: %q: %v", key, m.Extra, err)
			}
			out = append(out, params)
		}
		return out
	}
	t.Fatalf("no %s chat among %d", kind, len(chats.Records))
	return nil
}

// Features say things in Hearth's chat through the real chat service: a
// submitted shift report is a SYSTEM message in the facility's channel that
// another caregiver reads; approved leave is one in the requester's own
// Hearth chat. Each is stored once.
func TestFeaturesPostInChat(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		pacific, err := time.LoadLocation("America/Los_Angeles")
		if err != nil {
			t.Fatal(err)
		}
		today := e.Clock.Now().In(pacific).Format(time.DateOnly)
		amina := e.SignIn(t, "caregiver_maple1")
		wei := e.SignIn(t, "caregiver_maple2")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")

		var rep shared.ShiftReport
		amina.Post(t, "/api/care/shiftReport/submit", shared.SaveShiftReportRequest{ShiftDate: today, FreeText: "Quiet shift; Margaret ate well"}).OK(t).Into(t, &rep)
		var mine []map[string]string
		for _, p := range systemMessages(t, wei, shared.ChatFacility, shared.ChatKeyShiftReportSubmitted) {
			if p["author"] == rep.AuthorName && p["shiftDate"] == today {
				mine = append(mine, p)
			}
		}
		if len(mine) != 1 || rep.AuthorName == "" {
			t.Errorf("Wei reads %d messages of Amina's report (%s, %s) in the channel, want 1", len(mine), rep.AuthorName, today)
		}

		start := e.Clock.Now().Add(72 * time.Hour)
		var leave shared.ApplicationForm
		amina.Post(t, "/api/care/applicationForm/save", shared.SaveApplicationFormRequest{Type: shared.ApplicationLeave, Reason: "Family visit",
			StartTime: start.UnixMilli(), EndTime: start.Add(8 * time.Hour).UnixMilli()}).OK(t).Into(t, &leave)
		owner.Get(t, "/api/care/applicationForm/approval?"+url.Values{"applicationId": {leave.ApplicationID}, "status": {"APPROVED"}}.Encode()).OK(t)
		from := start.In(pacific).Format(time.DateOnly)
		var approved int
		for _, p := range systemMessages(t, amina, shared.ChatSystem, shared.ChatKeyLeaveApproved) {
			if p["caregiver"] == leave.CreatorName && p["from"] == from {
				approved++
			}
		}
		if approved != 1 {
			t.Errorf("Amina reads %d messages of her approved leave from %s in her Hearth chat, want 1", approved, from)
		}
	})
}
