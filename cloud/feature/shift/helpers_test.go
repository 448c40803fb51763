package shift_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	api   = "/api/care"
	maple = "Maple House AFH"
)

var pacific = func() *time.Location {
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		panic(err)
	}
	return loc
}()

// setClock moves the server's clock to at (back or forward).
func setClock(e *servertest.Env, at time.Time) { e.Clock.Advance(at.Sub(e.Clock.Now())) }

// local is a wall-clock time in Pacific time (the demo facilities' zone).
func local(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, pacific)
}

// The test weeks: the clock stands on Tuesday 1 June 2027, 10:00 Pacific.
const (
	thisWeek = "2027-05-30" // Sunday; the 30th and 31st have passed
	nextWeek = "2027-06-06"
)

func atTuesday(e *servertest.Env) { setClock(e, local(2027, 6, 1, 10, 0)) }

// caregiverID is the staff record id of a demo account.
func caregiverID(t *testing.T, e *servertest.Env, account string) string {
	t.Helper()
	var id string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT c.id FROM caregivers c JOIN users u ON u.id = c.user_id
		WHERE u.account_key = ?`, account).Scan(&id); err != nil {
		t.Fatalf("caregiver %s: %v", account, err)
	}
	return id
}

func newType(t *testing.T, c *servertest.Client, name, start, end string, minStaff int, cred shared.CredentialType) shared.ShiftType {
	t.Helper()
	var out shared.ShiftType
	c.Post(t, api+"/shiftType/save", shared.SaveShiftTypeRequest{Name: name, StartTime: start, EndTime: end, Color: "#123456",
		MinStaff: minStaff, RequiredCredential: cred, Active: true}).OK(t).Into(t, &out)
	return out
}

// week is a schedule request for a week of a type: day → caregivers.
func week(typeID, start string, days map[string][]string) shared.SaveScheduleRequest {
	req := shared.SaveScheduleRequest{ShiftTypeID: typeID, Name: "Week of " + start, StartDate: start, EndDate: addDays(start, 6)}
	for d := 0; d < 7; d++ {
		day := addDays(start, d)
		if ids, ok := days[day]; ok {
			req.Assignments = append(req.Assignments, shared.ShiftAssignmentInput{Day: day, CaregiverIDs: ids})
		}
	}
	return req
}

func addDays(day string, n int) string {
	t, _ := time.Parse(time.DateOnly, day)
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

func saveSchedule(t *testing.T, c *servertest.Client, req shared.SaveScheduleRequest) shared.ScheduleResult {
	t.Helper()
	var out shared.ScheduleResult
	c.Post(t, api+"/shiftSchedule/save", req).OK(t).Into(t, &out)
	return out
}

// refused checks a 4022 answer and returns its first field error.
func refused(t *testing.T, r *servertest.Response) shared.FieldError {
	t.Helper()
	r.Is(t, 200, shared.CodeValidation)
	var fes []shared.FieldError
	if err := json.Unmarshal(r.Data, &fes); err != nil || len(fes) == 0 {
		t.Fatalf("no field errors: %s", r.Body)
	}
	return fes[0]
}

// approveLeave writes an approved leave of account over [from, to) into the requests feature's table.
func approveLeave(t *testing.T, e *servertest.Env, account string, from, to time.Time) {
	t.Helper()
	now := e.Clock.Now().UnixMilli()
	if _, err := e.DB.ExecContext(context.Background(), `INSERT INTO application_forms (id, tenant_id, creator_id, type, start_at, end_at,
		reason, status, created_at, updated_at) VALUES (?, ?, ?, 'LEAVE', ?, ?, 'Family', 'APPROVED', ?, ?)`,
		uuid.Must(uuid.NewV7()).String(), e.FacilityID(t, maple), e.UserID(t, account), from.UnixMilli(), to.UnixMilli(), now, now); err != nil {
		t.Fatal(err)
	}
}
