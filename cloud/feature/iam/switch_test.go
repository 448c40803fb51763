package iam_test

import (
	"net/http"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	myFacilities   = "/api/system/user/listMyFacilities"
	switchFacility = "/api/system/user/switchFacility"
)

func facilities(t *testing.T, c *servertest.Client) []shared.MyFacility {
	t.Helper()
	var out []shared.MyFacility
	c.Get(t, myFacilities).OK(t).Into(t, &out)
	return out
}

// An owner of two homes moves their sign-in to the other without a new code;
// nobody reaches a facility they are not a member of.
func TestSwitchFacility(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple, cedar, birch := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH"), e.FacilityID(t, "Birch Cottage AFH")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		var before shared.UserInfo
		owner.Get(t, "/api/system/user/getUserInfo").OK(t).Into(t, &before)

		list := facilities(t, owner)
		if len(list) != 2 || list[0].FacilityName != "Cedar Home AFH" || list[0].Current || !list[1].Current ||
			list[1].TenantID != maple || list[0].Role != shared.RoleFacilityOwner {
			t.Fatalf("owner's facilities: %+v", list)
		}

		mails := len(e.Mails(t, e.Email(t, "owner_evergreen")))
		e.Clock.Advance(time.Minute)
		oldRefresh := owner.RefreshToken
		var res shared.LoginResult
		owner.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: cedar}).OK(t).Into(t, &res)
		if res.Token == "" || res.LoginUserInfo.TenantID != cedar || res.SubscriptionPlan != shared.PlanEssential ||
			res.LoginUserInfo.Roles != string(shared.RoleFacilityOwner) {
			t.Fatalf("switch answer: %+v", res)
		}
		if got := len(e.Mails(t, e.Email(t, "owner_evergreen"))); got != mails {
			t.Errorf("switching e-mailed %d new messages: no code is asked", got-mails)
		}
		owner.Use(res)
		var after shared.UserInfo
		owner.Get(t, "/api/system/user/getUserInfo").OK(t).Into(t, &after)
		if after.FacilityName != "Cedar Home AFH" || after.LoginTime != before.LoginTime {
			t.Errorf("after the switch: %+v (the sign-in began at %d)", after, before.LoginTime)
		}
		if l := facilities(t, owner); !l[0].Current || l[1].Current {
			t.Errorf("current after the switch: %+v", l)
		}
		// The residents now are Cedar's.
		var page shared.Page[shared.Resident]
		owner.Post(t, "/api/care/resident/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: 1, Size: 20}).OK(t).Into(t, &page)
		for _, r := range page.Records {
			if r.FirstName == "Margaret" {
				t.Fatal("Maple's resident listed after switching to Cedar")
			}
		}

		// Audited, with where from and where to.
		var tenant, actor, beforeJSON, afterJSON string
		if err := d.QueryRowContext(t.Context(), `SELECT tenant_id, actor_id, before_json, after_json FROM audit_log WHERE action = 'session.switchFacility'`).
			Scan(&tenant, &actor, &beforeJSON, &afterJSON); err != nil {
			t.Fatal(err)
		}
		if tenant != cedar || actor != e.UserID(t, "owner_evergreen") || beforeJSON != `{"role":["FACILITY_OWNER"],"tenantId":"`+maple+`"}` ||
			afterJSON != `{"role":"FACILITY_OWNER","tenantId":"`+cedar+`"}` {
			t.Errorf("audit row: %s %s %s %s", tenant, actor, beforeJSON, afterJSON)
		}

		// Maple's refresh token is spent; the new one works and stays in Cedar.
		refresh(t, e.Client(), oldRefresh).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		again := loginResult(t, refresh(t, e.Client(), res.RefreshToken))
		if again.LoginUserInfo.TenantID != cedar {
			t.Errorf("refresh after the switch: %+v", again.LoginUserInfo)
		}
		owner.Use(again)
		// Back to Maple, then signing out ends the whole sign-in.
		owner.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: maple}).OK(t).Into(t, &res)
		owner.Use(res)
		owner.Get(t, "/api/system/user/getUserInfo").OK(t)
		owner.Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: owner.RefreshToken}).OK(t)
		owner.Get(t, "/api/system/user/getUserInfo").Is(t, http.StatusGone, shared.CodeSessionRevoked)

		// Another tenant's facility, or one the user is not a member of: not found.
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		owner.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: birch}).Is(t, http.StatusOK, shared.CodeNotFound)
		carer := e.SignIn(t, "caregiver_maple1")
		carer.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: cedar}).Is(t, http.StatusOK, shared.CodeNotFound)
		if l := facilities(t, carer); len(l) != 1 || !l[0].Current {
			t.Errorf("caregiver's facilities: %+v", l)
		}
		birchOwner := e.SignIn(t, "owner_birch")
		birchOwner.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: maple}).Is(t, http.StatusOK, shared.CodeNotFound)
		// The facility it is already in: a validation error on tenantId.
		owner.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: maple}).Is(t, http.StatusOK, shared.CodeValidation)
		// The super admin has no facility to switch (role refused).
		super := e.SignIn(t, "superadmin")
		super.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: maple}).Is(t, http.StatusOK, shared.CodeForbidden)
		super.Get(t, myFacilities).Is(t, http.StatusOK, shared.CodeForbidden)
		// A membership the facility disabled is neither listed nor reachable.
		if _, err := d.ExecContext(t.Context(), `UPDATE memberships SET status = 'disabled' WHERE user_id = ? AND tenant_id = ?`,
			e.UserID(t, "owner_evergreen"), cedar); err != nil {
			t.Fatal(err)
		}
		if l := facilities(t, owner); len(l) != 1 {
			t.Errorf("a disabled membership is listed: %+v", l)
		}
		owner.Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: cedar}).Is(t, http.StatusOK, shared.CodeAccountDisabled)
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE action = 'session.switchFacility'`).Scan(&n); err != nil || n != 2 {
			t.Errorf("audit rows: %d %v (only the two switches that happened)", n, err)
		}
		// Not signed in.
		e.Client().Post(t, switchFacility, shared.SwitchFacilityRequest{TenantID: maple}).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
	})
}
