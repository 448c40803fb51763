package tenant_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// tenantTables reads the database catalogue: every table with a column that
// names a home. The schema names it tenant_id everywhere; a column ending in
// tenant_id or facility_id under another name fails the test, since a purge
// would not know it.
func tenantTables(t *testing.T, d *db.DB) []string {
	t.Helper()
	q := `SELECT table_name, column_name FROM information_schema.columns c
		WHERE c.table_schema = current_schema() AND (c.column_name LIKE '%tenant_id' OR c.column_name LIKE '%facility_id')
		AND EXISTS (SELECT 1 FROM information_schema.tables x WHERE x.table_schema = c.table_schema AND x.table_name = c.table_name AND x.table_type = 'BASE TABLE')`
	if d.Engine == db.SQLite {
		q = `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
			WHERE m.type = 'table' AND (p.name LIKE '%tenant_id' OR p.name LIKE '%facility_id')`
	}
	rows, err := d.QueryContext(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			t.Fatal(err)
		}
		if col != "tenant_id" {
			t.Errorf("%s.%s names a home under another name than tenant_id: the purge does not know it", table, col)
			continue
		}
		tables = append(tables, table)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(tables)
	return tables
}

// rowsOf counts each table's rows of one home.
func rowsOf(t *testing.T, d *db.DB, tables []string, tenantID string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range tables {
		var n int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM `+table+` WHERE tenant_id = ?`, tenantID).Scan(&n); err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		out[table] = n
	}
	return out
}

// filesOf lists the stored files under a home's folder of the file store.
func filesOf(t *testing.T, e *servertest.Env, tenantID string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(filepath.Join(e.Config.DataDir, "files", tenantID), func(path string, de os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !de.IsDir() {
			out = append(out, path)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// The purge knows every table the catalogue has with a tenant_id, and only those.
func TestPurgeKnowsEveryTenantTable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{NoDemo: true})
		known := slices.Concat(tenant.PurgedTables, tenant.KeptTables)
		slices.Sort(known)
		if got := tenantTables(t, e.DB); !slices.Equal(got, known) {
			for _, table := range got {
				if !slices.Contains(known, table) {
					t.Errorf("table %s has a tenant_id: add it to tenant.PurgedTables (children before parents) or, if a purge must keep it, tenant.KeptTables", table)
				}
			}
			for _, table := range known {
				if !slices.Contains(got, table) {
					t.Errorf("tenant.PurgedTables names %s, which has no tenant_id column", table)
				}
			}
		}
	})
}

// day is the first 00:00 UTC at or after t: the day a purge becomes possible.
func day(t time.Time) time.Time {
	t = t.UTC()
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	if d.Before(t) {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

// A deleted home is purged only by the super admin, with its name typed, once
// the records' retention has passed: every row of it goes but its audit rows,
// its files go, the purge is audited, and another home keeps all it had.
func TestTenantPurge(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		super := e.SignIn(t, "superadmin")
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		tables := tenantTables(t, d)
		cedarBefore := rowsOf(t, d, tables, cedar)
		mapleBefore := rowsOf(t, d, tables, maple)
		filled := 0
		for _, n := range mapleBefore {
			if n > 0 {
				filled++
			}
		}
		if filled < 25 {
			t.Fatalf("the demo home has rows in only %d tables: %v", filled, mapleBefore)
		}
		cedarFiles := filesOf(t, e, cedar)
		if len(filesOf(t, e, maple)) == 0 || len(cedarFiles) == 0 {
			t.Fatal("the demo homes have no stored files")
		}
		purge := func(c *servertest.Client, name string) *servertest.Response {
			return c.Post(t, sys+"/tenant/purge", shared.PurgeTenantRequest{TenantID: maple, ConfirmName: name})
		}

		// Nobody but the super admin: the home's owner and admin, a caregiver,
		// another home's owner (4003); signed out (401).
		for _, who := range []*servertest.Client{e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "admin_maple"),
			e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "owner_birch")} {
			purge(who, "Maple House AFH").Is(t, http.StatusOK, shared.CodeForbidden)
			who.Get(t, sys+"/tenant/getPurgeDate?tenantId="+maple).Is(t, http.StatusOK, shared.CodeForbidden)
		}
		if got := purge(e.Client(), "Maple House AFH"); got.Status != http.StatusUnauthorized {
			t.Errorf("signed out: %d", got.Status)
		}
		// A home that is not deleted is not purged; bad input is refused.
		if got := purge(super, "Maple House AFH").Is(t, http.StatusOK, shared.CodeConflict); !strings.Contains(got.Message, "not deleted") {
			t.Errorf("not deleted: %q", got.Message)
		}
		super.Post(t, sys+"/tenant/purge", shared.PurgeTenantRequest{TenantID: maple}).Is(t, http.StatusOK, shared.CodeValidation)
		super.Post(t, sys+"/tenant/purge", shared.PurgeTenantRequest{TenantID: "no-such-home", ConfirmName: "x"}).Is(t, http.StatusOK, shared.CodeNotFound)
		var date shared.TenantPurgeDate
		super.Get(t, sys+"/tenant/getPurgeDate?tenantId="+maple).OK(t).Into(t, &date)
		if date.DeletedAt != 0 || date.PurgeFrom != 0 || date.Allowed || date.ResidentYears != 3 || date.PersonnelYears != 2 {
			t.Errorf("purge date of a home not deleted: %+v", date)
		}

		// Deleted: residents live there and staff work there, so the records are
		// kept 3 years from the delete (the longer of 3 and 2 years).
		var deleted shared.TenantRow
		super.Get(t, sys+"/tenant/delete?tenantId="+maple).OK(t).Into(t, &deleted)
		if deleted.DeletedAt == 0 || deleted.PurgedAt != 0 {
			t.Fatalf("deleted: %+v", deleted)
		}
		want := day(time.UnixMilli(deleted.DeletedAt).AddDate(3, 0, 0))
		super.Get(t, sys+"/tenant/getPurgeDate?tenantId="+maple).OK(t).Into(t, &date)
		if date.PurgeFrom != want.UnixMilli() || date.Allowed || date.DeletedAt != deleted.DeletedAt {
			t.Fatalf("purge date %+v, want from %s", date, want)
		}
		// A longer period set by the super admin moves the date; the legal floor cannot be lowered.
		super.Post(t, sys+"/params/update", shared.UpdateParamRequest{Key: "retention.residentYears", Value: "2"}).Is(t, http.StatusOK, shared.CodeValidation)
		super.Post(t, sys+"/params/update", shared.UpdateParamRequest{Key: "retention.personnelYears", Value: "1"}).Is(t, http.StatusOK, shared.CodeValidation)
		super.Post(t, sys+"/params/update", shared.UpdateParamRequest{Key: "retention.residentYears", Value: "4"}).OK(t)
		super.Get(t, sys+"/tenant/getPurgeDate?tenantId="+maple).OK(t).Into(t, &date)
		if later := day(time.UnixMilli(deleted.DeletedAt).AddDate(4, 0, 0)); date.PurgeFrom != later.UnixMilli() || date.ResidentYears != 4 {
			t.Errorf("purge date with 4 years: %+v, want from %s", date, later)
		}
		super.Post(t, sys+"/params/reset", shared.ParamKeyRequest{Key: "retention.residentYears"}).OK(t)

		// The name must be typed exactly.
		for _, name := range []string{"maple house afh", "Maple House AFH ", "Cedar Home AFH"} {
			if got := purge(super, name).Is(t, http.StatusOK, shared.CodeConflict); !strings.Contains(got.Message, "does not match") {
				t.Errorf("confirmation %q: %q", name, got.Message)
			}
		}
		// The day before the date: refused, naming the date.
		e.Clock.Advance(want.Add(-time.Minute).Sub(e.Clock.Now()))
		super = e.SignIn(t, "superadmin") // years later: a new sign-in
		got := purge(super, "Maple House AFH").Is(t, http.StatusOK, shared.CodeConflict)
		if !strings.Contains(got.Message, want.Format("2006-01-02")) {
			t.Errorf("too early: %q, want the date %s", got.Message, want.Format("2006-01-02"))
		}
		if n := rowsOf(t, d, tables, maple); n["residents"] != mapleBefore["residents"] || n["tenants"] != 0 {
			t.Errorf("a refused purge removed rows: %v", n)
		}
		var auditsBefore int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE tenant_id = ?`, maple).Scan(&auditsBefore); err != nil {
			t.Fatal(err)
		}

		// From the date on: purged.
		e.Clock.Advance(time.Minute)
		super.Get(t, sys+"/tenant/getPurgeDate?tenantId="+maple).OK(t).Into(t, &date)
		if !date.Allowed {
			t.Errorf("not allowed on the day: %+v", date)
		}
		beforePurge := rowsOf(t, d, tables, maple) // with the sessions of the test's sign-ins
		var res shared.TenantPurgeResult
		purge(super, "Maple House AFH").OK(t).Into(t, &res)
		if res.FacilityName != "Maple House AFH" || res.Rows["residents"] != int64(mapleBefore["residents"]) ||
			res.Rows["medication_passes"] != int64(mapleBefore["medication_passes"]) || res.Files == 0 {
			t.Errorf("result: %+v", res)
		}

		// Nothing of Maple is left in any table but the audit log; Cedar has all it had.
		after := rowsOf(t, d, tables, maple)
		for _, table := range tables {
			if table == "audit_log" {
				continue
			}
			if after[table] != 0 {
				t.Errorf("%s still holds %d rows of the purged home", table, after[table])
			}
			if int64(beforePurge[table]) != res.Rows[table] {
				t.Errorf("%s: %d rows before, %d reported removed", table, beforePurge[table], res.Rows[table])
			}
		}
		if cedarAfter := rowsOf(t, d, tables, cedar); !mapsEqual(cedarAfter, cedarBefore) {
			t.Errorf("another home's rows changed:\nbefore %v\nafter  %v", cedarBefore, cedarAfter)
		}
		if left := filesOf(t, e, maple); len(left) != 0 {
			t.Errorf("stored files left: %v", left)
		}
		if got := filesOf(t, e, cedar); !slices.Equal(got, cedarFiles) {
			t.Errorf("another home's files changed: %d, were %d", len(got), len(cedarFiles))
		}

		// The audit rows stay, and one more says who purged what.
		if after["audit_log"] != auditsBefore+1 {
			t.Errorf("audit rows %d, were %d", after["audit_log"], auditsBefore)
		}
		var actor, afterJSON string
		if err := d.QueryRowContext(t.Context(), `SELECT actor_id, after_json FROM audit_log WHERE tenant_id = ? AND action = 'tenant.purge'`, maple).
			Scan(&actor, &afterJSON); err != nil {
			t.Fatal(err)
		}
		var logged struct {
			Rows      map[string]int64 `json:"rows"`
			TotalRows int64            `json:"totalRows"`
		}
		if err := json.Unmarshal([]byte(afterJSON), &logged); err != nil || actor != e.UserID(t, "superadmin") ||
			logged.Rows["residents"] != int64(mapleBefore["residents"]) || logged.TotalRows < 1000 {
			t.Errorf("purge audit row: %s by %s (%v)", afterJSON, actor, err)
		}

		// The home stays listed as deleted and purged; it cannot come back or be purged twice.
		var row shared.TenantRow
		super.Get(t, sys+"/tenant/getTenantDetail?tenantId="+maple).OK(t).Into(t, &row)
		if row.PurgedAt != res.PurgedAt || row.State != shared.TenantDeleted || row.People != 0 {
			t.Errorf("purged home: %+v", row)
		}
		super.Get(t, sys+"/tenant/restore?tenantId="+maple).Is(t, http.StatusOK, shared.CodeConflict)
		purge(super, "Maple House AFH").Is(t, http.StatusOK, shared.CodeConflict)
		// Cedar's people carry on.
		e.SignIn(t, "caregiver_cedar1").Get(t, sys+"/user/getUserInfo").OK(t)
	})
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
