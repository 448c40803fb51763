package disposal_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/feature/disposal"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const maple = "Maple House AFH"

// WAC 388-76-10490: a discontinued drug within 30 days of the discontinuation,
// counted in the facility's days; due soon in the last week; red the day after.
// An order whose end date has passed counts as discontinued on it. A
// disposal naming the medication answers the clock; one from before the
// clock started does not.
func TestDueDiscontinuedAndEnded(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Ada")
		// Stopped at 23:30 Pacific on 10 May: already 11 May in UTC; the facility's day counts.
		stopped := addMedication(t, e, tenant, r.ResidentID, med{name: "Lisinopril", status: "DISCONTINUED", stoppedAt: local(2027, 5, 10, 23, 30)})
		ended := addMedication(t, e, tenant, r.ResidentID, med{name: "Amoxicillin", endDate: "2027-05-25"})
		endsToday := addMedication(t, e, tenant, r.ResidentID, med{name: "Prednisone", endDate: "2027-06-01"})
		current := addMedication(t, e, tenant, r.ResidentID, med{name: "Metformin"})

		list := due(t, owner, r.ResidentID)
		if len(list.Items) != 2 {
			t.Fatalf("due items: %+v", list.Items)
		}
		it := dueItem(list, stopped)
		if it == nil || it.Kind != shared.DisposalDueDiscontinued || it.Since != "2027-05-10" || it.DueDate != "2027-06-09" ||
			it.DaysLeft != 8 || it.State != shared.DisposalStateDue || it.Reason != shared.DisposalDiscontinued ||
			it.MedicationName != "Lisinopril" || it.ResidentName != "Ada Test" || it.RxNumber != "RX-1001" {
			t.Errorf("discontinued: %+v", it)
		}
		if it := dueItem(list, ended); it == nil || it.Kind != shared.DisposalDueEnded || it.Since != "2027-05-25" || it.DueDate != "2027-06-24" {
			t.Errorf("ended: %+v", it)
		}
		if dueItem(list, endsToday) != nil || dueItem(list, current) != nil {
			t.Error("an order still running is due")
		}
		if list.Items[0].MedicationID != stopped {
			t.Error("the most urgent item is not first")
		}

		setClock(e, local(2027, 6, 5, 9, 0))
		owner = e.SignIn(t, "owner_evergreen", maple) // the access token has expired
		if it := dueItem(due(t, owner, r.ResidentID), stopped); it.State != shared.DisposalStateDueSoon || it.DaysLeft != 4 {
			t.Errorf("4 days left: %+v", it)
		}
		setClock(e, local(2027, 6, 9, 23, 59))
		owner = e.SignIn(t, "owner_evergreen", maple)
		if it := dueItem(due(t, owner, r.ResidentID), stopped); it.State != shared.DisposalStateDueSoon || it.DaysLeft != 0 {
			t.Errorf("the last day: %+v", it)
		}
		setClock(e, local(2027, 6, 10, 0, 1))
		owner = e.SignIn(t, "owner_evergreen", maple)
		list = due(t, owner, r.ResidentID)
		if it := dueItem(list, stopped); it.State != shared.DisposalStateOverdue || it.DaysLeft != -1 || list.OverdueCount != 1 {
			t.Errorf("overdue: %+v (%d overdue)", it, list.OverdueCount)
		}

		// A disposal dated before the clock started does not answer it; one after does.
		early := valid(e, r.ResidentID, ended)
		early.DisposalTime = local(2027, 5, 20, 12, 0).UnixMilli()
		save(t, owner, early)
		if dueItem(due(t, owner, r.ResidentID), ended) == nil {
			t.Error("a disposal before the order ended answered its clock")
		}
		save(t, owner, valid(e, r.ResidentID, stopped))
		list = due(t, owner, r.ResidentID)
		if dueItem(list, stopped) != nil || list.OverdueCount != 0 {
			t.Errorf("disposed of, still due: %+v", list)
		}
	})
}

// A deceased resident's medications: all within 30 days of the death. A
// discharged resident's: deliveries end within 10 days, leftovers are
// disposed of after 90. A medication with an earlier clock keeps it.
func TestDueDeceasedAndMovedOut(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)

		died := newResident(t, owner, "Bea")
		daily := addMedication(t, e, tenant, died.ResidentID, med{name: "Donepezil"})
		stopped := addMedication(t, e, tenant, died.ResidentID, med{name: "Warfarin", status: "DISCONTINUED", stoppedAt: local(2027, 5, 20, 9, 0)})
		if dueItem(due(t, owner, died.ResidentID), daily) != nil {
			t.Fatal("a current medication of a living resident is due")
		}
		setClock(e, local(2027, 6, 3, 16, 0))
		owner = e.SignIn(t, "owner_evergreen", maple)
		owner.Get(t, res+"/deceased?residentId="+died.ResidentID+"&confirmName="+q("Bea Test")).OK(t)
		list := due(t, owner, died.ResidentID)
		if it := dueItem(list, daily); it == nil || it.Kind != shared.DisposalDueDeceased || it.Since != "2027-06-03" ||
			it.DueDate != "2027-07-03" || it.Reason != shared.DisposalReasonOther || it.StopDeliveriesBy != "" {
			t.Errorf("deceased: %+v", it)
		}
		if it := dueItem(list, stopped); it == nil || it.Kind != shared.DisposalDueDiscontinued || it.DueDate != "2027-06-19" {
			t.Errorf("discontinued before the death: %+v", it)
		}

		left := newResident(t, owner, "Cal")
		inhaler := addMedication(t, e, tenant, left.ResidentID, med{name: "Albuterol"})
		owner.Post(t, res+"/moveOut", shared.MoveOutRequest{ResidentID: left.ResidentID, Destination: shared.MoveOutFamilyHome,
			ConfirmName: "Cal Test"}).OK(t)
		it := dueItem(due(t, owner, left.ResidentID), inhaler)
		if it == nil || it.Kind != shared.DisposalDueMovedOut || it.Since != "2027-06-03" || it.StopDeliveriesBy != "2027-06-13" ||
			it.DueDate != "2027-09-01" || it.DaysLeft != 90 || it.State != shared.DisposalStateDue {
			t.Errorf("moved out: %+v", it)
		}
		setClock(e, local(2027, 9, 2, 8, 0))
		owner = e.SignIn(t, "owner_evergreen", maple)
		if it := dueItem(due(t, owner, left.ResidentID), inhaler); it.State != shared.DisposalStateOverdue {
			t.Errorf("moved out, 91 days: %+v", it)
		}

		// The facility's list holds both residents' items, most urgent first.
		all := due(t, owner, "")
		for i := 1; i < len(all.Items); i++ {
			if all.Items[i-1].DueDate > all.Items[i].DueDate {
				t.Fatalf("not by due date: %+v", all.Items)
			}
		}
		if dueItem(all, inhaler) == nil || dueItem(all, daily) == nil {
			t.Error("the facility's list misses a resident's item")
		}
	})
}

// An event before the clocks took effect (10 March 2025) starts its clock on that day.
func TestDueRuleEffectiveDate(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2025, 3, 20, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		r := newResident(t, owner, "Dot")
		old := addMedication(t, e, e.FacilityID(t, maple), r.ResidentID, med{name: "Ranitidine", status: "DISCONTINUED", stoppedAt: local(2025, 2, 1, 9, 0)})
		if it := dueItem(due(t, owner, r.ResidentID), old); it == nil || it.Since != shared.DisposalRuleEffective || it.DueDate != "2025-04-09" {
			t.Errorf("before the rule: %+v", it)
		}
	})
}

// A refused dose (the eMAR's pass log) must be disposed of within 30 days;
// a disposal after the refusal answers it, a later refusal opens a new clock.
func TestDueRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Eve")
		pill := addMedication(t, e, tenant, r.ResidentID, med{name: "Sertraline"})
		refuse := func(at time.Time) {
			t.Helper()
			if _, err := e.DB.ExecContext(context.Background(), `INSERT INTO medication_passes (id, tenant_id, medication_id, resident_id,
				kind, day, time_of_day, due_at, outcome, given_at, logged_at, created_at, updated_at)
				VALUES (?, ?, ?, ?, 'SCHEDULED', ?, '08:00', ?, 'REFUSED', ?, ?, ?, ?)`, uuid.Must(uuid.NewV7()).String(), tenant, pill,
				r.ResidentID, at.In(pacific).Format(time.DateOnly), at.UnixMilli(), at.UnixMilli(), at.UnixMilli(), at.UnixMilli(), at.UnixMilli()); err != nil {
				t.Fatal(err)
			}
		}
		refuse(local(2027, 5, 28, 8, 5))
		it := dueItem(due(t, owner, r.ResidentID), pill)
		if it == nil || it.Kind != shared.DisposalDueRefused || it.Since != "2027-05-28" || it.DueDate != "2027-06-27" || it.Reason != shared.DisposalPatientRefused {
			t.Fatalf("refused: %+v", it)
		}
		var rec shared.MedicationDisposal
		owner.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: pill, DisposalMethod: shared.DisposalDeactivationKit, PillsNumber: 1}).OK(t).Into(t, &rec)
		if rec.DisposalReason != shared.DisposalPatientRefused {
			t.Errorf("quick create of a refusal: %+v", rec)
		}
		if dueItem(due(t, owner, r.ResidentID), pill) != nil {
			t.Error("the refusal is still due after its disposal")
		}
		setClock(e, local(2027, 6, 2, 10, 0))
		owner = e.SignIn(t, "owner_evergreen", maple)
		refuse(local(2027, 6, 2, 8, 5))
		if it := dueItem(due(t, owner, r.ResidentID), pill); it == nil || it.Since != "2027-06-02" {
			t.Errorf("a new refusal: %+v", it)
		}
	})
}

// refusals is an eMAR that reports the refused doses it is given, by medication.
type refusals map[string][]int64

func (r refusals) RefusedSince(context.Context, db.Querier, string, string, int64) (map[string][]int64, error) {
	return r, nil
}

// The refusal clock runs from the refused doses the eMAR reports
// (disposal.Medications), not from a table disposal reads itself: a
// refusal only the eMAR given to New knows of makes the order due.
func TestDueRefusalsComeFromTheEMAR(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Ida")
		pill := addMedication(t, e, tenant, r.ResidentID, med{name: "Sertraline"})
		if it := dueItem(due(t, owner, r.ResidentID), pill); it != nil {
			t.Fatalf("due with no refusal: %+v", it)
		}
		s, err := disposal.New(d, refusals{pill: {local(2027, 5, 20, 8, 5).UnixMilli()}}, e.Clock.Now)
		if err != nil {
			t.Fatal(err)
		}
		p := &auth.Principal{TenantID: tenant, UserID: e.UserID(t, "owner_evergreen"), Roles: []shared.Role{shared.RoleFacilityOwner}}
		list, err := s.Due(context.Background(), p, shared.DisposalDueFilter{ResidentID: r.ResidentID})
		if err != nil {
			t.Fatal(err)
		}
		if it := dueItem(*list, pill); it == nil || it.Kind != shared.DisposalDueRefused || it.Since != "2027-05-20" || it.DueDate != "2027-06-19" {
			t.Errorf("a refusal the eMAR reports: %+v", it)
		}
	})
}

// Disposal cannot be built without the eMAR: a server missing it does not start.
func TestNewNeedsTheEMAR(t *testing.T) {
	t.Parallel()
	if _, err := disposal.New(nil, nil, time.Now); err == nil || !strings.Contains(err.Error(), "Medications") {
		t.Errorf("disposal.New without Medications: %v", err)
	}
}

// The dashboard card: owners and admins of a plan with the eMAR see the
// facility's overdue, due-soon and later disposals, linking to the resident's
// page; caregivers, the free plan and other facilities do not see Maple's.
func TestDisposalsCard(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 20, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Fay")
		overdue := addMedication(t, e, tenant, r.ResidentID, med{name: "Lisinopril", status: "DISCONTINUED", stoppedAt: local(2027, 5, 1, 9, 0)})
		addMedication(t, e, tenant, r.ResidentID, med{name: "Furosemide", status: "DISCONTINUED", stoppedAt: local(2027, 5, 25, 9, 0)})

		card := disposalsCard(t, owner)
		if card == nil {
			t.Fatal("no disposal card for Maple's owner")
		}
		all := due(t, owner, "")
		lines := map[string]shared.DashboardItem{}
		for _, it := range card.Items {
			lines[it.Key] = it
		}
		od, soon := lines["disposalsOverdue"], lines["disposalsDueSoon"]
		if od.Count != all.OverdueCount || od.Count < 1 || od.Tone != shared.ToneDanger || soon.Count != all.DueSoonCount ||
			soon.Tone != shared.ToneWarning || lines["disposalsDue"].Count != len(all.Items)-all.OverdueCount-all.DueSoonCount {
			t.Errorf("card %+v, list %d overdue %d soon %d", card.Items, len(all.Items), all.OverdueCount, all.DueSoonCount)
		}
		if card.Link != "/resident/medication-disposal/"+all.Items[0].ResidentID {
			t.Errorf("card link %s", card.Link)
		}
		found := false
		for _, n := range od.Names {
			found = found || n == "Fay Test"
		}
		if !found {
			t.Errorf("overdue names %v", od.Names)
		}
		if it := dueItem(all, overdue); it == nil || it.State != shared.DisposalStateOverdue {
			t.Errorf("overdue item %+v", it)
		}
		if disposalsCard(t, e.SignIn(t, "admin_maple")) == nil {
			t.Error("Maple's admin has no disposal card")
		}
		if disposalsCard(t, e.SignIn(t, "caregiver_maple1")) != nil {
			t.Error("a caregiver has the disposal card")
		}
		if disposalsCard(t, e.SignIn(t, "owner_birch")) != nil {
			t.Error("the free plan has the disposal card")
		}
		if c := disposalsCard(t, e.SignIn(t, "owner_evergreen", "Cedar Home AFH")); c != nil {
			for _, it := range c.Items {
				for _, n := range it.Names {
					if n == "Fay Test" {
						t.Error("Cedar's card names a Maple resident")
					}
				}
			}
		}
	})
}

func disposalsCard(t *testing.T, c *servertest.Client) *shared.DashboardCard {
	t.Helper()
	var list []shared.DashboardCard
	c.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &list)
	for i := range list {
		if list[i].Key == "medicationDisposal" {
			return &list[i]
		}
	}
	return nil
}

// Through the eMAR's own calls: an order discontinued at a time in the
// evening counts from the facility day it stopped; restored, it is no
// longer due; a disposal's record copies the order as the eMAR keeps it.
func TestDueFollowsTheEMAR(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		r := newResident(t, owner, "Ned")
		var m shared.Medication
		owner.Post(t, "/api/care/medication/save", shared.SaveMedicationRequest{ResidentID: r.ResidentID, Name: "Digoxin", Type: shared.MedicationRoutine,
			Dose: "0.125 mg", Route: shared.RouteOral, StartDate: "2027-05-01", Times: []string{"08:00"}, RxNumber: "RX-77"}).OK(t).Into(t, &m)
		if dueItem(due(t, owner, r.ResidentID), m.MedicationID) != nil {
			t.Fatal("a current order is due")
		}
		stop := local(2027, 5, 30, 21, 30) // 31 May in UTC
		owner.Get(t, "/api/care/medication/discontinue?medicationId="+m.MedicationID+"&reason="+q("Pulse under 50")+
			"&endTime="+strconv.FormatInt(stop.UnixMilli(), 10)).OK(t)
		it := dueItem(due(t, owner, r.ResidentID), m.MedicationID)
		if it == nil || it.Kind != shared.DisposalDueDiscontinued || it.Since != "2027-05-30" || it.DueDate != "2027-06-29" {
			t.Fatalf("discontinued through the eMAR: %+v", it)
		}
		owner.Post(t, "/api/care/medication/restore", shared.MedicationChangeRequest{MedicationID: m.MedicationID, Reason: "Resumed by Dr. Lee"}).OK(t)
		if it := dueItem(due(t, owner, r.ResidentID), m.MedicationID); it != nil {
			t.Errorf("a restored order is due: %+v", it)
		}
		rec := save(t, owner, valid(e, r.ResidentID, m.MedicationID))
		if rec.MedicationName != "Digoxin" || rec.Dose != "0.125 mg" || rec.RxNumber != "RX-77" || rec.MedicationStatus != shared.MedicationCurrent {
			t.Errorf("copied order %+v", rec)
		}
	})
}
