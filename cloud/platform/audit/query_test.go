package audit_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// write adds n audit rows: actors a0..a2, facilities t0..t1 (and platform rows), two actions.
func write(t *testing.T, d *db.DB, n int) {
	t.Helper()
	ctx := context.Background()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for i := range n {
			tenant := ""
			if i%3 != 0 {
				tenant = fmt.Sprintf("t%d", i%2)
			}
			action := "resident.update"
			if i%4 == 0 {
				action = "param.update"
			}
			if err := audit.Write(ctx, tx, audit.Entry{TenantID: tenant, ActorID: fmt.Sprintf("a%d", i%3), Action: action, Entity: "resident",
				EntityID: fmt.Sprintf("r%d", i%5), Before: map[string]int{"n": i}, After: map[string]int{"n": i + 1}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Paging newest first by keyset visits every row once; filters narrow it; the
// export has every row; rows cannot be changed or deleted.
func TestAuditLogReader(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		write(t, d, 130)
		r := audit.NewReader(d)
		var total int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`).Scan(&total); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		req := shared.AuditLogPageRequest{Size: 20}
		var lastAt int64 = 1 << 62
		for {
			page, err := r.Page(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range page.Records {
				if seen[e.ID] || e.CreateTime > lastAt {
					t.Fatalf("row %s again or out of order", e.ID)
				}
				seen[e.ID], lastAt = true, e.CreateTime
			}
			if page.Next == "" {
				break
			}
			req.After = page.Next
		}
		if len(seen) != total {
			t.Fatalf("paged %d of %d rows", len(seen), total)
		}

		page, err := r.Page(ctx, shared.AuditLogPageRequest{Size: 100, Filter: shared.AuditLogFilter{TenantID: "t1", UserID: "a1", Action: "resident.update"}})
		if err != nil || len(page.Records) == 0 {
			t.Fatalf("filtered: %v %v", page, err)
		}
		for _, e := range page.Records {
			if e.TenantID != "t1" || e.ActorID != "a1" || e.Action != "resident.update" {
				t.Fatalf("filter let through %+v", e)
			}
		}
		one, err := r.Get(ctx, page.Records[0].ID)
		if err != nil || one.Before == "" || one.After == "" {
			t.Fatalf("get: %+v %v", one, err)
		}
		if _, err := r.Page(ctx, shared.AuditLogPageRequest{Size: 20, After: "nonsense"}); err == nil {
			t.Fatal("a made-up cursor was taken")
		}

		var out bytes.Buffer
		cw := web.NewCSV(&out)
		if err := r.Export(ctx, cw, shared.AuditLogFilter{}, 0); err != nil {
			t.Fatal(err)
		}
		if err := cw.Flush(); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&out).ReadAll()
		if err != nil || len(recs) != total+1 {
			t.Fatalf("export: %d records (want %d) %v", len(recs), total+1, err)
		}

		if _, err := d.ExecContext(ctx, `UPDATE audit_log SET action = 'x'`); err == nil || !strings.Contains(err.Error(), "cannot be changed") {
			t.Fatalf("update: %v", err)
		}
		if _, err := d.ExecContext(ctx, `DELETE FROM audit_log`); err == nil || !strings.Contains(err.Error(), "cannot be changed") {
			t.Fatalf("delete: %v", err)
		}
	})
}

// Every filter's page is read along an index in the paging order: no scan of
// the whole log, no sort of it (PostgreSQL with sequential and bitmap scans off,
// as its planner would choose at a million rows; SQLite's query plan).
func TestAuditLogPlans(t *testing.T) {
	filters := map[string]shared.AuditLogFilter{
		"none":     {},
		"facility": {TenantID: "t1"},
		"person":   {UserID: "a1"},
		"action":   {Action: "param.update"},
		"record":   {Entity: "resident", EntityID: "r1"},
		"time":     {From: 1, To: 1 << 51},
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		write(t, d, 50)
		for name, f := range filters {
			q, args := audit.ListSQL(f, 1<<50, "z", 20)
			plan := explain(t, ctx, d, q, args)
			bad := []string{"Seq Scan", "Sort", "SCAN audit_log\n", "TEMP B-TREE"}
			// The page starts where the last one ended: the cursor bounds the index range.
			if !strings.Contains(plan, "(created_at,id)<(?,?)") && !strings.Contains(plan, "ROW(created_at, id) < ROW(") {
				t.Errorf("%s: the cursor is not an index bound:\n%s", name, plan)
			}
			for _, b := range bad {
				if strings.Contains(plan+"\n", b) {
					t.Errorf("%s: the plan has %q:\n%s", name, b, plan)
				}
			}
		}
	})
}

func explain(t *testing.T, ctx context.Context, d *db.DB, q string, args []any) string {
	t.Helper()
	var lines []string
	err := d.InTx(ctx, func(tx *db.Tx) error {
		prefix := "EXPLAIN QUERY PLAN "
		if d.Engine == db.Postgres {
			prefix = "EXPLAIN "
			// A test's table is small: the planner would read all of it (or a bitmap of
			// all of it) and sort. Off, it shows the plan it takes at a large table.
			for _, off := range []string{"enable_seqscan", "enable_bitmapscan"} {
				if _, err := tx.ExecContext(ctx, `SET LOCAL `+off+` = off`); err != nil {
					return err
				}
			}
		}
		rows, err := tx.QueryContext(ctx, prefix+q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			lines = append(lines, fmt.Sprint(vals[len(vals)-1]))
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}
