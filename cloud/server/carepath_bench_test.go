package server_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// carePathCall is one call a page sends when it opens, as the UI sends it.
type carePathCall struct {
	name  string
	path  string // under /api
	body  any    // nil: GET
	roles []string
}

// The accounts of Maple House the benchmark signs in as.
var carePathRoles = map[string]string{"owner": "owner_evergreen", "admin": "admin_maple", "caregiver": "caregiver_maple1"}

// BenchmarkCarePath measures, on the demo data of both engines, every read a
// care page sends when it opens (dashboard, /emars, today's tasks, notes,
// chat, the sidebar's counters, calendar week, incidents, shift week, a
// resident's profile tabs) for an owner, an admin and a caregiver of Maple
// House, and the writes of a shift, each through the whole server (guard,
// session, JSON) over loopback. Run with -cpu 1 and a -benchtime; ns/op is the
// client's and the server's CPU together (one goroutine each way), so a call
// is compared with itself before and after a change, and with /healthz.
// stmts/op is how many statements the server sent to the database per call
// (DB.Trace); HEARTH_BENCH_STATEMENTS=1 logs them.
//
//	go test ./server/ -run XXX -bench CarePath -cpu 1 -benchtime 2s -benchmem
func BenchmarkCarePath(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		maple := e.FacilityID(b, "Maple House AFH")
		var resident string
		if err := d.QueryRowContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND status = 'NORMAL' ORDER BY first_name LIMIT 1`, maple).Scan(&resident); err != nil {
			b.Fatal(err)
		}
		if out := os.Getenv("HEARTH_BENCH_COPY"); out != "" && d.Engine == db.SQLite { // a copy of the demo database, to EXPLAIN its queries
			if _, err := d.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
				b.Fatal(err)
			}
		}
		today := e.Clock.Now()
		week := today.AddDate(0, 0, -int(today.Weekday()))
		all := []string{"owner", "admin", "caregiver"}
		reads := []carePathCall{
			{"healthz", "/healthz", nil, []string{"owner"}},
			{"menu", "/system/menu/listUserMenuTree", nil, all},
			{"listCards", "/system/dashboard/listCards", nil, all},
			{"sidebarReminderCount", "/care/resident/sidebarReminderCount", nil, all},
			{"countWarningNum", "/care/medication/countWarningNum", nil, all},
			{"listMedicationLog", "/care/medication/listMedicationLog", shared.MedicationLogRequest{}, all},
			{"listTodayTask", "/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}, all},
			{"listCalendarTask", "/care/taskInfo/listCalendarTask", shared.CalendarRange{Start: week.Format("2006-01-02"), End: week.AddDate(0, 0, 6).Format("2006-01-02")}, all},
			{"listExpiredTasks", "/care/taskInfo/listExpiredTasks", shared.PageRequest[shared.ExpiredTaskFilter]{Current: 1, Size: 50}, all},
			{"listProgressNoteByPage", "/care/progressNote/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20}, all},
			{"chatPageLatest", "/im/chat/pageLatest", shared.ChatPageRequest{Current: 1, Size: 20}, all},
			{"listIncidentReport", "/care/incidentReport/listIncidentReport", shared.PageRequest[shared.IncidentFilter]{Current: 1, Size: 20}, all},
			{"listByWeek", "/care/shiftSchedule/listByWeek", shared.ListByWeekRequest{}, []string{"owner", "admin"}},
			{"getResidentById", "/care/resident/getResidentById?residentId=" + url.QueryEscape(resident), nil, all},
			{"listMedication", "/care/medication/listMedication", map[string]string{"residentId": resident}, all},
			{"residentNotes", "/care/progressNote/listProgressNoteByPage", shared.PageRequest[shared.ProgressNoteFilter]{Current: 1, Size: 20,
				Data: shared.ProgressNoteFilter{ResidentID: resident}}, all},
			{"residentTaskList", "/care/resident/residentTaskList?residentId=" + url.QueryEscape(resident), nil, all},
			{"residentCalendarTask", "/care/taskInfo/listCalendarTask", shared.CalendarRange{Start: today.Format("2006-01-02"), // the profile's coming events
				End: today.AddDate(0, 0, 6).Format("2006-01-02"), ResidentID: resident}, all},
			{"listResidentCareRecord", "/care/careMonitor/listResidentCareRecord?residentId=" + url.QueryEscape(resident), nil, all},
		}
		clients := map[string]*servertest.Client{}
		for role, account := range carePathRoles {
			clients[role] = e.SignIn(b, account, "Maple House AFH")
		}
		call := func(b *testing.B, c *servertest.Client, rc carePathCall) {
			b.Helper()
			var r *servertest.Response
			if rc.path == "/healthz" {
				r = c.Do(b, servertest.Request{Path: rc.path})
				if r.Status != 200 {
					b.Fatalf("/healthz: %d", r.Status)
				}
				return
			}
			if rc.body == nil {
				r = c.Get(b, "/api"+rc.path)
			} else {
				r = c.Post(b, "/api"+rc.path, rc.body)
			}
			if err := r.Check(200, shared.CodeOK); err != nil {
				b.Fatalf("%s: %v", rc.name, err)
			}
		}
		for _, rc := range reads {
			for _, role := range rc.roles {
				b.Run("read/"+rc.name+"/"+role, func(b *testing.B) {
					c := clients[role]
					call(b, c, rc)                                  // once before timing: whatever is kept is made
					if os.Getenv("HEARTH_BENCH_STATEMENTS") != "" { // the statements of one more call
						stop := d.Trace(func(q string) { b.Logf("%s", strings.Join(strings.Fields(q), " ")) })
						call(b, c, rc)
						stop()
					}
					b.ReportAllocs()
					var statements atomic.Int64
					stop := d.Trace(func(string) { statements.Add(1) })
					cpu := cpuTime(b)
					for b.Loop() {
						call(b, c, rc)
					}
					cpu.report(b)
					stop()
					b.ReportMetric(float64(statements.Load())/float64(b.N), "stmts/op")
				})
			}
		}

		// Writes, as a caregiver of the shift sends them.
		carer := clients["caregiver"]
		b.Run("write/progressNoteBatchSave/caregiver", func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime(b)
			defer cpu.report(b)
			for i := 0; b.Loop(); i++ {
				carer.Post(b, "/api/care/progressNote/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{{
					ClientID: fmt.Sprintf("bench-note-%08d", i), ResidentID: resident, NoteType: shared.NoteOther, Notes: "Ate well at lunch, walked to the garden."}}}).OK(b)
			}
		})
		// A pass open now (due, about to be overdue, or overdue), refused, then
		// put back as never logged outside the timing, so each call logs it anew.
		var day shared.EmarDay
		carer.Post(b, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(b).Into(b, &day)
		var open string
		for _, r := range day.Residents {
			for _, p := range r.Passes {
				if open == "" && p.Kind == shared.PassScheduled && p.Outcome == "" &&
					(p.Status == shared.PassDue || p.Status == shared.PassWarning || p.Status == shared.PassOverdue) {
					open = p.PassID
				}
			}
		}
		if open != "" {
			b.Run("write/logPass/caregiver", func(b *testing.B) {
				b.ReportAllocs()
				var cpu processCPU
				for i := 0; b.Loop(); i++ {
					b.StopTimer()
					if _, err := d.ExecContext(ctx, `UPDATE medication_passes SET outcome = '', given_at = NULL, logged_at = NULL, staff_id = NULL,
						client_id = NULL, reason = '' WHERE id = ?`, open); err != nil {
						b.Fatal(err)
					}
					start := cpuTime(b)
					b.StartTimer()
					carer.Post(b, "/api/care/medication/logPass", shared.LogPassRequest{PassID: open, ClientID: fmt.Sprintf("bench-pass-%08d", i),
						Outcome: shared.OutcomeRefused, Reason: "Resident declined"}).OK(b)
					cpu += cpuTime(b) - start
				}
				b.ReportMetric(float64(time.Duration(cpu).Microseconds())/float64(b.N), "cpu-µs/op")
			})
		} else {
			b.Log("no pass is open at this hour: logPass not measured")
		}
		var chats shared.Page[shared.Chat]
		carer.Post(b, "/api/im/chat/pageLatest", shared.ChatPageRequest{Current: 1, Size: 20}).OK(b).Into(b, &chats)
		if len(chats.Records) == 0 {
			b.Fatal("the caregiver has no chat")
		}
		b.Run("write/chatPush/caregiver", func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime(b)
			defer cpu.report(b)
			for i := 0; b.Loop(); i++ {
				carer.Post(b, "/api/im/message/push", shared.MessagePushRequest{ChatID: chats.Records[0].ID, TrackID: fmt.Sprintf("bench-msg-%08d", i),
					MessageType: shared.MessageText, Content: "Room 3 needs towels"}).OK(b)
			}
		})
	})
}

// processCPU is the process's CPU time (user and system) when it was taken.
type processCPU time.Duration

func cpuTime(b *testing.B) processCPU {
	b.Helper()
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return processCPU(time.Duration(u.Utime.Nano() + u.Stime.Nano()))
}

// report adds cpu-µs/op: the process's CPU time per call (the client's and
// the server's; the database's too on SQLite), which other programs on the
// machine do not change as they change ns/op.
func (p processCPU) report(b *testing.B) {
	b.Helper()
	now := cpuTime(b)
	if b.N > 0 {
		b.ReportMetric(float64(time.Duration(now-p).Microseconds())/float64(b.N), "cpu-µs/op")
	}
}
