package medication_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/problem"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A change of an order names the version it was made on. Of 20 saves made on
// one version at once exactly one is stored and the others answer 4009
// (medication.changed) naming who changed it and when, with the order as it
// is now in data; a save on the current version works; a change without a
// version is refused; a hold is a change too.
func TestOrderVersion(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 6, 0))
		m := v.save(t, order(v.peggy, "Metformin", "08:00", "20:00"))
		if m.Version != 1 {
			t.Fatalf("a new order's version: %d", m.Version)
		}
		edit := func(version, n int) shared.SaveMedicationRequest {
			r := order(v.peggy, "Metformin", "08:00", "20:00")
			r.MedicationID, r.Version, r.Dose = m.MedicationID, version, fmt.Sprintf("%d mg", 100+n)
			return r
		}

		setClock(e, local(2027, 6, 1, 15, 4))
		const saves = 20
		errs := make([]error, saves)
		var wg sync.WaitGroup
		for i := range saves {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = v.s.Save(ctx, v.owner, edit(m.Version, i))
			}()
		}
		wg.Wait()
		winner, stale := -1, []int{}
		for i, err := range errs {
			switch {
			case err == nil && winner < 0:
				winner = i
			case err == nil:
				t.Errorf("saves %d and %d were both stored", winner, i)
			case code(err) == shared.CodeConflict && key(err) == "medication.changed":
				stale = append(stale, i)
			default:
				t.Errorf("save %d: %v", i, err)
			}
		}
		if winner < 0 || len(stale) != saves-1 {
			t.Fatalf("%d parallel saves of version 1: winner %d, %d stale", saves, winner, len(stale))
		}
		now, err := v.s.Get(ctx, v.owner, m.MedicationID)
		if err != nil || now.Version != 2 || now.Dose != edit(1, winner).Dose || now.UpdatedByName != "Elena Martinez" {
			t.Fatalf("after the race: %+v %v", now, err)
		}
		h, err := v.s.History(ctx, v.owner, shared.MedHistoryQuery{ResidentID: v.peggy, MedicationID: m.MedicationID})
		if err != nil || h.Total != 2 {
			t.Errorf("med history after the race: %d rows, want CREATE and one UPDATE (%v)", h.Total, err)
		}
		pe, _ := problem.As(errs[stale[0]])
		cur, ok := pe.Data.(shared.Medication)
		if !ok || cur.Version != 2 || cur.Dose != now.Dose || cur.UpdatedByName != "Elena Martinez" {
			t.Errorf("4009 data: %#v", pe.Data)
		}
		if pe.Args["name"] != "Elena Martinez" || pe.Args["date"] != "06/01/2027" || pe.Args["time"] != "3:04 PM" {
			t.Errorf("4009 names %v", pe.Args)
		}

		// The current version saves; the one just used is stale now.
		next, err := v.s.Save(ctx, v.owner, edit(2, 99))
		if err != nil || next.Version != 3 || next.Dose != "199 mg" {
			t.Fatalf("a save on the current version: %+v %v", next, err)
		}
		if _, err := v.s.Save(ctx, v.owner, edit(2, 98)); key(err) != "medication.changed" {
			t.Errorf("a save on a used version: %v", err)
		}
		if _, err := v.s.Save(ctx, v.owner, edit(0, 97)); code(err) != shared.CodeValidation || fieldOf(err) != "version" {
			t.Errorf("a change without a version: %v", err)
		}

		// A hold by the admin changes the order: the form opened before it is stale, and says who held it.
		admin := &auth.Principal{UserID: e.UserID(t, "admin_maple"), TenantID: v.tenant, Roles: []shared.Role{shared.RoleFacilityAdmin},
			Plan: shared.PlanPremium}
		setClock(e, local(2027, 6, 1, 16, 30))
		held, err := v.s.Hold(ctx, admin, shared.MedicationChangeRequest{MedicationID: m.MedicationID, Reason: "Dr Patel: hold while NPO"})
		if err != nil || held.Version != 4 || held.UpdatedByName != "Grace Kim" {
			t.Fatalf("hold: %+v %v", held, err)
		}
		_, err = v.s.Save(ctx, v.owner, edit(3, 96))
		if pe, _ := problem.As(err); key(err) != "medication.changed" || pe.Args["name"] != held.UpdatedByName || pe.Args["time"] != "4:30 PM" {
			t.Errorf("a save after the hold: %v", err)
		}

		// Through the API, in the caller's language, with the order in data.
		c := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		c.Language = "es-ES"
		r := c.Post(t, care+"/save", edit(3, 95)).Is(t, 200, shared.CodeConflict)
		if !strings.Contains(r.Message, held.UpdatedByName) || !strings.Contains(r.Message, "01/06/2027 a las 16:30") {
			t.Errorf("4009 message: %s", r.Message)
		}
		var inData shared.Medication
		r.Into(t, &inData)
		if inData.MedicationID != m.MedicationID || inData.Version != 4 || !inData.OnHold {
			t.Errorf("4009 data: %+v", inData)
		}
		var saved shared.Medication
		c.Post(t, care+"/save", edit(4, 94)).OK(t).Into(t, &saved)
		if saved.Version != 5 || saved.Dose != "194 mg" || !saved.OnHold {
			t.Errorf("a save on the current version through the API: %+v", saved)
		}
	})
}
