package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// One rule decides which residents every feature may act on
// (cloud/platform/residency, docs/api.md "Which residents a call may name"):
// a cancelled move-in and a resident still moving in are answered by every
// feature's reads and writes exactly as an id of no resident is; a resident
// who moved out keeps their history readable, and each feature's new care is
// either refused with its own "resident left" answer or (late entries)
// accepted, never 4004. Tasks and incidents once accepted a resident moving
// in, or whose move-in was cancelled.
func TestResidentRuleIsOneAcrossFeatures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		maple := e.FacilityID(t, "Maple House AFH")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		idOf := func(first string) string {
			t.Helper()
			var id string
			if err := d.QueryRowContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND first_name = ?`, maple, first).Scan(&id); err != nil {
				t.Fatalf("resident %s: %v", first, err)
			}
			return id
		}
		medOf := func(residentID string) string {
			t.Helper()
			var id string
			if err := d.QueryRowContext(ctx, `SELECT id FROM medications WHERE resident_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1`,
				residentID).Scan(&id); err != nil {
				t.Fatalf("medication of %s: %v", residentID, err)
			}
			return id
		}
		living, movedOut := idOf("Margaret"), idOf("Walter")
		cancelled, movingIn := idOf("Mei"), idOf("Anita")
		const unknown = "01900000-0000-7000-8000-000000000000"
		// Mei Chen's move-in was cancelled; Anita Sharma's is still open. Both
		// have records from before, which no call may show now.
		now := e.Clock.Now().UnixMilli()
		owenID := e.UserID(t, "owner_evergreen")
		for _, r := range []struct {
			id          string
			cancelledAt any
		}{{cancelled, now}, {movingIn, nil}} {
			if _, err := d.ExecContext(ctx, `UPDATE residents SET status = 'MOVING_IN' WHERE id = ?`, r.id); err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, `INSERT INTO resident_move_ins (resident_id, tenant_id, profile_saved_at, created_by, created_at, updated_at,
				cancelled_at, cancelled_by, cancel_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				r.id, maple, now, owenID, now, now, r.cancelledAt, owenID, "test"); err != nil {
				t.Fatal(err)
			}
		}

		tomorrow := e.Clock.Now().Add(36 * time.Hour).Format(time.DateOnly)
		hourAgo := e.Clock.Now().Add(-time.Hour).UnixMilli()
		page := func(id string) string { return fmt.Sprintf(`{"current":1,"size":20,"data":{"residentId":%q}}`, id) }
		post := func(path string, body func(id string) string) func(id string) servertest.Request {
			return func(id string) servertest.Request {
				return servertest.Request{Method: http.MethodPost, Path: "/api/care" + path, Raw: body(id)}
			}
		}
		get := func(path string) func(id string) servertest.Request {
			return func(id string) servertest.Request {
				return servertest.Request{Method: http.MethodGet, Path: "/api/care" + path + "?residentId=" + url.QueryEscape(id)}
			}
		}
		// left is a moved-out resident's answer to a write: the feature's own
		// "resident left" code, or "" when the write is accepted (late entries).
		calls := []struct {
			name string
			req  func(id string) servertest.Request
			left string
		}{
			// Reads: a moved-out resident's history is shown.
			{"task: listTasksByPage", post("/taskInfo/listTasksByPage", page), ""},
			{"task: listExpiredTasks", post("/taskInfo/listExpiredTasks", page), ""},
			{"medication: listMedication", post("/medication/listMedication", func(id string) string { return fmt.Sprintf(`{"residentId":%q}`, id) }), ""},
			{"medication: getMedHistory", get("/medHistory/getMedHistory"), ""},
			{"carerecord: listProgressNoteByPage", post("/progressNote/listProgressNoteByPage", page), ""},
			{"carerecord: listHealthMonitorByPage", post("/healthMonitor/listHealthMonitorByPage", page), ""},
			{"carerecord: listCareMonitorByPage", post("/careMonitor/listCareMonitorByPage", page), ""},
			{"disposal: listByPage", post("/medicationDisposal/listByPage", page), ""},
			// Writes: new care for a resident who left is refused, late entries are not.
			{"task: createTask", post("/taskInfo/createTask", func(id string) string {
				return fmt.Sprintf(`{"residentId":%q,"title":"Mouth care","type":"ROUTINE","area":"HYGIENE","startDate":%q,"frequency":"DAILY"}`, id, tomorrow)
			}), shared.CodeConflict},
			{"medication: save", post("/medication/save", func(id string) string {
				return fmt.Sprintf(`{"residentId":%q,"name":"Metformin","type":"ROUTINE","dose":"500 mg","route":"ORAL","startDate":%q,"times":["08:00"]}`, id, tomorrow)
			}), shared.CodeConflict},
			{"carerecord: healthMonitor/save", post("/healthMonitor/save", func(id string) string {
				return fmt.Sprintf(`{"residentId":%q,"takenAt":%d,"readings":[{"metric":"HEART_RATE","value":70}]}`, id, hourAgo)
			}), shared.CodeConflict},
			{"carerecord: careMonitor/save", post("/careMonitor/save", func(id string) string {
				return fmt.Sprintf(`{"residentId":%q,"activity":"BATHING","time":%d}`, id, hourAgo)
			}), shared.CodeConflict},
			{"carerecord: progressNote/batchSave", post("/progressNote/batchSave", func(id string) string {
				return fmt.Sprintf(`{"notes":[{"residentId":%q,"noteType":"OTHER","notes":"Late entry."}]}`, id)
			}), ""},
			{"incident: saveIncidentDraft", post("/incidentReport/saveIncidentDraft", func(id string) string {
				return fmt.Sprintf(`{"type":"FALL","residentId":%q,"occurredAt":%d}`, id, hourAgo)
			}), ""},
			{"disposal: save", post("/medicationDisposal/save", func(id string) string {
				med := unknown
				if id == living || id == movedOut {
					med = medOf(id)
				}
				return fmt.Sprintf(`{"residentId":%q,"medicationId":%q,"disposalMethod":%q,"disposalReason":%q,"disposalTime":%d,"pillsNumber":14}`,
					id, med, shared.DisposalMailBack, shared.DisposalDiscontinued, hourAgo)
			}), ""},
		}
		for _, c := range calls {
			answer := func(id string) *servertest.Response { return owner.Do(t, c.req(id)) }
			if r := answer(living); r.Code != shared.CodeOK {
				t.Errorf("%s for a resident who lives here: %s %s", c.name, r.Code, r.Body)
				continue
			}
			none := answer(unknown)
			if none.Code == shared.CodeOK {
				t.Errorf("%s for no resident: %s", c.name, none.Body)
				continue
			}
			for who, id := range map[string]string{"a cancelled move-in": cancelled, "a resident moving in": movingIn} {
				if r := answer(id); r.Code != none.Code || string(r.Body) != string(none.Body) {
					t.Errorf("%s for %s: %s %s; for no resident: %s %s", c.name, who, r.Code, r.Body, none.Code, none.Body)
				}
			}
			r := answer(movedOut)
			if want := c.left; want == "" && r.Code != shared.CodeOK || want != "" && r.Code != want {
				t.Errorf("%s for a resident who moved out: %s %s (want %q, \"\" = accepted)", c.name, r.Code, r.Body, want)
			}
		}
	})
}
