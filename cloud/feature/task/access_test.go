package task_test

import (
	"net/http"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Every route of the feature, with Maple's ids: other facilities (of the same
// organisation, of another) get 4004 (or 4003 where their role is refused
// first); Maple's caregiver reads and completes but never writes the plan;
// the free plan has no calendar (7003); the super admin is no facility user.
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 10, 0))
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		peggy := residentID(t, e, "Maple House AFH", "Margaret")
		task := createTask(t, owner, shared.SaveTaskRequest{ResidentID: peggy, Title: "Mouth care", Type: shared.TaskRoutine,
			Area: shared.AreaHygiene, StartDate: "2027-06-01", Frequency: shared.FrequencyDaily})
		record := recordsOf(todayTasks(t, owner, shared.TodayTaskRequest{ResidentID: peggy}), task.TaskID)[0].RecordID
		save := shared.SaveTaskRequest{TaskID: task.TaskID, ResidentID: peggy, Title: "Mouth care", Type: shared.TaskRoutine,
			StartDate: "2027-06-01", Frequency: shared.FrequencyDaily}
		rng := shared.CalendarRange{Start: "2027-06-01", End: "2027-06-07", ResidentID: peggy}
		routine := shared.FacilityRoutine{Sessions: []shared.RoutineSession{
			{Session: shared.SessionMorning, StartTime: "06:00", EndTime: "09:00"}, {Session: shared.SessionMidday, StartTime: "09:00", EndTime: "12:00"},
			{Session: shared.SessionAfternoon, StartTime: "12:00", EndTime: "17:00"}, {Session: shared.SessionEvening, StartTime: "17:00", EndTime: "21:00"},
			{Session: shared.SessionNight, StartTime: "21:00", EndTime: "06:00"}, {Session: shared.SessionMidnight, StartTime: "23:00", EndTime: "01:00"}}}
		clear := "?residentId=" + peggy + "&reason=x"
		type access struct {
			write bool // owners and admins only (routineTime/save: owners only)
			cal   bool // the Calendar function
		}
		type route = servertest.Route[access]
		routes := []route{
			{Name: "listTasksByPage", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/listTasksByPage", shared.PageRequest[shared.TaskFilter]{Current: 1, Size: 20, Data: shared.TaskFilter{ResidentID: peggy}})
			}},
			{Name: "listTodayTask", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/listTodayTask", shared.TodayTaskRequest{ResidentID: peggy})
			}},
			{Name: "getTaskInfo", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/getTaskInfo?taskId="+task.TaskID, nil)
			}},
			{Name: "getTaskRecord", Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, ti+"/getTaskRecord?recordId="+record)
			}},
			{Name: "listExpiredTasks", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/listExpiredTasks", shared.PageRequest[shared.ExpiredTaskFilter]{Current: 1, Size: 20, Data: shared.ExpiredTaskFilter{ResidentID: peggy}})
			}},
			{Name: "residentTaskList", Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/residentTaskList?residentId="+peggy)
			}},
			{Name: "listResidentExpiredData", Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/listResidentExpiredData?residentId="+peggy)
			}},
			{Name: "listCalendarTask", Is: access{cal: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/listCalendarTask", rng)
			}},
			{Name: "listCalendarData", Is: access{cal: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/listCalendarData", rng)
			}},
			{Name: "createTask", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				req := save
				req.TaskID = ""
				return c.Post(t, ti+"/createTask", req)
			}},
			{Name: "updateTask", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/updateTask", save)
			}},
			{Name: "clearCarePlanExpiredData", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/clearCarePlanExpiredData"+clear)
			}},
			{Name: "clearRecordExpiredData", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/clearRecordExpiredData"+clear)
			}},
			{Name: "clearMedicationExpiredData", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/clearMedicationExpiredData"+clear)
			}},
			{Name: "clearAllExpiredTask", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, res+"/clearAllExpiredTask"+clear)
			}},
			// Completion last among the Maple caregiver's: it changes the record.
			{Name: "completeTask", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/completeTask", shared.CompleteTaskRequest{RecordID: record, Comment: "done"})
			}},
			{Name: "updateTaskRecord", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, ti+"/updateTaskRecord", shared.UpdateTaskRecordRequest{RecordID: record, Comment: "done"})
			}},
			{Name: "deleteTask", Is: access{write: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, ti+"/deleteTask?taskId="+task.TaskID)
			}},
		}

		// Another facility of the same organisation, another organisation, their caregiver.
		for _, who := range []struct {
			name  string
			c     *servertest.Client
			carer bool
			free  bool
		}{
			{name: "Cedar owner", c: e.SignIn(t, "owner_evergreen", "Cedar Home AFH")},
			{name: "Cedar caregiver", c: e.SignIn(t, "caregiver_cedar1"), carer: true},
			{name: "Birch owner (free plan)", c: e.SignIn(t, "owner_birch"), free: true},
		} {
			servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: who.name, Client: who.c, Want: func(r route) string {
				switch {
				case r.Is.write && who.carer:
					return shared.CodeForbidden // the role is checked first
				case r.Is.cal && who.free:
					return shared.CodeFunctionMissing // the free plan has no calendar
				}
				return shared.CodeNotFound
			}})
			// Their own lists never show Maple's.
			var page shared.Page[shared.Task]
			who.c.Post(t, ti+"/listTasksByPage", shared.PageRequest[shared.TaskFilter]{Current: 1, Size: 100}).OK(t).Into(t, &page)
			for _, tk := range page.Records {
				if tk.TaskID == task.TaskID {
					t.Errorf("%s lists Maple's task", who.name)
				}
			}
			var count int
			who.c.Get(t, ti+"/countExpiredTasks").OK(t).Into(t, &count)
			who.c.Get(t, "/api/care/routineTime/get").OK(t)
		}

		// Maple's caregiver: reads and completes; never writes the plan, clears or sets the routine.
		carer := e.SignIn(t, "caregiver_maple1")
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple caregiver", Client: carer, Want: func(r route) string {
			if r.Is.write {
				return shared.CodeForbidden
			}
			return shared.CodeOK
		}})
		carer.Get(t, "/api/care/routineTime/get").OK(t)
		carer.Post(t, "/api/care/routineTime/save", routine).Is(t, http.StatusOK, shared.CodeForbidden)
		// An admin manages tasks but the routine is the owner's.
		admin := e.SignIn(t, "admin_maple")
		admin.Post(t, "/api/care/routineTime/save", routine).Is(t, http.StatusOK, shared.CodeForbidden)
		servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: "Maple admin", Client: admin, Want: func(r route) string {
			if r.Name == "clearAllExpiredTask" || r.Name == "deleteTask" {
				return shared.CodeOK
			}
			return servertest.NotCalled
		}})
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		owner.Post(t, "/api/care/routineTime/save", routine).OK(t)

		// The super admin is not a facility user; nobody unsigned gets in.
		servertest.Outsiders(t, e, routes)
		e.SignIn(t, "superadmin").Get(t, "/api/care/routineTime/get").Is(t, http.StatusOK, shared.CodeForbidden)
	})
}
