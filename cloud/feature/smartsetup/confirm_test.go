package smartsetup_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// moveIn runs the move-in wizard's profile step with a draft's values (as the
// review page will), answering the MOVING_IN resident's id.
func moveIn(t *testing.T, e *servertest.Env, c *servertest.Client, dr shared.SmartSetupDraft, room string) string {
	t.Helper()
	data, err := json.Marshal(shared.CheckInResidentData{SaveResidentRequest: shared.SaveResidentRequest{
		FirstName: dr.Profile.FirstName.Value, LastName: dr.Profile.LastName.Value, DOB: dr.Profile.DOB.Value,
		Allergies: dr.Profile.Allergies.Value, Gender: shared.GenderUndisclosed, Room: room, Language: shared.LanguageEnglish, DNR: shared.DNRUnknown}})
	if err != nil {
		t.Fatal(err)
	}
	var ci shared.CheckIn
	filetest.Post(t, e, c, res+"/createResidentForCheckIn", map[string]string{"data": string(data)}).OK(t).Into(t, &ci)
	return ci.Resident.ResidentID
}

// Review and confirm: the draft prefills the wizard; a group is confirmed only
// with a resident whose move-in is complete, of this facility, not already
// another group's; the batch closes only when every resident is confirmed
// ("residents not all confirmed"), and takes no more papers after.
func TestConfirmResidentsAndFinish(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		b := uploadFiles(t, e, owner, nil, filetest.Part{Name: "rose.pdf", Data: filetest.TextPDF(t, "Resident papers", faceSheetRose, marRose)},
			filetest.Part{Name: "juan.pdf", Data: filetest.TextPDF(t, "Resident papers", faceSheetJuan)})
		owner.Post(t, ss+"/start", shared.SmartSetupBatchRequest{BatchID: b.BatchID}).OK(t)
		e.DrainJobs(t)
		b = batchOf(t, owner, b.BatchID)
		rose, juan := groupNamed(t, b, "Rose Okafor"), groupNamed(t, b, "Juan Herrera")
		if b.Unconfirmed != 2 {
			t.Fatalf("unconfirmed: %+v", b)
		}
		roseID := moveIn(t, e, owner, draftOf(t, owner, rose.GroupID), "S1")
		confirm := func(groupID, residentID string) *servertest.Response {
			return owner.Post(t, ss+"/confirm", shared.SmartSetupConfirmRequest{GroupID: groupID, ResidentID: residentID})
		}
		confirm(rose.GroupID, roseID).Is(t, http.StatusOK, shared.CodeConflict) // still moving in
		owner.Post(t, ss+"/finish", shared.SmartSetupBatchRequest{BatchID: b.BatchID}).Is(t, http.StatusOK, shared.CodeConflict)
		owner.Get(t, res+"/completeCheckIn?residentId="+roseID).OK(t)
		var got shared.SmartSetupBatch
		confirm(rose.GroupID, roseID).OK(t).Into(t, &got)
		if g := groupNamed(t, got, "Rose Okafor"); g.ResidentID != roseID || g.ConfirmTime == 0 || got.Unconfirmed != 1 {
			t.Fatalf("confirmed: %+v", got)
		}
		var docs []shared.ResidentFile
		owner.Get(t, res+"/listResidentFiles?residentId="+roseID).OK(t).Into(t, &docs)
		if len(docs) != 1 || docs[0].Category != shared.FileOther {
			t.Fatalf("Rose's documents: %+v", docs)
		}
		confirm(rose.GroupID, roseID).OK(t) // again: nothing filed twice
		owner.Get(t, res+"/listResidentFiles?residentId="+roseID).OK(t).Into(t, &docs)
		if len(docs) != 1 {
			t.Errorf("filed twice: %+v", docs)
		}
		confirm(juan.GroupID, roseID).Is(t, http.StatusOK, shared.CodeConflict) // Rose is the other group's
		var cedarResident string
		if err := d.QueryRowContext(t.Context(), `SELECT id FROM residents WHERE tenant_id = ? LIMIT 1`, e.FacilityID(t, "Cedar Home AFH")).Scan(&cedarResident); err != nil {
			t.Fatal(err)
		}
		confirm(juan.GroupID, cedarResident).Is(t, http.StatusOK, shared.CodeNotFound)
		r := owner.Post(t, ss+"/finish", shared.SmartSetupBatchRequest{BatchID: b.BatchID})
		r.Is(t, http.StatusOK, shared.CodeConflict)
		juanID := moveIn(t, e, owner, draftOf(t, owner, juan.GroupID), "S2")
		owner.Get(t, res+"/completeCheckIn?residentId="+juanID).OK(t)
		confirm(juan.GroupID, juanID).OK(t)
		owner.Post(t, ss+"/finish", shared.SmartSetupBatchRequest{BatchID: b.BatchID}).OK(t).Into(t, &got)
		if !got.Finished || got.Unconfirmed != 0 {
			t.Fatalf("finished: %+v", got)
		}
		filetest.Post(t, e, owner, ss+"/upload", map[string]string{"batchId": b.BatchID}, filetest.Part{Name: "x.pdf", Data: filetest.TextPDF(t, "Resident papers", marRose)}).
			Is(t, http.StatusOK, shared.CodeConflict)
		owner.Post(t, ss+"/start", shared.SmartSetupBatchRequest{BatchID: b.BatchID}).Is(t, http.StatusOK, shared.CodeConflict)
		var rr shared.Resident
		owner.Get(t, res+"/getResidentById?residentId="+roseID).OK(t).Into(t, &rr)
		if rr.FirstName != "Rose" || rr.DOB != "1941-03-14" || rr.Status != shared.ResidentNormal {
			t.Errorf("Rose moved in: %+v", rr)
		}
	})
}
