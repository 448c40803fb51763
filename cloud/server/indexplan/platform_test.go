package indexplan_test

import (
	"context"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// platformGrowing are the tables the platform dashboard counts over every home
// that grow with use whether or not the scaled homes below wrote to them.
var platformGrowing = []string{"tenants", "sessions", "residents", "support_tickets", "ai_usage", "river_job"}

// TestPlatformDashboardPlans makes the super admin's platform dashboard calls
// over the demo and a few scaled homes and fails when a statement would read all
// of a table that grows with homes or use (the same check as TestIndexPlans),
// except counting every home by status, plan and state, which is the answer itself.
func TestPlatformDashboardPlans(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		before := tableRows(t, d)
		s := demo.Services{People: e.Server.IAM, Files: e.Server.Files, Medications: e.Server.Medications, Now: e.Clock.Now}
		first, err := demo.NextScaleHome(ctx, s.People)
		if err != nil {
			t.Fatal(err)
		}
		for n := first; n < first+homes; n++ {
			if _, err := demo.SeedScaleHome(ctx, d, s, n, days); err != nil {
				t.Fatal(err)
			}
		}
		if d.Engine == db.Postgres {
			if _, err := d.ExecContext(ctx, `ANALYZE`); err != nil {
				t.Fatal(err)
			}
		}
		big := map[string]bool{}
		for name, n := range tableRows(t, d) {
			if n > before[name] {
				big[name] = true
			}
		}
		for _, name := range platformGrowing {
			big[name] = true
		}

		super := e.SignIn(t, "superadmin")
		var mu sync.Mutex
		current := ""
		seen := map[string][]string{}
		stop := d.Trace(func(q string) {
			mu.Lock()
			defer mu.Unlock()
			if current != "" && !slices.Contains(seen[q], current) {
				seen[q] = append(seen[q], current)
			}
		})
		for _, path := range []string{"/system/tenant/tenantDetailsSummary", "/system/tenant/tenantDateSummary", "/system/dashboard/platformSummary"} {
			mu.Lock()
			current = path
			mu.Unlock()
			if err := super.Get(t, "/api"+path).Check(200, shared.CodeOK); err != nil {
				t.Errorf("%s: %v", path, err)
			}
		}
		mu.Lock()
		current = ""
		mu.Unlock()
		stop()

		planner, err := d.Reopen(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer planner.Close()
		queries := make([]string, 0, len(seen))
		for q := range seen {
			if planable(q) {
				queries = append(queries, q)
			}
		}
		sort.Strings(queries)
		for _, q := range queries {
			r, err := explain(ctx, planner, q)
			if err != nil {
				t.Errorf("plan of %s (from %s): %v", oneLine(q), strings.Join(seen[q], ", "), err)
				continue
			}
			for _, table := range r.full {
				if !big[table] || table == "tenants" && strings.HasPrefix(oneLine(q), "SELECT status, COALESCE(subscription_plan") {
					continue // every home by status, plan and state: the count is of all of them
				}
				t.Errorf("%s reads all of %s (from %s):\n%s\nplan:\n%s", d.Engine, table, strings.Join(seen[q], ", "), oneLine(q), r.plan)
			}
		}
		if len(queries) < 7 {
			t.Errorf("only %d statements planned for the three calls: is DB.Trace still called for every statement?", len(queries))
		}
		t.Logf("%s: %d statements planned", d.Engine, len(queries))
	})
}
