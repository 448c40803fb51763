package task_test

import (
	"context"
	"reflect"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// TestListsAsJoined: the day and calendar lists take residents' names, rooms
// and statuses and caregivers' colours from the facility's kept directory;
// what they list (which records, what each shows, in what order) is what the
// statement joining residents and caregivers to each record finds, for the
// facility and for each resident, before and after a resident moves out, one
// dies, one is renamed and moves room, and a caregiver is removed.
func TestListsAsJoined(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		maple := e.FacilityID(t, "Maple House AFH")
		now := e.Clock.Now()
		from, to := date(now.AddDate(0, 0, -3)), date(now.AddDate(0, 0, 6))
		var residents []string
		rows, err := d.QueryContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? ORDER BY id`, maple)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			residents = append(residents, id)
		}
		rows.Close()
		if len(residents) < 3 {
			t.Fatalf("Maple House has %d residents", len(residents))
		}
		same := func(when string) {
			t.Helper()
			total, colours := 0, 0
			for _, r := range append([]string{""}, residents...) {
				kept, joined, err := e.Server.Tasks.ListedTwoWays(ctx, maple, r, from, to)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(kept, joined) {
					t.Fatalf("%s, resident %q: the lists show %d records, the joined statement %d (or they differ)", when, r, len(kept), len(joined))
				}
				if r == "" {
					total = len(kept)
					for _, k := range kept {
						if k.CaregiverColor != "" {
							colours++
						}
					}
				}
			}
			if total == 0 {
				t.Fatalf("%s: no record listed", when)
			}
			t.Logf("%s: %d records alike, %d with a caregiver's colour", when, total, colours)
		}
		same("demo")

		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		ms := now.UnixMilli()
		exec(`UPDATE residents SET status = ?, status_at = ? WHERE id = ?`, shared.ResidentMovedOut, ms, residents[0])
		exec(`UPDATE residents SET status = ?, status_at = ? WHERE id = ?`, shared.ResidentDeceased, now.AddDate(0, 0, -1).UnixMilli(), residents[1])
		exec(`UPDATE residents SET first_name = 'Renamed', room = '99' WHERE id = ?`, residents[2])
		exec(`UPDATE caregivers SET deleted_at = ? WHERE tenant_id = ? AND user_id IN (SELECT caregiver_id FROM task_records
			WHERE tenant_id = ? AND caregiver_id IS NOT NULL)`, ms, maple, maple)
		same("after the changes")
		var renamed int
		kept, _, err := e.Server.Tasks.ListedTwoWays(ctx, maple, residents[2], from, to)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range kept {
			if r.ResidentRoom == "99" && r.ResidentName != "" && r.ResidentName[:7] == "Renamed" {
				renamed++
			}
		}
		if renamed == 0 || renamed != len(kept) {
			t.Fatalf("the renamed resident's %d records show the new name and room on %d", len(kept), renamed)
		}
	})
}
