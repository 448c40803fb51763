package attendance_test

import (
	"context"
	"hearth/cloud/platform/mail"
	"slices"
	"testing"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// OnShift is who is clocked in now, per facility: the demo leaves nobody in;
// a caregiver who punched in is, one who punched in and out again is not,
// and Cedar's caregiver is Cedar's alone.
func TestOnShift(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		svc, err := attendance.New(attendance.Deps{DB: d, Mail: mail.New(e.Config.SMTP, d, nil), Avatars: e.Server.Files, Now: e.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		onShift := func(tenantID string) []string {
			t.Helper()
			ids, err := svc.OnShift(context.Background(), tenantID)
			if err != nil {
				t.Fatalf("OnShift: %v", err)
			}
			return ids
		}
		if ids := onShift(maple); len(ids) != 0 {
			t.Fatalf("demo Maple: nobody is clocked in, got %v", ids)
		}

		punch := func(account string) shared.PunchType {
			t.Helper()
			return punchOK(t, e.SignIn(t, account), shared.ClockInRequest{ClientPunchID: newID("onshift")}).PunchType
		}
		if typ := punch("caregiver_maple1"); typ != shared.PunchIn {
			t.Fatalf("first punch %s", typ)
		}
		punch("caregiver_maple2")
		e.Clock.Advance(1000)
		if typ := punch("caregiver_maple2"); typ != shared.PunchOut {
			t.Fatalf("second punch %s", typ)
		}
		punch("caregiver_cedar1")

		want := []string{e.UserID(t, "caregiver_maple1")}
		if got := onShift(maple); !slices.Equal(got, want) {
			t.Errorf("Maple on shift %v, want %v (maple1 only)", got, want)
		}
		if got, want := onShift(cedar), []string{e.UserID(t, "caregiver_cedar1")}; !slices.Equal(got, want) {
			t.Errorf("Cedar on shift %v, want %v", got, want)
		}
		// Two people in, sorted; then maple1 clocks out.
		e.Clock.Advance(1000)
		punch("caregiver_maple2")
		want = []string{e.UserID(t, "caregiver_maple1"), e.UserID(t, "caregiver_maple2")}
		slices.Sort(want)
		if got := onShift(maple); !slices.Equal(got, want) {
			t.Errorf("Maple on shift %v, want %v", got, want)
		}
		e.Clock.Advance(1000)
		punch("caregiver_maple1")
		if got, want := onShift(maple), []string{e.UserID(t, "caregiver_maple2")}; !slices.Equal(got, want) {
			t.Errorf("after maple1 clocked out: %v, want %v", got, want)
		}
		if ids := onShift("no-such-facility"); len(ids) != 0 {
			t.Errorf("unknown facility: %v", ids)
		}
	})
}
