package carerecord_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Events write on the record in their own transaction: a refused or missed
// dose a note, the vital before a pass a reading (EMAR); readings taken
// with a vital-check task (TASK), refused whole when one is implausible; a
// vital check left undone a note; a resident going out and returning a note
// each, read in each reader's language.
func TestEventsWriteTheRecord(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 7, 45))
		owner := e.SignIn(t, "owner_evergreen", maple)
		rose := newResident(t, owner, "Rose")
		byType := func(typ shared.ProgressNoteType) []shared.ProgressNote {
			return notesOf(t, owner, shared.ProgressNoteFilter{ResidentID: rose.ResidentID, NoteType: typ}).Records
		}

		// The eMAR.
		var m shared.Medication
		owner.Post(t, care+"/medication/save", shared.SaveMedicationRequest{ResidentID: rose.ResidentID, Name: "Lisinopril", Type: shared.MedicationRoutine,
			Dose: "10 mg", Route: shared.RouteOral, StartDate: "2027-06-01", Times: []string{"08:00", "08:30", "09:00"},
			Vital: shared.VitalSystolicBP, HoldBelow: ptr(90)}).OK(t).Into(t, &m)
		var day shared.EmarDay
		owner.Post(t, care+"/medication/listMedicationLog", shared.MedicationLogRequest{Day: "2027-06-01", ResidentID: rose.ResidentID}).OK(t).Into(t, &day)
		var passes []shared.MedPass
		for _, r := range day.Residents {
			for _, p := range r.Passes {
				if p.MedicationID == m.MedicationID {
					passes = append(passes, p)
				}
			}
		}
		if len(passes) != 3 {
			t.Fatalf("passes: %+v", passes)
		}
		setClock(e, local(2027, 6, 1, 8, 10))
		owner = e.SignIn(t, "owner_evergreen", maple) // tokens are short-lived
		carer := e.SignIn(t, "caregiver_maple1")
		carer.Post(t, care+"/medication/logPass", shared.LogPassRequest{PassID: passes[0].PassID, ClientID: "pass-refused-1", Outcome: shared.OutcomeRefused,
			Reason: "Spat it out"}).OK(t)
		carer.Post(t, care+"/medication/logPass", shared.LogPassRequest{PassID: passes[1].PassID, ClientID: "pass-notgiven-1", Outcome: shared.OutcomeNotGiven,
			Reason: "Out of stock"}).OK(t)
		carer.Post(t, care+"/medication/logPass", shared.LogPassRequest{PassID: passes[2].PassID, ClientID: "pass-given-1", Outcome: shared.OutcomeGiven,
			VitalValue: ptr(128)}).OK(t)
		if n := byType(shared.NoteRefusedMedications); len(n) != 1 || !strings.Contains(n[0].Notes, "Lisinopril") || !strings.Contains(n[0].Notes, "Spat it out") ||
			!n[0].Automatic || n[0].Editable || n[0].Read {
			t.Errorf("refused note: %+v", n)
		}
		if n := byType(shared.NoteMissedMedication); len(n) != 1 || !strings.Contains(n[0].Notes, "Out of stock") {
			t.Errorf("missed note: %+v", n)
		}
		rs := readingsOf(t, owner, shared.HealthMonitorFilter{ResidentID: rose.ResidentID})
		if rs.Total != 1 || rs.Records[0].Metric != shared.MetricSystolicBP || rs.Records[0].Value != 128 || rs.Records[0].Source != shared.SourceEmar ||
			rs.Records[0].SourceID != passes[2].PassID {
			t.Errorf("eMAR reading: %+v", rs.Records)
		}

		// Tasks: a vital check completed with readings; one with an implausible reading is refused whole.
		var check, later, routine shared.Task
		owner.Post(t, care+"/taskInfo/createTask", shared.SaveTaskRequest{ResidentID: rose.ResidentID, Title: "Blood pressure check", Type: shared.TaskVitalCheck,
			TimeOfDay: "09:00", StartDate: "2027-06-01", Frequency: shared.FrequencyDaily}).OK(t).Into(t, &check)
		owner.Post(t, care+"/taskInfo/createTask", shared.SaveTaskRequest{ResidentID: rose.ResidentID, Title: "Afternoon vitals", Type: shared.TaskVitalCheck,
			TimeOfDay: "10:00", StartDate: "2027-06-01", Frequency: shared.FrequencyDaily}).OK(t).Into(t, &later)
		owner.Post(t, care+"/taskInfo/createTask", shared.SaveTaskRequest{ResidentID: rose.ResidentID, Title: "Help with walking", Type: shared.TaskRoutine,
			StartDate: "2027-06-01", Frequency: shared.FrequencyAnytime}).OK(t).Into(t, &routine)
		setClock(e, local(2027, 6, 1, 9, 0))
		owner, carer = e.SignIn(t, "owner_evergreen", maple), e.SignIn(t, "caregiver_maple1")
		var today shared.TodayTasks
		carer.Post(t, care+"/taskInfo/listTodayTask", shared.TodayTaskRequest{ResidentID: rose.ResidentID}).OK(t).Into(t, &today)
		idx := slices.IndexFunc(today.Records, func(r shared.TaskRecord) bool { return r.TaskID == check.TaskID })
		if idx < 0 {
			t.Fatalf("no occurrence of the vital check: %+v", today.Records)
		}
		rec := today.Records[idx]
		carer.Post(t, care+"/taskInfo/completeTask", shared.CompleteTaskRequest{RecordID: rec.RecordID, Comment: "Done",
			Readings: []shared.HealthReadingInput{{Metric: shared.MetricSystolicBP, Value: 400}, {Metric: shared.MetricDiastolicBP, Value: 20}}}).Is(t, 200, shared.CodeValidation)
		carer.Post(t, care+"/taskInfo/completeTask", shared.CompleteTaskRequest{TaskID: routine.TaskID, Comment: "Walked",
			Readings: []shared.HealthReadingInput{{Metric: shared.MetricPain, Value: 2}}}).Is(t, 200, shared.CodeValidation)
		if n := count(t, e, `SELECT COUNT(*) FROM task_records WHERE id = ? AND status = 'PENDING'`, rec.RecordID); n != 1 {
			t.Fatalf("a refused completion completed the task")
		}
		carer.Post(t, care+"/taskInfo/completeTask", shared.CompleteTaskRequest{RecordID: rec.RecordID, Comment: "Done",
			Readings: []shared.HealthReadingInput{{Metric: shared.MetricSystolicBP, Value: 146}, {Metric: shared.MetricDiastolicBP, Value: 84}}}).OK(t)
		rs = readingsOf(t, owner, shared.HealthMonitorFilter{ResidentID: rose.ResidentID})
		if rs.Total != 3 || rs.Records[0].Source != shared.SourceTask || rs.Records[0].SourceID != rec.RecordID {
			t.Errorf("task readings: %+v", rs.Records)
		}
		flagged := 0
		for _, r := range rs.Records {
			if r.Flagged {
				flagged++
			}
		}
		if flagged != 1 { // 146 systolic
			t.Errorf("flagged task readings: %d", flagged)
		}
		// A completed bathing task is care given on the care monitor.
		var shower shared.Task
		owner.Post(t, care+"/taskInfo/createTask", shared.SaveTaskRequest{ResidentID: rose.ResidentID, Title: "Shower", Type: shared.TaskRoutine,
			Area: shared.AreaBathing, StartDate: "2027-06-01", Frequency: shared.FrequencyAnytime}).OK(t).Into(t, &shower)
		var done shared.TaskRecord
		carer.Post(t, care+"/taskInfo/completeTask", shared.CompleteTaskRequest{TaskID: shower.TaskID, Comment: "Showered"}).OK(t).Into(t, &done)
		var cared shared.Page[shared.CareRecord]
		owner.Post(t, cm+"/listCareMonitorByPage", shared.PageRequest[shared.CareMonitorFilter]{Current: 1, Size: 20,
			Data: shared.CareMonitorFilter{ResidentID: rose.ResidentID}}).OK(t).Into(t, &cared)
		if cared.Total != 1 || cared.Records[0].Activity != shared.CareBathing || cared.Records[0].Source != shared.SourceTask ||
			cared.Records[0].SourceID != done.RecordID || cared.Records[0].Note != "Shower" {
			t.Errorf("care from the task: %+v", cared.Records)
		}

		// The 10:00 check is left undone: the expiry writes the note, once.
		setClock(e, local(2027, 6, 1, 15, 0))
		for range 2 {
			if _, err := e.Server.Tasks.ExpireDue(context.Background(), e.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		owner = e.SignIn(t, "owner_evergreen", maple)
		if n := byType(shared.NoteOverdueVitalSigns); len(n) != 1 || !strings.Contains(n[0].Notes, "Afternoon vitals") {
			t.Errorf("overdue vital note: %+v", n)
		}

		// Going out and back.
		owner.Post(t, care+"/resident/goingOut", shared.GoingOutRequest{ResidentID: rose.ResidentID,
			ReturnDate: local(2027, 6, 3, 18, 0).UnixMilli(), Reason: "Family visit"}).OK(t)
		owner.Get(t, care+"/resident/returnFacility?residentId="+rose.ResidentID).OK(t)
		if n := byType(shared.NoteOther); len(n) != 1 || !strings.Contains(n[0].Notes, "went out") || !strings.Contains(n[0].Notes, "Family visit") ||
			!strings.Contains(n[0].Notes, "2027-06-03 18:00") {
			t.Errorf("going out note: %+v", n)
		}
		if n := byType(shared.NoteReturnedToFacility); len(n) != 1 || !strings.Contains(n[0].Notes, "Rose Test returned") {
			t.Errorf("return note: %+v", n)
		}
		// A Chinese reader reads the event notes in Chinese.
		var zh shared.Page[shared.ProgressNote]
		r := owner.Do(t, servertest.Request{Method: "POST", Path: pn + "/listProgressNoteByPage", Header: map[string]string{"Accept-Language": "zh-CN"},
			Body: shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20, Data: shared.ProgressNoteFilter{ResidentID: rose.ResidentID,
				NoteType: shared.NoteReturnedToFacility}}})
		r.OK(t).Into(t, &zh)
		if len(zh.Records) != 1 || !strings.Contains(zh.Records[0].Notes, "返回") || zh.Records[0].Language != shared.LangZhCN {
			t.Errorf("in Chinese: %+v", zh.Records)
		}
	})
}
