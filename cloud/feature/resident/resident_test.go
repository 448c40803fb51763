package resident_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const (
	base    = "/api/care/resident"
	contact = "/api/care/residentContact"
)

func newResident(first, last, room string) shared.SaveResidentRequest {
	return shared.SaveResidentRequest{FirstName: first, LastName: last, DOB: "1945-06-01", Gender: shared.GenderFemale,
		Room: room, Language: shared.LanguageEnglish, DNR: shared.DNRUnknown}
}

func create(t *testing.T, c *servertest.Client, req shared.SaveResidentRequest) shared.Resident {
	t.Helper()
	var r shared.Resident
	c.Post(t, base+"/createResident", req).OK(t).Into(t, &r)
	return r
}

// answer is a call made in a goroutine of a test, which must not call t.Fatal:
// the test's own goroutine reports err.
type answer struct {
	r   *servertest.Response
	err error
}

// try makes a call in a goroutine: a GET, or a POST of body.
func try(c *servertest.Client, path string, body any) answer {
	r, err := c.Try(servertest.Request{Path: path, Body: body})
	return answer{r, err}
}

func get(t *testing.T, c *servertest.Client, id string) shared.Resident {
	t.Helper()
	var r shared.Resident
	c.Get(t, base+"/getResidentById?residentId="+id).OK(t).Into(t, &r)
	return r
}

func list(t *testing.T, c *servertest.Client, f shared.ResidentFilter) shared.Page[shared.Resident] {
	t.Helper()
	var p shared.Page[shared.Resident]
	c.Post(t, base+"/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: 1, Size: 100, Data: f}).OK(t).Into(t, &p)
	return p
}

func names(p shared.Page[shared.Resident]) []string {
	var out []string
	for _, r := range p.Records {
		out = append(out, r.Name)
	}
	return out
}

// residentID finds a demo resident by first name in a facility.
func residentID(t *testing.T, e *servertest.Env, facility, first string) string {
	t.Helper()
	var id string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT id FROM residents WHERE tenant_id = ? AND first_name = ?`,
		e.FacilityID(t, facility), first).Scan(&id); err != nil {
		t.Fatalf("resident %s: %v", first, err)
	}
	return id
}

func auditCount(t *testing.T, d *db.DB, action, entityID string) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`,
		action, entityID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func auditAfter(t *testing.T, d *db.DB, action, entityID string) (before, after string) {
	t.Helper()
	var b, a *string
	if err := d.QueryRowContext(context.Background(), `SELECT before_json, after_json FROM audit_log WHERE action = ? AND entity_id = ?
		ORDER BY created_at DESC LIMIT 1`, action, entityID).Scan(&b, &a); err != nil {
		t.Fatalf("audit %s %s: %v", action, entityID, err)
	}
	if b != nil {
		before = *b
	}
	if a != nil {
		after = *a
	}
	return before, after
}

func TestCreateReadUpdate(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		req := newResident(" Eleanor ", "Vance", "7")
		req.Allergies = "Latex"
		req.Height, req.HeightUnit = ptr(165), shared.HeightCM
		req.Physician = shared.CareProvider{Name: "Dr. Ames", Phone: "+1 360 555 0000", Email: "ames@clinic.example"}
		r := create(t, admin, req)
		if r.FirstName != "Eleanor" || r.Name != "Eleanor Vance" || r.Status != shared.ResidentNormal || !r.Editable {
			t.Fatalf("created: %+v", r)
		}
		if r.Height == nil || *r.Height != 165 || r.Physician.Email != "ames@clinic.example" || r.Age < 79 {
			t.Fatalf("fields: %+v", r)
		}
		if auditCount(t, d, "resident.create", r.ResidentID) != 1 {
			t.Fatal("no audit row for create")
		}

		req.ResidentID = r.ResidentID
		req.Room = "8"
		req.Height = nil
		var u shared.Resident
		admin.Post(t, base+"/updateResident", req).OK(t).Into(t, &u)
		if u.Room != "8" || u.Height != nil || u.HeightUnit != "" {
			t.Fatalf("updated: %+v", u)
		}
		before, after := auditAfter(t, d, "resident.update", r.ResidentID)
		if !strings.Contains(before, `"room":"7"`) || !strings.Contains(after, `"room":"8"`) {
			t.Fatalf("audit before %s after %s", before, after)
		}

		// Caregivers read it, without the edit flag.
		carer := e.SignIn(t, "caregiver_maple1")
		if g := get(t, carer, r.ResidentID); g.Editable || g.Room != "8" {
			t.Fatalf("caregiver view: %+v", g)
		}
		// The list: by name, room filter, any case.
		if p := list(t, carer, shared.ResidentFilter{Name: "ELEANOR"}); p.Total != 1 || p.Records[0].ResidentID != r.ResidentID {
			t.Fatalf("name filter: %v", names(p))
		}
		if p := list(t, carer, shared.ResidentFilter{Room: "8"}); p.Total != 1 {
			t.Fatalf("room filter: %v", names(p))
		}
		// Update without an id is a validation error.
		req.ResidentID = ""
		admin.Post(t, base+"/updateResident", req).Is(t, http.StatusOK, shared.CodeValidation)
	})
}

func ptr(f float64) *float64 { return &f }

func TestDemoResidentsAndDefaultList(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple := e.SignIn(t, "caregiver_maple1")
		p := list(t, maple, shared.ResidentFilter{})
		// Six in Maple House, one moved out: five in the default list, one of them going out.
		if p.Total != 5 {
			t.Fatalf("default list: %v", names(p))
		}
		out := 0
		for _, r := range p.Records {
			if r.Status == shared.ResidentGoingOut {
				out++
			}
			if r.Status == shared.ResidentMovedOut || r.Status == shared.ResidentDeceased {
				t.Fatalf("final resident in the default list: %s", r.Name)
			}
		}
		if out != 1 {
			t.Fatalf("going out: %d", out)
		}
		if p := list(t, maple, shared.ResidentFilter{Status: shared.ResidentFilterInactive}); p.Total != 1 || p.Records[0].Status != shared.ResidentMovedOut {
			t.Fatalf("inactive: %v", names(p))
		}
		if p := list(t, maple, shared.ResidentFilter{Status: shared.ResidentFilterAll}); p.Total != 6 {
			t.Fatalf("all: %v", names(p))
		}
		cedar := e.SignIn(t, "caregiver_cedar1")
		if p := list(t, cedar, shared.ResidentFilter{Status: shared.ResidentFilterAll}); p.Total != 4 {
			t.Fatalf("cedar all: %v", names(p))
		}
		// Paging.
		var page shared.Page[shared.Resident]
		maple.Post(t, base+"/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: 2, Size: 2}).OK(t).Into(t, &page)
		if page.Total != 5 || len(page.Records) != 2 || page.Current != 2 {
			t.Fatalf("page 2: %+v", page)
		}
		// The detail carries the emergency contact.
		g := get(t, maple, residentID(t, e, "Maple House AFH", "Margaret"))
		if g.EmergencyContact == nil || g.EmergencyContact.Group != shared.ContactEmergency || g.DNR != shared.DNRYes {
			t.Fatalf("detail: %+v", g)
		}
	})
}

func TestStatusMachine(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		r := create(t, admin, newResident("Ruth", "Baker", "9"))
		id := r.ResidentID
		future := e.Clock.Now().Add(72 * time.Hour).UnixMilli()
		goOut := func(ret int64) *servertest.Response {
			return admin.Post(t, base+"/goingOut", shared.GoingOutRequest{ResidentID: id, ReturnDate: ret, Reason: "Family visit"})
		}
		back := func() *servertest.Response { return admin.Get(t, base+"/returnFacility?residentId="+id) }

		// NORMAL: cannot return; going out needs a future date.
		back().Is(t, http.StatusOK, shared.CodeConflict)
		goOut(e.Clock.Now().Add(-time.Hour).UnixMilli()).Is(t, http.StatusOK, shared.CodeValidation)
		var g shared.Resident
		goOut(future).OK(t).Into(t, &g)
		if g.Status != shared.ResidentGoingOut || g.ReturnDate != future || g.GoingOutReason != "Family visit" {
			t.Fatalf("going out: %+v", g)
		}
		// GOING_OUT: cannot go out again; edits still allowed.
		goOut(future).Is(t, http.StatusOK, shared.CodeConflict)
		back().OK(t).Into(t, &g)
		if g.Status != shared.ResidentNormal || g.ReturnDate != 0 {
			t.Fatalf("returned: %+v", g)
		}
		if auditCount(t, d, "resident.goingOut", id) != 1 || auditCount(t, d, "resident.returnFacility", id) != 1 {
			t.Fatal("status changes not audited")
		}

		// Move out: the name must be retyped; OTHER needs its text.
		moveOut := func(dest shared.MoveOutDestination, other, name string) *servertest.Response {
			return admin.Post(t, base+"/moveOut", shared.MoveOutRequest{ResidentID: id, Destination: dest, DestinationOther: other, ConfirmName: name})
		}
		moveOut(shared.MoveOutHospital, "", "Ruth Bakr").Is(t, http.StatusOK, shared.CodeValidation)
		moveOut(shared.MoveOutOther, " ", "ruth baker").Is(t, http.StatusOK, shared.CodeValidation)
		goOut(future).OK(t) // a resident who is out can also move out
		moveOut(shared.MoveOutOther, "Daughter's home in Boise", "  ruth   BAKER ").OK(t).Into(t, &g)
		if g.Status != shared.ResidentMovedOut || g.DestinationOther != "Daughter's home in Boise" || g.Editable || g.ReturnDate != 0 {
			t.Fatalf("moved out: %+v", g)
		}
		_, after := auditAfter(t, d, "resident.moveOut", id)
		if !strings.Contains(after, "MOVED_OUT") {
			t.Fatalf("audit after: %s", after)
		}

		// MOVED_OUT is final: every change and every care-data edit is refused.
		upd := newResident("Ruth", "Baker", "10")
		upd.ResidentID = id
		refused := []*servertest.Response{
			goOut(future), back(),
			moveOut(shared.MoveOutSNF, "", "Ruth Baker"),
			admin.Get(t, base+"/deceased?residentId="+id+"&confirmName=Ruth+Baker"),
			admin.Post(t, base+"/updateResident", upd),
			admin.Post(t, base+"/saveCarePlanUpdateTime", shared.SaveCarePlanUpdateTimeRequest{ResidentID: id, CarePlanUpdateTime: e.Clock.Now().UnixMilli()}),
			admin.Post(t, contact+"/save", shared.SaveContactRequest{ResidentID: id, Group: shared.ContactOther, Name: "X", Phone: "3605550000"}),
			filetest.Post(t, e, admin, base+"/uploadResidentFiles", map[string]string{"residentId": id, "category": "OTHER"},
				filetest.Part{Name: "a.pdf", Data: filetest.PDF()}),
		}
		for i, resp := range refused {
			resp.Is(t, http.StatusOK, shared.CodeConflict)
			if i == 0 && !strings.Contains(resp.Message, "Ruth Baker") {
				t.Errorf("final message names nobody: %q", resp.Message)
			}
		}
		// Still readable, with its files and contacts.
		if g := get(t, admin, id); g.Status != shared.ResidentMovedOut || g.Room != "9" {
			t.Fatalf("after refusals: %+v", g)
		}

		// Deceased: final too.
		r2 := create(t, admin, newResident("Frank", "Hale", "11"))
		admin.Get(t, base+"/deceased?residentId="+r2.ResidentID+"&confirmName=Frank").Is(t, http.StatusOK, shared.CodeValidation)
		admin.Get(t, base+"/deceased?residentId="+r2.ResidentID+"&confirmName="+url.QueryEscape("frank hale")).OK(t).Into(t, &g)
		if g.Status != shared.ResidentDeceased {
			t.Fatalf("deceased: %+v", g)
		}
		admin.Post(t, base+"/goingOut", shared.GoingOutRequest{ResidentID: r2.ResidentID, ReturnDate: future}).Is(t, http.StatusOK, shared.CodeConflict)
		admin.Get(t, base+"/returnFacility?residentId="+r2.ResidentID).Is(t, http.StatusOK, shared.CodeConflict)
		admin.Post(t, base+"/moveOut", shared.MoveOutRequest{ResidentID: r2.ResidentID, Destination: shared.MoveOutSNF, ConfirmName: "Frank Hale"}).
			Is(t, http.StatusOK, shared.CodeConflict)
		if auditCount(t, d, "resident.deceased", r2.ResidentID) != 1 {
			t.Fatal("deceased not audited")
		}
	})
}

// The conditional UPDATE refuses a change whose status moved under it.
func TestStatusRace(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "admin_maple")
		r := create(t, admin, newResident("Ada", "Race", "12"))
		future := e.Clock.Now().Add(time.Hour).UnixMilli()
		const n = 6
		answers := make(chan answer, n)
		for range n {
			go func() {
				answers <- try(admin, base+"/goingOut", shared.GoingOutRequest{ResidentID: r.ResidentID, ReturnDate: future})
			}()
		}
		ok := 0
		for range n {
			a := <-answers
			if a.err != nil {
				t.Fatal(a.err)
			}
			switch c := a.r.Code; c {
			case shared.CodeOK:
				ok++
			case shared.CodeConflict:
			default:
				t.Errorf("code %s", c)
			}
		}
		if ok != 1 {
			t.Fatalf("%d of %d concurrent goingOut calls won", ok, n)
		}
	})
}
