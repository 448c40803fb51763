package medication_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A scheduled pass goes grey (upcoming) → blue (due from 60 minutes
// before) → yellow (30 minutes before it is overdue) → red (overdue 60
// minutes after its time), by the clock alone; at the yellow moment the
// people on shift (here nobody: the owners and admins) are notified once;
// a red pass counts in countWarningNum until an owner acknowledges it (with
// a note, audited), and a pass logged late says so.
func TestPassWindowAndWarning(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 6, 0))
		m := v.save(t, order(v.peggy, "Lisinopril", "08:00", "20:00"))
		today := v.passes(t, m.MedicationID, "2027-06-01")
		if len(today) != 2 || today[0].TimeOfDay != "08:00" || today[1].TimeOfDay != "20:00" ||
			today[0].DueTime != local(2027, 6, 1, 8, 0).UnixMilli() {
			t.Fatalf("today's passes: %+v", today)
		}
		if n := len(v.passes(t, m.MedicationID, "2027-06-02")); n != 2 {
			t.Fatalf("tomorrow's passes: %d, want 2", n)
		}
		if n := len(v.passes(t, m.MedicationID, "2027-06-03")); n != 0 {
			t.Fatalf("passes beyond tomorrow: %d", n)
		}
		steps := []struct {
			h, min int
			status shared.PassStatus
			colour shared.PassColour
		}{
			{6, 59, shared.PassUpcoming, shared.ColourGrey},
			{7, 0, shared.PassDue, shared.ColourBlue},
			{8, 29, shared.PassDue, shared.ColourBlue},
			{8, 30, shared.PassWarning, shared.ColourYellow},
			{8, 59, shared.PassWarning, shared.ColourYellow},
			{9, 0, shared.PassOverdue, shared.ColourRed},
		}
		warnings := func() int {
			var n int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE tenant_id = ? AND dedupe_key = ?`,
				v.tenant, "medpass-overdue-soon:"+today[0].PassID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for _, st := range steps {
			at := local(2027, 6, 1, st.h, st.min)
			setClock(e, at)
			p := v.passes(t, m.MedicationID, "2027-06-01")[0]
			if p.Status != st.status || p.Colour != st.colour {
				t.Errorf("%02d:%02d: %s %s, want %s %s", st.h, st.min, p.Status, p.Colour, st.status, st.colour)
			}
			n, err := v.s.WarnOverdue(ctx, at)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case st.h == 8 && st.min == 30:
				// Nobody is clocked in at Maple in the test: the owners and admins are told.
				if n != 1 || warnings() == 0 {
					t.Errorf("08:30: %d warned, %d notifications", n, warnings())
				}
			case n != 0:
				t.Errorf("%02d:%02d: %d passes warned", st.h, st.min, n)
			}
		}
		if warnings() < 2 { // the owner and the admin
			t.Errorf("notifications: %d", warnings())
		}
		if !v.passes(t, m.MedicationID, "2027-06-01")[0].Warned {
			t.Error("the pass is not marked warned")
		}
		count, err := v.s.CountWarnings(ctx, v.owner)
		if err != nil || count != 1 {
			t.Fatalf("countWarningNum at 09:00: %d %v", count, err)
		}
		counts, err := v.s.ColourCount(ctx, v.carer, shared.EmarColourQuery{Day: "2027-06-01"})
		if err != nil || counts.Red != 1 || counts.Grey != 1 {
			t.Fatalf("colour counts: %+v %v", counts, err)
		}

		// Acknowledging: owners and admins, with a note; once; the pass stays unlogged.
		red := today[0].PassID
		if _, err := v.s.ClearColour(ctx, v.carer, shared.ClearColourQuery{StatusID: red, Note: "called"}); code(err) != shared.CodeForbidden {
			t.Errorf("a caregiver acknowledges: %v", err)
		}
		if _, err := v.s.ClearColour(ctx, v.owner, shared.ClearColourQuery{StatusID: red, Note: "  "}); code(err) != shared.CodeValidation {
			t.Errorf("no note: %v", err)
		}
		if _, err := v.s.ClearColour(ctx, v.owner, shared.ClearColourQuery{StatusID: today[1].PassID, Note: "x"}); code(err) != shared.CodeConflict {
			t.Errorf("a grey pass acknowledged: %v", err)
		}
		ack, err := v.s.ClearColour(ctx, v.owner, shared.ClearColourQuery{StatusID: red, Note: "Resident asleep; nurse called"})
		if err != nil || ack.AckTime == 0 || ack.AckNote != "Resident asleep; nurse called" || ack.Outcome != "" || ack.Colour != shared.ColourRed {
			t.Fatalf("acknowledged: %+v %v", ack, err)
		}
		if _, err := v.s.ClearColour(ctx, v.owner, shared.ClearColourQuery{StatusID: red, Note: "again"}); code(err) != shared.CodeConflict {
			t.Errorf("acknowledged twice: %v", err)
		}
		if n, _ := v.s.CountWarnings(ctx, v.owner); n != 0 {
			t.Errorf("countWarningNum after the acknowledgement: %d", n)
		}
		var audits int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = 'medication.pass.acknowledge' AND entity_id = ?`, red).Scan(&audits); err != nil || audits != 1 {
			t.Errorf("acknowledgement audit rows: %d %v", audits, err)
		}

		// Logged at 09:10 (late, still allowed): green, late, initials from the name.
		setClock(e, local(2027, 6, 1, 9, 10))
		p, err := v.give(v.carer, red, "client-0001")
		if err != nil || p.Status != shared.PassGiven || p.Colour != shared.ColourGreen || !p.Late || p.Initials != "AN" ||
			p.StaffName != "Amina Njoroge" || p.DoseGiven != "1 tablet" {
			t.Fatalf("logged late: %+v %v", p, err)
		}
	})
}

// Two devices log one pass at once: one record; the other hears who logged
// it and when (4009, the first log in data). A retry with the same client id
// answers the original and stores nothing; the id used for another pass or
// by someone else is refused.
func TestFirstLogWins(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		setClock(e, local(2027, 6, 1, 7, 45))
		m := v.save(t, order(v.peggy, "Metformin", "08:00", "08:30"))
		ps := v.passes(t, m.MedicationID, "2027-06-01")
		amina, wei := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "caregiver_maple2")

		type answer struct {
			r   *servertest.Response
			c   string
			err error
		}
		results := make(chan answer, 2)
		start := make(chan struct{})
		for _, who := range []struct {
			c  *servertest.Client
			id string
		}{{amina, "device-amina-1"}, {wei, "device-wei-0001"}} {
			go func() {
				<-start
				r, err := who.c.Try(servertest.Request{Path: care + "/logPass", Body: shared.LogPassRequest{PassID: ps[0].PassID, ClientID: who.id, Outcome: shared.OutcomeGiven}})
				results <- answer{r, who.id, err}
			}()
		}
		close(start)
		a, b := <-results, <-results
		if err := errors.Join(a.err, b.err); err != nil {
			t.Fatal(err)
		}
		if a.r.Code != shared.CodeOK {
			a, b = b, a
		}
		if a.r.Code != shared.CodeOK || b.r.Code != shared.CodeConflict {
			t.Fatalf("two logs at once: %s / %s", a.r.Body, b.r.Body)
		}
		var first, second shared.MedPass
		a.r.Into(t, &first)
		if err := jsonInto(b.r.Data, &second); err != nil || second.PassID != first.PassID || second.StaffName != first.StaffName ||
			second.ClientID != a.c {
			t.Fatalf("the conflict's data: %s (%v)", b.r.Data, err)
		}
		if want := first.StaffName + " already logged this pass at 07:45."; b.r.Message != want {
			t.Errorf("conflict message %q, want %q", b.r.Message, want)
		}
		var logged int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE action = 'medication.pass.log' AND entity_id = ?`,
			ps[0].PassID).Scan(&logged); err != nil || logged != 1 {
			t.Fatalf("log audit rows: %d %v", logged, err)
		}

		// The winner's retry (an outbox sent again) answers the original.
		winner := amina
		if a.c == "device-wei-0001" {
			winner = wei
		}
		var again shared.MedPass
		winner.Post(t, care+"/logPass", shared.LogPassRequest{PassID: ps[0].PassID, ClientID: a.c, Outcome: shared.OutcomeGiven}).OK(t).Into(t, &again)
		if again.PassID != first.PassID || again.LoggedTime != first.LoggedTime {
			t.Errorf("a retry: %+v", again)
		}
		// The same id for another pass, or by someone else: 4009.
		winner.Post(t, care+"/logPass", shared.LogPassRequest{PassID: ps[1].PassID, ClientID: a.c, Outcome: shared.OutcomeGiven}).
			Is(t, 200, shared.CodeConflict)
		loser := amina
		if winner == amina {
			loser = wei
		}
		loser.Post(t, care+"/logPass", shared.LogPassRequest{PassID: ps[0].PassID, ClientID: a.c, Outcome: shared.OutcomeGiven}).
			Is(t, 200, shared.CodeConflict)
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE action = 'medication.pass.log' AND entity_id = ?`,
			ps[0].PassID).Scan(&logged); err != nil || logged != 1 {
			t.Fatalf("log audit rows after retries: %d %v", logged, err)
		}

		// An offline log carries its time: up to 7 days back, not in the future beyond 2 minutes.
		now := e.Clock.Now()
		for _, c := range []struct {
			at   time.Time
			want shared.Code
		}{
			{now.Add(5 * time.Minute), shared.CodeValidation},
			{now.Add(-8 * 24 * time.Hour), shared.CodeValidation},
		} {
			r := wei.Post(t, care+"/logPass", shared.LogPassRequest{PassID: ps[1].PassID, ClientID: "device-wei-time", Outcome: shared.OutcomeGiven,
				GivenTime: c.at.UnixMilli()})
			if r.Code != c.want {
				t.Errorf("given at %s: %s", c.at, r.Body)
			}
		}
		var skew shared.MedPass
		wei.Post(t, care+"/logPass", shared.LogPassRequest{PassID: ps[1].PassID, ClientID: "device-wei-skew", Outcome: shared.OutcomeRefused,
			Reason: "Asleep", GivenTime: now.Add(time.Minute).UnixMilli()}).OK(t).Into(t, &skew)
		if skew.GivenTime != now.UnixMilli() || skew.Outcome != shared.OutcomeRefused || skew.Colour != shared.ColourOrange {
			t.Errorf("a time within the skew is now: %+v", skew)
		}
	})
}

// Hold if a vital is out of limits: GIVEN and HELD need the reading; outside
// the limits the dose must be held (with a reason); a sliding scale picks the
// dose by the reading and a route that needs a site needs one; a controlled
// substance needs its count.
func TestDoseRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 7, 50))
		bp := order(v.peggy, "Metoprolol", "08:00", "08:40")
		bp.Vital, bp.HoldBelow = shared.VitalSystolicBP, ptr(100.0)
		m := v.save(t, bp)
		if m.Vital != shared.VitalSystolicBP || m.HoldBelow == nil || *m.HoldBelow != 100 {
			t.Fatalf("saved: %+v", m)
		}
		pass := v.passes(t, m.MedicationID, "2027-06-01")[0].PassID
		log := func(req shared.LogPassRequest) (*shared.MedPass, error) {
			req.PassID = pass
			if req.ClientID == "" {
				req.ClientID = "client-" + string(req.Outcome) + "-x"
			}
			return v.s.LogPass(ctx, v.carer, req)
		}
		for name, c := range map[string]struct {
			req   shared.LogPassRequest
			field string
		}{
			"given, no reading":  {shared.LogPassRequest{Outcome: shared.OutcomeGiven}, "vitalValue"},
			"held, no reading":   {shared.LogPassRequest{Outcome: shared.OutcomeHeld, Reason: "BP low"}, "vitalValue"},
			"given below 100":    {shared.LogPassRequest{Outcome: shared.OutcomeGiven, VitalValue: ptr(92.0)}, "outcome"},
			"implausible":        {shared.LogPassRequest{Outcome: shared.OutcomeGiven, VitalValue: ptr(5.0)}, "vitalValue"},
			"held, no reason":    {shared.LogPassRequest{Outcome: shared.OutcomeHeld, VitalValue: ptr(92.0)}, "reason"},
			"refused, no reason": {shared.LogPassRequest{Outcome: shared.OutcomeRefused}, "reason"},
		} {
			_, err := log(c.req)
			if code(err) != shared.CodeValidation || fieldOf(err) != c.field {
				t.Errorf("%s: %v (field %q, want %q)", name, err, fieldOf(err), c.field)
			}
		}
		if _, err := log(shared.LogPassRequest{Outcome: shared.OutcomeGiven, VitalValue: ptr(92.0)}); key(err) != "medication.mustHoldBelow" {
			t.Errorf("given below the limit: %v", err)
		}
		held, err := log(shared.LogPassRequest{Outcome: shared.OutcomeHeld, VitalValue: ptr(92.0), Reason: "Systolic 92, held per order"})
		if err != nil || held.Status != shared.PassHeld || held.Colour != shared.ColourOrange || held.VitalValue == nil || *held.VitalValue != 92 ||
			held.Vital != shared.VitalSystolicBP {
			t.Fatalf("held: %+v %v", held, err)
		}
		// A refusal needs no reading.
		refuse := v.passes(t, m.MedicationID, "2027-06-01")[1].PassID
		if _, err := v.s.LogPass(ctx, v.carer, shared.LogPassRequest{PassID: refuse, ClientID: "client-refuse-1", Outcome: shared.OutcomeRefused,
			Reason: "Spat it out"}); err != nil {
			t.Errorf("a refusal without a reading: %v", err)
		}

		// Insulin on a sliding scale, injected: the reading picks the dose; the site is required.
		ins := order(v.peggy, "Insulin lispro", "07:30")
		ins.Route, ins.Vital, ins.Dose = shared.RouteSubcutaneous, shared.VitalBloodGlucose, "per scale"
		ins.SlidingScale = []shared.SlidingScaleStep{{From: 201, To: 250, Dose: "4 units"}, {From: 150, To: 200, Dose: "2 units"}}
		im := v.save(t, ins)
		if len(im.SlidingScale) != 2 || im.SlidingScale[0].From != 150 || !im.SiteRequired {
			t.Fatalf("sliding scale order: %+v", im)
		}
		ip := v.passes(t, im.MedicationID, "2027-06-01")[0].PassID
		give := func(reading float64, site shared.ApplicationSite, id string) (*shared.MedPass, error) {
			return v.s.LogPass(ctx, v.carer, shared.LogPassRequest{PassID: ip, ClientID: id, Outcome: shared.OutcomeGiven,
				VitalValue: ptr(reading), Site: site})
		}
		if _, err := give(180, "", "client-ins-1"); key(err) != "medication.siteRequired" {
			t.Errorf("no site: %v", err)
		}
		if _, err := give(120, shared.SiteAbdomenLeft, "client-ins-2"); key(err) != "medication.scaleNoDose" {
			t.Errorf("a reading off the scale: %v", err)
		}
		got, err := give(180, shared.SiteAbdomenLeft, "client-ins-3")
		if err != nil || got.DoseGiven != "2 units" || got.Site != shared.SiteAbdomenLeft {
			t.Fatalf("insulin given: %+v %v", got, err)
		}
		// Overlapping rows, a scale without a vital, limits the wrong way round.
		bad := ins
		bad.SlidingScale = []shared.SlidingScaleStep{{From: 150, To: 200, Dose: "2"}, {From: 200, To: 250, Dose: "4"}}
		if _, err := v.s.Save(ctx, v.owner, bad); key(err) != "medication.scaleOverlap" {
			t.Errorf("overlapping scale: %v", err)
		}
		bad.Vital = ""
		if _, err := v.s.Save(ctx, v.owner, bad); key(err) != "medication.vitalForScale" {
			t.Errorf("scale without a vital: %v", err)
		}
		lim := bp
		lim.HoldAbove = ptr(90.0)
		if _, err := v.s.Save(ctx, v.owner, lim); key(err) != "medication.holdOrder" || fieldOf(err) != "holdAbove" {
			t.Errorf("limits the wrong way: %v", err)
		}

		// A controlled substance: the count before and after.
		ox := order(v.peggy, "Oxycodone", "08:00")
		ox.Controlled = true
		om := v.save(t, ox)
		op := v.passes(t, om.MedicationID, "2027-06-01")[0].PassID
		if _, err := v.s.LogPass(ctx, v.carer, shared.LogPassRequest{PassID: op, ClientID: "client-ox-1", Outcome: shared.OutcomeGiven}); key(err) != "medication.countRequired" {
			t.Errorf("no count: %v", err)
		}
		if _, err := v.s.LogPass(ctx, v.carer, shared.LogPassRequest{PassID: op, ClientID: "client-ox-2", Outcome: shared.OutcomeGiven,
			CountBefore: ptr(10), CountAfter: ptr(11)}); key(err) != "medication.countOrder" {
			t.Errorf("count going up: %v", err)
		}
		cp, err := v.s.LogPass(ctx, v.carer, shared.LogPassRequest{PassID: op, ClientID: "client-ox-3", Outcome: shared.OutcomeGiven,
			CountBefore: ptr(10), CountAfter: ptr(9)})
		if err != nil || *cp.CountBefore != 10 || *cp.CountAfter != 9 {
			t.Fatalf("controlled given: %+v %v", cp, err)
		}
	})
}

// A PRN dose: logged on demand with its reason; its effectiveness check is
// due 60 minutes later, yellow at 90, red at 120 (counted until documented);
// documented once.
func TestPRN(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 14, 0))
		prn := order(v.peggy, "Acetaminophen")
		prn.Type, prn.Times = shared.MedicationPRN, nil
		m := v.save(t, prn)
		if n := len(v.passes(t, m.MedicationID, "2027-06-01")); n != 0 {
			t.Fatalf("a PRN order made %d passes", n)
		}
		req := shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: "client-prn-01"}
		if _, err := v.s.LogPrn(ctx, v.carer, req); code(err) != shared.CodeValidation || fieldOf(err) != "reason" {
			t.Errorf("no reason: %v", err)
		}
		req.Reason = "Knee pain 6/10"
		p, err := v.s.LogPrn(ctx, v.carer, req)
		if err != nil || p.Kind != shared.PassPRN || p.Status != shared.PassGiven || p.Colour != shared.ColourGreen ||
			p.FollowUpStatus != shared.PassUpcoming || p.FollowUpDueTime != local(2027, 6, 1, 15, 0).UnixMilli() || p.TimeOfDay != "14:00" {
			t.Fatalf("PRN logged: %+v %v", p, err)
		}
		if again, err := v.s.LogPrn(ctx, v.carer, req); err != nil || again.PassID != p.PassID {
			t.Errorf("a PRN retry: %+v %v", again, err)
		}
		routine := v.save(t, order(v.peggy, "Vitamin D", "09:00"))
		if _, err := v.s.LogPrn(ctx, v.carer, shared.LogPrnRequest{MedicationID: routine.MedicationID, ClientID: "client-prn-02", Reason: "x"}); code(err) != shared.CodeValidation {
			t.Errorf("PRN log of a routine order: %v", err)
		}
		for _, st := range []struct {
			h, min int
			status shared.PassStatus
			colour shared.PassColour
			red    int
		}{
			{14, 59, shared.PassUpcoming, shared.ColourGreen, 0},
			{15, 0, shared.PassDue, shared.ColourBlue, 0},
			{15, 30, shared.PassWarning, shared.ColourYellow, 0},
			{16, 0, shared.PassOverdue, shared.ColourRed, 1},
		} {
			setClock(e, local(2027, 6, 1, st.h, st.min))
			got := v.passes(t, m.MedicationID, "2027-06-01")[0]
			if got.FollowUpStatus != st.status || got.Colour != st.colour {
				t.Errorf("%02d:%02d: follow-up %s %s, want %s %s", st.h, st.min, got.FollowUpStatus, got.Colour, st.status, st.colour)
			}
			if n, _ := v.s.CountWarnings(ctx, v.carer); n != st.red {
				t.Errorf("%02d:%02d: %d red", st.h, st.min, n)
			}
		}
		if _, err := v.s.PrnFollowUp(ctx, v.carer2, shared.PrnFollowUpRequest{PassID: p.PassID}); code(err) != shared.CodeValidation {
			t.Errorf("not effective without a note: %v", err)
		}
		done, err := v.s.PrnFollowUp(ctx, v.carer2, shared.PrnFollowUpRequest{PassID: p.PassID, Effective: true})
		if err != nil || done.FollowUpStatus != shared.PassDone || done.Colour != shared.ColourGreen || done.FollowUpByName != "Wei Chen" ||
			done.FollowUpEffective == nil || !*done.FollowUpEffective {
			t.Fatalf("follow-up: %+v %v", done, err)
		}
		if _, err := v.s.PrnFollowUp(ctx, v.carer, shared.PrnFollowUpRequest{PassID: p.PassID, Effective: false, Note: "x"}); code(err) != shared.CodeConflict {
			t.Errorf("documented twice: %v", err)
		}
		if n, _ := v.s.CountWarnings(ctx, v.carer); n != 0 {
			t.Errorf("red after the follow-up: %d", n)
		}
		// The scheduled pass of a PRN-only call, and a follow-up of a scheduled pass, are refused.
		rp := v.passes(t, routine.MedicationID, "2027-06-02")[0].PassID
		if _, err := v.s.PrnFollowUp(ctx, v.carer, shared.PrnFollowUpRequest{PassID: rp, Effective: true}); code(err) != shared.CodeValidation {
			t.Errorf("follow-up of a scheduled pass: %v", err)
		}
		if _, err := v.give(v.carer, p.PassID, "client-prn-03"); code(err) != shared.CodeValidation {
			t.Errorf("logPass of a PRN dose: %v", err)
		}
	})
}

// Discontinue stops the passes from its end time (unlogged ones removed,
// none made after, logged ones kept); hold makes passes ON_HOLD (never red,
// never given) until resumed; restore brings the passes back from now.
func TestDiscontinueHoldRestore(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 7, 30))
		m := v.save(t, order(v.peggy, "Furosemide", "08:00", "12:00", "20:00"))
		ps := v.passes(t, m.MedicationID, "2027-06-01")

		// Held at 07:30 by the prescriber: today's passes ON_HOLD, grey; not givable; not red later.
		change := shared.MedicationChangeRequest{MedicationID: m.MedicationID, Reason: "Dr Patel: hold for low BP", Prescriber: "Dr Patel"}
		if _, err := v.s.Hold(ctx, v.carer, change); code(err) != shared.CodeForbidden {
			t.Errorf("a caregiver holds: %v", err)
		}
		held, err := v.s.Hold(ctx, v.owner, change)
		if err != nil || !held.OnHold || held.HoldReason != change.Reason {
			t.Fatalf("hold: %+v %v", held, err)
		}
		if _, err := v.s.Hold(ctx, v.owner, change); code(err) != shared.CodeConflict {
			t.Errorf("held twice: %v", err)
		}
		for _, p := range v.passes(t, m.MedicationID, "2027-06-01") {
			if p.Status != shared.PassOnHold || p.Colour != shared.ColourGrey {
				t.Errorf("%s while on hold: %s", p.TimeOfDay, p.Status)
			}
		}
		if _, err := v.give(v.carer, ps[0].PassID, "client-hold-1"); code(err) != shared.CodeConflict {
			t.Errorf("given while on hold: %v", err)
		}
		setClock(e, local(2027, 6, 1, 10, 0))
		if n, _ := v.s.CountWarnings(ctx, v.owner); n != 0 {
			t.Errorf("a held pass counts red: %d", n)
		}
		resumed, err := v.s.Resume(ctx, v.owner, shared.MedicationChangeRequest{MedicationID: m.MedicationID, Reason: "BP back up"})
		if err != nil || resumed.OnHold {
			t.Fatalf("resume: %+v %v", resumed, err)
		}
		now := v.passes(t, m.MedicationID, "2027-06-01")
		if now[0].Status != shared.PassOnHold || now[1].Status != shared.PassUpcoming || now[2].Status != shared.PassUpcoming {
			t.Errorf("after resuming at 10:00: %s %s %s", now[0].Status, now[1].Status, now[2].Status)
		}

		// Discontinued at 12:30 (the 12:00 pass given first): 20:00 and tomorrow's go; 12:00 stays.
		setClock(e, local(2027, 6, 1, 12, 5))
		if _, err := v.give(v.carer, now[1].PassID, "client-noon-1"); err != nil {
			t.Fatal(err)
		}
		setClock(e, local(2027, 6, 1, 12, 30))
		q := shared.DiscontinueQuery{MedicationID: m.MedicationID, Reason: "Dr Patel stopped it", VerificationFileID: ""}
		if _, err := v.s.Discontinue(ctx, v.carer, q); code(err) != shared.CodeForbidden {
			t.Errorf("a caregiver discontinues: %v", err)
		}
		q.EndTime = local(2027, 6, 1, 13, 0).UnixMilli()
		if _, err := v.s.Discontinue(ctx, v.owner, q); code(err) != shared.CodeValidation {
			t.Errorf("an end in the future: %v", err)
		}
		q.EndTime = 0
		stopped, err := v.s.Discontinue(ctx, v.owner, q)
		if err != nil || stopped.Status != shared.MedicationDiscontinued || stopped.EndTime != e.Clock.Now().UnixMilli() {
			t.Fatalf("discontinue: %+v %v", stopped, err)
		}
		left := v.passes(t, m.MedicationID, "2027-06-01")
		if len(left) != 2 || left[0].TimeOfDay != "08:00" || left[1].Status != shared.PassGiven {
			t.Fatalf("passes after discontinuing: %+v", left)
		}
		if n := len(v.passes(t, m.MedicationID, "2027-06-02")); n != 0 {
			t.Errorf("tomorrow's passes after discontinuing: %d", n)
		}
		setClock(e, local(2027, 6, 2, 6, 0))
		if _, err := v.s.ExtendHorizon(ctx, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if n := len(v.passes(t, m.MedicationID, "2027-06-03")); n != 0 {
			t.Errorf("the horizon made %d passes of a discontinued order", n)
		}
		if _, err := v.s.Discontinue(ctx, v.owner, q); code(err) != shared.CodeConflict {
			t.Errorf("discontinued twice: %v", err)
		}
		if _, err := v.s.Save(ctx, v.owner, shared.SaveMedicationRequest{MedicationID: m.MedicationID, Name: "Furosemide", Type: shared.MedicationRoutine,
			Dose: "2 tablets", Route: shared.RouteOral, StartDate: "2026-01-01", Times: []string{"08:00"}}); code(err) != shared.CodeConflict {
			t.Errorf("a discontinued order changed: %v", err)
		}

		// Restored at 07:20: passes from an hour ago on.
		setClock(e, local(2027, 6, 2, 7, 20))
		back, err := v.s.Restore(ctx, v.owner, shared.MedicationChangeRequest{MedicationID: m.MedicationID, Reason: "Restarted by Dr Patel"})
		if err != nil || back.Status != shared.MedicationCurrent {
			t.Fatalf("restore: %+v %v", back, err)
		}
		if got := v.passes(t, m.MedicationID, "2027-06-02"); len(got) != 3 || got[0].Status != shared.PassDue {
			t.Errorf("passes after restoring: %+v", got)
		}

		// The med history: every change, newest first, with the prescriber and the logged call.
		h, err := v.s.History(ctx, v.carer, shared.MedHistoryQuery{ResidentID: v.peggy, MedicationID: m.MedicationID})
		if err != nil {
			t.Fatal(err)
		}
		kinds := []shared.MedicationChangeKind{}
		for _, c := range h.Records {
			kinds = append(kinds, c.Kind)
		}
		want := []shared.MedicationChangeKind{shared.ChangeRestore, shared.ChangeDiscontinue, shared.ChangeResume, shared.ChangeHold, shared.ChangeCreate}
		if h.Total != 5 || len(kinds) != 5 || kinds[0] != want[0] || kinds[1] != want[1] || kinds[2] != want[2] || kinds[3] != want[3] || kinds[4] != want[4] {
			t.Fatalf("history: %v", kinds)
		}
		hold := h.Records[3]
		if hold.Prescriber != "Dr Patel" || hold.Note != change.Reason || hold.ChangeDate != "2027-06-01" || hold.ActorName == "" ||
			hold.Before == nil || hold.Before.OnHold || hold.After == nil || !hold.After.OnHold {
			t.Errorf("hold row: %+v", hold)
		}
		if h.Records[4].Before != nil || h.Records[4].After == nil {
			t.Errorf("create row: %+v", h.Records[4])
		}
	})
}

// Passes across daylight saving in the facility's zone (Pacific): on
// 2026-03-08 02:30 does not exist and moves to 03:30 (one pass with an
// order's 03:30), on 2026-11-01 01:30 happens twice and is taken once
// (daylight time); the horizon job makes the next day's without duplicates.
func TestPassesAcrossDST(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		utc := func(s string) int64 {
			tm, err := time.Parse(time.RFC3339, s)
			if err != nil {
				t.Fatal(err)
			}
			return tm.UnixMilli()
		}

		setClock(e, local(2026, 3, 7, 10, 0))
		m := v.save(t, order(v.peggy, "Levothyroxine", "01:30", "02:30", "03:30", "08:00"))
		spring := v.passes(t, m.MedicationID, "2026-03-08")
		want := []struct {
			tod string
			due int64
		}{{"01:30", utc("2026-03-08T09:30:00Z")}, {"03:30", utc("2026-03-08T10:30:00Z")}, {"08:00", utc("2026-03-08T15:00:00Z")}}
		if len(spring) != len(want) {
			t.Fatalf("spring-forward day: %d passes: %+v", len(spring), spring)
		}
		for i, w := range want {
			if spring[i].TimeOfDay != w.tod || spring[i].DueTime != w.due {
				t.Errorf("spring pass %d: %s %d, want %s %d", i, spring[i].TimeOfDay, spring[i].DueTime, w.tod, w.due)
			}
		}
		setClock(e, local(2026, 3, 8, 12, 0))
		if _, err := v.s.ExtendHorizon(ctx, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := v.s.ExtendHorizon(ctx, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if n := len(v.passes(t, m.MedicationID, "2026-03-09")); n != 4 {
			t.Errorf("the day after: %d passes, want 4", n)
		}
		if n := len(v.passes(t, m.MedicationID, "2026-03-08")); n != 3 {
			t.Errorf("the spring-forward day after the horizon: %d passes", n)
		}

		setClock(e, local(2026, 10, 31, 10, 0))
		f := v.save(t, order(v.jose, "Sertraline", "01:30", "08:00"))
		fall := v.passes(t, f.MedicationID, "2026-11-01")
		if len(fall) != 2 || fall[0].TimeOfDay != "01:30" || fall[0].DueTime != utc("2026-11-01T08:30:00Z") ||
			fall[1].DueTime != utc("2026-11-01T16:00:00Z") {
			t.Fatalf("fall-back day: %+v", fall)
		}
		setClock(e, local(2026, 11, 1, 12, 0))
		if _, err := v.s.ExtendHorizon(ctx, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if got := v.passes(t, f.MedicationID, "2026-11-02"); len(got) != 2 || got[0].DueTime != utc("2026-11-02T09:30:00Z") {
			t.Errorf("the day after fall-back: %+v", got)
		}
	})
}
