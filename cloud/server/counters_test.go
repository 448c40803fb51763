package server_test

import (
	"fmt"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// One number, one meaning (issue 29; docs/frontend.md "Counters"): on the demo data, at several times of
// the facility's day, the sidebar's badges, the Tasks page's Expired tab and Overdue tile, the eMAR page's
// tiles and the dashboard's lines agree, for a caregiver and an owner; "Due now" never counts a PRN
// effectiveness check.
func TestCountersAgree(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		var info shared.UserInfo
		e.SignIn(t, "caregiver_maple1").Get(t, "/api/system/user/getUserInfo").OK(t).Into(t, &info)
		loc, ok := info.TimeZone.Location()
		if !ok {
			t.Fatalf("Maple's zone %q", info.TimeZone)
		}
		// The next 08:00, 13:00, 18:00, 22:00 and 05:00 (last night's round still open) of the facility after the demo was seeded, in that order.
		at := func(hour int) time.Time {
			now := e.Clock.Now().In(loc)
			next := time.Date(now.Year(), now.Month(), now.Day(), hour, 0, 0, 0, loc)
			if !next.After(now) {
				next = next.AddDate(0, 0, 1)
			}
			return next
		}
		for _, hour := range []int{8, 13, 18, 22, 5} {
			e.Clock.Advance(at(hour).Sub(e.Clock.Now()))
			e.DrainJobs(t)
			for _, account := range []string{"caregiver_maple1", "admin_maple"} {
				t.Run(fmt.Sprintf("%02d:00 %s", hour, account), func(t *testing.T) {
					c := e.SignIn(t, account)
					var side shared.SidebarReminderCount
					c.Get(t, "/api/care/resident/sidebarReminderCount").OK(t).Into(t, &side)
					m := cards(t, c)

					// Tasks: overdue = every day's late tasks of the facility.
					var expiredCount int
					c.Get(t, "/api/care/taskInfo/countExpiredTasks").OK(t).Into(t, &expiredCount)
					var expiredTab shared.Page[shared.TaskRecord]
					c.Post(t, "/api/care/taskInfo/listExpiredTasks", shared.PageRequest[shared.ExpiredTaskFilter]{Current: 1, Size: 10}).OK(t).Into(t, &expiredTab)
					overdue := line(t, m["todayTasks"], "tasksOverdue")
					if side.ExpiredTasksCount != expiredCount || int(expiredTab.Total) != expiredCount || overdue.Count != expiredCount {
						t.Errorf("tasks overdue: sidebar %d, count %d, Expired tab %d, dashboard %d", side.ExpiredTasksCount, expiredCount, expiredTab.Total, overdue.Count)
					}
					// Due now on the dashboard is the Tasks page's "Due now" tile: today's records due now.
					var today shared.TodayTasks
					c.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &today)
					ms := e.Clock.Now().UnixMilli()
					dueNow := 0
					for _, r := range today.Records {
						if shared.TaskDueNow(r.Status, r.Category, r.TimeSession, r.TimeOfDay, r.DueStart, r.DueEnd, ms) {
							dueNow++
						}
					}
					if it := line(t, m["todayTasks"], "tasksDueNow"); it.Count != dueNow {
						t.Errorf("tasks due now: dashboard %d, page %d", it.Count, dueNow)
					}

					// Medication: overdue = red items of 7 days not acknowledged, everywhere.
					var warnings int
					c.Get(t, "/api/care/medication/countWarningNum").OK(t).Into(t, &warnings)
					card, ok := m["medPasses"]
					if !ok {
						t.Fatalf("no med passes card: %v", keys(m))
					}
					if side.MedicationWarningCount != warnings || line(t, card, "medPassesOverdue").Count != warnings {
						t.Errorf("med overdue: sidebar %d, page %d, dashboard %d", side.MedicationWarningCount, warnings, line(t, card, "medPassesOverdue").Count)
					}
					// Due now counts scheduled passes only; effect checks are their own line.
					var day shared.EmarDay
					c.Post(t, "/api/care/medication/listMedicationLog", shared.MedicationLogRequest{}).OK(t).Into(t, &day)
					due, checks := 0, 0
					for _, r := range day.Residents {
						for i := range r.Passes {
							switch shared.PassNeedOf(&r.Passes[i]) {
							case shared.NeedDue:
								if r.Passes[i].Kind != shared.PassScheduled {
									t.Errorf("a %s pass counted as due: %+v", r.Passes[i].Kind, r.Passes[i])
								}
								due++
							case shared.NeedCheck:
								checks++
							}
						}
					}
					if line(t, card, "medPassesDue").Count != due || line(t, card, "effectChecksDue").Count != checks {
						t.Errorf("due now: dashboard %d/%d checks, page %d/%d", line(t, card, "medPassesDue").Count, line(t, card, "effectChecksDue").Count, due, checks)
					}
					t.Logf("tasks overdue %d, due now %d; passes overdue %d, due %d, checks %d", expiredCount, dueNow, warnings, due, checks)
				})
			}
		}
	})
}
