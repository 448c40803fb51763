package staff_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const base = "/api/care/caregiver"

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

type world struct {
	e                    *servertest.Env
	d                    *db.DB
	owner, admin, maple1 *servertest.Client
	cedarOwner, birch    *servertest.Client
	cedar1               *servertest.Client
	maple1ID, maple2ID   string
	adminID, cedar1ID    string
}

func start(t *testing.T, d *db.DB) *world {
	t.Helper()
	e := servertest.Start(t, d)
	w := &world{e: e, d: d, owner: e.SignIn(t, "owner_evergreen", "Maple House AFH"), admin: e.SignIn(t, "admin_maple"),
		maple1: e.SignIn(t, "caregiver_maple1"), cedarOwner: e.SignIn(t, "owner_evergreen", "Cedar Home AFH"),
		birch: e.SignIn(t, "owner_birch"), cedar1: e.SignIn(t, "caregiver_cedar1")}
	w.maple1ID = w.caregiverID(t, "caregiver_maple1")
	w.maple2ID = w.caregiverID(t, "caregiver_maple2")
	w.adminID = w.caregiverID(t, "admin_maple")
	w.cedar1ID = w.caregiverID(t, "caregiver_cedar1")
	return w
}

func (w *world) caregiverID(t *testing.T, account string) string {
	t.Helper()
	var id string
	if err := w.d.QueryRowContext(context.Background(), `SELECT c.id FROM caregivers c JOIN users u ON u.id = c.user_id WHERE u.account_key = ?`,
		account).Scan(&id); err != nil {
		t.Fatalf("caregiver %s: %v", account, err)
	}
	return id
}

func list(t *testing.T, c *servertest.Client, f shared.CaregiverFilter) shared.Page[shared.Caregiver] {
	t.Helper()
	var p shared.Page[shared.Caregiver]
	c.Post(t, base+"/listCaregiverByPage", shared.PageRequest[shared.CaregiverFilter]{Current: 1, Size: 20, Data: f}).OK(t).Into(t, &p)
	return p
}

func inspections(t *testing.T, c *servertest.Client, id string) shared.CaregiverInspections {
	t.Helper()
	var ins shared.CaregiverInspections
	c.Get(t, base+"/getCaregiverFileInspections?caregiverId="+id).OK(t).Into(t, &ins)
	return ins
}

func item(t *testing.T, ins shared.CaregiverInspections, rule string) shared.InspectionItem {
	t.Helper()
	for _, it := range ins.Items {
		if it.Rule == rule {
			return it
		}
	}
	t.Fatalf("rule %s not on the checklist", rule)
	return shared.InspectionItem{}
}

func countOverdue(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var n int
	c.Get(t, base+"/countExpiredCertificateFile").OK(t).Into(t, &n)
	return n
}

func newCaregiver(account string) shared.SaveCaregiverRequest {
	return shared.SaveCaregiverRequest{Account: account, Name: "Lena Petrova", Email: account + "@maple.example",
		Phone: "+1 360 555 0199", HireDate: time.Now().AddDate(0, 0, -10).Format(time.DateOnly), BirthDate: "1991-08-19"}
}

func TestDemoStaffHaveCredentialsWithAMixOfStates(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		p := list(t, w.owner, shared.CaregiverFilter{})
		if p.Total != 3 {
			t.Fatalf("Maple staff = %d, want 3 (admin and two caregivers): %+v", p.Total, p.Records)
		}
		states := map[shared.InspectionState]int{}
		for _, c := range p.Records {
			if c.Color == "" || c.HireDate == "" || c.Status != shared.UserEnabled {
				t.Errorf("demo profile incomplete: %+v", c)
			}
			for _, it := range inspections(t, w.owner, c.CaregiverID).Items {
				states[it.State]++
			}
		}
		for _, st := range []shared.InspectionState{shared.InspectionOK, shared.InspectionDue, shared.InspectionExpiringSoon, shared.InspectionOverdue} {
			if states[st] == 0 {
				t.Errorf("no %s item among the demo staff: %v", st, states)
			}
		}
		var files []shared.CaregiverFile
		w.owner.Get(t, base+"/listCaregiverFiles?caregiverId="+w.maple1ID).OK(t).Into(t, &files)
		if len(files) == 0 || len(files[0].Files) != 1 {
			t.Fatalf("demo credential files: %+v", files)
		}
		// The demo PDF's bytes are really there.
		r := w.owner.Get(t, "/api/system/files/downloadByPath?path="+files[0].Files[0].FileID)
		if r.Status != http.StatusOK || !strings.HasPrefix(string(r.Body), "%PDF-") {
			t.Fatalf("demo PDF download: HTTP %d %q", r.Status, r.Body[:min(len(r.Body), 40)])
		}
	})
}

func TestSaveCreatesAnInvitedAccountWithDuplicateChecks(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		req := newCaregiver("lena_petrova")
		var c shared.Caregiver
		w.admin.Post(t, base+"/save", req).OK(t).Into(t, &c)
		if c.Status != shared.UserUnverified || c.RoleType != shared.RoleCaregiverStaff || c.Color == "" || c.Account != "lena_petrova" {
			t.Fatalf("saved %+v", c)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'caregiver.create' AND entity_id = ?`, c.CaregiverID); n != 1 {
			t.Fatalf("audit rows = %d", n)
		}
		// The invite arrives; its link sets the password and verifies the account.
		m := w.e.LastMail(t, req.Email)
		if !strings.Contains(m.Subject, "Maple House AFH") || !strings.Contains(m.Body, "lena_petrova") {
			t.Fatalf("invite %+v", m)
		}
		token := w.e.LinkToken(t, req.Email)
		// Unverified: cannot sign in yet (nobody knows the temporary password).
		w.e.Client().Login(t, "lena_petrova", "Lena@2026pw", "").Is(t, http.StatusOK, shared.CodeLoginFailed)
		w.e.Client().Post(t, "/api/system/user/emailTokenVerify", shared.EmailTokenVerifyRequest{Token: token,
			Password: servertest.EncodePassword("Lena@2026pw")}).OK(t)
		lena := w.e.SignInWith(t, "lena_petrova", "Lena@2026pw")
		var mine shared.Caregiver
		lena.Get(t, base+"/getMyProfile").OK(t).Into(t, &mine)
		if mine.CaregiverID != c.CaregiverID || mine.Status != shared.UserEnabled {
			t.Fatalf("own profile after the invite: %+v", mine)
		}

		// Duplicates: account (any case), e-mail, phone (any punctuation).
		for field, mod := range map[string]func(r *shared.SaveCaregiverRequest){
			"account": func(r *shared.SaveCaregiverRequest) { r.Account = "Lena_Petrova" },
			"email":   func(r *shared.SaveCaregiverRequest) { r.Account, r.Email = "lena_other", "ADMIN@maple.example" },
			"phone":   func(r *shared.SaveCaregiverRequest) { r.Account, r.Phone = "lena_other", "+1 (360) 555-0133" },
		} {
			r := newCaregiver("lena_x")
			r.Email = "lena_x@maple.example"
			r.Phone = "+1 360 555 0177"
			mod(&r)
			res := w.owner.Post(t, base+"/save", r).Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(string(res.Data), `"field":"`+field+`"`) {
				t.Errorf("%s duplicate: %s", field, res.Body)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM users WHERE account_key LIKE 'lena%'`); n != 1 {
			t.Fatalf("accounts after refused saves = %d", n)
		}
		// Bounds from the spec: account 6–20.
		r := newCaregiver("abc")
		w.owner.Post(t, base+"/save", r).Is(t, http.StatusOK, shared.CodeValidation)
		// An admin cannot create a facility admin.
		r = newCaregiver("new_admin1")
		r.RoleType = shared.RoleFacilityAdmin
		w.admin.Post(t, base+"/save", r).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

func TestColoursAreDistinct(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		var taken bool
		w.owner.Post(t, base+"/checkSystemColor", shared.CheckColorRequest{Color: "#27ae60"}).OK(t).Into(t, &taken)
		if !taken {
			t.Fatal("caregiver_maple1's colour reported free")
		}
		w.owner.Post(t, base+"/checkSystemColor", shared.CheckColorRequest{Color: "#27AE60", CaregiverID: w.maple1ID}).OK(t).Into(t, &taken)
		if taken {
			t.Fatal("own colour reported taken when editing")
		}
		// The same colour is free in another facility.
		w.cedarOwner.Post(t, base+"/checkSystemColor", shared.CheckColorRequest{Color: "#27AE60"}).OK(t).Into(t, &taken)
		if taken {
			t.Fatal("colour of another facility reported taken")
		}
		r := newCaregiver("color_clash")
		r.Color = "#27ae60"
		w.owner.Post(t, base+"/save", r).Is(t, http.StatusOK, shared.CodeValidation)
		// Without a colour, a free one of the palette is picked; each differs.
		seen := map[string]bool{"#5C6BC0": true, "#27AE60": true, "#EB5757": true}
		for _, acct := range []string{"auto_color1", "auto_color2"} {
			r := newCaregiver(acct)
			r.Email, r.Phone = acct+"@maple.example", "+1 360 555 018"+acct[len(acct)-1:]
			var c shared.Caregiver
			w.owner.Post(t, base+"/save", r).OK(t).Into(t, &c)
			if seen[strings.ToUpper(c.Color)] {
				t.Fatalf("picked colour %s already used", c.Color)
			}
			seen[strings.ToUpper(c.Color)] = true
		}
		// Update to a colleague's colour is refused.
		var c shared.Caregiver
		w.owner.Get(t, base+"/getCaregiverById?caregiverId="+w.maple2ID).OK(t).Into(t, &c)
		up := shared.UpdateCaregiverRequest{CaregiverID: c.CaregiverID, Name: c.Name, Email: c.Email, Phone: c.Phone, Color: "#27AE60",
			HireDate: c.HireDate, BirthDate: c.BirthDate}
		w.owner.Post(t, base+"/update", up).Is(t, http.StatusOK, shared.CodeValidation)
		up.Color = "#123456"
		w.owner.Post(t, base+"/update", up).OK(t).Into(t, &c)
		if c.Color != "#123456" {
			t.Fatalf("updated colour %s", c.Color)
		}
	})
}

func TestRolesAndPromotion(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		// A caregiver may not use management routes; an admin may not promote.
		w.maple1.Post(t, base+"/listCaregiverByPage", shared.PageRequest[shared.CaregiverFilter]{Current: 1, Size: 20}).Is(t, http.StatusOK, shared.CodeForbidden)
		w.maple1.Get(t, base+"/getCaregiverById?caregiverId="+w.maple1ID).Is(t, http.StatusOK, shared.CodeForbidden)
		w.maple1.Get(t, base+"/disabled?caregiverId="+w.maple2ID).Is(t, http.StatusOK, shared.CodeForbidden)
		w.admin.Get(t, base+"/changeRoleType?caregiverId="+w.maple1ID+"&roleType=FACILITY_ADMIN").Is(t, http.StatusOK, shared.CodeForbidden)
		// An admin may not disable or delete another admin-level account, nor themselves.
		w.admin.Get(t, base+"/disabled?caregiverId="+w.adminID).Is(t, http.StatusOK, shared.CodeConflict)

		// The owner promotes; the promoted person's sign-in ends so the new role applies at once.
		var c shared.Caregiver
		w.owner.Get(t, base+"/changeRoleType?caregiverId="+w.maple1ID+"&roleType=FACILITY_ADMIN").OK(t).Into(t, &c)
		if c.RoleType != shared.RoleFacilityAdmin {
			t.Fatalf("promoted role %s", c.RoleType)
		}
		w.maple1.Get(t, base+"/getMyProfile").Is(t, http.StatusGone, shared.CodeSessionRevoked)
		promoted := w.e.SignIn(t, "caregiver_maple1")
		list(t, promoted, shared.CaregiverFilter{})
		// The admin now cannot act on the promoted colleague; the owner demotes.
		w.admin.Get(t, base+"/disabled?caregiverId="+w.maple1ID).Is(t, http.StatusOK, shared.CodeForbidden)
		w.owner.Get(t, base+"/changeRoleType?caregiverId="+w.maple1ID+"&roleType=CAREGIVER_STAFF").OK(t).Into(t, &c)
		if c.RoleType != shared.RoleCaregiverStaff {
			t.Fatalf("demoted role %s", c.RoleType)
		}
		w.owner.Get(t, base+"/changeRoleType?caregiverId="+w.maple1ID+"&roleType=SUPER_ADMIN").Is(t, http.StatusOK, shared.CodeValidation)
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'caregiver.changeRole'`); n != 2 {
			t.Fatalf("role audit rows = %d", n)
		}
	})
}

func TestDisableRevokesAtOnceAndEnableRestores(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		w.maple1.Get(t, base+"/getMyProfile").OK(t)
		w.admin.Get(t, base+"/disabled?caregiverId="+w.maple1ID).OK(t)
		// The very next call fails, and the refresh token is dead too.
		w.maple1.Get(t, base+"/getMyProfile").Is(t, http.StatusGone, shared.CodeSessionRevoked)
		w.maple1.Post(t, "/api/system/user/refreshToken", shared.RefreshRequest{RefreshToken: w.maple1.RefreshToken}).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		w.e.Client().Login(t, "caregiver_maple1", "Demo@2026x", "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
		w.admin.Get(t, base+"/disabled?caregiverId="+w.maple1ID).Is(t, http.StatusOK, shared.CodeConflict)
		p := list(t, w.owner, shared.CaregiverFilter{Status: shared.UserDisabled})
		if p.Total != 1 || p.Records[0].CaregiverID != w.maple1ID {
			t.Fatalf("disabled filter: %+v", p)
		}
		// The option list of enabled staff leaves them out.
		var opts shared.Page[shared.CaregiverBaseInfo]
		w.owner.Post(t, base+"/listCaregiverBaseInfoByPage", shared.OptionPageRequest[shared.CaregiverFilter]{Current: 1, Size: 9999,
			Data: shared.CaregiverFilter{Status: shared.UserEnabled}}).OK(t).Into(t, &opts)
		if opts.Total != 2 {
			t.Fatalf("enabled options = %d", opts.Total)
		}
		w.admin.Get(t, base+"/enabled?caregiverId="+w.maple1ID).OK(t)
		w.e.SignIn(t, "caregiver_maple1").Get(t, base+"/getMyProfile").OK(t)
	})
}

func TestSoftDeleteKeepsHistory(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		before := count(t, d, `SELECT COUNT(*) FROM caregiver_credentials WHERE caregiver_id = ?`, w.maple2ID)
		maple2 := w.e.SignIn(t, "caregiver_maple2")
		w.owner.Get(t, base+"/delete?caregiverId="+w.maple2ID).OK(t)
		maple2.Get(t, base+"/getMyProfile").Is(t, http.StatusGone, shared.CodeSessionRevoked)
		w.owner.Get(t, base+"/getCaregiverById?caregiverId="+w.maple2ID).Is(t, http.StatusOK, shared.CodeNotFound)
		w.owner.Get(t, base+"/delete?caregiverId="+w.maple2ID).Is(t, http.StatusOK, shared.CodeNotFound)
		if p := list(t, w.owner, shared.CaregiverFilter{}); p.Total != 2 {
			t.Fatalf("list after delete = %d", p.Total)
		}
		// The row, the account and the credential records are kept.
		if count(t, d, `SELECT COUNT(*) FROM caregivers WHERE id = ? AND deleted_at IS NOT NULL`, w.maple2ID) != 1 ||
			count(t, d, `SELECT COUNT(*) FROM users WHERE account_key = 'caregiver_maple2'`) != 1 ||
			count(t, d, `SELECT COUNT(*) FROM caregiver_credentials WHERE caregiver_id = ?`, w.maple2ID) != before || before == 0 {
			t.Fatal("soft delete lost history")
		}
		// Its colour is free again.
		var taken bool
		w.owner.Post(t, base+"/checkSystemColor", shared.CheckColorRequest{Color: "#EB5757"}).OK(t).Into(t, &taken)
		if taken {
			t.Fatal("a deleted caregiver's colour stays taken")
		}
		w.owner.Get(t, base+"/delete?caregiverId="+w.adminID).OK(t)
		// The owner cannot delete themselves (they have no caregiver profile: 4004).
	})
}

func TestUploadTurnsAnOverdueItemOK(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		ins := inspections(t, w.owner, w.maple1ID)
		if it := item(t, ins, "BACKGROUND_CHECK_NAME_DOB"); it.State != shared.InspectionOverdue {
			t.Fatalf("demo background check state %s", it.State)
		}
		facility := countOverdue(t, w.owner)
		own := countOverdue(t, w.maple1)
		if own != ins.OverdueCount || facility < own || own == 0 {
			t.Fatalf("counts: facility %d, own %d, checklist %d", facility, own, ins.OverdueCount)
		}
		today := time.Now().AddDate(0, 0, -1).Format(time.DateOnly) // yesterday in any zone
		fields := map[string]string{"caregiverId": w.maple1ID, "credentialType": "BACKGROUND_CHECK_NAME_DOB", "issueDate": today}
		var cf shared.CaregiverFile
		filetest.Post(t, w.e, w.admin, base+"/uploadCaregiverFiles", fields, filetest.Part{Name: "check.pdf", Data: filetest.PDF()}).OK(t).Into(t, &cf)
		if cf.CredentialType != shared.CredBackgroundNameDOB || len(cf.Files) != 1 || cf.Files[0].Category != shared.FileCaregiverCredential {
			t.Fatalf("uploaded %+v", cf)
		}
		ins = inspections(t, w.owner, w.maple1ID)
		if it := item(t, ins, "BACKGROUND_CHECK_NAME_DOB"); it.State != shared.InspectionOK || it.CredentialID != cf.CredentialID {
			t.Fatalf("after upload: %+v", it)
		}
		if got := countOverdue(t, w.owner); got != facility-1 {
			t.Fatalf("facility overdue %d, want %d", got, facility-1)
		}
		if got := countOverdue(t, w.maple1); got != own-1 {
			t.Fatalf("own overdue %d, want %d", got, own-1)
		}
		// The caregiver reads their own records and checklist, not through the management routes.
		var mine []shared.CaregiverFile
		w.maple1.Get(t, base+"/listMyFiles").OK(t).Into(t, &mine)
		if len(mine) == 0 || mine[0].CredentialID != cf.CredentialID {
			t.Fatalf("own files: %+v", mine)
		}
		var myIns shared.CaregiverInspections
		w.maple1.Get(t, base+"/getMyFileInspections").OK(t).Into(t, &myIns)
		if myIns.OverdueCount != own-1 {
			t.Fatalf("own checklist overdue %d", myIns.OverdueCount)
		}
		// CE hours are counted in minutes; refused inputs store nothing.
		before := count(t, d, `SELECT COUNT(*) FROM files`)
		for _, bad := range []map[string]string{
			{"caregiverId": w.maple1ID, "credentialType": "NOPE", "issueDate": today},
			{"caregiverId": w.maple1ID, "credentialType": "CPR_FIRST_AID", "issueDate": "2999-01-01"},
			{"caregiverId": w.maple1ID, "credentialType": "CPR_FIRST_AID", "issueDate": today, "expiryDate": "2000-01-01"},
			{"caregiverId": w.maple1ID, "credentialType": "CONTINUING_EDUCATION", "issueDate": today, "ceHours": "101"},
		} {
			filetest.Post(t, w.e, w.owner, base+"/uploadCaregiverFiles", bad, filetest.Part{Name: "x.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeValidation)
		}
		filetest.Post(t, w.e, w.owner, base+"/uploadCaregiverFiles", map[string]string{"caregiverId": w.maple1ID,
			"credentialType": "CPR_FIRST_AID", "issueDate": today}).Is(t, http.StatusOK, shared.CodeValidation)
		if after := count(t, d, `SELECT COUNT(*) FROM files`); after != before {
			t.Fatalf("refused uploads stored %d files", after-before)
		}
		filetest.Post(t, w.e, w.owner, base+"/uploadCaregiverFiles", map[string]string{"caregiverId": w.maple1ID,
			"credentialType": "CONTINUING_EDUCATION", "issueDate": today, "ceHours": "1.5"}, filetest.Part{Name: "ce.png", Data: filetest.PNG(20, 20)}).OK(t).Into(t, &cf)
		if cf.CEHours != 1.5 {
			t.Fatalf("CE hours %v", cf.CEHours)
		}
		// A caregiver cannot upload through the management route.
		filetest.Post(t, w.e, w.maple1, base+"/uploadCaregiverFiles", fields, filetest.Part{Name: "check.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

func TestTenantIsolation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		for name, c := range map[string]*servertest.Client{"cedar owner": w.cedarOwner, "birch owner": w.birch} {
			for _, path := range []string{"/getCaregiverById", "/getCaregiverFileInspections", "/listCaregiverFiles", "/disabled", "/enabled", "/delete"} {
				if r := c.Get(t, base+path+"?caregiverId="+w.maple1ID); r.Code != shared.CodeNotFound {
					t.Errorf("%s %s: code %s", name, path, r.Code)
				}
			}
			if r := c.Post(t, base+"/update", shared.UpdateCaregiverRequest{CaregiverID: w.maple1ID, Name: "Hijack", Email: "x@y.example",
				Phone: "+1 360 555 0000", Color: "#000000", HireDate: "2024-01-01"}); r.Code != shared.CodeNotFound {
				t.Errorf("%s update: code %s", name, r.Code)
			}
			fields := map[string]string{"caregiverId": w.maple1ID, "credentialType": "CPR_FIRST_AID", "issueDate": "2025-01-01"}
			if r := filetest.Post(t, w.e, c, base+"/uploadCaregiverFiles", fields, filetest.Part{Name: "a.pdf", Data: filetest.PDF()}); r.Code != shared.CodeNotFound {
				t.Errorf("%s upload: code %s", name, r.Code)
			}
		}
		w.owner.Get(t, base+"/changeRoleType?caregiverId="+w.cedar1ID+"&roleType=FACILITY_ADMIN").Is(t, http.StatusOK, shared.CodeNotFound)
		if p := list(t, w.cedarOwner, shared.CaregiverFilter{}); p.Total != 1 || p.Records[0].CaregiverID != w.cedar1ID {
			t.Fatalf("Cedar list: %+v", p)
		}
		if p := list(t, w.birch, shared.CaregiverFilter{}); p.Total != 0 {
			t.Fatalf("Birch list: %+v", p)
		}
		// Cedar's caregiver sees only their own count.
		var mine shared.CaregiverInspections
		w.cedar1.Get(t, base+"/getMyFileInspections").OK(t).Into(t, &mine)
		if mine.CaregiverID != w.cedar1ID || countOverdue(t, w.cedar1) != mine.OverdueCount {
			t.Fatalf("Cedar caregiver's own checklist: %+v", mine)
		}
	})
}

// Birch is on the free plan: staff management is in it, the caregiver's
// /your-status is not (spec 000 §6).
func TestFreePlanHasStaffManagementButNotYourStatus(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		r := shared.SaveCaregiverRequest{Account: "birch_care1", Name: "Sam Ortiz", Email: "sam@birch.example", Phone: "+1 208 555 0170",
			HireDate: "2025-05-01", BirthDate: "1988-09-09"}
		var c shared.Caregiver
		w.birch.Post(t, base+"/save", r).OK(t).Into(t, &c)
		token := w.e.LinkToken(t, r.Email)
		w.e.Client().Post(t, "/api/system/user/emailTokenVerify", shared.EmailTokenVerifyRequest{Token: token,
			Password: servertest.EncodePassword("Sam@2026pass")}).OK(t)
		sam := w.e.SignInWith(t, "birch_care1", "Sam@2026pass")
		sam.Get(t, base+"/getMyProfile").Is(t, http.StatusOK, shared.CodeFunctionMissing)
		var n int
		sam.Get(t, base+"/countExpiredCertificateFile").OK(t).Into(t, &n)
		if n == 0 {
			t.Fatal("a hire of 2025 with nothing on file has overdue items")
		}
	})
}

// A manager who hires someone who reads Chinese chooses it: the invite is
// written in Chinese, and so is later mail (the account keeps the language).
func TestInviteInTheNewHiresLanguage(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := start(t, d)
		r := shared.SaveCaregiverRequest{Account: "maple_li", Name: "Li Na", Email: "li.na@maple.example", Phone: "+1 206 555 0190",
			HireDate: "2026-01-05", BirthDate: "1985-04-04", Language: shared.LangZhCN}
		w.owner.Post(t, base+"/save", r).OK(t)
		m := w.e.LastMail(t, r.Email)
		if !strings.Contains(m.Subject, "已在 Hearth 上添加您") {
			t.Fatalf("invite not in Chinese: %q", m.Subject)
		}
		var lang string
		if err := d.QueryRowContext(context.Background(), `SELECT language FROM users WHERE account_key = ?`, "maple_li").Scan(&lang); err != nil || lang != "zh-CN" {
			t.Fatalf("stored language %q (%v)", lang, err)
		}
		// Without a choice the invite follows the manager's language (English here).
		r2 := shared.SaveCaregiverRequest{Account: "maple_sam", Name: "Sam Cole", Email: "sam.cole@maple.example", Phone: "+1 206 555 0191",
			HireDate: "2026-01-05"}
		w.owner.Post(t, base+"/save", r2).OK(t)
		if m := w.e.LastMail(t, r2.Email); strings.ContainsFunc(m.Subject, func(c rune) bool { return c > 0x2E80 }) {
			t.Fatalf("default invite not in English: %q", m.Subject)
		}
		// An unknown language is refused by the schema.
		r3 := r2
		r3.Account, r3.Email, r3.Phone, r3.Language = "maple_x1", "x1@maple.example", "+1 206 555 0192", "fr-FR"
		w.owner.Post(t, base+"/save", r3).Is(t, http.StatusOK, string(shared.CodeValidation))
	})
}
