package im

import (
	"context"
	"fmt"
	"time"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// The demonstration data's chat (cloud/feature/demo): the facility's channel
// and two direct chats (the owner with the day caregiver, the two caregivers
// with each other) with a few days of messages; one of the day caregiver's
// is written in Spanish and has its English translation cached, so the owner
// reads it without an AI provider; the owner has the last two unread.
// Written with this package's rules (sequence numbers, read marks) in the
// seed's transaction, dated by the seed's clock.

// DemoPeople names the demo facility's people by user id.
type DemoPeople struct {
	TenantID     string
	Owner, Admin string
	Day, Evening string // the day caregiver (writes one note in Spanish) and the evening caregiver
}

// noSockets is the seed's publisher: nobody is connected while it writes.
type noSockets struct{}

func (noSockets) Publish(context.Context, db.Querier, []string, shared.ImFrame) error { return nil }

type demoLine struct {
	from  string // a DemoPeople role: owner, admin, day, evening
	ago   time.Duration
	text  string
	lang  shared.Language
	trans string // its cached English
}

// SeedDemo writes a facility's demo chats in tx.
func SeedDemo(ctx context.Context, tx *db.Tx, people DemoPeople, now time.Time) error {
	// The seed runs before any socket is open: its frames go nowhere.
	s := &Service{pub: noSockets{}, now: func() time.Time { return now }}
	who := map[string]string{"owner": people.Owner, "admin": people.Admin, "day": people.Day, "evening": people.Evening}
	h := time.Hour
	day := 24 * h
	// The channel is as old as the direct chats, so it is not newer than its messages (its place in
	// the list is its latest message's, as for a channel made before people wrote in it).
	opened := &Service{pub: noSockets{}, now: func() time.Time { return now.Add(-4 * day) }}
	channel, err := opened.ensureFacility(ctx, tx, people.TenantID)
	if err != nil {
		return fmt.Errorf("demo chat channel: %w", err)
	}
	write := func(c *chatRow, lines []demoLine) error {
		for i, l := range lines {
			at := now.Add(-l.ago).UnixMilli()
			m := &messageRow{TrackID: fmt.Sprintf("demo-%d", i), SenderID: who[l.from], Kind: shared.MessageText, Format: shared.FormatPlain,
				Content: l.text, Language: string(l.lang), CreatedAt: at}
			if err := s.send(ctx, tx, c, m, nil); err != nil {
				return fmt.Errorf("demo chat message: %w", err)
			}
			if l.trans != "" {
				if err := s.store.PutTranslation(ctx, tx, people.TenantID, m.ID, shared.LangEnUS, l.trans, at); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := write(channel, []demoLine{
		{"admin", 3*day + 2*h, "Reminder: fire drill on Thursday at 10:00. Please review the evacuation map in the hallway.", shared.LangEnUS, ""},
		{"owner", 2*day + 5*h, "Thank you all for a calm weekend. New towels and gloves are in the laundry room.", shared.LangEnUS, ""},
		{"day", 2*day + 4*h, "Thanks! I restocked the bathroom on the east side.", shared.LangEnUS, ""},
		{"evening", day + 3*h, "Harold's hearing aid batteries are running low; I added them to the shopping list.", shared.LangEnUS, ""},
	}); err != nil {
		return err
	}
	for _, uid := range who {
		if err := s.store.SetRead(ctx, tx, channel.ID, uid, channel.LastSeq); err != nil {
			return err
		}
	}
	direct := func(a, b string) (*chatRow, error) {
		c, err := s.ensureChat(ctx, tx, people.TenantID, directKey(a, b), shared.ChatDirect, a, now.Add(-4*day).UnixMilli())
		if err != nil {
			return nil, err
		}
		for _, id := range []string{a, b} {
			if _, err := s.store.Join(ctx, tx, people.TenantID, c.ID, id, 0, now.Add(-4*day).UnixMilli()); err != nil {
				return nil, err
			}
		}
		return c, nil
	}
	ownerDay, err := direct(people.Owner, people.Day)
	if err != nil {
		return fmt.Errorf("demo direct chat: %w", err)
	}
	if err := write(ownerDay, []demoLine{
		{"owner", 3*day + 30*time.Minute, "Hi Amina, could you cover Saturday's day shift?", shared.LangEnUS, ""},
		{"day", 3 * day, "Yes, I can do Saturday.", shared.LangEnUS, ""},
		{"day", 2*day - 3*h, "José comió bien hoy y pidió más sopa en la cena. Está de buen humor.", shared.LangEsES,
			"José ate well today and asked for more soup at dinner. He is in good spirits."},
		{"owner", 2*day - 4*h, "Good to hear, thank you!", shared.LangEnUS, ""},
		{"day", 40 * time.Minute, "Margaret's daughter called: she will visit at 3 pm today.", shared.LangEnUS, ""},
		{"day", 25 * time.Minute, "The pharmacy delivery came; I put it in the med room for you to check.", shared.LangEnUS, ""},
	}); err != nil {
		return err
	}
	// The owner read up to her own reply: the day caregiver's last two are unread.
	if err := s.store.SetRead(ctx, tx, ownerDay.ID, people.Owner, ownerDay.LastSeq-2); err != nil {
		return err
	}
	dayEvening, err := direct(people.Day, people.Evening)
	if err != nil {
		return fmt.Errorf("demo direct chat: %w", err)
	}
	if err := write(dayEvening, []demoLine{
		{"evening", 2*day + 6*h, "Can we swap: you take Tuesday evening and I take your Thursday day?", shared.LangEnUS, ""},
		{"day", 2*day + 5*h, "Sure, Tuesday evening is mine.", shared.LangEnUS, ""},
		{"evening", day + 2*h, "Thank you! The hand-over notes are in the blue binder.", shared.LangEnUS, ""},
	}); err != nil {
		return err
	}
	return s.store.SetRead(ctx, tx, dayEvening.ID, people.Day, dayEvening.LastSeq)
}
