package shift

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the shift calls under the care service (spec 001 gives no
// paths; they follow its naming; docs/api.md "Shifts"). Owners and admins
// manage shift types, schedules and hours under the ShiftManagement plan
// function; every facility role reads the shift types, their own shifts and
// writes and reads shift reports under ShiftReport (spec 000 §6 menus).
func Routes(api *web.API, s *Service) {
	manage := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.FacilityManagers, Function: shared.FnShiftManagement}
	}
	everyone := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.EveryFacilityRole, Function: shared.FnShiftReport}
	}

	web.Handle(api, manage(http.MethodPost, "/shiftType/save", "Add a shift type (shiftTypeId empty) or edit one; an end at or before the start is the next day"),
		func(ctx context.Context, in *web.Body[shared.SaveShiftTypeRequest]) (*shared.ShiftType, error) {
			return s.SaveType(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, everyone(http.MethodPost, "/shiftType/list", "The facility's shift types by start time"),
		func(ctx context.Context, in *web.Body[shared.ShiftTypeFilter]) ([]shared.ShiftType, error) {
			return s.ListTypes(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, manage(http.MethodGet, "/shiftType/delete", "Delete a shift type no week has a schedule of (else 4009: disable it)"),
		func(ctx context.Context, in *shared.ShiftTypeIDQuery) (*struct{}, error) {
			return nil, s.DeleteType(ctx, auth.From(ctx), in.ShiftTypeID)
		})
	web.Handle(api, manage(http.MethodPost, "/shiftSchedule/listByWeek", "The week's schedules of every shift type, its coverage gaps and conflicts"),
		func(ctx context.Context, in *web.Body[shared.ListByWeekRequest]) (*shared.WeekSchedule, error) {
			return s.ListByWeek(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, manage(http.MethodPost, "/shiftSchedule/save", "Save a week's schedule of a shift type (a Sunday; days from today on; conflicts refused)"),
		func(ctx context.Context, in *web.Body[shared.SaveScheduleRequest]) (*shared.ScheduleResult, error) {
			return s.SaveSchedule(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, manage(http.MethodPost, "/shiftSchedule/copyLastWeek", "Copy last week's schedule of a shift type into the week as a draft"),
		func(ctx context.Context, in *web.Body[shared.CopyLastWeekRequest]) (*shared.ScheduleResult, error) {
			return s.CopyLastWeek(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, manage(http.MethodPost, "/shiftSchedule/publish", "Publish a schedule: its caregivers see it and are reminded; gaps are listed"),
		func(ctx context.Context, in *web.Body[shared.PublishRequest]) (*shared.ScheduleResult, error) {
			return s.Publish(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, everyone(http.MethodGet, "/shiftSchedule/myShifts", "The caller's published shifts this week and next"),
		func(ctx context.Context, _ *web.None) (*shared.MyShifts, error) {
			return s.MyShifts(ctx, auth.From(ctx))
		})
	web.Handle(api, everyone(http.MethodPost, "/shiftReport/prefill", "The day's (or shift's) data for a shift report's hand-over sections"),
		func(ctx context.Context, in *web.Body[shared.ShiftReportPrefillRequest]) (*shared.ShiftReportPrefill, error) {
			return s.Prefill(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, everyone(http.MethodPost, "/shiftReport/save", "Save the caller's shift report draft (reportId empty = a new one)"),
		func(ctx context.Context, in *web.Body[shared.SaveShiftReportRequest]) (*shared.ShiftReport, error) {
			return s.SaveReport(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, everyone(http.MethodPost, "/shiftReport/submit", "Save and submit the caller's shift report: every member of the facility gets it unread"),
		func(ctx context.Context, in *web.Body[shared.SaveShiftReportRequest]) (*shared.ShiftReport, error) {
			return s.SubmitReport(ctx, auth.From(ctx), in.Body)
		})
	web.HandleAnswer(api, everyone(http.MethodPost, "/shiftReport/listByPage", "Submitted shift reports and the caller's drafts, unread first"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.ListShiftReportFilter]]) (*web.Answer[*shared.Page[shared.ShiftReport]], error) {
			return s.ListReports(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, everyone(http.MethodGet, "/shiftReport/getById", "One shift report; a submitted one is marked read for the caller"),
		func(ctx context.Context, in *shared.ShiftReportIDQuery) (*shared.ShiftReport, error) {
			return s.GetReport(ctx, auth.From(ctx), in.ReportID)
		})
	web.Handle(api, everyone(http.MethodGet, "/shiftReport/countUnread", "How many submitted shift reports the caller has not opened"),
		func(ctx context.Context, _ *web.None) (*shared.ShiftReportUnread, error) {
			return s.Unread(ctx, auth.From(ctx))
		})
	web.Handle(api, manage(http.MethodPost, "/shiftHours/report", "Scheduled versus worked minutes per caregiver for a range of days"),
		func(ctx context.Context, in *web.Body[shared.HoursReportRequest]) (*shared.HoursReport, error) {
			return s.Hours(ctx, auth.From(ctx), in.Body)
		})
	web.HandleFile(api, manage(http.MethodGet, "/shiftHours/export", "Scheduled versus worked hours of a range as CSV (payroll), named after the home and the period"),
		func(ctx context.Context, in *shared.HoursExportQuery) (*web.File, error) {
			return s.HoursExport(ctx, auth.From(ctx), *in)
		})
}
