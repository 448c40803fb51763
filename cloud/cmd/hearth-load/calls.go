package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"
)

// role is whose session a call goes with.
type role int

const (
	caregiver role = iota // the -clients sessions of -account
	admin                 // one session of -admin-account
	owner                 // one session of -owner-account
	public                // no token
)

func (r role) String() string {
	return [...]string{"caregiver", "admin", "owner", "public"}[r]
}

// loadCall is one request under load: a page's read or a shift's write. Its
// answer is judged as every answer is (HTTP 200, envelope code 0000).
type loadCall struct {
	name   string // for -endpoints and the reports: "page.what", or the legacy menu, userinfo, residents, staff
	role   role
	method string
	path   string // /api/...
	page   string // the menu URL the role needs for it (its page); "" when every signed-in screen sends it
	write  bool
	finite bool // its valid inputs run out (passes open now, PRN doses without their check)

	query func(w *world) url.Values // GET parameters (nil: none)
	body  func(w *world) []byte     // JSON body (nil: none)
	// next makes a write's body from the data made at run time; false when
	// no valid input is left (a finite pool: passes open now, tasks due).
	next func(w *world) ([]byte, bool)
	// tagged is next for a write whose input is lent to one request at a
	// time: the tag names it, and release gives it back once answered.
	tagged  func(w *world) ([]byte, string, bool)
	release func(w *world, tag string)
	// answered reads a write's answer (to feed the next write, e.g. the PRN
	// dose whose check comes next).
	answered func(w *world, data json.RawMessage)
	// aloneWorkers caps the workers of the call's own phase (0: -clients).
	aloneWorkers func(w *world) int

	// perHour: how often one person of the role sends it in an hour of a
	// shift (page opens, refresh timers while the page is open, writes);
	// the shift mix's weight is perHour × the role's people on shift.
	perHour float64
}

// the pools of finite calls are marked here, not in the literal, to keep the table readable.
var finiteCalls = map[string]bool{"write.logPass": true, "write.prnFollowUp": true}

// staticBody is a call body that never changes.
func staticBody(s string) func(*world) []byte {
	b := []byte(s)
	return func(*world) []byte { return b }
}

func jsonBody(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only maps and structs of plain values are passed
	}
	return b
}

// headcount is how many people of each role are on shift in a home at once:
// two caregivers, the admin half of the time, the owner a quarter.
var headcount = map[role]float64{caregiver: 2, admin: 0.5, owner: 0.25, public: 0}

// The screens' calls, read from the UI (frontend/src; named below per page).
// perHour is the model of an hour on shift; docs/performance.md gives it.
func catalogue() []*loadCall {
	var cs []*loadCall
	add := func(c *loadCall) { cs = append(cs, c) }
	get := func(name string, r role, page, path string, perHour float64, q func(*world) url.Values) {
		add(&loadCall{name: name, role: r, method: http.MethodGet, path: path, page: page, query: q, perHour: perHour})
	}
	post := func(name string, r role, page, path string, perHour float64, body func(*world) []byte) {
		add(&loadCall{name: name, role: r, method: http.MethodPost, path: path, page: page, body: body, perHour: perHour})
	}
	resident := func(w *world) url.Values { return url.Values{"residentId": {w.residentID}} }
	options := staticBody(`{"current":1,"size":9999,"data":{}}`) // MaxOptionSize option lists (tasks/api/listResidentOptions.ts)

	for _, r := range []role{caregiver, admin, owner} {
		p := r.String() + "."
		// Rates per role: the same pages, opened and kept open for different times.
		k := map[role]float64{caregiver: 1, admin: 0.8, owner: 0.5}[r]

		// The shell, on each load of the app (app/RouteGuard.tsx, app/layout): once an hour,
		// and its badges' timers while the app is open (notifications 60 s, help-desk tickets 30 s,
		// sidebar counts 5 min).
		get(p+"shell.menu", r, "", "/api/system/menu/listUserMenuTree", 1, nil)
		get(p+"shell.userinfo", r, "", "/api/system/user/getUserInfo", 1, nil)
		get(p+"shell.facilities", r, "", "/api/system/user/listMyFacilities", 1, nil)
		get(p+"shell.chatUnread", r, "", "/api/im/dashboard/", 1, nil)
		get(p+"shell.sidebarCounts", r, "", "/api/care/resident/sidebarReminderCount", 1+12, nil)
		get(p+"shell.notificationsUnread", r, "", "/api/care/notification/unreadCount", 1+60, nil)
		get(p+"shell.ticketsUnread", r, "", "/api/system/customerServiceTicket/unreadCount", 1+120, nil)

		// /dashboard (features/dashboard): the cards, again every 60 s while open.
		get(p+"dashboard.cards", r, "/dashboard", "/api/system/dashboard/listCards", k*(4+10), nil)

		// /emars (features/emars/pages/EmarPage.tsx): today's day (day "" is today), again every 60 s
		// (RefreshControl), and the facility's routine times (kept 10 min).
		post(p+"emars.day", r, "/emars", "/api/care/medication/listMedicationLog", k*(6+20), staticBody(`{"day":""}`))
		get(p+"emars.routineTime", r, "/emars", "/api/care/routineTime/get", k*3, nil)

		// /task (features/tasks/pages/TaskPage.tsx): today, the expired tab's first page, the
		// resident filter's options, the routine sessions (it opens at the current one; kept
		// 10 min, shared with /emars); today and expired again every 60 s.
		post(p+"task.today", r, "/task", "/api/care/taskInfo/listTodayTask", k*(4+15), staticBody(`{}`))
		get(p+"task.routineTime", r, "/task", "/api/care/routineTime/get", k*1, nil)
		post(p+"task.expired", r, "/task", "/api/care/taskInfo/listExpiredTasks", k*(4+15), staticBody(`{"current":1,"size":50,"data":{}}`))
		post(p+"task.residentOptions", r, "/task", "/api/care/resident/listResidentByPage", k*4, options)

		// /calendar, week view (features/tasks/pages/CalendarPage.tsx): occurrences and day figures
		// of the week (Sunday first), and the resident options.
		post(p+"calendar.weekTasks", r, "/calendar", "/api/care/taskInfo/listCalendarTask", k*0.5,
			func(w *world) []byte { return jsonBody(map[string]string{"start": w.weekStart, "end": w.weekEnd}) })
		post(p+"calendar.weekData", r, "/calendar", "/api/care/taskInfo/listCalendarData", k*0.5,
			func(w *world) []byte { return jsonBody(map[string]string{"start": w.weekStart, "end": w.weekEnd}) })

		// The resident list and the profile (app/pages/ResidentProfilePage.tsx and its tabs).
		list := "/resident"
		if r != caregiver {
			list = "/resident-management"
		}
		post(p+"residents.list", r, list, "/api/care/resident/listResidentByPage", k*2, staticBody(`{"current":1,"size":20,"data":{}}`))
		get(p+"profile.resident", r, list, "/api/care/resident/getResidentById", k*2, resident)
		get(p+"profile.carePlan", r, list, "/api/care/resident/residentTaskList", k*0.5, resident)
		post(p+"profile.medication", r, "/emars", "/api/care/medication/listMedication", k*0.5,
			func(w *world) []byte { return jsonBody(map[string]string{"residentId": w.residentID}) })
		post(p+"profile.eventsTasks", r, "/calendar", "/api/care/taskInfo/listCalendarTask", k*0.5,
			func(w *world) []byte {
				return jsonBody(map[string]string{"start": w.day, "end": w.weekAhead, "residentId": w.residentID})
			})
		post(p+"profile.eventsData", r, "/calendar", "/api/care/taskInfo/listCalendarData", k*0.5,
			func(w *world) []byte {
				return jsonBody(map[string]string{"start": w.day, "end": w.weekAhead, "residentId": w.residentID})
			})
		incidents := "/incident"
		if r != caregiver {
			incidents = "/incident-management"
		}
		post(p+"profile.incidents", r, incidents, "/api/care/incidentReport/listIncidentReport", k*0.2,
			func(w *world) []byte {
				return jsonBody(map[string]any{"current": 1, "size": 10, "data": map[string]string{"residentId": w.residentID}})
			})
		// The notes tab: the list (10 a page) and its unread count, again every 60 s while open.
		post(p+"notes.list", r, list, "/api/care/progressNote/listProgressNoteByPage", k*1,
			func(w *world) []byte {
				return jsonBody(map[string]any{"current": 1, "size": 10, "data": map[string]string{"residentId": w.residentID}})
			})
		get(p+"notes.unread", r, list, "/api/care/progressNote/countUnReadProgressNote", k*(1+3), resident)
		// The health monitor tab: metrics, the week's series, the readings of the chart shown first.
		get(p+"health.metrics", r, list, "/api/care/healthMonitor/listMetrics", k*0.5, resident)
		post(p+"health.series", r, list, "/api/care/healthMonitor/listSeries", k*0.5,
			func(w *world) []byte {
				return jsonBody(map[string]string{"residentId": w.residentID, "startDate": w.weekBack, "endDate": w.day})
			})
		post(p+"health.readings", r, list, "/api/care/healthMonitor/listHealthMonitorByPage", k*0.5,
			func(w *world) []byte {
				return jsonBody(map[string]any{"current": 1, "size": 10, "data": map[string]any{"residentId": w.residentID,
					"metrics": w.chartMetrics, "startDate": w.weekBack, "endDate": w.day, "flaggedOnly": false}})
			})
		// The care monitor tab: the week's grid and the records' first page.
		get(p+"care.grid", r, list, "/api/care/careMonitor/listResidentCareRecord", k*0.5,
			func(w *world) url.Values {
				return url.Values{"residentId": {w.residentID}, "startDate": {w.weekBack}, "endDate": {w.day}}
			})
		post(p+"care.list", r, list, "/api/care/careMonitor/listCareMonitorByPage", k*0.5,
			func(w *world) []byte {
				return jsonBody(map[string]any{"current": 1, "size": 10, "data": map[string]string{"residentId": w.residentID}})
			})
		post(p+"profile.contacts", r, list, "/api/care/residentContact/listContactByPage", k*0.2,
			func(w *world) []byte {
				return jsonBody(map[string]any{"current": 1, "size": 100, "data": map[string]string{"residentId": w.residentID}})
			})
		get(p+"profile.documents", r, list, "/api/care/resident/listResidentFiles", k*0.2, resident)

		// The incident list (features/incidents/pages): first page of 10; the manager's page
		// also has the resident filter's options.
		post(p+"incidents.list", r, incidents, "/api/care/incidentReport/listIncidentReport", k*0.5,
			staticBody(`{"current":1,"size":10,"data":{}}`))
		if r != caregiver {
			post(p+"incidents.residentOptions", r, incidents, "/api/care/resident/listResidentByPage", k*0.5, options)
		}

		// Shift reports (features/shifts/pages/ShiftReportPage.tsx): list and unread (every 60 s),
		// my shifts (every 5 min), shift types.
		post(p+"shiftReport.list", r, "/shift-report", "/api/care/shiftReport/listByPage", k*(0.5+2),
			staticBody(`{"current":1,"size":10,"data":{}}`))
		get(p+"shiftReport.unread", r, "/shift-report", "/api/care/shiftReport/countUnread", k*(0.5+2), nil)
		get(p+"shiftReport.myShifts", r, "/shift-report", "/api/care/shiftSchedule/myShifts", k*0.5, nil)
		post(p+"shiftReport.types", r, "/shift-report", "/api/care/shiftType/list", k*0.5, staticBody(`{}`))

		if r != caregiver {
			// Shift management (features/shifts): it opens on the week's roster (RosterPanel:
			// this week's listByWeek, no weekStart, and the staff options); the types are its
			// settings tab; scheduled-vs-worked hours of this week (HoursPanel).
			post(p+"schedule.types", r, "/shift-management", "/api/care/shiftType/list", k*1, staticBody(`{}`))
			post(p+"schedule.week", r, "/shift-management", "/api/care/shiftSchedule/listByWeek", k*1, staticBody(`{}`))
			post(p+"schedule.staffOptions", r, "/shift-management", "/api/care/caregiver/listCaregiverBaseInfoByPage", k*1, options)
			post(p+"hours.week", r, "/shift-management", "/api/care/shiftHours/report", k*0.5,
				func(w *world) []byte {
					return jsonBody(map[string]string{"startDate": w.weekStart, "endDate": w.weekEnd})
				})
			post(p+"staff.list", r, "/staff-management", "/api/care/caregiver/listCaregiverByPage", k*2,
				staticBody(`{"current":1,"size":20,"data":{}}`))
		}

		// Chat (features/chat): the chat list (50), a conversation's newest 50 and its read mark.
		post(p+"chat.list", r, "/message", "/api/im/chat/pageLatest", k*2, staticBody(`{"current":1,"size":50}`))
		post(p+"chat.messages", r, "/message", "/api/im/message/pageLatest", k*4,
			func(w *world) []byte { return jsonBody(map[string]any{"chatId": w.chatOf[r], "size": 50}) })
		post(p+"chat.readAll", r, "/message", "/api/im/chat/readAll", k*4,
			func(w *world) []byte { return jsonBody(map[string]string{"chatId": w.chatOf[r]}) })
	}

	// The writes of a caregiver's shift, per caregiver-hour (a home of 8 residents, 5-7
	// orders each, 15-20 tasks a day: docs/performance.md).
	write := func(name, path string, perHour float64, next func(*world) ([]byte, bool), answered func(*world, json.RawMessage)) {
		add(&loadCall{name: name, role: caregiver, method: http.MethodPost, path: path, write: true, next: next, answered: answered,
			perHour: perHour, finite: finiteCalls[name]})
	}
	write("write.logPass", "/api/care/medication/logPass", 6, (*world).nextPass, nil)
	write("write.logPrn", "/api/care/medication/logPrn", 0.3, (*world).nextPrn, (*world).prnLogged)
	write("write.prnFollowUp", "/api/care/medication/prnFollowUp", 0.3, (*world).nextFollowUp, nil)
	add(&loadCall{name: "write.completeTask", role: caregiver, method: http.MethodPost, path: "/api/care/taskInfo/completeTask",
		write: true, tagged: (*world).nextCompletion, release: (*world).releaseTask, answered: (*world).taskCompleted, perHour: 3,
		// Alone, at most one request per as-needed task at a time once the tasks due are done.
		aloneWorkers: func(w *world) int { return len(w.asNeeded) }})
	write("write.correctTask", "/api/care/taskInfo/updateTaskRecord", 0.2, (*world).nextCorrection, nil)
	write("write.note", "/api/care/progressNote/batchSave", 1, (*world).nextNote, nil)
	write("write.vital", "/api/care/healthMonitor/save", 1, (*world).nextVital, nil)
	write("write.careRecord", "/api/care/careMonitor/save", 3, (*world).nextCare, nil)
	write("write.chatMessage", "/api/im/message/push", 2, (*world).nextMessage, nil)
	write("write.punch", "/api/care/caregiverClockInRecord/clockIn", 0.25, (*world).nextPunch, nil)
	write("write.incidentDraft", "/api/care/incidentReport/saveIncidentDraft", 0.05, (*world).nextIncident, nil)

	// The first figures' four calls, by their old names.
	get("menu", caregiver, "", "/api/system/menu/listUserMenuTree", 0, nil)
	get("userinfo", caregiver, "", "/api/system/user/getUserInfo", 0, nil)
	post("residents", admin, "", "/api/care/resident/listResidentByPage", 0, staticBody(`{"current":1,"size":20,"data":{}}`))
	post("staff", admin, "", "/api/care/caregiver/listCaregiverByPage", 0, staticBody(`{"current":1,"size":20,"data":{}}`))
	return cs
}

// legacy names are the four calls of the first figures, sent in turn.
var legacy = []string{"menu", "userinfo", "residents", "staff"}

// pickCalls resolves -endpoints: a comma-separated list of call names and set
// names. Sets: "shift" (the weighted mix of every role's pages and the
// writes), "pages" (every page call of every role, once each, in turn),
// "writes", a role ("caregiver", "admin", "owner": that role's pages), a page
// ("emars", "task", "dashboard", ... : the calls whose name has it after the
// role), or any name prefix ending in "." ("caregiver.emars."). weighted says
// the set is the shift mix (calls sent by their perHour share, not in turn).
func pickCalls(all []*loadCall, list string) (out []*loadCall, weighted bool, err error) {
	seen := map[string]bool{}
	addCall := func(c *loadCall) {
		if !seen[c.name] {
			seen[c.name] = true
			out = append(out, c)
		}
	}
	isLegacy := func(c *loadCall) bool { return slices.Contains(legacy, c.name) }
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		before := len(out)
		for _, c := range all {
			role, rest, _ := strings.Cut(c.name, ".")
			page, _, _ := strings.Cut(rest, ".")
			switch {
			case n == c.name:
			case isLegacy(c):
				continue
			case n == "shift":
				if c.perHour <= 0 {
					continue
				}
				weighted = true
			case n == "pages" && !c.write:
			case n == "writes" && c.write:
			case n == role && !c.write:
			case n == page && role != "write":
			case strings.HasSuffix(n, ".") && strings.HasPrefix(c.name, n):
			default:
				continue
			}
			addCall(c)
		}
		if len(out) == before {
			return nil, false, fmt.Errorf("-endpoints: %q names no call or set (see -list)", n)
		}
	}
	if len(out) == 0 {
		return nil, false, fmt.Errorf("-endpoints is empty")
	}
	return out, weighted, nil
}

// wheel is the order a set's calls are sent in: each call once in turn, or,
// for the shift mix, each call as often as its share of an hour of the
// home (perHour × headcount), spread evenly (smooth weighted round robin).
func wheel(cs []*loadCall, weighted bool) []*loadCall {
	if !weighted {
		return cs
	}
	total := 0.0
	weights := make([]float64, len(cs))
	for i, c := range cs {
		weights[i] = c.perHour * headcount[c.role]
		total += weights[i]
	}
	// A wheel of 2,000 slots: the rarest write (an incident draft, 0.05 an hour) still gets one.
	const slots = 2000
	counts := make([]int, len(cs))
	n := 0
	for i, wt := range weights {
		counts[i] = max(1, int(wt/total*slots+0.5))
		n += counts[i]
	}
	current := make([]float64, len(cs))
	out := make([]*loadCall, 0, n)
	for range n {
		best := -1
		for i := range cs {
			current[i] += float64(counts[i])
			if best < 0 || current[i] > current[best] {
				best = i
			}
		}
		current[best] -= float64(n)
		out = append(out, cs[best])
	}
	return out
}

// shares gives each call's share of the wheel, most first, those of 0.5%
// or more, and the writes' share in all.
func shares(cs []*loadCall) []string {
	count := map[string]int{}
	for _, c := range cs {
		count[c.name]++
	}
	names := make([]string, 0, len(count))
	for n := range count {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return count[names[i]] > count[names[j]] })
	out := make([]string, 0, len(names))
	writes := 0
	for _, c := range cs {
		if c.write {
			writes++
		}
	}
	out = append(out, fmt.Sprintf("writes in all %.1f%%", 100*float64(writes)/float64(len(cs))))
	for _, n := range names {
		if share := 100 * float64(count[n]) / float64(len(cs)); share >= 0.5 {
			out = append(out, fmt.Sprintf("%s %.1f%%", n, share))
		}
	}
	return out
}

// facilityDay adds days to a YYYY-MM-DD date.
func facilityDay(day string, add int) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.AddDate(0, 0, add).Format(time.DateOnly)
}

// sundayOf is the Sunday that starts day's week (the calendar's firstDay 0, shifts' weeks).
func sundayOf(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.AddDate(0, 0, -int(t.Weekday())).Format(time.DateOnly)
}
