package task

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Roles (spec 000 §6): every facility role reads tasks and completes them;
// owners and admins write the care plan and clear expired work; only owners
// set the facility's routine sessions (a facility setting). Plan functions:
// caregivers reach tasks through their CaregiverTask menu, owners and admins
// through HomeOwnerTasks; the care plan of a resident through the resident
// menus; the calendar through Calendar (not in the free plan).
var (
	taskFunctions     = map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnCaregiverTask}
	residentFunctions = map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnCaregiverResidents}
)

// Routes mounts taskInfo and routineTime (spec 001 §7.8) and the resident
// calls of care plans and expired data (spec 001 §7.6) under the care service.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles []shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn, Roles: roles,
			Function: shared.FnHomeOwnerTasks, RoleFunctions: taskFunctions}
	}
	read := func(method, path, summary string) web.Op { return op(method, path, summary, shared.EveryFacilityRole) }
	write := func(method, path, summary string) web.Op { return op(method, path, summary, shared.FacilityManagers) }
	const ti = "/taskInfo"

	web.Handle(api, read(http.MethodPost, ti+"/listTasksByPage", "The facility's tasks (care plans of residents who live here, and facility tasks), a resident's together, by time of day"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.TaskFilter]]) (*shared.Page[shared.Task], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.HandleAnswer(api, read(http.MethodPost, ti+"/listTodayTask", "A facility day's occurrences (today unless day is given) with the anytime tasks and the day's figures; overdue is worked out from the clock"),
		func(ctx context.Context, in *web.Body[shared.TodayTaskRequest]) (*web.Answer[*shared.TodayTasks], error) {
			return s.Today(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, ti+"/completeTask", "Complete an occurrence (recordId) or log an anytime task (taskId); a second completion changes nothing and answers alreadyCompleted with who and when"),
		func(ctx context.Context, in *web.Body[shared.CompleteTaskRequest]) (*shared.TaskRecord, error) {
			return s.Complete(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, ti+"/updateTaskRecord", "Correct the comment or remark of a record you completed, within TaskRecordUpdateHours"),
		func(ctx context.Context, in *web.Body[shared.UpdateTaskRecordRequest]) (*shared.TaskRecord, error) {
			return s.UpdateRecord(ctx, auth.From(ctx), in.Body)
		})
	web.HandleAnswer(api, read(http.MethodPost, ti+"/listExpiredTasks", "Expired and overdue occurrences, most recent first, optionally one resident's or one group's"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.ExpiredTaskFilter]]) (*web.Answer[*shared.Page[shared.TaskRecord]], error) {
			return s.Expired(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodGet, ti+"/countExpiredTasks", "How many occurrences of the facility are expired or overdue"),
		func(ctx context.Context, _ *web.None) (int, error) {
			return s.CountExpired(ctx, auth.From(ctx))
		})
	web.Handle(api, read(http.MethodGet, ti+"/getTaskRecord", "One occurrence"),
		func(ctx context.Context, in *shared.TaskRecordIDQuery) (*shared.TaskRecord, error) {
			return s.Record(ctx, auth.From(ctx), in.RecordID)
		})
	web.Handle(api, read(http.MethodPost, ti+"/getTaskInfo", "One task (taskId in the query)"),
		func(ctx context.Context, in *shared.TaskIDQuery) (*shared.Task, error) {
			return s.Get(ctx, auth.From(ctx), in.TaskID)
		})
	web.Handle(api, write(http.MethodPost, ti+"/createTask", "Add a care-plan task of a resident, or a facility task; its occurrences to the horizon are made at once"),
		func(ctx context.Context, in *web.Body[shared.SaveTaskRequest]) (*shared.Task, error) {
			return s.Create(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodPost, ti+"/updateTask", "Change a task from now on (runStatus STOPPED stops it); done, expired and cleared records never change"),
		func(ctx context.Context, in *web.Body[shared.SaveTaskRequest]) (*shared.Task, error) {
			return s.Update(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodGet, ti+"/deleteTask", "Remove a task (kept in the record as deleted) and its occurrences not yet due"),
		func(ctx context.Context, in *shared.TaskIDQuery) (*struct{}, error) {
			return nil, s.Delete(ctx, auth.From(ctx), in.TaskID)
		})

	calendar := func(path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: http.MethodPost, Path: ti + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.EveryFacilityRole, Function: shared.FnCalendar}
	}
	web.HandleAnswer(api, calendar("/listCalendarData", "Each facility day's task figures (at most CalendarRangeDays) and the calendar's other entries (leave, going out, care plans due)"),
		func(ctx context.Context, in *web.Body[shared.CalendarRange]) (*web.Answer[*shared.CalendarData], error) {
			return s.CalendarData(ctx, auth.From(ctx), in.Body)
		})
	web.HandleAnswer(api, calendar("/listCalendarTask", "The occurrences of facility days start..end (at most CalendarTaskRangeDays) with the assigned caregiver's colour"),
		func(ctx context.Context, in *web.Body[shared.CalendarRange]) (*web.Answer[[]shared.TaskRecord], error) {
			return s.CalendarTasks(ctx, auth.From(ctx), in.Body)
		})

	web.Handle(api, read(http.MethodGet, "/routineTime/get", "The facility's routine sessions (defaults until saved) and the med-prep button flag"),
		func(ctx context.Context, _ *web.None) (*shared.FacilityRoutine, error) {
			return s.Routine(ctx, auth.From(ctx))
		})
	web.Handle(api, op(http.MethodPost, "/routineTime/save", "Set the six routine sessions (HH:mm) and the med-prep flag; occurrences not yet open move to the new windows", shared.FacilityOwners),
		func(ctx context.Context, in *web.Body[shared.FacilityRoutine]) (*shared.FacilityRoutine, error) {
			return s.SaveRoutine(ctx, auth.From(ctx), in.Body)
		})

	web.HandleAnswer(api, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/resident/residentTaskList",
		Summary: "A resident's care plan: current tasks by care area, the 12-month review and the 30-day initial plan clocks",
		Access:  web.SignedIn, Roles: shared.EveryFacilityRole, Function: shared.FnResidentManagement, RoleFunctions: residentFunctions},
		func(ctx context.Context, in *shared.ResidentIDQuery) (*web.Answer[*shared.CarePlan], error) {
			return s.CarePlan(ctx, auth.From(ctx), in.ResidentID)
		})
	web.Handle(api, read(http.MethodGet, "/resident/listResidentExpiredData", "A resident's expired and overdue occurrences by group, oldest first"),
		func(ctx context.Context, in *shared.ResidentIDQuery) (*shared.ResidentExpiredData, error) {
			return s.ResidentExpired(ctx, auth.From(ctx), in.ResidentID)
		})
	for path, kind := range map[string]shared.ExpiredKind{
		"/resident/clearCarePlanExpiredData":   shared.ExpiredCarePlan,
		"/resident/clearRecordExpiredData":     shared.ExpiredRecord,
		"/resident/clearMedicationExpiredData": shared.ExpiredMedication,
		"/resident/clearAllExpiredTask":        "",
	} {
		group := string(kind)
		if group == "" {
			group = "every"
		}
		web.Handle(api, write(http.MethodGet, path, "Clear a resident's expired and overdue occurrences ("+group+" group) with a reason: CLEARED, audited, never deleted"),
			func(ctx context.Context, in *shared.ClearExpiredQuery) (*shared.ClearExpiredResult, error) {
				return s.Clear(ctx, auth.From(ctx), *in, kind)
			})
	}
}
