package resident_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// Every route answers 4004 for another facility's resident, and caregivers can read but never write.
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple := residentID(t, e, "Maple House AFH", "Margaret")
		var contactID string
		if err := d.QueryRowContext(t.Context(), `SELECT id FROM resident_contacts WHERE resident_id = ? LIMIT 1`, maple).Scan(&contactID); err != nil {
			t.Fatal(err)
		}
		future := e.Clock.Now().Add(48 * time.Hour).UnixMilli()
		upd := newResident("Margaret", "Olsen", "1")
		upd.ResidentID = maple
		type access struct {
			read bool // caregivers may make it
		}
		type route = servertest.Route[access]
		postTo := func(path string, body any) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Post(t, path, body) }
		}
		getFrom := func(path string) func(c *servertest.Client) *servertest.Response {
			return func(c *servertest.Client) *servertest.Response { return c.Get(t, path) }
		}
		read := access{read: true}
		routes := []route{
			{Name: "get", Is: read, Do: getFrom(base + "/getResidentById?residentId=" + maple)},
			{Name: "files", Is: read, Do: getFrom(base + "/listResidentFiles?residentId=" + maple)},
			{Name: "carePlan", Is: read, Do: getFrom(base + "/getCarePlanUpdateTime?residentId=" + maple)},
			{Name: "contacts", Is: read, Do: postTo(contact+"/listContactByPage", shared.PageRequest[shared.ContactFilter]{Current: 1, Size: 20,
				Data: shared.ContactFilter{ResidentID: maple}})},
			{Name: "update", Do: postTo(base+"/updateResident", upd)},
			{Name: "goingOut", Do: postTo(base+"/goingOut", shared.GoingOutRequest{ResidentID: maple, ReturnDate: future})},
			{Name: "return", Do: getFrom(base + "/returnFacility?residentId=" + maple)},
			{Name: "deceased", Do: getFrom(base + "/deceased?residentId=" + maple + "&confirmName=Margaret+Olsen")},
			{Name: "moveOut", Do: postTo(base+"/moveOut", shared.MoveOutRequest{ResidentID: maple, Destination: shared.MoveOutSNF, ConfirmName: "Margaret Olsen"})},
			{Name: "saveCP", Do: postTo(base+"/saveCarePlanUpdateTime", shared.SaveCarePlanUpdateTimeRequest{ResidentID: maple,
				CarePlanUpdateTime: e.Clock.Now().UnixMilli()})},
			{Name: "saveCt", Do: postTo(contact+"/save", shared.SaveContactRequest{ResidentID: maple, Group: shared.ContactOther, Name: "X", Phone: "3605550000"})},
			{Name: "editCt", Do: postTo(contact+"/save", shared.SaveContactRequest{ContactID: contactID, ResidentID: maple, Group: shared.ContactOther,
				Name: "X", Phone: "3605550000"})},
			{Name: "deleteCt", Do: getFrom(contact + "/delete?contactId=" + contactID)},
			{Name: "uploadFile", Do: func(c *servertest.Client) *servertest.Response {
				return filetest.Post(t, e, c, base+"/uploadResidentFiles", map[string]string{"residentId": maple, "category": "OTHER"},
					filetest.Part{Name: "a.pdf", Data: filetest.PDF()})
			}},
		}

		// Another facility of the same organisation, and another organisation: not found, for reads and writes alike.
		for _, who := range []struct {
			name  string
			c     *servertest.Client
			carer bool
		}{
			{name: "Cedar caregiver", c: e.SignIn(t, "caregiver_cedar1"), carer: true},
			{name: "Birch owner", c: e.SignIn(t, "owner_birch")},
			{name: "Cedar owner", c: e.SignIn(t, "owner_evergreen", "Cedar Home AFH")},
		} {
			servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: who.name, Client: who.c, Want: func(r route) string {
				if !r.Is.read && who.carer {
					return shared.CodeForbidden // the role is checked first
				}
				return shared.CodeNotFound
			}})
		}
		// A Maple caregiver reads everything and writes nothing.
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple caregiver", Client: e.SignIn(t, "caregiver_maple1"),
			Want: func(r route) string {
				if r.Is.read {
					return shared.CodeOK
				}
				return shared.CodeForbidden
			}})
		carer := e.SignIn(t, "caregiver_maple1")
		carer.Post(t, base+"/createResident", newResident("No", "Way", "1")).Is(t, http.StatusOK, shared.CodeForbidden)
		// The super admin is not a facility user; nobody unsigned gets in.
		servertest.Outsiders(t, e, routes)
		super := e.SignIn(t, "superadmin")
		super.Get(t, base+"/getResidentById?residentId="+maple).Is(t, http.StatusOK, shared.CodeForbidden)
		super.Post(t, base+"/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: 1, Size: 20}).Is(t, http.StatusOK, shared.CodeForbidden)
		super.Get(t, base+"/sidebarReminderCount").Is(t, http.StatusOK, shared.CodeForbidden)
		// Lists never leak: Cedar's caregiver sees only Cedar's residents.
		for _, r := range list(t, e.SignIn(t, "caregiver_cedar1"), shared.ResidentFilter{Status: shared.ResidentFilterAll}).Records {
			if r.ResidentID == maple {
				t.Fatal("Cedar lists a Maple resident")
			}
		}
		// Nothing changed through any refused call.
		if g := get(t, carer, maple); g.Status != shared.ResidentNormal || g.EmergencyContact == nil {
			t.Fatalf("Margaret after refused calls: %+v", g)
		}
	})
}

// Six creates at once on the free plan (2 residents): exactly two win, the others
// answer 7002 — the limit holds when requests race, on both engines.
func TestPlanLimitUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_birch")
		codes, errs := make([]string, 6), make([]error, 6)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := try(owner, base+"/createResident", newResident("Ann", string(rune('A'+i))+"x", "1"))
				if errs[i] = a.err; a.err == nil {
					codes[i] = a.r.Code
				}
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		won, refused := 0, 0
		for _, c := range codes {
			switch c {
			case string(shared.CodeOK):
				won++
			case string(shared.CodeMaxResidents):
				refused++
			}
		}
		if won != 2 || refused != 4 {
			t.Fatalf("concurrent creates: %v (want 2 successes and 4 × 7002)", codes)
		}
		var dash shared.ResidentDashboard
		owner.Get(t, base+"/getDashboardData").OK(t).Into(t, &dash)
		if dash.ActiveCount != 2 {
			t.Fatalf("active residents after the race: %d", dash.ActiveCount)
		}
	})
}

// Birch Cottage is on the free plan: 2 active residents (HEARTH_PLAN_MAX_RESIDENTS default).
func TestPlanLimit(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_birch")
		a := create(t, owner, newResident("Ann", "One", "1"))
		create(t, owner, newResident("Ben", "Two", "2"))
		r := owner.Post(t, base+"/createResident", newResident("Cal", "Three", "3")).Is(t, http.StatusOK, shared.CodeMaxResidents)
		if !strings.Contains(r.Message, "2") {
			t.Errorf("7002 message does not name the limit: %q", r.Message)
		}
		// Going out still counts; moving out frees the place.
		owner.Post(t, base+"/goingOut", shared.GoingOutRequest{ResidentID: a.ResidentID, ReturnDate: e.Clock.Now().Add(time.Hour).UnixMilli()}).OK(t)
		owner.Post(t, base+"/createResident", newResident("Cal", "Three", "3")).Is(t, http.StatusOK, shared.CodeMaxResidents)
		owner.Post(t, base+"/moveOut", shared.MoveOutRequest{ResidentID: a.ResidentID, Destination: shared.MoveOutHospital, ConfirmName: "Ann One"}).OK(t)
		create(t, owner, newResident("Cal", "Three", "3"))
		var dash shared.ResidentDashboard
		owner.Get(t, base+"/getDashboardData").OK(t).Into(t, &dash)
		if dash.MaxResidents != 2 || dash.ActiveCount != 2 || dash.MovedOutCount != 1 {
			t.Fatalf("dashboard: %+v", dash)
		}
		// Maple House is premium: unlimited.
		admin := e.SignIn(t, "admin_maple")
		for i := range 4 {
			create(t, admin, newResident("Extra", string(rune('A'+i)), "9"))
		}
	})
}

// One table of the field bounds: each case breaks one rule and names the field.
func TestBounds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		admin.Language = "es-ES"
		long := func(n int) string { return strings.Repeat("a", n) }
		tomorrow := e.Clock.Now().Add(48 * time.Hour).Format("2006-01-02")
		cases := []struct {
			name  string
			field string
			edit  func(r *shared.SaveResidentRequest)
		}{
			{"first name empty", "firstName", func(r *shared.SaveResidentRequest) { r.FirstName = "" }},
			{"first name blank", "firstName", func(r *shared.SaveResidentRequest) { r.FirstName = "   " }},
			{"first name 51", "firstName", func(r *shared.SaveResidentRequest) { r.FirstName = long(51) }},
			{"last name 51", "lastName", func(r *shared.SaveResidentRequest) { r.LastName = long(51) }},
			{"room empty", "room", func(r *shared.SaveResidentRequest) { r.Room = "" }},
			{"room 21", "room", func(r *shared.SaveResidentRequest) { r.Room = long(21) }},
			{"phone 9", "phone", func(r *shared.SaveResidentRequest) { r.Phone = "360555012" }},
			{"phone 21", "phone", func(r *shared.SaveResidentRequest) { r.Phone = strings.Repeat("1", 21) }},
			{"allergies 1001", "allergies", func(r *shared.SaveResidentRequest) { r.Allergies = long(1001) }},
			{"diet 1001", "diet", func(r *shared.SaveResidentRequest) { r.Diet = long(1001) }},
			{"preferences 1001", "preferences", func(r *shared.SaveResidentRequest) { r.Preferences = long(1001) }},
			{"background 4097", "personalBackground", func(r *shared.SaveResidentRequest) { r.PersonalBackground = long(4097) }},
			{"dob tomorrow", "dob", func(r *shared.SaveResidentRequest) { r.DOB = tomorrow }},
			{"dob not a date", "dob", func(r *shared.SaveResidentRequest) { r.DOB = "12/01/1940" }},
			{"dob 1850", "dob", func(r *shared.SaveResidentRequest) { r.DOB = "1850-01-01" }},
			{"language unknown", "language", func(r *shared.SaveResidentRequest) { r.Language = "KLINGON" }},
			{"language other without name", "languageOther", func(r *shared.SaveResidentRequest) { r.Language = shared.LanguageOther }},
			{"dnr unknown value", "dnr", func(r *shared.SaveResidentRequest) { r.DNR = "MAYBE" }},
			{"gender unknown value", "gender", func(r *shared.SaveResidentRequest) { r.Gender = "X" }},
			{"height without unit", "heightUnit", func(r *shared.SaveResidentRequest) { r.Height = ptr(160) }},
			{"height 400 cm", "height", func(r *shared.SaveResidentRequest) { r.Height, r.HeightUnit = ptr(400), shared.HeightCM }},
			{"height 150 in", "height", func(r *shared.SaveResidentRequest) { r.Height, r.HeightUnit = ptr(150), shared.HeightIN }},
			{"weight 5 kg", "weight", func(r *shared.SaveResidentRequest) { r.Weight, r.WeightUnit = ptr(5), shared.WeightKG }},
			{"weight unit unknown", "weightUnit", func(r *shared.SaveResidentRequest) { r.Weight, r.WeightUnit = ptr(60), "STONE" }},
			{"physician phone 9", "physician.phone", func(r *shared.SaveResidentRequest) { r.Physician.Phone = "360555012" }},
			{"physician e-mail", "physician.email", func(r *shared.SaveResidentRequest) { r.Physician.Email = "not-an-address" }},
			{"pharmacy fax 9", "pharmacy.fax", func(r *shared.SaveResidentRequest) { r.Pharmacy.Fax = "360555012" }},
			{"pharmacy name 51", "pharmacy.name", func(r *shared.SaveResidentRequest) { r.Pharmacy.Name = long(51) }},
			{"move-in in the future", "moveInDate", func(r *shared.SaveResidentRequest) { r.MoveInDate = tomorrow }},
			{"avatar not an upload", "", func(r *shared.SaveResidentRequest) { r.AvatarFileID = "0190aaaa-0000-7000-8000-000000000000" }},
		}
		for _, c := range cases {
			req := newResident("Valid", "Person", "1")
			c.edit(&req)
			r := admin.Post(t, base+"/createResident", req)
			if c.field == "" { // an id that is not the caller's upload: not found
				r.Is(t, http.StatusOK, shared.CodeNotFound)
				continue
			}
			if r.Code != shared.CodeValidation {
				t.Errorf("%s: code %s %s", c.name, r.Code, r.Body)
				continue
			}
			var fes []shared.FieldError
			r.Into(t, &fes)
			if len(fes) == 0 || fes[0].Field != c.field {
				t.Errorf("%s: fields %+v, want %s", c.name, fes, c.field)
			}
		}
		// The bounds themselves pass, and messages name the field in the caller's language.
		ok := newResident(long(50), long(50), long(20))
		ok.Phone, ok.Allergies, ok.PersonalBackground = "3605550123", long(1000), long(4096)
		ok.Height, ok.HeightUnit, ok.Weight, ok.WeightUnit = ptr(120), shared.HeightIN, ptr(900), shared.WeightLB
		ok.Language, ok.LanguageOther = shared.LanguageOther, "Amharic"
		create(t, admin, ok)
		req := newResident("Valid", "Person", "1")
		req.DOB = tomorrow
		if r := admin.Post(t, base+"/createResident", req); !strings.Contains(r.Message, "fecha de nacimiento") {
			t.Errorf("Spanish message: %q", r.Message)
		}
		req = newResident("", "Person", "1")
		if r := admin.Post(t, base+"/createResident", req); !strings.Contains(r.Message, "Nombre") {
			t.Errorf("Spanish field label: %q", r.Message)
		}
		// Contact bounds.
		id := create(t, admin, newResident("Con", "Tact", "2")).ResidentID
		for _, c := range []struct {
			field string
			req   shared.SaveContactRequest
		}{
			{"name", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactEmergency, Name: "", Phone: "3605550000"}},
			{"name", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactEmergency, Name: long(51), Phone: "3605550000"}},
			{"phone", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactEmergency, Name: "A", Phone: "123"}},
			{"phone", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactEmergency, Name: "A", Phone: strings.Repeat("1", 21)}},
			{"group", shared.SaveContactRequest{ResidentID: id, Group: "NEIGHBOUR", Name: "A", Phone: "3605550000"}},
			{"email", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactOther, Name: "A", Phone: "3605550000", Email: "nope"}},
			{"fax", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactOther, Name: "A", Phone: "3605550000", Fax: "12"}},
			{"address", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactOther, Name: "A", Phone: "3605550000", Address: long(301)}},
		} {
			r := admin.Post(t, contact+"/save", c.req)
			var fes []shared.FieldError
			if r.Code == shared.CodeValidation {
				r.Into(t, &fes)
			}
			if len(fes) == 0 || fes[0].Field != c.field {
				t.Errorf("contact %s: %s %s", c.field, r.Code, r.Body)
			}
		}
	})
}

func TestContacts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		id := create(t, admin, newResident("Nora", "Quinn", "3")).ResidentID
		save := func(req shared.SaveContactRequest) shared.ResidentContact {
			var c shared.ResidentContact
			admin.Post(t, contact+"/save", req).OK(t).Into(t, &c)
			return c
		}
		fam := save(shared.SaveContactRequest{ResidentID: id, Group: shared.ContactFamilyFriends, Name: "Liam Quinn", Relationship: "Son", Phone: "+1 360 555 0700"})
		em := save(shared.SaveContactRequest{ResidentID: id, Group: shared.ContactEmergency, Name: "Ella Quinn", Relationship: "Daughter",
			Phone: "+1 360 555 0701", Email: "ella@example.com", Address: "1 Main St, Olympia, WA"})
		save(shared.SaveContactRequest{ResidentID: id, Group: shared.ContactProvider, Name: "Dr. Moss", Role: "Podiatrist", Phone: "+1 360 555 0702", Fax: "+1 360 555 0703"})
		if auditCount(t, d, "residentContact.create", fam.ContactID) != 1 {
			t.Fatal("contact create not audited")
		}
		listContacts := func(c *servertest.Client, group shared.ContactGroup) shared.Page[shared.ResidentContact] {
			var p shared.Page[shared.ResidentContact]
			c.Post(t, contact+"/listContactByPage", shared.PageRequest[shared.ContactFilter]{Current: 1, Size: 20,
				Data: shared.ContactFilter{ResidentID: id, Group: group}}).OK(t).Into(t, &p)
			return p
		}
		carer := e.SignIn(t, "caregiver_maple2")
		p := listContacts(carer, "")
		if p.Total != 3 || p.Records[0].Group != shared.ContactEmergency || p.Records[1].Group != shared.ContactProvider || p.Records[2].Group != shared.ContactFamilyFriends {
			t.Fatalf("contacts in group order: %+v", p.Records)
		}
		if p := listContacts(carer, shared.ContactProvider); p.Total != 1 || p.Records[0].Fax != "+1 360 555 0703" {
			t.Fatalf("provider filter: %+v", p)
		}
		// The resident's detail shows the emergency contact.
		if g := get(t, carer, id); g.EmergencyContact == nil || g.EmergencyContact.ContactID != em.ContactID {
			t.Fatalf("emergency contact: %+v", g.EmergencyContact)
		}
		// Edit.
		em2 := save(shared.SaveContactRequest{ContactID: em.ContactID, ResidentID: id, Group: shared.ContactEmergency, Name: "Ella Quinn-Park",
			Relationship: "Daughter", Phone: "+1 360 555 0799"})
		if em2.Name != "Ella Quinn-Park" || em2.CreateTime != em.CreateTime || em2.Email != "" {
			t.Fatalf("edited: %+v", em2)
		}
		before, after := auditAfter(t, d, "residentContact.update", em.ContactID)
		if !strings.Contains(before, "0701") || !strings.Contains(after, "0799") {
			t.Fatalf("contact audit: %s / %s", before, after)
		}
		// A contact cannot be moved to another resident by naming it.
		other := create(t, admin, newResident("Otto", "Other", "4")).ResidentID
		admin.Post(t, contact+"/save", shared.SaveContactRequest{ContactID: em.ContactID, ResidentID: other, Group: shared.ContactEmergency,
			Name: "X", Phone: "3605550000"}).Is(t, http.StatusOK, shared.CodeNotFound)
		// Delete: gone from the list, kept in the table, audited; twice is not found.
		admin.Get(t, contact+"/delete?contactId="+fam.ContactID).OK(t)
		admin.Get(t, contact+"/delete?contactId="+fam.ContactID).Is(t, http.StatusOK, shared.CodeNotFound)
		if p := listContacts(carer, ""); p.Total != 2 {
			t.Fatalf("after delete: %+v", p.Records)
		}
		var kept int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM resident_contacts WHERE id = ? AND deleted_at IS NOT NULL`, fam.ContactID).Scan(&kept); err != nil || kept != 1 {
			t.Fatalf("deleted contact not kept: %d %v", kept, err)
		}
		if auditCount(t, d, "residentContact.delete", fam.ContactID) != 1 {
			t.Fatal("contact delete not audited")
		}
		// Listing needs the resident.
		admin.Post(t, contact+"/listContactByPage", shared.PageRequest[shared.ContactFilter]{Current: 1, Size: 20}).Is(t, http.StatusOK, shared.CodeValidation)
	})
}

func TestFilesAndPhoto(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		id := create(t, admin, newResident("Iris", "Files", "5")).ResidentID
		upload := func(category string, parts ...filetest.Part) *servertest.Response {
			return filetest.Post(t, e, admin, base+"/uploadResidentFiles", map[string]string{"residentId": id, "category": category}, parts...)
		}
		var got []shared.ResidentFile
		upload("ASSESSMENT", filetest.Part{Name: "assessment.pdf", Data: filetest.PDF()}, filetest.Part{Name: "scan.png", Data: filetest.PNG(40, 40)}).OK(t).Into(t, &got)
		if len(got) != 2 || got[0].Category != shared.FileAssessment || got[0].UploaderName != "Grace Kim" || got[0].ResidentID != id || got[0].URL == "" {
			t.Fatalf("uploaded: %+v", got)
		}
		upload("CARE_PLAN", filetest.Part{Name: "ncp.pdf", Data: filetest.PDF()}).OK(t)
		if auditCount(t, d, "resident.uploadFiles", id) != 2 {
			t.Fatal("uploads not audited")
		}
		// All or none: one bad file refuses the batch and stores nothing.
		upload("MEDICAL_RECORD", filetest.Part{Name: "ok.pdf", Data: filetest.PDF()}, filetest.Part{Name: "evil.pdf", Data: []byte("#!/bin/sh\nrm -rf /\n")}).
			Is(t, http.StatusOK, shared.CodeValidation)
		// Categories a resident document may not have, and no files.
		upload("SERVICE_TICKET_FILE", filetest.Part{Name: "a.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeValidation)
		upload("OTHER").Is(t, http.StatusOK, shared.CodeValidation)

		carer := e.SignIn(t, "caregiver_maple1")
		listFiles := func(category string) []shared.ResidentFile {
			var fs []shared.ResidentFile
			carer.Get(t, base+"/listResidentFiles?residentId="+id+"&category="+category).OK(t).Into(t, &fs)
			return fs
		}
		if fs := listFiles(""); len(fs) != 3 || fs[0].Name != "ncp.pdf" {
			t.Fatalf("all files, newest first: %+v", fs)
		}
		if fs := listFiles("ASSESSMENT"); len(fs) != 2 {
			t.Fatalf("assessments: %+v", fs)
		}
		if fs := listFiles("MEDICAL_RECORD"); len(fs) != 0 {
			t.Fatalf("refused batch left files: %+v", fs)
		}
		var stored int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM files WHERE name IN ('ok.pdf', 'evil.pdf')`).Scan(&stored); err != nil || stored != 0 {
			t.Fatalf("refused batch stored %d files (%v)", stored, err)
		}
		// A caregiver downloads them (facility file) but cannot upload.
		carer.Get(t, "/api/system/files/downloadByPath?path="+got[0].FileID).Is(t, http.StatusOK, "")
		filetest.Post(t, e, carer, base+"/uploadResidentFiles", map[string]string{"residentId": id, "category": "OTHER"},
			filetest.Part{Name: "a.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeForbidden)
		// Deleted through the file service: gone from the list.
		admin.Get(t, "/api/system/files/delete?fileId="+got[1].FileID).OK(t)
		if fs := listFiles("ASSESSMENT"); len(fs) != 1 {
			t.Fatalf("after delete: %+v", fs)
		}

		// The photo: an AVATAR upload that is an image.
		photo := filetest.MustUpload(t, e, admin, shared.FileAvatar, filetest.Part{Name: "iris.png", Data: filetest.PNG(64, 64)})
		req := newResident("Iris", "Files", "5")
		req.ResidentID, req.AvatarFileID = id, photo[0].FileID
		var r shared.Resident
		admin.Post(t, base+"/updateResident", req).OK(t).Into(t, &r)
		if r.Avatar == nil || r.Avatar.FileID != photo[0].FileID || r.Avatar.URL == "" {
			t.Fatalf("photo: %+v", r.Avatar)
		}
		if p := list(t, carer, shared.ResidentFilter{Name: "iris"}); p.Records[0].Avatar == nil {
			t.Fatal("list has no photo")
		}
		pdf := filetest.MustUpload(t, e, admin, shared.FileAvatar, filetest.Part{Name: "x.pdf", Data: filetest.PDF()})
		req.AvatarFileID = pdf[0].FileID
		admin.Post(t, base+"/updateResident", req).Is(t, http.StatusOK, shared.CodeValidation)
		// Another user's upload is not found.
		other := filetest.MustUpload(t, e, e.SignIn(t, "caregiver_maple2"), shared.FileAvatar, filetest.Part{Name: "y.png", Data: filetest.PNG(32, 32)})
		req.AvatarFileID = other[0].FileID
		admin.Post(t, base+"/updateResident", req).Is(t, http.StatusOK, shared.CodeNotFound)
	})
}

func TestDashboardCarePlanAndSidebar(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		carer := e.SignIn(t, "caregiver_maple1")
		var dash shared.ResidentDashboard
		carer.Get(t, base+"/getDashboardData").OK(t).Into(t, &dash)
		if dash.NormalCount != 4 || dash.GoingOutCount != 1 || dash.MovedOutCount != 1 || dash.ActiveCount != 5 ||
			dash.RoomCount != 5 || dash.MaxResidents != 0 || dash.Rooms[0].Room != "1" {
			t.Fatalf("dashboard: %+v", dash)
		}

		// The sidebar answers all five counters and the facility documents' (0 for a caregiver). Requests, credentials, tasks and the eMAR
		// are wired (the demo holds pending requests, overdue credentials, expired tasks
		// and an overdue pass) and incident reports (the demo's report pending review: the admin's).
		for _, who := range []string{"caregiver_maple1", "admin_maple"} {
			c := e.SignIn(t, who)
			r := c.Get(t, base+"/sidebarReminderCount").OK(t)
			var shape map[string]int
			if err := json.Unmarshal(r.Data, &shape); err != nil {
				t.Fatal(err)
			}
			var pending, overdue, expired, red int
			c.Get(t, "/api/care/applicationForm/countReminders").OK(t).Into(t, &pending)
			c.Get(t, "/api/care/caregiver/countExpiredCertificateFile").OK(t).Into(t, &overdue)
			c.Get(t, "/api/care/taskInfo/countExpiredTasks").OK(t).Into(t, &expired)
			c.Get(t, "/api/care/medication/countWarningNum").OK(t).Into(t, &red)
			var incidents shared.IncidentReminders
			c.Get(t, "/api/care/incidentReport/countReminders").OK(t).Into(t, &incidents)
			want := map[string]int{"applicationFormCount": pending, "expiredCertificateCount": overdue,
				"expiredTasksCount": expired, "incidentReportCount": incidents.PendingReview, "medicationWarningCount": red}
			if len(shape) != len(shared.SidebarCounters) {
				t.Errorf("%s sidebar shape: %s", who, r.Data)
			}
			for k, v := range want {
				if got, ok := shape[k]; !ok || got != v {
					t.Errorf("%s sidebar %s = %v (present %v), want %d", who, k, got, ok, v)
				}
			}
			if who == "admin_maple" && (pending == 0 || overdue == 0 || expired == 0) {
				t.Errorf("admin sidebar should show the demo's pending requests and overdue credentials: %s", r.Data)
			}
		}

		// Care plan time: Mei's is overdue (over 12 months), the admin records a new one.
		mei := residentID(t, e, "Maple House AFH", "Mei")
		var cp shared.CarePlanUpdateTime
		carer.Get(t, base+"/getCarePlanUpdateTime?residentId="+mei).OK(t).Into(t, &cp)
		if !cp.ReviewOverdue || cp.NextReviewTime == 0 {
			t.Fatalf("care plan: %+v", cp)
		}
		admin := e.SignIn(t, "admin_maple")
		now := e.Clock.Now().UnixMilli()
		admin.Post(t, base+"/saveCarePlanUpdateTime", shared.SaveCarePlanUpdateTimeRequest{ResidentID: mei, CarePlanUpdateTime: now}).OK(t).Into(t, &cp)
		if cp.ReviewOverdue || cp.CarePlanUpdateTime != now {
			t.Fatalf("saved: %+v", cp)
		}
		admin.Post(t, base+"/saveCarePlanUpdateTime", shared.SaveCarePlanUpdateTimeRequest{ResidentID: mei,
			CarePlanUpdateTime: e.Clock.Now().Add(48 * time.Hour).UnixMilli()}).Is(t, http.StatusOK, shared.CodeValidation)
		if auditCount(t, d, "resident.carePlanUpdateTime", mei) != 1 {
			t.Fatal("care plan time not audited")
		}
		carer.Post(t, base+"/saveCarePlanUpdateTime", shared.SaveCarePlanUpdateTimeRequest{ResidentID: mei, CarePlanUpdateTime: now}).
			Is(t, http.StatusOK, shared.CodeForbidden)
	})
}
