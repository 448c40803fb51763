package facilitydoc_test

import (
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/doctext"
	"hearth/cloud/platform/doctext/doctexttest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// A facility document may be a Word document or an iPhone photo of the paper
// (HEIC): each is stored with its own type and extension and checked like a
// PDF or a scan. A HEIC has no thumbnail (the server cannot resize it), and a
// zip that is not a Word document is refused with its message.
func TestWordDocumentsAndHEICPhotosAreChecked(t *testing.T) {
	t.Parallel()
	docx := doctexttest.DOCX(t, "Fire safety log of Maple House.", "The extinguisher by the kitchen door was inspected by Cascade Fire on 2026-03-02.")
	heic := doctexttest.HEIC(t, filetest.Scan(t, filetest.TextPDF(t, "Facility document",
		"Smoke detector test. Every bedroom and the upstairs hallway have a detector; each was tested and works.")))
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ext := upload(t, e, owner, map[string]string{"category": "BUILDING_SAFETY", "requirementCode": "FIRE_EXTINGUISHERS", "name": "Extinguishers"},
			filetest.Part{Name: "extinguishers.docx", Data: docx})
		if f := ext.File; f.ContentType != doctext.DOCX || f.Suffix != "docx" || f.Name != "extinguishers.docx" || f.ThumbURL != "" {
			t.Errorf("the Word document's file: %+v", f)
		}
		runCheck(t, owner, ext.VersionID)
		e.DrainJobs(t)
		a := analysis(t, owner, ext.VersionID)
		if a.State != shared.FacilityDocAnalysisDone || a.PagesRead != 2 || a.OCRPages != 0 {
			t.Fatalf("Word document report: %+v", a)
		}
		if loc := item(t, a, "FIRE_LOCATION"); !loc.Covered || loc.Evidence[0].Page != 2 || !strings.Contains(loc.Evidence[0].Quote, "kitchen door") {
			t.Errorf("location: %+v", loc)
		}

		smk := upload(t, e, owner, map[string]string{"category": "BUILDING_SAFETY", "requirementCode": "SMOKE_DETECTORS", "name": "Smoke detectors"},
			filetest.Part{Name: "IMG_0007.heic", Data: heic})
		if f := smk.File; f.ContentType != doctext.HEIC || f.Suffix != "heic" || f.ThumbURL != "" {
			t.Errorf("the HEIC's file: %+v", f)
		}
		owner.Get(t, files+"/downloadAndCompressImage?fileId="+smk.File.FileID+"&width=200&height=200").Is(t, http.StatusOK, shared.CodeValidation)
		runCheck(t, owner, smk.VersionID)
		e.DrainJobs(t)
		a = analysis(t, owner, smk.VersionID)
		if a.State != shared.FacilityDocAnalysisDone || a.OCRPages != 1 || a.PagesRead != 1 {
			t.Fatalf("HEIC report: %+v", a)
		}
		if loc := item(t, a, "SMK_LOCATIONS"); !loc.Covered || !strings.Contains(strings.ToLower(loc.Evidence[0].Quote), "bedroom") {
			t.Errorf("locations from the photo: %+v", loc)
		}

		zip := doctexttest.Zip(t, doctexttest.Entry{Name: "log.txt", Body: strings.NewReader("Fire safety log")})
		r := filetest.Post(t, e, owner, base+"/uploadFacilityInitFile", map[string]string{"category": "BUILDING_SAFETY",
			"requirementCode": "FIRE_EXTINGUISHERS", "name": "Extinguishers"}, filetest.Part{Name: "log.zip", Data: zip})
		if r.Is(t, http.StatusOK, shared.CodeValidation); !strings.Contains(r.Message, "log.zip") || !strings.Contains(r.Message, "Word document") {
			t.Errorf("the zip: %q", r.Message)
		}
	})
}
