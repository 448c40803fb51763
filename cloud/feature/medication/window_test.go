package medication_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A pass is charted from 60 minutes before its time, never earlier, whatever
// the outcome (issue 26: at 10:03 PM a caregiver logged tomorrow's 08:00 doses
// as given and refused). A log said to have happened before the window is
// refused too, and nothing is stored; a late log stays possible.
func TestNoChartingBeforeTheWindow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 12, 0))
		m := v.save(t, order(v.peggy, "Calcium carbonate", "08:00"))

		// 22:03 the evening before: tomorrow's 08:00, given or refused, is refused.
		setClock(e, local(2027, 6, 1, 22, 3))
		tomorrow := v.passes(t, m.MedicationID, "2027-06-02")[0]
		if _, err := v.give(v.carer, tomorrow.PassID, "ahead-given-1"); key(err) != "medication.passNotOpen" || code(err) != shared.CodeValidation {
			t.Fatalf("tomorrow's pass given tonight: %v", err)
		}
		refuse := shared.LogPassRequest{PassID: tomorrow.PassID, ClientID: "ahead-refused-1", Outcome: shared.OutcomeRefused, Reason: "Asleep"}
		if _, err := v.s.LogPass(ctx, v.carer, refuse); key(err) != "medication.passNotOpen" {
			t.Fatalf("tomorrow's pass refused tonight: %v", err)
		}
		// A controlled dose sent without its counts hears first that the pass is not open:
		// the window is the refusal, not the count it would ask for an hour later.
		ctl := order(v.peggy, "Oxycodone", "08:00")
		ctl.Controlled = true
		setClock(e, local(2027, 6, 1, 12, 0))
		cm := v.save(t, ctl)
		setClock(e, local(2027, 6, 1, 22, 3))
		ctlPass := v.passes(t, cm.MedicationID, "2027-06-02")[0]
		if _, err := v.give(v.carer, ctlPass.PassID, "ahead-controlled-1"); key(err) != "medication.passNotOpen" || fieldOf(err) != "givenTime" {
			t.Fatalf("a controlled pass of tomorrow given tonight without counts: %v", err)
		}
		var logged int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM medication_passes WHERE id = ? AND outcome <> ''`, tomorrow.PassID).Scan(&logged); err != nil || logged != 0 {
			t.Fatalf("stored after a refusal: %d %v", logged, err)
		}

		// Through HTTP: the caregiver reads when it opens, in her language, with the day named.
		c := e.SignIn(t, "caregiver_maple1")
		c.Language = "es-ES"
		r := c.Post(t, care+"/logPass", shared.LogPassRequest{PassID: tomorrow.PassID, ClientID: "ahead-http-1", Outcome: shared.OutcomeGiven})
		r.Is(t, 200, shared.CodeValidation)
		if !strings.Contains(r.Message, "2027-06-02 07:00") || !strings.Contains(r.Message, "60 minutos") {
			t.Errorf("message: %q", r.Message)
		}

		// 61 minutes early: refused; 59 minutes early: charted.
		setClock(e, local(2027, 6, 2, 6, 59))
		if _, err := v.give(v.carer, tomorrow.PassID, "early-61-1"); key(err) != "medication.passNotOpen" {
			t.Fatalf("61 minutes early: %v", err)
		}
		setClock(e, local(2027, 6, 2, 7, 1))
		if p, err := v.give(v.carer, tomorrow.PassID, "early-59-1"); err != nil || p.Outcome != shared.OutcomeGiven || p.Late {
			t.Fatalf("59 minutes early: %+v %v", p, err)
		}

		// Charted later for an earlier time: the time it happened must be inside the window too.
		setClock(e, local(2027, 6, 2, 12, 0))
		m2 := v.save(t, order(v.jose, "Lisinopril", "13:00"))
		p2 := v.passes(t, m2.MedicationID, "2027-06-02")[0]
		setClock(e, local(2027, 6, 2, 14, 30))
		before := shared.LogPassRequest{PassID: p2.PassID, ClientID: "backdated-1", Outcome: shared.OutcomeGiven,
			GivenTime: local(2027, 6, 2, 11, 59).UnixMilli()}
		if _, err := v.s.LogPass(ctx, v.carer, before); key(err) != "medication.passNotOpen" || fieldOf(err) != "givenTime" {
			t.Fatalf("a time before the window: %v", err)
		}
		late := shared.LogPassRequest{PassID: p2.PassID, ClientID: "late-1", Outcome: shared.OutcomeGiven}
		if p, err := v.s.LogPass(ctx, v.carer, late); err != nil || !p.Late {
			t.Fatalf("a late log: %+v %v", p, err)
		}
	})
}

// The window is 60 minutes of real time, also when the clocks change: on
// the spring-forward day 61 minutes before 03:30 PDT is 01:29 PST, and on
// the fall-back day before 01:30 PDT (the first) it is 00:29 PDT.
func TestWindowAcrossDST(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		check := func(name string, due int64, pass string) {
			t.Helper()
			setClock(e, time.UnixMilli(due-61*60_000))
			if _, err := v.give(v.carer, pass, "dst-early-"+name); key(err) != "medication.passNotOpen" {
				t.Errorf("%s, 61 minutes early: %v", name, err)
			}
			setClock(e, time.UnixMilli(due-59*60_000))
			if _, err := v.give(v.carer, pass, "dst-open-"+name); err != nil {
				t.Errorf("%s, 59 minutes early: %v", name, err)
			}
		}
		setClock(e, local(2026, 3, 7, 10, 0))
		spring := v.save(t, order(v.peggy, "Levothyroxine", "03:30"))
		sp := v.passes(t, spring.MedicationID, "2026-03-08")[0]
		if sp.DueTime != time.Date(2026, 3, 8, 10, 30, 0, 0, time.UTC).UnixMilli() {
			t.Fatalf("spring pass due %d", sp.DueTime)
		}
		check("spring", sp.DueTime, sp.PassID)

		setClock(e, local(2026, 10, 31, 10, 0))
		fall := v.save(t, order(v.jose, "Sertraline", "01:30"))
		fp := v.passes(t, fall.MedicationID, "2026-11-01")[0]
		if fp.DueTime != time.Date(2026, 11, 1, 8, 30, 0, 0, time.UTC).UnixMilli() {
			t.Fatalf("fall pass due %d", fp.DueTime)
		}
		check("fall", fp.DueTime, fp.PassID)
	})
}

// A PRN dose charted later cannot predate its order's start date (a
// scheduled pass's window already keeps its log after the pass).
func TestPRNNotBeforeItsOrder(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 14, 0))
		prn := order(v.peggy, "Ibuprofen")
		prn.Type, prn.Times, prn.StartDate = shared.MedicationPRN, nil, "2027-06-01"
		m := v.save(t, prn)
		req := shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: "prn-before-start", Reason: "Headache",
			GivenTime: local(2027, 5, 31, 23, 0).UnixMilli()}
		if _, err := v.s.LogPrn(ctx, v.carer, req); key(err) != "medication.beforeOrderStart" || fieldOf(err) != "givenTime" {
			t.Fatalf("a dose the day before the order: %v", err)
		}
		req.ClientID, req.GivenTime = "prn-on-start", local(2027, 6, 1, 0, 30).UnixMilli()
		if p, err := v.s.LogPrn(ctx, v.carer, req); err != nil || p.GivenTime != req.GivenTime {
			t.Fatalf("a dose on the order's first day: %+v %v", p, err)
		}
	})
}
