package facilitydoc_test

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

const base = "/api/system/tenant"

func checklist(t *testing.T, c *servertest.Client, query string) shared.FacilityInspections {
	t.Helper()
	var out shared.FacilityInspections
	c.Get(t, base+"/getFacilityFileInspections"+query).OK(t).Into(t, &out)
	return out
}

func statusOf(t *testing.T, ins shared.FacilityInspections, code string) shared.FacilityRequirement {
	t.Helper()
	for _, it := range ins.Items {
		if it.Code == code {
			return it
		}
	}
	t.Fatalf("no checklist item %s in %+v", code, ins.Items)
	return shared.FacilityRequirement{}
}

func day(today string, days int) string {
	d, err := time.Parse(time.DateOnly, today)
	if err != nil {
		panic(err)
	}
	return d.AddDate(0, 0, days).Format(time.DateOnly)
}

func uploadDoc(t *testing.T, e *servertest.Env, c *servertest.Client, fields map[string]string) shared.FacilityDocVersion {
	t.Helper()
	var v shared.FacilityDocVersion
	filetest.Post(t, e, c, base+"/uploadFacilityInitFile", fields, filetest.Part{Name: "doc.pdf", Data: filetest.PDF()}).OK(t).Into(t, &v)
	return v
}

func sidebar(t *testing.T, c *servertest.Client) shared.SidebarReminderCount {
	t.Helper()
	var out shared.SidebarReminderCount
	c.Get(t, "/api/care/resident/sidebarReminderCount").OK(t).Into(t, &out)
	return out
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// Every status of the checklist, computed on the facility's day by the
// server's clock: an expired licence, its renewal, an insurance expiring, a
// plan not yet in force, a revised notice; then a month later.
func TestChecklistStatusesFollowTheClock(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ins := checklist(t, owner, "")
		if ins.MissingCount != len(ins.Items) || len(ins.Items) < 12 || ins.ExpiringSoonDays != 30 {
			t.Fatalf("a home with no document: %+v", ins)
		}
		for _, it := range ins.Items {
			if it.Status != shared.FacilityDocMissing || it.Source == "" {
				t.Fatalf("item %+v", it)
			}
		}
		today := ins.Today
		lic := func(validFrom, expiresOn, renewal string) shared.FacilityDocVersion {
			return uploadDoc(t, e, owner, map[string]string{"category": "LICENSING_COMPLIANCE", "requirementCode": "LICENSE",
				"name": "Adult family home license", "docType": "License", "validFrom": validFrom, "expiresOn": expiresOn, "renewal": renewal})
		}
		old := lic(day(today, -400), day(today, -35), "false")
		if old.Version != 1 || old.File.Category != shared.FileFacilityDocument || old.UploadedOn != today || old.UploaderName == "" {
			t.Fatalf("first licence %+v", old)
		}
		if it := statusOf(t, checklist(t, owner, ""), "LICENSE"); it.Status != shared.FacilityDocExpired {
			t.Fatalf("expired licence: %s", it.Status)
		}
		renewed := lic(day(today, -1), day(today, 364), "true")
		if renewed.Version != 2 || renewed.DocumentID != old.DocumentID || !renewed.Renewal {
			t.Fatalf("renewal %+v", renewed)
		}
		uploadDoc(t, e, owner, map[string]string{"category": "LICENSING_COMPLIANCE", "requirementCode": "LIABILITY_INSURANCE",
			"name": "Liability insurance", "expiresOn": day(today, 20)})
		uploadDoc(t, e, owner, map[string]string{"category": "BUILDING_SAFETY", "requirementCode": "SMOKE_DETECTORS",
			"name": "Smoke detector check", "validFrom": day(today, 10)})
		uploadDoc(t, e, owner, map[string]string{"category": "EMERGENCY_PREPAREDNESS", "requirementCode": "EMERGENCY_DISASTER_PLAN",
			"name": "Disaster plan", "signaturesRequired": "true", "signer": "Grace Lin", "signaturesCompleted": "true"})
		first := uploadDoc(t, e, owner, map[string]string{"category": "RULES_POLICIES", "requirementCode": "RESIDENT_RIGHTS_NOTICE", "name": "Rights notice"})
		second := uploadDoc(t, e, owner, map[string]string{"category": "RULES_POLICIES", "documentId": first.DocumentID, "name": "Rights notice, 2026"})
		if second.Version != 2 || second.RequirementCode != "RESIDENT_RIGHTS_NOTICE" {
			t.Fatalf("a revision by document id: %+v", second)
		}
		ins = checklist(t, owner, "")
		for code, want := range map[string]shared.FacilityDocStatus{
			"LICENSE": shared.FacilityDocRenewed, "LIABILITY_INSURANCE": shared.FacilityDocExpiringSoon,
			"SMOKE_DETECTORS": shared.FacilityDocUpcoming, "EMERGENCY_DISASTER_PLAN": shared.FacilityDocDone,
			"RESIDENT_RIGHTS_NOTICE": shared.FacilityDocUpdated, "FIRE_EXTINGUISHERS": shared.FacilityDocMissing,
		} {
			if it := statusOf(t, ins, code); it.Status != want {
				t.Errorf("today: %s is %s, want %s", code, it.Status, want)
			}
		}
		if ins.ExpiredCount != 0 || ins.ExpiringSoonCount != 1 || ins.MissingCount != len(ins.Items)-5 {
			t.Errorf("counts %d expired, %d soon, %d missing", ins.ExpiredCount, ins.ExpiringSoonCount, ins.MissingCount)
		}
		if it := statusOf(t, ins, "LICENSE"); it.VersionCount != 2 || it.Current == nil || it.Current.VersionID != renewed.VersionID {
			t.Errorf("licence item %+v", it)
		}
		// The filter by status keeps the home's counts.
		if f := checklist(t, owner, "?status=EXPIRING_SOON"); len(f.Items) != 1 || f.Items[0].Code != "LIABILITY_INSURANCE" || f.MissingCount != ins.MissingCount {
			t.Errorf("filtered %+v", f)
		}
		// Both versions are listed, newest first, and the old one stays readable.
		var docs []shared.FacilityDocument
		owner.Post(t, base+"/listFacilityFiles", shared.FacilityFilesFilter{RequirementCode: "LICENSE"}).OK(t).Into(t, &docs)
		if len(docs) != 1 || len(docs[0].Versions) != 2 || docs[0].Versions[0].Version != 2 || docs[0].Versions[1].VersionID != old.VersionID {
			t.Fatalf("licence versions %+v", docs)
		}
		resp, err := http.Get(e.HTTP.URL + docs[0].Versions[1].File.URL)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("the first licence's file: %v %v", resp, err)
		}
		resp.Body.Close()
		owner.Post(t, base+"/listFacilityFiles", shared.FacilityFilesFilter{Category: shared.FacilityDocPolicies}).OK(t).Into(t, &docs)
		if len(docs) != 1 || len(docs[0].Versions) != 2 {
			t.Fatalf("policies %+v", docs)
		}

		// 31 days later: recent changes settle to DONE, the plan is in force, the insurance has expired.
		e.Clock.Advance(31 * 24 * time.Hour)
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ins = checklist(t, owner, "")
		for code, want := range map[string]shared.FacilityDocStatus{
			"LICENSE": shared.FacilityDocDone, "LIABILITY_INSURANCE": shared.FacilityDocExpired,
			"SMOKE_DETECTORS": shared.FacilityDocDone, "RESIDENT_RIGHTS_NOTICE": shared.FacilityDocDone,
		} {
			if it := statusOf(t, ins, code); it.Status != want {
				t.Errorf("a month later: %s is %s, want %s", code, it.Status, want)
			}
		}
		// The dashboard card counts the same, each line linking to its filter.
		var cards []shared.DashboardCard
		owner.Get(t, "/api/system/dashboard/listCards").OK(t).Into(t, &cards)
		found := false
		for _, c := range cards {
			if c.Key != "facilityDocuments" {
				continue
			}
			found = true
			if c.Items[0].Count != ins.MissingCount || c.Items[1].Count != 1 || c.Items[2].Count != 0 ||
				c.Items[1].Link != "/inspection-status?status=EXPIRED" || c.Items[1].Tone != shared.ToneDanger {
				t.Errorf("card %+v", c)
			}
		}
		if !found {
			t.Error("no facility documents card for the owner")
		}
		// The sidebar's badge of /inspection-status counts the card's three lines.
		if n := sidebar(t, owner).FacilityDocumentCount; n != ins.MissingCount+ins.ExpiredCount+ins.ExpiringSoonCount || n == 0 {
			t.Errorf("sidebar facilityDocumentCount %d, checklist %d missing, %d expired, %d soon", n, ins.MissingCount, ins.ExpiredCount, ins.ExpiringSoonCount)
		}
		// The warning window is the parameter facilityDocs.expiringSoonDays.
		e.SignIn(t, "superadmin").Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "facilityDocs.expiringSoonDays", Value: "365"}).OK(t)
		ins = checklist(t, owner, "")
		if it := statusOf(t, ins, "LICENSE"); it.Status != shared.FacilityDocExpiringSoon || ins.ExpiringSoonDays != 365 {
			t.Errorf("with 365 days' warning the licence is %s (%d)", it.Status, ins.ExpiringSoonDays)
		}
	})
}

// Who may call: owners and admins of a home whose plan has the inspection
// page; a caregiver, a free-plan owner and another home's owner get nothing of
// this home; bad input is refused and stores nothing.
func TestAccessAndBounds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		admin := e.SignIn(t, "admin_maple")
		lic := map[string]string{"category": "LICENSING_COMPLIANCE", "requirementCode": "LICENSE", "name": "License", "expiresOn": "2099-01-01"}
		mine := uploadDoc(t, e, admin, lic)

		carer := e.SignIn(t, "caregiver_maple1")
		carer.Get(t, base+"/getFacilityFileInspections").Is(t, http.StatusOK, shared.CodeForbidden)
		carer.Post(t, base+"/listFacilityFiles", shared.FacilityFilesFilter{}).Is(t, http.StatusOK, shared.CodeForbidden)
		filetest.Post(t, e, carer, base+"/uploadFacilityInitFile", lic, filetest.Part{Name: "x.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeForbidden)

		if n := sidebar(t, carer).FacilityDocumentCount; n != 0 {
			t.Errorf("a caregiver's sidebar counts %d facility documents", n)
		}

		free := e.SignIn(t, "owner_birch")
		if n := sidebar(t, free).FacilityDocumentCount; n != 0 {
			t.Errorf("a free-plan owner's sidebar counts %d facility documents", n)
		}
		free.Get(t, base+"/getFacilityFileInspections").Is(t, http.StatusOK, shared.CodeFunctionMissing)
		filetest.Post(t, e, free, base+"/uploadFacilityInitFile", lic, filetest.Part{Name: "x.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeFunctionMissing)

		// Cedar is on the essential plan: its owner works there, and sees nothing of Maple House.
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		if ins := checklist(t, cedar, ""); statusOf(t, ins, "LICENSE").Status != shared.FacilityDocMissing {
			t.Fatal("Cedar sees Maple House's licence")
		}
		if n, all := sidebar(t, cedar).FacilityDocumentCount, len(checklist(t, cedar, "").Items); n != all {
			t.Errorf("Cedar has no document: its sidebar counts %d of %d", n, all)
		}
		var docs []shared.FacilityDocument
		cedar.Post(t, base+"/listFacilityFiles", shared.FacilityFilesFilter{}).OK(t).Into(t, &docs)
		if len(docs) != 0 {
			t.Fatalf("Cedar lists %+v", docs)
		}
		other := map[string]string{"category": "LICENSING_COMPLIANCE", "documentId": mine.DocumentID, "name": "x"}
		filetest.Post(t, e, cedar, base+"/uploadFacilityInitFile", other, filetest.Part{Name: "x.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeNotFound)

		before := count(t, d, `SELECT COUNT(*) FROM files`)
		for name, bad := range map[string]map[string]string{
			"unknown category":         {"category": "KITCHEN", "name": "x"},
			"name too long":            {"category": "RULES_POLICIES", "name": strings.Repeat("n", shared.FacilityDocNameMax+1)},
			"no name":                  {"category": "RULES_POLICIES", "name": "  "},
			"expires before valid":     {"category": "RULES_POLICIES", "name": "x", "validFrom": "2026-05-01", "expiresOn": "2026-04-30"},
			"not a date":               {"category": "RULES_POLICIES", "name": "x", "expiresOn": "2026-13-01"},
			"item of another category": {"category": "RULES_POLICIES", "requirementCode": "LICENSE", "name": "x", "expiresOn": "2099-01-01"},
			"unknown item":             {"category": "RULES_POLICIES", "requirementCode": "NOPE", "name": "x"},
			"licence without expiry":   {"category": "LICENSING_COMPLIANCE", "requirementCode": "LICENSE", "name": "x"},
			"signer too long":          {"category": "RULES_POLICIES", "name": "x", "signer": strings.Repeat("s", shared.FacilityDocSignerMax+1)},
		} {
			r := filetest.Post(t, e, owner, base+"/uploadFacilityInitFile", bad, filetest.Part{Name: "x.pdf", Data: filetest.PDF()})
			if err := r.Check(http.StatusOK, shared.CodeValidation); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
		filetest.Post(t, e, owner, base+"/uploadFacilityInitFile", map[string]string{"category": "RULES_POLICIES", "name": "x"}).Is(t, http.StatusOK, shared.CodeValidation)
		filetest.Post(t, e, owner, base+"/uploadFacilityInitFile", map[string]string{"category": "RULES_POLICIES", "name": "x"},
			filetest.Part{Name: "x.pdf", Data: []byte("not a pdf at all")}).Is(t, http.StatusOK, shared.CodeValidation)
		owner.Get(t, base+"/getFacilityFileInspections?category=KITCHEN").Is(t, http.StatusOK, shared.CodeValidation)
		owner.Post(t, base+"/listFacilityFiles", map[string]string{"category": "KITCHEN"}).Is(t, http.StatusOK, shared.CodeValidation)
		if after := count(t, d, `SELECT COUNT(*) FROM files`); after != before {
			t.Fatalf("refused uploads stored %d files", after-before)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'facilityDocument.upload'`); n != 1 {
			t.Fatalf("%d upload audit rows", n)
		}
	})
}

// Signatures collected in the product and the approval step feed the status:
// a version with a signature or its approval outstanding is not in force.
// Each named owner or admin signs with their own sign-in, once; a
// free-plan owner, another home and someone not named cannot sign.
func TestSignaturesAndApproval(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		admin := e.SignIn(t, "admin_maple")
		ownerID, adminID := e.UserID(t, "owner_evergreen"), e.UserID(t, "admin_maple")
		var signers []shared.FacilityDocSignature
		owner.Get(t, base+"/listFacilityDocSigners").OK(t).Into(t, &signers)
		carerID := e.UserID(t, "caregiver_maple1")
		if !slices.ContainsFunc(signers, func(g shared.FacilityDocSignature) bool { return g.UserID == adminID && g.Name != "" }) ||
			!slices.ContainsFunc(signers, func(g shared.FacilityDocSignature) bool { return g.UserID == carerID && g.Name != "" }) ||
			slices.ContainsFunc(signers, func(g shared.FacilityDocSignature) bool { return g.UserID == e.UserID(t, "caregiver_cedar1") }) {
			t.Fatalf("signers (the home's owners, admins and caregivers) %+v", signers)
		}
		e.SignIn(t, "caregiver_maple1").Get(t, base+"/listFacilityDocSigners").Is(t, http.StatusOK, shared.CodeForbidden)
		plan := func(extra map[string]string) map[string]string {
			f := map[string]string{"category": "EMERGENCY_PREPAREDNESS", "requirementCode": "EMERGENCY_DISASTER_PLAN", "name": "Disaster plan"}
			for k, v := range extra {
				f[k] = v
			}
			return f
		}
		// Refused signers: without the flag, another home's caregiver, someone of no account here.
		for name, f := range map[string]map[string]string{
			"signers without signatures required": plan(map[string]string{"signerIds": adminID}),
			"another home's caregiver as signer":  plan(map[string]string{"signaturesRequired": "true", "signerIds": e.UserID(t, "caregiver_cedar1")}),
			"an unknown signer":                   plan(map[string]string{"signaturesRequired": "true", "signerIds": "nobody"}),
		} {
			r := filetest.Post(t, e, owner, base+"/uploadFacilityInitFile", f, filetest.Part{Name: "p.pdf", Data: filetest.PDF()})
			if err := r.Check(http.StatusOK, shared.CodeValidation); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}

		v := uploadDoc(t, e, owner, plan(map[string]string{"signaturesRequired": "true", "signerIds": adminID + ", " + ownerID + "," + adminID, "isApprovalStep": "true"}))
		if v.AwaitingSignatures != 2 || !v.AwaitingApproval || len(v.Signatures) != 2 || v.SignaturesCompleted || v.Signatures[0].Name == "" {
			t.Fatalf("uploaded %+v", v)
		}
		status := func() shared.FacilityRequirement {
			return statusOf(t, checklist(t, owner, ""), "EMERGENCY_DISASTER_PLAN")
		}
		if it := status(); it.Status != shared.FacilityDocMissing || it.Current == nil || it.Current.AwaitingSignatures != 2 {
			t.Fatalf("an unsigned plan is not on file: %+v", it)
		}
		sign := func(c *servertest.Client) *servertest.Response {
			return c.Post(t, base+"/signFacilityDocument", shared.FacilityDocSignRequest{VersionID: v.VersionID})
		}
		approve := func(c *servertest.Client) *servertest.Response {
			return c.Post(t, base+"/approveFacilityDocument", shared.FacilityDocSignRequest{VersionID: v.VersionID})
		}
		approve(owner).Is(t, http.StatusOK, shared.CodeConflict)                        // signatures first
		sign(e.SignIn(t, "caregiver_maple1")).Is(t, http.StatusOK, shared.CodeNotFound) // not named
		sign(e.SignIn(t, "owner_birch")).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		sign(e.SignIn(t, "owner_evergreen", "Cedar Home AFH")).Is(t, http.StatusOK, shared.CodeNotFound)

		e.Clock.Advance(time.Minute)
		var signed shared.FacilityDocVersion
		sign(admin).OK(t).Into(t, &signed)
		if signed.AwaitingSignatures != 1 || signed.Signatures[0].UserID != adminID || signed.Signatures[0].SignedAt != e.Clock.Now().UnixMilli() {
			t.Fatalf("the admin signed: %+v", signed)
		}
		sign(admin).Is(t, http.StatusOK, shared.CodeConflict)
		sign(owner).OK(t).Into(t, &signed)
		if signed.AwaitingSignatures != 0 || !signed.SignaturesCompleted || !signed.AwaitingApproval {
			t.Fatalf("both signed: %+v", signed)
		}
		if it := status(); it.Status != shared.FacilityDocMissing {
			t.Fatalf("signed but not approved: %s", it.Status)
		}
		approve(admin).OK(t).Into(t, &signed)
		if signed.AwaitingApproval || signed.Signatures[len(signed.Signatures)-1].Role != shared.FacilityDocApprover {
			t.Fatalf("approved: %+v", signed)
		}
		approve(owner).Is(t, http.StatusOK, shared.CodeConflict)
		if it := status(); it.Status != shared.FacilityDocDone {
			t.Fatalf("signed and approved: %s", it.Status)
		}
		for action, want := range map[string]int{"facilityDocument.sign": 2, "facilityDocument.approve": 1} {
			if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = ?`, action); n != want {
				t.Errorf("%d %s audit rows, want %d", n, action, want)
			}
		}

		// Paper signatures: required and not marked complete, the version is not in force.
		uploadDoc(t, e, owner, map[string]string{"category": "RULES_POLICIES", "requirementCode": "DISCLOSURE_OF_SERVICES", "name": "Disclosure", "signaturesRequired": "true"})
		if it := statusOf(t, checklist(t, owner, ""), "DISCLOSURE_OF_SERVICES"); it.Status != shared.FacilityDocMissing || it.Current.AwaitingSignatures != 1 {
			t.Fatalf("unsigned paper: %+v", it)
		}
		// Not an approval step.
		other := uploadDoc(t, e, owner, map[string]string{"category": "RULES_POLICIES", "name": "House rules"})
		owner.Post(t, base+"/approveFacilityDocument", shared.FacilityDocSignRequest{VersionID: other.VersionID}).Is(t, http.StatusOK, shared.CodeConflict)
	})
}

// A caregiver named to sign sees the versions waiting for her signature and
// signs with her own sign-in (time-stamped, audited); she reads nothing else
// of the library, and a caregiver not named, or of another home, cannot sign.
func TestCaregiverSigns(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		carer, other, cedar := e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "caregiver_maple2"), e.SignIn(t, "caregiver_cedar1")
		carerID := e.UserID(t, "caregiver_maple1")
		v := uploadDoc(t, e, owner, map[string]string{"category": "RULES_POLICIES", "name": "Resident rights policy", "signaturesRequired": "true", "signerIds": carerID})
		if v.AwaitingSignatures != 1 || len(v.Signatures) != 1 || v.Signatures[0].UserID != carerID {
			t.Fatalf("uploaded %+v", v)
		}
		toSign := func(c *servertest.Client) []shared.FacilityDocVersion {
			var out []shared.FacilityDocVersion
			c.Get(t, base+"/listFacilityDocsToSign").OK(t).Into(t, &out)
			return out
		}
		if got := toSign(carer); len(got) != 1 || got[0].VersionID != v.VersionID || got[0].Name != "Resident rights policy" || got[0].File.URL == "" {
			t.Fatalf("the caregiver's documents to sign: %+v", got)
		}
		for _, c := range []*servertest.Client{other, cedar, owner} {
			if got := toSign(c); len(got) != 0 {
				t.Errorf("not named, yet asked to sign: %+v", got)
			}
		}
		sign := func(c *servertest.Client) *servertest.Response {
			return c.Post(t, base+"/signFacilityDocument", shared.FacilityDocSignRequest{VersionID: v.VersionID})
		}
		sign(other).Is(t, http.StatusOK, shared.CodeNotFound)
		sign(cedar).Is(t, http.StatusOK, shared.CodeNotFound)
		carer.Post(t, base+"/listFacilityFiles", shared.FacilityFilesFilter{}).Is(t, http.StatusOK, shared.CodeForbidden)
		carer.Post(t, base+"/approveFacilityDocument", shared.FacilityDocSignRequest{VersionID: v.VersionID}).Is(t, http.StatusOK, shared.CodeForbidden)

		e.Clock.Advance(2 * time.Minute)
		var signed shared.FacilityDocVersion
		sign(carer).OK(t).Into(t, &signed)
		if signed.AwaitingSignatures != 0 || !signed.SignaturesCompleted || signed.Signatures[0].SignedAt != e.Clock.Now().UnixMilli() {
			t.Fatalf("signed %+v", signed)
		}
		sign(carer).Is(t, http.StatusOK, shared.CodeConflict)
		if got := toSign(carer); len(got) != 0 {
			t.Errorf("still to sign: %+v", got)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'facilityDocument.sign' AND actor_id = ? AND entity_id = ?`, carerID, v.VersionID); n != 1 {
			t.Errorf("%d signature audit rows by the caregiver", n)
		}
	})
}
