package carerecord_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	care  = "/api/care"
	pn    = care + "/progressNote"
	hm    = care + "/healthMonitor"
	cm    = care + "/careMonitor"
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

// newResident adds a resident to the owner's facility through the API.
func newResident(t *testing.T, owner *servertest.Client, first string) shared.Resident {
	t.Helper()
	var r shared.Resident
	owner.Post(t, care+"/resident/createResident", shared.SaveResidentRequest{FirstName: first, LastName: "Test", DOB: "1940-03-02",
		Gender: shared.GenderFemale, Room: "9", Language: shared.LanguageEnglish, DNR: shared.DNRUnknown, MoveInDate: "2025-01-01"}).OK(t).Into(t, &r)
	return r
}

func batch(t *testing.T, c *servertest.Client, notes ...shared.ProgressNoteInput) []shared.ProgressNote {
	t.Helper()
	var out shared.BatchSaveProgressNotesResult
	c.Post(t, pn+"/batchSave", shared.BatchSaveProgressNotesRequest{Notes: notes}).OK(t).Into(t, &out)
	return out.Notes
}

func unread(t *testing.T, c *servertest.Client, residentID string) int {
	t.Helper()
	var out shared.UnreadCount
	c.Get(t, pn+"/countUnReadProgressNote?residentId="+residentID).OK(t).Into(t, &out)
	return out.Count
}

func notesOf(t *testing.T, c *servertest.Client, f shared.ProgressNoteFilter) shared.Page[shared.ProgressNote] {
	t.Helper()
	var out shared.Page[shared.ProgressNote]
	c.Post(t, pn+"/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 100, Data: f}).OK(t).Into(t, &out)
	return out
}

func readingsOf(t *testing.T, c *servertest.Client, f shared.HealthMonitorFilter) shared.Page[shared.HealthReading] {
	t.Helper()
	var out shared.Page[shared.HealthReading]
	c.Post(t, hm+"/listHealthMonitorByPage", shared.PageRequest[shared.HealthMonitorFilter]{Current: 1, Size: 100, Data: f}).OK(t).Into(t, &out)
	return out
}

func fieldErrors(t *testing.T, r *servertest.Response) []shared.FieldError {
	t.Helper()
	var fes []shared.FieldError
	if err := json.Unmarshal(r.Data, &fes); err != nil {
		t.Fatalf("data is not field errors: %s", r.Data)
	}
	return fes
}

func count(t *testing.T, e *servertest.Env, query string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func ptr(v float64) *float64 { return &v }
