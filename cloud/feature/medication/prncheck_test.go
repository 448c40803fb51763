package medication_test

import (
	"context"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A PRN dose's effect check falling due is told, once, in the app (and so
// by Web Push) to the people on shift, or to the owners and admins when
// nobody is clocked in; a check documented in time is not.
func TestPrnCheckDueIsAnnounced(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 14, 0))
		prn := order(v.peggy, "Acetaminophen")
		prn.Type, prn.Times = shared.MedicationPRN, nil
		m := v.save(t, prn)
		waiting, err := v.s.LogPrn(ctx, v.carer, shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: "prn-check-waiting",
			GivenTime: local(2027, 6, 1, 13, 55).UnixMilli(), Reason: "Headache 5/10"})
		if err != nil {
			t.Fatal(err)
		}
		checked, err := v.s.LogPrn(ctx, v.carer2, shared.LogPrnRequest{MedicationID: m.MedicationID, ClientID: "prn-check-checked",
			GivenTime: local(2027, 6, 1, 13, 56).UnixMilli(), Reason: "Pain"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.s.PrnFollowUp(ctx, v.carer2, shared.PrnFollowUpRequest{PassID: checked.PassID, Effective: true}); err != nil {
			t.Fatal(err)
		}
		count := func(passID string) int {
			t.Helper()
			var n int
			if err := e.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE tenant_id = ? AND dedupe_key = ? AND title_key = ?`,
				v.tenant, "prn-check-due:"+passID, shared.NotifyPrnCheckDueTitle).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		// 14:54: not due yet.
		if _, err := v.s.AnnouncePrnChecks(ctx, local(2027, 6, 1, 14, 54)); err != nil {
			t.Fatal(err)
		}
		if n := count(waiting.PassID); n != 0 {
			t.Fatalf("announced before it was due: %d", n)
		}
		// 14:56 and again at 15:00 (two sweeps, or two replicas): announced once to each manager.
		for _, at := range []int{56, 58} {
			if _, err := v.s.AnnouncePrnChecks(ctx, local(2027, 6, 1, 14, at)); err != nil {
				t.Fatal(err)
			}
		}
		managers := count(waiting.PassID)
		if managers == 0 {
			t.Fatal("the check that fell due was not announced")
		}
		var dup int
		if err := e.DB.QueryRowContext(ctx, `SELECT COUNT(*) - COUNT(DISTINCT user_id) FROM notifications WHERE dedupe_key = ?`,
			"prn-check-due:"+waiting.PassID).Scan(&dup); err != nil || dup != 0 {
			t.Errorf("announced twice to someone: %d (%v)", dup, err)
		}
		if n := count(checked.PassID); n != 0 {
			t.Errorf("a documented check was announced %d times", n)
		}
	})
}
