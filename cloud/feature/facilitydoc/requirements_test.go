package facilitydoc_test

import (
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/pdf/pdftest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const reqBase = "/api/system/facilityDocRequirement"

func requirementDefs(t *testing.T, c *servertest.Client, query string) []shared.FacilityDocRequirementDef {
	t.Helper()
	var out []shared.FacilityDocRequirementDef
	c.Get(t, reqBase+"/list"+query).OK(t).Into(t, &out)
	return out
}

func defOf(t *testing.T, defs []shared.FacilityDocRequirementDef, code string) shared.FacilityDocRequirementDef {
	t.Helper()
	for _, d := range defs {
		if d.Code == code {
			return d
		}
	}
	t.Fatalf("no requirement %s", code)
	return shared.FacilityDocRequirementDef{}
}

func saveDef(t *testing.T, c *servertest.Client, d shared.FacilityDocRequirementDef) shared.FacilityDocRequirementDef {
	t.Helper()
	var out shared.FacilityDocRequirementDef
	c.Post(t, reqBase+"/save", d).OK(t).Into(t, &out)
	return out
}

func hasItem(ins shared.FacilityInspections, code string) bool {
	for _, it := range ins.Items {
		if it.Code == code {
			return true
		}
	}
	return false
}

// The super admin edits the required set and the home's checklist follows on
// its next call: a requirement's own expiring-soon window turns the licence
// EXPIRING_SOON, a new requirement is MISSING, a retired one is missing no
// more while its documents stay listed, a retired one takes no new document,
// and a default validity and signatures come with an upload. Every edit is in
// the platform audit log.
func TestRequiredSetEditsReachTheHomesNextCall(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")

		defs := requirementDefs(t, admin, "")
		items := 0
		for _, d := range defs {
			items += len(d.CheckItems)
			if d.Names.EnUS == "" || d.Names.EsES == "" || d.Names.ZhCN == "" || d.Source == "" || d.RetiredAt != 0 {
				t.Fatalf("seeded requirement %+v", d)
			}
		}
		if len(defs) != 13 || items != 43 {
			t.Fatalf("seeded set: %d requirements, %d check items", len(defs), items)
		}
		if b := requirementDefs(t, admin, "?category=BUILDING_SAFETY"); len(b) != 3 || b[0].Code != "BUILDING_INSPECTION" {
			t.Fatalf("building and safety: %+v", b)
		}
		lic := defOf(t, defs, "LICENSE")
		if lic.Names.EsES == "" || !lic.ExpiryRequired || len(lic.CheckItems) != 4 || lic.CheckItems[0].Code != "LIC_NUMBER" ||
			len(lic.CheckItems[0].Keywords) == 0 || lic.CheckItems[0].Labels.ZhCN == "" {
			t.Fatalf("licence: %+v", lic)
		}

		ins := checklist(t, owner, "")
		missing := ins.MissingCount
		today := ins.Today
		if it := statusOf(t, ins, "LICENSE"); it.Names != lic.Names || it.ExpiringSoonDays != 30 {
			t.Fatalf("the home's licence line: %+v", it)
		}
		uploadDoc(t, e, owner, map[string]string{"category": "LICENSING_COMPLIANCE", "requirementCode": "LICENSE",
			"name": "Adult family home license", "validFrom": day(today, -400), "expiresOn": day(today, 45)})
		if it := statusOf(t, checklist(t, owner, ""), "LICENSE"); it.Status != shared.FacilityDocDone {
			t.Fatalf("a licence 45 days from expiry, warned 30 days before: %s", it.Status)
		}

		// Warn 60 days before the licence expires, and rename it.
		lic.ExpiringSoonDays = 60
		lic.Names.EnUS = "Adult family home license (DSHS)"
		saved := saveDef(t, admin, lic)
		if saved.ExpiringSoonDays != 60 || saved.Names.EnUS != "Adult family home license (DSHS)" || saved.UpdateTime == 0 ||
			saved.UpdatedBy == "" || saved.Documents != 1 || len(saved.CheckItems) != 4 {
			t.Fatalf("saved licence: %+v", saved)
		}
		ins = checklist(t, owner, "")
		if it := statusOf(t, ins, "LICENSE"); it.Status != shared.FacilityDocExpiringSoon || it.ExpiringSoonDays != 60 ||
			it.Names.EnUS != "Adult family home license (DSHS)" {
			t.Fatalf("after the edit: %+v", it)
		}

		// A new requirement is missing in every home at once.
		co := saveDef(t, admin, shared.FacilityDocRequirementDef{Category: shared.FacilityDocBuilding,
			Names:  shared.FacilityDocNames{EnUS: "Carbon monoxide alarms", EsES: "Alarmas de monóxido de carbono", ZhCN: "一氧化碳报警器"},
			Source: "WAC 388-76-10805 (example)", ValidityMonths: 12, SignaturesRequired: true,
			CheckItems: []shared.FacilityDocCheckItemDef{{Labels: shared.FacilityDocLabels{EnUS: "Lists an alarm on each level"},
				Source: "WAC 388-76-10805", Keywords: []string{" Each Level ", "cada nivel", "each level"}}}})
		if co.Code != "CARBON_MONOXIDE_ALARMS" || co.Sort <= 30 || len(co.CheckItems) != 1 || co.CheckItems[0].Code != "CARBON_MONOXIDE_ALARMS_ITEM" ||
			strings.Join(co.CheckItems[0].Keywords, "|") != "each level|cada nivel" {
			t.Fatalf("new requirement: %+v", co)
		}
		ins = checklist(t, owner, "")
		if it := statusOf(t, ins, "CARBON_MONOXIDE_ALARMS"); it.Status != shared.FacilityDocMissing || ins.MissingCount != missing ||
			it.Names.ZhCN != "一氧化碳报警器" || !it.SignaturesRequired || it.ValidityMonths != 12 {
			t.Fatalf("new requirement in the home (missing %d, was %d with the licence): %+v", ins.MissingCount, missing, it)
		}
		// The printed report names it as the set does, in the reader's language with the English beside.
		text, _ := pdftest.Extract(t, owner.Get(t, "/api/care/inspection/print?lang=es-ES").Body)
		if flat := strings.Join(strings.Fields(text), " "); !strings.Contains(flat, "Alarmas de monóxido de carbono (Carbon monoxide alarms)") {
			t.Errorf("the Spanish report lacks the new requirement:\n%s", text)
		}
		// Its upload is valid for 12 months by default and needs signatures.
		v := uploadDoc(t, e, owner, map[string]string{"category": "BUILDING_SAFETY", "requirementCode": co.Code,
			"name": "CO alarm check", "validFrom": "2026-03-01"})
		if v.ExpiresOn != "2027-02-28" || !v.SignaturesRequired || v.AwaitingSignatures != 1 {
			t.Fatalf("upload with the requirement's defaults: %+v", v)
		}

		// Retired: missing nowhere, its documents still listed; no new document.
		var retired shared.FacilityDocRequirementDef
		admin.Post(t, reqBase+"/retire", shared.FacilityDocRequirementCodeRequest{Code: "LICENSE"}).OK(t).Into(t, &retired)
		if retired.RetiredAt == 0 {
			t.Fatalf("retired: %+v", retired)
		}
		ins = checklist(t, owner, "")
		if hasItem(ins, "LICENSE") || ins.ExpiringSoonCount != 0 {
			t.Fatalf("a retired requirement on the checklist: %+v", ins)
		}
		var docs []shared.FacilityDocument
		owner.Post(t, base+"/listFacilityFiles", shared.FacilityFilesFilter{RequirementCode: "LICENSE"}).OK(t).Into(t, &docs)
		if len(docs) != 1 || len(docs[0].Versions) != 1 || docs[0].Versions[0].File.URL == "" {
			t.Fatalf("the retired requirement's documents: %+v", docs)
		}
		filetest.Post(t, e, owner, base+"/uploadFacilityInitFile", map[string]string{"category": "LICENSING_COMPLIANCE",
			"requirementCode": "LICENSE", "name": "License", "expiresOn": day(today, 300)}, filetest.Part{Name: "l.pdf", Data: filetest.PDF()}).
			Is(t, http.StatusOK, shared.CodeValidation)
		admin.Post(t, reqBase+"/retire", shared.FacilityDocRequirementCodeRequest{Code: "LICENSE"}).Is(t, http.StatusOK, shared.CodeConflict)
		admin.Post(t, reqBase+"/retire", shared.FacilityDocRequirementCodeRequest{Code: co.Code}).OK(t)
		if ins = checklist(t, owner, ""); hasItem(ins, co.Code) || ins.MissingCount != missing-1 {
			t.Fatalf("after retiring the new one too: missing %d: %+v", ins.MissingCount, ins.Items)
		}
		if n := len(requirementDefs(t, admin, "")); n != 14 {
			t.Fatalf("retired requirements stay in the set: %d", n)
		}
		admin.Post(t, reqBase+"/restore", shared.FacilityDocRequirementCodeRequest{Code: "LICENSE"}).OK(t)
		admin.Post(t, reqBase+"/restore", shared.FacilityDocRequirementCodeRequest{Code: "LICENSE"}).Is(t, http.StatusOK, shared.CodeConflict)
		if it := statusOf(t, checklist(t, owner, ""), "LICENSE"); it.Status != shared.FacilityDocExpiringSoon {
			t.Fatalf("restored licence: %s", it.Status)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action LIKE 'facilityDocRequirement.%' AND entity = 'facilityDocRequirement'`); n != 5 {
			t.Fatalf("audit rows: %d", n)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'facilityDocRequirement.save' AND entity_id = 'LICENSE'
			AND before_json LIKE '%Adult family home license"%' AND after_json LIKE '%(DSHS)%'`); n != 1 {
			t.Fatalf("the licence edit's before and after: %d", n)
		}
	})
}

// A check item the super admin adds is in the next compliance check: the
// rules-only check reports it covered with the document's own line, and the
// report names it in every language.
func TestCheckItemAddedReachesTheRulesCheck(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ext := upload(t, e, owner, map[string]string{"category": "BUILDING_SAFETY", "requirementCode": "FIRE_EXTINGUISHERS", "name": "Extinguishers"},
			filetest.Part{Name: "ext.pdf", Data: filetest.TextPDF(t, "Facility document", "Fire safety log of Maple House.",
				"The extinguisher by the kitchen door was inspected by Cascade Fire on 2026-03-02.", "Staff practised with it in the garage.")})
		runCheck(t, owner, ext.VersionID)
		e.DrainJobs(t)
		if a := analysis(t, owner, ext.VersionID); len(a.Items) != 3 || a.Items[0].Labels == nil || a.Items[0].Labels.EsES == "" {
			t.Fatalf("before: %+v", a)
		}

		fire := defOf(t, requirementDefs(t, admin, "?category=BUILDING_SAFETY"), "FIRE_EXTINGUISHERS")
		fire.CheckItems = append(fire.CheckItems[1:], shared.FacilityDocCheckItemDef{ // the type item removed, one added
			Labels: shared.FacilityDocLabels{EnUS: "Says staff practised using it", EsES: "Indica que el personal practicó su uso", ZhCN: "说明员工练习过使用"},
			Source: "WAC 388-76-10810", Keywords: []string{"practised", "practiced", "practicó", "练习"}})
		saved := saveDef(t, admin, fire)
		added := saved.CheckItems[2]
		if len(saved.CheckItems) != 3 || saved.CheckItems[0].Code != "FIRE_SERVICE" || added.Code != "FIRE_EXTINGUISHERS_ITEM" {
			t.Fatalf("saved items: %+v", saved.CheckItems)
		}
		runCheck(t, owner, ext.VersionID)
		e.DrainJobs(t)
		a := analysis(t, owner, ext.VersionID)
		if a.Method != shared.FacilityDocCheckByRules || len(a.Items) != 3 || a.CoveredCount != 3 {
			t.Fatalf("after: %+v", a)
		}
		got := item(t, a, added.Code)
		if !got.Covered || got.Evidence[0].Page != 3 || !strings.Contains(got.Evidence[0].Quote, "practised") ||
			got.Label != "Says staff practised using it" || got.Labels == nil || got.Labels.ZhCN != "说明员工练习过使用" {
			t.Fatalf("the added item: %+v", got)
		}
	})
}

// Only the super admin edits the required set: owners, admins and caregivers
// of any home (another tenant and a free plan too) are refused; edits are
// checked with their bounds and change nothing when refused.
func TestRequiredSetAccessAndBounds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		lic := defOf(t, requirementDefs(t, admin, ""), "LICENSE")
		for name, c := range map[string]*servertest.Client{
			"owner": e.SignIn(t, "owner_evergreen", "Maple House AFH"), "other home's owner": e.SignIn(t, "owner_birch"),
			"admin": e.SignIn(t, "admin_maple"), "caregiver": e.SignIn(t, "caregiver_maple1"),
		} {
			c.Get(t, reqBase+"/list").Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, reqBase+"/save", lic).Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, reqBase+"/retire", shared.FacilityDocRequirementCodeRequest{Code: "LICENSE"}).Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, reqBase+"/restore", shared.FacilityDocRequirementCodeRequest{Code: "LICENSE"}).Is(t, http.StatusOK, shared.CodeForbidden)
			_ = name
		}
		bad := func(change func(d *shared.FacilityDocRequirementDef), field string) {
			t.Helper()
			x := lic
			x.CheckItems = append([]shared.FacilityDocCheckItemDef{}, lic.CheckItems...)
			change(&x)
			r := admin.Post(t, reqBase+"/save", x).Is(t, http.StatusOK, shared.CodeValidation)
			if !strings.Contains(string(r.Data), field) {
				t.Errorf("%s: %s", field, r.Body)
			}
		}
		bad(func(d *shared.FacilityDocRequirementDef) { d.Names.EnUS = "  " }, "names.en-US")
		bad(func(d *shared.FacilityDocRequirementDef) { d.Names.EsES = strings.Repeat("a", 101) }, "names.es-ES")
		bad(func(d *shared.FacilityDocRequirementDef) { d.Source = "" }, "source")
		bad(func(d *shared.FacilityDocRequirementDef) { d.ValidityMonths = 121 }, "validityMonths")
		bad(func(d *shared.FacilityDocRequirementDef) { d.ExpiringSoonDays = -1 }, "expiringSoonDays")
		bad(func(d *shared.FacilityDocRequirementDef) { d.Category = shared.FacilityDocPolicies }, "category")
		bad(func(d *shared.FacilityDocRequirementDef) { d.CheckItems[1].Keywords = []string{"a|b"} }, "checkItems[1]")
		bad(func(d *shared.FacilityDocRequirementDef) { d.CheckItems[0].Keywords = []string{" "} }, "checkItems[0]")
		bad(func(d *shared.FacilityDocRequirementDef) { d.CheckItems[0].Code = "EDP_FOOD" }, "checkItems[0]")
		bad(func(d *shared.FacilityDocRequirementDef) { d.CheckItems[2].Labels.EnUS = "" }, "checkItems")
		r := admin.Post(t, reqBase+"/save", func() shared.FacilityDocRequirementDef { x := lic; x.Names.EnUS = ""; return x }()).
			Is(t, http.StatusOK, shared.CodeValidation)
		if r.Message == "" {
			t.Errorf("no message: %s", r.Body)
		}
		admin.Post(t, reqBase+"/retire", shared.FacilityDocRequirementCodeRequest{Code: "NO_SUCH"}).Is(t, http.StatusOK, shared.CodeNotFound)
		if after := defOf(t, requirementDefs(t, admin, ""), "LICENSE"); after.UpdateTime != 0 || len(after.CheckItems) != 4 {
			t.Fatalf("a refused edit changed the licence: %+v", after)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE entity = 'facilityDocRequirement'`); n != 0 {
			t.Fatalf("refused edits audited: %d", n)
		}
	})
}
