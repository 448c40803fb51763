package resident_test

import (
	"net/http"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

func residentFiles(t *testing.T, c *servertest.Client, residentID string) []shared.ResidentFile {
	t.Helper()
	var out []shared.ResidentFile
	c.Get(t, base+"/listResidentFiles?residentId="+residentID).OK(t).Into(t, &out)
	return out
}

// A document uploaded by mistake can be removed by an owner or admin of the
// facility; it leaves the list, stays in the record (soft delete) and is audited.
func TestDeleteResidentFile(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		margaret := residentID(t, e, "Maple House AFH", "Margaret")
		jose := residentID(t, e, "Maple House AFH", "José")
		admin := e.SignIn(t, "admin_maple")
		var up []shared.ResidentFile
		filetest.Post(t, e, admin, base+"/uploadResidentFiles", map[string]string{"residentId": margaret, "category": "OTHER"},
			filetest.Part{Name: "wrong-person.pdf", Data: filetest.PDF()}).OK(t).Into(t, &up)
		fileID := up[0].FileID
		del := func(c *servertest.Client, resident string) *servertest.Response {
			return c.Get(t, base+"/deleteResidentFile?residentId="+resident+"&fileId="+fileID)
		}

		// A caregiver reads documents but removes none (role); other facilities do not find it.
		del(e.SignIn(t, "caregiver_maple1"), margaret).Is(t, http.StatusOK, shared.CodeForbidden)
		del(e.SignIn(t, "owner_evergreen", "Cedar Home AFH"), margaret).Is(t, http.StatusOK, shared.CodeNotFound)
		del(e.SignIn(t, "owner_birch"), margaret).Is(t, http.StatusOK, shared.CodeNotFound)
		e.SignIn(t, "superadmin").Get(t, base+"/deleteResidentFile?residentId="+margaret+"&fileId="+fileID).Is(t, http.StatusOK, shared.CodeForbidden)
		// Under another resident's id: not found.
		del(admin, jose).Is(t, http.StatusOK, shared.CodeNotFound)
		if got := residentFiles(t, admin, margaret); len(got) != 1 {
			t.Fatalf("refused deletes removed the file: %+v", got)
		}

		// The owner removes it: gone from the list, kept in the database, audited twice.
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		del(owner, margaret).OK(t)
		if got := residentFiles(t, admin, margaret); len(got) != 0 {
			t.Fatalf("deleted file still listed: %+v", got)
		}
		var deletedAt int64
		if err := d.QueryRowContext(t.Context(), `SELECT deleted_at FROM files WHERE id = ?`, fileID).Scan(&deletedAt); err != nil || deletedAt == 0 {
			t.Errorf("the file row should be kept, marked deleted: %d %v", deletedAt, err)
		}
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE (action = 'resident.deleteFile' AND entity_id = ?)
			OR (action = 'file.delete' AND entity_id = ?)`, margaret, fileID).Scan(&n); err != nil || n != 2 {
			t.Errorf("audit rows: %d %v", n, err)
		}
		// Twice: not found.
		del(admin, margaret).Is(t, http.StatusOK, shared.CodeNotFound)

		// A moved-out resident's record is final.
		filetest.Post(t, e, admin, base+"/uploadResidentFiles", map[string]string{"residentId": jose, "category": "OTHER"},
			filetest.Part{Name: "b.pdf", Data: filetest.PDF()}).OK(t).Into(t, &up)
		fileID = up[0].FileID
		admin.Post(t, base+"/moveOut", shared.MoveOutRequest{ResidentID: jose, Destination: shared.MoveOutSNF, ConfirmName: "José Ramírez"}).OK(t)
		del(admin, jose).Is(t, http.StatusOK, shared.CodeConflict)
	})
}
