package medication_test

import (
	"context"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The server's clock steps (NTP) in the middle of a med pass window (issue
// 35): a pass's colour and status follow the clock as it now reads, back or
// forward, because they are worked out from the pass's time and now on every
// read, never counted from the last tick; the overdue warning is sent once
// however often the clock crosses its moment; a pass that was given stays
// given when the clock steps back before the time it was logged.
func TestClockJumpDuringAPassWindow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 6, 0))
		m := v.save(t, order(v.peggy, "Lisinopril", "08:00", "20:00"))
		pass := func() shared.MedPass { return v.passes(t, m.MedicationID, "2027-06-01")[0] }
		notified := func() int {
			var n int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE tenant_id = ? AND dedupe_key = ?`,
				v.tenant, "medpass-overdue-soon:"+pass().PassID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		steps := []struct {
			name   string
			h, min int
			status shared.PassStatus
			colour shared.PassColour
		}{
			{"in the warning window", 8, 40, shared.PassWarning, shared.ColourYellow},
			{"stepped back 90 minutes", 7, 10, shared.PassDue, shared.ColourBlue},
			{"stepped back before the window", 6, 30, shared.PassUpcoming, shared.ColourGrey},
			{"stepped forward past overdue", 9, 30, shared.PassOverdue, shared.ColourRed},
			{"stepped back into the warning window", 8, 45, shared.PassWarning, shared.ColourYellow},
		}
		var warnedAt int
		for _, st := range steps {
			at := local(2027, 6, 1, st.h, st.min)
			setClock(e, at)
			if _, err := v.s.WarnOverdue(ctx, at); err != nil {
				t.Fatal(err)
			}
			if p := pass(); p.Status != st.status || p.Colour != st.colour {
				t.Errorf("%s (%02d:%02d): %s %s, want %s %s", st.name, st.h, st.min, p.Status, p.Colour, st.status, st.colour)
			}
			if warnedAt == 0 {
				warnedAt = notified()
			}
		}
		if warnedAt == 0 || notified() != warnedAt {
			t.Fatalf("overdue warnings: %d after the first crossing, %d after the clock crossed it three more times", warnedAt, notified())
		}

		// Before the window the pass cannot be charted, as the clock now reads.
		setClock(e, local(2027, 6, 1, 6, 30))
		if _, err := v.give(v.carer, pass().PassID, "jump-early"); code(err) == "" {
			t.Fatal("a pass charted at 06:30 by the stepped-back clock")
		}
		// Given at 08:10; the clock steps back to 07:20: the pass stays given, green, not late.
		setClock(e, local(2027, 6, 1, 8, 10))
		if _, err := v.give(v.carer, pass().PassID, "jump-given"); err != nil {
			t.Fatal(err)
		}
		setClock(e, local(2027, 6, 1, 7, 20))
		if p := pass(); p.Status != shared.PassGiven || p.Colour != shared.ColourGreen || p.Late {
			t.Fatalf("a given pass after the clock stepped back: %+v", p)
		}
		// A day's jump forward: the 20:00 pass missed in between is red, not skipped.
		setClock(e, local(2027, 6, 2, 7, 20))
		if p := v.passes(t, m.MedicationID, "2027-06-01")[1]; p.Status != shared.PassOverdue || p.Colour != shared.ColourRed {
			t.Fatalf("the evening pass after a day's jump: %s %s", p.Status, p.Colour)
		}
	})
}
