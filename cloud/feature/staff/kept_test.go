package staff_test

import (
	"context"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

func caregiverIn(p shared.Page[shared.Caregiver], id string) *shared.Caregiver {
	for i := range p.Records {
		if p.Records[i].CaregiverID == id {
			return &p.Records[i]
		}
	}
	return nil
}

// The staff page is answered from a kept copy between writes; every kind of
// write that changes what it shows is on the very next answer, including
// writes made directly in SQL that no service sees.
func TestStaffListShowsEveryWriteAtOnce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		ctx := context.Background()
		sql := func(query string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, query, args...); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
		}
		before := list(t, w.owner, shared.CaregiverFilter{})
		list(t, w.owner, shared.CaregiverFilter{}) // now kept

		// Staff added.
		var added shared.Caregiver
		w.owner.Post(t, base+"/save", newCaregiver("kept_new")).OK(t).Into(t, &added)
		p := list(t, w.owner, shared.CaregiverFilter{})
		if p.Total != before.Total+1 || caregiverIn(p, added.CaregiverID) == nil {
			t.Fatalf("new staff missing: total %d, was %d", p.Total, before.Total)
		}
		// Staff edited.
		var c shared.Caregiver
		w.owner.Get(t, base+"/getCaregiverById?caregiverId="+w.maple2ID).OK(t).Into(t, &c)
		w.owner.Post(t, base+"/update", shared.UpdateCaregiverRequest{CaregiverID: c.CaregiverID, Name: "Marta Renamed", Email: c.Email,
			Phone: c.Phone, Color: "#123456", HireDate: c.HireDate, BirthDate: c.BirthDate}).OK(t)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple2ID); got == nil || got.Name != "Marta Renamed" || got.Color != "#123456" {
			t.Fatalf("edit not shown: %+v", got)
		}
		// Staff disabled.
		w.admin.Get(t, base+"/disabled?caregiverId="+w.maple1ID).OK(t)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID); got == nil || got.Status != shared.UserDisabled {
			t.Fatalf("disable not shown: %+v", got)
		}
		w.admin.Get(t, base+"/enabled?caregiverId="+w.maple1ID).OK(t)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID); got == nil || got.Status != shared.UserEnabled {
			t.Fatalf("enable not shown: %+v", got)
		}
		// Credential saved: the overdue background check turns OK.
		overdue := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID).OverdueCount
		if overdue == 0 {
			t.Fatal("demo caregiver_maple1 has nothing overdue")
		}
		fields := map[string]string{"caregiverId": w.maple1ID, "credentialType": "BACKGROUND_CHECK_NAME_DOB",
			"issueDate": time.Now().AddDate(0, 0, -1).Format(time.DateOnly)}
		var cf shared.CaregiverFile
		filetest.Post(t, w.e, w.admin, base+"/uploadCaregiverFiles", fields, filetest.Part{Name: "check.pdf", Data: filetest.PDF()}).OK(t).Into(t, &cf)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID); got == nil || got.OverdueCount != overdue-1 {
			t.Fatalf("saved credential not counted: overdue %+v, was %d", got, overdue)
		}
		// Written directly in SQL: the credential removed, a user renamed, a membership's role, a caregiver's colour.
		sql(`UPDATE caregiver_credentials SET deleted_at = 1 WHERE id = ?`, cf.CredentialID)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID); got == nil || got.OverdueCount != overdue {
			t.Fatalf("credential removed in SQL not counted: %+v", got)
		}
		sql(`UPDATE users SET name = 'Renamed In SQL' WHERE account_key = 'caregiver_maple1'`)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID); got == nil || got.Name != "Renamed In SQL" {
			t.Fatalf("user renamed in SQL not shown: %+v", got)
		}
		sql(`UPDATE memberships SET role = 'FACILITY_ADMIN' WHERE user_id = (SELECT user_id FROM caregivers WHERE id = ?)`, w.maple1ID)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID); got == nil || got.RoleType != shared.RoleFacilityAdmin {
			t.Fatalf("role changed in SQL not shown: %+v", got)
		}
		sql(`UPDATE caregivers SET color = '#654321' WHERE id = ?`, w.maple1ID)
		if got := caregiverIn(list(t, w.owner, shared.CaregiverFilter{}), w.maple1ID); got == nil || got.Color != "#654321" {
			t.Fatalf("colour changed in SQL not shown: %+v", got)
		}
	})
}

// A kept staff page is never served to another facility, another role,
// another filter or another page.
func TestKeptStaffListsAreNeverShared(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		maple := list(t, w.owner, shared.CaregiverFilter{})
		list(t, w.admin, shared.CaregiverFilter{})
		cedar := list(t, w.cedarOwner, shared.CaregiverFilter{})
		if caregiverIn(cedar, w.maple1ID) != nil || caregiverIn(cedar, w.cedar1ID) == nil {
			t.Fatalf("Cedar's staff page: %+v", cedar.Records)
		}
		if caregiverIn(maple, w.cedar1ID) != nil || caregiverIn(maple, w.maple1ID) == nil {
			t.Fatalf("Maple's staff page: %+v", maple.Records)
		}
		birch := list(t, w.birch, shared.CaregiverFilter{})
		if caregiverIn(birch, w.maple1ID) != nil || caregiverIn(birch, w.cedar1ID) != nil {
			t.Fatalf("Birch's staff page shows another facility's staff: %+v", birch.Records)
		}
		// Another filter.
		admins := list(t, w.owner, shared.CaregiverFilter{RoleType: shared.RoleFacilityAdmin})
		if admins.Total != 1 || admins.Records[0].CaregiverID != w.adminID {
			t.Fatalf("admins filter: %+v", admins.Records)
		}
		if p := list(t, w.owner, shared.CaregiverFilter{Status: shared.UserDisabled}); p.Total != 0 {
			t.Fatalf("disabled filter answered %d", p.Total)
		}
		// Another page (Maple has fewer than 5 staff: page 2 is empty).
		page := func(n int) shared.Page[shared.Caregiver] {
			var p shared.Page[shared.Caregiver]
			w.owner.Post(t, base+"/listCaregiverByPage", shared.PageRequest[shared.CaregiverFilter]{Current: n, Size: 5}).OK(t).Into(t, &p)
			return p
		}
		p1, p2 := page(1), page(2)
		if len(p1.Records) != int(maple.Total) || len(p2.Records) != 0 || p2.Current != 2 || p2.Total != maple.Total {
			t.Fatalf("page 1 %+v, page 2 %+v", p1.Records, p2.Records)
		}
	})
}
