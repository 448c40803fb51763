package tenant_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const sys = "/api/system"

func addCaptcha(t *testing.T, e *servertest.Env) (string, string) {
	t.Helper()
	id := "test-captcha-" + auth.NewOpaqueToken()[:12]
	if _, err := e.DB.ExecContext(t.Context(), `INSERT INTO captchas (id, answer_hash, expires_at) VALUES (?, ?, ?)`,
		id, auth.HashToken("12345"), e.Clock.Now().Add(time.Minute).UnixMilli()); err != nil {
		t.Fatal(err)
	}
	return id, "12345"
}

func signup(t *testing.T, e *servertest.Env) shared.RegisterFacilityRequest {
	t.Helper()
	id, code := addCaptcha(t, e)
	return shared.RegisterFacilityRequest{FacilityName: "Willow Creek AFH", OwnerName: "Rosa Diaz", Account: "rosa_willow",
		Email: "rosa@willow.example", Phone: "360-555-0142", Address: "88 Willow Creek Road, Tumwater, WA", ZipCode: "98501",
		LicenceNumber: "752001", Introduction: "A six-bed home with a garden.", TimeZone: shared.TimeZonePT, CaptchaID: id, CaptchaCode: code}
}

var fixPattern = regexp.MustCompile(`fix=([A-Za-z0-9_-]+)`)

// A new owner signs up, confirms the e-mail, is told the home is under
// review, is refused with a reason, fixes and resubmits, is approved, signs in.
func TestSignupJourney(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		anon := e.Client()
		super := e.SignIn(t, "superadmin")

		// Every bound of spec 000 §5 refuses (4022) and writes nothing.
		bad := []func(r *shared.RegisterFacilityRequest){
			func(r *shared.RegisterFacilityRequest) { r.FacilityName = "W" },
			func(r *shared.RegisterFacilityRequest) { r.FacilityName = strings.Repeat("W", 81) },
			func(r *shared.RegisterFacilityRequest) { r.OwnerName = "R" },
			func(r *shared.RegisterFacilityRequest) { r.OwnerName = strings.Repeat("R", 51) },
			func(r *shared.RegisterFacilityRequest) { r.Address = "short" },
			func(r *shared.RegisterFacilityRequest) { r.Address = strings.Repeat("a", 201) },
			func(r *shared.RegisterFacilityRequest) { r.Introduction = "too short" },
			func(r *shared.RegisterFacilityRequest) { r.Introduction = strings.Repeat("i", 501) },
			func(r *shared.RegisterFacilityRequest) { r.LicenceNumber = "12345" },
			func(r *shared.RegisterFacilityRequest) { r.LicenceNumber = "12345678901" },
			func(r *shared.RegisterFacilityRequest) { r.ZipCode = "9850" },
			func(r *shared.RegisterFacilityRequest) { r.ZipCode = strings.Repeat("9", 16) },
			func(r *shared.RegisterFacilityRequest) { r.Introduction = "         x         " }, // trimmed below 10
		}
		for i, mod := range bad {
			req := signup(t, e)
			mod(&req)
			if got := anon.Post(t, sys+"/tenant/registerFacility", req); got.Code != shared.CodeValidation {
				t.Errorf("bound %d: %s %s", i, got.Code, got.Body)
			}
		}
		// A wrong picture code is refused.
		req := signup(t, e)
		req.CaptchaCode = "99999"
		anon.Post(t, sys+"/tenant/registerFacility", req).Is(t, http.StatusOK, shared.CodeCaptchaRequired)
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM tenants WHERE licence_number = '752001'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("refused sign-ups wrote %d homes (%v)", n, err)
		}

		// The sign-up: the home is submitted on the default package; the owner is e-mailed.
		var res shared.RegisterFacilityResult
		anon.Post(t, sys+"/tenant/registerFacility", signup(t, e)).OK(t).Into(t, &res)
		if res.Status != shared.TenantSubmitted {
			t.Fatalf("sign-up: %+v", res)
		}
		var plan, pkg string
		if err := d.QueryRowContext(t.Context(), `SELECT subscription_plan, package_id FROM tenants WHERE id = ?`, res.TenantID).Scan(&plan, &pkg); err != nil ||
			plan != string(shared.PlanFree) || pkg != shared.DefaultPackageID {
			t.Errorf("new home's plan %q %q %v", plan, pkg, err)
		}
		// The same licence and zip code is found, not registered twice.
		var found shared.FacilityLookup
		anon.Get(t, sys+"/tenant/getFacilityInfo?businessLicense=752001&zipCode=98501").OK(t).Into(t, &found)
		if !found.Registered || found.FacilityName != "Willow Creek AFH" {
			t.Errorf("lookup: %+v", found)
		}
		again := signup(t, e)
		again.Account, again.Email, again.Phone = "rosa_other", "rosa2@willow.example", "360-555-0143"
		anon.Post(t, sys+"/tenant/registerFacility", again).Is(t, http.StatusOK, shared.CodeConflict)

		// The e-mailed link sets the password; sign-in answers "under review".
		token := e.LinkToken(t, "rosa@willow.example")
		anon.Post(t, sys+"/user/emailTokenVerify", shared.EmailTokenVerifyRequest{Token: token, Password: servertest.EncodePassword("Willow@2026x")}).OK(t)
		e.Client().Login(t, "rosa_willow", "Willow@2026x", "").Is(t, http.StatusOK, shared.CodePendingApproval)

		// Only the super admin reviews; a refusal needs a reason.
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		owner.Get(t, sys+"/tenant/auditFacility?tenantId="+res.TenantID+"&status=approved").Is(t, http.StatusOK, shared.CodeForbidden)
		super.Get(t, sys+"/tenant/auditFacility?tenantId="+res.TenantID+"&status=refused&reason=no").Is(t, http.StatusOK, shared.CodeValidation)
		reason := "The licence number does not match the state register."
		var refused shared.TenantRow
		super.Get(t, sys+"/tenant/auditFacility?tenantId="+res.TenantID+"&status=refused&reason="+url.QueryEscape(reason)).OK(t).Into(t, &refused)
		if refused.Status != shared.TenantRefused || refused.RefuseReason != reason || refused.OwnerName != "Rosa Diaz" {
			t.Fatalf("refused: %+v", refused)
		}
		mail := e.LastMail(t, "rosa@willow.example")
		if !strings.Contains(mail.Body, reason) || fixPattern.FindStringSubmatch(mail.Body) == nil {
			t.Fatalf("refusal mail: %q", mail.Body)
		}
		// A refused home is not reviewed again until it is resubmitted.
		super.Get(t, sys+"/tenant/auditFacility?tenantId="+res.TenantID+"&status=approved").Is(t, http.StatusOK, shared.CodeConflict)

		// Sign-in answers the refusal with the reason and a fix token.
		login := e.Client().Login(t, "rosa_willow", "Willow@2026x", "").Is(t, http.StatusOK, shared.CodeFacilityRefused)
		var info shared.RefusedInfo
		if err := login.Decode(&info); err != nil || info.RefuseReason != reason || info.FixToken == "" {
			t.Fatalf("refused sign-in: %+v %v %s", info, err, login.Body)
		}
		var reg shared.Registration
		anon.Get(t, sys+"/tenant/getRegistration?token="+info.FixToken).OK(t).Into(t, &reg)
		if reg.TenantID != res.TenantID || reg.RefuseReason != reason || reg.ZipCode != "98501" {
			t.Fatalf("registration: %+v", reg)
		}
		fix := shared.ResubmitRequest{Token: info.FixToken, FacilityName: "Willow Creek AFH", Address: reg.Address, ZipCode: "98501",
			LicenceNumber: "752009", Introduction: reg.Introduction, TimeZone: shared.TimeZonePT}
		bad2 := fix
		bad2.Introduction = "short"
		anon.Post(t, sys+"/tenant/save", bad2).Is(t, http.StatusOK, shared.CodeValidation)
		bad2 = fix
		bad2.Token = "not-a-token"
		anon.Post(t, sys+"/tenant/save", bad2).Is(t, http.StatusOK, shared.CodeTokenInvalid)
		var resent shared.RegisterFacilityResult
		anon.Post(t, sys+"/tenant/save", fix).OK(t).Into(t, &resent)
		if resent.Status != shared.TenantSubmitted {
			t.Fatalf("resubmitted: %+v", resent)
		}
		// The fix token is spent, and the e-mailed one opens nothing now (not refused).
		anon.Post(t, sys+"/tenant/save", fix).Is(t, http.StatusOK, shared.CodeTokenInvalid)
		e.Client().Login(t, "rosa_willow", "Willow@2026x", "").Is(t, http.StatusOK, shared.CodePendingApproval)

		// Approved: the owner is e-mailed and signs in.
		var approved shared.TenantRow
		super.Get(t, sys+"/tenant/auditFacility?tenantId="+res.TenantID+"&status=approved").OK(t).Into(t, &approved)
		if approved.Status != shared.TenantApproved || approved.LicenceNumber != "752009" || approved.RefuseReason != "" {
			t.Fatalf("approved: %+v", approved)
		}
		if m := e.LastMail(t, "rosa@willow.example"); !strings.Contains(m.Subject, "approved") {
			t.Errorf("approval mail: %q", m.Subject)
		}
		rosa := e.SignInWith(t, "rosa_willow", "Willow@2026x")
		var me shared.FacilityInfo
		rosa.Get(t, sys+"/tenant/getMyFacility").OK(t).Into(t, &me)
		if me.TenantID != res.TenantID {
			t.Errorf("Rosa's facility: %+v", me)
		}
		var audits int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE entity = 'tenant' AND entity_id = ?`, res.TenantID).Scan(&audits); err != nil || audits != 4 {
			t.Errorf("audit rows %d %v (register, refuse, resubmit, approve)", audits, err)
		}

		// The owner adds another home; it waits for review too.
		var second shared.RegisterFacilityResult
		rosa.Post(t, sys+"/tenant/registerNewFacility", shared.NewFacilityRequest{FacilityName: "Willow Creek II", Address: "90 Willow Creek Road, Tumwater, WA",
			ZipCode: "98501", LicenceNumber: "752010", Introduction: "A second home across the road.", TimeZone: shared.TimeZonePT}).OK(t).Into(t, &second)
		if second.Status != shared.TenantSubmitted {
			t.Errorf("second home: %+v", second)
		}
		e.SignIn(t, "caregiver_maple1").Post(t, sys+"/tenant/registerNewFacility", shared.NewFacilityRequest{}).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

// The super admin's list, state changes, soft delete and restore; nobody else reaches them.
func TestTenantAdministration(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		maple := e.FacilityID(t, "Maple House AFH")

		list := func(f shared.TenantFilter) shared.Page[shared.TenantRow] {
			t.Helper()
			var p shared.Page[shared.TenantRow]
			super.Post(t, sys+"/tenant/listTenantsByPage", shared.PageRequest[shared.TenantFilter]{Current: 1, Size: 20, Data: f}).OK(t).Into(t, &p)
			return p
		}
		all := list(shared.TenantFilter{SortBy: shared.TenantSortName})
		if all.Total < 2 || len(all.Records) == 0 {
			t.Fatalf("list: %+v", all)
		}
		for i := 1; i < len(all.Records); i++ {
			if all.Records[i-1].FacilityName > all.Records[i].FacilityName {
				t.Errorf("not sorted by name: %q before %q", all.Records[i-1].FacilityName, all.Records[i].FacilityName)
			}
		}
		if got := list(shared.TenantFilter{Name: "maple"}); got.Total != 1 || got.Records[0].TenantID != maple || got.Records[0].OwnerName == "" {
			t.Errorf("by name: %+v", got)
		}
		if got := list(shared.TenantFilter{LicenceNumber: "7512"}); got.Total != 1 {
			t.Errorf("by licence: %+v", got.Total)
		}
		if got := list(shared.TenantFilter{Status: shared.TenantRefused}); got.Total != 0 {
			t.Errorf("refused: %d", got.Total)
		}

		// Disabling Maple signs its people out at once and keeps them out.
		caregiver := e.SignIn(t, "caregiver_maple1")
		caregiver.Get(t, sys+"/user/getUserInfo").OK(t)
		var row shared.TenantRow
		super.Post(t, sys+"/tenant/changeTenantStatus", shared.ChangeTenantStatusRequest{TenantID: maple, Status: shared.TenantDisabled}).OK(t).Into(t, &row)
		if row.State != shared.TenantDisabled {
			t.Fatalf("disabled: %+v", row)
		}
		caregiver.Get(t, sys+"/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)
		e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
		if got := list(shared.TenantFilter{State: shared.TenantDisabled}); got.Total != 1 {
			t.Errorf("disabled list: %d", got.Total)
		}
		super.Post(t, sys+"/tenant/changeTenantStatus", shared.ChangeTenantStatusRequest{TenantID: maple, Status: shared.TenantEnabled}).OK(t)
		e.SignIn(t, "caregiver_maple1").Get(t, sys+"/user/getUserInfo").OK(t)

		// Soft delete: out of the list, nobody signs in; restore brings it back.
		super.Get(t, sys+"/tenant/delete?tenantId="+maple).OK(t)
		if got := list(shared.TenantFilter{Name: "maple"}); got.Total != 0 {
			t.Errorf("deleted still listed: %d", got.Total)
		}
		if got := list(shared.TenantFilter{State: shared.TenantDeleted}); got.Total != 1 {
			t.Errorf("deleted list: %d", got.Total)
		}
		e.Client().Login(t, "caregiver_maple1", demo.DemoPassword, "").Is(t, http.StatusOK, shared.CodeAccountDisabled)
		super.Get(t, sys+"/tenant/delete?tenantId="+maple).Is(t, http.StatusOK, shared.CodeNotFound)
		super.Post(t, sys+"/tenant/changeTenantStatus", shared.ChangeTenantStatusRequest{TenantID: maple, Status: shared.TenantEnabled}).Is(t, http.StatusOK, shared.CodeNotFound)
		super.Get(t, sys+"/tenant/restore?tenantId="+maple).OK(t)
		super.Get(t, sys+"/tenant/restore?tenantId="+maple).Is(t, http.StatusOK, shared.CodeConflict)
		e.SignIn(t, "caregiver_maple1").Get(t, sys+"/user/getUserInfo").OK(t)
		super.Get(t, sys+"/tenant/delete?tenantId=no-such-home").Is(t, http.StatusOK, shared.CodeNotFound)

		// The super admin makes a home and its owner, who is e-mailed a link.
		var made shared.TenantRow
		super.Post(t, sys+"/tenant/createFacilityAccount", shared.CreateFacilityAccountRequest{FacilityName: "Aspen Court", OwnerName: "Lee Park",
			Account: "lee_aspen", Email: "lee@aspen.example", Phone: "206-555-0199", Address: "12 Aspen Court, Seattle, WA", ZipCode: "98101",
			LicenceNumber: "753100", TimeZone: shared.TimeZonePT}).OK(t).Into(t, &made)
		if made.Status != shared.TenantApproved || made.Plan != shared.PlanFree || made.OwnerEmail != "lee@aspen.example" {
			t.Fatalf("made: %+v", made)
		}
		e.LinkToken(t, "lee@aspen.example")

		var weeks []shared.TenantWeek
		super.Get(t, sys+"/tenant/tenantDateSummary").OK(t).Into(t, &weeks)
		if len(weeks) != 12 || weeks[11].Registered < 1 {
			t.Errorf("weeks: %+v", weeks)
		}
		var sum shared.TenantDetailsSummary
		super.Get(t, sys+"/tenant/tenantDetailsSummary").OK(t).Into(t, &sum)
		if sum.Total != int(all.Total)+1 || sum.ByStatus[shared.TenantApproved] < 1 {
			t.Errorf("summary: %+v (list %d)", sum, all.Total)
		}

		// Everyone else: 4003 (owners, admins, caregivers of any home), 401 signed out.
		routes := []func(c *servertest.Client) *servertest.Response{
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/tenant/listTenantsByPage", shared.PageRequest[shared.TenantFilter]{Current: 1, Size: 20})
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Get(t, sys+"/tenant/getTenantDetail?tenantId="+maple)
			},
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/tenant/changeTenantStatus", shared.ChangeTenantStatusRequest{TenantID: maple, Status: shared.TenantDisabled})
			},
			func(c *servertest.Client) *servertest.Response { return c.Get(t, sys+"/tenant/delete?tenantId="+maple) },
			func(c *servertest.Client) *servertest.Response {
				return c.Get(t, sys+"/tenant/restore?tenantId="+maple)
			},
			func(c *servertest.Client) *servertest.Response { return c.Get(t, sys+"/tenant/tenantDateSummary") },
			func(c *servertest.Client) *servertest.Response { return c.Get(t, sys+"/tenant/tenantDetailsSummary") },
			func(c *servertest.Client) *servertest.Response {
				return c.Post(t, sys+"/tenant/createFacilityAccount", shared.CreateFacilityAccountRequest{})
			},
		}
		for _, who := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "owner_birch"),
			e.SignIn(t, "admin_maple"), e.SignIn(t, "caregiver_maple1")} {
			for i, r := range routes {
				if got := r(who); got.Status != http.StatusOK || got.Code != shared.CodeForbidden {
					t.Errorf("route %d: %d %s", i, got.Status, got.Code)
				}
			}
		}
		for i, r := range routes {
			if got := r(e.Client()); got.Status != http.StatusUnauthorized {
				t.Errorf("route %d signed out: %d", i, got.Status)
			}
		}
		// Maple was never disabled by those calls.
		e.SignIn(t, "caregiver_maple1").Get(t, sys+"/user/getUserInfo").OK(t)
	})
}
