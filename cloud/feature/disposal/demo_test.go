package disposal_test

import (
	"context"
	"testing"

	"hearth/cloud/feature/disposal"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The demo seed leaves the most urgent medication due and records the
// others' disposals, each with its history.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 20, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Opal")
		first := addMedication(t, e, tenant, r.ResidentID, med{name: "Lisinopril", status: "DISCONTINUED", stoppedAt: local(2027, 5, 1, 9, 0)})
		addMedication(t, e, tenant, r.ResidentID, med{name: "Furosemide", status: "DISCONTINUED", stoppedAt: local(2027, 5, 25, 9, 0)})
		addMedication(t, e, tenant, r.ResidentID, med{name: "Cephalexin", endDate: "2027-06-10"})
		before := due(t, owner, "")
		var n int
		if err := d.InTx(context.Background(), func(tx *db.Tx) error {
			var err error
			n, err = disposal.SeedDemo(context.Background(), d, tx, e.Server.Medications, tenant, e.UserID(t, "owner_evergreen"), e.Clock.Now())
			return err
		}); err != nil {
			t.Fatal(err)
		}
		after := due(t, owner, "")
		if n != len(before.Items)-1 || len(after.Items) != 1 || after.Items[0].MedicationID != before.Items[0].MedicationID {
			t.Fatalf("recorded %d of %d; left %+v", n, len(before.Items), after.Items)
		}
		// The demo's eMAR has due items of its own: Opal's first is the most
		// urgent of hers, and left due only when it is the facility's.
		var opal []string
		for _, it := range before.Items {
			if it.ResidentID == r.ResidentID {
				opal = append(opal, it.MedicationID)
			}
		}
		if len(opal) != 3 || opal[0] != first {
			t.Errorf("Opal's due items, most urgent first: %v (Lisinopril %s)", opal, first)
		}
		recorded := 3
		if after.Items[0].ResidentID == r.ResidentID {
			recorded = 2
			if after.Items[0].MedicationID != first {
				t.Errorf("the most urgent left due is %s", after.Items[0].MedicationName)
			}
		}
		var page shared.Page[shared.MedicationDisposal]
		owner.Post(t, md+"/listByPage", shared.PageRequest[shared.DisposalFilter]{Current: 1, Size: 20, Data: shared.DisposalFilter{ResidentID: r.ResidentID}}).OK(t).Into(t, &page)
		if page.Total != int64(recorded) {
			t.Fatalf("records %+v", page.Records)
		}
		for _, rec := range page.Records {
			var hist []shared.DisposalChange
			owner.Get(t, md+"/history?recordId="+rec.RecordID).OK(t).Into(t, &hist)
			if len(hist) != 1 || hist[0].ChangedByName != "Elena Martinez" || rec.DisposalTime > e.Clock.Now().UnixMilli() {
				t.Errorf("record %+v, history %+v", rec, hist)
			}
		}
	})
}
