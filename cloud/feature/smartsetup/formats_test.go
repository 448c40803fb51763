package smartsetup_test

import (
	"bytes"
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

// Papers as a Word document (Rose's face sheet in a table, her pharmacy MAR
// on a second page) and as an iPhone photo (HEIC, Juan's Spanish face sheet)
// are read like PDFs: the rules fill the draft with each value's page and
// quote. A zip that is not a Word document and a Word document that unpacks
// to 64 MB are refused, each with its own message, while the others go on.
// The stored papers keep their type and extension and download as they came.
func TestWordDocumentsAndHEICPhotos(t *testing.T) {
	t.Parallel()
	docx := doctexttest.DOCX(t, "FACE SHEET\nResident Name:\tRose Okafor\nDate of Birth:\t03/14/1941\nAllergies:\tPenicillin, shellfish", marRose)
	heic := doctexttest.HEIC(t, filetest.Scan(t, filetest.TextPDF(t, "Resident papers", faceSheetJuan)))
	notes := doctexttest.Zip(t, doctexttest.Entry{Name: "rose.txt", Body: strings.NewReader(faceSheetRose)})
	bomb := doctexttest.DOCXBomb(t, 64<<20)
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		b := uploadFiles(t, e, owner, nil,
			filetest.Part{Name: "rose.docx", Data: docx, ContentType: doctext.DOCX},
			filetest.Part{Name: "rose-notes.zip", Data: notes},
			filetest.Part{Name: "IMG_0412.HEIC", Data: heic},
			filetest.Part{Name: "huge.docx", Data: bomb})
		refused := map[string]string{}
		for _, f := range b.Refused {
			refused[f.Name] = f.ErrorMessage
		}
		if len(b.Groups) != 2 || len(refused) != 2 {
			t.Fatalf("upload: %+v", b)
		}
		if m := refused["rose-notes.zip"]; !strings.Contains(m, "Word document") || !strings.Contains(m, "other files go on") {
			t.Errorf("the plain zip: %q", m)
		}
		if m := refused["huge.docx"]; !strings.Contains(m, "huge.docx") || !strings.Contains(m, "16 MB") {
			t.Errorf("the bomb: %q", m)
		}
		owner.Post(t, ss+"/start", shared.SmartSetupBatchRequest{BatchID: b.BatchID}).OK(t)
		e.DrainJobs(t)

		b = batchOf(t, owner, b.BatchID)
		rose, juan := groupNamed(t, b, "Rose Okafor"), groupNamed(t, b, "Juan Herrera")
		if f := rose.Files[0]; f.ContentType != doctext.DOCX || f.TotalPages != 2 || f.OCRPages != 0 || f.ErrorMessage != "" {
			t.Errorf("the Word document: %+v", f)
		}
		if f := juan.Files[0]; f.ContentType != doctext.HEIC || f.OCRPages != 1 || f.ErrorMessage != "" {
			t.Errorf("the HEIC photo: %+v", f)
		}
		dr := draftOf(t, owner, rose.GroupID)
		p := dr.Profile
		if p.FirstName.Value != "Rose" || p.LastName.Value != "Okafor" || p.DOB.Value != "1941-03-14" || p.DOB.Page != 1 ||
			!strings.Contains(p.DOB.Quote, "03/14/1941") || !strings.Contains(p.Allergies.Value, "Penicillin") {
			t.Errorf("Rose's profile from the table: %+v", p)
		}
		if len(dr.Medications) == 0 {
			t.Fatalf("no medications: %+v", dr)
		}
		if m := dr.Medications[0]; m.Name.Value != "Metformin" || m.Dose.Value != "500 mg" || m.Route.Value != "by mouth" ||
			m.Frequency.Value != "twice daily" || m.Name.Page != 2 || !strings.Contains(m.Name.Quote, "Metformin 500 mg") {
			t.Errorf("Metformin on page 2: %+v", m)
		}
		if jd := draftOf(t, owner, juan.GroupID); jd.Profile.FirstName.Value != "Juan" || jd.Profile.DOB.Value != "1938-11-02" {
			t.Errorf("Juan's profile from the photo: %+v", jd.Profile)
		}
		for _, c := range []struct {
			fileID, contentType, name string
			data                      []byte
		}{{rose.Files[0].FileID, doctext.DOCX, "rose.docx", docx}, {juan.Files[0].FileID, doctext.HEIC, "IMG_0412.HEIC", heic}} {
			r := owner.Get(t, "/api/system/files/downloadByPath?path="+c.fileID)
			if r.Status != http.StatusOK || r.Header.Get("Content-Type") != c.contentType || !bytes.Equal(r.Body, c.data) ||
				!strings.Contains(r.Header.Get("Content-Disposition"), `filename="`+c.name+`"`) {
				t.Errorf("download of %s: %d %v", c.name, r.Status, r.Header)
			}
		}
	})
}
