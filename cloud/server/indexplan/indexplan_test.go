// Package indexplan_test checks that the care path's queries find their rows
// through an index, on both engines, so a home's pages do not slow down as
// other homes and past years fill the database (issue 28, docs/performance.md
// "How the cost grows").
package indexplan_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// call is one call a care page sends when it opens, as the UI sends it (the
// list of server/carepath_bench_test.go, with the sidebar's other counters,
// the punches, the readings, the care records and the eMAR record pages).
type call struct {
	name string
	path string // under /api
	body any    // nil: GET
}

// homes and days are the scaled homes seeded beside the demo's: enough rows
// that a scan shows, few enough that the test takes seconds.
const homes, days = 3, 10

// TestIndexPlans seeds a few scaled homes with history (hearth seed --scale),
// makes every call of the care path as an owner, an admin and a caregiver of
// one of them while the DB's Trace collects each statement the server runs, and asks
// the engine how it would run each one (PostgreSQL: EXPLAIN of the generic
// plan with sequential scans disabled; SQLite: EXPLAIN QUERY PLAN). It fails
// when a statement reads a whole table that grows with homes or history: such
// a page costs more with every home and every year. The statements come from
// the calls themselves, so a changed or new query is checked as it is.
func TestIndexPlans(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		started := time.Now()
		e := servertest.Start(t, d)
		ctx := context.Background()
		defer func() { t.Logf("%s: %s", d.Engine, time.Since(started).Round(time.Millisecond)) }()
		demoAt := time.Since(started)
		before := tableRows(t, d)
		s := demo.Services{People: e.Server.IAM, Files: e.Server.Files, Medications: e.Server.Medications, Now: e.Clock.Now}
		first, err := demo.NextScaleHome(ctx, s.People)
		if err != nil {
			t.Fatal(err)
		}
		var h demo.ScaleHome
		for n := first; n < first+homes; n++ {
			if h, err = demo.SeedScaleHome(ctx, d, s, n, days); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: demo seeded after %s", d.Engine, demoAt.Round(time.Millisecond))
		t.Logf("%s: demo and %d homes × %d days seeded after %s", d.Engine, homes, days, time.Since(started).Round(time.Millisecond))
		if d.Engine == db.Postgres {
			if _, err := d.ExecContext(ctx, `ANALYZE`); err != nil {
				t.Fatal(err)
			}
		}
		// The tables that grow with homes or history: every table the scaled
		// homes added rows to.
		big := map[string]bool{}
		rows := tableRows(t, d)
		for name, n := range rows {
			if n > before[name] {
				big[name] = true
			}
		}

		resident := h.ResidentIDs[0]
		today := e.Clock.Now().In(h.Zone)
		yesterday := today.AddDate(0, 0, -1).Format("2006-01-02")
		week := today.AddDate(0, 0, -int(today.Weekday()))
		weekRange := shared.CalendarRange{Start: week.Format("2006-01-02"), End: week.AddDate(0, 0, 6).Format("2006-01-02")}
		page := shared.PageRequest[struct{}]{Current: 1, Size: 20}
		calls := []call{
			{"menu", "/system/menu/listUserMenuTree", nil},
			{"userinfo", "/system/user/getUserInfo", nil},
			{"listCards", "/system/dashboard/listCards", nil},
			{"sidebarReminderCount", "/care/resident/sidebarReminderCount", nil},
			{"countWarningNum", "/care/medication/countWarningNum", nil},
			{"countUnReadProgressNote", "/care/progressNote/countUnReadProgressNote", nil},
			{"notificationUnread", "/care/notification/unreadCount", nil},
			{"shiftReportUnread", "/care/shiftReport/countUnread", nil},
			{"listMedicationLog", "/care/medication/listMedicationLog", shared.MedicationLogRequest{}},
			{"listMedicationLogYesterday", "/care/medication/listMedicationLog", shared.MedicationLogRequest{Day: yesterday}},
			{"listMedicationRecordByPage", "/care/medication/listMedicationRecordByPage", page},
			{"listTodayTask", "/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}},
			{"listCalendarTask", "/care/taskInfo/listCalendarTask", weekRange},
			{"listCalendarData", "/care/taskInfo/listCalendarData", weekRange},
			{"listProgressNoteByPage", "/care/progressNote/listProgressNoteByPage", page},
			{"listHealthMonitorByPage", "/care/healthMonitor/listHealthMonitorByPage", page},
			{"listCareMonitorByPage", "/care/careMonitor/listCareMonitorByPage", page},
			{"chatPageLatest", "/im/chat/pageLatest", shared.ChatPageRequest{Current: 1, Size: 20}},
			{"listIncidentReport", "/care/incidentReport/listIncidentReport", page},
			{"listByWeek", "/care/shiftSchedule/listByWeek", shared.ListByWeekRequest{}},
			{"listRecordByPage", "/care/caregiverClockInRecord/listRecordByPage", page},
			{"attendanceSummary", "/care/caregiverClockInRecord/attendanceSummary", shared.AttendanceSummaryRequest{}},
			{"listResidentByPage", "/care/resident/listResidentByPage", page},
			{"getResidentById", "/care/resident/getResidentById?residentId=" + url.QueryEscape(resident), nil},
			{"listMedication", "/care/medication/listMedication", map[string]string{"residentId": resident}},
			{"residentNotes", "/care/progressNote/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20,
				Data: shared.ProgressNoteFilter{ResidentID: resident}}},
			{"listResidentCareRecord", "/care/careMonitor/listResidentCareRecord?residentId=" + url.QueryEscape(resident), nil},
			{"residentCalendarTask", "/care/taskInfo/listCalendarTask", shared.CalendarRange{Start: today.Format("2006-01-02"),
				End: today.AddDate(0, 0, 6).Format("2006-01-02"), ResidentID: resident}},
		}
		clients := map[string]*servertest.Client{}
		for _, role := range []string{"owner", "admin", "staff1"} {
			clients[role] = e.SignIn(t, fmt.Sprintf("h%d_%s", h.N, role), h.Facility)
		}

		// Every statement the calls run, and the calls that ran it.
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
		ran := map[string]int{}
		for _, c := range calls {
			for _, role := range []string{"owner", "admin", "staff1"} {
				if role == "staff1" && c.name == "listByWeek" {
					continue // the schedule is an owner's and an admin's page
				}
				mu.Lock()
				current = c.name + " (" + role + ")"
				n := len(seen)
				mu.Unlock()
				var r *servertest.Response
				if c.body == nil {
					r = clients[role].Get(t, "/api"+c.path)
				} else {
					r = clients[role].Post(t, "/api"+c.path, c.body)
				}
				if err := r.Check(200, shared.CodeOK); err != nil {
					t.Errorf("%s as %s: %v", c.name, role, err)
				}
				mu.Lock()
				ran[c.name] += len(seen) - n
				mu.Unlock()
			}
		}
		mu.Lock()
		current = ""
		mu.Unlock()
		stop()

		// Plans are asked on a pool of the test's own, so the settings
		// they need reach no connection of the server's.
		planner, err := d.Reopen(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer planner.Close()
		queries := make([]string, 0, len(seen))
		for q := range seen {
			queries = append(queries, q)
		}
		sort.Strings(queries)
		planned := 0
		small := map[string]int{} // whole reads of tables that do not grow: fine, and shown
		known := map[string]int{} // the facility-wide reads listed in knownTenantWide
		for _, q := range queries {
			if !planable(q) {
				continue
			}
			planned++
			r, err := explain(ctx, planner, q)
			if err != nil {
				t.Errorf("plan of %s (from %s): %v", oneLine(q), strings.Join(seen[q], ", "), err)
				continue
			}
			for _, table := range r.full {
				if !big[table] {
					small[table]++
					continue
				}
				t.Errorf("%s reads all of %s (from %s):\n%s\nplan:\n%s", d.Engine, table, strings.Join(seen[q], ", "), oneLine(q), r.plan)
			}
			for _, table := range r.tenantWide {
				// PostgreSQL plans by the tables' statistics: on a table of a
				// few rows any index will do, and its choice says nothing.
				if !history[table] || d.Engine == db.Postgres && rows[table] < 1000 {
					continue
				}
				if why := knownTenantWide(d.Engine, q); why != "" {
					known[why]++
					continue
				}
				t.Errorf("%s reads all of a facility's %s, whatever the page shows (from %s):\n%s\nplan:\n%s",
					d.Engine, table, strings.Join(seen[q], ", "), oneLine(q), r.plan)
			}
		}
		t.Logf("%s: %d calls × 3 roles ran %d distinct statements, %d of them planned; whole reads of tables that do not grow with homes: %v; known facility-wide reads: %v",
			d.Engine, len(calls), len(queries), planned, small, known)
		if planned < len(calls) {
			t.Errorf("only %d statements planned for %d calls: is DB.Trace still called for every statement?", planned, len(calls))
		}
	})
}

// history are the tables that grow every day a home works (the rest grow
// with homes, residents and people): a read of all of a facility's rows of
// one of them costs more each day.
var history = map[string]bool{
	"medication_passes": true, "medication_changes": true, "task_records": true, "progress_notes": true, "progress_note_reads": true,
	"progress_note_addenda": true, "health_readings": true, "care_records": true, "clock_punches": true, "chat_messages": true,
	"incident_reports": true, "audit_log": true, "notifications": true, "shift_assignments": true, "shift_reports": true,
	"application_forms": true, "medication_disposals": true,
}

// knownTenantWide names the statements that still read all of a facility's
// rows of a history table, and why (docs/performance.md "How the cost
// grows"): the answer is "" for any other, which fails the test.
func knownTenantWide(engine db.Engine, q string) string {
	w := oneLine(q)
	switch {
	case strings.HasPrefix(w, "SELECT COUNT(*)") && strings.Contains(w, "NOT EXISTS (SELECT 1 FROM progress_note_reads"):
		return "unread notes are counted over all of the facility's notes"
	case engine == db.SQLite && strings.HasPrefix(w, "SELECT COUNT(*) FROM medication_passes p JOIN residents r") && strings.Contains(w, "p.ack_at IS NULL"):
		return "SQLite without statistics: the red-item count reads the facility's passes (with ANALYZE it takes the open-pass indexes)"
	case engine == db.SQLite && strings.HasPrefix(w, "SELECT COUNT(*) FROM task_records tr") && strings.Contains(w, "'EXPIRED'"):
		return "SQLite without statistics: the overdue-task count reads the facility's task records by a covering index"
	case strings.HasPrefix(w, "SELECT COUNT(*)") && !strings.Contains(w, " LIMIT "):
		return "a page's total counts every row it could show"
	}
	return ""
}

// planable is whether a statement reads rows through a plan: SELECT, WITH,
// UPDATE, DELETE and INSERT … SELECT (not transaction control, locks or
// plain INSERT … VALUES).
func planable(q string) bool {
	w := strings.ToUpper(strings.TrimLeft(q, " \t\n("))
	switch {
	case strings.HasPrefix(w, "SELECT"), strings.HasPrefix(w, "WITH"), strings.HasPrefix(w, "UPDATE"), strings.HasPrefix(w, "DELETE"):
		return !strings.Contains(w, "PG_ADVISORY") && !strings.Contains(w, "PG_NOTIFY")
	case strings.HasPrefix(w, "INSERT"):
		return strings.Contains(w, " SELECT ")
	}
	return false
}

// placeholders counts the ? outside single-quoted literals (db.DB.Rebind's rule).
func placeholders(q string) int {
	n, quoted := 0, false
	for i := range len(q) {
		switch {
		case q[i] == '\'':
			quoted = !quoted
		case q[i] == '?' && !quoted:
			n++
		}
	}
	return n
}

// reads is what a plan says about how a statement finds its rows.
type reads struct {
	// full are the tables read whole.
	full []string
	// tenantWide are the tables read for every row of the facility (the
	// index gives only the tenant) and not in the order of a LIMIT that
	// stops early: all of the facility's history, whatever the page shows.
	tenantWide []string
	plan       string // as text, for the failure message
}

// explain asks the engine how it would run q.
func explain(ctx context.Context, d *db.DB, q string) (reads, error) {
	nulls := make([]any, placeholders(q))
	if d.Engine == db.SQLite {
		return sqliteReads(ctx, d, q, nulls)
	}
	return postgresReads(ctx, d, q, len(nulls))
}

var (
	sqliteScan   = regexp.MustCompile(`^SCAN (\w+)`)
	sqliteTenant = regexp.MustCompile(`^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \(tenant_id=\?\)$`)
	// sqliteAlias finds "FROM table alias" and "JOIN table AS alias": the
	// plan names a table by its alias when it has one.
	sqliteAlias = regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+(\w+)(?:\s+AS)?\s+(\w+)`)
	hasLimit    = regexp.MustCompile(`(?i)\bLIMIT\b`)
)

// sqliteReads reads EXPLAIN QUERY PLAN: "SCAN t" is a full scan of t (with
// or without USING [COVERING] INDEX, which only orders it), "SEARCH t USING
// … (tenant_id=?)" all of a facility's rows, "USE TEMP B-TREE FOR ORDER BY"
// a sort of everything found before the LIMIT applies.
// Source: https://sqlite.org/eqp.html
func sqliteReads(ctx context.Context, d *db.DB, q string, args []any) (reads, error) {
	rows, err := d.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		return reads{}, err
	}
	defer rows.Close()
	tables := map[string]string{}
	for _, m := range sqliteAlias.FindAllStringSubmatch(q, -1) {
		tables[m[2]] = m[1]
	}
	table := func(name string) string {
		if t, ok := tables[name]; ok {
			return t
		}
		return name
	}
	var r reads
	var plan strings.Builder
	var tenantWide []string
	sorted := false
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return reads{}, err
		}
		fmt.Fprintf(&plan, "  %s\n", detail)
		if m := sqliteScan.FindStringSubmatch(detail); m != nil {
			r.full = append(r.full, table(m[1]))
		}
		if m := sqliteTenant.FindStringSubmatch(detail); m != nil {
			tenantWide = append(tenantWide, table(m[1]))
		}
		if strings.HasPrefix(detail, "USE TEMP B-TREE FOR ORDER BY") {
			sorted = true
		}
	}
	if !hasLimit.MatchString(q) || sorted {
		r.tenantWide = tenantWide
	}
	r.plan = plan.String()
	return r, rows.Err()
}

var pgTenantOnly = regexp.MustCompile(`^\(tenant_id = \$\d+\)$`)

// postgresReads prepares q and explains its generic plan (the plan for any
// parameters; PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN)) with sequential
// scans disabled, so a Seq Scan left in it means no index can serve that
// table; an index scan whose condition is only the tenant reads all of the
// facility's rows unless a Limit above it, with no Sort between, stops it.
// Source: https://www.postgresql.org/docs/15/runtime-config-query.html
// (enable_seqscan, plan_cache_mode).
func postgresReads(ctx context.Context, d *db.DB, q string, params int) (reads, error) {
	conn, err := d.Writer().Conn(ctx)
	if err != nil {
		return reads{}, err
	}
	defer conn.Close()
	defer conn.ExecContext(ctx, `DEALLOCATE hearth_plan`) //nolint:errcheck // the connection is the test's own (planner)
	for _, set := range []string{`SET enable_seqscan = off`, `SET plan_cache_mode = force_generic_plan`,
		`PREPARE hearth_plan AS ` + d.Rebind(q)} {
		if _, err := conn.ExecContext(ctx, set); err != nil {
			return reads{}, err
		}
	}
	explain := `EXPLAIN (FORMAT JSON) EXECUTE hearth_plan`
	if params > 0 {
		explain += "(" + strings.TrimSuffix(strings.Repeat("NULL,", params), ",") + ")"
	}
	var js string
	if err := conn.QueryRowContext(ctx, explain).Scan(&js); err != nil {
		return reads{}, err
	}
	var plans []struct{ Plan planNode }
	if err := json.Unmarshal([]byte(js), &plans); err != nil {
		return reads{}, err
	}
	var r reads
	var text strings.Builder
	// limited: a Limit above with no Sort between; relation: the heap a
	// bitmap index scan is read for.
	var walk func(n planNode, depth int, limited bool, relation string)
	walk = func(n planNode, depth int, limited bool, relation string) {
		fmt.Fprintf(&text, "%s%s %s %s %s\n", strings.Repeat("  ", depth+1), n.NodeType, n.Relation, n.Index, n.Cond)
		switch n.NodeType {
		case "Seq Scan":
			r.full = append(r.full, n.Relation)
		case "Index Scan", "Index Only Scan":
			if pgTenantOnly.MatchString(n.Cond) && !limited {
				r.tenantWide = append(r.tenantWide, n.Relation)
			}
		case "Bitmap Index Scan":
			if pgTenantOnly.MatchString(n.Cond) && relation != "" {
				r.tenantWide = append(r.tenantWide, relation)
			}
		case "Limit":
			limited = true
		case "Sort", "Aggregate", "Hash", "HashAggregate", "Group":
			limited = false
		}
		if n.NodeType == "Bitmap Heap Scan" {
			relation = n.Relation
		} else if n.NodeType == "BitmapAnd" {
			relation = "" // another index narrows it
		}
		for _, c := range n.Plans {
			walk(c, depth+1, limited, relation)
		}
	}
	for _, p := range plans {
		walk(p.Plan, 0, false, "")
	}
	r.plan = text.String()
	return r, nil
}

type planNode struct {
	NodeType string     `json:"Node Type"`
	Relation string     `json:"Relation Name"`
	Index    string     `json:"Index Name"`
	Cond     string     `json:"Index Cond"`
	Plans    []planNode `json:"Plans"`
}

// tableRows counts the rows of every table.
func tableRows(t *testing.T, d *db.DB) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if d.Engine == db.Postgres {
		q = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`
	}
	names, err := tableNames(ctx, d, q)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int64{}
	for _, name := range names {
		var n int64
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM "`+name+`"`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[name] = n
	}
	return counts
}

func tableNames(ctx context.Context, d *db.DB, q string) ([]string, error) {
	rows, err := d.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, rows.Err()
}

var spaces = regexp.MustCompile(`\s+`)

func oneLine(q string) string { return strings.TrimSpace(spaces.ReplaceAllString(q, " ")) }
