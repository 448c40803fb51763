package medication_test

import (
	"context"
	"errors"
	"hearth/cloud/feature/medication"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hearth/cloud/platform/chatpost/chatposttest"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A pass 30 minutes from overdue is said once in the Hearth chat of whoever
// is clocked in (here Amina), with the resident, the medication and the
// pass's time, in the transaction that marks it warned: when that
// transaction fails nothing is said, the pass stays unwarned and the next
// run says it.
func TestWarningPostsInChat(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		chat := &chatposttest.Recorder{}
		// The server's eMAR with Hearth's chat replaced by a recorder.
		warner, err := medication.New(medication.Deps{DB: e.DB, Files: e.Server.Files, Notify: e.Server.Notifications,
			OnShift: e.Server.Attendance, Chart: e.Server.Records, Chat: chat, Params: e.Server.Params, Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		setClock(e, local(2027, 6, 1, 7, 0))
		amina := e.SignIn(t, "caregiver_maple1")
		amina.Post(t, "/api/care/caregiverClockInRecord/clockIn", shared.ClockInRequest{ClientPunchID: "punch-amina-chat"}).OK(t)
		v.save(t, order(v.peggy, "Metformin", "08:00"))
		pass := v.passes(t, v.save(t, order(v.jose, "Amlodipine", "08:00")).MedicationID, "2027-06-01")[0]
		at := local(2027, 6, 1, 8, 30)
		setClock(e, at)

		chat.Fail(errors.New("chat down"))
		if n, err := warner.WarnOverdue(ctx, at); err == nil || n != 0 {
			t.Fatalf("a run whose chat fails: %d warned, %v", n, err)
		}
		if got := chat.Posts(""); len(got) != 0 {
			t.Fatalf("posted from a failed transaction: %+v", got)
		}
		var warned, notes int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM medication_passes WHERE tenant_id = ? AND warned_at IS NOT NULL`, v.tenant).Scan(&warned); err != nil || warned != 0 {
			t.Fatalf("passes marked warned by the failed run: %d %v", warned, err)
		}
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE tenant_id = ? AND kind = 'MEDICATION'`, v.tenant).Scan(&notes); err != nil || notes != 0 {
			t.Fatalf("notifications of the failed run: %d %v", notes, err)
		}

		chat.Fail(nil)
		for range 2 {
			if _, err := warner.WarnOverdue(ctx, at); err != nil {
				t.Fatal(err)
			}
		}
		posts := chat.Posts("")
		if len(posts) != 2 {
			t.Fatalf("%d posts, want 2 (one per pass): %+v", len(posts), posts)
		}
		var amlodipine int
		for _, p := range posts {
			if p.Key != shared.ChatKeyMedOverdueSoon || p.TenantID != v.tenant || !slices.Equal(p.To, []string{v.carer.UserID}) || p.At != at.UnixMilli() {
				t.Errorf("post: %+v, want %s to Amina alone at %d", p, shared.ChatKeyMedOverdueSoon, at.UnixMilli())
			}
			if p.SourceID == pass.PassID {
				amlodipine++
				due := strconv.FormatInt(local(2027, 6, 1, 8, 0).UnixMilli(), 10)
				if !strings.Contains(p.Params["resident"], "José") || p.Params["medication"] != "Amlodipine" || p.Params["dueAt"] != due || len(p.Params) != 3 {
					t.Errorf("params: %v, want José's Amlodipine due at %s", p.Params, due)
				}
			}
		}
		if amlodipine != 1 {
			t.Errorf("posts about José's Amlodipine pass: %d, want 1", amlodipine)
		}
		if n := chat.OutsideTx(); n != 0 {
			t.Errorf("%d posts outside the warning's transaction", n)
		}
	})
}
