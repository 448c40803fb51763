package medication_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Two caregivers giving one PRN order at the same minute (the same
// givenTime) are two real doses: both are stored and shown, never refused as
// a reused id; nor is any dose of a burst of 60 with their own ids.
func TestPRNDosesAtOneTime(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 14, 0))
		prn := order(v.peggy, "Acetaminophen")
		prn.Type, prn.Times = shared.MedicationPRN, nil
		m := v.save(t, prn)

		at := local(2027, 6, 1, 13, 55).UnixMilli()
		first, err := v.s.LogPrn(ctx, v.carer, shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: "same-minute-amina",
			GivenTime: at, Reason: "Headache 5/10"})
		if err != nil {
			t.Fatalf("first dose: %v", err)
		}
		second, err := v.s.LogPrn(ctx, v.carer2, shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: "same-minute-wei",
			GivenTime: at, Reason: "Headache"})
		if err != nil {
			t.Fatalf("a second dose at the same time by another caregiver: %v (%s)", err, key(err))
		}
		if first.PassID == second.PassID || second.GivenTime != at || second.StaffName != "Wei Chen" {
			t.Errorf("the second dose: %+v", second)
		}
		if got := v.passes(t, m.MedicationID, "2027-06-01"); len(got) != 2 {
			t.Errorf("the day shows %d doses, want both", len(got))
		}

		// A burst: 60 doses at once (6 caregivers' devices, 10 each), several at the same instant.
		const burst = 60
		errs := make([]error, burst)
		var wg sync.WaitGroup
		for i := range burst {
			wg.Add(1)
			go func() {
				defer wg.Done()
				who := v.carer
				if i%2 == 1 {
					who = v.carer2
				}
				_, errs[i] = v.s.LogPrn(ctx, who, shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: fmt.Sprintf("burst-dose-%02d", i),
					GivenTime: at + int64(i%6)*60_000, Reason: "Pain"})
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("dose %d of the burst: %v (%s)", i, err, key(err))
			}
		}
		if got := v.passes(t, m.MedicationID, "2027-06-01"); len(got) != 2+burst {
			t.Errorf("the day shows %d doses, want %d", len(got), 2+burst)
		}

		// The same id again is still the same dose, stored once.
		if again, err := v.s.LogPrn(ctx, v.carer2, shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: "same-minute-wei",
			GivenTime: at, Reason: "Headache"}); err != nil || again.PassID != second.PassID {
			t.Errorf("a retry: %+v %v", again, err)
		}

		// Scheduled passes stay one per order and time.
		routine := v.save(t, order(v.peggy, "Vitamin D", "16:00"))
		if _, err := v.s.ExtendHorizon(ctx, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if got := v.passes(t, routine.MedicationID, "2027-06-01"); len(got) != 1 {
			t.Errorf("a scheduled time made %d passes", len(got))
		}
		var dup int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT medication_id, due_at FROM medication_passes
			WHERE kind = 'SCHEDULED' GROUP BY medication_id, due_at HAVING COUNT(*) > 1) x`).Scan(&dup); err != nil || dup != 0 {
			t.Errorf("scheduled passes twice at one time: %d %v", dup, err)
		}
	})
}

// Pill counts add up whenever they are sent: after ≤ before and both or
// neither, for a scheduled pass and a PRN dose, controlled or not, given or
// not. A controlled order's given dose needs them; another order stores them
// only when they add up.
func TestPillCounts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 7, 50))
		plain := v.save(t, order(v.peggy, "Calcium carbonate", "08:00", "12:00", "18:00"))
		passes := v.passes(t, plain.MedicationID, "2027-06-01")
		prnReq := order(v.peggy, "Ibuprofen")
		prnReq.Type, prnReq.Times = shared.MedicationPRN, nil
		prn := v.save(t, prnReq)
		ctlReq := order(v.peggy, "Lorazepam")
		ctlReq.Type, ctlReq.Times, ctlReq.Controlled = shared.MedicationPRN, nil, true
		ctl := v.save(t, ctlReq)

		pass := func(i int, id string, outcome shared.PassOutcome, before, after *int) (*shared.MedPass, error) {
			req := shared.LogPassRequest{PassID: passes[i].PassID, ClientID: id, Outcome: outcome, CountBefore: before, CountAfter: after}
			if outcome != shared.OutcomeGiven {
				req.Reason = "Asleep"
			}
			return v.s.LogPass(ctx, v.carer, req)
		}
		dose := func(medID, id string, before, after *int) (*shared.MedPass, error) {
			return v.s.LogPrn(ctx, v.carer, shared.LogPrnRequest{MedicationID: medID, ClientID: id, Reason: "Pain", CountBefore: before, CountAfter: after})
		}
		pf := func(outcome shared.PassOutcome, before, after *int) func(id string) (*shared.MedPass, error) {
			return func(id string) (*shared.MedPass, error) { return pass(0, id, outcome, before, after) }
		}
		df := func(medID string, before, after *int) func(id string) (*shared.MedPass, error) {
			return func(id string) (*shared.MedPass, error) { return dose(medID, id, before, after) }
		}
		for i, c := range []struct {
			name       string
			log        func(id string) (*shared.MedPass, error)
			key, field string
		}{
			{"pass, not controlled, 1 then 5", pf(shared.OutcomeGiven, ptr(1), ptr(5)), "medication.countOrder", "countAfter"},
			{"pass refused, 1 then 5", pf(shared.OutcomeRefused, ptr(1), ptr(5)), "medication.countOrder", "countAfter"},
			{"pass, only after", pf(shared.OutcomeGiven, nil, ptr(5)), "medication.countPair", "countBefore"},
			{"PRN, not controlled, 1 then 5", df(prn.MedicationID, ptr(1), ptr(5)), "medication.countOrder", "countAfter"},
			{"PRN, only before", df(prn.MedicationID, ptr(3), nil), "medication.countPair", "countAfter"},
			{"PRN controlled, no count", df(ctl.MedicationID, nil, nil), "medication.countRequired", "countBefore"},
			{"PRN controlled, 10 then 11", df(ctl.MedicationID, ptr(10), ptr(11)), "medication.countOrder", "countAfter"},
		} {
			got, err := c.log(fmt.Sprintf("count-refused-%02d", i))
			if code(err) != shared.CodeValidation || key(err) != c.key || fieldOf(err) != c.field {
				t.Errorf("%s: %+v %v (field %q), want %s on %s", c.name, got, err, fieldOf(err), c.key, c.field)
			}
		}

		// What adds up is stored; a log without counts stores none.
		got, err := pass(0, "count-pass-ok", shared.OutcomeGiven, ptr(30), ptr(29))
		if err != nil || got.CountBefore == nil || *got.CountBefore != 30 || *got.CountAfter != 29 {
			t.Errorf("a pass with counts that add up: %+v %v", got, err)
		}
		setClock(e, local(2027, 6, 1, 11, 30)) // the noon pass's window is open
		got, err = pass(1, "count-pass-none", shared.OutcomeGiven, nil, nil)
		if err != nil || got.CountBefore != nil || got.CountAfter != nil {
			t.Errorf("a pass without counts: %+v %v", got, err)
		}
		got, err = dose(prn.MedicationID, "count-prn-ok", ptr(12), ptr(12))
		if err != nil || got.CountBefore == nil || *got.CountAfter != 12 {
			t.Errorf("a PRN dose with counts that add up: %+v %v", got, err)
		}
		got, err = dose(ctl.MedicationID, "count-ctl-ok", ptr(10), ptr(9))
		if err != nil || *got.CountBefore != 10 || *got.CountAfter != 9 {
			t.Errorf("a controlled PRN dose: %+v %v", got, err)
		}
	})
}
