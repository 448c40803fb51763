package disposal_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	md  = "/api/care/medicationDisposal"
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

// newResident adds a resident to the owner's facility through the API.
func newResident(t *testing.T, owner *servertest.Client, first string) shared.Resident {
	t.Helper()
	var r shared.Resident
	owner.Post(t, res+"/createResident", shared.SaveResidentRequest{FirstName: first, LastName: "Test", DOB: "1940-03-02",
		Gender: shared.GenderFemale, Room: "9", Language: shared.LanguageEnglish, DNR: shared.DNRUnknown, MoveInDate: "2025-01-01"}).OK(t).Into(t, &r)
	return r
}

// med is a medication order the test adds. The medications are written
// straight to the eMAR's table: disposal only reads it.
type med struct {
	name, status, endDate string
	stoppedAt             time.Time // a DISCONTINUED order: when it stopped (end_at and updated_at)
}

func addMedication(t *testing.T, e *servertest.Env, tenantID, residentID string, m med) string {
	t.Helper()
	id := uuid.Must(uuid.NewV7()).String()
	status := m.status
	if status == "" {
		status = string(shared.MedicationCurrent)
	}
	updated := e.Clock.Now().UnixMilli()
	if !m.stoppedAt.IsZero() {
		updated = m.stoppedAt.UnixMilli()
	}
	ctx := context.Background()
	if _, err := e.DB.ExecContext(ctx, `INSERT INTO medications (id, tenant_id, resident_id, name, type, dose, frequency, route,
		instructions, diagnosis, rx_number, physician, start_date, end_date, times, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'ROUTINE', '10 mg', 'daily', 'ORAL', 'With food', 'Hypertension', 'RX-1001', 'Dr. Test', '2025-01-01', ?, '["08:00"]', ?, ?, ?)`,
		id, tenantID, residentID, m.name, m.endDate, status, updated, updated); err != nil {
		t.Fatalf("add medication: %v", err)
	}
	if !m.stoppedAt.IsZero() {
		if _, err := e.DB.ExecContext(ctx, `UPDATE medications SET end_at = ? WHERE id = ?`, m.stoppedAt.UnixMilli(), id); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func due(t *testing.T, c *servertest.Client, residentID string) shared.DisposalDueList {
	t.Helper()
	var out shared.DisposalDueList
	c.Post(t, md+"/listDue", shared.DisposalDueFilter{ResidentID: residentID}).OK(t).Into(t, &out)
	return out
}

// dueItem is the due item of a medication, or nil.
func dueItem(list shared.DisposalDueList, medicationID string) *shared.DisposalDueItem {
	for i := range list.Items {
		if list.Items[i].MedicationID == medicationID {
			return &list.Items[i]
		}
	}
	return nil
}

func save(t *testing.T, c *servertest.Client, req shared.SaveDisposalRequest) shared.MedicationDisposal {
	t.Helper()
	var out shared.MedicationDisposal
	c.Post(t, md+"/save", req).OK(t).Into(t, &out)
	return out
}

// valid is a complete new record of a medication, disposed of an hour ago.
func valid(e *servertest.Env, residentID, medicationID string) shared.SaveDisposalRequest {
	return shared.SaveDisposalRequest{ResidentID: residentID, MedicationID: medicationID, DisposalMethod: shared.DisposalMailBack,
		DisposalReason: shared.DisposalDiscontinued, DisposalTime: e.Clock.Now().Add(-time.Hour).UnixMilli(), PillsNumber: 14}
}

func auditCount(t *testing.T, e *servertest.Env, action, entityID string) int {
	t.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`, action, entityID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func q(s string) string { return url.QueryEscape(s) }
