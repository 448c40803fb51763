package server_test

import (
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/pdf/pdftest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const inspectionPrintPath = "/api/care/inspection/print"

// The readiness page printed to hand over (issue 32): the three areas' scores,
// the residents and staff with a gap, the facility checklist with statuses and
// sources, in the reader's language with the English kept beside; only the
// caller's home; owners and admins on a plan with the inspection page.
func TestInspectionReportPrints(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		residents := area(t, owner, residentAreaPath)
		var withGap string
		for _, s := range residents.Subjects {
			if s.InOrder < s.Total {
				withGap = s.Name
				break
			}
		}
		if withGap == "" {
			t.Fatal("the demo should have a resident with a gap")
		}

		en := owner.Get(t, inspectionPrintPath)
		if en.Status != http.StatusOK || !strings.HasPrefix(string(en.Body), "%PDF") || en.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("print: %d %s %.80s", en.Status, en.Header.Get("Content-Type"), en.Body)
		}
		text, pages := pdftest.Extract(t, en.Body)
		flat := strings.Join(strings.Fields(text), " ")
		for _, want := range []string{"Inspection readiness report", "Maple House AFH", "Residents", "Staff", "Facility documents",
			withGap, "Adult family home license", "Missing", "WAC 388-76", "Received by (inspector)"} {
			if !strings.Contains(flat, want) {
				t.Errorf("the English report lacks %q (%d pages):\n%s", want, pages, text)
			}
		}
		if strings.Contains(flat, "(Adult family home license)") {
			t.Error("the English report repeats its English")
		}

		// Spanish by the query, Chinese by the caller's language: each label keeps its English.
		es := owner.Get(t, inspectionPrintPath+"?lang=es-ES&paper=A4")
		text, _ = pdftest.Extract(t, es.Body)
		flat = strings.Join(strings.Fields(text), " ")
		for _, want := range []string{"Informe de preparación para inspecciones", "Detectores de humo (Smoke detectors)", "Falta (Missing)", "Extintores (Fire extinguishers)"} {
			if !strings.Contains(flat, want) {
				t.Errorf("the Spanish report lacks %q:\n%s", want, text)
			}
		}
		zh := owner.Do(t, servertest.Request{Method: http.MethodGet, Path: inspectionPrintPath, Header: map[string]string{"Accept-Language": "zh-CN"}})
		text, _ = pdftest.Extract(t, zh.Body)
		flat = strings.Join(strings.Fields(text), " ")
		for _, want := range []string{"检查准备报告", "成人家庭护理院执照", "(Adult family home license)"} {
			if !strings.Contains(flat, want) {
				t.Errorf("the Chinese report lacks %q:\n%s", want, text)
			}
		}
		owner.Get(t, inspectionPrintPath+"?lang=fr-FR").Is(t, http.StatusOK, shared.CodeValidation)

		// Cedar's report is Cedar's: no Maple resident in it.
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		c := cedar.Get(t, inspectionPrintPath)
		text, _ = pdftest.Extract(t, c.Body)
		if !strings.Contains(text, "Cedar Home AFH") || strings.Contains(text, withGap) {
			t.Errorf("Cedar's report:\n%s", text)
		}
		e.SignIn(t, "caregiver_maple1").Get(t, inspectionPrintPath).Is(t, http.StatusOK, shared.CodeForbidden)
		e.SignIn(t, "owner_birch").Get(t, inspectionPrintPath).Is(t, http.StatusOK, shared.CodeFunctionMissing)
	})
}
