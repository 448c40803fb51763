package resident_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func record(p shared.Page[shared.Resident], id string) *shared.Resident {
	for i := range p.Records {
		if p.Records[i].ResidentID == id {
			return &p.Records[i]
		}
	}
	return nil
}

// The residents page is answered from a kept copy between writes; every kind
// of write that changes what the page shows is on the very next answer,
// including writes made directly in SQL that no service sees.
func TestListShowsEveryWriteAtOnce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		ctx := context.Background()
		before := list(t, admin, shared.ResidentFilter{})
		if again := list(t, admin, shared.ResidentFilter{}); !slices.Equal(names(again), names(before)) || again.Total != before.Total {
			t.Fatalf("the same list twice differs: %v / %v", names(before), names(again))
		}

		// Added through the service.
		r := create(t, admin, newResident("Ada", "Quill", "12"))
		p := list(t, admin, shared.ResidentFilter{})
		if p.Total != before.Total+1 || record(p, r.ResidentID) == nil {
			t.Fatalf("new resident missing: total %d, was %d", p.Total, before.Total)
		}
		// Edited.
		edit := newResident("Adela", "Quill", "14")
		edit.ResidentID = r.ResidentID
		admin.Post(t, base+"/updateResident", edit).OK(t)
		if got := record(list(t, admin, shared.ResidentFilter{}), r.ResidentID); got == nil || got.FirstName != "Adela" || got.Room != "14" {
			t.Fatalf("edit not shown: %+v", got)
		}
		// Status change.
		admin.Post(t, base+"/goingOut", shared.GoingOutRequest{ResidentID: r.ResidentID,
			ReturnDate: e.Clock.Now().Add(48 * time.Hour).UnixMilli(), Reason: "Family visit"}).OK(t)
		if got := record(list(t, admin, shared.ResidentFilter{}), r.ResidentID); got == nil || got.Status != shared.ResidentGoingOut {
			t.Fatalf("status change not shown: %+v", got)
		}
		// Written directly in SQL, bypassing the service.
		if _, err := d.ExecContext(ctx, `UPDATE residents SET first_name = 'Zelda', room = '99' WHERE id = ?`, r.ResidentID); err != nil {
			t.Fatal(err)
		}
		if got := record(list(t, admin, shared.ResidentFilter{}), r.ResidentID); got == nil || got.FirstName != "Zelda" || got.Room != "99" {
			t.Fatalf("a write in SQL not shown: %+v", got)
		}
		if _, err := d.ExecContext(ctx, `UPDATE residents SET status = 'MOVED_OUT' WHERE id = ?`, r.ResidentID); err != nil {
			t.Fatal(err)
		}
		if p := list(t, admin, shared.ResidentFilter{}); record(p, r.ResidentID) != nil || p.Total != before.Total {
			t.Fatalf("a resident moved out in SQL still listed (total %d)", p.Total)
		}
		// Ages are counted on the day they are read: a birthday tomorrow shows tomorrow.
		tomorrow := e.Clock.Now().UTC().AddDate(0, 0, 1)
		born := newResident("Bea", "Tomorrow", "15")
		born.DOB = tomorrow.AddDate(-80, 0, 0).Format(time.DateOnly)
		b := create(t, admin, born)
		if got := record(list(t, admin, shared.ResidentFilter{}), b.ResidentID); got == nil || got.Age != 79 {
			t.Fatalf("age today: %+v", got)
		}
		e.Clock.Advance(24 * time.Hour)
		admin = e.SignIn(t, "admin_maple")
		if got := record(list(t, admin, shared.ResidentFilter{}), b.ResidentID); got == nil || got.Age != 80 {
			t.Fatalf("age on the birthday: %+v", got)
		}
	})
}

// A kept answer is never served to another facility, another role, another
// filter or another page.
func TestKeptListsAreNeverShared(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		caregiver := e.SignIn(t, "caregiver_maple1")
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		maple := list(t, admin, shared.ResidentFilter{})
		if maple.Total == 0 {
			t.Fatal("no Maple residents")
		}
		// Another facility.
		other := list(t, cedar, shared.ResidentFilter{})
		for _, r := range other.Records {
			if record(maple, r.ResidentID) != nil {
				t.Fatalf("Cedar's list holds Maple's %s", r.Name)
			}
		}
		var inCedar int64
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM residents WHERE tenant_id = ? AND status IN ('NORMAL', 'GOING_OUT')`,
			e.FacilityID(t, "Cedar Home AFH")).Scan(&inCedar); err != nil {
			t.Fatal(err)
		}
		if other.Total != inCedar {
			t.Fatalf("Cedar's total %d, want %d", other.Total, inCedar)
		}
		// Another role: the caregiver may not edit, the admin may.
		for _, r := range list(t, caregiver, shared.ResidentFilter{}).Records {
			if r.Editable {
				t.Fatalf("a caregiver is offered to edit %s (the admin's answer)", r.Name)
			}
		}
		if r := list(t, admin, shared.ResidentFilter{}).Records[0]; !r.Editable {
			t.Fatal("the admin is not offered to edit (the caregiver's answer)")
		}
		// Another filter.
		first := maple.Records[0]
		if p := list(t, admin, shared.ResidentFilter{Name: first.FirstName}); p.Total == 0 || p.Total > maple.Total || record(p, first.ResidentID) == nil {
			t.Fatalf("name filter: %v", names(p))
		}
		if p := list(t, admin, shared.ResidentFilter{Status: shared.ResidentFilterInactive}); record(p, first.ResidentID) != nil {
			t.Fatalf("inactive filter answered with the active list: %v", names(p))
		}
		// Another page.
		page := func(n int) shared.Page[shared.Resident] {
			var p shared.Page[shared.Resident]
			admin.Post(t, base+"/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: n, Size: 1}).OK(t).Into(t, &p)
			return p
		}
		p1, p2 := page(1), page(2)
		if len(p1.Records) != 1 || len(p2.Records) != 1 || p1.Records[0].ResidentID == p2.Records[0].ResidentID || p2.Current != 2 {
			t.Fatalf("page 1 %v, page 2 %v", names(p1), names(p2))
		}
		// Moving-in residents stay for owners and admins, even once kept.
		caregiver.Post(t, base+"/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: 1, Size: 20,
			Data: shared.ResidentFilter{Status: shared.ResidentFilterMovingIn}}).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}
