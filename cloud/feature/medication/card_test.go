package medication_test

import (
	"context"
	"testing"

	"hearth/cloud/feature/medication"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The dashboard's eMAR card counts today's passes from the day's passes
// alone; its figures are those of the /emars day (Day's counts and needs) at every
// colour boundary of a pass, and after a pass is logged.
func TestPassesCardIsTheDaysCounts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 6, 0))
		m := v.save(t, order(v.peggy, "Lisinopril", "08:00", "20:00"))
		same := func(when string) {
			t.Helper()
			day, err := v.s.Day(ctx, v.carer, shared.MedicationLogRequest{})
			if err != nil {
				t.Fatal(err)
			}
			card, err := v.s.PassesCard(ctx, v.carer)
			if err != nil || card == nil {
				t.Fatalf("%s: card %+v %v", when, card, err)
			}
			c, needs := day.Counts, medication.DayNeeds(day)
			want := map[string]int{"medPassesGiven": c.Green, "medPassesNotGiven": c.Orange,
				"medPassesDue": needs[shared.NeedDue], "effectChecksDue": needs[shared.NeedCheck]}
			for _, it := range card.Items {
				if n, ok := want[it.Key]; ok && it.Count != n {
					t.Errorf("%s: %s %d, the day says %d (%+v)", when, it.Key, it.Count, n, c)
				}
			}
		}
		for _, hm := range [][2]int{{6, 59}, {7, 0}, {8, 30}, {9, 0}, {19, 0}} {
			setClock(e, local(2027, 6, 1, hm[0], hm[1]))
			same(local(2027, 6, 1, hm[0], hm[1]).Format("15:04"))
		}
		pass := v.passes(t, m.MedicationID, "2027-06-01")[1]
		if _, err := v.s.LogPass(ctx, v.carer, shared.LogPassRequest{PassID: pass.PassID, ClientID: "card-log-0001", Outcome: shared.OutcomeGiven}); err != nil {
			t.Fatal(err)
		}
		same("after the 20:00 pass is given")
	})
}
