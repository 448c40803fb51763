package medication_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// The move-in wizard's eMAR step becomes real schedules: no passes while the
// resident is moving in; completeCheckIn makes today's (still open) and
// tomorrow's, and the history holds the orders as created.
func TestMoveInMakesPasses(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 7, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		step := func(path string, data any) shared.CheckIn {
			b, err := json.Marshal(data)
			if err != nil {
				t.Fatal(err)
			}
			var ci shared.CheckIn
			filetest.Post(t, e, owner, "/api/care/resident/"+path, map[string]string{"data": string(b)}).OK(t).Into(t, &ci)
			return ci
		}
		ci := step("createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: shared.SaveResidentRequest{FirstName: "Rosa",
			LastName: "Alvarez", DOB: "1945-06-01", Gender: shared.GenderFemale, Room: "7", Language: shared.LanguageSpanish, DNR: shared.DNRUnknown}})
		rid := ci.Resident.ResidentID
		prn := order("", "Acetaminophen")
		prn.Type, prn.Times = shared.MedicationPRN, nil
		ci = step("createEmarsForCheckIn", shared.CheckInMedicationsData{ResidentID: rid,
			Medications: []shared.SaveMedicationRequest{order("", "Metformin", "06:30", "08:00", "20:00"), prn}})
		if len(ci.Medications) != 2 {
			t.Fatalf("wizard medications: %+v", ci.Medications)
		}
		passes := func() int {
			var n int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM medication_passes WHERE resident_id = ?`, rid).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := passes(); n != 0 {
			t.Fatalf("%d passes while moving in", n)
		}
		if _, err := v.s.Day(ctx, v.owner, shared.MedicationLogRequest{ResidentID: rid}); code(err) != shared.CodeNotFound {
			t.Errorf("/emars of a resident moving in: %v", err)
		}
		if n, err := v.s.ExtendHorizon(ctx, e.Clock.Now()); err != nil || passes() != 0 {
			t.Fatalf("the horizon made passes of a resident moving in: %d orders, %d passes, %v", n, passes(), err)
		}
		owner.Get(t, "/api/care/resident/completeCheckIn?residentId="+rid).OK(t)
		// 06:30 is still in its window at 07:00 (yellow: 30 minutes late); 08:00 and 20:00 today; all three tomorrow.
		if n := passes(); n != 6 {
			t.Fatalf("passes after the move-in: %d, want 6", n)
		}
		day, err := v.s.Day(ctx, v.carer, shared.MedicationLogRequest{ResidentID: rid})
		if err != nil || len(day.Residents) != 1 || len(day.Residents[0].Passes) != 3 || len(day.Residents[0].Medications) != 2 ||
			day.Residents[0].Passes[0].Status != shared.PassWarning {
			t.Fatalf("Rosa's day: %+v %v", day, err)
		}
		h, err := v.s.History(ctx, v.owner, shared.MedHistoryQuery{ResidentID: rid})
		if err != nil || h.Total != 2 || h.Records[0].Kind != shared.ChangeCreate {
			t.Fatalf("history of the wizard's orders: %+v %v", h, err)
		}
		// A day later the periodic jobs (River, one run each) make the new day's passes
		// and warn of the 08:00 pass at 08:30.
		setClock(e, local(2027, 6, 2, 8, 30))
		e.DrainJobs(t)
		if n := passes(); n != 9 {
			t.Errorf("passes after the horizon job: %d, want 9", n)
		}
		var warned int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM medication_passes WHERE resident_id = ? AND warned_at IS NOT NULL`, rid).Scan(&warned); err != nil || warned != 1 {
			t.Errorf("passes warned by the job: %d %v", warned, err)
		}
	})
}

// The warning goes to whoever is clocked in (not the owner, who is not),
// once, however many runs there are at once.
func TestWarningToOnShift(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 7, 0))
		amina := e.SignIn(t, "caregiver_maple1")
		var punch shared.ClockInRecord
		amina.Post(t, "/api/care/caregiverClockInRecord/clockIn", shared.ClockInRequest{ClientPunchID: "punch-amina-0700"}).OK(t).Into(t, &punch)
		if punch.PunchType != shared.PunchIn {
			t.Fatalf("punch: %+v", punch)
		}
		v.save(t, order(v.peggy, "Metformin", "08:00"))
		v.save(t, order(v.jose, "Amlodipine", "08:00"))
		at := local(2027, 6, 1, 8, 30)
		setClock(e, at)
		var wg sync.WaitGroup
		warned := make([]int, 3)
		for i := range warned {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := v.s.WarnOverdue(ctx, at)
				if err != nil {
					t.Error(err)
				}
				warned[i] = n
			}()
		}
		wg.Wait()
		if total := warned[0] + warned[1] + warned[2]; total != 2 {
			t.Errorf("passes warned by three runs at once: %v, want 2 in all", warned)
		}
		rows, err := d.QueryContext(ctx, `SELECT user_id, params FROM notifications WHERE tenant_id = ? AND kind = 'MEDICATION'`, v.tenant)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var user, params string
			if err := rows.Scan(&user, &params); err != nil {
				t.Fatal(err)
			}
			n++
			if user != v.carer.UserID {
				t.Errorf("a notification to %s, who is not on shift", user)
			}
			var p map[string]string
			if err := json.Unmarshal([]byte(params), &p); err != nil || p["resident"] == "" || p["medication"] == "" || p["dueAt"] == "" {
				t.Errorf("params: %s", params)
			}
		}
		if n != 2 {
			t.Errorf("%d notifications, want 2 (one per pass, to Amina)", n)
		}
	})
}

// The record lists: logged passes by outcome and time; not given = refused,
// held, not given and missed; ranges checked; listMedication needs the
// resident; the verification file of a change is the uploader's own and
// comes back as a signed link.
func TestListsAndHistory(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 5, 30))
		m := v.save(t, order(v.peggy, "Donepezil", "06:00", "07:00", "08:00"))
		setClock(e, local(2027, 6, 1, 8, 10))
		ps := v.passes(t, m.MedicationID, "2027-06-01")
		if _, err := v.give(v.carer, ps[1].PassID, "client-list-1"); err != nil {
			t.Fatal(err)
		}
		if _, err := v.s.LogPass(ctx, v.carer, shared.LogPassRequest{PassID: ps[2].PassID, ClientID: "client-list-2", Outcome: shared.OutcomeRefused,
			Reason: "Refused, upset"}); err != nil {
			t.Fatal(err)
		}
		// The day's records (the demo's orders of Peggy have a month of their own).
		dayStart, dayEnd := local(2027, 6, 1, 0, 0).UnixMilli(), local(2027, 6, 2, 0, 0).UnixMilli()
		page := shared.PageRequest[shared.MedicationRecordFilter]{Current: 1, Size: 20,
			Data: shared.MedicationRecordFilter{ResidentID: v.peggy, StartTime: dayStart, EndTime: dayEnd}}
		all, err := v.s.Records(ctx, v.owner, page)
		if err != nil || all.Total != 2 || all.Records[0].Outcome != shared.OutcomeRefused {
			t.Fatalf("records: %+v %v", all, err)
		}
		page.Data.Outcome = shared.OutcomeGiven
		if given, err := v.s.Records(ctx, v.owner, page); err != nil || given.Total != 1 {
			t.Errorf("given records: %+v %v", given, err)
		}
		page.Data.StartTime, page.Data.EndTime = local(2027, 6, 1, 9, 0).UnixMilli(), local(2027, 6, 1, 8, 0).UnixMilli()
		if _, err := v.s.Records(ctx, v.owner, page); code(err) != shared.CodeValidation {
			t.Errorf("a range the wrong way: %v", err)
		}
		ng, err := v.s.NotGiven(ctx, v.owner, shared.PageRequest[shared.NotGivenFilter]{Current: 1, Size: 20,
			Data: shared.NotGivenFilter{ResidentID: v.peggy, StartTime: dayStart, EndTime: dayEnd}})
		if err != nil || ng.Total != 2 || ng.Records[0].Outcome != shared.OutcomeRefused || ng.Records[1].Status != shared.PassOverdue {
			t.Fatalf("not given (the refusal and the missed 06:00): %+v %v", ng, err)
		}
		if _, err := v.s.List(ctx, v.owner, shared.MedicationFilter{}); code(err) != shared.CodeValidation {
			t.Errorf("listMedication without a resident: %v", err)
		}
		list, err := v.s.Page(ctx, v.carer, shared.PageRequest[shared.MedicationFilter]{Current: 1, Size: 20, Data: shared.MedicationFilter{Name: "DONEP"}})
		found := false
		for _, r := range list.Records { // this order, and any of the demo's donepezil
			found = found || r.MedicationID == m.MedicationID
			if !strings.Contains(strings.ToLower(r.Name), "donep") {
				t.Errorf("search by name found %s", r.Name)
			}
		}
		if err != nil || !found {
			t.Errorf("search by name: %+v %v", list, err)
		}

		// A change with its written order.
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		files := filetest.MustUpload(t, e, owner, shared.FilePhysicianOrder, filetest.Part{Name: "order.pdf", Data: filetest.PDF()})
		ch := order(v.peggy, "Donepezil", "06:00", "07:00", "08:00")
		ch.MedicationID, ch.Version, ch.Dose, ch.Physician = m.MedicationID, m.Version, "10 mg", "Dr Lee"
		ch.ChangeNote, ch.ChangeDate, ch.VerificationFileID = "Called Dr Lee: raise to 10 mg", "2027-05-31", files[0].FileID
		var changed shared.Medication
		owner.Post(t, care+"/save", ch).OK(t).Into(t, &changed)
		if changed.Dose != "10 mg" {
			t.Fatalf("changed: %+v", changed)
		}
		var h shared.Page[shared.MedicationChange]
		owner.Get(t, hist+"/getMedHistory?residentId="+v.peggy+"&medicationId="+m.MedicationID).OK(t).Into(t, &h)
		if h.Total != 2 || h.Records[0].Kind != shared.ChangeUpdate || h.Records[0].VerificationFile == nil ||
			h.Records[0].VerificationFile.FileID != files[0].FileID || h.Records[0].Prescriber != "Dr Lee" ||
			h.Records[0].ChangeDate != "2027-05-31" || h.Records[0].Note != ch.ChangeNote || h.Records[0].Before.Dose != "1 tablet" {
			t.Fatalf("history: %+v", h.Records)
		}
		// A file of someone else's is refused and nothing changes.
		admin := e.SignIn(t, "admin_maple")
		theirs := filetest.MustUpload(t, e, admin, shared.FilePhysicianOrder, filetest.Part{Name: "x.pdf", Data: filetest.PDF()})
		ch.Dose, ch.VerificationFileID = "20 mg", theirs[0].FileID
		if r := owner.Post(t, care+"/save", ch); r.Code == shared.CodeOK {
			t.Errorf("a change with another user's file: %s", r.Body)
		}
		owner.Get(t, hist+"/getMedHistory?residentId="+v.peggy+"&medicationId="+m.MedicationID).OK(t).Into(t, &h)
		if h.Total != 2 {
			t.Errorf("history after a refused change: %d rows", h.Total)
		}
		// The save route names its fields as the request does.
		bad := order(v.peggy, "", "08:00")
		r := owner.Post(t, care+"/save", bad)
		var fes []shared.FieldError
		if r.Code != shared.CodeValidation || json.Unmarshal(r.Data, &fes) != nil || len(fes) == 0 || fes[0].Field != "name" {
			t.Errorf("a save without a name: %s", r.Body)
		}
	})
}
