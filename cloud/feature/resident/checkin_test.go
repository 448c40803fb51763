package resident_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// step posts one move-in step as the wizard does: multipart "data" (the step's JSON) and files.
func step(t *testing.T, e *servertest.Env, c *servertest.Client, path string, data any, parts ...filetest.Part) *servertest.Response {
	t.Helper()
	fields := map[string]string{}
	if data != nil {
		b, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		fields["data"] = string(b)
	}
	return filetest.Post(t, e, c, base+"/"+path, fields, parts...)
}

func checkInOf(t *testing.T, r *servertest.Response) shared.CheckIn {
	t.Helper()
	var ci shared.CheckIn
	r.OK(t).Into(t, &ci)
	return ci
}

// today is the facility's day (Maple and Cedar are in Pacific time, Birch in Mountain time).
func today(e *servertest.Env, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		panic(err)
	}
	return e.Clock.Now().In(loc).Format(time.DateOnly)
}

func careTask(title, start string) shared.SaveTaskRequest {
	return shared.SaveTaskRequest{Title: title, Type: shared.TaskRoutine, Area: shared.AreaBathing, TimeSession: shared.SessionMorning,
		StartDate: start, Frequency: shared.FrequencyDaily}
}

func medication(name string, times ...string) shared.SaveMedicationRequest {
	typ := shared.MedicationRoutine
	if len(times) == 0 {
		typ = shared.MedicationPRN
	}
	return shared.SaveMedicationRequest{Name: name, Type: typ, Dose: "1 tablet", Route: shared.RouteOral, StartDate: "2026-01-01", Times: times}
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func hasResident(p shared.Page[shared.Resident], id string) bool {
	for _, r := range p.Records {
		if r.ResidentID == id {
			return true
		}
	}
	return false
}

// The whole wizard: each step, saving a step again, the resident hidden until
// completeCheckIn, completion (twice), and the audit trail.
func TestMoveInWizard(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		carer := e.SignIn(t, "caregiver_maple1")
		day := today(e, "America/Los_Angeles")
		var before shared.ResidentDashboard
		owner.Get(t, base+"/getDashboardData").OK(t).Into(t, &before)

		// Confirm and profile: a MOVING_IN resident, with an assessment.
		profile := newResident("Rosa", "Alvarez", "4")
		ci := checkInOf(t, step(t, e, owner, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: profile},
			filetest.Part{Name: "assessment.pdf", Data: filetest.PDF()}))
		id := ci.Resident.ResidentID
		if id == "" || ci.Resident.Status != shared.ResidentMovingIn || ci.Step != shared.StepCarePlan || ci.Completed ||
			len(ci.Files) != 1 || ci.Files[0].Category != shared.FileAssessment || ci.Tasks == nil || ci.Medications == nil || ci.Contacts == nil {
			t.Fatalf("first step: %+v", ci)
		}

		// Hidden from every list but MOVING_IN, from the dashboard, and from caregivers.
		for _, f := range []shared.ResidentStatusFilter{"", shared.ResidentFilterActive, shared.ResidentFilterAll, shared.ResidentFilterNormal} {
			if hasResident(list(t, owner, shared.ResidentFilter{Status: f}), id) {
				t.Errorf("a resident moving in is listed under %q", f)
			}
		}
		if !hasResident(list(t, owner, shared.ResidentFilter{Status: shared.ResidentFilterMovingIn}), id) {
			t.Error("the MOVING_IN filter does not list the move-in")
		}
		carer.Post(t, base+"/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: 1, Size: 20,
			Data: shared.ResidentFilter{Status: shared.ResidentFilterMovingIn}}).Is(t, http.StatusOK, shared.CodeForbidden)
		carer.Get(t, base+"/getResidentById?residentId="+id).Is(t, http.StatusOK, shared.CodeNotFound)
		var during shared.ResidentDashboard
		owner.Get(t, base+"/getDashboardData").OK(t).Into(t, &during)
		if during.ActiveCount != before.ActiveCount || during.RoomCount != before.RoomCount {
			t.Errorf("dashboard counts a move-in: %+v → %+v", before, during)
		}
		// No going out, return, move out or death before the move-in is complete.
		for name, r := range map[string]*servertest.Response{
			"goingOut": owner.Post(t, base+"/goingOut", shared.GoingOutRequest{ResidentID: id, ReturnDate: e.Clock.Now().Add(time.Hour).UnixMilli()}),
			"return":   owner.Get(t, base+"/returnFacility?residentId="+id),
			"moveOut":  owner.Post(t, base+"/moveOut", shared.MoveOutRequest{ResidentID: id, Destination: shared.MoveOutSNF, ConfirmName: "Rosa Alvarez"}),
			"deceased": owner.Get(t, base+"/deceased?residentId="+id+"&confirmName=Rosa+Alvarez"),
		} {
			if r.Code != shared.CodeConflict || !strings.Contains(r.Message, "still moving in") {
				t.Errorf("%s of a resident moving in: %s", name, r.Body)
			}
		}

		// The profile saved again replaces it (same resident).
		profile.ResidentID, profile.Room = id, "5"
		ci = checkInOf(t, step(t, e, owner, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: profile}))
		if ci.Resident.ResidentID != id || ci.Resident.Room != "5" || ci.Step != shared.StepCarePlan || len(ci.Files) != 1 {
			t.Fatalf("profile saved again: %+v", ci)
		}

		// Care plan: two tasks, then one (the care-plan document is kept).
		ci = checkInOf(t, step(t, e, owner, "createTaskForCheckIn", shared.CheckInTasksData{ResidentID: id,
			Tasks: []shared.SaveTaskRequest{careTask("Shower", day), careTask("Shave", day)}},
			filetest.Part{Name: "care-plan.pdf", Data: filetest.PDF()}))
		if len(ci.Tasks) != 2 || ci.Step != shared.StepMedications || len(ci.Files) != 2 {
			t.Fatalf("care plan: %+v", ci)
		}
		ci = checkInOf(t, step(t, e, owner, "createTaskForCheckIn", shared.CheckInTasksData{ResidentID: id,
			Tasks: []shared.SaveTaskRequest{careTask("Shower and hair wash", day)}}))
		if len(ci.Tasks) != 1 || ci.Tasks[0].Title != "Shower and hair wash" || ci.Step != shared.StepMedications {
			t.Fatalf("care plan saved again: %+v", ci.Tasks)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM task_records WHERE resident_id = ?`, id); n != 0 {
			t.Errorf("a resident moving in has %d task occurrences", n)
		}

		// eMARs: two medications, then the first changed and the second dropped.
		ci = checkInOf(t, step(t, e, owner, "createEmarsForCheckIn", shared.CheckInMedicationsData{ResidentID: id,
			Medications: []shared.SaveMedicationRequest{medication("Metformin", "08:00", "20:00"), medication("Acetaminophen")}}))
		if len(ci.Medications) != 2 || ci.Step != shared.StepContacts {
			t.Fatalf("eMARs: %+v", ci)
		}
		kept := medication("Metformin", "08:00")
		kept.MedicationID = ci.Medications[0].MedicationID
		ci = checkInOf(t, step(t, e, owner, "createEmarsForCheckIn", shared.CheckInMedicationsData{ResidentID: id,
			Medications: []shared.SaveMedicationRequest{kept}}))
		if len(ci.Medications) != 1 || ci.Medications[0].MedicationID != kept.MedicationID || len(ci.Medications[0].Times) != 1 {
			t.Fatalf("eMARs saved again: %+v", ci.Medications)
		}

		// Contacts: two, then one.
		daughter := shared.SaveContactRequest{ResidentID: id, Group: shared.ContactEmergency, Name: "Lucia Alvarez", Phone: "3605550199", Relationship: "Daughter"}
		doctor := shared.SaveContactRequest{ResidentID: id, Group: shared.ContactProvider, Name: "Dr. Lee", Phone: "3605550188"}
		ci = checkInOf(t, step(t, e, owner, "createContactForCheckIn", shared.CheckInContactsData{ResidentID: id,
			Contacts: []shared.SaveContactRequest{daughter, doctor}}))
		if len(ci.Contacts) != 2 || ci.Step != shared.StepResult || ci.Resident.EmergencyContact == nil {
			t.Fatalf("contacts: %+v", ci)
		}
		daughter.ContactID = ci.Contacts[0].ContactID
		ci = checkInOf(t, step(t, e, owner, "createContactForCheckIn", shared.CheckInContactsData{ResidentID: id,
			Contacts: []shared.SaveContactRequest{daughter}}))
		if len(ci.Contacts) != 1 || ci.Contacts[0].ContactID != daughter.ContactID {
			t.Fatalf("contacts saved again: %+v", ci.Contacts)
		}

		// Resumed where it stands.
		var got shared.CheckIn
		owner.Get(t, base+"/getCheckIn?residentId="+id).OK(t).Into(t, &got)
		if got.Step != shared.StepResult || got.Completed || len(got.Tasks) != 1 || len(got.Medications) != 1 || len(got.Contacts) != 1 || len(got.Files) != 2 {
			t.Fatalf("getCheckIn: %+v", got)
		}

		// Complete: NORMAL, moved in today (facility time), listed, tasks running.
		var done shared.CheckIn
		owner.Get(t, base+"/completeCheckIn?residentId="+id).OK(t).Into(t, &done)
		if !done.Completed || done.Step != shared.StepResult || done.Resident.Status != shared.ResidentNormal || done.Resident.MoveInDate != day {
			t.Fatalf("completeCheckIn: %+v", done.Resident)
		}
		if !hasResident(list(t, owner, shared.ResidentFilter{}), id) || hasResident(list(t, owner, shared.ResidentFilter{Status: shared.ResidentFilterMovingIn}), id) {
			t.Error("after completeCheckIn the resident is not listed as active")
		}
		if get(t, carer, id).ResidentID != id {
			t.Error("caregivers do not see the new resident")
		}
		if n := count(t, d, `SELECT COUNT(*) FROM task_records WHERE resident_id = ?`, id); n == 0 {
			t.Error("the care plan makes no occurrences after the move-in")
		}
		var after shared.ResidentDashboard
		owner.Get(t, base+"/getDashboardData").OK(t).Into(t, &after)
		if after.ActiveCount != before.ActiveCount+1 {
			t.Errorf("active residents %d → %d", before.ActiveCount, after.ActiveCount)
		}
		// Idempotent: the same answer, one completion, one event.
		var again shared.CheckIn
		owner.Get(t, base+"/completeCheckIn?residentId="+id).OK(t).Into(t, &again)
		if !again.Completed || again.Resident.StatusTime != done.Resident.StatusTime {
			t.Fatalf("second completeCheckIn: %+v", again.Resident)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM river_job WHERE kind = ? AND CAST(args AS TEXT) LIKE ?`, jobs.EventKind, "%"+id+"%"); n != 1 {
			t.Errorf("move-in events enqueued: %d", n)
		}
		// The steps are closed once complete.
		r := step(t, e, owner, "createContactForCheckIn", shared.CheckInContactsData{ResidentID: id})
		if r.Code != shared.CodeConflict || !strings.Contains(r.Message, "Rosa Alvarez") {
			t.Errorf("a step after completion: %s", r.Body)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM resident_contacts WHERE resident_id = ? AND deleted_at IS NULL`, id); n != 1 {
			t.Errorf("contacts after a refused step: %d", n)
		}

		for action, want := range map[string]int{"resident.checkIn.start": 1, "resident.checkIn.profile": 1, "resident.checkIn.carePlan": 2,
			"resident.checkIn.medications": 2, "resident.checkIn.contacts": 2, "resident.checkIn.complete": 1, "resident.uploadFiles": 2} {
			if n := auditCount(t, d, action, id); n != want {
				t.Errorf("audit %s: %d rows, want %d", action, n, want)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'residentContact.delete' AND tenant_id = ?`, e.FacilityID(t, "Maple House AFH")); n != 1 {
			t.Errorf("contact removals audited: %d", n)
		}
	})
}

// A refused step changes nothing: a bad medication in a batch of three stores
// none of them, nor the document sent with it; bad step data is answered like
// a JSON call's.
func TestMoveInFailedStepChangesNothing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		ci := checkInOf(t, step(t, e, admin, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("Hana", "Sato", "6")}))
		id := ci.Resident.ResidentID
		files := func() int {
			return count(t, d, `SELECT COUNT(*) FROM files WHERE tenant_id = ?`, e.FacilityID(t, "Maple House AFH"))
		}
		filesBefore := files()

		bad := medication("Warfarin", "25:00")
		r := step(t, e, admin, "createEmarsForCheckIn", shared.CheckInMedicationsData{ResidentID: id,
			Medications: []shared.SaveMedicationRequest{medication("Metformin", "08:00"), bad, medication("Aspirin", "08:00")}},
			filetest.Part{Name: "orders.pdf", Data: filetest.PDF()})
		r.Is(t, http.StatusOK, shared.CodeValidation)
		var fes []shared.FieldError
		r.Into(t, &fes)
		if !strings.HasPrefix(r.Message, "Medication 2: ") || len(fes) != 1 || fes[0].Field != "medications[1].times" {
			t.Fatalf("bad medication: %s", r.Body)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM medications WHERE resident_id = ?`, id); n != 0 {
			t.Errorf("%d medications stored from a refused batch", n)
		}
		if files() != filesBefore || count(t, d, `SELECT COUNT(*) FROM resident_files WHERE resident_id = ?`, id) != 0 {
			t.Error("the document of a refused step was kept")
		}
		var got shared.CheckIn
		admin.Get(t, base+"/getCheckIn?residentId="+id).OK(t).Into(t, &got)
		if got.Step != shared.StepCarePlan {
			t.Errorf("a refused step counts as saved: %s", got.Step)
		}

		// A task the task service refuses: nothing stored either ("Task 2: ...").
		day := today(e, "America/Los_Angeles")
		noTitle := careTask("", day)
		noTitle.Title = " "
		r = step(t, e, admin, "createTaskForCheckIn", shared.CheckInTasksData{ResidentID: id,
			Tasks: []shared.SaveTaskRequest{careTask("Walk", day), noTitle}})
		if r.Code != shared.CodeValidation || count(t, d, `SELECT COUNT(*) FROM tasks WHERE resident_id = ?`, id) != 0 {
			t.Errorf("a refused care plan: %s", r.Body)
		}
		// A phone of 10 characters, 5 of them spaces: "Contact 1: Phone must be at least 10 characters."
		r = step(t, e, admin, "createContactForCheckIn", shared.CheckInContactsData{ResidentID: id,
			Contacts: []shared.SaveContactRequest{{ResidentID: id, Group: shared.ContactOther, Name: "Ken", Phone: "  36055   "}}})
		if r.Code != shared.CodeValidation || !strings.HasPrefix(r.Message, "Contact 1: ") {
			t.Errorf("a contact without a phone: %s", r.Body)
		}

		// The step data is checked like the JSON calls: the same bounds, fields and messages.
		long := newResident(strings.Repeat("a", shared.ResidentNameMax+1), "Sato", "6")
		r = step(t, e, admin, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: long})
		json := admin.Post(t, base+"/createResident", long)
		if r.Code != shared.CodeValidation || r.Message != json.Message || string(r.Data) != string(json.Data) {
			t.Errorf("step data %s, JSON call %s", r.Body, json.Body)
		}
		r = step(t, e, admin, "createEmarsForCheckIn", map[string]any{"residentId": id,
			"medications": []map[string]any{{"name": "X", "type": "ROUTINE", "dose": strings.Repeat("9", shared.MedicationDoseMax+1),
				"route": "ORAL", "startDate": "2026-01-01", "times": []string{"08:00"}}}})
		r.Into(t, &fes)
		if r.Code != shared.CodeValidation || fes[0].Field != "medications[0].dose" || fes[0].Rule != "maxLength" {
			t.Errorf("a dose too long: %s", r.Body)
		}
		r = step(t, e, admin, "createTaskForCheckIn", nil)
		if r.Code != shared.CodeValidation || r.Message != "Step data is required." {
			t.Errorf("no data: %s", r.Body)
		}
		r = filetest.Post(t, e, admin, base+"/createTaskForCheckIn", map[string]string{"data": "{not json"})
		if r.Code != shared.CodeBadRequest {
			t.Errorf("data that is not JSON: %s", r.Body)
		}
		r = step(t, e, admin, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("Hana", "Sato", "6")},
			filetest.Part{Name: "script.pdf", Data: []byte("#!/bin/sh\necho hi\n")})
		if r.Code == shared.CodeOK {
			t.Error("a file that is not a PDF, JPEG or PNG was taken")
		}
		if n := count(t, d, `SELECT COUNT(*) FROM residents WHERE first_name = 'Hana'`); n != 1 {
			t.Errorf("a refused first step made a resident: %d Hanas", n)
		}
	})
}

// The plan's limit is checked when a move-in starts and again when it completes.
func TestMoveInPlanLimit(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_birch") // free plan: 2 active residents
		ci := checkInOf(t, step(t, e, owner, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("Mia", "Moving", "1")}))
		a := create(t, owner, newResident("Ann", "One", "2"))
		create(t, owner, newResident("Ben", "Two", "3"))
		r := step(t, e, owner, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("Zoe", "Later", "4")})
		r.Is(t, http.StatusOK, shared.CodeMaxResidents)
		owner.Get(t, base+"/completeCheckIn?residentId="+ci.Resident.ResidentID).Is(t, http.StatusOK, shared.CodeMaxResidents)
		var got shared.CheckIn
		owner.Get(t, base+"/getCheckIn?residentId="+ci.Resident.ResidentID).OK(t).Into(t, &got)
		if got.Completed || got.Resident.Status != shared.ResidentMovingIn {
			t.Fatalf("a refused completion changed the move-in: %+v", got.Resident)
		}
		owner.Post(t, base+"/moveOut", shared.MoveOutRequest{ResidentID: a.ResidentID, Destination: shared.MoveOutHospital, ConfirmName: "Ann One"}).OK(t)
		done := checkInOf(t, owner.Get(t, base+"/completeCheckIn?residentId="+ci.Resident.ResidentID))
		if done.Resident.Status != shared.ResidentNormal || done.Resident.MoveInDate != today(e, "America/Denver") {
			t.Fatalf("completion within the limit: %+v", done.Resident)
		}
	})
}

// Every move-in route: another facility's ids answer 4004, caregivers and the
// super admin are refused, and nothing changes through a refused call.
func TestMoveInIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		maple := checkInOf(t, step(t, e, owner, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("Ida", "Maple", "7")})).Resident.ResidentID
		normal := residentID(t, e, "Maple House AFH", "Margaret") // a resident who never came through the wizard
		profile := newResident("Ida", "Cedar", "7")
		profile.ResidentID = maple
		calls := func(c *servertest.Client, id string) map[string]*servertest.Response {
			p := profile
			p.ResidentID = id
			return map[string]*servertest.Response{
				"profile":  step(t, e, c, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: p}),
				"tasks":    step(t, e, c, "createTaskForCheckIn", shared.CheckInTasksData{ResidentID: id}),
				"emars":    step(t, e, c, "createEmarsForCheckIn", shared.CheckInMedicationsData{ResidentID: id}),
				"contacts": step(t, e, c, "createContactForCheckIn", shared.CheckInContactsData{ResidentID: id}),
				"complete": c.Get(t, base+"/completeCheckIn?residentId="+id),
				"get":      c.Get(t, base+"/getCheckIn?residentId="+id),
			}
		}
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), e.SignIn(t, "owner_birch")} {
			for name, r := range calls(c, maple) {
				if r.Code != shared.CodeNotFound {
					t.Errorf("%s of Maple's move-in by another facility: %s", name, r.Body)
				}
			}
		}
		for _, c := range []*servertest.Client{e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "caregiver_cedar1"), e.SignIn(t, "superadmin")} {
			for name, r := range calls(c, maple) {
				if r.Code != shared.CodeForbidden {
					t.Errorf("%s by %s: %s", name, c.Result.LoginUserInfo.Roles, r.Body)
				}
			}
			r := step(t, e, c, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("No", "Way", "1")})
			r.Is(t, http.StatusOK, shared.CodeForbidden)
		}
		// A resident who did not come through the wizard has no move-in.
		for name, r := range calls(owner, normal) {
			if r.Code != shared.CodeNotFound {
				t.Errorf("%s of a resident without a move-in: %s", name, r.Body)
			}
		}
		var got shared.CheckIn
		owner.Get(t, base+"/getCheckIn?residentId="+maple).OK(t).Into(t, &got)
		if got.Resident.LastName != "Maple" || got.Step != shared.StepCarePlan || len(got.Tasks)+len(got.Medications)+len(got.Contacts) != 0 {
			t.Fatalf("Maple's move-in after refused calls: %+v", got)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM residents WHERE first_name = 'No'`); n != 0 {
			t.Error("a refused caller started a move-in")
		}
	})
}

func cancelCheckIn(t *testing.T, c *servertest.Client, id, reason string) *servertest.Response {
	t.Helper()
	return c.Get(t, cancelCheckInPath(id, reason))
}

// cancelCheckInPath is the cancel call (made with Client.Try in a goroutine).
func cancelCheckInPath(id, reason string) string {
	return base + "/cancelCheckIn?residentId=" + url.QueryEscape(id) + "&reason=" + url.QueryEscape(reason)
}

// An abandoned move-in: the resident is kept on record but hidden from the
// MOVING_IN list and every call, its draft care plan stays inert, and the
// audit row holds the reason. A completed move-in cannot be cancelled;
// another facility's owner, a caregiver and the super admin are refused.
func TestMoveInCancel(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		day := today(e, "America/Los_Angeles")
		ci := checkInOf(t, step(t, e, owner, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("Noor", "Haddad", "8")},
			filetest.Part{Name: "assessment.pdf", Data: filetest.PDF()}))
		id := ci.Resident.ResidentID
		checkInOf(t, step(t, e, owner, "createTaskForCheckIn", shared.CheckInTasksData{ResidentID: id,
			Tasks: []shared.SaveTaskRequest{careTask("Shower", day)}}))
		movingIn := shared.ResidentFilter{Status: shared.ResidentFilterMovingIn}
		if !hasResident(list(t, owner, movingIn), id) {
			t.Fatal("the move-in is not listed under MOVING_IN")
		}

		// Refused callers change nothing: another facility (4004), a caregiver and the super admin (4003).
		for _, c := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), e.SignIn(t, "owner_birch")} {
			cancelCheckIn(t, c, id, "Family chose another home").Is(t, http.StatusOK, shared.CodeNotFound)
		}
		for _, c := range []*servertest.Client{e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "superadmin")} {
			cancelCheckIn(t, c, id, "Family chose another home").Is(t, http.StatusOK, shared.CodeForbidden)
		}
		// The reason is required (spaces are not a reason) and bounded.
		var fes []shared.FieldError
		for _, reason := range []string{"", "   ", strings.Repeat("é", shared.SubDetailsMax+1)} {
			r := cancelCheckIn(t, owner, id, reason)
			r.Is(t, http.StatusOK, shared.CodeValidation).Into(t, &fes)
			if len(fes) != 1 || fes[0].Field != "reason" {
				t.Errorf("reason %q: %s", reason, r.Body)
			}
		}
		// A resident who did not come through the wizard has no move-in to cancel.
		cancelCheckIn(t, owner, residentID(t, e, "Maple House AFH", "Margaret"), "Mistake").Is(t, http.StatusOK, shared.CodeNotFound)
		if n := auditCount(t, d, "resident.checkIn.cancel", id); n != 0 || !hasResident(list(t, owner, movingIn), id) {
			t.Fatalf("refused cancels changed the move-in (%d audit rows)", n)
		}

		// Cancelled: answered null, gone from the list and from every call (4004).
		r := cancelCheckIn(t, owner, id, "  Family chose another home  ").OK(t)
		if string(r.Data) != "null" {
			t.Errorf("cancelCheckIn answered %s", r.Data)
		}
		if hasResident(list(t, owner, movingIn), id) || hasResident(list(t, owner, shared.ResidentFilter{Status: shared.ResidentFilterAll}), id) {
			t.Error("a cancelled move-in is still listed")
		}
		for name, r := range map[string]*servertest.Response{
			"getCheckIn":      owner.Get(t, base+"/getCheckIn?residentId="+id),
			"getResidentById": owner.Get(t, base+"/getResidentById?residentId="+id),
			"completeCheckIn": owner.Get(t, base+"/completeCheckIn?residentId="+id),
			"a step":          step(t, e, owner, "createTaskForCheckIn", shared.CheckInTasksData{ResidentID: id}),
			"updateResident": owner.Post(t, base+"/updateResident", func() shared.SaveResidentRequest {
				p := newResident("Noor", "Haddad", "9")
				p.ResidentID = id
				return p
			}()),
			"cancel again": cancelCheckIn(t, owner, id, "Twice"),
		} {
			if r.Code != shared.CodeNotFound {
				t.Errorf("%s of a cancelled move-in: %s", name, r.Body)
			}
		}
		// Kept on record: the resident row, the move-in with who, when and why,
		// the draft task (inert: no occurrences), the document; one audit row.
		var status, by, reason string
		var at int64
		if err := d.QueryRowContext(context.Background(), `SELECT r.status, m.cancelled_by, m.cancel_reason, m.cancelled_at
			FROM residents r JOIN resident_move_ins m ON m.resident_id = r.id WHERE r.id = ?`, id).Scan(&status, &by, &reason, &at); err != nil {
			t.Fatal(err)
		}
		if status != string(shared.ResidentMovingIn) || by != owner.Result.LoginUserInfo.UserID || reason != "Family chose another home" ||
			at != e.Clock.Now().UnixMilli() {
			t.Errorf("move-in row: %s by %s at %d: %q", status, by, at, reason)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM tasks WHERE resident_id = ? AND deleted_at IS NULL`, id); n != 1 {
			t.Errorf("draft tasks kept: %d", n)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM task_records WHERE resident_id = ?`, id); n != 0 {
			t.Errorf("a cancelled move-in has %d task occurrences", n)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM resident_files WHERE resident_id = ?`, id); n != 1 {
			t.Errorf("documents kept: %d", n)
		}
		if n := auditCount(t, d, "resident.checkIn.cancel", id); n != 1 {
			t.Fatalf("audit rows: %d", n)
		}
		before, after := auditAfter(t, d, "resident.checkIn.cancel", id)
		if !strings.Contains(before, `"MOVING_IN"`) || !strings.Contains(before, `"emars"`) ||
			!strings.Contains(after, `"reason":"Family chose another home"`) {
			t.Errorf("audit row: before %s, after %s", before, after)
		}

		// A completed move-in cannot be cancelled (4009), and stays as it was.
		done := checkInOf(t, step(t, e, owner, "createResidentForCheckIn", shared.CheckInResidentData{SaveResidentRequest: newResident("Omar", "Haddad", "8")})).Resident.ResidentID
		owner.Get(t, base+"/completeCheckIn?residentId="+done).OK(t)
		r = cancelCheckIn(t, owner, done, "Too late")
		if r.Code != shared.CodeConflict || !strings.Contains(r.Message, "Omar Haddad is complete") {
			t.Errorf("cancel of a completed move-in: %s", r.Body)
		}
		if get(t, owner, done).Status != shared.ResidentNormal || auditCount(t, d, "resident.checkIn.cancel", done) != 0 {
			t.Error("a refused cancel changed the completed move-in")
		}
	})
}

// A cancel and a completion of the same move-in at once: exactly one wins,
// and the move-in ends either cancelled or completed, never both.
func TestMoveInCancelRace(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		for i := range 3 {
			id := checkInOf(t, step(t, e, admin, "createResidentForCheckIn",
				shared.CheckInResidentData{SaveResidentRequest: newResident("Race", "Case", strconv.Itoa(20+i))})).Resident.ResidentID
			cancelled, completed := make(chan answer, 1), make(chan answer, 1)
			go func() { cancelled <- try(admin, cancelCheckInPath(id, "Started twice"), nil) }()
			go func() { completed <- try(admin, base+"/completeCheckIn?residentId="+id, nil) }()
			ca, ka := <-cancelled, <-completed
			if err := errors.Join(ca.err, ka.err); err != nil {
				t.Fatal(err)
			}
			c, k := ca.r.Code, ka.r.Code
			both := count(t, d, `SELECT COUNT(*) FROM resident_move_ins WHERE resident_id = ? AND completed_at IS NOT NULL AND cancelled_at IS NOT NULL`, id)
			normal := count(t, d, `SELECT COUNT(*) FROM residents WHERE id = ? AND status = 'NORMAL'`, id)
			switch {
			case both != 0:
				t.Fatalf("round %d: the move-in is both cancelled and completed", i)
			case c == shared.CodeOK && k == shared.CodeNotFound && normal == 0:
			case k == shared.CodeOK && c == shared.CodeConflict && normal == 1:
			default:
				t.Fatalf("round %d: cancel %s, complete %s, NORMAL %d", i, c, k, normal)
			}
		}
	})
}
