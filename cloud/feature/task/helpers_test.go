package task_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	ti  = "/api/care/taskInfo"
	res = "/api/care/resident"
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

func residentID(t *testing.T, e *servertest.Env, facility, first string) string {
	t.Helper()
	var id string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT id FROM residents WHERE tenant_id = ? AND first_name = ?`,
		e.FacilityID(t, facility), first).Scan(&id); err != nil {
		t.Fatalf("resident %s: %v", first, err)
	}
	return id
}

// newResident adds a resident through the API (tasks of their own, nothing else).
func newResident(t *testing.T, owner *servertest.Client, first, room, moveIn string) string {
	t.Helper()
	var r shared.Resident
	owner.Post(t, res+"/createResident", shared.SaveResidentRequest{FirstName: first, LastName: "Test", DOB: "1945-06-01",
		Gender: shared.GenderFemale, Room: room, Language: shared.LanguageEnglish, DNR: shared.DNRUnknown, MoveInDate: moveIn}).OK(t).Into(t, &r)
	return r.ResidentID
}

func createTask(t *testing.T, c *servertest.Client, req shared.SaveTaskRequest) shared.Task {
	t.Helper()
	var out shared.Task
	c.Post(t, ti+"/createTask", req).OK(t).Into(t, &out)
	return out
}

func todayTasks(t *testing.T, c *servertest.Client, req shared.TodayTaskRequest) shared.TodayTasks {
	t.Helper()
	var out shared.TodayTasks
	c.Post(t, ti+"/listTodayTask", req).OK(t).Into(t, &out)
	return out
}

// recordsOf are a task's records in a day's list.
func recordsOf(list shared.TodayTasks, taskID string) []shared.TaskRecord {
	var out []shared.TaskRecord
	for _, r := range list.Records {
		if r.TaskID == taskID {
			out = append(out, r)
		}
	}
	return out
}

func complete(t *testing.T, c *servertest.Client, req shared.CompleteTaskRequest) *servertest.Response {
	t.Helper()
	return c.Post(t, ti+"/completeTask", req)
}

// stored are a task's records as stored: due start (UTC), due end and status.
type storedRecord struct {
	Day              string
	DueStart, DueEnd time.Time
	Status           shared.TaskRecordStatus
}

func stored(t *testing.T, d *db.DB, taskID string) []storedRecord {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), `SELECT day, due_start, due_end, status FROM task_records WHERE task_id = ? ORDER BY due_start`, taskID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []storedRecord
	for rows.Next() {
		var r storedRecord
		var s, e int64
		if err := rows.Scan(&r.Day, &s, &e, &r.Status); err != nil {
			t.Fatal(err)
		}
		r.DueStart, r.DueEnd = time.UnixMilli(s).UTC(), time.UnixMilli(e).UTC()
		out = append(out, r)
	}
	return out
}

func auditCount(t *testing.T, d *db.DB, action, entityID string) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`, action, entityID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func q(s string) string { return url.QueryEscape(s) }

func date(t time.Time) string { return t.In(pacific).Format(time.DateOnly) }
