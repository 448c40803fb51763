package demo_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A scaled database (hearth seed --scale) holds only what the product could
// have written: every row's tenant is its resident's and its writer's, every
// logged pass belongs to an order of that resident that was running then and
// was logged within its window and by now, a second run adds homes under new
// names, and a scaled home's owner signs in and sees its day on /emars, its
// tasks and its notes.
func TestScale(t *testing.T) {
	t.Parallel()
	const days = 7
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		s := demo.Services{People: e.Server.IAM, Files: e.Server.Files, Medications: e.Server.Medications, Now: e.Clock.Now}
		var seeded []demo.ScaleHome
		for _, homes := range []int{2, 1} { // twice: the second run numbers on
			first, err := demo.NextScaleHome(ctx, s.People)
			if err != nil {
				t.Fatal(err)
			}
			if first != len(seeded)+1 {
				t.Fatalf("next home %d after %d", first, len(seeded))
			}
			for n := first; n < first+homes; n++ {
				h, err := demo.SeedScaleHome(ctx, d, s, n, days)
				if err != nil {
					t.Fatal(err)
				}
				seeded = append(seeded, h)
			}
		}
		now := e.Clock.Now()
		from := now.Add(-time.Duration(days+1) * 24 * time.Hour).UnixMilli()

		// The tenant of every resident's row is the resident's.
		for _, table := range []string{"medications", "medication_passes", "medication_changes", "medication_assistance", "task_records",
			"progress_notes", "health_readings", "care_records", "incident_reports", "resident_contacts"} {
			if n := count(t, d, `SELECT count(*) FROM `+table+` x JOIN residents r ON r.id = x.resident_id WHERE x.tenant_id <> r.tenant_id`); n != 0 {
				t.Errorf("%s: %d rows in another tenant than their resident's", table, n)
			}
		}
		// Everyone who wrote a row is a member of its facility.
		for _, w := range []struct{ table, col string }{{"medication_passes", "staff_id"}, {"clock_punches", "user_id"},
			{"progress_notes", "author_id"}, {"incident_reports", "author_id"}, {"chat_messages", "sender_id"}, {"task_records", "completed_by"}} {
			q := fmt.Sprintf(`SELECT count(*) FROM %s x WHERE x.%s IS NOT NULL AND x.%s <> ''
				AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.tenant_id = x.tenant_id AND m.user_id = x.%s)`, w.table, w.col, w.col, w.col)
			if n := count(t, d, q); n != 0 {
				t.Errorf("%s.%s: %d rows written by someone outside the facility", w.table, w.col, n)
			}
		}
		for _, h := range seeded {
			if n := count(t, d, `SELECT count(*) FROM residents WHERE tenant_id = ?`, h.TenantID); n != 8 {
				t.Errorf("%s: %d residents", h.Facility, n)
			}
			if n := count(t, d, `SELECT count(*) FROM memberships WHERE tenant_id = ? AND role = ?`, h.TenantID, shared.RoleCaregiverStaff); n < 6 || n > 10 {
				t.Errorf("%s: %d caregivers", h.Facility, n)
			}
			passes(t, d, h, from, now.UnixMilli())
		}

		// A scaled home's owner signs in; yesterday's eMAR and tasks, and the notes, answer.
		h := seeded[len(seeded)-1]
		owner := e.SignIn(t, h.OwnerAccount, h.Facility)
		yesterdayText := now.In(h.Zone).AddDate(0, 0, -1).Format(time.DateOnly)
		var day shared.EmarDay
		owner.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{Day: yesterdayText}).OK(t).Into(t, &day)
		logged := 0
		for _, r := range day.Residents {
			for _, p := range r.Passes {
				if p.Outcome != "" {
					logged++
				}
			}
		}
		if len(day.Residents) != 8 || logged == 0 {
			t.Errorf("/emars of %s: %d residents, %d passes logged", yesterdayText, len(day.Residents), logged)
		}
		var yesterday shared.TodayTasks
		owner.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{Day: yesterdayText}).OK(t).Into(t, &yesterday)
		if yesterday.Total < 80 || yesterday.Completed < yesterday.Total/2 {
			t.Errorf("yesterday's tasks: %d done of %d", yesterday.Completed, yesterday.Total)
		}
		var notes shared.Page[shared.ProgressNote]
		owner.Post(t, "/api/care/progressNote/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20}).OK(t).Into(t, &notes)
		if notes.Total == 0 {
			t.Error("no progress notes")
		}
		t.Logf("%s: %d residents on /emars with %d passes logged yesterday; %d of %d tasks done; %d notes",
			h.Facility, len(day.Residents), logged, yesterday.Completed, yesterday.Total, notes.Total)
	})
}

// passes checks a scaled home's logged passes: each belongs to an order of
// its resident in its tenant that had begun by its day and not stopped
// before it was due, lies within the days seeded, and was logged within
// its window and not after now.
func passes(t *testing.T, d *db.DB, h demo.ScaleHome, from, now int64) {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), `SELECT p.kind, p.day, p.due_at, p.given_at, p.outcome, m.start_date, m.end_at,
			m.tenant_id, m.resident_id = p.resident_id
		FROM medication_passes p JOIN medications m ON m.id = p.medication_id
		WHERE p.tenant_id = ? AND p.outcome <> ''`, h.TenantID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n, scheduled := 0, 0
	for rows.Next() {
		var kind, dayText, start, tenant string
		var outcome shared.PassOutcome
		var due, given int64
		var end *int64
		var same bool
		if err := rows.Scan(&kind, &dayText, &due, &given, &outcome, &start, &end, &tenant, &same); err != nil {
			t.Fatal(err)
		}
		n++
		where := fmt.Sprintf("%s: %s pass of %s due %s", h.Facility, kind, dayText, time.UnixMilli(due))
		switch {
		case tenant != h.TenantID || !same:
			t.Errorf("%s: of another tenant's or resident's order", where)
		case dayText < start:
			t.Errorf("%s: before its order began on %s", where, start)
		case end != nil && due > *end:
			t.Errorf("%s: after its order stopped at %s", where, time.UnixMilli(*end))
		case due < from || given > now:
			t.Errorf("%s: outside the days seeded (given %s)", where, time.UnixMilli(given))
		case kind == string(shared.PassScheduled) && !shared.PassOpen(due, given):
			t.Errorf("%s: logged at %s, before its window opened", where, time.UnixMilli(given))
		}
		switch outcome {
		case shared.OutcomeGiven, shared.OutcomeRefused, shared.OutcomeHeld, shared.OutcomeNotGiven:
		default:
			t.Errorf("%s: outcome %q", where, outcome)
		}
		if kind == string(shared.PassScheduled) {
			scheduled++
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if scheduled < 7*40 {
		t.Errorf("%s: %d scheduled passes logged in 7 days", h.Facility, scheduled)
	}
}

func count(t *testing.T, d *db.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}
