package carerecord_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/pdf/pdftest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The print range (spec 001 §9): dates required, start not after end, data
// must exist, at most 1000 records; the PDF opens and holds the notes,
// Chinese included.
func TestPrintRange(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 30, 20, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		rose := newResident(t, owner, "Rose")
		path := func(start, end, include string) string {
			return fmt.Sprintf("%s/print?residentId=%s&startDate=%s&endDate=%s&include=%s", pn, rose.ResidentID, start, end, include)
		}
		r := carer.Get(t, path("2027-06-01", "2027-06-30", ""))
		r.Is(t, 200, shared.CodeNotFound)
		if !strings.Contains(r.Message, "no progress notes") {
			t.Errorf("empty range: %q", r.Message)
		}
		carer.Get(t, hm+"/print?residentId="+rose.ResidentID+"&startDate=2027-06-01&endDate=2027-06-30").Is(t, 200, shared.CodeNotFound)
		carer.Get(t, path("2027-06-30", "2027-06-01", "")).Is(t, 200, shared.CodeValidation)
		carer.Get(t, fmt.Sprintf("%s/print?residentId=%s&endDate=2027-06-30", pn, rose.ResidentID)).Is(t, 200, shared.CodeValidation)

		// 1000 notes in June (written straight to the table: the range rule is what is tested).
		ctx := context.Background()
		author := e.UserID(t, "caregiver_maple1")
		tenantID := e.FacilityID(t, maple)
		err := d.InTx(ctx, func(tx *db.Tx) error {
			for i := range 1000 {
				at := local(2027, 6, 1+i%29, 8+i%12, i%60).UnixMilli()
				text := fmt.Sprintf("Routine note %d.", i)
				if i == 7 {
					text = "晚饭后散步，心情很好。"
				}
				if _, err := tx.ExecContext(ctx, `INSERT INTO progress_notes (id, tenant_id, resident_id, report_date, day, note_type, notes, language,
					author_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'OTHER', ?, 'en-US', ?, ?, ?)`,
					uuid.Must(uuid.NewV7()).String(), tenantID, rose.ResidentID, at, fmt.Sprintf("2027-06-%02d", 1+i%29), text, author, at, at); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		r = carer.Get(t, path("2027-06-01", "2027-06-30", ""))
		if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("1000 notes: %d %s %.300s", r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		text, pages := pdftest.Extract(t, r.Body)
		flat := strings.Join(strings.Fields(text), " ")
		for _, want := range []string{"Progress notes", "Rose Test", "Routine note 999", "晚饭后散步", "Page 1 of"} {
			if !strings.Contains(flat, want) {
				t.Errorf("the printout lacks %q", want)
			}
		}
		if pages < 10 {
			t.Errorf("1000 notes on %d pages", pages)
		}
		// One reading more: 1001 records with include=BOTH.
		carer.Post(t, hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: rose.ResidentID, TakenAt: local(2027, 6, 15, 9, 0).UnixMilli(),
			Readings: []shared.HealthReadingInput{{Metric: shared.MetricWeight, Value: 140}}}).OK(t)
		r = carer.Get(t, path("2027-06-01", "2027-06-30", "BOTH"))
		r.Is(t, 200, shared.CodeValidation)
		if !strings.Contains(r.Message, "1001") {
			t.Errorf("1001 records: %q", r.Message)
		}
		// The readings alone print.
		r = carer.Get(t, hm+"/print?residentId="+rose.ResidentID+"&startDate=2027-06-01&endDate=2027-06-30&paper=A4")
		if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("readings: %d %.300s", r.Status, r.Body)
		}
		text, _ = pdftest.Extract(t, r.Body)
		if flat := strings.Join(strings.Fields(text), " "); !strings.Contains(flat, "Weight") || !strings.Contains(flat, "140 lb") {
			t.Errorf("the readings printout: %s", text)
		}
	})
}

// The print range maximum is the run-time parameter report.printMaxRecords:
// the super admin may lower spec 001 §9's 1000 (never raise it), and the next
// printout past the lowered limit is refused naming it.
func TestPrintLimitIsAParameter(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 30, 20, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		carer := e.SignIn(t, "caregiver_maple1")
		admin := e.SignIn(t, "superadmin")
		rose := newResident(t, owner, "Rose")
		for _, day := range []int{10, 11} {
			carer.Post(t, hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: rose.ResidentID, TakenAt: local(2027, 6, day, 9, 0).UnixMilli(),
				Readings: []shared.HealthReadingInput{{Metric: shared.MetricWeight, Value: 140}}}).OK(t)
		}
		path := hm + "/print?residentId=" + rose.ResidentID + "&startDate=2027-06-01&endDate=2027-06-30"
		if r := carer.Get(t, path); r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("two readings under the default limit: %d %.300s", r.Status, r.Body)
		}
		admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "report.printMaxRecords", Value: "1001"}).
			Is(t, 200, shared.CodeValidation)
		owner.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "report.printMaxRecords", Value: "1"}).
			Is(t, 200, shared.CodeForbidden)
		admin.Post(t, "/api/system/params/update", shared.UpdateParamRequest{Key: "report.printMaxRecords", Value: "1"}).OK(t)
		r := carer.Get(t, path).Is(t, 200, shared.CodeValidation)
		if !strings.Contains(r.Message, "2 records, more than the 1") {
			t.Errorf("past the lowered limit: %q", r.Message)
		}
		admin.Post(t, "/api/system/params/reset", shared.ParamKeyRequest{Key: "report.printMaxRecords"}).OK(t)
		if r := carer.Get(t, path); r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("after the reset: %d %.300s", r.Status, r.Body)
		}
	})
}
