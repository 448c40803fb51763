package smartsetup_test

import (
	"cmp"
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/feature/smartsetup"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// Every route with Maple's ids: owners and admins only (Maple's caregiver
// 4003), another facility's owner 4004 and its caregiver 4003 (the role is
// checked first), the super admin 4003, nobody signed in 401.
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		b := uploadFiles(t, e, owner, nil, filetest.Part{Name: "a.pdf", Data: filetest.TextPDF(t, "Resident papers", faceSheetRose)},
			filetest.Part{Name: "b.pdf", Data: filetest.TextPDF(t, "Resident papers", marRose)})
		g := b.Groups[0]
		file := g.Files[0].ID
		text := jobOf(t, b.Groups[1], shared.SmartStepText).JobID // the group that keeps both files after moveFile
		var mapleResident string
		if err := d.QueryRowContext(t.Context(), `SELECT id FROM residents WHERE tenant_id = ? AND status = 'NORMAL' LIMIT 1`,
			e.FacilityID(t, "Maple House AFH")).Scan(&mapleResident); err != nil {
			t.Fatal(err)
		}
		type access struct{ owner string } // what Maple's owner gets ("" = 0000)
		type route = servertest.Route[access]
		routes := []route{
			{Name: "upload", Do: func(c *servertest.Client) *servertest.Response {
				return filetest.Post(t, e, c, ss+"/upload", map[string]string{"batchId": b.BatchID}, filetest.Part{Name: "c.pdf", Data: filetest.TextPDF(t, "Resident papers", faceSheetJuan)})
			}},
			{Name: "getBatch", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, ss+"/getBatch?batchId="+b.BatchID) }},
			{Name: "getAITaskProgress", Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/getAITaskProgress?batchId="+b.BatchID)
			}},
			{Name: "getDraft", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, ss+"/getDraft?groupId="+g.GroupID) }},
			{Name: "moveFile", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ss+"/moveFile", shared.SmartSetupMoveFileRequest{ID: file, GroupID: b.Groups[1].GroupID})
			}},
			{Name: "start", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ss+"/start", shared.SmartSetupBatchRequest{BatchID: b.BatchID})
			}},
			{Name: "stopJob", Do: func(c *servertest.Client) *servertest.Response { return jobCall(t, c, "/stopJob", text) }},
			{Name: "continueJob", Do: func(c *servertest.Client) *servertest.Response { return jobCall(t, c, "/continueJob", text) }},
			{Name: "forceClearAITaskProgress", Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/forceClearAITaskProgress?jobId="+text)
			}},
			{Name: "retryJob", Do: func(c *servertest.Client) *servertest.Response { return jobCall(t, c, "/retryJob", text) }},
			{Name: "stopAgain", Do: func(c *servertest.Client) *servertest.Response { return jobCall(t, c, "/stopJob", text) }},
			{Name: "deleteJob", Do: func(c *servertest.Client) *servertest.Response { return jobCall(t, c, "/deleteJob", text) }},
			{Name: "confirm", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ss+"/confirm", shared.SmartSetupConfirmRequest{GroupID: b.Groups[1].GroupID, ResidentID: mapleResident})
			}},
			{Name: "finish", Is: access{owner: shared.CodeConflict}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ss+"/finish", shared.SmartSetupBatchRequest{BatchID: b.BatchID})
			}},
		}
		for _, who := range []struct {
			name  string
			c     *servertest.Client
			carer bool
		}{
			{name: "Cedar owner", c: e.SignIn(t, "owner_evergreen", "Cedar Home AFH")},
			{name: "Cedar caregiver", c: e.SignIn(t, "caregiver_cedar1"), carer: true},
			{name: "Maple caregiver", c: e.SignIn(t, "caregiver_maple1"), carer: true},
		} {
			servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: who.name, Client: who.c, Want: func(route) string {
				if who.carer {
					return shared.CodeForbidden
				}
				return shared.CodeNotFound
			}})
		}
		servertest.Outsiders(t, e, routes)
		// Maple's owner: every route, in order.
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple owner", Client: owner, Want: func(r route) string {
			return cmp.Or(r.Is.owner, shared.CodeOK) // finish: the new group of the upload is not confirmed
		}})
		// Nothing of Maple's changed by the others: the moved file is where the owner put it.
		owner.Get(t, ss+"/getBatch?batchId="+b.BatchID).Is(t, http.StatusOK, shared.CodeOK)
	})
}

// A file moved by hand: to a new group and back; the group left empty is removed.
func TestMoveFileByHand(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		b := uploadFiles(t, e, owner, nil, filetest.Part{Name: "a.pdf", Data: filetest.TextPDF(t, "Resident papers", faceSheetRose)},
			filetest.Part{Name: "b.pdf", Data: filetest.TextPDF(t, "Resident papers", marRose)})
		a, bb := b.Groups[0], b.Groups[1]
		var got shared.SmartSetupBatch
		owner.Post(t, ss+"/moveFile", shared.SmartSetupMoveFileRequest{ID: bb.Files[0].ID, GroupID: a.GroupID}).OK(t).Into(t, &got)
		if len(got.Groups) != 1 || len(got.Groups[0].Files) != 2 || !got.Groups[0].ByHand {
			t.Fatalf("moved into a: %+v", got.Groups)
		}
		owner.Post(t, ss+"/moveFile", shared.SmartSetupMoveFileRequest{ID: bb.Files[0].ID, Name: "Rose Okafor"}).OK(t).Into(t, &got)
		if len(got.Groups) != 2 || got.Groups[1].Name != "Rose Okafor" || len(got.Groups[1].Jobs) != shared.SmartSetupStepsMax {
			t.Fatalf("moved to a new group: %+v", got.Groups)
		}
		owner.Post(t, ss+"/moveFile", shared.SmartSetupMoveFileRequest{ID: bb.Files[0].ID, Name: "x\x00"}).Is(t, http.StatusOK, shared.CodeValidation)
		// While a group's step is pending, its files stay.
		owner.Post(t, ss+"/start", shared.SmartSetupBatchRequest{BatchID: b.BatchID}).OK(t)
		owner.Post(t, ss+"/moveFile", shared.SmartSetupMoveFileRequest{ID: bb.Files[0].ID, GroupID: a.GroupID}).Is(t, http.StatusOK, shared.CodeConflict)
		e.DrainJobs(t)
		// Both groups name Rose but were put apart by hand: they stay apart.
		if got = batchOf(t, owner, b.BatchID); len(got.Groups) != 2 {
			t.Errorf("groups made by hand were merged: %+v", got.Groups)
		}
	})
}

// The service refuses to start without its collaborators.
func TestNewNamesMissingCollaborators(t *testing.T) {
	t.Parallel()
	if _, err := smartsetup.New(smartsetup.Deps{}); err == nil || !strings.Contains(err.Error(), "Queue") {
		t.Fatalf("New without collaborators: %v", err)
	}
}
