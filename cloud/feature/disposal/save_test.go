package disposal_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Spec 000 §5: required fields, a valid number, a valid date-time (not -1,
// not in seconds, not before the resident moved in: issue 26), a medication
// chosen (the resident's own), a custom method when the method is other (and
// a custom reason when the reason is). A refused record writes nothing.
func TestSaveValidation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Gus")
		other := newResident(t, owner, "Hal")
		pill := addMedication(t, e, tenant, r.ResidentID, med{name: "Lisinopril", status: "DISCONTINUED", stoppedAt: local(2027, 5, 30, 9, 0)})
		hers := addMedication(t, e, tenant, other.ResidentID, med{name: "Metoprolol"})
		cedar := newResident(t, e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), "Ivy")
		cedarPill := addMedication(t, e, e.FacilityID(t, "Cedar Home AFH"), cedar.ResidentID, med{name: "Aspirin"})

		for _, c := range []struct {
			name, field, rule string
			change            func(*shared.SaveDisposalRequest)
		}{
			{"no medication", "medicationId", "required", func(r *shared.SaveDisposalRequest) { r.MedicationID = "" }},
			{"another resident's medication", "medicationId", "ofResident", func(r *shared.SaveDisposalRequest) { r.MedicationID = hers }},
			{"another facility's medication", "medicationId", "ofResident", func(r *shared.SaveDisposalRequest) { r.MedicationID = cedarPill }},
			{"no method", "disposalMethod", "required", func(r *shared.SaveDisposalRequest) { r.DisposalMethod = "" }},
			{"other method without words", "customMethod", "required", func(r *shared.SaveDisposalRequest) {
				r.DisposalMethod, r.CustomMethod = shared.DisposalMethodOther, "   "
			}},
			{"no reason", "disposalReason", "required", func(r *shared.SaveDisposalRequest) { r.DisposalReason = "" }},
			{"other reason without words", "customReason", "required", func(r *shared.SaveDisposalRequest) { r.DisposalReason = shared.DisposalReasonOther }},
			{"no time", "disposalTime", "required", func(r *shared.SaveDisposalRequest) { r.DisposalTime = 0 }},
			{"a time in the future", "disposalTime", "notFuture", func(r *shared.SaveDisposalRequest) {
				r.DisposalTime = e.Clock.Now().Add(10 * time.Minute).UnixMilli()
			}},
			{"a time of -1", "disposalTime", "dateRange", func(r *shared.SaveDisposalRequest) { r.DisposalTime = -1 }},
			{"a time in seconds", "disposalTime", "dateRange", func(r *shared.SaveDisposalRequest) {
				r.DisposalTime = e.Clock.Now().Add(-time.Hour).Unix()
			}},
			{"before the resident moved in", "disposalTime", "beforeMoveIn", func(r *shared.SaveDisposalRequest) {
				r.DisposalTime = local(2024, 12, 31, 23, 59).UnixMilli() // moved in on 2025-01-01
			}},
			{"no pills", "pillsNumber", "range", func(r *shared.SaveDisposalRequest) { r.PillsNumber = 0 }},
			{"negative pills", "pillsNumber", "range", func(r *shared.SaveDisposalRequest) { r.PillsNumber = -3 }},
			{"too many pills", "pillsNumber", "maximum", func(r *shared.SaveDisposalRequest) { r.PillsNumber = shared.DisposalPillsMax + 1 }},
			{"a task of nobody's", "taskId", "ofResident", func(r *shared.SaveDisposalRequest) { r.TaskID = "0190f1a0-0000-7000-8000-000000000000" }},
		} {
			req := valid(e, r.ResidentID, pill)
			c.change(&req)
			resp := owner.Post(t, md+"/save", req).Is(t, http.StatusOK, shared.CodeValidation)
			var fes []shared.FieldError
			resp.Into(t, &fes)
			if len(fes) != 1 || fes[0].Field != c.field || fes[0].Rule != c.rule {
				t.Errorf("%s: %s", c.name, resp.Body)
			}
		}
		var page shared.Page[shared.MedicationDisposal]
		owner.Post(t, md+"/listByPage", shared.PageRequest[shared.DisposalFilter]{Current: 1, Size: 20, Data: shared.DisposalFilter{ResidentID: r.ResidentID}}).OK(t).Into(t, &page)
		if page.Total != 0 {
			t.Fatalf("a refused record was stored: %+v", page.Records)
		}

		// The bounds themselves pass; a method's words are kept only for OTHER.
		req := valid(e, r.ResidentID, pill)
		req.PillsNumber, req.CustomMethod = shared.DisposalPillsMax, "ignored"
		req.DisposalTime = e.Clock.Now().UnixMilli()
		if got := save(t, owner, req); got.CustomMethod != "" || got.PillsNumber != shared.DisposalPillsMax {
			t.Errorf("saved %+v", got)
		}
		req = valid(e, r.ResidentID, pill)
		req.PillsNumber = shared.DisposalPillsMin
		req.DisposalTime = local(2025, 1, 1, 0, 1).UnixMilli() // on the day the resident moved in
		req.DisposalMethod, req.CustomMethod = shared.DisposalMethodOther, "  Returned to the pharmacy  "
		req.DisposalReason, req.CustomReason = shared.DisposalReasonOther, "Damaged blister pack"
		if got := save(t, owner, req); got.CustomMethod != "Returned to the pharmacy" || got.CustomReason != "Damaged blister pack" {
			t.Errorf("saved %+v", got)
		}
		// The resident of another facility is not found.
		owner.Post(t, md+"/save", valid(e, cedar.ResidentID, cedarPill)).Is(t, http.StatusOK, shared.CodeNotFound)
	})
}

// A record copies the medication's order; an edit keeps the record before
// and after, who and when; an edit on an older version is refused (4009);
// an edit that changes nothing writes nothing. Every change is audited.
func TestEditKeepsHistory(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Joy")
		pill := addMedication(t, e, tenant, r.ResidentID, med{name: "Lisinopril", status: "DISCONTINUED", stoppedAt: local(2027, 5, 30, 9, 0)})
		patch := addMedication(t, e, tenant, r.ResidentID, med{name: "Fentanyl patch", status: "DISCONTINUED", stoppedAt: local(2027, 5, 30, 9, 0)})

		rec := save(t, owner, valid(e, r.ResidentID, pill))
		if rec.MedicationName != "Lisinopril" || rec.Dose != "10 mg" || rec.Route != shared.RouteOral || rec.Instructions != "With food" ||
			rec.Diagnosis != "Hypertension" || rec.RxNumber != "RX-1001" || rec.StartDate != "2025-01-01" || rec.MedicationType != shared.MedicationRoutine ||
			rec.Version != 1 || rec.CreatedByName != "Elena Martinez" || !rec.Editable || rec.ResidentName != "Joy Test" ||
			rec.MedicationStatus != shared.MedicationDiscontinued {
			t.Errorf("created %+v", rec)
		}

		setClock(e, local(2027, 6, 1, 11, 0))
		admin := e.SignIn(t, "admin_maple")
		edit := valid(e, r.ResidentID, patch)
		edit.RecordID, edit.Version = rec.RecordID, rec.Version
		edit.PillsNumber, edit.DisposalMethod, edit.CustomMethod = 3, shared.DisposalMethodOther, "Witnessed flush per FDA list"
		edited := save(t, admin, edit)
		if edited.Version != 2 || edited.MedicationName != "Fentanyl patch" || edited.PillsNumber != 3 || edited.UpdatedByName != "Grace Kim" ||
			edited.CreatedByName != "Elena Martinez" || edited.RecordID != rec.RecordID {
			t.Errorf("edited %+v", edited)
		}
		// The owner's form was opened on version 1: refused, nothing changes.
		stale := valid(e, r.ResidentID, pill)
		stale.RecordID, stale.Version, stale.PillsNumber = rec.RecordID, 1, 99
		owner = e.SignIn(t, "owner_evergreen", maple)
		owner.Post(t, md+"/save", stale).Is(t, http.StatusOK, shared.CodeConflict)
		// Saved again unchanged: no new version, no history.
		edit.Version = 2
		if again := save(t, admin, edit); again.Version != 2 {
			t.Errorf("unchanged save made version %d", again.Version)
		}

		var hist []shared.DisposalChange
		owner.Get(t, md+"/history?recordId="+rec.RecordID).OK(t).Into(t, &hist)
		if len(hist) != 2 {
			t.Fatalf("history: %+v", hist)
		}
		up, cr := hist[0], hist[1]
		if up.Action != shared.DisposalUpdated || up.ChangedByName != "Grace Kim" || up.ChangeTime != local(2027, 6, 1, 11, 0).UnixMilli() ||
			up.Before == nil || up.Before.PillsNumber != 14 || up.Before.MedicationName != "Lisinopril" ||
			up.After == nil || up.After.PillsNumber != 3 || up.After.CustomMethod != "Witnessed flush per FDA list" {
			t.Errorf("update change %+v", up)
		}
		for _, f := range []string{"medicationId", "medicationName", "disposalMethod", "customMethod", "pillsNumber"} {
			if !slices.Contains(up.Fields, f) {
				t.Errorf("changed fields %v lack %s", up.Fields, f)
			}
		}
		if slices.Contains(up.Fields, "disposalReason") || slices.Contains(up.Fields, "dose") {
			t.Errorf("unchanged fields listed: %v", up.Fields)
		}
		if cr.Action != shared.DisposalCreated || cr.Before != nil || cr.After == nil || cr.After.PillsNumber != 14 || cr.ChangedByName != "Elena Martinez" {
			t.Errorf("create change %+v", cr)
		}
		if n := auditCount(t, e, "medicationDisposal.create", rec.RecordID); n != 1 {
			t.Errorf("%d create audits", n)
		}
		if n := auditCount(t, e, "medicationDisposal.update", rec.RecordID); n != 1 {
			t.Errorf("%d update audits", n)
		}

		var got shared.MedicationDisposal
		e.SignIn(t, "caregiver_maple1").Get(t, md+"/getById?recordId="+rec.RecordID).OK(t).Into(t, &got)
		if got.PillsNumber != 3 || got.Editable {
			t.Errorf("caregiver reads %+v", got)
		}
		// An edit cannot move a record to another resident.
		other := newResident(t, owner, "Kit")
		move := edit
		move.ResidentID = other.ResidentID
		move.MedicationID = addMedication(t, e, tenant, other.ResidentID, med{name: "Aspirin"})
		owner.Post(t, md+"/save", move).Is(t, http.StatusOK, shared.CodeNotFound)
	})
}

// Quick create copies a due medication; without a reason, the due item's:
// a death or a move-out is written out as the custom reason. A medication
// not due is refused.
func TestQuickCreate(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		tenant := e.FacilityID(t, maple)
		r := newResident(t, owner, "Lou")
		stopped := addMedication(t, e, tenant, r.ResidentID, med{name: "Lisinopril", status: "DISCONTINUED", stoppedAt: local(2027, 5, 30, 9, 0)})
		current := addMedication(t, e, tenant, r.ResidentID, med{name: "Metformin"})

		owner.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: current, DisposalMethod: shared.DisposalMailBack, PillsNumber: 5}).
			Is(t, http.StatusOK, shared.CodeValidation)
		var rec shared.MedicationDisposal
		owner.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: stopped, DisposalMethod: shared.DisposalMailBack, PillsNumber: 5}).OK(t).Into(t, &rec)
		if rec.DisposalReason != shared.DisposalDiscontinued || rec.DisposalTime != e.Clock.Now().UnixMilli() || rec.MedicationName != "Lisinopril" ||
			rec.ResidentID != r.ResidentID || rec.PillsNumber != 5 {
			t.Errorf("quick create %+v", rec)
		}
		// Disposed of: no longer due, so a second quick create is refused.
		owner.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: stopped, DisposalMethod: shared.DisposalMailBack, PillsNumber: 5}).
			Is(t, http.StatusOK, shared.CodeValidation)

		owner.Get(t, res+"/deceased?residentId="+r.ResidentID+"&confirmName="+q("Lou Test")).OK(t)
		owner.Language = "es-ES"
		owner.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: current, DisposalMethod: shared.DisposalMethodOther,
			CustomMethod: "Drug take-back kiosk", PillsNumber: 40}).OK(t).Into(t, &rec)
		if rec.DisposalReason != shared.DisposalReasonOther || rec.CustomReason != "El residente falleció el 2027-06-01" || rec.CustomMethod != "Drug take-back kiosk" {
			t.Errorf("quick create after a death %+v", rec)
		}
		owner.Language = ""
		// Another facility's medication is not found.
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		cedar.Post(t, md+"/quickCreate", shared.QuickDisposalRequest{MedicationID: stopped, DisposalMethod: shared.DisposalMailBack, PillsNumber: 5}).
			Is(t, http.StatusOK, shared.CodeNotFound)
	})
}
