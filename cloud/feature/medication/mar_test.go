package medication_test

import (
	"context"
	"hearth/cloud/platform/people"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/pdf/pdftest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The printed monthly MAR reads back (pdftotext) with every drug, the
// initials of whoever gave each pass, the codes of a refusal, the PRN dose
// with its reason and result, a Chinese drug name, and the labels in the
// reader's language; an empty month, a month ahead and a malformed month are
// refused with the spec's messages.
func TestPrintedMAR(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		v := newEnv(t, e)
		ctx := context.Background()
		setClock(e, local(2027, 3, 10, 6, 0))
		met := order(v.peggy, "Metformin", "08:00", "20:00")
		met.Dose, met.StartDate = "500 mg", "2027-03-01"
		metformin := v.save(t, met)
		asp := order(v.peggy, "阿司匹林", "08:00")
		asp.Dose, asp.StartDate = "81 mg", "2027-03-01"
		aspirin := v.save(t, asp)
		prn := order(v.peggy, "Acetaminophen")
		prn.Type, prn.Times, prn.Dose, prn.StartDate = shared.MedicationPRN, nil, "500 mg", "2027-03-01"
		acetaminophen := v.save(t, prn)

		setClock(e, local(2027, 3, 10, 8, 5))
		if _, err := v.give(v.carer, v.passes(t, metformin.MedicationID, "2027-03-10")[0].PassID, "mar-give-0001"); err != nil {
			t.Fatal(err)
		}
		if _, err := v.s.LogPass(ctx, v.carer2, shared.LogPassRequest{PassID: v.passes(t, aspirin.MedicationID, "2027-03-10")[0].PassID,
			ClientID: "mar-refuse-001", Outcome: shared.OutcomeRefused, Reason: "Spat the tablet out"}); err != nil {
			t.Fatal(err)
		}
		dose, err := v.s.LogPrn(ctx, v.carer, shared.LogPrnRequest{MedicationID: acetaminophen.MedicationID, ClientID: "mar-prn-00001",
			Reason: "Knee pain at breakfast"})
		if err != nil {
			t.Fatal(err)
		}
		setClock(e, local(2027, 3, 10, 9, 10))
		if _, err := v.s.PrnFollowUp(ctx, v.carer, shared.PrnFollowUpRequest{PassID: dose.PassID, Effective: true, Note: "Walking again"}); err != nil {
			t.Fatal(err)
		}
		setClock(e, local(2027, 3, 11, 12, 0)) // yesterday evening's and this morning's passes are missed (X)

		carer := e.SignIn(t, "caregiver_maple1")
		path := care + "/printMar?residentId=" + v.peggy + "&month=2027-03"
		r := carer.Get(t, path)
		if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("printMar: %d %s %.300s", r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		text, pages := pdftest.Extract(t, r.Body)
		flat := strings.Join(strings.Fields(text), " ")
		name := func(userID string) string {
			n, err := people.Name(ctx, d, userID)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		carerName, carer2Name := name(v.carer.UserID), name(v.carer2.UserID)
		for _, want := range []string{"Medication Administration Record", "Maple House", "Metformin 500 mg", "阿司匹林 81 mg", "Acetaminophen",
			shared.Initials(carerName), carerName, carer2Name, "Spat the tablet out", "Knee pain at breakfast", "Effective: Walking again",
			"Refused", "March 2027", "Page 1 of"} {
			if !strings.Contains(flat, want) {
				t.Errorf("the MAR lacks %q:\n%s", want, text)
			}
		}
		if pages < 1 {
			t.Errorf("%d pages", pages)
		}

		carer.Language = "zh-CN"
		text, _ = pdftest.Extract(t, carer.Get(t, path).Body)
		for _, want := range []string{"给药记录单", "2027年3月", "阿司匹林", "拒绝"} {
			if !strings.Contains(text, want) {
				t.Errorf("the Chinese MAR lacks %q:\n%s", want, text)
			}
		}
		carer.Language = "en-US"

		for _, c := range []struct{ month, code string }{
			{"1999-01", string(shared.CodeNotFound)},   // no order in force, nothing logged
			{"2027-05", string(shared.CodeValidation)}, // ahead of this month
			{"2027-3", string(shared.CodeValidation)},
			{"03-2027", string(shared.CodeValidation)},
		} {
			if r := carer.Get(t, care+"/printMar?residentId="+v.peggy+"&month="+c.month); r.Code != c.code {
				t.Errorf("month %s: code %s, want %s: %s", c.month, r.Code, c.code, r.Body)
			}
		}
		if r := e.SignIn(t, "owner_evergreen", "Cedar Home AFH").Get(t, path); r.Code != string(shared.CodeNotFound) {
			t.Errorf("another facility's owner: %s", r.Code)
		}
	})
}
