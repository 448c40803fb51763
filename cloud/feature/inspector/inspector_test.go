package inspector_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const base = "/api/system/inspector"

const inspectorMail = "ines.inspector@dshs.example"

// issue creates a link as c and answers it with the token of the mail the inspector got.
func issue(t *testing.T, e *servertest.Env, c *servertest.Client, req shared.InspectorLinkRequest) (shared.InspectorLink, string) {
	t.Helper()
	var l shared.InspectorLink
	c.Post(t, base+"/createInspectorLink", req).OK(t).Into(t, &l)
	token := e.LinkToken(t, req.Email)
	if !strings.HasSuffix(l.URL, "/inspector?token="+token) {
		t.Fatalf("the link answered %q is not the one mailed (%s)", l.URL, token)
	}
	return l, token
}

// signIn asks for a code and signs in with it: a client holding the inspector's token.
func signIn(t *testing.T, e *servertest.Env, token, email string) (*servertest.Client, shared.InspectorSession) {
	t.Helper()
	c := e.Client()
	var sent shared.InspectorCodeSent
	c.Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).OK(t).Into(t, &sent)
	if sent.MaskedEmail != email[:1]+"***"+email[strings.IndexByte(email, '@'):] || sent.ResendAfterSeconds != 60 {
		t.Fatalf("code sent: %+v", sent)
	}
	var s shared.InspectorSession
	c.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: e.Code(t, email)}).OK(t).Into(t, &s)
	c.Token = s.Token
	return c, s
}

func residentOf(t *testing.T, d *db.DB, tenantID string) string {
	t.Helper()
	var id string
	if err := d.QueryRowContext(context.Background(), `SELECT id FROM residents WHERE tenant_id = ? ORDER BY id LIMIT 1`, tenantID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// An owner issues a link sharing residents' records, MARs and facility
// documents with downloads; the inspector signs in with the e-mailed code
// and reads exactly that: other areas, another home's records, writes and
// every other route are refused; each view and download is in the owner's
// activity list; a revoked link ends the session on its next call.
func TestInspectorLinkScopeAuditAndRevocation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		doc := filetest.Post(t, e, owner, "/api/system/tenant/uploadFacilityInitFile", map[string]string{"category": "EMERGENCY_PREPAREDNESS",
			"name": "Disaster plan"}, filetest.Part{Name: "plan.pdf", Data: filetest.PDF()}).OK(t)
		var version shared.FacilityDocVersion
		doc.Into(t, &version)

		link, token := issue(t, e, owner, shared.InspectorLinkRequest{InspectorName: "Ines Inspector", Email: inspectorMail, Days: 3,
			Areas: []shared.InspectorArea{shared.InspectorAreaDocuments, shared.InspectorAreaResidents, shared.InspectorAreaMARs}, Downloads: true})
		if link.Status != shared.InspectorLinkActive || !slices.Equal(link.Areas, []shared.InspectorArea{"RESIDENTS", "MARS", "FACILITY_DOCS"}) ||
			link.ExpiresAt != e.Clock.Now().Add(72*time.Hour).UnixMilli() {
			t.Fatalf("link %+v", link)
		}
		if m := e.LastMail(t, inspectorMail); !strings.Contains(m.Body, "Maple House AFH") || !strings.Contains(m.Subject, "Maple House AFH") {
			t.Errorf("link mail %+v", m)
		}

		// The code: a second one waits 60 s; a wrong one counts a try.
		anon := e.Client()
		anon.Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).OK(t)
		anon.Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).Is(t, http.StatusOK, shared.CodeResendTooSoon)
		code := e.Code(t, inspectorMail)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		r := anon.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: wrong}).Is(t, http.StatusOK, shared.CodeVerifyCodeWrong)
		if r.Message != "The code is wrong. 4 attempts left." {
			t.Errorf("wrong code: %q", r.Message)
		}
		anon.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: "not-a-link", Code: code}).Is(t, http.StatusOK, shared.CodeTokenInvalid)
		var s shared.InspectorSession
		anon.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: code}).OK(t).Into(t, &s)
		anon.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: code}).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
		insp := e.Client()
		insp.Token = s.Token

		var g shared.InspectorGrant
		insp.Get(t, base+"/getInspectorGrant").OK(t).Into(t, &g)
		if g.FacilityName != "Maple House AFH" || g.InspectorName != "Ines Inspector" || !g.Downloads || len(g.Areas) != 3 {
			t.Errorf("grant %+v", g)
		}

		// What is shared answers, from this home only.
		var residents []shared.InspectorResident
		insp.Get(t, base+"/listInspectorResidents").OK(t).Into(t, &residents)
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM residents WHERE tenant_id = ?`, maple).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if len(residents) != n || n == 0 {
			t.Fatalf("%d residents listed, Maple has %d", len(residents), n)
		}
		mapleResident, cedarResident := residents[0].ID, residentOf(t, d, cedar)
		var rec shared.InspectorResidentRecord
		insp.Get(t, base+"/getInspectorResident?id="+mapleResident).OK(t).Into(t, &rec)
		if rec.Name != residents[0].Name || rec.DOB == "" {
			t.Errorf("record %+v", rec)
		}
		var mar shared.InspectorMAR
		insp.Get(t, base+"/getInspectorMar?id="+mapleResident).OK(t).Into(t, &mar)
		if mar.Resident.ID != mapleResident || mar.Medications == nil {
			t.Errorf("MAR %+v", mar)
		}
		var docs []shared.InspectorDocument
		insp.Get(t, base+"/listInspectorDocuments").OK(t).Into(t, &docs)
		if len(docs) != 1 || docs[0].Name != "Disaster plan" || docs[0].File.ID != version.File.FileID {
			t.Fatalf("documents %+v", docs)
		}
		got := insp.Get(t, base+"/downloadInspectorFile?id="+version.File.FileID)
		if got.Status != http.StatusOK || got.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(got.Body), "%PDF") {
			t.Errorf("download: %d %s", got.Status, got.Header.Get("Content-Type"))
		}

		// Areas not shared, another home's records and files: refused.
		for _, path := range []string{"/getInspectorNotes?id=" + mapleResident, "/listInspectorIncidents", "/listInspectorStaff"} {
			r := insp.Get(t, base+path).Is(t, http.StatusOK, shared.CodeForbidden)
			if r.Message != "This inspection link does not share this part of the home's records." {
				t.Errorf("%s: %q", path, r.Message)
			}
		}
		for _, path := range []string{"/getInspectorResident?id=" + cedarResident, "/getInspectorMar?id=" + cedarResident} {
			insp.Get(t, base+path).Is(t, http.StatusOK, shared.CodeNotFound)
		}
		cedarOwner := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		cedarFile := filetest.MustUpload(t, e, cedarOwner, shared.FileOther, filetest.Part{Name: "x.pdf", Data: filetest.PDF()})[0]
		insp.Get(t, base+"/downloadInspectorFile?id="+cedarFile.FileID).Is(t, http.StatusOK, shared.CodeNotFound)
		ownFile := filetest.MustUpload(t, e, owner, shared.FileOther, filetest.Part{Name: "y.pdf", Data: filetest.PDF()})[0]
		insp.Get(t, base+"/downloadInspectorFile?id="+ownFile.FileID).Is(t, http.StatusOK, shared.CodeNotFound) // Maple's, but in no shared area

		// No other route lets the inspector in: reading, writing, the owner's own calls.
		for _, rq := range []servertest.Request{
			{Path: "/api/system/user/getUserInfo"},
			{Path: "/api/care/resident/listResidentByPage", Body: map[string]any{"current": 1, "size": 10, "data": map[string]any{}}},
			{Path: "/api/system/tenant/listFacilityFiles", Body: map[string]any{}},
			{Path: "/api/system/tenant/signFacilityDocument", Body: shared.FacilityDocSignRequest{VersionID: version.VersionID}},
			{Path: base + "/listInspectorLinks"},
			{Path: base + "/createInspectorLink", Body: shared.InspectorLinkRequest{InspectorName: "X", Email: "x@example.com", Days: 1, Areas: []shared.InspectorArea{"STAFF"}}},
			{Path: "/api/system/dev/outbox"},
		} {
			insp.Do(t, rq).Is(t, http.StatusOK, shared.CodeForbidden)
		}

		// The owner sees each sign-in, view and download; another home sees none of it.
		var act []shared.InspectorActivity
		owner.Post(t, base+"/listInspectorActivity", shared.InspectorLinkID{ID: link.ID}).OK(t).Into(t, &act)
		var pages []string
		for _, a := range slices.Backward(act) {
			pages = append(pages, a.Action+":"+a.Page)
		}
		want := []string{"SIGN_IN:", "VIEW:residents", "VIEW:resident", "VIEW:mar", "VIEW:documents", "DOWNLOAD:download"}
		if !slices.Equal(pages, want) {
			t.Errorf("activity %v, want %v", pages, want)
		}
		if act[0].Subject != "plan.pdf" || act[0].Area != shared.InspectorAreaDocuments || act[2].Subject != rec.Name {
			t.Errorf("activity %+v", act)
		}
		var links []shared.InspectorLink
		owner.Get(t, base+"/listInspectorLinks").OK(t).Into(t, &links)
		if len(links) != 1 || links[0].Views != 5 || links[0].CreatedBy == "" || links[0].URL != "" {
			t.Errorf("links %+v", links)
		}
		cedarOwner.Get(t, base+"/listInspectorLinks").OK(t).Into(t, &links)
		if len(links) != 0 {
			t.Errorf("Cedar lists Maple's link: %+v", links)
		}
		cedarOwner.Post(t, base+"/listInspectorActivity", shared.InspectorLinkID{ID: link.ID}).Is(t, http.StatusOK, shared.CodeNotFound)
		cedarOwner.Post(t, base+"/revokeInspectorLink", shared.InspectorLinkID{ID: link.ID}).Is(t, http.StatusOK, shared.CodeNotFound)
		carer := e.SignIn(t, "caregiver_maple1")
		carer.Get(t, base+"/listInspectorLinks").Is(t, http.StatusOK, shared.CodeForbidden)
		carer.Post(t, base+"/revokeInspectorLink", shared.InspectorLinkID{ID: link.ID}).Is(t, http.StatusOK, shared.CodeForbidden)

		// Revoked: the next call ends the session, and the link gives no more codes.
		var revoked shared.InspectorLink
		owner.Post(t, base+"/revokeInspectorLink", shared.InspectorLinkID{ID: link.ID}).OK(t).Into(t, &revoked)
		if revoked.Status != shared.InspectorLinkRevoked || revoked.RevokedAt == 0 {
			t.Errorf("revoked %+v", revoked)
		}
		owner.Post(t, base+"/revokeInspectorLink", shared.InspectorLinkID{ID: link.ID}).Is(t, http.StatusOK, shared.CodeConflict)
		r = insp.Get(t, base+"/listInspectorDocuments").Is(t, http.StatusGone, shared.CodeSessionRevoked)
		if r.Message != "This inspection link has ended: it expired or the home revoked it." {
			t.Errorf("after revocation: %q", r.Message)
		}
		e.Client().Post(t, base+"/refreshInspectorToken", shared.InspectorRefreshRequest{RefreshToken: s.RefreshToken}).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		e.Client().Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).Is(t, http.StatusOK, shared.CodeTokenInvalid)
		var audits int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE tenant_id = ? AND entity = 'inspector_link' AND entity_id = ? AND action LIKE 'inspectorLink.%'`,
			maple, link.ID).Scan(&audits); err != nil || audits != 2 {
			t.Errorf("owner's audit rows (create, revoke): %d %v", audits, err)
		}
	})
}

// A link works until its end by the server's clock: the session and its
// refresh answer 410 once it has passed. Refreshing before rotates the token.
func TestInspectorLinkExpires(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Cedar Home AFH") // an essential plan has the inspection page
		_, token := issue(t, e, owner, shared.InspectorLinkRequest{InspectorName: "Ines", Email: inspectorMail, Days: 1,
			Areas: []shared.InspectorArea{shared.InspectorAreaStaff, shared.InspectorAreaNotes}})
		insp, s := signIn(t, e, token, inspectorMail)
		var staff []shared.InspectorStaffMember
		insp.Get(t, base+"/listInspectorStaff").OK(t).Into(t, &staff)
		if len(staff) == 0 {
			t.Fatal("Cedar's staff files are empty")
		}
		insp.Get(t, base+"/listInspectorDocuments").Is(t, http.StatusOK, shared.CodeForbidden)
		// Downloads were not allowed.
		insp.Get(t, base+"/downloadInspectorFile?id=anything").Is(t, http.StatusOK, shared.CodeForbidden)

		e.Clock.Advance(23 * time.Hour)
		var next shared.InspectorSession
		e.Client().Post(t, base+"/refreshInspectorToken", shared.InspectorRefreshRequest{RefreshToken: s.RefreshToken}).OK(t).Into(t, &next)
		e.Client().Post(t, base+"/refreshInspectorToken", shared.InspectorRefreshRequest{RefreshToken: s.RefreshToken}).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		insp.Token = next.Token
		insp.Get(t, base+"/listInspectorStaff").OK(t)

		// Ten minutes before the end, a token good for 15 more minutes; the end passes while it is still good.
		e.Clock.Advance(50 * time.Minute)
		e.Client().Post(t, base+"/refreshInspectorToken", shared.InspectorRefreshRequest{RefreshToken: next.RefreshToken}).OK(t).Into(t, &next)
		insp.Token = next.Token
		insp.Get(t, base+"/listInspectorStaff").OK(t)
		e.Clock.Advance(11 * time.Minute)
		insp.Get(t, base+"/listInspectorStaff").Is(t, http.StatusGone, shared.CodeSessionRevoked)
		e.Client().Post(t, base+"/refreshInspectorToken", shared.InspectorRefreshRequest{RefreshToken: next.RefreshToken}).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		e.Client().Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).Is(t, http.StatusOK, shared.CodeTokenInvalid)
		var links []shared.InspectorLink
		e.SignIn(t, "owner_evergreen", "Cedar Home AFH").Get(t, base+"/listInspectorLinks").OK(t).Into(t, &links)
		if len(links) != 1 || links[0].Status != shared.InspectorLinkExpired {
			t.Errorf("links %+v", links)
		}
	})
}

// Codes are limited: one a minute, five an hour per link; five wrong tries spend a code.
func TestInspectorCodeLimits(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "admin_maple")
		_, token := issue(t, e, owner, shared.InspectorLinkRequest{InspectorName: "Ines", Email: inspectorMail, Days: 14,
			Areas: []shared.InspectorArea{shared.InspectorAreaIncidents}})
		c := e.Client()
		for i := range 5 {
			c.Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).OK(t)
			if i == 0 {
				code := e.Code(t, inspectorMail)
				for try := 1; try <= 5; try++ {
					bad := "99999" + string(rune('0'+try))
					if bad == code {
						continue
					}
					want := shared.CodeVerifyCodeWrong
					if try == 5 {
						want = shared.CodeVerifyCodeExpire
					}
					c.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: bad}).Is(t, http.StatusOK, want)
				}
				c.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: code}).Is(t, http.StatusOK, shared.CodeVerifyCodeExpire)
			}
			e.Clock.Advance(61 * time.Second)
		}
		r := c.Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).Is(t, http.StatusOK, shared.CodeRateLimited)
		if !strings.Contains(r.Message, "Too many codes") {
			t.Errorf("6th code: %q", r.Message)
		}
		e.Clock.Advance(time.Hour)
		c.Post(t, base+"/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).OK(t)
		// The newest code signs in (an older one would not).
		var s shared.InspectorSession
		c.Post(t, base+"/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: e.Code(t, inspectorMail)}).OK(t).Into(t, &s)
		c.Token = s.Token
		c.Get(t, base+"/listInspectorIncidents").OK(t)
	})
}

// Who may issue links, and what a link may be.
func TestInspectorLinkRequestRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ok := shared.InspectorLinkRequest{InspectorName: "Ines", Email: inspectorMail, Days: 14, Areas: []shared.InspectorArea{"STAFF"}}
		for name, req := range map[string]shared.InspectorLinkRequest{
			"15 days":    {InspectorName: "Ines", Email: inspectorMail, Days: 15, Areas: ok.Areas},
			"0 days":     {InspectorName: "Ines", Email: inspectorMail, Days: 0, Areas: ok.Areas},
			"bad e-mail": {InspectorName: "Ines", Email: "ines at dshs", Days: 3, Areas: ok.Areas},
			"no area":    {InspectorName: "Ines", Email: inspectorMail, Days: 3, Areas: []shared.InspectorArea{}},
			"odd area":   {InspectorName: "Ines", Email: inspectorMail, Days: 3, Areas: []shared.InspectorArea{"BILLING"}},
			"no name":    {InspectorName: "  ", Email: inspectorMail, Days: 3, Areas: ok.Areas},
		} {
			if r := owner.Post(t, base+"/createInspectorLink", req); r.Code != shared.CodeValidation {
				t.Errorf("%s: %s %s", name, r.Code, r.Message)
			}
		}
		owner.Post(t, base+"/createInspectorLink", ok).OK(t)
		e.SignIn(t, "caregiver_maple1").Post(t, base+"/createInspectorLink", ok).Is(t, http.StatusOK, shared.CodeForbidden)
		e.SignIn(t, "owner_birch").Post(t, base+"/createInspectorLink", ok).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		e.SignIn(t, "superadmin").Post(t, base+"/createInspectorLink", ok).Is(t, http.StatusOK, shared.CodeForbidden)
		e.Client().Post(t, base+"/createInspectorLink", ok).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
	})
}
